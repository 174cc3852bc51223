"""`python -m game render-map MAP OUT.png`: draw a map's tile layers to a PNG.

Owns: the command line around client.render.tilemap (layer hiding, ignoring visibility), run
headless with SDL's dummy video driver, writing the PNG through a temporary file and a rename.
Exit 0 on success, 1 for a broken map or unwritable output (the message names the file).

Must not: draw objects or anything the battle scene adds; the picture must match Tiled's
tmxrasterizer for the same options.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game import paths


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="strife-table render-map",
                                description="Render a Tiled map's tile layers to a PNG, as "
                                            "Tiled's tmxrasterizer does.")
    p.add_argument("map", help="a .tmx file (a path, or a name inside the maps folder)")
    p.add_argument("out", help="the PNG file to write")
    p.add_argument("--hide-layer", action="append", default=[], metavar="NAME",
                   help="leave out this layer (repeatable)")
    p.add_argument("--show-layer", action="append", default=[], metavar="NAME",
                   help="draw only these layers (repeatable)")
    p.add_argument("--ignore-visibility", action="store_true",
                   help="draw hidden layers too")
    return p


def main(argv: list[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
    except SystemExit as e:
        return 0 if e.code in (0, None) else 2
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    from game.client.render.tilemap import render_tile_layers
    from game.engine.boards.board import BoardError

    src = paths.resolve_map(args.map)
    try:
        surf = render_tile_layers(src, hide_layers=args.hide_layer,
                                  ignore_visibility=args.ignore_visibility,
                                  show_layers=args.show_layer)
    except BoardError as e:
        print(str(e), file=sys.stderr)
        return 1
    out = Path(args.out)
    tmp = out.with_name(f".{out.stem}.tmp{out.suffix or '.png'}")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surf, str(tmp))
        os.replace(tmp, out)
    except (OSError, pygame.error) as e:
        print(f"{out}: cannot write the image: {e}", file=sys.stderr)
        try:
            tmp.unlink()
        except OSError:
            pass
        return 1
    w, h = surf.get_size()
    print(f"wrote {out} ({w}x{h})")
    return 0
