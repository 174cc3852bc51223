"""The tile-layer renderer against Tiled's own tmxrasterizer, pixel for pixel, plus the cell
geometry helpers and headless/display use."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pygame
import pytest

from game.client.render import tilemap
from game.engine.boards import BoardError, load_board
from tests.maps import mapgen

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("*.tmx"))


def rasterize(tool: str, path: Path, out: Path, *args: str) -> pygame.Surface:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    res = subprocess.run([tool, *args, str(path), str(out)], env=env, capture_output=True,
                         text=True, timeout=60)
    assert res.returncode == 0 and out.exists(), res.stderr
    return pygame.image.load(str(out))


def object_layers(path: Path) -> list[str]:
    from xml.etree import ElementTree as ET
    return [g.get("name") for g in ET.parse(path).getroot().iter("objectgroup")]


def diff(a: pygame.Surface, b: pygame.Surface) -> tuple[int, int]:
    """(pixels that differ, largest channel difference); fully transparent pixels are equal."""
    assert a.get_size() == b.get_size()
    ra = pygame.image.tobytes(a, "RGBA")
    rb = pygame.image.tobytes(b, "RGBA")
    count = worst = 0
    for i in range(0, len(ra), 4):
        pa, pb = ra[i:i + 4], rb[i:i + 4]
        if pa == pb or (pa[3] == 0 and pb[3] == 0):
            continue
        d = max(abs(x - y) for x, y in zip(pa, pb))
        count += 1
        worst = max(worst, d)
    return count, worst


def ours(path: Path, **kw) -> pygame.Surface:
    tilemap.clear_cache()
    return tilemap.render_tile_layers(path, **kw)


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_shipped_maps_render_map_matches_tmxrasterizer_exactly(tmxrasterizer, tmp_path, path):
    """`python -m game render-map` and Tiled's tmxrasterizer write the same PNG, object layers
    hidden in both."""
    from game.__main__ import main
    hidden = object_layers(path)
    args = [a for name in hidden for a in ("--hide-layer", name)]
    ref = rasterize(tmxrasterizer, path, tmp_path / "ref.png", *args)
    tilemap.clear_cache()
    assert main(["render-map", str(path), str(tmp_path / "ours.png"), *args]) == 0
    mine = pygame.image.load(str(tmp_path / "ours.png"))
    assert diff(ref, mine) == (0, 0)


CASES = [(seed, "orthogonal", None) for seed in (101, 202, 303)] + [
    (404, "hexagonal", ("x", "odd")), (505, "hexagonal", ("x", "even")),
    (606, "hexagonal", ("y", "odd")), (707, "hexagonal", ("y", "even"))]


@pytest.mark.parametrize("seed, orientation, stagger", CASES,
                         ids=[f"{o}-{s}-{'_'.join(st or ())}" for s, o, st in CASES])
def test_random_maps_match_tmxrasterizer(tmxrasterizer, tmp_path, seed, orientation, stagger):
    """Maps the renderer was never tuned on: random art with soft edges, external, embedded
    and image-collection tilesets, spacing and margin, tiles larger than the grid with a tile
    offset, every flip, a hidden layer, a group, and random render order.

    Fully opaque pixels and soft pixels over opaque ground are exact. Qt blends soft pixels
    over soft pixels and layer opacity in a 16-bit pipeline that divides by alpha with the
    CPU's approximate reciprocal (rcpps), whose last bit varies between processors, so there
    (and only there) a difference of 1/255 per blend is allowed: at most 1 where one soft pixel lands on another, at most 2 where two translucent
    layers stack."""
    for opacity in (False, True):
        path = mapgen.build_random_map(tmp_path / str(opacity), seed, orientation, stagger,
                                       opacity=opacity)
        ref = rasterize(tmxrasterizer, path, tmp_path / f"ref{opacity}.png",
                        "--hide-layer", "things")
        mine = ours(path, hide_layers=["things"])
        count, worst = diff(ref, mine)
        w, h = ref.get_size()
        assert worst <= (2 if opacity else 1), (path.name, count, worst)
        if not opacity:
            assert count <= w * h // 500, (path.name, count)


def test_layer_options_match_tmxrasterizer(tmxrasterizer, tmp_path):
    path = mapgen.build_random_map(tmp_path, 808, opacity=False)
    for args, kw in [(["--ignore-visibility", "--hide-layer", "things"],
                      {"ignore_visibility": True, "hide_layers": ["things"]}),
                     (["--show-layer", "decor"], {"show_layers": ["decor"]}),
                     (["--hide-layer", "things", "--hide-layer", "ground"],
                      {"hide_layers": ["things", "ground"]})]:
        ref = rasterize(tmxrasterizer, path, tmp_path / "ref.png", *args)
        count, worst = diff(ref, ours(path, **kw))
        assert worst <= 1 and count <= ref.get_width() * ref.get_height() // 500, args


def test_hidden_layer_is_left_out_unless_asked(tmp_path):
    path = mapgen.build_random_map(tmp_path, 909, opacity=False)
    shown = ours(path, show_layers=["secret"])
    assert diff(shown, ours(path, show_layers=["secret"], ignore_visibility=True))[0] > 0
    assert shown.get_bounding_rect().width == 0          # nothing drawn: the layer is hidden


def test_hex_diagonal_flip_turns_the_tile_like_tiled(tmxrasterizer, tmp_path):
    """Tiled turns a diagonally flipped hex tile by 60 degrees with smooth resampling: we
    match its placement and orientation closely, not bit for bit."""
    import random
    img = mapgen.tile_art(random.Random(4), 28, 32, partial_alpha=False)
    pygame.image.save(img, str(tmp_path / "h.png"))
    ts = mapgen.tileset_xml("h", 28, 32, 1, 1, "h.png", (28, 32), firstgid=1)
    body = [ts, mapgen.layer_xml(1, "a", 2, 2, [1 | mapgen.FLIP_D, 1 | mapgen.FLIP_D | mapgen.FLIP_H,
                                                1, 1 | mapgen.FLIP_D])]
    path = tmp_path / "h.tmx"
    path.write_text(mapgen.map_xml(2, 2, 28, 32, body, "hexagonal", ("y", "odd", 12)))
    ref = rasterize(tmxrasterizer, path, tmp_path / "ref.png")
    mine = ours(path)
    ra, rb = pygame.image.tobytes(ref, "RGBA"), pygame.image.tobytes(mine, "RGBA")
    mean = sum(abs(x - y) for x, y in zip(ra, rb)) / len(ra)
    assert mean < 12, mean
    unturned = ours(path, show_layers=["a"])
    assert unturned.get_size() == ref.get_size()


def test_geometry_round_trips_on_square_and_hex_maps(tmp_path):
    square = tilemap.map_geometry(ROOT / "maps" / "gems_riverbend.tmx")
    assert square.pixel_size == ours(ROOT / "maps" / "gems_riverbend.tmx").get_size()
    assert square.cell_rect(2, 3) == pygame.Rect(64, 96, 32, 32)
    assert square.cell_at(70, 100) == (2, 3) and square.cell_at(-1, 5) is None
    assert square.cell_center(0, 0) == (16.0, 16.0)
    path = mapgen.build_random_map(tmp_path, 31, "hexagonal", ("x", "even"), opacity=False)
    geo = tilemap.map_geometry(path)
    board = load_board(path)
    assert tilemap.MapGeometry.from_board(board).pixel_size == geo.pixel_size
    assert geo.pixel_size == ours(path).get_size()
    for x, y in board.coords():
        cx, cy = geo.cell_center(x, y)
        assert geo.cell_at(cx, cy) == (x, y)
        assert geo.cell_rect(x, y).collidepoint(cx, cy)
        assert len(geo.cell_polygon(x, y)) == 6


def test_works_headless_and_with_a_display_mode(tmp_path):
    path = ROOT / "maps" / "gems_quarry.tmx"
    headless = pygame.image.tobytes(ours(path), "RGBA")
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 48))
        shown = ours(path)
        assert pygame.image.tobytes(shown, "RGBA") == headless
        thumb = tilemap.render_thumbnail(path, 200, 100)
        w, h = thumb.get_size()
        assert w <= 200 and h <= 100 and abs(w / h - 896 / 640) < 0.05
    finally:
        pygame.display.quit()


def test_render_is_cached_until_the_file_changes(tmp_path):
    path = mapgen.build_random_map(tmp_path, 77, opacity=False)
    tilemap.clear_cache()
    first = tilemap.render_tile_layers(path)
    assert tilemap.render_tile_layers(path) is first
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10_000_000))
    assert tilemap.render_tile_layers(path) is not first


def test_broken_map_raises_board_error_naming_the_file(tmp_path):
    path = mapgen.build_random_map(tmp_path, 88, opacity=False)
    (tmp_path / "sets" / "ground88.png").unlink()
    with pytest.raises(BoardError, match="ground88.png"):
        ours(path)


def test_image_layers_and_animated_tiles_match_tmxrasterizer(tmxrasterizer, tmp_path):
    """An image layer is drawn at its offset (growing the picture like Tiled), and an animated
    tile shows its first frame."""
    import random
    r = random.Random(21)
    sheet = mapgen.sheet(r, 4, 4, 16, 16, partial_alpha=False)
    pygame.image.save(sheet, str(tmp_path / "s.png"))
    pygame.image.save(mapgen.tile_art(r, 40, 30, partial_alpha=False), str(tmp_path / "bg.png"))
    ts = mapgen.tileset_xml("s", 16, 16, 4, 4, "s.png", sheet.get_size(), firstgid=1).replace(
        "</tileset>", '<tile id="0"><animation><frame tileid="2" duration="100"/>'
                      '<frame tileid="3" duration="100"/></animation></tile></tileset>')
    body = [ts, mapgen.layer_xml(1, "g", 4, 3, [1, 2, 1, 2] * 3),
            ' <imagelayer id="2" name="pic" offsetx="5" offsety="7"><image source="bg.png" '
            'width="40" height="30"/></imagelayer>',
            mapgen.layer_xml(3, "top", 4, 3, [0, 4, 0, 1 | mapgen.FLIP_V] * 3)]
    path = tmp_path / "m.tmx"
    path.write_text(mapgen.map_xml(4, 3, 16, 16, body))
    ref = rasterize(tmxrasterizer, path, tmp_path / "ref.png")
    mine = ours(path)
    assert mine.get_size() == (69, 55)
    assert diff(ref, mine) == (0, 0)
