"""The contract every rule system fulfils, and the pieces systems share.

Owns: `RuleSystem` (the type of what `Match` and the client call) and `SystemBase` (the class every
rule system subclasses: it names every optional hook with its default, so callers call a hook
directly instead of probing for it), `BalanceHooks` (what the balance command needs of a system),
`HouseRule` (a game-master call settled at match set-up), `MatchConfig`/`SeatConfig` (what a match
is made from), `IllegalAction` and `Refusal` (why an action is refused: the rule ID and a player's
words).

Must not: hold any system's rules. A system is plain data plus small functions behind this
interface (docs/new-system.md walks through writing one).
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator, Protocol

from .decisions import Decision
from .rng import Rng


# A rule ID written in brackets at the end of a reason, e.g. "... cooling down (ABC-101)".
_RULE_AT_END = re.compile(r"\(([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-\d+[a-z]?)\)\s*$")


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is refused: `words` a player understands and the checklist `rule` they
    apply ("" when no single rule does, e.g. "it is not your turn")."""

    words: str
    rule: str = ""

    def __str__(self) -> str:
        """The words with the rule ID in brackets at the end (once), as a player reads it."""
        if self.rule and not self.words.rstrip().endswith(f"({self.rule})"):
            return f"{self.words} ({self.rule})"
        return self.words

    @classmethod
    def of(cls, reason: "str | Refusal") -> "Refusal":
        """A Refusal from a validate() answer; a plain string's rule is the ID it names in
        brackets at its end, if any."""
        if isinstance(reason, Refusal):
            return reason
        found = _RULE_AT_END.search(reason)
        return cls(reason, found.group(1) if found else "")


class IllegalAction(ValueError):
    """An action that is not allowed now. The message says why, in a player's words; `rule` is
    the checklist ID of the rule that refuses it ("" when none applies)."""

    def __init__(self, reason: "str | Refusal", rule: str = "") -> None:
        refusal = Refusal.of(reason)
        if rule:
            refusal = Refusal(refusal.words, rule)
        super().__init__(str(refusal))
        self.reason = refusal.words          # the words alone
        self.rule = refusal.rule


class ConfigError(ValueError):
    """A match configuration (set-up, house rules, teams, map) cannot start a match."""


@dataclass(frozen=True, slots=True)
class HouseRule:
    """A game-master call answered before play. `choices` maps a stored value to its label;
    `rule` names the checklist entry (e.g. "ABC-GM-13")."""

    id: str
    label: str
    rule: str
    default: Any
    choices: tuple[tuple[Any, str], ...]
    help: str = ""

    def validate(self, value: Any) -> Any:
        allowed = [c for c, _ in self.choices]
        if value not in allowed:
            raise ConfigError(f"house rule {self.id!r}: {value!r} is not one of {allowed}")
        return value


@dataclass(slots=True)
class SeatConfig:
    kind: str = "human"            # "human" or "ai"
    difficulty: str = "normal"     # for AI seats: "easy", "normal", "hard"
    name: str = ""

    def to_json(self) -> dict:
        return {"kind": self.kind, "difficulty": self.difficulty, "name": self.name}

    @classmethod
    def from_json(cls, d: dict) -> "SeatConfig":
        if d.get("kind") not in ("human", "ai"):
            raise ConfigError(f"seat kind must be 'human' or 'ai', not {d.get('kind')!r}")
        return cls(d["kind"], str(d.get("difficulty", "normal")), str(d.get("name", "")))


# Seeds the generator takes as they are: 0 .. 2**64 - 1. A larger number would be folded into
# that range silently, so two different seeds in a file would play the same game.
SEED_LIMIT = 2**64


def check_seed(seed: int) -> None:
    if not 0 <= seed < SEED_LIMIT:
        raise ConfigError(f"seed {seed} is outside 0 .. {SEED_LIMIT - 1}")


