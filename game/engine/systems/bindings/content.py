"""Bindings content: moves (bindings, weapons, maneuvers, basic actions), talents, conditions,
combatant sheets and teams, read from game/data/bindings/*.toml and validated; plus the small
presentation tables in assets/bindings/*.toml, checked against the same ids.

Owns: the schemas of those files (unknown keys, wrong types, unknown enum values and unknown verbs
are refused with a ContentError naming the file, the entry and the key), the cross-checks between
them (a combatant's moves and talents exist, talents reduce existing moves, effects name existing
conditions, teams name existing combatants), loading them once per process, and small lookups
(`move`, `sheet`, `known_moves`, `combatant_fields`, `teams_for_map`, `ability_mod`). Also a
match's inline content (the set-up's `content` table: moves, talents, conditions and combatants
laid over the shipped set, each checked as a file's entry would be, `with_inline`), the content
a match's rules read (`content_of(state)`: the shipped set unless the state carries an inline
table) and the neutral sheet (`sheet = "neutral"`: the plain defaults, an id no file may take).

Must not: apply a rule (how far a move flies, who it hits and how a verb acts are turns.py,
combat.py and movement.py's business), know the movement speed table, or check that the maps a team
names exist (maps are validated by the map tools; `teams_for_map` just filters by name).
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game import paths
from game.engine import dice
from game.engine.contentfile import read_toml
from game.engine.rules import ConfigError
from game.engine.tactics.content import ContentSets, as_table, entry, keys_of, overlay, tables

from .state import ABILITIES, BindingsState, Combatant, ability_mod

__all__ = [
    "ABILITIES", "ACTIONS", "KINDS", "SCHOOLS", "RANGED", "MOVEMENT_MODES", "EFFECT_VERBS",
    "CONDITION_VERBS", "BASIC_MOVES", "ContentError", "Content", "MoveDef", "Effect", "TalentDef",
    "ConditionDef", "SheetDef", "TeamDef", "Presentation", "ability_mod", "load_content",
    "content", "move", "sheet", "known_moves", "combatant_fields", "teams_for_map", "load_presentation",
    "presentation", "NEUTRAL_SHEET", "neutral_sheet", "INLINE_SECTIONS", "with_inline", "content_of",
]


class ContentError(ConfigError):
    """A bindings content file is broken; the message names the file, the entry and the key."""


# -- closed vocabularies (named strings, never numbers; STYLE habit 8) --------------------------
SCHOOLS = ("aeromancy", "petramancy", "hydromancy", "pyromancy", "basic", "weapon", "maneuver")
ACTIONS = ("full", "standard", "move", "swift", "free")           # BND-31..35, BND-39 order
KINDS = ("projectile", "melee", "structure", "area", "self", "modifier")
RANGED = ("increments", "absolute")                               # BND-80..83
MOVEMENT_MODES = ("move", "dash", "dodge", "swim", "step")        # BND-52..56
# Effect verb -> the keys it needs besides "verb" (their types are Effect's annotations).
EFFECT_VERBS: dict[str, tuple[str, ...]] = {
    "condition": ("condition", "rounds"),        # on the target, when the move hits
    "self_condition": ("condition", "rounds"),   # on the user, when the move is used
    "wall": ("hexes", "rounds"),                 # a structure growing `speed` hexes per segment
    "veil": ("hexes", "rounds", "conceal"),      # a concealing area placed at once (BND-88)
    "boost": ("hexes",),                         # extra hexes for the ongoing movement (BND-35)
}
CONDITION_VERBS = ("halve_movement", "adv_defence", "adv_checks", "dis_checks",
                   "melee_adv_against", "ranged_dis_against", "no_move")
# Every combatant knows these without listing them (BND-41..45).
BASIC_MOVES = ("unarmed_strike", "brace")
# The largest number each key may hold. Content also comes from scenario files and saves (a
# match's inline content), so a number is bounded by what the rules can walk and the odds can
# sum in a blink: a reach is iterated hex by hex, damage dice are summed into a distribution.
# OURS: each is many times the largest the shipped content uses.
LIMITS: dict[str, int] = {"speed": 50, "range_ft": 500, "pushback_ft": 500, "cooldown": 100,
                          "damage_bonus": 100, "dice_count": 20, "dice_sides": 100,
                          "hexes": 50, "rounds": 100, "conceal": 3}

# Each kind of entry is declared once, below, as a frozen dataclass: its annotations and
# defaults are the file's schema (game.engine.tactics.content checks each table against it);
# `id` comes from the table's name, never from the file.
_ID = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True, slots=True)
class Effect:
    """One verb of a move's `effects` list; unused fields keep their zero defaults."""

    verb: str
    condition: str = ""
    rounds: int = 0          # condition duration in rounds (BND-78); 0 = to the end of this round
    hexes: int = 0
    conceal: int = 0


