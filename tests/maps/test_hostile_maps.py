"""Maps built to break the reader (issue: hostile files). Each must give problems that name the
file and say what is wrong: no traceback, no hang, the file untouched.

The inputs are the ones a session found by feeding the game broken maps: XML encodings the
parser cannot read, numbers that are not finite, nesting deep enough to exhaust recursion, a
map that is a symlink to itself or a pipe, and tile numbers beyond 32 bits.
"""
from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from game.engine import safeio
from game.engine.boards import BoardError, check_board_file, load_board
from game.engine.boards import tmx

ROOT = Path(__file__).resolve().parents[2]
SOURCE = (ROOT / "maps" / "gems_riverbend.tmx").read_text()


def copy_map(tmp_path: Path, text: str, name: str = "hostile.tmx") -> Path:
    """`text` as a map file beside a copy of the shipped tilesets and property types."""
    shutil.copytree(ROOT / "maps" / "tilesets", tmp_path / "tilesets", dirs_exist_ok=True)
    shutil.copy(ROOT / "maps" / "propertytypes.json", tmp_path / "propertytypes.json")
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def problems_of(path: Path) -> list[str]:
    """check_board_file's messages, and proof that load_board refuses the same map cleanly."""
    before = path.read_bytes() if path.is_file() else None
    found = [str(p) for p in check_board_file(path)]
    assert found, "the map was accepted"
    assert all(str(path) in f for f in found), found           # every message names the file
    with pytest.raises(BoardError):
        load_board(path)
    if before is not None:
        assert path.read_bytes() == before                     # nothing written back
    return found


def first_object_attr(text: str, name: str, value: str) -> str:
    at = text.index("<object ")
    end = text.index(">", at)
    tag = text[at:end]
    import re
    tag = re.sub(rf'\b{name}="[^"]*"', f'{name}="{value}"', tag, count=1)
    return text[:at] + tag + text[end:]


@pytest.mark.parametrize("encoding, words", [("Shift_JIS", "encoding"), ("no-such-enc", "encoding")])
def test_an_encoding_the_parser_cannot_read_is_a_problem(tmp_path, encoding, words):
    text = SOURCE.replace('encoding="UTF-8"', f'encoding="{encoding}"', 1)
    assert encoding in text
    found = problems_of(copy_map(tmp_path, text))
    assert any(words in f for f in found)


@pytest.mark.parametrize("value", ["1e309", "nan", "inf", "-1e400"])
def test_an_object_position_that_is_not_finite_is_a_problem(tmp_path, value):
    found = problems_of(copy_map(tmp_path, first_object_attr(SOURCE, "x", value)))
    assert any("finite" in f for f in found)


def test_groups_nested_past_any_limit_are_refused_without_recursion(tmp_path):
    deep = "<group>" * 100_000 + "</group>" * 100_000
    text = SOURCE.replace("</map>", deep + "</map>")
    found = problems_of(copy_map(tmp_path, text))
    assert any("levels deep" in f for f in found)


def test_groups_nested_moderately_deep_are_one_problem(tmp_path):
    body = '<group name="g">' * 40 + "</group>" * 40
    found = problems_of(copy_map(tmp_path, SOURCE.replace("</map>", body + "</map>")))
    assert any("nest" in f for f in found)


def test_a_map_that_is_a_symlink_to_itself_is_a_problem(tmp_path):
    p = tmp_path / "loop.tmx"
    p.symlink_to(p)
    found = [str(x) for x in check_board_file(p)]
    assert found and "loop.tmx" in found[0]
    with pytest.raises(BoardError):
        load_board(p)


def test_a_pipe_named_like_a_map_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.tmx"
    os.mkfifo(fifo)
    result: list = []
    t = threading.Thread(target=lambda: result.append(check_board_file(fifo)), daemon=True)
    t.start()
    t.join(5)
    assert not t.is_alive(), "reading a pipe hung"
    assert "pipe" in str(result[0][0])


def test_a_link_to_an_endless_device_is_refused(tmp_path):
    p = tmp_path / "zero.tmx"
    p.symlink_to("/dev/zero")
    assert "device" in str(check_board_file(p)[0])


def test_a_map_larger_than_the_limit_is_refused_before_reading(tmp_path, monkeypatch):
    monkeypatch.setattr(safeio, "MAX_MAP_BYTES", 1000)
    found = [str(x) for x in check_board_file(copy_map(tmp_path, SOURCE))]
    assert any("at most" in f for f in found)


