"""A seeded generator of broken maps, saves and scenario files, plus the fixed hostile inputs a
session found by hand (issue: hostile files). Every case is bytes to write under a file name,
or a special file (a pipe, a link) made in place.

The mutations are blunt on purpose, the way files really break: values swapped for junk of the
wrong type or size, keys dropped or invented, text cut short, declarations changed, nesting
stacked deep, binary noise, and numbers at the edges (NaN, infinities, 2^40, 4,000 digits).
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[2]

JUNK_ATTR = ["", "-1", "0", "abc", "1e309", "nan", "inf", "-inf", "99999999", "2147483648",
             str(2**40), str(2**64), "0x10", "1.5", "true", "../../etc/passwd", "\u00e9\u00e8",
             "9" * 400, "&amp;", " "]
JUNK_JSON: list[Any] = [None, True, -1, 0, 2**40, 2**70, 1.5e308, "", "x" * 300, [], {}, [[[]]],
                        {"kind": "nope"}, [1] * 50, "\u0000", -(2**63)]
JUNK_TOML = ["-1", "0", '"text"', "[]", "{}", "true", "1.5", "99999999999999999999999",
             "nan", "inf", '"' + "x" * 500 + '"', "[[1], [2]]", '{kind = "nope"}']


@dataclass(frozen=True)
class Case:
    name: str                       # shown in the test id
    kind: str                       # "map", "save" or "scenario"
    suffix: str
    data: bytes | None = None       # the file's bytes, or None for a special file
    make: Callable[[Path], None] | None = None   # makes a special file at the given path


# ------------------------------------------------------------------------------ maps
ATTR = re.compile(r'(\w+)="([^"]*)"')


def mutate_xml(text: str, r: random.Random) -> str:
    for _ in range(r.randint(1, 4)):
        how = r.randrange(9)
        spots = list(ATTR.finditer(text))
        if how == 0 and spots:                              # junk attribute value
            m = r.choice(spots)
            text = text[:m.start(2)] + r.choice(JUNK_ATTR) + text[m.end(2):]
        elif how == 1 and spots:                            # drop an attribute
            m = r.choice(spots)
            text = text[:m.start()] + text[m.end():]
        elif how == 2:                                      # cut the text short
            text = text[: r.randrange(len(text))]
        elif how == 3:                                      # damage layer data
            text = text.replace(",", r.choice([",,", ",x,", ",-5,", f",{2**40},", ",1e3,"]), 1)
        elif how == 4:                                      # an encoding it cannot read
            text = text.replace('encoding="UTF-8"', 'encoding="%s"' % r.choice(
                ["Shift_JIS", "EUC-JP", "UTF-16", "bogus", "UTF-32", "big5"]), 1)
        elif how == 5:                                      # nesting stacked deep
            depth = r.choice([20, 70, 5000])
            text = text.replace("</map>", "<group>" * depth + "</group>" * depth + "</map>")
        elif how == 6:                                      # a duplicated element
            at = text.find("<layer")
            end = text.find("</layer>", at)
            if at >= 0 and end > at:
                text = text[:end + 8] + text[at:end + 8] + text[end + 8:]
        elif how == 7:                                      # binary noise in the middle
            at = r.randrange(len(text))
            noise = "".join(chr(r.randrange(1, 0x2FF)) for _ in range(r.randint(1, 30)))
            text = text[:at] + noise + text[at:]
        else:                                               # a tileset that is not there
            text = text.replace('source="tilesets/', 'source="tilesets/missing_', 1)
    return text


def map_cases(count: int, seed: int = 1) -> list[Case]:
    sources = [(ROOT / "maps" / n).read_text(encoding="utf-8")
               for n in ("gems_riverbend.tmx", "bindings_pass.tmx")]
    r = random.Random(seed)
    out = []
    for i in range(count):
        text = mutate_xml(sources[i % len(sources)], r)
        out.append(Case(f"map{i:03d}", "map", ".tmx", text.encode("utf-8", "surrogatepass")))
    return out


# ------------------------------------------------------------------------------ saves
def _paths(value: Any, here: tuple = ()) -> list[tuple]:
    """Every place inside parsed JSON (up to a few hundred), as key/index tuples."""
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, here + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:8]):
            out += _paths(v, here + (i,))
    return out


def _set(doc: Any, where: tuple, value: Any) -> Any:
    if not where:
        return value
    parent = doc
    for k in where[:-1]:
        parent = parent[k]
    parent[where[-1]] = value
    return doc


def _drop(doc: Any, where: tuple) -> Any:
    if not where:
        return doc
    parent = doc
    for k in where[:-1]:
        parent = parent[k]
    del parent[where[-1]]
    return doc


def mutate_json(doc: dict, r: random.Random) -> bytes:
    doc = json.loads(json.dumps(doc))
    text = None
    for _ in range(r.randint(1, 3)):
        how = r.randrange(7)
        spots = _paths(doc)
        where = r.choice(spots)
        if how == 0:
            doc = _set(doc, where, r.choice(JUNK_JSON))
        elif how == 1 and where:
            doc = _drop(doc, where)
        elif how == 2:
            doc = _set(doc, where, {"k": [[[[{"deep": [1]}]]]]} if r.random() < .5
                       else json.loads("[" * 60 + "]" * 60))
        elif how == 3 and isinstance(doc.get("actions"), list):
            doc["actions"].insert(r.randrange(len(doc["actions"]) + 1),
                                  r.choice([{"force": [r.randint(-3, 30)]}, {"force": "six"},
                                            {"action": {"kind": "end_turn"}}, {"nothing": 1},
                                            {"action": {"kind": "gw.no_such"}}]))
        elif how == 4 and isinstance(doc.get("actions"), list) and doc["actions"]:
            del doc["actions"][r.randrange(len(doc["actions"]))]    # the log no longer adds up
        elif how == 5:
            text = json.dumps(doc)
            text = text[: r.randrange(len(text))]
        else:
            text = json.dumps(doc).replace(":", r.choice([": NaN, \"x\":", ": 1e999, \"y\":",
                                                         ": " + "9" * 5000 + ", \"z\":"]), 1)
    return (text if text is not None else json.dumps(doc)).encode("utf-8")


def save_cases(doc: dict, count: int, seed: int = 2) -> list[Case]:
    r = random.Random(seed)
    return [Case(f"save{i:03d}", "save", ".json", mutate_json(doc, r)) for i in range(count)]


# ------------------------------------------------------------------------------ scenarios
LINE = re.compile(r"^(\s*[\w.\"]+\s*=\s*)(.+)$", re.M)


def mutate_toml(text: str, r: random.Random) -> str:
    for _ in range(r.randint(1, 3)):
        how = r.randrange(6)
        lines = list(LINE.finditer(text))
        if how == 0 and lines:
            m = r.choice(lines)
            text = text[:m.start(2)] + r.choice(JUNK_TOML) + text[m.end(2):]
        elif how == 1:
            text = text + r.choice(["\n[setup]\nno_such_key = 1\n", "\n[match]\nextra = 2\n",
                                    "\nunknown_top = 3\n", "\n[[step]]\naction = {kind = \"x\"}\n",
                                    "\n[expect]\nstate = {\"no.such.path\" = 1}\n",
                                    "\ndice = [1, 2, 3, 4, 5, 6]\n"])
        elif how == 2:
            text = text[: r.randrange(len(text))]
        elif how == 3:
            depth = r.choice([30, 70, 500])
            text += "\n[expect]\nstate = {\"x\" = " + "[" * depth + "]" * depth + "}\n"
        elif how == 4:
            text = text.replace("seed = ", "seed = 99999999999999999999", 1)
        else:
            at = r.randrange(len(text))
            text = text[:at] + "\u0000\ufffe" + text[at:]
    return text


def scenario_cases(count: int, seed: int = 3) -> list[Case]:
    files = sorted((ROOT / "tests" / "scenarios").rglob("*.toml"))
    r = random.Random(seed)
    out = []
    for i in range(count):
        text = files[i % len(files)].read_text(encoding="utf-8")
        out.append(Case(f"scenario{i:03d}", "scenario", ".toml",
                        mutate_toml(text, r).encode("utf-8", "surrogatepass")))
    return out


# ------------------------------------------------------------------------------ fixed examples
def _fifo(p: Path) -> None:
    import os
    os.mkfifo(p)


def _to_zero(p: Path) -> None:
    p.symlink_to("/dev/zero")


def _to_itself(p: Path) -> None:
    p.symlink_to(p)


def fixed_cases() -> list[Case]:
    riverbend = (ROOT / "maps" / "gems_riverbend.tmx").read_text(encoding="utf-8")
    first_x = re.compile(r'(<object [^>]*?\bx=")[^"]*(")')
    out = [
        Case("save_int_4301_digits", "save", ".json",
             b'{"format": "strife-table-save", "version": 1, "n": ' + b"7" * 4301 + b"}"),
        Case("save_nested_1000", "save", ".json", b"[" * 1000 + b"]" * 1000),
        Case("save_label_12M", "save", ".json",
             b'{"format": "strife-table-save", "version": 1, "label": "' + b"L" * 12_000_000
             + b'"}'),
        Case("save_fifo", "save", ".json", make=_fifo),
        Case("save_dev_zero", "save", ".json", make=_to_zero),
        Case("save_self_link", "save", ".json", make=_to_itself),
        Case("save_empty", "save", ".json", b""),
        Case("save_utf16", "save", ".json", '{"format": 1}'.encode("utf-16")),
        Case("map_shift_jis", "map", ".tmx",
             riverbend.replace('encoding="UTF-8"', 'encoding="Shift_JIS"', 1).encode()),
        Case("map_unknown_encoding", "map", ".tmx",
             riverbend.replace('encoding="UTF-8"', 'encoding="x-unknown"', 1).encode()),
        Case("map_x_1e309", "map", ".tmx", first_x.sub(r"\g<1>1e309\2", riverbend, 1).encode()),
        Case("map_x_nan", "map", ".tmx", first_x.sub(r"\g<1>nan\2", riverbend, 1).encode()),
        Case("map_groups_100000", "map", ".tmx",
             riverbend.replace("</map>", "<group>" * 100_000 + "</group>" * 100_000
                               + "</map>").encode()),
        Case("map_self_link", "map", ".tmx", make=_to_itself),
        Case("map_fifo", "map", ".tmx", make=_fifo),
        Case("map_gid_2_40", "map", ".tmx",
             re.sub(r'(<data encoding="csv">\s*)\d+', rf"\g<1>{2**40}", riverbend, 1).encode()),
        Case("scenario_toml_500_deep", "scenario", ".toml",
             b'[match]\nsystem = "gems"\n[setup]\nx = ' + b"[" * 500 + b"]" * 500 + b"\n"),
        Case("scenario_huge_seed", "scenario", ".toml",
             b'[match]\nsystem = "gems"\nseed = 99999999999999999999999\n[expect]\nover = false\n'),
        Case("scenario_unknown_house_rule", "scenario", ".toml",
             b'[match]\nsystem = "gems"\nhouse_rules = {nope = 1}\n[expect]\nover = false\n'),
        Case("scenario_dice_never_used", "scenario", ".toml",
             b'dice = [1, 2, 3]\n[match]\nsystem = "gemwielders"\n[expect]\nover = false\n'),
    ]
    return out
