"""A strife series: one side's creatures carried from battle to battle, with rests between.

Owns: the `Series` record (the system, the carried side, what that side keeps after each battle
as the system wrote it, the battles fought, the rest history and the series clock in seconds,
the next battle's configuration, the battle in progress if any), the order of a series
(battle -> results -> rest -> next battle), and its JSON file: written atomically and read
within safeio's limits through saves.py, refused with a `SaveError` naming the file and the
problem. A battle in progress is stored as an ordinary match save inside the series file and
replayed like one.

Must not: know any system's rules. What a side keeps, how a rest heals and which rests are
allowed are the system's hooks (`carry_out`, `carry_in`, `rest_options`, `rest` on
rules.SystemBase); a system whose `offers_series` is False offers no series.
"""
from __future__ import annotations

import copy
import json
import os
import time
from dataclasses import dataclass, field
from typing import Any

from . import registry, saves
from .match import Match
from .rng import Rng
from .rules import ConfigError, MatchConfig, RuleSystem
from .carry import RestOption, RestOutcome, SeriesError
from .saves import SaveError

FORMAT = "strife-table-series"
VERSION = 1
MAX_BATTLES = 1_000         # far beyond any evening's campaign; a bigger file is refused
MAX_RESTS = 2_000

__all__ = ["RestOption", "RestOutcome", "Series", "SeriesError"]


