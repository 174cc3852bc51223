"""Gems content: gem sheets, items (objects and Hardlight Weapons), abilities and teams, read from
game/data/gems/*.toml and validated.

Owns: the schemas of those files (unknown keys and wrong types are rejected with a message naming
the file, the entry and the key), loading them once per process, and the pp builder (GEM-03,
GEM-GM-11): `cpr_cost` and `sheet_cost`, with every sheet checked against the budget.

Must not: hold rules logic beyond the builder, or presentation (colours and sprites live in
assets/gems/*.toml keyed by the same ids).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import paths
from game.engine.contentfile import check_table, read_toml
from game.engine.rules import ConfigError

from .verbs import VERBS


class ContentError(ConfigError):
    """A gems content file is broken; the message names the file and the entry."""


# Each schema maps key -> (type or tuple of types, default). A default of ... means required.
_SHEET = {
    "name": (str, ...), "size": (int, 1), "cpr": (int, 0), "spr": (int, 0), "ms": (int, 4),
    "fms": (int, 0), "hp": (int, 0), "arms": (int, 2), "arm_bonus": (int, 0),
    "blocking": (bool, False), "disarming": (bool, False), "weapons": (list, []),
    "abilities": (list, []), "held": (list, []), "description": (str, ""),
}
_ITEM = {
    "name": (str, ...), "size": ((int, float), 1.0), "carriable": (bool, True),
    "solid": (bool, False), "damage": (int, 2), "hardlight": (bool, False),
    "throwable": (bool, True), "range": (int, 0), "projectile": (bool, False),
    "knockback": (int, 0), "aoe": (int, 0), "melee_range": (int, 1), "description": (str, ""),
}
_ABILITY = {
    "name": (str, ...), "kind": (str, ...), "verb": (str, ...), "amount": (int, 0),
    "range": (int, 0), "target": (str, "self"), "turns": (int, 0), "description": (str, ""),
}
_TEAM = {"name": (str, ...), "members": (list, ...), "maps": (list, [])}
_COSTS = {"budget": (int, 20), "cpr_rank": (int, 2), "spr_rank": (int, 1), "blocking": (int, 2),
          "disarming": (int, 2), "fms": (int, 1), "extra_arm": (int, 2), "ability": (int, 1),
          "weapon": (int, 1), "size": (int, 0)}

ABILITY_KINDS = ("active", "continuous")
ABILITY_TARGETS = ("self", "ally", "any", "tile")
ITEM_ONLY_KINDS = ("gemstone",)     # made by the rules (a poofed gem), never by content


@dataclass(frozen=True, slots=True)
class Content:
    sheets: dict[str, dict[str, Any]]
    items: dict[str, dict[str, Any]]
    abilities: dict[str, dict[str, Any]]
    teams: dict[str, dict[str, Any]]
    costs: dict[str, int]


def _check(where: str, entry: Any, schema: dict[str, tuple[Any, Any]]) -> dict[str, Any]:
    return check_table(where, entry, schema, ContentError)


def _read(folder: Path, name: str) -> dict[str, Any]:
    return read_toml(folder / name, ContentError)


def _section(path: str, data: dict[str, Any], key: str) -> dict[str, Any]:
    extra = sorted(set(data) - {key, "costs"})
    if extra:
        raise ContentError(f"{path}: unknown top-level key {extra[0]!r} (expected [{key}.<id>])")
    section = data.get(key, {})
    if not isinstance(section, dict):
        raise ContentError(f"{path}: {key} must be a table of entries")
    return section


def load_content(folder: Path | None = None) -> Content:
    """Read and validate every gems content file in `folder` (default game/data/gems)."""
    folder = folder or paths.data_dir() / "gems"
    raw_sheets = _read(folder, "sheets.toml")
    costs = _check(f"{folder / 'sheets.toml'} [costs]", raw_sheets.get("costs", {}), _COSTS)
    sheets = {k: _check(f"{folder / 'sheets.toml'} [sheets.{k}]", v, _SHEET)
              for k, v in _section(str(folder / "sheets.toml"), raw_sheets, "sheets").items()}
    items = {k: _check(f"{folder / 'items.toml'} [items.{k}]", v, _ITEM)
             for k, v in _section(str(folder / "items.toml"), _read(folder, "items.toml"),
                                  "items").items()}
    abilities = {k: _check(f"{folder / 'abilities.toml'} [abilities.{k}]", v, _ABILITY)
                 for k, v in _section(str(folder / "abilities.toml"),
                                      _read(folder, "abilities.toml"), "abilities").items()}
    teams = {k: _check(f"{folder / 'teams.toml'} [teams.{k}]", v, _TEAM)
             for k, v in _section(str(folder / "teams.toml"), _read(folder, "teams.toml"),
                                  "teams").items()}
    content = Content(sheets, items, abilities, teams, costs)
    _cross_check(folder, content)
    return content


def _cross_check(folder: Path, c: Content) -> None:
    for kind in ITEM_ONLY_KINDS:
        if kind in c.items:
            raise ContentError(f"{folder / 'items.toml'} [items.{kind}]: {kind!r} is reserved")
    for aid, a in c.abilities.items():
        where = f"{folder / 'abilities.toml'} [abilities.{aid}]"
        if a["kind"] not in ABILITY_KINDS:
            raise ContentError(f"{where}: kind {a['kind']!r} is not one of {ABILITY_KINDS}")
        if a["verb"] not in VERBS:
            raise ContentError(f"{where}: verb {a['verb']!r} is not one of {sorted(VERBS)}")
        if a["target"] not in ABILITY_TARGETS:
            raise ContentError(f"{where}: target {a['target']!r} is not one of {ABILITY_TARGETS}")
    for sid, s in c.sheets.items():
        where = f"{folder / 'sheets.toml'} [sheets.{sid}]"
        if s["size"] < 1:
            raise ContentError(f"{where}: size must be 1 or more")
        if s["arms"] < 0 or s["ms"] < 0 or s["fms"] < 0 or s["cpr"] < 0:
            raise ContentError(f"{where}: arms, ms, fms and cpr cannot be negative")
        for w in s["weapons"]:
            if w not in c.items or not c.items[w]["hardlight"]:
                raise ContentError(f"{where}: weapon {w!r} is not a Hardlight Weapon in items.toml")
        for h in s["held"]:
            if h not in c.items:
                raise ContentError(f"{where}: held item {h!r} is not in items.toml")
        if len(s["held"]) > s["arms"]:
            raise ContentError(f"{where}: holds {len(s['held'])} items with {s['arms']} arms")
        for ab in s["abilities"]:
            if ab not in c.abilities:
                raise ContentError(f"{where}: ability {ab!r} is not in abilities.toml")
        cost = sheet_cost(s, c.costs)
        if cost > c.costs["budget"]:
            raise ContentError(f"{where}: costs {cost} pp, over the budget of {c.costs['budget']}")
    for tid, t in c.teams.items():
        where = f"{folder / 'teams.toml'} [teams.{tid}]"
        if not t["members"]:
            raise ContentError(f"{where}: a team needs members")
        for m in t["members"]:
            if m not in c.sheets:
                raise ContentError(f"{where}: member {m!r} is not a sheet in sheets.toml")


def cpr_cost(from_rank: int, to_rank: int, per_rank: int = 2) -> int:
    """pp to raise CPR from one rank to another (GEM-03: 2 pp per rank)."""
    if to_rank < from_rank or from_rank < 0:
        raise ValueError("CPR can only be raised, from rank 0 or more")
    return (to_rank - from_rank) * per_rank


def sheet_cost(sheet: dict[str, Any], costs: dict[str, int]) -> int:
    """Total pp of a sheet: CPR at 2 pp per rank (GEM-03) plus the data-driven unlock prices
    (GEM-GM-11)."""
    return (cpr_cost(0, sheet["cpr"], costs["cpr_rank"]) + sheet["spr"] * costs["spr_rank"]
            + costs["blocking"] * sheet["blocking"] + costs["disarming"] * sheet["disarming"]
            + costs["fms"] * sheet["fms"] + costs["extra_arm"] * max(0, sheet["arms"] - 2)
            + costs["ability"] * len(sheet["abilities"]) + costs["weapon"] * len(sheet["weapons"])
            + costs["size"] * (sheet["size"] - 1))


_CACHE: Content | None = None


def content() -> Content:
    """The bundled content, loaded and validated once."""
    global _CACHE
    if _CACHE is None:
        _CACHE = load_content()
    return _CACHE