@dataclass(frozen=True, slots=True)
class MoveDef:
    """[moves.<id>] in moves.toml."""

    id: str
    name: str
    school: str
    action: str                          # ACTIONS
    kind: str                            # KINDS
    speed: int = 0                       # H: hexes per segment (0 = none)
    range_ft: int = 0
    ranged: str = "absolute"             # RANGED: "increments" gives BND-81 penalties
    offence: str = ""                    # ability for AB + X + 2d6, "" = no attack roll
    defence: str = ""                    # ability for DB + X + 2d6 as a counter, "" = none
    contest: str = ""                    # ability the target always opposes with (maneuvers)
    damage_ability: str = ""
    damage_dice: str = ""                # dice notation or ""
    damage_bonus: int = 0
    pushback_ft: int = 0
    cooldown: int = 0                    # rounds (BND-101)
    attaches_to: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    description: str = ""

    @property
    def range_hexes(self) -> int:
        return self.range_ft // 5                    # BND-05

    @property
    def pushback_hexes(self) -> int:
        return self.pushback_ft // 5

    @property
    def is_attack(self) -> bool:
        """Rolls against a target (offence or contest) rather than placing or boosting."""
        return bool(self.offence or self.contest)

    @property
    def can_counter(self) -> bool:
        """Has a defence formula, so declaring it against an attack counts as a defence."""
        return bool(self.defence)

    def effects_of(self, verb: str) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.verb == verb)


@dataclass(frozen=True, slots=True)
class TalentDef:
    """[talents.<id>] in talents.toml."""

    id: str
    name: str
    reduces: str             # move id whose action is one step smaller (BND-39)
    per_round: int = 1       # uses per round
    description: str = ""


@dataclass(frozen=True, slots=True)
class ConditionDef:
    """[conditions.<id>] in conditions.toml."""

    id: str
    name: str
    verbs: tuple[str, ...] = ()   # CONDITION_VERBS
    description: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetDef:
    """[combatants.<id>] in combatants.toml; the file writes each ability score as its own key
    (STR = 12), gathered here into `scores`."""

    id: str
    name: str
    level: int = 1
    scores: dict[str, int]   # ability -> score (treat as read-only)
    ab: int
    db: int
    hp: int
    base_speed_ft: int = 30
    swim_speed_ft: int = 0   # 0 in the file = half base rounded down to 5 ft (BND-X-10); filled in
    moves: tuple[str, ...] = ()   # as listed (basic moves not included; see known_moves)
    talents: tuple[str, ...] = ()
    description: str = ""

    def mod(self, ability: str) -> int:
        return ability_mod(self.scores[ability])


@dataclass(frozen=True, slots=True)
class TeamDef:
    """[teams.<id>] in teams.toml."""

    id: str
    name: str
    members: tuple[str, ...]
    maps: tuple[str, ...] = ()    # map file names (empty = any map)


