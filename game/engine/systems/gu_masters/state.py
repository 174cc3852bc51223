"""Gu Masters match state: creatures with every number the rules read, the initiative order, the
acting creature's turn (its action economy, GU-18), pending decisions (reactions) and the end.

Owns: `Status`, `Creature`, `Turn`, `GuState` and their JSON. A creature record copies its
numbers from content at set-up (so a scenario may change one creature); statuses are data
(`Status(id, value, turns, source, rank)`), so a later rule adds a status without a new field.
The board is not saved: it is rebuilt from `map` or `grid` (system.py) and shared between
copies, as it never changes during a match.

Must not: hold rules (rules.py, turns.py, moves.py, attack.py, reactions.py, gu.py and the
arithmetic modules) or anything drawn.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from game.engine.boards import Board
from game.engine.stateclone import clone_slots, copy_sharing
from game.engine.tactics.footprint import block_at
from game.engine.tactics.pending import Pending, stack_from_json, stack_to_json
from game.engine.tactics.sides import OTHER_SIDE
from game.engine.tactics.sides import side_name as named_side

Cell = tuple[int, int]

SIZES = ("Tiny", "Small", "Medium", "Large", "Huge")        # GU-X-11, smallest first
FOOTPRINT = {"Tiny": 1, "Small": 1, "Medium": 1, "Large": 2, "Huge": 3}   # squares a side

# a creature's part in the battle: only "up" and "final_stand" creatures take turns (GU-110);
# "dying" ones are unconscious (GU-113) and still roll their tokens at the end of their turns
CONDITIONS = ("up", "final_stand", "dying", "dead")


@dataclass(slots=True)
class Status:
    """A status on a creature (GU-134..154): `id` ("prone", "bleeding", "burning", "dazed",
    ...), `value` its X where it has one (Bleeding 3), `turns` the turns left (GU-17: -1 until
    removed), `source` the creature or Gu that caused it and `rank` the rank it counts as
    (GU-137); `by` the creature the harm it does is counted to in the results ("" for nobody:
    an injury, natural fire)."""

    id: str
    value: int = 0
    turns: int = -1
    source: str = ""
    rank: int = 0
    fresh: bool = False                # gained during its bearer's own turn (GU-GM-09)
    by: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "value": self.value, "turns": self.turns, "source": self.source,
                "rank": self.rank, "fresh": self.fresh, "by": self.by}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Status":
        return cls(str(d["id"]), int(d["value"]), int(d["turns"]), str(d["source"]),
                   int(d["rank"]), bool(d.get("fresh", False)), str(d.get("by", "")))


@dataclass(slots=True)
class Creature:
    """One creature on the board; (x, y) is its top-left square, `size` its footprint side."""

    id: str
    name: str
    entry: str                         # content id of its stat block
    side: int
    x: int
    y: int
    size_class: str                    # Tiny .. Huge (GU-X-11)
    pc: bool                           # player-controlled (GU-08, GU-GM-02)
    skills: dict[str, int]             # Close Combat, Ranged Attack, Dodge, ... (GU-X-01)
    attrs: dict[str, int]              # Strength, Fortitude, Perseverance, ... (GU-X-02)
    hp: int
    max_hp: int
    soul: int
    max_soul: int
    essence: int
    essence_max: int
    essence_regen: int                 # regained at the start of each own turn (GU-15)
    movement: int                      # metres per turn (GU-19)
    weight: int                        # kg (GU-65/66)
    arms: int                          # punches (GU-53) and weapons held (GU-52)
    weapons: list[str] = field(default_factory=list)
    gu: list[str] = field(default_factory=list)
    stones: int = 0                    # primeval stones carried (GU-69/70)
    attacks: list[str] = field(default_factory=list)   # unarmed strikes it may make (GU-53)
    reactions: int = 2                 # left this round (GU-18, GU-GM-39)
    condition: str = "up"
    unconscious: bool = False
    statuses: list[Status] = field(default_factory=list)
    shield: int = 0                    # shield points from [Shield] Gu (GU-X-09)
    sustained: list[str] = field(default_factory=list)   # [Sustained] Gu kept up (GU-45)
    altitude: int = 0                  # metres above its square's floor (GU-X-15)
    evade: int = 0                     # GU-35: penalty on attacks at it until its next turn
    surprised: bool = False            # GU-11/12
    started: bool = False              # its first turn has begun (GU-12)
    tokens: list[int] = field(default_factory=lambda: [0, 0])  # Perseverance, Predicament
    hidden: bool = False               # concealed from the other side (GU-13)
    limbs_out: list[str] = field(default_factory=list)   # "arm:1", "hand:2", "leg:1" (GU-X-13)
    injuries: list[str] = field(default_factory=list)    # injury names taken (GU-120..132)
    seen_at: dict[str, list[int]] = field(default_factory=dict)  # side -> last square seen
    shield_gu: dict[str, int] = field(default_factory=dict)  # shield points by Gu (GU-160/97)
    under: bool = False                # under water, holding its breath (GU-40, breath.py)
    breath_out: int = 0                # its turns ended under water since it last breathed
    # a held combat action (GU-71, holding.py): {"held": "strike" | "gu", "gu", "trigger"
    # (held.Trigger's JSON), "round"}; empty when it holds none
    held: dict[str, Any] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return FOOTPRINT[self.size_class]

    @property
    def size_index(self) -> int:
        return SIZES.index(self.size_class)

    def cells(self) -> list[Cell]:
        return block_at(self.x, self.y, self.size)

    @property
    def conscious(self) -> bool:
        """Up or in its final stand, and awake (GU-110, GU-113, GU-GM-46)."""
        return self.condition in ("up", "final_stand") and not self.unconscious

    @property
    def on_board(self) -> bool:
        return self.condition != "dead"

    def status(self, sid: str) -> Status | None:
        for s in self.statuses:
            if s.id == sid:
                return s
        return None

    def has(self, sid: str) -> bool:
        return self.status(sid) is not None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "statuses":
                v = [s.to_json() for s in v]
            elif f.name == "held" and not v:
                continue                 # holding nothing: left out, so a save reads as before
            elif isinstance(v, dict):
                v = {k: (dict(x) if isinstance(x, dict) else x) for k, x in v.items()}
            elif isinstance(v, list):
                v = list(v)
            out[f.name] = v
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Creature":
        d = dict(d)
        d["statuses"] = [Status.from_json(s) for s in d["statuses"]]
        return cls(**d)


@dataclass(slots=True)
class Turn:
    """The acting creature's economy this turn (GU-18): metres of movement spent, whether its
    combat action and bonus action are used, Gu activations left (GU-42), and the strikes left
    in a melee attack it began (GU-52/53: `strikes` more of the kind `strike_kind`)."""

    actor: str
    moved: int = 0
    action: bool = False
    bonus: bool = False
    sprint: bool = False               # GU-75
    activations: int = 0               # left in an Activate Gu action (GU-42)
    strike_kind: str = ""              # "weapon", "multi", "punch" while strikes remain
    strikes: int = 0
    used_weapons: list[str] = field(default_factory=list)   # GU-52: each weapon swings once
    maneuvers: int = 0                 # GU-21: flying maneuvers made (maneuvers.py)
    evaded: bool = False               # GU-35: one Evade a turn
    wings: str = ""                    # GU-22: the flight Gu it flies by this turn
    ablaze: bool = False               # GU-136: Ablaze took HP from it this turn
    run_dx: int = 0                    # GU-27: the way its last step of walking went, the
    run_dy: int = 0                    # run-up a long jump that way needs (0, 0: none)

    def to_json(self) -> dict[str, Any]:
        out = {f.name: (list(getattr(self, f.name)) if f.name == "used_weapons"
                        else getattr(self, f.name)) for f in fields(self)}
        if not (self.run_dx or self.run_dy):     # no run-up: left out, so a save reads as before
            del out["run_dx"], out["run_dy"]
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Turn":
        return cls(**{**d, "used_weapons": list(d["used_weapons"])})


@dataclass(slots=True)
class GuState:
    creatures: dict[str, Creature]
    order: list[str]                   # initiative order, fixed for the battle (GU-10)
    house: dict[str, Any]
    turn: Turn
    index: int = 0                     # into `order`
    round: int = 1
    pending: list[Pending] = field(default_factory=list)
    over: bool = False
    winner: int | None = None
    map: str | None = None             # where the board came from: a map file or an inline grid
    grid: dict[str, Any] | None = None
    board: Board | None = None
    # the names of the two sides as the seats picked them (content sides.toml), for the words
    # that end the battle; empty when the set-up listed its creatures itself
    sides: list[str] = field(default_factory=list)

    def side_name(self, side: int, fallback: str = OTHER_SIDE) -> str:
        """A side in the words that end a battle: its ready-made side's name, else `fallback`
        (tactics.sides)."""
        return named_side(self.sides, side, fallback)

    @property
    def acting(self) -> Creature:
        return self.creatures[self.order[self.index]]

    def living(self, side: int | None = None) -> list[Creature]:
        return [c for c in self.creatures.values()
                if c.on_board and (side is None or c.side == side)]

    def occupants(self, cell: Cell, but: str = "") -> list[Creature]:
        return [c for c in self.creatures.values()
                if c.on_board and c.id != but and cell in c.cells()]

    def to_json(self) -> dict[str, Any]:
        return {"creatures": {k: c.to_json() for k, c in self.creatures.items()},
                "order": list(self.order), "house": dict(self.house),
                "turn": self.turn.to_json(), "index": self.index, "round": self.round,
                "pending": stack_to_json(self.pending), "over": self.over,
                "winner": self.winner, "map": self.map, "grid": self.grid,
                **({"sides": list(self.sides)} if self.sides else {})}   # older saves: none

    @classmethod
    def from_json(cls, d: dict[str, Any], board: Board) -> "GuState":
        return cls({k: Creature.from_json(c) for k, c in d["creatures"].items()},
                   list(d["order"]), dict(d["house"]), Turn.from_json(d["turn"]), d["index"],
                   d["round"], stack_from_json(d["pending"]), d["over"], d["winner"], d["map"],
                   d["grid"], board, list(d.get("sides", [])))

    def __deepcopy__(self, memo: dict) -> "GuState":
        return copy_sharing(self, memo)


Creature.__deepcopy__ = clone_slots  # type: ignore[attr-defined]
Status.__deepcopy__ = clone_slots  # type: ignore[attr-defined]
Turn.__deepcopy__ = clone_slots  # type: ignore[attr-defined]
