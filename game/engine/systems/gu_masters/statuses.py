"""Status effects of gu_masters: every status's numbers as data, applying one (stacking,
refreshing, immunity, Ablaze over Burning), start-of-turn damage, end-of-turn endings and
duration ticking, the ways a status is shed (water, rolling, healing, rest, standing up), and
what the statuses a creature carries do to its tests, movement, activations and senses
(GU-17, GU-108, GU-134..154, GU-X-13, GU-GM-09/10/11/28/45).

Owns: `RULES` (one `StatusRule` per status: test penalties, automatic failures, modifiers to
attacks against the bearer, movement, activations, what it forbids, start-of-turn damage and
how it ends), the `Status` record a creature carries (stacks, the applying Gu's rank, turns left,
poison source and amount, and whether it was applied during the bearer's own turn), and pure
functions from a tuple of statuses to a new tuple or to numbers.

Skill names are the content's ids (close_combat, ranged_attack, dodge, athletics, flying,
awareness).

Must not: read creatures or the match, roll dice, or apply the damage it asks for (the engine
runs each `damage.Hit` from `start_of_turn` through `damage.take`, in the order the creature
chooses, GU-16).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from math import ceil
from typing import Iterable

from game.engine.systems.gu_masters.checks import Modifier
from game.engine.systems.gu_masters.damage import (
    NATURAL_FIRE_RANK, Affinity, Hit, bleeding_left,
)

SKILLS: tuple[str, ...] = ("close_combat", "ranged_attack", "dodge", "athletics", "flying",
                           "awareness")
ALL = "*"                  # a test penalty on every skill test


@dataclass(frozen=True, slots=True)
class StatusRule:
    """What one status does, as numbers the engine applies.

    `own` penalties on the bearer's skill tests (skill or "*" for all); `auto_fail` skills its
    tests fail outright; `against` modifiers to attack tests made against the bearer, by the
    attacker's skill; `movement` added to Movement, or `no_move`; `activations` added (not below
    0); `no_actions` / `no_reactions`; `start_damage` of `start_type` each time its turn starts;
    `ends_at_turn_end` (unless it carries turns); what removes it: water, rolling on the ground
    (a combat action), regaining HP, an hour's rest, standing up."""

    name: str
    label: str
    own: tuple[tuple[str, int], ...] = ()
    auto_fail: frozenset[str] = frozenset()
    against: tuple[tuple[str, int], ...] = ()
    movement: int = 0
    no_move: bool = False
    activations: int = 0
    no_actions: bool = False
    no_reactions: bool = False
    start_damage: int = 0
    start_type: str = "none"
    ends_at_turn_end: bool = False
    ends_in_water: bool = False
    ends_by_rolling: bool = False
    ends_on_heal: bool = False
    ends_on_rest: bool = False
    ends_on_standing: bool = False
    blind: bool = False
    deaf: bool = False
    stacks: bool = False


RULES: dict[str, StatusRule] = {r.name: r for r in (
    # GU-134..138: 30 heat at the start of each turn; water puts it out, rolling does not.
    StatusRule("ablaze", "Ablaze", start_damage=30, start_type="heat", ends_in_water=True),
    # GU-139..141: X untyped direct damage at each turn start; stacks add; healing removes.
    StatusRule("bleeding", "Bleeding", stacks=True),
    # GU-142: +50 to Close Combat and Ranged Attack; no sight.
    StatusRule("blinded", "Blinded", own=(("close_combat", 50), ("ranged_attack", 50)),
               blind=True),
    # GU-143/144: 10 heat at each turn start; water or rolling on the ground ends it.
    StatusRule("burning", "Burning", start_damage=10, start_type="heat", ends_in_water=True,
               ends_by_rolling=True),
    # GU-145: Activations -2, gone at the end of the bearer's turn.
    StatusRule("dazed", "Dazed", activations=-2, ends_at_turn_end=True),
    # GU-146: no hearing; sonic resistance whatever the rank (see `affinities`).
    StatusRule("deafened", "Deafened", deaf=True),
    # GU-147: -3 m movement, +20 to Dodge and Athletics, until an hour's rest.
    StatusRule("fatigued", "Fatigued", own=(("dodge", 20), ("athletics", 20)), movement=-3,
               ends_on_rest=True),
    # GU-148: whatever the poison says; here its damage at each turn start (GU-96 applies).
    StatusRule("poisoned", "Poisoned", start_type="poison"),
    # GU-149..151: +30 to every skill test, Dodge fails; melee against it -10, ranged +10.
    StatusRule("prone", "Prone", own=((ALL, 30),), auto_fail=frozenset({"dodge"}),
               against=(("close_combat", -10), ("ranged_attack", 10)), ends_on_standing=True),
    # GU-152: movement 0; Dodge and Flying fail.
    StatusRule("restrained", "Restrained", no_move=True,
               auto_fail=frozenset({"dodge", "flying"})),
    # GU-153/154: no moving, acting or reacting; turns into Dazed at the end of its turn.
    StatusRule("stunned", "Stunned", no_move=True, no_actions=True, no_reactions=True),
    # GU-X-13, GU-136, GU-GM-11: out cold until it regains HP (or the battle ends).
    StatusRule("unconscious", "Unconscious", no_move=True, no_actions=True, no_reactions=True,
               ends_on_heal=True, blind=True, deaf=True),
)}
NAMES: tuple[str, ...] = tuple(RULES)