@dataclass(frozen=True, slots=True)
class Content:
    moves: dict[str, MoveDef]
    talents: dict[str, TalentDef]
    conditions: dict[str, ConditionDef]
    combatants: dict[str, SheetDef]
    teams: dict[str, TeamDef]


# -- reading ------------------------------------------------------------------------------------
def _each(path: Path, section: str) -> list[tuple[str, str, Any]]:
    """(id, "file [section.id]", raw table) for every entry of one file, in file order."""
    data = read_toml(path, ContentError)
    return [(k, f"{path} [{section}.{k}]", raw)
            for k, raw in tables(path, data, section, ContentError, ids=_ID).items()]


def _enum(where: str, key: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ContentError(f"{where}: {key} {value!r} is not one of {', '.join(allowed)}")


def _unique(where: str, key: str, values: tuple[str, ...]) -> tuple[str, ...]:
    if len(set(values)) != len(values):
        raise ContentError(f"{where}: {key} lists an id twice")
    return values


def _check_effect(where: str, raw: Any) -> None:
    """The verb of one effect is known and its table holds exactly the keys that verb needs
    (the types were checked against Effect with the move)."""
    verb = raw["verb"]
    if verb not in EFFECT_VERBS:
        raise ContentError(f"{where}: unknown effect verb {verb!r} (known: "
                           f"{', '.join(EFFECT_VERBS)})")
    needed = EFFECT_VERBS[verb]
    at = f"{where} effect {verb!r}"
    unknown = sorted(set(raw) - {"verb", *needed})
    if unknown:
        raise ContentError(f"{at}: unknown key {unknown[0]!r} (known: "
                           f"{', '.join(sorted(('verb', *needed)))})")
    for key in needed:
        if key not in raw:
            raise ContentError(f"{at}: missing required key {key!r}")
        if key != "condition" and not (0 if key == "rounds" else 1) <= raw[key] <= LIMITS[key]:
            raise ContentError(f"{at}: {key} is out of range ({raw[key]})")


def _check_move(path: Path | str, m: MoveDef, raw: dict[str, Any]) -> None:
    """What the types cannot say: vocabularies, ranges and the shape each kind needs. `path`
    names where the entry came from (a file, or "content" for a match's inline table); `raw` is
    the table as written there (its effects are checked verb by verb)."""
    where = f"{path} [moves.{m.id}]"
    _enum(where, "school", m.school, SCHOOLS)
    _enum(where, "action", m.action, ACTIONS)
    _enum(where, "kind", m.kind, KINDS)
    _enum(where, "ranged", m.ranged, RANGED)
    for key in ("offence", "defence", "contest", "damage_ability"):
        if getattr(m, key):
            _enum(where, key, getattr(m, key), ABILITIES)
    if m.damage_dice:
        try:
            spec = dice.parse(m.damage_dice)
        except ValueError as exc:
            raise ContentError(f"{where}: damage_dice: {exc}") from None
        if spec.bonus:
            raise ContentError(f"{where}: damage_dice takes plain dice; put the +n in damage_bonus")
        if spec.count > LIMITS["dice_count"] or spec.sides > LIMITS["dice_sides"]:
            raise ContentError(f"{where}: damage_dice is at most {LIMITS['dice_count']} dice of "
                               f"{LIMITS['dice_sides']} sides")
    for key in ("speed", "range_ft", "pushback_ft", "cooldown", "damage_bonus"):
        if getattr(m, key) < 0:
            raise ContentError(f"{where}: {key} cannot be negative")
        if getattr(m, key) > LIMITS[key]:
            raise ContentError(f"{where}: {key} is at most {LIMITS[key]}")
    for key in ("range_ft", "pushback_ft"):
        if getattr(m, key) % 5:
            raise ContentError(f"{where}: {key} must be a multiple of 5 ft (one hex, BND-05)")
    attaches = _unique(where, "attaches_to", m.attaches_to)
    for mode in attaches:
        _enum(where, "attaches_to", mode, MOVEMENT_MODES)
    for i, raw_e in enumerate(raw.get("effects", [])):
        _check_effect(f"{where} effects[{i}]", raw_e)
    verbs = {e.verb for e in m.effects}
    kind = m.kind
    # Shape checks per kind, so the rules code can rely on them.
    if kind in ("projectile", "melee"):
        if m.speed < 1 or m.range_ft < 5:
            raise ContentError(f"{where}: a {kind} needs speed >= 1 and range_ft >= 5")
        if not (m.offence or m.contest):
            raise ContentError(f"{where}: a {kind} needs an offence or a contest ability")
    if m.pushback_ft and m.speed < 1:
        # BND-72/75: the pushback moves at the action's own speed, so it must have one
        raise ContentError(f"{where}: a pushback needs the move's speed (speed >= 1)")
    if (m.damage_dice or m.damage_ability or m.damage_bonus) and not m.offence \
            and not m.contest:
        raise ContentError(f"{where}: damage without an offence or contest roll")
    if kind == "structure" and (not verbs & {"wall"} or m.speed < 1 or m.range_ft < 5):
        raise ContentError(f"{where}: a structure needs a 'wall' effect, speed >= 1, range_ft >= 5")
    if kind == "area" and (not verbs & {"veil"} or m.range_ft < 5):
        raise ContentError(f"{where}: an area needs a 'veil' effect and range_ft >= 5")
    if kind == "modifier":
        if m.action != "swift" or not attaches or not verbs & {"boost"}:
            raise ContentError(f"{where}: a modifier is a swift action with attaches_to and a "
                               "'boost' effect (BND-35)")
    elif attaches:
        raise ContentError(f"{where}: attaches_to is only for kind 'modifier'")
    wrong = {"wall": "structure", "veil": "area", "boost": "modifier"}
    for verb, owner_kind in wrong.items():
        if verb in verbs and kind != owner_kind:
            raise ContentError(f"{where}: effect {verb!r} belongs to kind {owner_kind!r}")
    if kind == "self" and m.range_ft:
        raise ContentError(f"{where}: a self move has no range")


def _sheet(where: str, cid: str, raw: Any) -> SheetDef:
    """The file's six ability keys gathered into `scores`, then checked against SheetDef."""
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: expected a table")
    known = [k for k in keys_of(SheetDef) if k not in ("id", "scores")] + list(ABILITIES)
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise ContentError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(known))})")
    for a in ABILITIES:
        if a not in raw:
            raise ContentError(f"{where}: missing required key {a!r}")
        if not isinstance(raw[a], int) or isinstance(raw[a], bool):
            raise ContentError(f"{where}: key {a!r} has the wrong type ({raw[a]!r}: expected an "
                               "integer)")
    rest = {k: v for k, v in raw.items() if k not in ABILITIES}
    s = entry(SheetDef, where, rest, ContentError, id=cid, scores={a: raw[a] for a in ABILITIES})
    if not 1 <= s.level <= 20:
        raise ContentError(f"{where}: level must be 1..20")
    for a in ABILITIES:
        if not 1 <= s.scores[a] <= 30:
            raise ContentError(f"{where}: {a} score must be 1..30")
    if s.hp < 1 or s.ab < 0 or s.db < 0:
        raise ContentError(f"{where}: hp must be 1 or more, ab and db 0 or more")
    base, swim = s.base_speed_ft, s.swim_speed_ft
    if base < 5 or base % 5 or swim < 0 or swim % 5:
        raise ContentError(f"{where}: base_speed_ft and swim_speed_ft are multiples of 5 ft "
                           "(base at least 5)")
    if swim == 0:
        swim = base // 2 // 5 * 5            # invented core: half base, rounded down to 5 ft
    _unique(where, "moves", s.moves)
    _unique(where, "talents", s.talents)
    return replace(s, swim_speed_ft=swim)


