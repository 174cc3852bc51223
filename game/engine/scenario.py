"""Scenario files: a match set up from TOML, a list of actions with forced dice, and expectations.

Owns: reading a scenario file (docs/scenarios.md describes the format), running it through
`Match.submit` exactly as play would, and reporting every difference between what the file
expects and what happened, in words a rules author or game master can act on. Rules tests,
bug reports and game-master rulings all use this one format.

Must not: know any rule system. Everything system-specific (units, items, grid, teams) goes into
`MatchConfig.setup` untouched, actions are built by the shared action registry, and end-state
checks are dotted paths into `system.state_to_json(state)`. No I/O besides reading the file;
no `random` (dice are forced or come from the scenario's seed).

Paths (`lookup`) are generic too: besides table keys, list positions and item ids, a segment
`[path=value]` picks the first list item for which `path` has `value`, `[path]` maps every item
to `path`, and `#` counts. Inside brackets `*` stands for the item itself, so a list of ids can
be followed into a table keyed by id (`players.0.hand[cards.*.cid=w_swing]`) without the runner
knowing what a card is. Action fields written as `"$path"` are such paths, read from the state
just before the step, so a file can name "the first swing in seat 0's hand" whatever ids the
set-up happened to hand out.
"""
from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import registry
from .actions import ACTIONS
from .match import Match
from .records import RecordError, to_json
from .rng import ForcedValueError
from . import safeio
from .rules import ConfigError, IllegalAction, MatchConfig, SeatConfig, check_seed

_TOP_KEYS = {"name", "description", "rules", "dice", "match", "grid", "setup", "start", "step",
             "expect", "build"}
_BUILD_KEYS = {"expect", "refused", "note"}    # and one entry kind the system's builder knows
_MATCH_KEYS = {"system", "map", "seed", "house_rules", "setup_dice", "seats"}
_CHECK_KEYS = {"events", "not_events", "state", "decision", "legal", "not_legal", "over", "winner"}
_STEP_KEYS = _CHECK_KEYS | {"action", "dice", "rolls", "expect_illegal", "note"}
_START_SET = "set"   # the one [start] key the runner reads itself; the others are the system's
# a rule ID such as "GEM-40" or "GW-12a": an expect_illegal of this shape names the refusing rule
_RULE_ID = re.compile(r"^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-\d+[a-z]?$")
NONE = "<none>"      # TOML has no null: this text stands for "no value" wherever a value goes


class ScenarioError(Exception):
    """A scenario file cannot be read or makes no sense. The message names the file and where."""

    def __init__(self, path: str | Path, problem: str):
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


@dataclass
class Checks:
    """What should be true at one point: after a step, or at the end."""

    events: list[dict] | None = None              # matched in order, as a subsequence
    not_events: list[dict] = field(default_factory=list)      # none of these may happen
    state: list[tuple[str, Any]] = field(default_factory=list)   # (dotted path, value)
    decision: dict | None = None                  # fields of Decision.to_json()
    legal: list[dict] = field(default_factory=list)        # each matches some legal action
    not_legal: list[dict] = field(default_factory=list)    # none matches any legal action
    over: bool | None = None
    winner: int | None = None
    has_winner: bool = False

    def empty(self) -> bool:
        return (self.events is None and not self.not_events and not self.state and self.decision is None and not self.legal
                and not self.not_legal and self.over is None and not self.has_winner)


@dataclass
class Step:
    number: int
    action: Any = None                 # a registered action record, or None for a checks-only step
    dice: list[int] = field(default_factory=list)
    expect_illegal: str | None = None
    rolls: int | None = None           # the exact number of dice the step must roll, all forced
    note: str = ""
    checks: Checks = field(default_factory=Checks)
    raw_action: dict | None = None     # as written; rebuilt before the step when it has "$path"s

    @property
    def label(self) -> str:
        if self.raw_action is not None:          # as written, "$path"s and all
            return f"step {self.number} ({describe(self.raw_action)})"
        if self.action is None:
            return f"step {self.number}"
        return f"step {self.number} ({describe(to_json(self.action))})"


@dataclass
class Build:
    """A [[build]]: one character-builder entry (RuleSystem.check_build), with the figures it
    must come to or the refusal it must get."""

    number: int
    kind: str
    table: dict[str, Any]
    expect: dict[str, Any] = field(default_factory=dict)
    refused: str | None = None
    note: str = ""

    @property
    def label(self) -> str:
        return f"[[build]] {self.number} ({self.kind})"


@dataclass
class Scenario:
    path: Path
    name: str
    description: str
    rules: list[str]
    config: MatchConfig
    dice: list[int]
    steps: list[Step]
    checks: Checks
    #: [start] set: (dotted path, value) written into the state after set-up, in order
    start_set: list[tuple[str, Any]] = field(default_factory=list)
    #: the other [start] keys: the system's shortcuts (RuleSystem.scenario_start)
    start_shortcuts: dict[str, Any] = field(default_factory=dict)
    builds: list[Build] = field(default_factory=list)


