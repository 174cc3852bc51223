"""Bindings match state: plain, mutable dataclasses that serialise to JSON.

Owns: the shape of a bindings battle: combatants (abilities, budget spent this round, cooldowns,
conditions), the initiative ranks, the clock (round, segment, whose turn), and everything that keeps
resolving across segments: attacks in flight (`Attack`), movements (`Movement`), pushbacks
(`Pushback`) and placed features such as walls and veils (`Feature`), plus pending mid-action
choices. Rules code (turns.py, movement.py, combat.py) mutates a copy inside `Match.submit`.

Must not: hold the board (rebuilt from the config's map, kept as a non-serialised field) or the
resolved content (content.content_of keeps it in a non-serialised field; only the set-up's inline
table is saved), apply a rule, or hold presentation data.

Time is counted in segments: `tick` = (round - 1) * 3 + (segment - 1), so round 1 segment 1 is
tick 0. Durations are stored as the first tick at which something no longer applies (`until`),
which is how BND-78 counts a penalty of N rounds: 3N segments including the one it started in.
Positions are the board's Tiled offset coordinates (x, y); hex maths goes through HexLayout.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from game.engine.boards import Board
from game.engine.stateclone import clone_slots, copy_sharing, record_dict
from game.engine.tactics.pending import Pending, stack_from_json, stack_to_json
from game.engine.tactics.sides import OTHER_SIDE
from game.engine.tactics.sides import side_name as named_side

Hex = tuple[int, int]

ABILITIES = ("STR", "DEX", "CON", "INT", "WIS", "CHA")
ACTION_TYPES = ("full", "standard", "move", "swift", "free")       # BND-39 order, biggest first
SEGMENTS_PER_ROUND = 3                                              # BND-02


def tick_of(round_: int, segment: int) -> int:
    """The absolute segment index of round `round_` (from 1), segment `segment` (1..3)."""
    return (round_ - 1) * SEGMENTS_PER_ROUND + (segment - 1)


def round_segment(tick: int) -> tuple[int, int]:
    """(round, segment) of an absolute segment index."""
    return tick // SEGMENTS_PER_ROUND + 1, tick % SEGMENTS_PER_ROUND + 1


def ability_mod(score: int) -> int:
    """The invented core's modifier: floor((score - 10) / 2)."""
    return (score - 10) // 2


@dataclass(slots=True)
class Condition:
    """A timed condition on a combatant (content id in conditions.toml). `until` is the first tick
    it no longer applies (-1: until removed); `source` names what caused it."""

    id: str
    until: int = -1
    source: str = ""


@dataclass(slots=True)
class Combatant:
    id: str
    name: str
    sheet: str                   # content id in game/data/bindings/combatants.toml
    side: int                    # team index; seat `side` controls it
    x: int
    y: int
    level: int = 1
    scores: dict[str, int] = field(default_factory=lambda: {a: 10 for a in ABILITIES})
    ab: int = 1                  # Attack Bonus (BND-X-02)
    db: int = 1                  # Defense Bonus
    hp: int = 20
    max_hp: int = 20
    base_speed: int = 30         # feet (BND-58..71)
    swim_speed: int = 15         # feet (BND-X-10)
    moves: list[str] = field(default_factory=list)     # move ids it can use (basic ones included)
    talents: list[str] = field(default_factory=list)
    down: bool = False           # HP 0: cannot act or react, out of the initiative (invented core)
    # -- initiative (BND-15..22) --
    sixes: int = 0               # sixes on the first initiative roll (BND-20 looks only at this)
    unaware: bool = False        # BND-19 (scenario flag or lost stealth contest, BND-GM-02)
    first_segment: int = 1       # round 1: the first segment it may start an action in (1..3)
    # -- this round's budget (BND-36..38) --
    spent: list[str] = field(default_factory=list)     # non-Swift action types spent this round
    swifts: int = 0              # Swift actions spent this round (cap 2, BND-37)
    slot_tick: int = -1          # the tick whose slot it last used (one started action per turn)
    reductions: dict[str, int] = field(default_factory=dict)   # talent id -> uses this round
    cooldowns: dict[str, int] = field(default_factory=dict)    # move id -> round last used
    conditions: list[Condition] = field(default_factory=list)
    readied: dict[str, Any] | None = None   # {"action": <action json>, "trigger": str, "round": n}
    unused_choice: str | None = None        # "rise" or "lead", applied at the end of the round
    defending: str | None = None            # move id declared as a defensive action this segment
    defend_tick: int = -1                   # the tick that declaration belongs to

    def mod(self, ability: str) -> int:
        return ability_mod(self.scores.get(ability, 10))

    def has(self, condition: str, tick: int) -> bool:
        return any(c.id == condition and (c.until < 0 or tick < c.until) for c in self.conditions)

    @property
    def able(self) -> bool:
        """Still fighting (GM-27 counts these)."""
        return not self.down


