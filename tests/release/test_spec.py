"""build.spec and the frozen entry point, read without building: the game executable is
windowed and the CLI a console one in the same folder, both with our icon; the Linux CLI script
starts the game's executable; a windowed start without standard streams logs to a file."""
from __future__ import annotations

import ast
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def calls(name: str) -> list[ast.Call]:
    tree = ast.parse((ROOT / "build.spec").read_text(encoding="utf-8"))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name) and n.func.id == name]


def keywords(call: ast.Call) -> dict[str, object]:
    out = {}
    for kw in call.keywords:
        try:
            out[kw.arg] = ast.literal_eval(kw.value)
        except ValueError:
            out[kw.arg] = ast.unparse(kw.value)
    return out


def test_two_executables_windowed_game_and_console_cli_with_the_icon():
    exes = {keywords(c)["name"]: keywords(c) for c in calls("EXE")}
    assert set(exes) == {"strife-table", "strife-table-cli"}
    assert exes["strife-table"]["console"] is False
    assert exes["strife-table-cli"]["console"] is True
    for kw in exes.values():
        assert kw["icon"] == "ICON" and kw["upx"] is False and kw["exclude_binaries"] is True
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert '"strife-table.ico"' in spec and '"strife-table.icns"' in spec
    (collect,) = calls("COLLECT")
    assert keywords(collect)["name"] == "strife-table" and keywords(collect)["upx"] is False
    (bundle,) = calls("BUNDLE")
    assert keywords(bundle)["name"] == "Strife Table.app"


@pytest.mark.skipif(sys.platform == "win32", reason="the Linux CLI is a shell script")
def test_the_linux_cli_script_starts_the_game_executable_with_its_arguments(tmp_path):
    folder = tmp_path / "strife table"
    folder.mkdir()
    cli = folder / "strife-table-cli"
    cli.write_text((ROOT / "packaging" / "strife-table-cli.sh").read_text())
    (folder / "strife-table").write_text('#!/bin/sh\necho "game got: $*"\n')
    os.chmod(cli, 0o755)
    os.chmod(folder / "strife-table", 0o755)
    link = tmp_path / "on-path"                   # started through a link elsewhere, too
    link.symlink_to(cli)
    for exe in (cli, link):
        done = subprocess.run([str(exe), "--version", "a b"], capture_output=True, text=True,
                              check=False)
        assert done.returncode == 0 and done.stdout == "game got: --version a b\n"


def test_a_windowed_start_without_streams_writes_to_the_launcher_log(monkeypatch, tmp_path):
    spec = importlib.util.spec_from_file_location("launcher", ROOT / "packaging" / "launcher.py")
    launcher = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(launcher)
    monkeypatch.setenv("STRIFE_TABLE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    launcher._streams_for_a_windowed_start()
    try:
        print("a line from the game")
        assert sys.stdout is sys.stderr
    finally:
        sys.stdout.close()
    assert "a line from the game" in (tmp_path / "data" / "logs" / "launcher.log").read_text()


def test_the_windows_version_resource_carries_the_version():
    # PyInstaller's version-resource module needs pefile and pywin32, which it installs on
    # Windows only: this runs in the Windows release job's environment, and skips elsewhere
    pytest.importorskip("PyInstaller.utils.win32.versioninfo")
    from game.version import VERSION
    from tools.release.winversion import version_info

    info = version_info("strife-table.exe", "Strife Table")
    major, minor, patch = (int(x) for x in VERSION.split("."))
    assert info.ffi.fileVersionMS == (major << 16) | minor
    assert info.ffi.fileVersionLS == patch << 16
    text = str(info)                      # the resource as PyInstaller writes it
    assert f"StringStruct('FileVersion', '{VERSION}')" in text
    assert "StringStruct('OriginalFilename', 'strife-table.exe')" in text
    assert info.toRaw()                   # it encodes
