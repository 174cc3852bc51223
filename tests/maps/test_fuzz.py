"""Damaged maps never crash the loader, the checker or the renderer: every failure is a
BoardError or a list of problems naming the file."""
from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.client.render import tilemap
from game.engine.boards import BoardError, check_board_file, load_board

ROOT = Path(__file__).resolve().parents[2]
SOURCE = (ROOT / "maps" / "gems_riverbend.tmx").read_text()
ATTR = re.compile(r'(\w+)="([^"]*)"')
JUNK = ["", "-1", "0", "abc", "1e9", "99999", "true", "0.5", "../x.tsx", "&amp;", "2147483648"]


def mutate(text: str, r: random.Random, n: int) -> str:
    for _ in range(n):
        choice = r.randrange(4)
        spots = list(ATTR.finditer(text))
        if choice == 0 and spots:                       # change an attribute's value
            m = r.choice(spots)
            text = text[:m.start(2)] + r.choice(JUNK) + text[m.end(2):]
        elif choice == 1 and spots:                     # drop an attribute
            m = r.choice(spots)
            text = text[:m.start()] + text[m.end():]
        elif choice == 2:                               # cut out a slice of text
            a = r.randrange(len(text))
            text = text[:a] + text[a + r.randrange(1, 40):]
        else:                                           # damage the layer data
            text = text.replace(",", r.choice([",,", ",x,", ",-5,", ",4294967295,"]), 1)
    return text


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    d = tmp_path_factory.mktemp("fuzz")
    shutil.copytree(ROOT / "maps" / "tilesets", d / "tilesets")
    shutil.copy(ROOT / "maps" / "propertytypes.json", d / "propertytypes.json")
    return d


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10 ** 9), st.integers(1, 4))
def test_damaged_maps_fail_cleanly(folder, seed, n):
    path = folder / f"m{seed % 7}.tmx"
    path.write_text(mutate(SOURCE, random.Random(seed), n), encoding="utf-8")
    problems = check_board_file(path)
    assert all(str(p).startswith(str(path)) for p in problems)
    try:
        board = load_board(path)
    except BoardError as e:
        assert str(path) in str(e)
    else:
        assert not problems and board.width > 0
    tilemap.clear_cache()
    try:
        tilemap.render_tile_layers(path)
    except BoardError as e:
        assert str(path) in str(e)


TSX = (ROOT / "maps" / "tilesets" / "gems_terrain.tsx").read_text()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10 ** 9), st.integers(1, 4))
def test_damaged_tilesets_fail_cleanly(folder, seed, n):
    tsx = folder / "tilesets" / f"broken{seed % 5}.tsx"
    tsx.write_text(mutate(TSX, random.Random(seed), n), encoding="utf-8")
    path = folder / f"t{seed % 5}.tmx"
    path.write_text(SOURCE.replace("tilesets/gems_terrain.tsx", f"tilesets/{tsx.name}"),
                    encoding="utf-8")
    problems = check_board_file(path)
    assert all(str(p).startswith(str(path)) for p in problems)
    try:
        load_board(path)
    except BoardError as e:
        assert str(path) in str(e)
    tilemap.clear_cache()
    try:
        tilemap.render_tile_layers(path)
    except BoardError as e:
        assert str(path) in str(e)