def load_content(folder: Path | None = None) -> Content:
    """Read and validate every bindings content file in `folder` (default game/data/bindings)."""
    folder = folder or paths.data_dir() / "bindings"
    p_moves, p_talents, p_conditions, p_sheets, p_teams = (
        folder / f"{n}.toml" for n in ("moves", "talents", "conditions", "combatants", "teams"))
    moves = {}
    for k, where, raw in _each(p_moves, "moves"):
        moves[k] = entry(MoveDef, where, raw, ContentError, id=k)
        _check_move(p_moves, moves[k], raw)
    talents = {}
    for k, where, raw in _each(p_talents, "talents"):
        talents[k] = entry(TalentDef, where, raw, ContentError, id=k)
        _check_talent(where, talents[k])
    conditions = {}
    for k, where, raw in _each(p_conditions, "conditions"):
        conditions[k] = entry(ConditionDef, where, raw, ContentError, id=k)
        _check_condition(where, conditions[k])
    sheets = {k: _sheet(where, k, raw) for k, where, raw in _each(p_sheets, "combatants")}
    teams = {}
    for k, where, raw in _each(p_teams, "teams"):
        teams[k] = entry(TeamDef, where, raw, ContentError, id=k)
        if not teams[k].members:
            raise ContentError(f"{where}: members must list one or more combatant ids")
        _unique(where, "maps", teams[k].maps)
    c = Content(moves, talents, conditions, sheets, teams)
    _cross_check(c, lambda name: str(folder / f"{name}.toml"), lambda name: f"{name}.toml")
    return c