@dataclass
class Result:
    scenario: Scenario
    differences: list[str] = field(default_factory=list)
    #: mistakes in the file found only by running it (an unknown house rule, a path that leads
    #: nowhere, forced dice never rolled): the scenario is broken, not the rules
    errors: list[str] = field(default_factory=list)
    initial_events: list[dict] = field(default_factory=list)
    steps: list[tuple[Step, list[dict], str | None]] = field(default_factory=list)  # events, refusal
    match: Match | None = None

    @property
    def passed(self) -> bool:
        return not self.differences and not self.errors

    @property
    def status(self) -> str:
        """ERROR (the file is wrong), FAIL (the rules differ from it) or PASS."""
        return "ERROR" if self.errors else "FAIL" if self.differences else "PASS"


# -- reading ----------------------------------------------------------------------------------------
def load(path: str | Path) -> Scenario:
    """Read and check a scenario file; raise ScenarioError naming the file and the problem."""
    p = Path(path)
    try:
        data = safeio.loads_toml(safeio.read_limited(p, safeio.MAX_TEXT_BYTES, "file"), p, "file")
    except safeio.FileRefused as exc:
        raise ScenarioError(p, exc.reason) from None
    return parse(data, p)


def _fail(path: Path, where: str, problem: str) -> ScenarioError:
    return ScenarioError(path, f"{where}: {problem}" if where else problem)


def _int_list(path: Path, where: str, value: Any) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool)
                                              for v in value):
        raise _fail(path, where, f"must be a list of whole numbers, not {value!r}")
    return list(value)


def _table(path: Path, where: str, value: Any) -> dict:
    if not isinstance(value, dict):
        raise _fail(path, where, f"must be a table, not {value!r}")
    return value


def _unknown(path: Path, where: str, table: dict, allowed: set[str]) -> None:
    extra = sorted(set(table) - allowed)
    if extra:
        raise _fail(path, where, f"unknown key {extra[0]!r} (allowed: {', '.join(sorted(allowed))})")


def _resolve_map(path: Path, name: Any) -> str:
    from game.paths import maps_dir
    if not isinstance(name, str) or not name:
        raise _fail(path, "[match] map", f"must be a file name, not {name!r}")
    given = Path(name)
    if given.is_absolute():
        if not given.exists():
            raise _fail(path, "[match] map", f"{name} does not exist")
        return name
    beside = path.parent / given
    if beside.exists():
        return str(beside.resolve())
    if (maps_dir() / given).exists():
        return name                      # relative to the maps folder, as saves store it
    raise _fail(path, "[match] map", f"{name!r} is neither next to the scenario nor in the maps "
                                     f"folder ({maps_dir()})")


def _not_empty(path: Path, where: str, table: dict) -> None:
    """An empty check would pass whatever happened: it is a mistake in the file, never a check."""
    for key in ("events", "not_events", "state", "decision", "legal", "not_legal"):
        if key in table and table[key] in ({}, []):
            raise _fail(path, f"{where} {key}", "is empty, so it would pass whatever happens; "
                                                "say what to check or leave the key out")


def _checks(path: Path, where: str, table: dict) -> Checks:
    _not_empty(path, where, table)
    c = Checks()
    for key in ("events", "not_events"):
        if key in table:
            events = table[key]
            if not isinstance(events, list) or not all(isinstance(e, dict) and isinstance(e.get("kind"), str)
                                                       for e in events):
                raise _fail(path, f"{where} {key}", "must be a list of tables, each with a 'kind'")
            if key == "events":
                c.events = events
            else:
                c.not_events = events
    if "state" in table:
        c.state = _pairs(path, f"{where} state", table["state"])
    if "decision" in table:
        c.decision = _table(path, f"{where} decision", table["decision"])
    for key in ("legal", "not_legal"):
        if key in table:
            value = table[key]
            if not isinstance(value, list) or not all(isinstance(a, dict) and isinstance(a.get("kind"), str)
                                                      for a in value):
                raise _fail(path, f"{where} {key}", "must be a list of action tables, each with a 'kind'")
            setattr(c, key, value)
    if "over" in table:
        if not isinstance(table["over"], bool):
            raise _fail(path, f"{where} over", "must be true or false")
        c.over = table["over"]
    if "winner" in table:
        w = table["winner"]
        if w == NONE:
            c.winner = None
        elif isinstance(w, int) and not isinstance(w, bool):
            c.winner = w
        else:
            raise _fail(path, f"{where} winner", f'must be a side number or "{NONE}" (a draw)')
        c.has_winner = True
    return c