@pytest.mark.parametrize("gid", [2**40, 2**32, -1])
def test_a_tile_number_beyond_32_bits_is_a_problem_not_a_blank(tmp_path, gid):
    at = SOURCE.index('encoding="csv">') + len('encoding="csv">')
    first = SOURCE.index(",", at)
    text = SOURCE[:at] + "\n" + str(gid) + SOURCE[first:]
    found = problems_of(copy_map(tmp_path, text))
    assert any("not a tile number" in f for f in found)


def test_an_object_gid_beyond_32_bits_is_a_problem(tmp_path):
    text = first_object_attr(SOURCE, "gid", str(2**40))
    assert str(2**40) in text
    found = problems_of(copy_map(tmp_path, text))
    assert any("not a tile number" in f for f in found)


def test_a_property_class_that_contains_itself_does_not_recurse(tmp_path):
    types = tmx.PropertyTypes(classes={"Loop": {"name": "Loop", "members": [
        {"name": "inner", "type": "class", "propertyType": "Loop"}]}})
    assert types.class_defaults("Loop") == {"inner": {}}


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_compressed_layer_data_that_inflates_past_the_map_is_refused(tmp_path, compression):
    """A few hundred bytes that inflate to 100 MB: refused without inflating it all."""
    import base64
    import gzip
    import re
    import zlib
    bomb = b"\0" * 100_000_000
    packed = zlib.compress(bomb, 9) if compression == "zlib" else gzip.compress(bomb, 9)
    data = (f'<data encoding="base64" compression="{compression}">'
            f'{base64.b64encode(packed).decode()}</data>')
    text = re.sub(r'<data encoding="csv">.*?</data>', data, SOURCE, count=1, flags=re.S)
    found = problems_of(copy_map(tmp_path, text))
    assert any("inflates to more than" in f for f in found)


def test_compressed_layer_data_of_the_right_size_still_loads(tmp_path):
    import base64
    import re
    import struct
    import zlib
    m = re.search(r'<data encoding="csv">(.*?)</data>', SOURCE, flags=re.S)
    gids = [int(v) for v in m.group(1).replace("\n", "").split(",") if v.strip()]
    packed = zlib.compress(struct.pack(f"<{len(gids)}I", *gids))
    data = f'<data encoding="base64" compression="zlib">{base64.b64encode(packed).decode()}</data>'
    path = copy_map(tmp_path, SOURCE[:m.start()] + data + SOURCE[m.end():])
    assert check_board_file(path) == []
    assert load_board(path).cells == load_board(copy_map(tmp_path, SOURCE, "plain.tmx")).cells


def _damaged_png(how: str) -> bytes:
    raw = bytearray((ROOT / "maps" / "tilesets" / "gems_terrain.png").read_bytes())
    at = raw.index(b"IDAT") + 40
    if how == "flipped byte":
        raw[at] ^= 0xFF                                   # the chunk checksum no longer fits
    elif how == "cut short":
        raw = raw[: len(raw) // 2]
    elif how == "not an image":
        raw = bytearray(b"this is not a picture" * 10)
    return bytes(raw)


@pytest.mark.parametrize("how", ["flipped byte", "cut short", "not an image"])
def test_a_damaged_tileset_image_is_a_problem_for_the_checker(tmp_path, how):
    """check-map used to pass a corrupt tileset PNG that the renderer then refused."""
    path = copy_map(tmp_path, SOURCE)
    (tmp_path / "tilesets" / "gems_terrain.png").write_bytes(_damaged_png(how))
    found = problems_of(path)
    assert any("gems_terrain.png" in f for f in found), found


def test_a_png_whose_pixel_data_is_short_of_its_header_is_a_problem(tmp_path):
    import struct
    import zlib
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    header = struct.pack(">IIBBBBB", 64, 64, 8, 6, 0, 0, 0)          # 64x64 RGBA
    short = zlib.compress(b"\0" * (1 + 64 * 4) * 10)                   # only 10 of 64 rows
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", short) + chunk(b"IEND", b"")
    p = tmp_path / "short.png"
    p.write_bytes(png)
    assert "header promises" in tmx.image_problem(p)
    full = zlib.compress(b"\0" * (1 + 64 * 4) * 64)
    p.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", full)
                  + chunk(b"IEND", b""))
    assert tmx.image_problem(p) is None
