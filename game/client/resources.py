"""Fonts and images for the client, found through `game.paths` so they load from a source
checkout and from a frozen build alike.

Owns: the bundled font family (Noto Sans, OFL, in assets/fonts) and a cache of loaded images,
each converted once for fast blitting (convert_alpha / convert) when a display exists.

Must not: decide layout or colours (the theme and the scenes do), or load anything from outside
the assets folder except an explicit absolute path.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

import pygame

from game import paths

FONT_REGULAR = "fonts/NotoSans-Regular.ttf"
FONT_BOLD = "fonts/NotoSans-Bold.ttf"
FONT_NAME = "strife_sans"

_images: dict[tuple[str, bool], pygame.Surface] = {}


def asset_path(relative: str | os.PathLike) -> Path:
    p = Path(relative)
    return p if p.is_absolute() else paths.assets_dir() / p


def font_path(bold: bool = False) -> Path:
    return asset_path(FONT_BOLD if bold else FONT_REGULAR)


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at `size` pixels. Cached: fonts are costly to open, and each keeps the
    glyphs it has loaded (ui/glyphs.py loads some ahead of use; a font let go loses them)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(font_path(bold)), max(6, int(size)))


def image(relative: str | os.PathLike, alpha: bool = True) -> pygame.Surface:
    """An image from assets/ (or an absolute path), converted once and cached. Raises
    FileNotFoundError / pygame.error naming the file when it is missing or unreadable."""
    path = asset_path(relative)
    key = (str(path), alpha)
    cached = _images.get(key)
    if cached is not None:
        return cached
    if not path.exists():
        raise FileNotFoundError(f"{path}: image not found")
    try:
        surf = pygame.image.load(str(path))
    except pygame.error as exc:
        raise pygame.error(f"{path}: cannot load image ({exc})") from None
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert_alpha() if alpha else surf.convert()
    _images[key] = surf
    return surf


def clear_cache() -> None:
    """Forget converted images (after the display mode changes their best pixel format)."""
    _images.clear()