def _pairs(path: Path, where: str, value: Any) -> list[tuple[str, Any]]:
    """`{"dotted.path" = value, ...}` or `[["dotted.path", value], ...]` as (path, value) pairs."""
    if isinstance(value, dict):
        pairs = list(value.items())
    elif isinstance(value, list) and all(isinstance(e, list) and len(e) == 2
                                         and isinstance(e[0], str) for e in value):
        pairs = [(e[0], e[1]) for e in value]
    else:
        raise _fail(path, where, 'must be a table of "dotted.path" = value, or a list of '
                                 "[path, value] pairs")
    if not pairs:
        raise _fail(path, where, "is empty, so it would do nothing; leave the key out")
    for dotted, _ in pairs:
        try:
            _segments(dotted)
        except KeyError as exc:
            raise _fail(path, f"{where} {dotted!r}", exc.args[0]) from None
    return pairs


def _start(path: Path, value: Any) -> tuple[list[tuple[str, Any]], dict[str, Any]]:
    """[start]: `set` (paths into the state) and the system's shortcuts (every other key)."""
    table = _table(path, "[start]", value)
    if not table:
        raise _fail(path, "[start]", "is empty, so it would change nothing; leave it out")
    shortcuts = {k: v for k, v in table.items() if k != _START_SET}
    pairs = _pairs(path, f"[start] {_START_SET}", table[_START_SET]) if _START_SET in table else []
    return pairs, copy.deepcopy(shortcuts)


def _action(path: Path, where: str, value: Any, kind_only: bool = False):
    if not isinstance(value, dict) or not isinstance(value.get("kind"), str):
        raise _fail(path, f"{where} action", 'must be a table with a "kind", '
                                             'e.g. {kind = "end_turn"}')
    try:
        if kind_only:
            return ACTIONS.cls_for(value["kind"])
        return ACTIONS.from_json(nothings(value))
    except RecordError as exc:
        raise _fail(path, f"{where} action", f"{exc} (known kinds: {', '.join(ACTIONS.kinds())})"
                    if "unknown" in str(exc) and "kind" in str(exc) else str(exc)) from None


def parse(data: dict, path: str | Path = "<scenario>") -> Scenario:
    """Build a Scenario from already parsed TOML (a dict)."""
    path = Path(path)
    _unknown(path, "top level", data, _TOP_KEYS)
    match = _table(path, "[match]", data.get("match"))
    _unknown(path, "[match]", match, _MATCH_KEYS)
    system_id = match.get("system")
    if not isinstance(system_id, str):
        known = ", ".join(f'"{s.id}"' for s in registry.all_systems())
        raise _fail(path, "[match] system", f"must name a rule system by its id, one of {known}")
    try:
        registry.get(system_id)            # also registers the system's action kinds
    except ConfigError as exc:
        raise _fail(path, "[match] system", str(exc)) from None
    seed = match.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise _fail(path, "[match] seed", f"must be a whole number, not {seed!r}")
    try:
        check_seed(seed)
    except ConfigError as exc:
        raise _fail(path, "[match] seed", str(exc)) from None
    house_rules = _table(path, "[match] house_rules", match.get("house_rules", {}))
    setup = copy.deepcopy(_table(path, "[setup]", data.get("setup", {})))
    map_name = None
    if "map" in match:
        map_name = _resolve_map(path, match["map"])
    if "grid" in data:
        grid = _table(path, "[grid]", data["grid"])
        if map_name is not None:
            raise _fail(path, "[grid]", "give either [match] map or [grid], not both")
        if "grid" in setup:
            raise _fail(path, "[grid]", "the grid is given twice ([grid] and [setup] grid)")
        rows = grid.get("rows")
        if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
            raise _fail(path, "[grid] rows", "must be a non-empty list of text rows")
        setup["grid"] = copy.deepcopy(grid)
    seats = [SeatConfig(), SeatConfig()]
    if "seats" in match:
        raw_seats = match["seats"]
        if not isinstance(raw_seats, list) or not all(isinstance(s, dict) for s in raw_seats):
            raise _fail(path, "[match] seats", "must be a list of tables such as {kind = \"human\"}")
        try:
            seats = [SeatConfig.from_json(s) for s in raw_seats]
        except ConfigError as exc:
            raise _fail(path, "[match] seats", str(exc)) from None
    config = MatchConfig(system_id, seed, seats, map_name, dict(house_rules), setup,
                         _int_list(path, "[match] setup_dice", match.get("setup_dice", [])))

    rules = data.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise _fail(path, "rules", 'must be a list of rule IDs, e.g. rules = ["ABC-23"]')
    dice = _int_list(path, "dice", data.get("dice", []))

    raw_steps = data.get("step", [])
    if not isinstance(raw_steps, list):
        raise _fail(path, "step", "steps are written as [[step]] tables")
    steps = []
    for n, raw in enumerate(raw_steps, 1):
        where = f"[[step]] {n}"
        raw = _table(path, where, raw)
        _unknown(path, where, raw, _STEP_KEYS)
        step = Step(n, checks=_checks(path, where, raw))
        if "action" in raw:
            if _has_refs(raw["action"]):
                # built before the step, once its "$path"s are read; only the kind is known now
                _action(path, where, {"kind": raw["action"].get("kind")}, kind_only=True)
                step.raw_action = copy.deepcopy(raw["action"])
            else:
                step.action = _action(path, where, raw["action"])
        step.dice = _int_list(path, f"{where} dice", raw.get("dice", []))
        if "rolls" in raw:
            rolls = raw["rolls"]
            if not isinstance(rolls, int) or isinstance(rolls, bool) or rolls < 0:
                raise _fail(path, f"{where} rolls", f"must be a whole number of dice, 0 or more, "
                                                    f"not {rolls!r}")
            if step.action is None and step.raw_action is None:
                raise _fail(path, f"{where} rolls", "needs an action that rolls")
            step.rolls = rolls
        if "expect_illegal" in raw:
            if step.action is None and step.raw_action is None:
                raise _fail(path, f"{where} expect_illegal", "needs an action to refuse")
            if not isinstance(raw["expect_illegal"], str):
                raise _fail(path, f"{where} expect_illegal", "must be a rule ID (\"GEM-40\"), "
                                                             "a text fragment of the reason, or "
                                                             '"" for any refusal')
            step.expect_illegal = raw["expect_illegal"]
        note = raw.get("note", "")
        if not isinstance(note, str):
            raise _fail(path, f"{where} note", "must be text")
        step.note = note
        steps.append(step)

    expect = _table(path, "[expect]", data.get("expect", {}))
    _unknown(path, "[expect]", expect, _CHECK_KEYS)
    checks = _checks(path, "[expect]", expect)
    name = data.get("name", path.stem)
    description = data.get("description", "")
    if not isinstance(name, str) or not isinstance(description, str):
        raise _fail(path, "name/description", "must be text")
    builds = _builds(path, data.get("build", []), registry.get(system_id).builder_kinds)
    if not steps and checks.empty() and not builds:
        raise _fail(path, "", "the scenario has no [[step]], no [expect] and no [[build]]: it "
                              "checks nothing")
    start_set, shortcuts = _start(path, data["start"]) if "start" in data else ([], {})
    return Scenario(path, name, description, list(rules), config, dice, steps, checks,
                    start_set, shortcuts, builds)