@dataclass(frozen=True, slots=True)
class Status:
    """A status a creature carries. `stacks` for Bleeding (GU-139); `rank` of the Gu that
    applied Burning, Ablaze or a poison (None: natural, counted as rank 1 for fire, GU-137);
    `turns` left of a timed status (None: it lasts by its own rule); `source` and `amount`
    name a poison and its damage per turn (GU-148); `fresh` marks a status applied during its
    bearer's own turn (GU-GM-09); `by` the creature its harm is counted to (the last one to
    give or renew it)."""

    name: str
    stacks: int = 1
    rank: int | None = None
    turns: int | None = None
    source: str = ""
    amount: int = 0
    fresh: bool = False
    by: str = ""

    def __post_init__(self) -> None:
        if self.name not in RULES:
            raise ValueError(f"unknown status {self.name!r}; expected one of {NAMES}")
        if self.stacks < 0 or (self.turns is not None and self.turns < 1) or self.amount < 0:
            raise ValueError(f"status {self.name}: stacks, turns and amount must be positive")

    @property
    def rule(self) -> StatusRule:
        return RULES[self.name]

    @property
    def label(self) -> str:
        return f"{self.rule.label} {self.stacks}" if self.rule.stacks else self.rule.label


Statuses = tuple[Status, ...]


@dataclass(frozen=True, slots=True)
class Applied:
    """The statuses after an attempt to add one, whether it took, and a note for the log."""

    statuses: Statuses
    took: bool
    note: str = ""


def _lasts(s: Status) -> float:
    """How long a status will last, to keep the longer of two: its turns; else "this turn"
    for one that ends with the turn, else for good."""
    if s.turns is not None:
        return s.turns
    return 0.5 if s.rule.ends_at_turn_end else float("inf")


def apply(current: Iterable[Status], new: Status, *, immune: Iterable[str] = ()) -> Applied:
    """Add a status (GU-108, GU-134, GU-140, GU-148, GU-GM-45).

    Immunity refuses it whatever the rank. Ablaze refuses Burning and removes it. Bleeding
    stacks add up (a 0-stack Bleeding does nothing). A poison from the same source refreshes
    its turns and does not stack; a different poison is a new instance. Any other status
    already carried is kept once, lasting the longer of the two, at the higher rank."""
    have = tuple(current)
    name = new.name
    if name in set(immune):
        return Applied(have, False, f"immune to {new.rule.label}")
    if name == "burning" and any(s.name == "ablaze" for s in have):
        return Applied(have, False, "already ablaze")
    if name == "bleeding":
        if new.stacks <= 0:
            return Applied(have, False)
        old = next((s for s in have if s.name == "bleeding"), None)
        if old is None:
            return Applied(have + (new,), True, f"bleeding {new.stacks}")
        total = old.stacks + new.stacks
        return Applied(tuple(replace(s, stacks=total, by=new.by or s.by) if s is old else s
                             for s in have), True,
                       f"bleeding {total}")
    if name == "poisoned":
        old = next((s for s in have if s.name == "poisoned" and s.source == new.source), None)
        if old is None:
            return Applied(have + (new,), True, f"poisoned ({new.source or 'poison'})")
        return Applied(tuple(new if s is old else s for s in have), True,
                       f"{new.source or 'poison'} renewed")
    kept = have
    note = new.rule.label.lower()
    if name == "ablaze" and any(s.name == "burning" for s in have):
        kept = tuple(s for s in have if s.name != "burning")
        note = "ablaze, no longer burning"
    old = next((s for s in kept if s.name == name), None)
    if old is None:
        return Applied(kept + (new,), True, note)
    longer = new if _lasts(new) >= _lasts(old) else old
    ranks = [r for r in (old.rank, new.rank) if r is not None]
    merged = replace(longer, rank=max(ranks) if ranks else None, fresh=new.fresh or old.fresh,
                     by=new.by or old.by)
    return Applied(tuple(merged if s is old else s for s in kept), True, note)


