"""Packing a release (tools/release/pack.py, check.py) on a small fake build folder: the
archive's name, its members, SHA256SUMS, reproducible bytes, and the unpack-and-selftest check.
No PyInstaller build here: `.ci/run` packs and checks the real one."""
from __future__ import annotations

import hashlib
import os
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from game.version import VERSION
from tools.release import check, pack

FAKE_CLI = """#!/bin/sh
case "$1" in
  --version) echo "strife-table {version}" ;;
  selftest) echo "selftest: fine" ;;
  *) exit 2 ;;
esac
"""


def fake_bundle(root: Path, version: str = VERSION) -> Path:
    bundle = root / "build" / "strife-table"
    (bundle / "_internal" / "pygame").mkdir(parents=True)
    for name in ("strife-table", "strife-table-cli"):
        (bundle / name).write_text(FAKE_CLI.format(version=version))
        os.chmod(bundle / name, 0o755)
    (bundle / "_internal" / "libSDL2-2-50d19f93.0.so.0.3200.10").write_bytes(b"\x7fELF sdl")
    (bundle / "_internal" / "pygame" / "base.cpython-311-x86_64-linux-gnu.so").write_bytes(b"x")
    return bundle


def tar_names(archive: Path) -> set[str]:
    with tarfile.open(archive) as tar:
        return set(tar.getnames())


def test_names_follow_version_os_and_arch():
    assert pack.archive_stem("1.2.3", "linux", "x86_64") == "strife-table-1.2.3-linux-x86_64"
    assert pack.archive_suffix("windows") == ".zip"
    assert pack.archive_suffix("linux") == pack.archive_suffix("macos") == ".tar.gz"
    assert pack.os_tag("Darwin") == "macos" and pack.os_tag("Windows") == "windows"
    assert pack.arch_tag("AMD64") == "x86_64" and pack.arch_tag("aarch64") == "arm64"


def test_linux_archive_holds_the_build_readme_licences_and_desktop_entry(tmp_path):
    out = tmp_path / "dist"
    archive = pack.pack(fake_bundle(tmp_path), out, "linux", "x86_64")
    stem = f"strife-table-{VERSION}-linux-x86_64"
    assert archive == out / f"{stem}.tar.gz"
    names = tar_names(archive)
    for member in ("strife-table", "strife-table-cli", "README.txt", "strife-table.desktop",
                   "strife-table.png", "add-to-menu.sh", "LICENSES/README.txt",
                   "LICENSES/Python/LICENSE.txt", "LICENSES/SDL2/SDL2.txt",
                   "LICENSES/pygame-ce/LGPL-2.1.txt",
                   "_internal/libSDL2-2-50d19f93.0.so.0.3200.10"):
        assert f"{stem}/{member}" in names, member
    assert all(n == stem or n.startswith(f"{stem}/") for n in names)     # one top folder
    with tarfile.open(archive) as tar:
        assert tar.getmember(f"{stem}/strife-table").mode & 0o111
        assert tar.getmember(f"{stem}/add-to-menu.sh").mode & 0o111
        assert not tar.getmember(f"{stem}/README.txt").mode & 0o111
        assert {m.uid for m in tar.getmembers()} == {0}
        readme = tar.extractfile(f"{stem}/README.txt").read().decode()
    assert f"STRIFE TABLE {VERSION}" in readme and "{version}" not in readme


def test_sha256sums_lists_each_archive_with_its_digest(tmp_path):
    out = tmp_path / "dist"
    archive = pack.pack(fake_bundle(tmp_path), out, "linux", "x86_64")
    other = pack.pack(fake_bundle(tmp_path / "w"), out, "windows", "x86_64")
    lines = (out / "SHA256SUMS").read_text().splitlines()
    want = [f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.name}"
            for p in sorted((archive, other))]
    assert lines == want


def test_the_same_build_packs_to_the_same_bytes(tmp_path):
    a = pack.pack(fake_bundle(tmp_path / "a"), tmp_path / "out_a", "linux", "x86_64")
    b = pack.pack(fake_bundle(tmp_path / "b"), tmp_path / "out_b", "linux", "x86_64")
    assert a.read_bytes() == b.read_bytes()


def test_windows_archive_is_a_zip_without_the_linux_extras(tmp_path):
    archive = pack.pack(fake_bundle(tmp_path), tmp_path / "dist", "windows", "x86_64")
    stem = f"strife-table-{VERSION}-windows-x86_64"
    assert archive.name == f"{stem}.zip"
    with zipfile.ZipFile(archive) as zf:
        names = set(zf.namelist())
        readme = zf.read(f"{stem}/README.txt")
    assert f"{stem}/LICENSES/README.txt" in names and f"{stem}/strife-table-cli" in names
    assert not any(n.endswith((".desktop", "add-to-menu.sh")) for n in names)
    assert b"\r\n" in readme          # Notepad-friendly line ends


@pytest.mark.skipif(sys.platform == "win32", reason="the fake executables are shell scripts")
def test_check_unpacks_verifies_and_runs_the_cli(tmp_path, capsys):
    archive = pack.pack(fake_bundle(tmp_path), tmp_path / "dist", "linux", "x86_64")
    check.check(archive)
    out = capsys.readouterr().out
    assert f"strife-table {VERSION}" in out and "selftest: fine" in out


@pytest.mark.skipif(sys.platform == "win32", reason="the fake executables are shell scripts")
def test_check_refuses_a_wrong_version_and_a_wrong_checksum(tmp_path):
    archive = pack.pack(fake_bundle(tmp_path, version="0.0.0"), tmp_path / "dist", "linux",
                        "x86_64")
    with pytest.raises(check.CheckError, match="--version says"):
        check.check(archive)
    archive.write_bytes(archive.read_bytes() + b"\0")
    with pytest.raises(check.CheckError, match="SHA256SUMS"):
        check.check(archive)


def test_pack_says_when_there_is_no_build(tmp_path, capsys):
    assert pack.main(["--bundle", str(tmp_path / "nothing"), "--out", str(tmp_path)]) == 1
    assert "make dist" in capsys.readouterr().err
