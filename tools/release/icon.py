"""Draw Strife Table's application icon and write it in every format a desktop wants.

Owns: assets/icon/: `strife-table-<size>.png` (16 to 512 pixels: the window icon, the Linux
desktop entry), `strife-table.ico` (Windows executable; PNG-compressed entries, which Windows
reads since Vista) and `strife-table.icns` (macOS application bundle). The picture is the title
screen's emblem (game.client.ui.draw.emblem, the one home of the mark), drawn four times larger
and smoothed down so small sizes stay clean. Both container formats are written here by hand,
so the build needs no image library beyond pygame.

Must not: be imported by the game (the game only loads the PNG it needs); run it after changing
the emblem:  .venv/bin/python -m tools.release.icon
"""
from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "assets" / "icon"
NAME = "strife-table"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)       # 256 is the largest an .ico entry can declare
# .icns element types holding PNG data, by pixel size (Apple's icon family types)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
SUPERSAMPLE = 4
SMALL = 32                                       # up to this size: the bold variant
WINDOW_ICON = f"icon/{NAME}-64.png"              # what the client sets as the window icon


def draw(size: int) -> "pygame.Surface":
    """The emblem filling a transparent square of `size` pixels. Up to SMALL pixels the emblem's
    thin lines and its "20" would blur away, so small icons get a bolder variant of the same mark
    (gold hexagon rim, the die's triangle, no number)."""
    import pygame

    from game.client.ui import draw as ui_draw
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    centre = (big // 2, big // 2)
    # a pointy-top hexagon is 2r tall: leave a small margin so the border is not cut off
    radius = int(big * 0.47)
    if size > SMALL:
        ui_draw.emblem(canvas, centre, radius, glow=0.0)
    else:
        pygame.draw.polygon(canvas, ui_draw.WARM, _corners(centre, radius, 6))
        pygame.draw.polygon(canvas, (30, 26, 20), _corners(centre, radius * 0.78, 6))
        pygame.draw.polygon(canvas, ui_draw.WARM, _corners(centre, radius * 0.56, 3))
        pygame.draw.polygon(canvas, (58, 44, 26), _corners(centre, radius * 0.26, 3))
    return pygame.transform.smoothscale(canvas, (size, size))


def _corners(centre: tuple[int, int], radius: float, count: int) -> list[tuple[float, float]]:
    """The corners of a regular polygon with a corner at the top (the emblem's orientation)."""
    cx, cy = centre
    step = 360 / count
    return [(cx + radius * math.cos(math.radians(step * k - 90)),
             cy + radius * math.sin(math.radians(step * k - 90))) for k in range(count)]


def png_bytes(surface: "pygame.Surface") -> bytes:
    import pygame
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .ico file: a 6-byte header, one 16-byte directory entry per image, then the images
    (PNG data stored as is). A width or height of 256 is written as 0, as the format says."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = pngs[size]
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .icns file: the magic 'icns' and the total length, then (type, length, PNG data)
    elements; lengths are big-endian and include their own 8-byte headers."""
    body = b""
    for size, kind in sorted(ICNS_TYPES.items()):
        body += kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_all(out: Path = OUT) -> list[Path]:
    """Draw every size and write the PNG set, the .ico and the .icns into `out`."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    pygame.display.init()     # fonts for the emblem's label; no mixer: nothing plays
    pygame.font.init()
    out.mkdir(parents=True, exist_ok=True)
    pngs = {size: png_bytes(draw(size)) for size in PNG_SIZES}
    written = []
    for size, data in pngs.items():
        path = out / f"{NAME}-{size}.png"
        path.write_bytes(data)
        written.append(path)
    for path, data in ((out / f"{NAME}.ico", ico_bytes({s: pngs[s] for s in ICO_SIZES})),
                       (out / f"{NAME}.icns", icns_bytes(pngs))):
        path.write_bytes(data)
        written.append(path)
    return written


def main() -> int:
    for path in write_all(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