def _builds(path: Path, raw_builds: Any, known: tuple[str, ...]) -> list[Build]:
    if not isinstance(raw_builds, list):
        raise _fail(path, "build", "builder checks are written as [[build]] tables")
    if raw_builds and not known:
        raise _fail(path, "[[build]]", "this system has no character builder")
    out = []
    for n, raw in enumerate(raw_builds, 1):
        where = f"[[build]] {n}"
        raw = _table(path, where, raw)
        kinds = sorted(set(raw) - _BUILD_KEYS)
        if len(kinds) != 1 or not isinstance(raw[kinds[0]], dict):
            raise _fail(path, where, f"needs exactly one entry to build, written as a table "
                                     f"such as {known[0]} = {{...}} (this system's builder "
                                     f"builds {', '.join(known)}), not "
                                     f"{', '.join(kinds) or 'none'}")
        if kinds[0] not in known:
            raise _fail(path, f"{where} {kinds[0]}", f"the builder builds {', '.join(known)}")
        build = Build(n, kinds[0], copy.deepcopy(raw[kinds[0]]))
        if "expect" in raw:
            build.expect = _table(path, f"{where} expect", raw["expect"])
            _not_empty(path, f"{where} expect", build.expect)
        if "refused" in raw:
            if not isinstance(raw["refused"], str):
                raise _fail(path, f"{where} refused", "must be a text fragment of the reason, "
                                                      'or "" for any refusal')
            if build.expect:
                raise _fail(path, where, "give expect (it is built) or refused, not both")
            build.refused = raw["refused"]
        if not build.expect and build.refused is None:
            raise _fail(path, where, "needs expect = {...} or refused = \"...\": it checks "
                                     "nothing")
        note = raw.get("note", "")
        if not isinstance(note, str):
            raise _fail(path, f"{where} note", "must be text")
        build.note = note
        out.append(build)
    return out


# -- comparing --------------------------------------------------------------------------------------
def _show(value: Any) -> str:
    return json.dumps(value, separators=(", ", "="), default=str).replace('"', "")


def describe(record: dict) -> str:
    """'abc.move unit=u1 to=[3, 4]': a record's JSON on one line (its kind, then its fields)."""
    fields = " ".join(f"{k}={_show(v)}" for k, v in record.items() if k != "kind")
    return f"{record.get('kind')} {fields}".strip()


