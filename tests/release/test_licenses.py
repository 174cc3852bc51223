"""The licence gatherer (tools/release/licenses.py) finds a notice for every bundled part: each
runtime distribution, Python, the fonts, and every shared library pygame-ce brings along."""
from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from tools.release import licenses

RUNTIME = {"pygame-ce", "pygame-gui", "pytmx", "platformdirs", "msgspec"}


def pygame_libraries() -> list[str]:
    """The shared libraries the installed pygame-ce wheel carries (PyInstaller bundles them):
    pygame_ce.libs/ on Linux, pygame/.dylibs/ on macOS, DLLs beside pygame on Windows."""
    package = Path(pygame.__file__).parent
    places = [package, package / ".dylibs", package.parent / "pygame_ce.libs"]
    names = [p.name for place in places if place.is_dir() for p in place.iterdir()
             if licenses.LIBRARY.search(p.name) and not licenses.EXTENSION.search(p.name)]
    assert names, "the installed pygame-ce carries no shared libraries?"
    return names


def test_runtime_distributions_are_the_dependencies_and_what_they_require():
    found = set(licenses.runtime_distributions())
    assert RUNTIME <= found
    assert "python-i18n" in found               # pygame-gui's own requirement
    assert not {"pytest", "pyinstaller", "hypothesis"} & found     # dev tools are not bundled


def test_every_bundled_part_gets_a_non_empty_notice(tmp_path):
    names = pygame_libraries()
    notices = licenses.collect(names)
    folders = {n.folder for n in notices}
    assert {"Python", "SDL2", "Noto-Sans-font"} <= folders
    assert {licenses.canonical(d) for d in licenses.runtime_distributions()} <= folders
    covered = {name for n in notices for name in n.covers}
    python_match = re.compile(licenses.load_table()["python"]["match"])
    assert {n for n in names if not python_match.search(n.lower())} == covered
    written = licenses.write(notices, tmp_path / "LICENSES")
    assert all(p.stat().st_size > 0 for p in written)
    index = (tmp_path / "LICENSES" / "README.txt").read_text()
    for notice in notices:
        assert f"{notice.folder}/" in index


def test_the_lgpl_parts_carry_the_licence_text():
    notices = {n.folder: n for n in licenses.collect(pygame_libraries())}
    pygame_texts = " ".join(p.read_text(encoding="utf-8") for p in notices["pygame-ce"].texts)
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in pygame_texts and "Version 2.1" in pygame_texts
    pytmx_texts = " ".join(p.read_text(encoding="utf-8") for p in notices["pytmx"].texts)
    assert "Version 3" in pytmx_texts and "GNU GENERAL PUBLIC LICENSE" in pytmx_texts
    fonts = " ".join(p.read_text(encoding="utf-8") for p in notices["pygame-gui"].texts)
    assert "SIL OPEN FONT LICENSE" in fonts.upper()     # the fonts pygame-gui bundles


def test_a_library_without_a_notice_stops_the_release():
    with pytest.raises(licenses.NoticeError, match="libmystery-1234.so.1"):
        licenses.library_notices(["libSDL2-2.0.so.0", "libmystery-1234.so.1"],
                                 licenses.load_table())


def test_extension_modules_and_python_itself_are_not_listed_as_libraries(tmp_path):
    for name in ("libSDL2.so", "base.cpython-311-x86_64-linux-gnu.so", "_ssl.pyd",
                 "msgspec.abi3.so", "libpython3.11.so.1.0", "notes.txt"):
        (tmp_path / name).write_bytes(b"x")
    assert [p.name for p in licenses.bundled_libraries(tmp_path)] == [
        "libSDL2.so", "libpython3.11.so.1.0"]
    notices = licenses.library_notices(["libSDL2.so", "libpython3.11.so.1.0",
                                        "VCRUNTIME140.dll", "python311.dll"],
                                       licenses.load_table())
    assert [(n.name, n.covers) for n in notices] == [("SDL2", ["libSDL2.so"])]


def test_windows_and_macos_names_of_the_same_libraries_match():
    table = licenses.load_table()
    names = {"SDL2.dll": "SDL2", "SDL2_image.dll": "SDL2_image", "SDL2_ttf.dll": "SDL2_ttf",
             "libSDL2-2.0.0.dylib": "SDL2", "libSDL2_mixer-2.0.0.dylib": "SDL2_mixer",
             "zlib1.dll": "zlib", "libz.1.dylib": "zlib", "libpng16-16.dll": "libpng",
             "freetype.dll": "FreeType", "libopus-0.dll": "Opus",
             "libopusfile-0.dll": "opusfile", "portmidi.dll": "PortMidi",
             "libogg-0.dll": "Ogg and Vorbis", "libffi-8.dll": "libffi",
             "libgme.dll": "Game Music Emu", "libsamplerate.0.dylib": "libsamplerate",
             "libxmp.dll": "libxmp", "libwavpack-1.dll": "WavPack"}
    for file_name, component in names.items():
        notices = licenses.library_notices([file_name], table)
        assert [n.name for n in notices] == [component], file_name


def test_every_stored_text_named_in_the_table_exists():
    table = licenses.load_table()
    named = {t for e in table["native"] for t in e["texts"]}
    named |= {t for e in table["dist"].values() for t in e.get("texts", [])}
    for text in named:
        assert (licenses.STORE / text).is_file(), text
    for entry in table["native"]:
        re.compile(entry["match"])