@dataclass(slots=True)
class MatchConfig:
    """Everything a match is built from. `map` is a path (relative to the maps folder, or
    absolute) or None for systems without maps or with an inline grid in `setup`; `setup` holds
    system-specific choices (teams, units, overrides, inline grid)."""

    system: str
    seed: int = 0
    seats: list[SeatConfig] = field(default_factory=lambda: [SeatConfig(), SeatConfig()])
    map: str | None = None
    house_rules: dict[str, Any] = field(default_factory=dict)
    setup: dict[str, Any] = field(default_factory=dict)
    # forced results for rolls made while the match is set up (scenarios forcing initiative);
    # part of the config, so a save replays them exactly
    setup_dice: list[int] = field(default_factory=list)

    def to_json(self) -> dict:
        out = {"system": self.system, "seed": self.seed, "seats": [s.to_json() for s in self.seats],
               "map": self.map, "house_rules": dict(self.house_rules), "setup": self.setup}
        if self.setup_dice:
            out["setup_dice"] = list(self.setup_dice)
        return out

    @classmethod
    def from_json(cls, d: dict) -> "MatchConfig":
        if not isinstance(d, dict) or not isinstance(d.get("system"), str):
            raise ConfigError("match config must be an object naming its 'system'")
        seed = d.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ConfigError(f"seed must be an integer, not {seed!r}")
        check_seed(seed)
        seats = d.get("seats", [{"kind": "human"}, {"kind": "human"}])
        if not isinstance(seats, list):
            raise ConfigError("seats must be a list")
        if not all(isinstance(s, dict) for s in seats):
            raise ConfigError("every seat must be an object")
        for key in ("house_rules", "setup"):
            if not isinstance(d.get(key) or {}, dict):
                raise ConfigError(f"'{key}' must be an object")
        setup_dice = d.get("setup_dice", [])
        if not isinstance(setup_dice, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in setup_dice):
            raise ConfigError(f"setup_dice must be a list of integers, not {setup_dice!r}")
        return cls(d["system"], seed, [SeatConfig.from_json(s) for s in seats], d.get("map"),
                   dict(d.get("house_rules") or {}), dict(d.get("setup") or {}), list(setup_dice))


class BalanceHooks(Protocol):
    """What `python -m game balance` needs of a system to pair its picks up (game/cli/balance.py
    describes each in its module docstring)."""

    def roster(self, config: MatchConfig) -> list[str]: ...
    def answer_pick(self, state: Any, decision: Decision, legal: list,
                    wanted: dict[str, str]) -> Any: ...
    def describe(self, state: Any) -> dict: ...