def differences(expected: Any, actual: Any, where: str = "") -> list[str]:
    """How `actual` fails to match `expected`: tables match on the keys given only, lists item by
    item, true/false only equal true/false, numbers compare by value, and the text "<none>"
    matches only a missing value (JSON null)."""
    here = where or "value"
    if expected == NONE:
        return [] if actual is None else [f"{here} is {_show(actual)}, expected nothing ({NONE})"]
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{here} is {_show(actual)}, expected a table {_show(expected)}"]
        if not expected and actual:        # {} means "an empty table", never "any table"
            return [f"{here} is {_show(actual)}, expected an empty table"]
        out = []
        for key, value in expected.items():
            sub = f"{where}.{key}" if where else str(key)
            if key not in actual:
                out.append(f"{sub} is missing (has: {', '.join(map(str, actual)) or 'nothing'})")
            else:
                out.extend(differences(value, actual[key], sub))
        return out
    if isinstance(expected, list):
        if not isinstance(actual, (list, tuple)):
            return [f"{here} is {_show(actual)}, expected {_show(expected)}"]
        if len(actual) != len(expected):
            return [f"{here} is {_show(actual)}, expected {_show(expected)}"]
        return [d for i, (e, a) in enumerate(zip(expected, actual))
                for d in differences(e, a, f"{where}[{i}]")]
    if isinstance(expected, bool) or isinstance(actual, bool):
        if expected is actual:
            return []
        return [f"{here} is {_show(actual)}, expected {_show(expected)}"]
    if expected == actual:
        return []
    return [f"{here} is {_show(actual)}, expected {_show(expected)}"]


def _segments(dotted: str) -> list[str]:
    """'players.0.hand[cards.*.cid=x].#' -> ['players', '0', 'hand', '[cards.*.cid=x]', '#']:
    dots inside brackets belong to the bracket."""
    out: list[str] = []
    word = ""
    depth = 0
    for ch in dotted:
        if ch == "[" and depth == 0:
            if word:
                out.append(word)
            word = "["
            depth = 1
        elif ch == "[":
            depth += 1
            word += ch
        elif ch == "]" and depth:
            depth -= 1
            word += ch
            if depth == 0:
                out.append(word)
                word = ""
        elif ch == "." and depth == 0:
            if word:
                out.append(word)
            word = ""
        else:
            word += ch
    if depth:
        raise KeyError(f"{dotted!r} has a '[' without its ']'")
    if word:
        out.append(word)
    return out


def _inner(root: Any, item: Any, path: str) -> Any:
    """The value of a bracket's path for one list item: with a '*', a path from the state's
    root with the item put in place of the '*'; without, a path inside the item."""
    if "*" in path:
        return lookup(root, path.replace("*", str(item)))
    return lookup(item, path)


def _bracket(root: Any, current: Any, segment: str, walked: str) -> Any:
    body = segment[1:-1]
    if "=" not in body:                  # [path]: map each item (or the single value)
        if isinstance(current, list):       # an empty place (null) stays empty
            return [None if item is None else _inner(root, item, body) for item in current]
        return None if current is None else _inner(root, current, body)
    inner, _, want = body.partition("=")
    if not isinstance(current, list):
        raise KeyError(f"{walked or 'the state'} is {_show(current)}, not a list to pick from "
                       f"with {segment}")
    for item in current:
        try:
            value = _inner(root, item, inner)
        except KeyError:
            continue
        if (NONE if value is None else str(value).lower() if isinstance(value, bool)
                else str(value)) == want:
            return item
    raise KeyError(f"{walked or 'the state'} has no item with {inner} = {want} "
                   f"(it has {len(current)} items)")


def lookup(data: Any, dotted: str, root: Any = None) -> Any:
    """Follow 'units.garnet.hp' into JSON: table keys, list indexes, or the list item whose
    'id' is the segment; '[path=value]' picks the first list item whose path has that value,
    '[path]' maps items to their path, '#' counts a list or table ('*' in a bracket is the
    item, read from the root: 'hand[cards.*.cid=x]'). Raises KeyError with a readable message."""
    root = data if root is None else root
    current = data
    walked: list[str] = []
    for part in _segments(dotted):
        here = ".".join(walked)
        if part.startswith("["):
            current = _bracket(root, current, part, here)
        elif part == "#":
            if not isinstance(current, (list, dict)):
                raise KeyError(f"{here} is {_show(current)}, which cannot be counted")
            current = len(current)
        elif isinstance(current, dict):
            if part not in current:
                raise KeyError(f"{here or 'the state'} has no {part!r} "
                               f"(it has: {', '.join(map(str, current)) or 'nothing'})")
            current = current[part]
        elif isinstance(current, list):
            if part.lstrip("-").isdigit():
                i = int(part)
                if not -len(current) <= i < len(current):
                    raise KeyError(f"{here} has {len(current)} items, no item {i}")
                current = current[i]
            else:
                matches = [v for v in current if isinstance(v, dict) and str(v.get("id")) == part]
                if not matches:
                    raise KeyError(f"{here} has no item with id {part!r}")
                current = matches[0]
        else:
            raise KeyError(f"{here} is {_show(current)}, which has no {part!r}")
        walked.append(part)
    return current