def _check_talent(where: str, t: TalentDef) -> None:
    if t.per_round < 1:
        raise ContentError(f"{where}: per_round must be 1 or more")


def _check_condition(where: str, cond: ConditionDef) -> None:
    for verb in _unique(where, "verbs", cond.verbs):
        if verb not in CONDITION_VERBS:
            raise ContentError(f"{where}: unknown condition verb {verb!r} (known: "
                               f"{', '.join(CONDITION_VERBS)})")


def _cross_check(c: Content, at: Callable[[str], str], known: Callable[[str], str]) -> None:
    """What no single entry can say. `at(kind)` names where entries of a kind came from (the
    file, or "content"), `known(kind)` where a named id may be looked for (for messages)."""
    p_moves = at("moves")
    for mid in c.moves:
        if mid in MOVEMENT_MODES:
            # Defend and Opening name a move id or a movement mode in the same field
            raise ContentError(f"{p_moves} [moves.{mid}]: {mid!r} is a movement mode's name")
    for basic in BASIC_MOVES:
        if basic not in c.moves:
            raise ContentError(f"{p_moves}: the basic move {basic!r} is missing (BND-41..45)")
    for mid, m in c.moves.items():
        for e in m.effects:
            if e.verb in ("condition", "self_condition") and e.condition not in c.conditions:
                raise ContentError(f"{p_moves} [moves.{mid}]: effect {e.verb!r} names condition "
                                   f"{e.condition!r}, which is not in {known('conditions')}")
    for tid, t in c.talents.items():
        if t.reduces not in c.moves:
            raise ContentError(f"{at('talents')} [talents.{tid}]: reduces {t.reduces!r}, "
                               f"which is not in {known('moves')}")
    if NEUTRAL_SHEET in c.combatants:
        raise ContentError(f"{at('combatants')} [combatants.{NEUTRAL_SHEET}]: "
                           f"{NEUTRAL_SHEET!r} is reserved for the built-in plain sheet")
    for cid, s in c.combatants.items():
        where = f"{at('combatants')} [combatants.{cid}]"
        for mid in s.moves:
            if mid not in c.moves:
                raise ContentError(f"{where}: move {mid!r} is not in {known('moves')}")
            if mid in BASIC_MOVES:
                raise ContentError(f"{where}: {mid!r} is a basic move every combatant has; "
                                   "do not list it")
        for tid in s.talents:
            if tid not in c.talents:
                raise ContentError(f"{where}: talent {tid!r} is not in {known('talents')}")
            if c.talents[tid].reduces not in s.moves:
                raise ContentError(f"{where}: talent {tid!r} reduces "
                                   f"{c.talents[tid].reduces!r}, a move it does not know")
    for tid, t in c.teams.items():
        for member in t.members:
            if member not in c.combatants:
                raise ContentError(f"{at('teams')} [teams.{tid}]: member {member!r} "
                                   f"is not in {known('combatants')}")