def end_of_next_turn(name: str, *, on_own_turn: bool, tick_own_turn: bool = True,
                     **fields: int) -> Status:
    """A status lasting "until the end of its next turn" (GU-132 head Blinded; GU-154's Dazed),
    counted in turns so GU-17 ticking ends it at the right moment under either GU-GM-09
    reading."""
    turns = 2 if on_own_turn and tick_own_turn else 1
    return Status(name, turns=turns, fresh=on_own_turn, **fields)


def start_of_turn(statuses: Iterable[Status]) -> tuple[Hit, ...]:
    """The damage the statuses deal as the bearer's turn starts (GU-135, GU-139, GU-143,
    GU-148), one `Hit` each. Fire counts at the rank of the Gu that lit it, natural fire rank 1
    (GU-137); Bleeding is untyped, direct, and no Gu reduces it (GU-139)."""
    hits: list[Hit] = []
    for s in statuses:
        if s.name == "bleeding" and s.stacks:
            hits.append(Hit(s.stacks, "none", direct=True, reducible=False, source="bleeding"))
        elif s.name in ("burning", "ablaze"):
            rank = s.rank if s.rank is not None else NATURAL_FIRE_RANK
            hits.append(Hit(s.rule.start_damage, "heat", rank=rank, source=s.name))
        elif s.name == "poisoned" and s.amount:
            hits.append(Hit(s.amount, "poison", rank=s.rank or 0, source=s.source or "poison"))
    return tuple(hits)


def end_of_turn(statuses: Iterable[Status], *, tick_own_turn: bool = True) -> Statuses:
    """The bearer's turn ends (GU-17, GU-145, GU-154, GU-GM-09/10).

    Timed statuses lose a turn and end at 0; one applied during this very turn loses it too by
    default, or not under `tick_own_turn=False`. Dazed without turns ends. Stunned ends and
    becomes a Dazed that lasts through the next turn (added after the endings, so Dazed's own
    end-of-turn removal cannot erase it at once)."""
    out: list[Status] = []
    stunned = False
    for s in statuses:
        if s.name == "stunned":
            stunned = True
            continue
        if s.turns is not None:
            if s.fresh and not tick_own_turn:
                out.append(replace(s, fresh=False))
            elif s.turns > 1:
                out.append(replace(s, turns=s.turns - 1, fresh=False))
            continue
        if s.rule.ends_at_turn_end:
            continue
        out.append(replace(s, fresh=False) if s.fresh else s)
    result: Statuses = tuple(out)
    if stunned:
        result = apply(result, Status("dazed", turns=1)).statuses
    return result


def _shed(statuses: Iterable[Status], flag: str) -> Statuses:
    return tuple(s for s in statuses if not getattr(s.rule, flag))


def submerged(statuses: Iterable[Status]) -> Statuses:
    """Water puts out Ablaze and Burning (GU-138, GU-144)."""
    return _shed(statuses, "ends_in_water")


def roll_on_ground(statuses: Iterable[Status]) -> Statuses:
    """The combat action of rolling on the ground ends Burning, not Ablaze (GU-144, GU-138)."""
    return _shed(statuses, "ends_by_rolling")


def rested(statuses: Iterable[Status]) -> Statuses:
    """An hour's rest ends Fatigued (GU-147)."""
    return _shed(statuses, "ends_on_rest")


def stood_up(statuses: Iterable[Status]) -> Statuses:
    """Standing up ends Prone (GU-151); `stand_up_cost` is what it spends."""
    return _shed(statuses, "ends_on_standing")


def stand_up_cost(movement: int) -> int:
    """GU-151, GU-GM-28: half its Movement, rounded up."""
    return ceil(max(0, movement) / 2)


def healed(statuses: Iterable[Status], gained: int) -> Statuses:
    """HP regained: each point removes a Bleeding stack (GU-141), and any HP wakes an
    unconscious bearer (GU-X-13, GU-GM-11)."""
    if gained <= 0:
        return tuple(statuses)
    out: list[Status] = []
    for s in statuses:
        if s.rule.ends_on_heal:
            continue
        if s.name == "bleeding":
            left = bleeding_left(s.stacks, gained)
            if left:
                out.append(replace(s, stacks=left))
            continue
        out.append(s)
    return tuple(out)


def ablaze_test_due(statuses: Iterable[Status], ablaze_dealt: int) -> bool:
    """GU-136: a bearer that took heat damage to HP from Ablaze this turn makes a Perseverance
    test at the end of the turn; failing it, it falls unconscious (apply "unconscious")."""
    return ablaze_dealt > 0


