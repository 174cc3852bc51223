"""The Linux desktop entry shipped in the archive: the keys the freedesktop.org specification
requires, an Exec and Icon that name what the archive holds, and add-to-menu.sh installing it
with absolute paths."""
from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = ROOT / "packaging" / "strife-table.desktop"
# the keys of the Desktop Entry specification 1.5 this file may use
KNOWN = {"Type", "Version", "Name", "GenericName", "NoDisplay", "Comment", "Icon", "Hidden",
         "OnlyShowIn", "NotShowIn", "DBusActivatable", "TryExec", "Exec", "Path", "Terminal",
         "Actions", "MimeType", "Categories", "Implements", "Keywords", "StartupNotify",
         "StartupWMClass", "URL", "PrefersNonDefaultGPU", "SingleMainWindow"}
MAIN_CATEGORIES = {"AudioVideo", "Audio", "Video", "Development", "Education", "Game",
                   "Graphics", "Network", "Office", "Science", "Settings", "System", "Utility"}


def entry(path: Path = DESKTOP) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str            # keys are case-sensitive
    parser.read_string(path.read_text(encoding="utf-8"))
    assert parser.sections() == ["Desktop Entry"]
    return dict(parser["Desktop Entry"])


def test_desktop_entry_has_the_required_keys_and_nothing_unknown():
    e = entry()
    assert e["Type"] == "Application" and e["Name"] == "Strife Table"
    assert set(e) <= KNOWN, set(e) - KNOWN
    assert e["Terminal"] == "false"               # the game opens without a terminal
    assert e["Version"] == "1.0"
    categories = e["Categories"].split(";")
    assert categories[-1] == "" and MAIN_CATEGORIES & set(categories)
    assert e["Keywords"].endswith(";")


def test_exec_and_icon_name_what_the_archive_ships():
    e = entry()
    spec = (ROOT / "build.spec").read_text()
    assert e["Exec"].split()[0] == "strife-table" and 'name="strife-table"' in spec
    assert e["TryExec"] == "strife-table"
    assert e["Icon"] == "strife-table"             # strife-table.png beside it; themed name
    assert (ROOT / "assets" / "icon" / "strife-table-256.png").is_file()


def test_desktop_file_validate_accepts_it_when_installed():
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.skip("desktop-file-validate is not installed")
    done = subprocess.run([tool, str(DESKTOP)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="a shell script for Linux desktops")
def test_add_to_menu_installs_the_entry_with_absolute_paths(tmp_path):
    game = tmp_path / "unpacked game"            # a space, as a real folder name may have
    game.mkdir()
    for name in ("add-to-menu.sh", "strife-table.desktop"):
        shutil.copy(ROOT / "packaging" / name, game / name)
    shutil.copy(ROOT / "assets" / "icon" / "strife-table-256.png", game / "strife-table.png")
    data = tmp_path / "xdg"
    env = dict(os.environ, XDG_DATA_HOME=str(data), HOME=str(tmp_path))
    done = subprocess.run(["sh", str(game / "add-to-menu.sh")], env=env, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    installed = entry(data / "applications" / "strife-table.desktop")
    assert installed["Exec"] == f'"{game}/strife-table"'
    assert installed["TryExec"] == f"{game}/strife-table"
    assert (data / "icons" / "hicolor" / "256x256" / "apps" / "strife-table.png").is_file()
