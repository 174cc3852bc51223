"""The application icon: the PNG set, the hand-written .ico and .icns hold what they claim, and
the window uses the icon (the executables get theirs from build.spec)."""
from __future__ import annotations

import struct

import pygame
import pytest

from game import paths
from tools.release import icon


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_every_png_size_is_there_and_square():
    for size in icon.PNG_SIZES:
        path = paths.assets_dir() / "icon" / f"{icon.NAME}-{size}.png"
        assert _png_size(path.read_bytes()) == (size, size), path


def test_ico_directory_points_at_png_images_of_the_declared_sizes():
    data = (paths.assets_dir() / "icon" / f"{icon.NAME}.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, len(icon.ICO_SIZES))
    seen = []
    for k in range(count):
        w, h, _colours, _res, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * k: 22 + 16 * k])
        side = w or 256
        assert (w, planes, bits) == (h, 1, 32)
        assert _png_size(data[offset:offset + length]) == (side, side)
        seen.append(side)
    assert seen == sorted(icon.ICO_SIZES)


def test_icns_elements_are_pngs_and_lengths_add_up():
    data = (paths.assets_dir() / "icon" / f"{icon.NAME}.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    at, kinds = 8, {}
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack(">I", data[at + 4:at + 8])[0]
        kinds[kind] = _png_size(data[at + 8:at + length])
        at += length
    assert at == len(data)
    assert kinds == {k: (s, s) for s, k in icon.ICNS_TYPES.items()}


def test_the_script_writes_the_same_set_it_committed(tmp_path):
    written = icon.write_all(tmp_path)
    assert sorted(p.name for p in written) == sorted(
        p.name for p in (paths.assets_dir() / "icon").iterdir())
    for path in written:
        if path.suffix == ".png":
            size = int(path.stem.rsplit("-", 1)[1])
            assert pygame.image.load(str(path)).get_size() == (size, size)


@pytest.mark.client
def test_the_window_gets_the_icon(monkeypatch):
    from game.client import app as app_mod
    given: list[pygame.Surface] = []
    real = pygame.display.set_icon
    monkeypatch.setattr(pygame.display, "set_icon", lambda s: (given.append(s), real(s)))
    application = app_mod.App((1280, 720), fullscreen=False)
    try:
        assert len(given) == 1 and given[0].get_size() == (64, 64)
        assert (paths.assets_dir() / app_mod.WINDOW_ICON).is_file()
    finally:
        pygame.display.quit()