@dataclass(slots=True)
class Attack:
    """An attack from start to resolution: a projectile in flight, or a melee strike that contacts
    in the segment it starts. `pos` is the hex its front has reached; it covers `rate` hexes per
    segment on the attacker's turn (BND-49/50). Range, cover and concealment are measured at
    launch (BND-GM-14) and kept here."""

    id: str
    move: str                    # content id of the move (binding, weapon, maneuver, basic)
    attacker: str
    target: str | None           # combatant aimed at (None: a guessed hex, BND-91)
    aim: Hex                     # the hex aimed at (target's hex at launch)
    origin: Hex                  # attacker's hex at launch (pushback direction, drawing)
    pos: Hex                     # current front hex
    rate: int                    # hexes per segment (the move's speed; BND-75: never slower)
    max_travel: int              # hexes it may still cover before falling short (range cap)
    started: int                 # tick of launch
    travelled: int = 0
    cover: bool = False          # BND-85 at launch
    concealment: int = 0         # 0..3, BND-88..93 at launch
    range_penalty: int = 0       # BND-81 (a negative number)
    status: str = "flying"       # "flying" | "awaiting_defence" | "deferred" | "done"
    defence: str | None = None   # move id the target declared against it (Defend)
    edge: str = "none"           # "advantage" | "disadvantage" | "none": the table's call (GM-01)
    advanced_tick: int = -1      # the tick it last advanced in (turn-start steps run once each)
    readied: bool = False        # launched by a readied action (BND-25)
    # resolution progress, so a resolution paused by a stage resumes where it stopped (combat.py)
    concealment_checked: bool = False   # the BND-92 miss roll is behind it
    dodge: str = ""              # "" not asked yet, "yes" a Dodge applies (BND-54), "no"
    judged: bool = False         # the table's call (GM-01) was made


@dataclass(slots=True)
class Movement:
    """An ongoing movement action (Move, Dash, Dodge, Swim, five-foot step). `now` is the hexes
    still usable in the current segment (set on the owner's turn); `bonus` the NH+B extra hexes not
    yet spent (once per action, BND-51); `segments_left` counts the segments still to come after
    the current one."""

    id: str
    owner: str
    mode: str                    # "move" | "dash" | "dodge" | "swim" | "step"
    rate: int                    # hexes per segment
    started: int                 # tick it was started in
    segments_left: int = 0
    now: int = 0
    bonus: int = 0
    moved: int = 0               # hexes covered so far (for the log and tests)
    boost: int = 0               # extra hexes this segment from Swift modifiers (BND-35)
    refreshed_tick: int = -1     # the tick `now` was last set for
    origin: Hex | None = None    # where a Dash began: the rest of it keeps to that line (GM-25)


@dataclass(slots=True)
class Pushback:
    """A forced reposition (BND-72..76): `subject` is pushed `rate` hexes per segment on the
    pusher's (`by`) turn, directly away from `source`, until `remaining` is 0."""

    id: str
    subject: str
    by: str
    source: Hex                  # the hex it is pushed away from
    rate: int
    remaining: int
    started: int
    path: list[Hex] = field(default_factory=list)   # hexes covered so far
    advanced_tick: int = -1      # the tick it last advanced in


@dataclass(slots=True)
class Feature:
    """Something a move placed on the map: a wall that blocks movement and sight (grows `rate`
    hexes per segment on its owner's turn) or a veil that conceals. `cells` are placed, `plan`
    still to grow; it is gone from tick `until` on."""

    id: str
    kind: str                    # "wall" | "veil"
    owner: str
    move: str
    cells: list[Hex] = field(default_factory=list)
    plan: list[Hex] = field(default_factory=list)
    rate: int = 0
    conceal: int = 0
    until: int = -1
    grown_tick: int = -1         # the tick it last grew in