class RuleSystem(Protocol):
    """What a rule system provides (the type callers name). State is the system's own
    (mutable) dataclass; `Match` copies it before every action so a rejected or failed action
    changes nothing. Every system subclasses `SystemBase`, which gives the optional hooks
    (marked below) their defaults."""

    id: str
    name: str
    description: str                                 # optional: ""
    house_rules: tuple[HouseRule, ...]               # optional: none
    seat_count: tuple[int, int]                      # optional: (2, 2) = (minimum, maximum) seats

    def setup(self, config: MatchConfig, rng: Rng) -> tuple[Any, list]: ...
    def legal_actions(self, state: Any) -> list: ...
    def apply(self, state: Any, action: Any, rng: Rng) -> list: ...
    def decision(self, state: Any) -> Decision | None: ...
    def winner(self, state: Any) -> int | None: ...
    def is_over(self, state: Any) -> bool: ...
    def view(self, state: Any, seat: int) -> Any: ...
    def state_from_json(self, data: dict) -> Any: ...
    def example_config(self, seed: int) -> MatchConfig: ...   # a playable default match
    # -- optional hooks (SystemBase's defaults) --
    state_version: int                               # optional: 1
    config_derived_state: tuple[str, ...]            # optional: none
    def state_to_json(self, state: Any) -> dict: ...
    def validate(self, state: Any, action: Any) -> "Refusal | str | None": ...
    def check_invariants(self, state: Any) -> list[str]: ...
    def upgrade_saved_state(self, data: Any) -> Any: ...
    def check_map(self, board: Any) -> list: ...
    def legal_part(self, state: Any, kind: type) -> list | None: ...
    checks_by_part: bool                            # given: whether legal_part is written
    def scenario_setup(self, setup: dict[str, Any], shortcuts: dict[str, Any]
                       ) -> tuple[dict[str, Any], dict[str, Any]]: ...
    def scenario_start(self, state: Any, shortcuts: dict[str, Any], rng: Rng) -> list: ...
    builder_kinds: tuple[str, ...]                  # optional: () (no builder)
    def check_build(self, kind: str, table: dict[str, Any], setup: dict[str, Any]
                    ) -> dict[str, Any]: ...
    def load_bots(self) -> None: ...
    def teams_for_map(self, map_path: str) -> list[tuple[str, str]]: ...
    def default_teams(self, map_path: str, seats: int) -> list[str]: ...
    def extra_seats(self, house_rules: dict[str, Any]) -> list[str]: ...
    def match_stats(self, state: Any) -> list[tuple[str, str]]: ...
    def progress(self, state: Any) -> str: ...
    def side_of(self, state: Any, who: str) -> int | None: ...
    def balance_hooks(self) -> BalanceHooks | None: ...
    def reference_entries(self) -> list: ...
    offers_series: bool                             # optional: False (no series of battles)
    def elapsed_seconds(self, state: Any) -> int: ...
    def carry_out(self, state: Any, side: int, series: Any) -> dict: ...
    def carry_in(self, config: MatchConfig, data: dict) -> MatchConfig: ...
    def rest_options(self, data: dict, series: Any) -> list: ...
    def rest(self, data: dict, kind: str, rng: Rng, choices: dict[str, Any], series: Any
             ) -> Any: ...