@dataclass(slots=True)
class Series:
    """A series of battles for one side (`side`) of `system`. `config` is the next battle's
    configuration before `carry_in` (the client changes its map and set-up between battles);
    `carried` what the side kept (the system's JSON; None before the first battle);
    `battles` one record per battle fought ({"map", "winner", "seconds"}); `rests` one per rest
    ({"after", "kind", "start", "seconds", "lines"}); `clock` the seconds since the series
    began (battles and rests); `rng` rolls the rests; `match` the battle being fought."""

    system_id: str
    side: int
    config: MatchConfig
    carried: dict[str, Any] | None = None
    battles: list[dict[str, Any]] = field(default_factory=list)
    rests: list[dict[str, Any]] = field(default_factory=list)
    clock: int = 0
    rng: Rng = field(default_factory=lambda: Rng.from_seed(0, stream=77))
    match: Match | None = None
    label: str = ""

    # -- creation --------------------------------------------------------------------------------
    @classmethod
    def start(cls, config: MatchConfig, side: int = 0, label: str = "") -> "Series":
        """A new series whose first battle is `config`; ConfigError when the system offers
        none. The rests' generator is its own stream from the config's seed."""
        system = registry.get(config.system)
        if not system.offers_series:
            raise ConfigError(f"{system.name} offers no series of battles")
        if not 0 <= side < len(config.seats):
            raise ConfigError(f"side {side} has no seat")
        return cls(config.system, side, copy.deepcopy(config),
                   rng=Rng.from_seed(config.seed, stream=77), label=label)

    @property
    def system(self) -> RuleSystem:
        return registry.get(self.system_id)

    @property
    def rested(self) -> bool:
        """Whether a rest was taken since the last battle (one rest per gap)."""
        return bool(self.rests) and self.rests[-1]["after"] == len(self.battles)

    # -- the order of a series -----------------------------------------------------------------
    def next_battle(self, config: MatchConfig | None = None) -> Match:
        """Start the next battle (from `config`, or the series' own) with what the side carried
        into it (`carry_in`); ConfigError when the system refuses the set-up."""
        if self.match is not None and not self.match.over:
            raise SeriesError("a battle of this series is still being fought")
        if config is not None:
            if config.system != self.system_id:
                raise ConfigError("every battle of a series is played under the same rules")
            self.config = copy.deepcopy(config)
        base = copy.deepcopy(self.config)
        made = base if self.carried is None else self.system.carry_in(base, self.carried)
        self.match = Match.new(made)
        return self.match

    def finish_battle(self) -> dict[str, Any]:
        """Record the battle just ended: what the side keeps (`carry_out`) and the time it
        took; the battle's record."""
        match = self.match
        if match is None or not match.over:
            raise SeriesError("no finished battle to record")
        system = self.system
        seconds = system.elapsed_seconds(match.state)
        self.carried = system.carry_out(match.state, self.side, self)
        record = {"map": match.config.map or "", "winner": match.winner, "seconds": seconds}
        self.battles.append(record)
        self.clock += seconds
        self.match = None
        return record

    def rest_options(self) -> list[RestOption]:
        """The rests the system offers now (none before the first battle or after a rest)."""
        if self.carried is None or self.rested or self.match is not None:
            return []
        return self.system.rest_options(self.carried, self)

    def rest(self, kind: str, choices: dict[str, Any] | None = None) -> RestOutcome:
        """Take the rest `kind` with the player's `choices` (the system says what they are);
        SeriesError when it is not offered now."""
        offered = {o.kind: o for o in self.rest_options()}
        option = offered.get(kind)
        if option is None:
            raise SeriesError(f"no {kind!r} rest is offered now")
        if not option.allowed:
            raise SeriesError(option.why)
        outcome = self.system.rest(self.carried, kind, self.rng, dict(choices or {}), self)
        self.rests.append({"after": len(self.battles), "kind": kind, "start": self.clock,
                           "seconds": outcome.seconds, "lines": list(outcome.lines)})
        self.clock += outcome.seconds
        self.carried = outcome.data
        return outcome

    # -- JSON ------------------------------------------------------------------------------------
    def to_document(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game_version": saves.GAME_VERSION,
                "system": self.system_id, "label": self.label, "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
                "side": self.side, "config": self.config.to_json(),
                "carried": copy.deepcopy(self.carried),
                "battles": copy.deepcopy(self.battles),
                "rests": copy.deepcopy(self.rests), "clock": self.clock,
                "rng": self.rng.to_json(),
                "match": None if self.match is None else saves.to_document(self.match)}

    @classmethod
    def from_document(cls, doc: Any, path: str | os.PathLike = "<memory>") -> "Series":
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise SaveError(path, "this is not a Strife Table series")
        version = doc.get("version")
        if not isinstance(version, int) or version > VERSION:
            raise SaveError(path, f"the series format {version!r} cannot be read by this "
                                  f"version (it reads up to {VERSION})")
        try:
            config = MatchConfig.from_json(doc["config"])
            system = registry.get(config.system)
            side, clock = doc["side"], doc["clock"]
            if type(side) is not int or type(clock) is not int or clock < 0 \
                    or not 0 <= side < len(config.seats):
                raise ValueError("the side or the clock is not a valid number")
            battles, rests = doc["battles"], doc["rests"]
            if not isinstance(battles, list) or not isinstance(rests, list) \
                    or len(battles) > MAX_BATTLES or len(rests) > MAX_RESTS \
                    or not all(isinstance(b, dict) for b in battles + rests):
                raise ValueError("the battles and rests must be lists of records")
            carried = doc["carried"]
            if carried is not None and not isinstance(carried, dict):
                raise ValueError("the carried side must be a record")
            rng = Rng.from_json(doc["rng"])
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(path, f"the series is damaged: {exc}") from None
        if not system.offers_series:
            raise SaveError(path, f"{system.name} offers no series of battles")
        series = cls(config.system, side, config, carried, list(battles), list(rests), clock,
                     rng, None, str(doc.get("label", ""))[:saves.LABEL_SHOWN])
        if doc.get("match") is not None:
            series.match = saves.from_document(doc["match"], path)
            if series.match.config.system != config.system:
                raise SaveError(path, "the battle in progress is of another rule system")
        return series

    def save(self, path: str | os.PathLike) -> None:
        saves.write_text(path, json.dumps(self.to_document(), indent=1))

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Series":
        return cls.from_document(saves.read_document(path), path)