@dataclass(slots=True)
class BindingsState:
    combatants: dict[str, Combatant]
    order: list[str]                    # initiative ranks, rank 1 first (BND-15)
    house: dict[str, Any]               # resolved house rules
    sides: int = 2
    round: int = 1
    segment: int = 1                    # 1..3
    seg_order: list[str] = field(default_factory=list)   # who takes a turn this segment, in order
    turn: int = 0                       # index into seg_order
    lead: list[str] = field(default_factory=list)        # BND-29: first in the next S1 only
    attacks: list[Attack] = field(default_factory=list)
    movements: list[Movement] = field(default_factory=list)
    pushbacks: list[Pushback] = field(default_factory=list)
    features: list[Feature] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)  # stack; last is answered first
    opening: str | None = None          # BND-23: the combatant whose pre-combat action is due
    turn_begun: bool = False            # the current turn's start steps have begun (resumable
                                        # after a mid-turn stage such as "defend")
    turn_step: int = 0                  # turns.py: how far the current turn's start steps got
                                        # (0 not begun .. 4 acting), so none runs twice
    ending: bool = False                # the current turn is ending (deferred attacks resolving)
    next_id: int = 1
    over: bool = False
    winner: int | None = None
    end_reason: str = ""
    map_source: str = "inline"
    grid: dict[str, Any] | None = None  # the inline grid spec the board was built from, if any
    # the set-up's inline content table (plain JSON, saved; None: the shipped content) and what
    # it resolves to (content.content_of fills it on first use; never saved, shared by copies)
    content: dict[str, Any] | None = None
    rules_content: Any = field(default=None, compare=False, repr=False)
    board: Board | None = field(default=None, compare=False)
    # the sides' names when the seats picked ready-made teams (content teams), for the words that
    # end the battle; empty when the set-up listed its combatants
    side_names: list[str] = field(default_factory=list)

    def side_name(self, side: int, fallback: str = OTHER_SIDE) -> str:
        """A side in the words that end a battle: its team's name, else `fallback`
        (tactics.sides)."""
        return named_side(self.side_names, side, fallback)

    @property
    def tick(self) -> int:
        # tick_of written out: the clock is read many times per position
        return (self.round - 1) * SEGMENTS_PER_ROUND + (self.segment - 1)

    @property
    def acting(self) -> str | None:
        """The combatant whose turn it is (None before combat or when over)."""
        if self.over or self.opening is not None or not (0 <= self.turn < len(self.seg_order)):
            return None
        return self.seg_order[self.turn]

    def new_id(self, prefix: str) -> str:
        out = f"{prefix}{self.next_id}"
        self.next_id += 1
        return out

    def to_json(self) -> dict[str, Any]:
        # dataclasses.asdict's answer without the board and the resolved content, made directly
        d = record_dict(self, ("board", "rules_content"))
        if d["content"] is None:
            del d["content"]        # a match on the shipped content saves as it always has
        if not d["side_names"]:
            del d["side_names"]     # no teams picked (and older saves): the snapshot as before
        d["pending"] = stack_to_json(self.pending)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "BindingsState":
        """Rebuild from to_json() output (the board is attached by the system afterwards).
        Tuples come back from JSON as lists; hexes are turned back into tuples here."""
        def hx(v: Any) -> Hex:
            return (int(v[0]), int(v[1]))

        combatants = {}
        for k, c in d["combatants"].items():
            c = dict(c)
            c["conditions"] = [Condition(**x) for x in c.get("conditions", [])]
            combatants[k] = Combatant(**c)
        attacks = []
        for a in d.get("attacks", []):
            a = dict(a)
            for key in ("aim", "origin", "pos"):
                a[key] = hx(a[key])
            attacks.append(Attack(**a))
        pushbacks = []
        for p in d.get("pushbacks", []):
            p = dict(p)
            p["source"] = hx(p["source"])
            p["path"] = [hx(h) for h in p.get("path", [])]
            pushbacks.append(Pushback(**p))
        features = []
        for f in d.get("features", []):
            f = dict(f)
            f["cells"] = [hx(h) for h in f.get("cells", [])]
            f["plan"] = [hx(h) for h in f.get("plan", [])]
            features.append(Feature(**f))
        simple = {f.name for f in fields(cls)} - {"combatants", "attacks", "pushbacks",
                                                  "features", "movements", "pending", "board",
                                                  "rules_content"}
        out = cls(combatants=combatants, order=list(d["order"]), house=dict(d["house"]),
                  **{k: d[k] for k in simple - {"order", "house"} if k in d})
        out.attacks = attacks
        out.movements = []
        for m in d.get("movements", []):
            m = dict(m)
            if m.get("origin") is not None:
                m["origin"] = hx(m["origin"])
            out.movements.append(Movement(**m))
        out.pushbacks = pushbacks
        out.features = features
        out.pending = stack_from_json(d.get("pending", []))
        return out

    def __deepcopy__(self, memo: dict) -> "BindingsState":
        # The board and the content never change during a match: share them instead of
        # copying every cell and entry.
        return copy_sharing(self, memo, ("board", "content", "rules_content"))


for _cls in (Condition, Combatant, Attack, Movement, Pushback, Feature):
    _cls.__deepcopy__ = clone_slots  # type: ignore[attr-defined]