def assign(data: Any, dotted: str, value: Any) -> None:
    """Write `value` at a `lookup` path inside JSON, in place: the last segment is a table key
    that already exists, a list position, a list item's id, or `[path=value]` (that item is
    replaced). Raises KeyError with a readable message; a path may not invent new keys, so a
    misspelt name is an error rather than a field the system never reads."""
    parts = _segments(dotted)
    if not parts or parts[-1] == "#" or (parts[-1].startswith("[") and "=" not in parts[-1]):
        raise KeyError(f"{dotted!r} does not end at one place to write")
    parent = lookup(data, _join(parts[:-1])) if len(parts) > 1 else data
    last = parts[-1]
    where = _join(parts[:-1]) or "the state"
    if isinstance(parent, dict):
        if last not in parent:
            raise KeyError(f"{where} has no {last!r} (it has: "
                           f"{', '.join(map(str, parent)) or 'nothing'})")
        parent[last] = value
    elif isinstance(parent, list):
        if last.startswith("["):
            item = _bracket(data, parent, last, where)
            i = next(n for n, v in enumerate(parent) if v is item)
        elif last.lstrip("-").isdigit():
            i = int(last)
            if not -len(parent) <= i < len(parent):
                raise KeyError(f"{where} has {len(parent)} items, no item {i}")
        else:
            found = [n for n, v in enumerate(parent) if isinstance(v, dict)
                     and str(v.get("id")) == last]
            if not found:
                raise KeyError(f"{where} has no item with id {last!r}")
            i = found[0]
        parent[i] = value
    else:
        raise KeyError(f"{where} is {_show(parent)}, which has no {last!r}")


def _join(parts: list[str]) -> str:
    out = ""
    for p in parts:
        out += p if p.startswith("[") or not out else "." + p
    return out


def _has_refs(value: Any) -> bool:
    if isinstance(value, str):
        return value.startswith("$") and not value.startswith("$$")
    if isinstance(value, dict):
        return any(_has_refs(v) for k, v in value.items() if k != "kind")
    if isinstance(value, list):
        return any(_has_refs(v) for v in value)
    return False


def nothings(value: Any) -> Any:
    """`value` with every NONE text ("<none>") made JSON null (an action field or a [start]
    value that must be empty: TOML cannot write null)."""
    if isinstance(value, str):
        return None if value == NONE else value
    if isinstance(value, dict):
        return {k: v if k == "kind" else nothings(v) for k, v in value.items()}
    if isinstance(value, list):
        return [nothings(v) for v in value]
    return value


def resolve_refs(value: Any, state: Any) -> Any:
    """An action as written with every "$path" text replaced by what the path holds in `state`
    ("$$" at the start stands for a plain "$"). Raises KeyError naming the path."""
    if isinstance(value, str):
        if value.startswith("$$"):
            return value[1:]
        if value.startswith("$"):
            try:
                return lookup(state, value[1:])
            except KeyError as exc:
                raise KeyError(f"{value}: {exc.args[0]}") from None
        return value
    if isinstance(value, dict):
        return {k: v if k == "kind" else resolve_refs(v, state) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve_refs(v, state) for v in value]
    return value


def match_events(expected: list[dict], actual: list[dict], where: str) -> list[str]:
    """Each expected event must appear, in order (other events may come between)."""
    out = []
    pos = 0
    for n, exp in enumerate(expected, 1):
        for i in range(pos, len(actual)):
            if not differences(exp, actual[i]):
                pos = i + 1
                break
        else:
            msg = f"{where}: expected event {n} ({describe(exp)}) did not happen"
            same = [a for a in actual[pos:] if a.get("kind") == exp["kind"]]
            if same:
                near = "; ".join(", ".join(differences(exp, a)) for a in same[:3])
                msg += f"; the {exp['kind']} events that did happen differ: {near}"
            elif actual[pos:]:
                msg += f"; what happened was: {', '.join(a.get('kind', '?') for a in actual[pos:])}"
            else:
                msg += "; no further events happened"
            out.append(msg)
    return out