# -- the bundled content and lookups ------------------------------------------------------------
_SETS = ContentSets(lambda: paths.data_dir() / "bindings", load_content, ContentError)


def content() -> Content:
    """The bundled content, loaded and validated once per process."""
    got = _SETS.sets.get("default")     # asked thousands of times a second: skip the name check
    return got if got is not None else _SETS.get()


# -- a match's inline content -------------------------------------------------------------------
# The sections a set-up's `content` table may hold, named as the files name them.
INLINE_SECTIONS = ("moves", "talents", "conditions", "combatants")
_INLINE = "content"          # how a refusal names the inline table (where a file gives its path)


def _file_form(s: SheetDef) -> dict[str, Any]:
    """A sheet as combatants.toml writes it (each ability score its own key), so an inline
    table can be laid over it key by key."""
    return {"name": s.name, "level": s.level, **s.scores, "ab": s.ab, "db": s.db, "hp": s.hp,
            "base_speed_ft": s.base_speed_ft, "swim_speed_ft": s.swim_speed_ft,
            "moves": list(s.moves), "talents": list(s.talents), "description": s.description}


def _build_inline(base: Content, inline: dict[str, Any]) -> Content:
    """`base` with the inline sections laid over it: a known id keeps every field the table
    does not name, a new id is a whole entry; each entry checked as a file's would be, then
    the cross-checks run on the merged set (a sheet may name an inline move, never an unknown
    one). Teams are the shipped ones."""
    if not isinstance(inline, dict):
        raise ContentError(f"{_INLINE}: must be a table of {', '.join(INLINE_SECTIONS)}")
    unknown = sorted(set(map(str, inline)) - set(INLINE_SECTIONS))
    if unknown:
        raise ContentError(f"{_INLINE}: unknown section {unknown[0]!r} (known: "
                           f"{', '.join(INLINE_SECTIONS)})")
    for section, table in inline.items():
        if not isinstance(table, dict):
            raise ContentError(f"{_INLINE} {section}: must be a table of entries by id")
        for eid in table:
            if not _ID.fullmatch(str(eid)):
                raise ContentError(f"{_INLINE} [{section}.{eid}]: ids are lower-case snake_case")
    new_moves = inline.get("moves", {})
    moves = overlay(base.moves, new_moves, "moves", MoveDef, _INLINE, ContentError)
    for k, raw in new_moves.items():
        _check_move(_INLINE, moves[k], raw)
    new_talents = inline.get("talents", {})
    talents = overlay(base.talents, new_talents, "talents", TalentDef, _INLINE, ContentError)
    for k in new_talents:
        _check_talent(f"{_INLINE} [talents.{k}]", talents[k])
    new_conditions = inline.get("conditions", {})
    conditions = overlay(base.conditions, new_conditions, "conditions", ConditionDef, _INLINE,
                         ContentError)
    for k in new_conditions:
        _check_condition(f"{_INLINE} [conditions.{k}]", conditions[k])
    combatants = dict(base.combatants)
    for k, raw in inline.get("combatants", {}).items():
        where = f"{_INLINE} [combatants.{k}]"
        if not isinstance(raw, dict):
            raise ContentError(f"{where}: expected a table")
        shipped = base.combatants.get(k)
        combatants[k] = _sheet(where, k, {**(_file_form(shipped) if shipped else {}), **raw})
    c = Content(moves, talents, conditions, combatants, base.teams)
    _cross_check(c, lambda name: _INLINE, lambda name: f"{name}.toml or the inline content")
    return c


