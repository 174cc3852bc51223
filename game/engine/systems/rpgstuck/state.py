"""RPGStuck match state: creatures with their numbers and conditions, the initiative order, the
acting creature's turn (its action economy, B-11), pending decisions (reactions such as Block),
what each side knows (last seen squares, found secrets) and the end of the battle.

Owns: `Creature`, `Condition`, `Turn`, `RpgState` and their JSON. A creature record holds every
number the rules read (copied from content at set-up, so a scenario may change one creature);
conditions are data (`Condition(id, value, source, until)`), so a later rule adds a condition
without a new field. The board is not saved: it is rebuilt from `map` or `grid` (system.py) and
shared between copies, as it never changes during a match.

Must not: hold rules (rules.py, turns.py, attack.py and the arithmetic modules) or anything drawn.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from game.engine.boards import Board
from game.engine.stateclone import clone_slots, copy_sharing
from game.engine.tactics.pending import Pending, stack_from_json, stack_to_json
from game.engine.tactics.sides import OTHER_SIDE
from game.engine.tactics.sides import side_name as named_side

Cell = tuple[int, int]

SCORES = ("STR", "DEX", "CON", "INT", "WIS", "CHA")

# what a creature is doing in the battle (B-27): only "up" creatures act; the others stay on
# the board (captured and unconscious ones as bodies) or have left it (fled, dead)
STATUSES = ("up", "unconscious", "dead", "fled")


def mod(score: int) -> int:
    """B-01: the modifier of an ability score, floor((score - 10) / 2)."""
    return (score - 10) // 2


@dataclass(slots=True)
class Condition:
    """A condition on a creature (B-16): `id` ("prone", "daze", "cripple", "aegis", "dot",
    "weakened", "empower", "flightless", "invisible", "grappled", "averting", ...), `value` its
    X where it has one, `source` the creature that caused it, and `until` when it ends:
    "" until removed, "turn:<id>" at the start of creature <id>'s next turn (B-16's "for 1
    round"), "own_turn" at the start of the bearer's own next turn."""

    id: str
    value: int = 0
    source: str = ""
    until: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "value": self.value, "source": self.source, "until": self.until}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Condition":
        return cls(str(d["id"]), int(d["value"]), str(d["source"]), str(d["until"]))


@dataclass(slots=True)
class Creature:
    """One creature on the board. Positions are its top-left square; `size` is its footprint
    side in squares and `size_index` its size category (B-15). PCs have `level` (P and Q follow
    from the tier, B-02..04); monsters have `tier` and their own `to_hit` per action."""

    id: str
    name: str
    entry: str                     # content id of its stat block
    side: int
    x: int
    y: int
    size: int                      # footprint side in squares (B-15)
    size_index: int                # Tiny 0 .. Gargantuan 5 (B-15)
    pc: bool
    level: int
    tier: int
    hp: int
    max_hp: int
    ac: int
    reflex: int
    will: int
    dc: int
    speed: int                     # walking speed in ft (B-13)
    scores: dict[str, int]
    skills: dict[str, int]         # skill bonus over the ability modifier (proficiency etc.)
    actions: list[str]             # abilitech ids it may use
    temp_hp: int = 0
    damage_mod: int = 0            # monsters' damage mod (RS-91)
    steps: list[str] = field(default_factory=list)
    conditions: list[Condition] = field(default_factory=list)
    status: str = "up"
    reaction: bool = True          # its one reaction this round is still unspent (B-11)
    uses: dict[str, int] = field(default_factory=dict)      # limited uses spent (RS-141..148)
    ready_round: dict[str, int] = field(default_factory=dict)   # cooldowns: usable from (RS-97)
    hidden: bool = False           # took the Hide action and has not been found (RS-104/105)
    start_hp: int = 0              # HP at the start of the battle (time limit tally)
    part_damage: dict[str, int] = field(default_factory=dict)  # "club#0" -> damage taken (RS-48)
    seized: dict[str, str] = field(default_factory=dict)       # part kind id -> its holder (RS-68)
    dropped: dict[str, list[int]] = field(default_factory=dict)  # part -> square it lies on (AMB-09)
    air_lost: int = 0              # the round its air ran out under water, 0: breathing (RS-117)
    fly: int = 0                   # flying speed in ft from its stat block, 0: cannot fly (RS-108)
    altitude: int = 0              # ft above the floor under it, 5 ft steps; 0: on the ground (B-25)

    def mod(self, score: str) -> int:
        return mod(self.scores[score])

    @property
    def up(self) -> bool:
        return self.status == "up"

    @property
    def aloft(self) -> bool:
        """Above the floor under it (B-25): flying, or carried up by a flier that holds it."""
        return self.altitude > 0

    def cells(self) -> list[Cell]:
        return [(self.x + i, self.y + j) for j in range(self.size) for i in range(self.size)]

    def has(self, cond: str) -> bool:
        return any(c.id == cond for c in self.conditions)

    def total(self, cond: str) -> int:
        """The summed X of a stacking condition (Cripple, B-16)."""
        return sum(c.value for c in self.conditions if c.id == cond)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "conditions":
                v = [c.to_json() for c in v]
            elif isinstance(v, (list, dict)):
                v = v.copy()
            if f.name in ("seized", "dropped", "air_lost", "fly", "altitude") and not v:
                continue             # only RS-68/AMB-09/RS-117/B-25 fill them: older states stay so
            out[f.name] = v
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Creature":
        args = dict(d)
        args["conditions"] = [Condition.from_json(c) for c in d["conditions"]]
        for key in ("scores", "skills", "uses", "ready_round"):
            args[key] = {str(k): int(v) for k, v in d[key].items()}
        args["part_damage"] = {str(k): int(v) for k, v in d.get("part_damage", {}).items()}
        args["seized"] = {str(k): str(v) for k, v in d.get("seized", {}).items()}
        args["dropped"] = {str(k): [int(a) for a in v] for k, v in d.get("dropped", {}).items()}
        for key in ("actions", "steps"):
            args[key] = [str(v) for v in d[key]]
        return cls(**args)