# --- what the statuses change ----------------------------------------------------------------

def names(statuses: Iterable[Status]) -> frozenset[str]:
    return frozenset(s.name for s in statuses)


def bleeding(statuses: Iterable[Status]) -> int:
    """The Bleeding stacks carried."""
    return sum(s.stacks for s in statuses if s.name == "bleeding")


def own_modifiers(statuses: Iterable[Status], skill: str) -> tuple[Modifier, ...]:
    """Penalties the bearer's statuses put on its own test of `skill` (GU-142, 147, 149),
    each labelled by the status. Attribute tests (Perseverance) take none of these."""
    out: list[Modifier] = []
    for s in statuses:
        for which, value in s.rule.own:
            if which == skill or (which == ALL and skill in SKILLS):
                out.append((s.rule.label.lower(), value))
    return tuple(out)


def auto_fail(statuses: Iterable[Status], skill: str) -> str | None:
    """The status that makes the bearer's `skill` test fail outright (GU-149, GU-152)."""
    for s in statuses:
        if skill in s.rule.auto_fail:
            return s.rule.label.lower()
    return None


def target_modifiers(statuses: Iterable[Status], attack_skill: str) -> tuple[Modifier, ...]:
    """Modifiers on an attack test of `attack_skill` made against the bearer (GU-150)."""
    return tuple((f"target {s.rule.label.lower()}", value) for s in statuses
                 for which, value in s.rule.against if which == attack_skill)


def movement(statuses: Iterable[Status], base: int) -> int:
    """Movement after statuses: 0 if any forbids moving (GU-152/153), else base plus their
    changes (GU-147), not below 0."""
    carried = tuple(statuses)
    if any(s.rule.no_move for s in carried):
        return 0
    return max(0, base + sum(s.rule.movement for s in carried))


def activations(statuses: Iterable[Status], base: int) -> int:
    """Activations after statuses (GU-145: Dazed -2, not below 0). Two Dazed are one."""
    deltas = {s.name: s.rule.activations for s in statuses}
    return max(0, base + sum(deltas.values()))


def can_move(statuses: Iterable[Status]) -> bool:
    return not any(s.rule.no_move for s in statuses)


def can_act(statuses: Iterable[Status]) -> bool:
    return not any(s.rule.no_actions for s in statuses)


def can_react(statuses: Iterable[Status]) -> bool:
    return not any(s.rule.no_reactions for s in statuses)


def can_see(statuses: Iterable[Status]) -> bool:
    """GU-142: no sight-based Awareness tests (and no seeing targets) while blind."""
    return not any(s.rule.blind for s in statuses)


def can_hear(statuses: Iterable[Status]) -> bool:
    """GU-146: no hearing-based Awareness tests while deaf."""
    return not any(s.rule.deaf for s in statuses)


def affinities(statuses: Iterable[Status]) -> tuple[Affinity, ...]:
    """Damage affinities statuses grant: Deafened resists sonic whatever the rank (GU-146)."""
    if any(s.name == "deafened" for s in statuses):
        return (Affinity("sonic", "resistant", None, "deafened"),)
    return ()


@dataclass(frozen=True, slots=True)
class Badge:
    """A status as the battle screen shows it: label and a one-line summary of its numbers."""

    name: str
    label: str
    summary: str = field(default="")


def badges(statuses: Iterable[Status]) -> tuple[Badge, ...]:
    """Labels and short summaries for the client's badges and tooltips."""
    out: list[Badge] = []
    for s in statuses:
        r = s.rule
        bits: list[str] = []
        if s.name == "bleeding":
            bits.append(f"{s.stacks} direct damage at turn start")
        elif r.start_damage:
            bits.append(f"{r.start_damage} heat at turn start (rank "
                        f"{s.rank if s.rank is not None else NATURAL_FIRE_RANK})")
        if s.name == "poisoned" and s.amount:
            bits.append(f"{s.amount} poison at turn start")
        bits += [f"{'+' if v >= 0 else ''}{v} to {'all skill' if k == ALL else k.replace('_', ' ')} tests"
                 for k, v in r.own]
        bits += [f"{k.replace('_', ' ')} fails" for k in sorted(r.auto_fail)]
        if r.movement:
            bits.append(f"{r.movement} m movement")
        if r.no_move:
            bits.append("cannot move")
        if r.activations:
            bits.append(f"{r.activations} activations")
        if r.no_actions:
            bits.append("no actions or reactions")
        if s.turns is not None:
            bits.append(f"{s.turns} turn{'s' if s.turns != 1 else ''} left")
        out.append(Badge(s.name, s.label, "; ".join(bits)))
    return tuple(out)