def with_inline(inline: dict[str, Any] | None) -> Content:
    """The shipped content with a match's inline table laid over it (None or empty: the shipped
    set itself). Each distinct table is built and checked once per process; a broken one is a
    ContentError naming the entry and the key."""
    if inline is None:
        return content()
    if not isinstance(inline, dict):
        raise ContentError(f"{_INLINE}: must be a table of {', '.join(INLINE_SECTIONS)}, "
                           f"not {inline!r}")
    try:
        json.dumps(inline)          # saved with the state: plain values only (no TOML dates)
    except (TypeError, ValueError):
        raise ContentError(f"{_INLINE}: holds a value that is not text, a number, a truth "
                           "value, a list or a table") from None
    return _SETS.with_inline("default", inline, _build_inline)


def content_of(state: BindingsState) -> Content:
    """The content this match's rules read: the shipped set, or with the state's inline table
    laid over it. Resolved on first use and kept on the state (copies share it), so a state
    without an inline table pays one attribute read."""
    c = state.rules_content
    if c is None:
        c = state.rules_content = with_inline(state.content)
    return c


# The neutral sheet: the plain defaults of the state's Combatant record (every score 10, AB 1,
# DB 1, 20 HP, 30 ft on foot, half that swimming), knowing only the basic moves, so a set-up's
# ordinary combatant needs no overrides. Built here, never read from data; no file may use the id.
NEUTRAL_SHEET = "neutral"


def neutral_sheet() -> SheetDef:
    """The neutral sheet, built from Combatant's defaults and checked like a file's sheet."""
    plain = Combatant(id=NEUTRAL_SHEET, name="Neutral", sheet=NEUTRAL_SHEET, side=0, x=0, y=0)
    return _sheet("the neutral sheet", NEUTRAL_SHEET, {
        "name": plain.name, "level": plain.level, **plain.scores, "ab": plain.ab, "db": plain.db,
        "hp": plain.hp, "base_speed_ft": plain.base_speed, "swim_speed_ft": plain.swim_speed,
        "description": "A plain combatant: average scores and only the basic moves."})


_NEUTRAL = neutral_sheet()


def move(move_id: str, c: Content | None = None) -> MoveDef:
    """A move by id; KeyError names it when unknown."""
    c = c or content()
    try:
        return c.moves[move_id]
    except KeyError:
        raise KeyError(f"unknown bindings move {move_id!r}") from None


def sheet(sheet_id: str, c: Content | None = None) -> SheetDef:
    """A combatant sheet by id (`NEUTRAL_SHEET` is the neutral sheet); KeyError names it."""
    if sheet_id == NEUTRAL_SHEET:
        return _NEUTRAL
    c = c or content()
    try:
        return c.combatants[sheet_id]
    except KeyError:
        raise KeyError(f"unknown bindings combatant {sheet_id!r} (known: "
                       f"{', '.join(sorted(c.combatants))} or {NEUTRAL_SHEET!r})") from None


def known_moves(sheet_id: str, c: Content | None = None) -> list[str]:
    """Every move a combatant of this sheet can use: the basic moves first, then its own."""
    return [*BASIC_MOVES, *sheet(sheet_id, c).moves]


def combatant_fields(sheet_id: str, c: Content | None = None) -> dict[str, Any]:
    """The sheet's numbers as keyword arguments for state.Combatant (add id, side, x, y):
    name, sheet, level, scores, ab, db, hp, max_hp, base_speed, swim_speed, moves (basic moves
    included, BND-41..45) and talents. Fresh containers each call."""
    s = sheet(sheet_id, c)
    return {"name": s.name, "sheet": s.id, "level": s.level, "scores": dict(s.scores),
            "ab": s.ab, "db": s.db, "hp": s.hp, "max_hp": s.hp, "base_speed": s.base_speed_ft,
            "swim_speed": s.swim_speed_ft, "moves": known_moves(sheet_id, c),
            "talents": list(s.talents)}