def _check(checks: Checks, match: Match, events: list[dict], where: str,
           errors: list[str]) -> list[str]:
    """The differences between `checks` and the match; a mistake in the file itself (a state
    path that leads nowhere) goes to `errors`."""
    out: list[str] = []
    if checks.events is not None:
        out += match_events(checks.events, events, where)
    for unwanted in checks.not_events:
        hits = [describe(e) for e in events if not differences(unwanted, e)]
        if hits:
            out.append(f"{where}: {describe(unwanted)} should not have happened, but did: "
                       f"{'; '.join(hits[:3])}")
    if checks.state:
        state = json.loads(json.dumps(match.system.state_to_json(match.state)))
        for dotted, value in checks.state:
            try:
                actual = lookup(state, dotted)
            except KeyError as exc:
                errors.append(f"{where}: state {dotted}: the path leads nowhere ({exc.args[0]})")
                continue
            out += [f"{where}: state {d}" for d in differences(value, actual, dotted)]
    if checks.decision is not None:
        decision = match.decision
        if decision is None:
            out.append(f"{where}: expected a decision ({describe(checks.decision)}), but nobody "
                       f"has to decide (the match is over)")
        else:
            out += [f"{where}: decision {d}" for d in differences(checks.decision, decision.to_json(),
                                                                  "")]
    if checks.legal or checks.not_legal:
        legal = [to_json(a) for a in match.legal_actions()]
        for want in checks.legal:
            if not any(not differences(want, a) for a in legal):
                same = [describe(a) for a in legal if a.get("kind") == want["kind"]]
                out.append(f"{where}: expected {describe(want)} to be legal; legal "
                           f"{want['kind']} actions: {'; '.join(same[:6]) or 'none'}"
                           + (f" (and {len(same) - 6} more)" if len(same) > 6 else ""))
        for bad in checks.not_legal:
            hits = [describe(a) for a in legal if not differences(bad, a)]
            if hits:
                out.append(f"{where}: expected {describe(bad)} to be illegal, but legal: "
                           f"{'; '.join(hits[:3])}")
    if checks.over is not None and match.over != checks.over:
        out.append(f"{where}: expected the match {'to be over' if checks.over else 'to go on'}, "
                   f"but it {'is over' if match.over else 'goes on'}")
    if checks.has_winner and match.winner != checks.winner:
        out.append(f"{where}: winner is {match.winner}, expected {checks.winner}")
    return out


# -- running ----------------------------------------------------------------------------------------
def run(scenario: Scenario) -> Result:
    """Play the scenario and collect every difference. Never raises for rule problems: a refused
    action, a crash in the rules or a die that does not fit are all reported as differences."""
    result = Result(scenario)
    config = copy.deepcopy(scenario.config)
    for build in scenario.builds:
        _run_build(build, config, result)
    if not scenario.steps and scenario.checks.empty():
        return result       # a builder-only file: there is no battle to set up
    system = registry.get(config.system)
    try:
        config.setup, shortcuts = system.scenario_setup(dict(config.setup or {}),
                                                        dict(scenario.start_shortcuts))
    except ConfigError as exc:
        result.errors.append(f"[start]: {exc}")
        return result
    try:
        match = Match.new(config)
    except ConfigError as exc:      # the file asks for a set-up the system refuses
        result.errors.append(f"the match could not be set up: {_exc_text(exc)}")
        return result
    except Exception as exc:        # a crash in a system's set-up is the scenario's report
        result.differences.append(f"the match could not be set up: {_exc_text(exc)}")
        return result
    result.match = match
    result.initial_events = [to_json(e) for e in match.initial_events]
    if scenario.start_set or shortcuts:
        problem = _start_match(scenario, shortcuts, match, result.initial_events)
        if problem:
            result.errors.append(problem)
            return result
    all_events = list(result.initial_events)
    if scenario.dice:
        match.force_dice(scenario.dice)
    for step in scenario.steps:
        if step.dice:
            match.force_dice(step.dice)
        events: list[dict] = []
        refusal: str | None = None
        if step.raw_action is not None:
            try:
                state = json.loads(json.dumps(match.system.state_to_json(match.state)))
                action = ACTIONS.from_json(nothings(resolve_refs(step.raw_action, state)))
            except (KeyError, RecordError) as exc:
                result.steps.append((step, events, None))
                result.errors.append(f"{step.label}: {exc.args[0] if exc.args else exc}")
                result.errors.append("(the steps after it were not run)")
                return result
        else:
            action = step.action
        forced_before = len(match.rng.forced)
        drawn_before = match.rng.state
        if step.rolls is not None and forced_before < step.rolls:
            result.steps.append((step, events, None))
            result.errors.append(f"{step.label}: rolls = {step.rolls}, but only {forced_before} "
                                 f"forced dice are waiting: give them in the step's dice")
            result.errors.append("(the steps after it were not run)")
            return result
        if action is not None:
            try:
                outcome = match.submit(action)
            except IllegalAction as exc:
                refusal = str(exc)
                result.steps.append((step, events, refusal))
                if step.expect_illegal is None:
                    result.differences.append(f"{step.label}: refused: {refusal}")
                    result.differences.append("(the steps after it were not run)")
                    return result
                if _RULE_ID.match(step.expect_illegal):
                    if exc.rule != step.expect_illegal:
                        result.differences.append(
                            f"{step.label}: refused as expected, but by rule "
                            f"{exc.rule or '(none named)'}, not {step.expect_illegal}: {refusal!r}")
                elif step.expect_illegal.lower() not in refusal.lower():
                    result.differences.append(
                        f"{step.label}: refused as expected, but the reason {refusal!r} does not "
                        f"contain {step.expect_illegal!r}")
            except ForcedValueError as exc:
                result.steps.append((step, events, None))
                result.differences.append(f"{step.label}: a forced die does not fit the roll: {exc}")
                result.differences.append("(the steps after it were not run)")
                return result
            except Exception as exc:   # a crash in the rules is exactly what a bug report shows
                result.steps.append((step, events, None))
                result.differences.append(f"{step.label}: the rules failed with {_exc_text(exc)}")
                result.differences.append("(the steps after it were not run)")
                return result
            else:
                events = [to_json(e) for e in outcome.events]
                all_events += events
                result.steps.append((step, events, None))
                if step.expect_illegal is not None:
                    result.differences.append(
                        f"{step.label}: expected it to be refused ({step.expect_illegal!r}), "
                        f"but it was allowed")
        else:
            result.steps.append((step, events, None))
        if step.rolls is not None:
            # exactly: every die forced (no draw from the generator) and none left waiting
            left = len(match.rng.forced)
            rolled = forced_before - left
            drew = match.rng.state != drawn_before
            if rolled != step.rolls or left or drew:
                result.differences.append(
                    f"{step.label}: expected exactly {step.rolls} dice rolled, it rolled {rolled} "
                    f"forced" + (f", left {left} forced unrolled" if left else "")
                    + (" and drew unforced dice" if drew else ""))
        result.differences += _check(step.checks, match, events, step.label, result.errors)
    result.differences += _check(scenario.checks, match, all_events, "at the end", result.errors)
    if match.rng.forced:
        result.errors.append(f"at the end: forced dice {match.rng.forced} were never rolled "
                             f"(more dice are given than the steps roll)")
    return result


