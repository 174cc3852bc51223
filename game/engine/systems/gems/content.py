"""Gems content: gem sheets, items (objects and Hardlight Weapons), abilities and teams, read from
game/data/gems/*.toml and validated.

Owns: the schemas of those files (unknown keys and wrong types are rejected with a message naming
the file, the entry and the key), loading them once per process, and the pp builder (GEM-03,
GEM-GM-11): `cpr_cost` and `sheet_cost`, with every sheet checked against the budget.

Must not: hold rules logic beyond the builder, or presentation (colours and sprites live in
assets/gems/*.toml keyed by the same ids).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from game import paths
from game.engine.contentfile import read_toml
from game.engine.rules import ConfigError
from game.engine.tactics.content import ContentSets, as_table, entries, entry, overlay

from .verbs import VERBS


class ContentError(ConfigError):
    """A gems content file is broken; the message names the file and the entry."""


# One frozen dataclass per kind of entry: its annotations and defaults are the file's schema
# (tactics.content checks each table against it). The rules read the entries as dicts
# (`as_table`), in this field order.
@dataclass(frozen=True, slots=True)
class SheetEntry:
    """[sheets.<id>] in sheets.toml: a gem's sheet (GEM-03)."""
    name: str
    size: int = 1
    cpr: int = 0
    spr: int = 0
    ms: int = 4
    fms: int = 0
    hp: int = 0
    arms: int = 2
    arm_bonus: int = 0
    blocking: bool = False
    disarming: bool = False
    weapons: list[str] = field(default_factory=list)
    abilities: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)
    description: str = ""


@dataclass(frozen=True, slots=True)
class ItemEntry:
    """[items.<id>] in items.toml: an object or a Hardlight Weapon."""
    name: str
    size: int | float = 1.0
    carriable: bool = True
    solid: bool = False
    damage: int = 2
    hardlight: bool = False
    throwable: bool = True
    range: int = 0
    projectile: bool = False
    knockback: int = 0
    aoe: int = 0
    melee_range: int = 1
    description: str = ""


@dataclass(frozen=True, slots=True)
class AbilityEntry:
    """[abilities.<id>] in abilities.toml: a Gemstone Ability naming one verb."""
    name: str
    kind: str
    verb: str
    amount: int = 0
    range: int = 0
    target: str = "self"
    turns: int = 0
    description: str = ""


@dataclass(frozen=True, slots=True)
class TeamEntry:
    """[teams.<id>] in teams.toml."""
    name: str
    members: list[str]
    maps: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Costs:
    """[costs] in sheets.toml: the pp budget and unlock prices (GEM-03, GEM-GM-11)."""
    budget: int = 20
    cpr_rank: int = 2
    spr_rank: int = 1
    blocking: int = 2
    disarming: int = 2
    fms: int = 1
    extra_arm: int = 2
    ability: int = 1
    weapon: int = 1
    size: int = 0


ABILITY_KINDS = ("active", "continuous")
ABILITY_TARGETS = ("self", "ally", "any", "tile")
ITEM_ONLY_KINDS = ("gemstone",)     # made by the rules (a poofed gem), never by content
# A plain gem for set-ups: the schema's defaults (CPR 0, SPR 0, MS 4, no flight, 2 arms, HP by
# Size, no weapons, abilities or held items), so a test unit needs no overrides to be ordinary.
NEUTRAL_SHEET = "neutral"


def neutral_sheet() -> dict[str, Any]:
    """The neutral sheet as a table, built fresh from SheetEntry's defaults (never from data)."""
    return as_table(SheetEntry(name="Neutral", description="A plain gem with average stats."))


@dataclass(frozen=True, slots=True)
class Content:
    sheets: dict[str, dict[str, Any]]
    items: dict[str, dict[str, Any]]
    abilities: dict[str, dict[str, Any]]
    teams: dict[str, dict[str, Any]]
    costs: dict[str, int]


