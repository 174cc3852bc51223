"""safeio: files from disk are read within limits checked before parsing, and every refusal
names the file and the reason."""
from __future__ import annotations

import os

import pytest

from game.engine import safeio
from game.engine.safeio import FileRefused


def test_a_regular_file_within_the_limit_is_read(tmp_path):
    p = tmp_path / "a.json"
    p.write_bytes(b'{"a": [1, 2, "x"]}')
    assert safeio.loads_json(safeio.read_limited(p, 100, "save"), p, "save") == {"a": [1, 2, "x"]}


@pytest.mark.parametrize("make, words", [
    (lambda p: os.mkfifo(p), "pipe"),
    (lambda p: p.symlink_to("/dev/zero"), "device"),
    (lambda p: p.symlink_to(p), "cannot be read"),
    (lambda p: p.mkdir(), "folder"),
    (lambda p: None, "does not exist"),
])
def test_what_is_not_a_regular_file_is_refused_without_reading(tmp_path, make, words):
    p = tmp_path / "x.json"
    make(p)
    with pytest.raises(FileRefused) as got:
        safeio.read_limited(p, 1000, "save")
    assert words in str(got.value) and str(p) in str(got.value)


def test_size_is_checked_before_reading(tmp_path):
    p = tmp_path / "big.json"
    p.write_bytes(b" " * 2000)
    with pytest.raises(FileRefused, match="at most"):
        safeio.read_limited(p, 1000, "save")


@pytest.mark.parametrize("raw, words", [
    (b"[" * 1000 + b"]" * 1000, "levels deep"),
    (b'{"a": ' + b"9" * 5000 + b"}", "digits"),
    (b'{"a": ' + b"9" * 41 + b"}", "digits"),
    (b'{"a": NaN}', "NaN"),
    (b'{"a": "' + b"x" * (safeio.MAX_STRING + 1) + b'"}', "characters"),
    (b"\xff\xfe{}", "not text"),
    (b'{"a": [1,', "not valid JSON"),
])
def test_json_limits(raw, words):
    with pytest.raises(FileRefused, match=words):
        safeio.loads_json(raw, "s.json", "save")


def test_a_128_bit_generator_state_is_within_the_integer_limit():
    big = 2**128 - 1
    assert safeio.loads_json(f'{{"state": {big}}}'.encode(), "s.json") == {"state": big}


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = '{"label": "' + "[" * 500 + '"}'
    assert safeio.loads_json(text.encode(), "s.json") == {"label": "[" * 500}


@pytest.mark.parametrize("raw, words", [
    (b"a = " + b"[" * 500 + b"]" * 500, "levels deep"),
    (b"a = " + b"{x = " * 500 + b"1" + b"}" * 500, "levels deep"),
    (b"a = [1,", "not valid TOML"),
])
def test_toml_limits(raw, words):
    with pytest.raises(FileRefused, match=words):
        safeio.loads_toml(raw, "s.toml", "scenario")


def test_toml_literal_strings_with_brackets_are_fine():
    assert safeio.loads_toml(b"a = '" + b"[" * 300 + b"'", "s.toml") == {"a": "[" * 300}


@pytest.mark.parametrize("raw, words", [
    (b'<?xml version="1.0" encoding="Shift_JIS"?><map/>', "UTF-8"),
    (b'<?xml version="1.0" encoding="nope"?><map/>', "unknown text encoding"),
    (b"<map>" + b"<g>" * 100 + b"</g>" * 100 + b"</map>", "levels deep"),
    (b"<map", "not valid XML"),
])
def test_xml_limits(raw, words):
    with pytest.raises(FileRefused, match=words):
        safeio.parse_xml(raw, "m.tmx", "map")


@pytest.mark.parametrize("text, toml, depth", [
    ('{"a": "[[["}', False, 1),
    ('{"a": "\\"[["}', False, 1),          # an escaped quote does not end the string
    ('{"a": "x\\\\", "b": [[1]]}', False, 3),  # an escaped backslash does not escape the quote
    ("[[[]]]", False, 3),
    ("a = '[[[' ", True, 0),                # TOML literal strings
    ('a = "\\\\" \nb = [[1]]', True, 2),
])
def test_bracket_depth_skips_strings_exactly(text, toml, depth):
    assert safeio._bracket_depth(text, "'" if toml else "") == depth
