"""Gems events: the past-tense facts gems rules report, beside the shared ones in
game.engine.events (DiceRolled, TurnStarted, TurnEnded, MatchEnded, RulingMade, Note).

Owns: the event records of the gems system, each field documented. Kinds are "gems.<name>" and
never change once saved. No field may be called `kind` (that is the record's own kind string). Tiles are (x, y) base-tile tuples; a unit's tile is the top-left of her
Size x Size footprint (GEM-GM-01).

Must not: carry live state objects or decide anything. The client animates these and then
re-reads the state as the truth.

Core facts: UnitMoved, DamageTaken, UnitHealed, UnitPoofed and InitiativeSet inherit the core
bases of game.engine.events (Moved, DamageDealt, Healed, Downed, InitiativeSettled) and map the
core names onto their own fields with properties; their kinds and JSON are unchanged.

Layout: the first part is encounter, movement, item, ability, water, truce and carry events (the
gems rules engineer); the marked section at the end is for combat events (combat.py).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine import events as core
from game.engine.events import event
from game.engine.records import Record

Tile = tuple[int, int]

#: UnitMoved modes where something else moved her (core Moved.forced)
FORCED_MODES = frozenset({"drift", "knockback", "carried"})


# --- encounter and turns ---------------------------------------------------------------------

@event("gems.encounter_started")
@dataclass(frozen=True, slots=True)
class EncounterStarted(Record):
    """The grid was built and every gem marked on it (GEM-04). `source` names the map file or
    "inline"; `units` lists the unit ids in set-up order."""

    source: str
    units: tuple[str, ...]


@event("gems.initiative_set")
@dataclass(frozen=True, slots=True)
class InitiativeSet(core.InitiativeSettled):
    """The turn order was fixed (GEM-05, GEM-GM-09). `order` lists unit ids, first to act first;
    `totals` gives each one's initiative total in the same order (core `scores`); `rerolls`
    counts the tie-break rerolls that were needed."""

    order: tuple[str, ...]
    totals: tuple[int, ...]
    rerolls: int = 0

    @property
    def scores(self) -> tuple[int, ...]:
        return self.totals


@event("gems.round_started")
@dataclass(frozen=True, slots=True)
class RoundStarted(Record):
    """A new round began (every gem in the order has had her turn); `round` counts from 1."""

    round: int


@event("gems.turn_skipped")
@dataclass(frozen=True, slots=True)
class TurnSkipped(Record):
    """`unit` was passed over in the order; `reason` says why (poofed, shattered)."""

    unit: str
    reason: str


@event("gems.slots_spent")
@dataclass(frozen=True, slots=True)
class SlotsSpent(Record):
    """`unit` used `spent` Action Slots on `action` (an action kind); `left` remain (GEM-06)."""

    unit: str
    spent: int
    left: int
    action: str


# --- movement --------------------------------------------------------------------------------

@event("gems.unit_moved")
@dataclass(frozen=True, slots=True)
class UnitMoved(core.Moved):
    """`unit` (core `mover`) went along `path` (every tile entered, in order; the last is where
    she stands). `mode` is how: "walk", "climb", "descend", "drop", "fly", "leap", "drift" (water
    current), "knockback" or "carried" (the last three are core `forced`). `slots` is what it
    cost her (0 for forced movement)."""

    unit: str
    path: tuple[Tile, ...]
    mode: str
    slots: int = 0

    @property
    def mover(self) -> str:
        return self.unit

    @property
    def forced(self) -> bool:
        return self.mode in FORCED_MODES


@event("gems.altitude_changed")
@dataclass(frozen=True, slots=True)
class AltitudeChanged(Record):
    """A flier rose or sank from elevation `old` to `new` (GEM-44..46) for `slots` Action Slots;
    `landed` is True when she came down onto the ground."""

    unit: str
    old: int
    new: int
    slots: int
    landed: bool = False


@event("gems.unit_fell")
@dataclass(frozen=True, slots=True)
class UnitFell(Record):
    """`unit` fell `height` elevation levels (GEM-13, GEM-14); `forced` when pushed or carried off
    a ledge rather than jumping (GEM-GM-06); `damage` is what the fall dealt (0 for short falls,
    fliers, or when forced falls are harmless by house rule)."""

    unit: str
    height: int
    damage: int
    forced: bool = False


# --- damage and gemstones --------------------------------------------------------------------

@event("gems.damage_taken")
@dataclass(frozen=True, slots=True)
class DamageTaken(core.DamageDealt):
    """`unit` (core `victim`) lost `amount` HP (after any reduction; `prevented` is what a shield stopped).
    `damage_type` is "melee", "thrown", "projectile" or "untyped" (falls are untyped unless
    the house rule makes them melee, GEM-GM-08); `source` names the unit id or the cause
    ("fall", "current"); `hp` is what she has left."""

    unit: str
    amount: int
    damage_type: str
    source: str
    hp: int
    prevented: int = 0

    @property
    def victim(self) -> str:
        return self.unit


@event("gems.unit_healed")
@dataclass(frozen=True, slots=True)
class UnitHealed(core.Healed):
    """`unit` (core `victim`) regained `amount` HP from `source` (an ability id); `hp` is her new
    total."""

    unit: str
    amount: int
    source: str
    hp: int

    @property
    def victim(self) -> str:
        return self.unit


@event("gems.unit_poofed")
@dataclass(frozen=True, slots=True)
class UnitPoofed(core.Downed):
    """`unit` (core `victim`) dropped to 0 HP or below and retreated into her gemstone
    (GEM-GM-03): the item `gemstone` now lies at `tile` (core `cell`) and counts as one occupant
    there (GEM-16, GEM-GM-33)."""

    unit: str
    gemstone: str
    tile: Tile

    @property
    def victim(self) -> str:
        return self.unit

    @property
    def cell(self) -> Tile:
        return self.tile


@event("gems.gemstone_shattered")
@dataclass(frozen=True, slots=True)
class GemstoneShattered(Record):
    """`by` shattered the gemstone item `gemstone` on her tile; the gem `unit` is gone for good
    (GEM-17, GEM-GM-31)."""

    by: str
    gemstone: str
    unit: str


# --- items -----------------------------------------------------------------------------------

@event("gems.item_picked_up")
@dataclass(frozen=True, slots=True)
class ItemPickedUp(Record):
    """`unit` took `item` (an item id, or a unit id for a carried gem) into the arms listed in
    `arms` (GEM-15, GEM-53). `load` is True when it is carried as a load (GEM-54)."""

    unit: str
    item: str
    arms: tuple[int, ...]
    load: bool = False


@event("gems.item_put_down")
@dataclass(frozen=True, slots=True)
class ItemPutDown(Record):
    """`unit` let go of `item` (item or carried unit id); it now lies (or stands) at `tile`."""

    unit: str
    item: str
    tile: Tile


@event("gems.item_summoned")
@dataclass(frozen=True, slots=True)
class ItemSummoned(Record):
    """`unit` summoned a new item `item` of content kind `item_kind` into arm `arm` (GEM-07,
    GEM-GM-28)."""

    unit: str
    item: str
    item_kind: str
    arm: int


@event("gems.item_dismissed")
@dataclass(frozen=True, slots=True)
class ItemDismissed(Record):
    """The summoned item `item` of `unit` vanished (dismissed, or its summoner poofed)."""

    unit: str
    item: str


@event("gems.item_moved")
@dataclass(frozen=True, slots=True)
class ItemMoved(Record):
    """A loose item was displaced to `tile` (e.g. scattered from a poofed gem's arms);
    `reason` says why in a few words."""

    item: str
    tile: Tile
    reason: str = ""


# --- abilities -------------------------------------------------------------------------------

@event("gems.ability_used")
@dataclass(frozen=True, slots=True)
class AbilityUsed(Record):
    """`unit` activated `ability` (content id) whose effect verb is `verb`, on `target` (a unit
    id, or None for herself / a tile ability); `tile` for tile-targeted abilities (GEM-07,
    GEM-GM-29). `turns` is how long a timed effect lasts (0: instant or until switched off)."""

    unit: str
    ability: str
    verb: str
    target: str | None = None
    tile: Tile | None = None
    turns: int = 0


@event("gems.ability_ended")
@dataclass(frozen=True, slots=True)
class AbilityEnded(Record):
    """The lasting effect of `ability` on `unit` stopped; `reason` is "dismissed", "expired" or
    "poofed"."""

    unit: str
    ability: str
    reason: str


# --- water -----------------------------------------------------------------------------------

@event("gems.water_slowed")
@dataclass(frozen=True, slots=True)
class WaterSlowed(Record):
    """At the start of her turn `unit` was surrounded by water (GEM-18): her Movement Speed drops
    by `penalty` for this turn, to `ms` (may be negative)."""

    unit: str
    penalty: int
    ms: int


@event("gems.current_resisted")
@dataclass(frozen=True, slots=True)
class CurrentResisted(Record):
    """`unit` beat the current's threshold `threshold` (GEM-19, GEM-20) and was not moved."""

    unit: str
    threshold: int


@event("gems.current_carried")
@dataclass(frozen=True, slots=True)
class CurrentCarried(Record):
    """`unit` failed against the current (threshold `threshold`) and was swept `direction` for up
    to `distance` tiles; `moved` is how far she really went (drift stops before solid or full
    tiles, GEM-GM-12). A UnitMoved with mode "drift" follows when she moved."""

    unit: str
    threshold: int
    direction: str
    distance: int
    moved: int


# --- negotiation -----------------------------------------------------------------------------

@event("gems.negotiation_failed")
@dataclass(frozen=True, slots=True)
class NegotiationFailed(Record):
    """`unit`'s Social Roll `roll` did not beat `target`'s `against` (GEM-50; ties fail). She may
    try again later (GEM-52)."""

    unit: str
    target: str
    roll: int
    against: int


@event("gems.truce_made")
@dataclass(frozen=True, slots=True)
class TruceMade(Record):
    """`unit` talked `target` into a truce (GEM-51): neither may attack the other. `rounds` is how
    many of `unit`'s own turns it lasts (-1: the rest of the encounter); `margin` is by how much
    the Social Roll won (GEM-GM-25)."""

    unit: str
    target: str
    rounds: int
    margin: int


@event("gems.truce_ended")
@dataclass(frozen=True, slots=True)
class TruceEnded(Record):
    """The truce `unit` made with `target` ran out."""

    unit: str
    target: str


# --- carrying --------------------------------------------------------------------------------

@event("gems.carry_checked")
@dataclass(frozen=True, slots=True)
class CarryChecked(Record):
    """`unit` tried to haul `load` (item or unit id) whose Size ratio needs a roll over
    `threshold` (GEM-54, GEM-GM-27). `success`: she moves at `ms` while carrying; failure: she
    holds it but cannot move (ms 0)."""

    unit: str
    load: str
    threshold: int
    success: bool
    ms: int


# =============================================================================================
# --- combat events (owned by combat.py's engineer; append below this line) -------------------
# =============================================================================================


# --- combat events (owned by combat.py; gems rules B) ------------------------------------------
# Past-tense facts of the Ready Action, attack resolution, blocks, disarms and knockback.
# Tiles are (x, y) base-tile pairs; unit and item ids are the state's keys.

@event("gems.ready_opened")
@dataclass(frozen=True, slots=True)
class ReadyOpened(Record):
    """`unit` spent an Action Slot on a Ready Action (GEM-21); `slots_left` remain."""

    unit: str
    slots_left: int


@event("gems.arm_assigned")
@dataclass(frozen=True, slots=True)
class ArmAssigned(Record):
    """Inside the open Ready Action, `arm` of `unit` now aims at the block whose top-left tile is
    `target`, as a `mode` attack ("melee", "thrown" or "projectile")."""

    unit: str
    arm: int
    target: tuple[int, int]
    mode: str


@event("gems.arm_unassigned")
@dataclass(frozen=True, slots=True)
class ArmUnassigned(Record):
    """`arm` of `unit` was taken back out of the open Ready Action."""

    unit: str
    arm: int


@event("gems.object_handed_over")
@dataclass(frozen=True, slots=True)
class ObjectHandedOver(Record):
    """Arm Action: `item` passed from `unit`'s `arm` into `to_unit`'s `to_arm`."""

    unit: str
    arm: int
    to_unit: str
    to_arm: int
    item: str


@event("gems.counters_declared")
@dataclass(frozen=True, slots=True)
class CountersDeclared(Record):
    """Defender `unit` chose to make `count` counter rolls against `attacker` (GEM-29)."""

    unit: str
    attacker: str
    count: int


@event("gems.attack_blocked")
@dataclass(frozen=True, slots=True)
class AttackBlocked(Record):
    """`defender`'s counter roll number `counter` (total `counter_total`) stopped the attack of
    `attacker`'s `arm` (total `attack_total`) (GEM-30, GEM-31)."""

    defender: str
    attacker: str
    arm: int
    counter: int
    counter_total: int
    attack_total: int


@event("gems.attack_resolved")
@dataclass(frozen=True, slots=True)
class AttackResolved(Record):
    """One arm's attack against one target is settled: its roll `total`, whether it made
    `contact` (total above 15, GEM-23), whether it was `blocked`, and the `damage` it dealt."""

    attacker: str
    target: str
    arm: int
    mode: str
    total: int
    contact: bool
    blocked: bool
    damage: int


@event("gems.disarm_checked")
@dataclass(frozen=True, slots=True)
class DisarmChecked(Record):
    """A disarm was tried (GEM-33..35): the sum of `attacker`'s rolls against `target` versus the
    sum of her counter rolls; `success` when the attack sum was strictly higher."""

    attacker: str
    target: str
    attack_sum: int
    counter_sum: int
    success: bool


@event("gems.arm_lost")
@dataclass(frozen=True, slots=True)
class ArmLost(Record):
    """`unit` lost the use of `arm` to a disarm by `by` (GEM-33, GEM-36); it stays drawn,
    faded, but is cosmetic from now on (GEM-38)."""

    unit: str
    arm: int
    by: str


@event("gems.object_landed")
@dataclass(frozen=True, slots=True)
class ObjectLanded(Record):
    """Item `item` came to rest on tile (`x`, `y`); `reason` is "thrown" or "disarm"."""

    item: str
    x: int
    y: int
    reason: str


@event("gems.knocked_back")
@dataclass(frozen=True, slots=True)
class KnockedBack(Record):
    """`thing` (a unit or item id) was pushed from `start` to `end` (GEM-40): it travelled
    `moved` of the `wanted` tiles; `hit` lists what it collided with and `outcome` says how the
    collision was settled ("stop", "push", "pass" or "" for a free push; going over an edge is
    no collision: the push goes on and a UnitFell follows where she lands, GEM-GM-14)."""

    thing: str
    start: tuple[int, int]
    end: tuple[int, int]
    moved: int
    wanted: int
    hit: tuple[str, ...] = ()
    outcome: str = ""


@event("gems.strike_resolved")
@dataclass(frozen=True, slots=True)
class StrikeResolved(Record):
    """Every arm of `unit`'s Ready Action has been resolved; the Ready Action is closed."""

    unit: str