def _tables(folder: Path, name: str, section: str, cls: type,
            data: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    # every gems file may also hold the [costs] table (only sheets.toml's is read)
    found = entries(folder / name, section, cls, ContentError, data=data, id_field=None,
                    others=("costs",), required=False)
    return {k: as_table(v) for k, v in found.items()}


def load_content(folder: Path | None = None) -> Content:
    """Read and validate every gems content file in `folder` (default game/data/gems)."""
    folder = folder or paths.data_dir() / "gems"
    raw_sheets = read_toml(folder / "sheets.toml", ContentError)
    costs = as_table(entry(Costs, f"{folder / 'sheets.toml'} [costs]", raw_sheets.get("costs", {}),
                           ContentError))
    sheets = _tables(folder, "sheets.toml", "sheets", SheetEntry, raw_sheets)
    items = _tables(folder, "items.toml", "items", ItemEntry)
    abilities = _tables(folder, "abilities.toml", "abilities", AbilityEntry)
    teams = _tables(folder, "teams.toml", "teams", TeamEntry)
    content = Content(sheets, items, abilities, teams, costs)
    _cross_check(lambda file: str(folder / file), content)
    return content


# the sections a match's inline `content` table may hold, with their entry types
INLINE_SECTIONS: dict[str, type] = {"sheets": SheetEntry, "items": ItemEntry,
                                    "abilities": AbilityEntry, "teams": TeamEntry}
INLINE_WHERE = "setup content"


def with_inline(base: Content, inline: dict[str, Any]) -> Content:
    """`base` with a match's inline content laid over it (tactics.content.overlay: a known id
    keeps the fields the table does not name, a new id is a whole entry), then checked as a whole
    like the shipped files (a sheet's weapons, held items and abilities must exist, its cost
    must fit the budget, which `costs` may raise)."""
    if not isinstance(inline, dict):
        raise ContentError(f"{INLINE_WHERE}: must be a table such as "
                           "{items = {rock = {damage = 3}}}")
    extra = sorted(set(inline) - set(INLINE_SECTIONS) - {"costs"})
    if extra:
        raise ContentError(f"{INLINE_WHERE}: unknown section {extra[0]!r} (known: costs, "
                           f"{', '.join(INLINE_SECTIONS)})")
    parts = {}
    for section, cls in INLINE_SECTIONS.items():
        merged = overlay(getattr(base, section), inline.get(section), section, cls,
                         INLINE_WHERE, ContentError, id_field=None)
        parts[section] = {k: v if isinstance(v, dict) else as_table(v) for k, v in merged.items()}
    costs = base.costs
    if "costs" in inline:
        if not isinstance(inline["costs"], dict):
            raise ContentError(f"{INLINE_WHERE} [costs]: expected a table such as {{budget = 30}}")
        costs = as_table(entry(Costs, f"{INLINE_WHERE} [costs]", {**base.costs, **inline["costs"]},
                               ContentError))
    c = Content(parts["sheets"], parts["items"], parts["abilities"], parts["teams"], costs)
    _cross_check(lambda file: INLINE_WHERE, c)
    return c


def _cross_check(place: Callable[[str], str], c: Content) -> None:
    # place(file name): where an entry of that file came from, for the message
    for kind in ITEM_ONLY_KINDS:
        if kind in c.items:
            raise ContentError(f"{place('items.toml')} [items.{kind}]: {kind!r} is reserved")
    for aid, a in c.abilities.items():
        where = f"{place('abilities.toml')} [abilities.{aid}]"
        if a["kind"] not in ABILITY_KINDS:
            raise ContentError(f"{where}: kind {a['kind']!r} is not one of {ABILITY_KINDS}")
        if a["verb"] not in VERBS:
            raise ContentError(f"{where}: verb {a['verb']!r} is not one of {sorted(VERBS)}")
        if a["target"] not in ABILITY_TARGETS:
            raise ContentError(f"{where}: target {a['target']!r} is not one of {ABILITY_TARGETS}")
    if NEUTRAL_SHEET in c.sheets:
        raise ContentError(f"{place('sheets.toml')} [sheets.{NEUTRAL_SHEET}]: "
                           f"{NEUTRAL_SHEET!r} is reserved for the built-in plain sheet")
    for sid, s in c.sheets.items():
        check_sheet(f"{place('sheets.toml')} [sheets.{sid}]", s, c)
    for tid, t in c.teams.items():
        where = f"{place('teams.toml')} [teams.{tid}]"
        if not t["members"]:
            raise ContentError(f"{where}: a team needs members")
        for m in t["members"]:
            if m not in c.sheets:
                raise ContentError(f"{where}: member {m!r} is not a known sheet")


def check_sheet(where: str, s: dict[str, Any], c: Content) -> int:
    """A sheet checked against content `c` (its weapons, held items and abilities exist, its
    numbers are possible, its cost fits the budget: GEM-03, GEM-GM-11); its cost in pp.
    ContentError names `where` and what is wrong."""
    if s["size"] < 1:
        raise ContentError(f"{where}: size must be 1 or more")
    if s["arms"] < 0 or s["ms"] < 0 or s["fms"] < 0 or s["cpr"] < 0:
        raise ContentError(f"{where}: arms, ms, fms and cpr cannot be negative")
    for w in s["weapons"]:
        if w not in c.items or not c.items[w]["hardlight"]:
            raise ContentError(f"{where}: weapon {w!r} is not a known Hardlight Weapon")
    for h in s["held"]:
        if h not in c.items:
            raise ContentError(f"{where}: held item {h!r} is not a known item")
    if len(s["held"]) > s["arms"]:
        raise ContentError(f"{where}: holds {len(s['held'])} items with {s['arms']} arms")
    for ab in s["abilities"]:
        if ab not in c.abilities:
            raise ContentError(f"{where}: ability {ab!r} is not a known ability")
    cost = sheet_cost(s, c.costs)
    if cost > c.costs["budget"]:
        raise ContentError(f"{where}: costs {cost} pp, over the budget of {c.costs['budget']}")
    return cost

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


_SETS = ContentSets(lambda: paths.data_dir() / "gems", load_content, ContentError)


def content() -> Content:
    """The bundled content, loaded and validated once."""
    got = _SETS.sets.get("default")     # asked for on every attack profile: skip the name check
    return got if got is not None else _SETS.get()


def content_with(inline: dict[str, Any] | None) -> Content:
    """The bundled content with a match's inline content laid over it (built once per distinct
    table); the bundled content itself when there is none."""
    if not inline:
        return content()
    return _SETS.with_inline("default", inline, with_inline)