@dataclass(slots=True)
class Turn:
    """The acting creature's action economy this turn (B-11): a major and a minor action (a
    major may stand in for a minor), movement in ft (split around actions), and what its minor
    actions set up for its next attack (Aim dice, Assail)."""

    actor: str
    major: bool = True             # still unspent
    minor: bool = True
    move_left: int = 0             # ft of movement left (speed, Dash adds speed again)
    aim: int = 0                   # Aim dice waiting for the next attack roll this turn (B-12)
    assail: bool = False           # Assail waiting for the next damage roll this turn (B-12)
    shifted: bool = False
    steered: int = 0               # SM-04 on: 0 not tried, 1 the mount obeys, -1 it refused
    walked: int = 0                # ft walked this turn: a jump's run-up (RS-107)

    def to_json(self) -> dict[str, Any]:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        for key in ("steered", "walked"):   # saves from before them stay the same
            if not d[key]:
                del d[key]
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Turn":
        return cls(**d)


@dataclass(slots=True)
class RpgState:
    creatures: dict[str, Creature]
    order: list[str]                       # initiative order, one slot each (B-17)
    house: dict[str, Any]
    turn: Turn
    index: int = 0                         # the acting slot in `order`
    round: int = 1
    pending: list[Pending] = field(default_factory=list)
    # per side (as text, JSON keys), the square each enemy was last seen on (issue #13:
    # hidden creatures keep their last known square on the other side's map)
    last_seen: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    # per side, the secret parts found per creature (RS-57: knowledge is per individual)
    secrets: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    over: bool = False
    winner: int | None = None
    map: str | None = None                 # where the board came from: a map file or a grid
    grid: dict[str, Any] | None = None
    content: dict[str, Any] | None = None  # the set-up's inline content table, if any
    board: Board | None = None
    # the two sides' names as the seats picked them (a party, an encounter), for the words that
    # end the battle; empty when the set-up listed its creatures itself
    sides: list[str] = field(default_factory=list)

    def side_name(self, side: int, fallback: str = OTHER_SIDE) -> str:
        """A side in the words that end a battle: its party's or encounter's name, else `fallback`
        (tactics.sides)."""
        return named_side(self.sides, side, fallback)

    @property
    def acting(self) -> Creature | None:
        return None if self.over else self.creatures[self.order[self.index]]

    def standing(self, side: int | None = None) -> list[Creature]:
        return [c for c in self.creatures.values() if c.up and side in (None, c.side)]

    def at(self, x: int, y: int) -> Creature | None:
        """The creature (up or lying unconscious) whose footprint covers (x, y); where a rider
        sits on its mount (RS-125) the smaller one, the rider."""
        found = None
        for c in self.creatures.values():
            if c.status in ("up", "unconscious") and c.x <= x < c.x + c.size \
                    and c.y <= y < c.y + c.size and (found is None or c.size < found.size):
                found = c
        return found

    def to_json(self) -> dict[str, Any]:
        return {"creatures": {k: c.to_json() for k, c in self.creatures.items()},
                "order": list(self.order), "house": dict(self.house),
                "turn": self.turn.to_json(), "index": self.index, "round": self.round,
                "pending": stack_to_json(self.pending),
                "last_seen": {s: {k: list(v) for k, v in d.items()}
                              for s, d in self.last_seen.items()},
                "secrets": {s: {k: list(v) for k, v in d.items()}
                            for s, d in self.secrets.items()},
                "over": self.over, "winner": self.winner, "map": self.map, "grid": self.grid,
                "content": self.content,
                **({"sides": list(self.sides)} if self.sides else {})}   # older saves: none

    @classmethod
    def from_json(cls, d: dict[str, Any], board: Board) -> "RpgState":
        return cls({k: Creature.from_json(c) for k, c in d["creatures"].items()},
                   [str(x) for x in d["order"]], dict(d["house"]), Turn.from_json(d["turn"]),
                   int(d["index"]), int(d["round"]), stack_from_json(d["pending"]),
                   {str(s): {str(k): [int(a) for a in v] for k, v in m.items()}
                    for s, m in d["last_seen"].items()},
                   {str(s): {str(k): [str(a) for a in v] for k, v in m.items()}
                    for s, m in d["secrets"].items()},
                   bool(d["over"]), d["winner"], d["map"], d["grid"], d["content"], board,
                   [str(x) for x in d.get("sides", [])])

    def __deepcopy__(self, memo: dict) -> "RpgState":
        return copy_sharing(self, memo)


Condition.__deepcopy__ = clone_slots  # type: ignore[attr-defined]
Creature.__deepcopy__ = clone_slots   # type: ignore[attr-defined]
Turn.__deepcopy__ = clone_slots       # type: ignore[attr-defined]