class SystemBase:
    """The base class of every rule system: the required parts raise NotImplementedError until
    a system writes them, the optional hooks have the defaults documented on each, so callers
    call every hook directly and a system writes only what its rules need."""

    id: str = ""
    name: str = ""
    description: str = ""
    house_rules: tuple[HouseRule, ...] = ()
    seat_count: tuple[int, int] = (2, 2)          # (minimum, maximum) seats
    state_version: int = 1                         # written into every saved state
    builder_kinds: tuple[str, ...] = ()            # entries check_build builds (none: no builder)
    # raised whenever a rules fix can change where a saved log leads; `rules_changes` says, by
    # the version that brought it, what changed (a save made before is refused with those words
    # when its log no longer replays, instead of a bare "cannot be replayed")
    rules_version: int = 1
    rules_changes: dict[int, str] = {}
    # keys of the saved state made from the match config alone (the sides' names from the teams
    # or seats picked): a save written before such a key existed lacks it, and loading takes
    # the replay's value for it (made from that same save's config) instead of refusing
    config_derived_state: tuple[str, ...] = ()

    # -- required --------------------------------------------------------------------------------
    def setup(self, config: MatchConfig, rng: Rng) -> tuple[Any, list]:
        """The opening state and the events of setting it up."""
        raise NotImplementedError

    def legal_actions(self, state: Any) -> list:
        """Every action the deciding seat may submit now (the one list of what is allowed)."""
        raise NotImplementedError

    def apply(self, state: Any, action: Any, rng: Rng) -> list:
        """Change `state` by a validated action; the events that happened."""
        raise NotImplementedError

    def decision(self, state: Any) -> Decision | None:
        """Who must choose what now; None when the match is over."""
        raise NotImplementedError

    def winner(self, state: Any) -> int | None:
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        raise NotImplementedError

    def view(self, state: Any, seat: int) -> Any:
        """What `seat` may see of the state (hidden information redacted)."""
        raise NotImplementedError

    def state_from_json(self, data: dict) -> Any:
        """The state `state_to_json` wrote (inside `reading_save()`, so damage reads as such)."""
        raise NotImplementedError

    def example_config(self, seed: int) -> MatchConfig:
        """A playable default match (the new-match screen starts from it without a map)."""
        raise NotImplementedError

    # -- optional hooks, with their defaults -------------------------------------------------------
    def state_to_json(self, state: Any) -> dict:
        """The state's own `to_json()` with `state_version` added (under "version")."""
        d = state.to_json()
        d["version"] = self.state_version
        return d

    def validate(self, state: Any, action: Any) -> "Refusal | str | None":
        """None when `action` may be submitted now, else why not (a Refusal, or words that may
        end with the rule ID in brackets). It accepts exactly what legal_actions lists; the
        default gives no reason beyond that."""
        return refuse_unlisted(self.legal_actions(state), action)

    def legal_part(self, state: Any, kind: type) -> list | None:
        """The legal actions of `kind` alone, for checking one action without listing them all
        (a save's replay checks every action it reads). It must be exactly the actions of that
        kind in `legal_actions(state)`, built by the same code (a system splits its listing into
        parts and joins them for the whole list); None means "ask the whole list", the default."""
        return None

    @property
    def checks_by_part(self) -> bool:
        """Whether this system writes `legal_part` (an action may be checked without the whole
        list): the client then never lists a position only to check an AI's answer."""
        return type(self).legal_part is not SystemBase.legal_part

    def check_invariants(self, state: Any) -> list[str]:
        """What is wrong with `state` (bots and tests check it after every action); none."""
        return []

    def upgrade_saved_state(self, data: Any) -> Any:
        """A save's stored state JSON in today's shape, for comparing with the replayed
        position (a field an older version wrote and this one no longer has); unchanged."""
        return data

    #: [start] shortcuts the set-up itself takes under the same key (an initiative order given
    #: before any die is rolled and any turn has begun); `scenario_setup` moves them there
    setup_shortcuts: tuple[str, ...] = ()

    def scenario_setup(self, setup: dict[str, Any], shortcuts: dict[str, Any]
                       ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The set-up and the [start] shortcuts left for `scenario_start`, after moving the
        `setup_shortcuts` into the set-up; one given both ways is a ConfigError."""
        moved = [k for k in self.setup_shortcuts if k in shortcuts]
        if not moved:
            return setup, shortcuts
        for key in moved:
            if key in setup:
                raise ConfigError(f"the {key} is given twice ([start] and [setup])")
        rest = {k: v for k, v in shortcuts.items() if k not in moved}
        return {**setup, **{k: shortcuts[k] for k in moved}}, rest

    def scenario_start(self, state: Any, shortcuts: dict[str, Any], rng: Rng) -> list:
        """A scenario's [start] shortcuts (every key but `set`, e.g. an initiative order), applied
        to the freshly set-up `state` in place; the events, if any. A key the system does not
        know is a ConfigError naming it; the default knows none."""
        if shortcuts:
            raise ConfigError(f"[start] {sorted(shortcuts)[0]!r}: {self.id} has no such shortcut "
                              f"(it knows none; write the state with [start] set)")
        return []

    def check_build(self, kind: str, table: dict[str, Any], setup: dict[str, Any]
                    ) -> dict[str, Any]:
        """A character-builder entry of `kind` (a scenario's [[build]], for builder rules that
        no battle action shows), built against the content of `setup`: its figures (a cost, a
        budget...), or a ConfigError saying why the builder refuses it. `builder_kinds` lists
        the kinds it builds; the default has no builder."""
        raise ConfigError(f"{self.id} has no character builder: [[build]] cannot be used")

    def check_map(self, board: Any) -> list:
        """The system's own problems with a map (beyond the generic ones); none."""
        return []

    def load_bots(self) -> None:
        """Import the system's bots (they register themselves); without any, RandomBot plays."""

    def teams_for_map(self, map_path: str) -> list[tuple[str, str]]:
        """(team id, label) a seat may pick on this map; none means no team picker."""
        return []

    def default_teams(self, map_path: str, seats: int) -> list[str]:
        """The team each of `seats` seats starts with on this map before a player picks; by
        default the offered teams in turn (seat 1 the first, seat 2 the second, ...)."""
        ids = [tid for tid, _ in self.teams_for_map(map_path)]
        return [ids[i % len(ids)] for i in range(seats)] if ids else []

    def extra_seats(self, house_rules: dict[str, Any]) -> list[str]:
        """Labels of the seats the chosen house rules add after the players' (always human,
        e.g. a game master who judges for the table); none."""
        return []

    def match_stats(self, state: Any) -> list[tuple[str, str]]:
        """(label, value) lines of the system's own for the results screen; none."""
        return []

    def progress(self, state: Any) -> str:
        """How far the match has gone, in a few words ("Round 3"), for a save's summary on the
        load screen; nothing by default."""
        return ""

    def side_of(self, state: Any, who: str) -> int | None:
        """The side (seat) of `who`, a unit id or a seat number as the core events name them
        (DamageDealt's victim, DiceRolled's actor), for the results screen's per-side figures;
        by default a seat number names its own side and nothing else has one."""
        return int(who) if who.isdigit() else None

    def balance_hooks(self) -> BalanceHooks | None:
        """What the balance command pairs up and reads back; None: the system offers none."""
        return None

    def reference_entries(self) -> list:
        """The rules reference's pages made from the system's content (game.engine.reference
        `Entry`s: sheets, items, cards... with their stats); none by default. House rules and
        the prose file are added by the reference itself."""
        return []

    # -- a series of battles (game.engine.series); a system offers one by setting offers_series
    # and writing the four hooks below
    offers_series: bool = False

    def elapsed_seconds(self, state: Any) -> int:
        """How long the battle in `state` has lasted in the fiction, in seconds (the series
        clock); 0 by default."""
        return 0

    def carry_out(self, state: Any, side: int, series: Any) -> dict:
        """What `side` keeps after the battle in `state` (JSON data), given the `series` record
        (what it carried in, its clock at the battle's start)."""
        raise ConfigError(f"{self.name} offers no series of battles")

    def carry_in(self, config: MatchConfig, data: dict) -> MatchConfig:
        """A new battle's configuration that starts from what a side carried (`data`)."""
        raise ConfigError(f"{self.name} offers no series of battles")

    def rest_options(self, data: dict, series: Any) -> list:
        """The rests (series.RestOption) offered between two battles; none by default."""
        return []

    def rest(self, data: dict, kind: str, rng: Rng, choices: dict[str, Any], series: Any
             ) -> Any:
        """Take the rest `kind` (one `rest_options` allowed): a series.RestOutcome."""
        raise ConfigError(f"{self.name} offers no series of battles")

    # -- for the system's own use ----------------------------------------------------------------
    @contextmanager
    def reading_save(self) -> Iterator[None]:
        """Around reading a saved state: a missing field or a wrong value (KeyError, TypeError,
        ValueError, AttributeError) becomes a ConfigError saying the system's save state is
        damaged, so loading reports it instead of crashing; a ConfigError passes as it is."""
        try:
            yield
        except ConfigError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ConfigError(f"{self.id} save state is damaged: {exc!r}") from None


def resolve_house_rules(system: RuleSystem, chosen: dict[str, Any]) -> dict[str, Any]:
    """Defaults for every house rule, overridden by `chosen`; unknown ids are an error."""
    known = {h.id: h for h in system.house_rules}
    unknown = set(chosen) - set(known)
    if unknown:
        raise ConfigError(f"unknown house rules for {system.id}: {sorted(unknown)}")
    out = {h.id: h.default for h in system.house_rules}
    for key, value in chosen.items():
        out[key] = known[key].validate(value)
    return out


def refuse_unlisted(legal: list, action: Any) -> Refusal | None:
    """The plainest validate: accept exactly what `legal` lists. Systems use it as the last word
    after their specific reasons, so validate and legal_actions agree by construction."""
    if action in legal:
        return None
    return Refusal(f"{getattr(action, 'kind', action)!r} is not allowed now")


def refuse_concede(action: Any, decision: Decision | None) -> str | None:
    """Why a Concede (game.engine.actions) may not be submitted now, or None: only the seat that
    is deciding may give up, and only while someone decides."""
    if decision is None or action.seat != decision.seat:
        return "only the seat that is deciding may concede"
    return None