def teams_for_map(map_name: str | None, c: Content | None = None) -> list[TeamDef]:
    """Teams that suit a map (a file name or path, compared by file name): those made for it
    first, in file order, then the map-agnostic ones (an empty `maps`), which suit every map."""
    c = c or content()
    name = str(map_name).replace("\\", "/").rsplit("/", 1)[-1] if map_name else None
    made = [t for t in c.teams.values() if name and name in t.maps]
    return made + [t for t in c.teams.values() if not t.maps]


# -- presentation (assets/bindings/*.toml) ------------------------------------------------------
SHAPES = ("circle", "square", "diamond", "triangle", "hexagon", "star")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatantLooks:
    """[<id>] in assets/bindings/combatants.toml: how a combatant's token is drawn."""

    colour: str
    outline: str = "#202020"
    shape: str = "circle"        # SHAPES
    glyph: str
    title: str


@dataclass(frozen=True, slots=True)
class Looks:
    """[<id>] in assets/bindings/moves.toml and conditions.toml."""

    colour: str
    glyph: str


# file name -> (content attribute its ids must match, entry type)
_P_FILES: dict[str, tuple[str, type]] = {
    "combatants.toml": ("combatants", CombatantLooks), "moves.toml": ("moves", Looks),
    "conditions.toml": ("conditions", Looks)}


@dataclass(frozen=True, slots=True)
class Presentation:
    """id -> presentation table (values as in the file, defaults filled) per kind of content."""

    combatants: dict[str, dict[str, Any]]
    moves: dict[str, dict[str, Any]]
    conditions: dict[str, dict[str, Any]]


def load_presentation(folder: Path | None = None, c: Content | None = None) -> Presentation:
    """Read assets/bindings/{combatants,moves,conditions}.toml: one `[<id>]` table per content id
    of that kind (an unknown id or a missing one is refused), colours as "#rrggbb", glyphs of 1-2
    characters, a short title (at most 14 characters) per combatant."""
    folder = folder or paths.assets_dir() / "bindings"
    c = c or content()
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for fname, (attr, cls) in _P_FILES.items():
        path = folder / fname
        data = read_toml(path, ContentError)
        ids = getattr(c, attr)
        unknown = sorted(set(data) - set(ids))
        if unknown:
            raise ContentError(f"{path} [{unknown[0]}]: not a {attr[:-1]} id in game/data/bindings")
        missing = sorted(set(ids) - set(data))
        if missing:
            raise ContentError(f"{path}: no entry for {attr[:-1]} {missing[0]!r}")
        tables = {}
        for key, raw in data.items():
            where = f"{path} [{key}]"
            t = as_table(entry(cls, where, raw, ContentError))
            for ck in ("colour", "outline"):
                if ck in t and not _COLOUR.match(t[ck]):
                    raise ContentError(f"{where}: {ck} {t[ck]!r} is not '#rrggbb'")
            if not 1 <= len(t["glyph"]) <= 2:
                raise ContentError(f"{where}: glyph must be 1 or 2 characters")
            if "shape" in t:
                _enum(where, "shape", t["shape"], SHAPES)
            if "title" in t and not 1 <= len(t["title"]) <= 14:
                raise ContentError(f"{where}: title must be 1..14 characters")
            tables[key] = t
        out[attr] = tables
    return Presentation(**out)


_LOOKS = ContentSets(lambda: paths.assets_dir() / "bindings", load_presentation, ContentError)


def presentation() -> Presentation:
    """The bundled presentation tables, loaded and validated once per process."""
    return _LOOKS.get()
