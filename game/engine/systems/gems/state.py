"""Gems match state: plain, mutable dataclasses that serialise to JSON.

Owns: the shape of a gems battle (units, their arms, loose items, initiative order, the acting
unit's Action Slots, pending mid-action choices, truces, house rules). Rules code in rules.py,
movement.py and combat.py mutates a copy of it inside `Match.submit`.

Must not: hold the board (it is rebuilt from the match config's map and kept on the state as a
non-serialised field) or any presentation data.

Units and items are keyed by stable string ids; positions are the top-left base tile of a
Size x Size footprint (GEM-GM-01); elevation is read from the board, except for fliers in the
air, whose `altitude` is their absolute elevation.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from game.engine.boards import Board
from game.engine.stateclone import clone, clone_slots, copy_sharing, record_dict
from game.engine.tactics.pending import Pending, stack_to_json
from game.engine.tactics.sides import OTHER_SIDE
from game.engine.tactics.sides import side_name as named_side


@dataclass(slots=True)
class Arm:
    """One arm. `holding` is an item id (a Held Object, GEM-29); `enhancer` an Arm Enhancer
    content id; `disarmed` arms are cosmetic only (GEM-38, GEM-GM-18); `load` marks an arm taken
    up by a carried load (GEM-GM-27)."""

    disarmed: bool = False
    holding: str | None = None
    enhancer: str | None = None
    load: str | None = None


@dataclass(slots=True)
class Unit:
    id: str
    name: str
    sheet: str                  # content id in game/data/gems/sheets.toml
    side: int                   # team index; seat `side` controls it
    x: int
    y: int
    size: int = 1
    hp: int = 20
    max_hp: int = 20
    cpr: int = 0                # Combat Proficiency Rank (GEM-01)
    spr: int = 0                # Social Proficiency Rank (GEM-GM-24)
    ms: int = 4                 # Movement Speed in tiles per Move action (GEM-GM-04)
    fms: int = 0                # Flight Movement Speed; 0 = cannot fly
    blocking: bool = False      # GEM-28
    disarming: bool = False     # GEM-33
    arms: list[Arm] = field(default_factory=lambda: [Arm(), Arm()])
    arm_bonus: int = 0          # extra Arm Counter from the sheet (GEM-GM-02)
    weapons: list[str] = field(default_factory=list)     # Hardlight Weapons she can summon
    abilities: list[str] = field(default_factory=list)   # Gemstone Ability ids
    active: list[str] = field(default_factory=list)      # Active Continuous abilities now on
    altitude: int | None = None # absolute elevation while airborne; None = on the ground
    initiative: int = 0
    poofed: bool = False        # HP reached 0: an unformed gemstone item now stands for her
    shattered: bool = False
    carrying: str | None = None # id of a carried load (item or gem)
    carry_ok: bool = True       # False after a failed carry roll: MS 0 while carrying
    ms_penalty: int = 0         # water penalty this turn (GEM-18, GEM-GM-12)
    truces: dict[str, int] = field(default_factory=dict)   # unit id -> turns left (-1: encounter)
    negotiated: list[str] = field(default_factory=list)    # ids she has succeeded against (GEM-52)
    free_altitude_used: bool = False                       # GEM-GM-23: once per turn
    carried_by: str | None = None   # id of the gem carrying her (GEM-53); she moves with them
    effects: list[dict[str, Any]] = field(default_factory=list)
    # timed ability effects: {"ability": id, "verb": verb, "amount": n, "turns": left}

    @property
    def formed(self) -> bool:
        return not self.poofed and not self.shattered

    def working_arms(self) -> list[int]:
        return [i for i, a in enumerate(self.arms) if not a.disarmed]

    def arm_counter(self) -> int:
        # GEM-GM-02: working arms plus any sheet bonus
        return len(self.working_arms()) + self.arm_bonus

    def held_objects(self) -> list[str]:
        return [a.holding for a in self.arms if not a.disarmed and a.holding]


@dataclass(slots=True)
class Item:
    """A loose or held object: rocks, crates, weapons, and poofed gemstones (kind "gemstone",
    `gem` naming the unit it holds)."""

    id: str
    kind: str
    name: str
    x: int
    y: int
    size: float = 1.0
    carriable: bool = True
    solid: bool = False
    damage: int = 2
    hardlight: bool = False
    throwable: bool = True
    held_by: str | None = None
    gem: str | None = None
    # what it does in a fight, copied from its content entry when it is made (so a set-up can
    # give one bow a longer range and a save keeps it): reach in blocks when shot or thrown
    # (0: shots impossible, throws at the default range), melee reach, knockback and AoE
    range: int = 0
    projectile: bool = False
    knockback: int = 0
    aoe: int = 0
    melee_range: int = 1


@dataclass(slots=True)
class AttackPlan:
    """An arm assigned during a Ready Action, before the rolls."""

    arm: int
    target: tuple[int, int]     # top-left tile of the attacker-Size target block (GEM-25)
    mode: str                   # "melee", "thrown" or "projectile"


@dataclass(slots=True)
class GemsState:
    units: dict[str, Unit]
    items: dict[str, Item]
    order: list[str]                 # initiative order of unit ids (GEM-05)
    house: dict[str, Any]            # resolved house rules
    sides: int = 2
    turn: int = 0                    # index into `order`
    round: int = 1
    slots: int = 2                   # Action Slots left for the acting unit (GEM-06)
    plans: list[AttackPlan] = field(default_factory=list)   # arms assigned in an open Ready
    ready_open: bool = False
    pending: list[Pending] = field(default_factory=list)    # stack; last is answered first
    next_id: int = 1
    over: bool = False
    winner: int | None = None
    map_source: str = "inline"
    grid: dict[str, Any] | None = None   # the inline grid spec the board was built from, if any
    # the match's inline content (`setup.content`: new or changed sheets, items, abilities and
    # teams laid over the shipped files), None for shipped content only; `content_set` is that
    # content resolved (common.content_of), shared by copies and never saved
    content: dict[str, Any] | None = None
    content_set: Any = field(default=None, compare=False, repr=False)
    board: Board | None = field(default=None, compare=False)
    # the sides' names when the seats picked ready-made teams (content teams.toml), for the words
    # that end the encounter; empty when the set-up or the map placed the gems itself
    side_names: list[str] = field(default_factory=list)
    # The legal actions of exactly this position, when a bot already holds them: a bot sets it
    # on its private copy of the view so the dry runs it starts from that copy are checked
    # against the list instead of building it again. The rules clear it on every change
    # (GemsSystem.apply); never saved, never compared, shared by copies like the board.
    known_legal: list | None = field(default=None, compare=False, repr=False)

    @property
    def acting(self) -> str | None:
        return self.order[self.turn] if self.order and not self.over else None

    def side_name(self, side: int, fallback: str = OTHER_SIDE) -> str:
        """A side in the words that end a battle: its team's name, else `fallback`
        (tactics.sides)."""
        return named_side(self.side_names, side, fallback)

    def to_json(self) -> dict[str, Any]:
        # dataclasses.asdict's answer without the board and what is derived, made directly
        d = record_dict(self, ("board", "known_legal", "content_set"))
        if d["content"] is None:
            del d["content"]        # shipped content only: the same snapshot as before it existed
        if not d["side_names"]:
            del d["side_names"]     # no teams picked (and older saves): the snapshot as before
        d["pending"] = stack_to_json(self.pending)
        return d

    def __deepcopy__(self, memo: dict) -> "GemsState":
        # The board never changes during a match, so copies share it instead of copying a few
        # thousand cell dicts each time; a known legal list is never changed, only replaced.
        # Units and items are copied field by field below: a bot copies the state for every dry
        # run, and the generic walk was most of a dry run's price.
        out = copy_sharing(self, memo, ("board", "known_legal", "units", "items",
                                            "content", "content_set"))
        out.units = {k: _copy_unit(u) for k, u in self.units.items()}
        out.items = {k: Item(*_ITEM_ALL(i)) for k, i in self.items.items()}
        return out


for _cls in (Arm, Unit, Item, AttackPlan):
    _cls.__deepcopy__ = clone_slots  # type: ignore[attr-defined]


def _split(cls: type) -> tuple[tuple[str, ...], dict[str, Any]]:
    """A record's fields in two: those holding only atoms (str, int, float, bool, None: shared
    by a copy) and those holding lists or dicts, each with how to copy it, read from the
    annotations so a new field lands on the right side by itself."""
    plain, nested = [], {}
    for f in fields(cls):
        kind = str(f.type).replace(" ", "")
        if set(kind.split("|")) <= {"str", "int", "float", "bool", "None"}:
            plain.append(f.name)
        elif kind in ("list[str]", "list[int]"):
            nested[f.name] = list
        elif kind == "dict[str,int]":
            nested[f.name] = dict
        elif kind == "list[Arm]":
            nested[f.name] = lambda arms: [Arm(*_ARM_ALL(a)) for a in arms]
        elif kind.startswith(("list[", "dict[")):
            nested[f.name] = lambda value: clone(value, {})
        else:
            raise TypeError(f"{cls.__name__}.{f.name}: {kind} is neither atoms nor a container")
    return tuple(plain), nested


# Copies by the records' own constructors, every field in order (atoms shared), then a fresh
# copy of each container: several times cheaper than walking the fields generically.
_UNIT_NESTED = _split(Unit)[1]
_UNIT_ALL = attrgetter(*(f.name for f in fields(Unit)))
if _split(Item)[1] or _split(Arm)[1]:
    raise TypeError("Item and Arm fields must hold atoms only (they are copied by constructor)")
_ITEM_ALL = attrgetter(*(f.name for f in fields(Item)))
_ARM_ALL = attrgetter(*(f.name for f in fields(Arm)))


def _copy_unit(u: Unit) -> Unit:
    out = Unit(*_UNIT_ALL(u))
    for name, copier in _UNIT_NESTED.items():
        setattr(out, name, copier(getattr(u, name)))
    return out