def _run_build(build: Build, config: MatchConfig, result: Result) -> None:
    """One [[build]] against the system's builder: its figures compared with `expect`, or its
    refusal with `refused`."""
    system = registry.get(config.system)
    try:
        figures = system.check_build(build.kind, copy.deepcopy(build.table),
                                     copy.deepcopy(config.setup or {}))
    except ConfigError as exc:
        if build.refused is None:
            result.differences.append(f"{build.label}: refused: {exc}")
        elif build.refused.lower() not in str(exc).lower():
            result.differences.append(f"{build.label}: refused as expected, but the reason "
                                      f"{str(exc)!r} does not contain {build.refused!r}")
        return
    if build.refused is not None:
        result.differences.append(f"{build.label}: expected it to be refused "
                                  f"({build.refused!r}), but it was built: {figures}")
        return
    for key, want in build.expect.items():
        if key not in figures:
            result.errors.append(f"{build.label}: the builder gives no {key!r} (it gives "
                                 f"{', '.join(sorted(figures))})")
        elif figures[key] != want:
            result.differences.append(f"{build.label}: {key} is {_show(figures[key])}, "
                                      f"expected {_show(want)}")


def _start_match(scenario: Scenario, shortcuts: dict[str, Any], match: Match,
                 events: list[dict]) -> str | None:
    """Put the [start] position in place of the set-up one: the system's shortcuts first, then
    each `set` path written into `state_to_json`, read back with `state_from_json` (which
    recomputes whatever is derived) and checked with `check_invariants`. The problem, if any."""
    system = match.system
    state = match.state
    if shortcuts:
        try:
            events += [to_json(e) for e in system.scenario_start(state, shortcuts, match.rng)]
        except ConfigError as exc:
            return f"{exc}"
    if scenario.start_set:
        data = json.loads(json.dumps(system.state_to_json(state)))
        for dotted, value in scenario.start_set:
            try:
                # "$path" values read the position as written so far; "<none>" is null
                assign(data, dotted, nothings(resolve_refs(copy.deepcopy(value), data)))
            except KeyError as exc:
                return f"[start] set {dotted!r}: the path leads nowhere ({exc.args[0]})"
        paths = ", ".join(repr(d) for d, _ in scenario.start_set)
        try:
            with system.reading_save():
                state = system.state_from_json(data)
        except ConfigError as exc:
            return f"[start] set ({paths}): the system cannot read the position: {exc}"
        problems = system.check_invariants(state)
        if problems:
            return (f"[start] set ({paths}) makes a position that cannot be: "
                    f"{'; '.join(problems[:4])}")
    match.state = state
    match.edited()          # a new position: the legal list and checkpoint start from here
    return None


def _exc_text(exc: BaseException, max_lines: int = 6) -> str:
    text = str(exc) if isinstance(exc, (ConfigError, IllegalAction)) \
        else f"{exc.__class__.__name__}: {exc}"
    lines = text.splitlines()
    if len(lines) > max_lines:      # a broken map can list hundreds of problems: show the first
        text = "\n".join(lines[:max_lines]) + f"\n... and {len(lines) - max_lines} more lines"
    return text


def run_file(path: str | Path) -> Result:
    """Load and run one file (ScenarioError if the file itself is malformed)."""
    return run(load(path))
