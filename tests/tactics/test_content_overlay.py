"""The shared inline-content overlay: an inline table overrides the fields it names of a shipped
entry and keeps the rest, a new id must be a whole entry, every table is checked against the
entry's schema like a file's table, and each distinct inline set is built once."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from game.engine.rules import ConfigError
from game.engine.tactics.content import ContentSets, digest, overlay


@dataclass(frozen=True, slots=True)
class Bow:
    id: str
    name: str
    range: int = 0
    projectile: bool = False


BASE = {"bow": Bow("bow", "Bow", range=6, projectile=True)}


def test_an_override_keeps_the_fields_it_does_not_name():
    got = overlay(BASE, {"bow": {"range": 9}}, "items", Bow, "scenario.toml", ConfigError)
    assert got["bow"] == Bow("bow", "Bow", range=9, projectile=True)
    assert BASE["bow"].range == 6            # the shipped entry is untouched


def test_a_new_id_is_a_whole_entry_and_is_checked():
    got = overlay(BASE, {"sling": {"name": "Sling", "range": 3}}, "items", Bow, "f.toml",
                  ConfigError)
    assert list(got) == ["bow", "sling"] and got["sling"].range == 3
    with pytest.raises(ConfigError, match=r"f.toml \[items.sling\].*missing required key 'name'"):
        overlay(BASE, {"sling": {"range": 3}}, "items", Bow, "f.toml", ConfigError)


def test_wrong_types_unknown_keys_and_bad_ids_are_refused_by_name():
    with pytest.raises(ConfigError, match=r"\[items.bow\]: key 'range' has the wrong type"):
        overlay(BASE, {"bow": {"range": "far"}}, "items", Bow, "f.toml", ConfigError)
    with pytest.raises(ConfigError, match=r"\[items.bow\]: unknown key 'reach'"):
        overlay(BASE, {"bow": {"reach": 2}}, "items", Bow, "f.toml", ConfigError)
    with pytest.raises(ConfigError, match="unknown key 'id'"):
        overlay(BASE, {"bow": {"id": "other"}}, "items", Bow, "f.toml", ConfigError)
    with pytest.raises(ConfigError, match="snake_case"):
        overlay(BASE, {"Big Bow": {"name": "x"}}, "items", Bow, "f.toml", ConfigError)
    with pytest.raises(ConfigError, match="table of entries"):
        overlay(BASE, ["bow"], "items", Bow, "f.toml", ConfigError)


def test_each_inline_set_is_built_once_and_the_oldest_are_dropped():
    built: list[dict] = []

    def build(base: dict, inline: dict) -> dict:
        built.append(inline)
        return {**base, **inline}

    sets = ContentSets(lambda: Path("."), lambda folder: {"shipped": 1}, ConfigError)
    sets.sets["default"] = {"shipped": 1}
    assert sets.with_inline("default", None, build) is sets.sets["default"]
    a = sets.with_inline("default", {"x": 1}, build)
    assert sets.with_inline("default", {"x": 1}, build) is a and len(built) == 1
    assert a == {"shipped": 1, "x": 1}
    assert digest({"a": 1, "b": 2}) == digest({"b": 2, "a": 1})
    for n in range(ContentSets.INLINE_KEPT + 3):
        sets.with_inline("default", {"n": n}, build)
    assert sum("+" in k for k in sets.sets) == ContentSets.INLINE_KEPT
    assert "default" in sets.sets
