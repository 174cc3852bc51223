"""Held actions of gu_masters on the map (GU-71..74, GU-90, GU-GM-35/36): the Hold combat
action, the trigger going off at an enemy's deed, the held action fired as a reaction after
GU-73's race, and the lapse at the holder's next turn. held.py keeps the pure rules (the trigger
vocabulary, whether a deed fires one, the race's skill and winner, GU-74's one activation).

Owns: the records `Hold` (own turn: the action held and its trigger) and `UseHeld` (the answer
at the `held` stage: one of the held action's aims, or `fire=False` to let it pass), their
events, `legal` / `apply` / `refusal` of Hold, the deeds an own-turn action is
(`deeds`: "attack", "gu" with the Gu named, "move"), `intercept` (before such an action is
carried out, each enemy whose trigger it fires is asked at its own `held` stage, above a
`held_deed` stage that keeps the action), `entering` (a walk's step into an
enemy_enters_range trigger, called by moves.walk), `stage_legal` / `stage_apply` of the `held`
stage (a reaction spent, the race rolled: the winner's action first), `resume` (after every
answer: the paused walk goes on, then the kept deed and the held actions that lost the race
are carried out in turn) and `lapse` (GU-GM-35, called by turns.start_turn).

Readings (the README lists them): a held melee attack is one strike (any the holder could
make then, kicks too), a held Activate Gu one activation of the named Gu (GU-74) at any aim
it could take then (an area Gu only where its area catches the one who set it off); a held
action is declared openly (every seat sees it); an action whose moment passed (its target out
of reach when its turn comes, after losing the race) is lost with the reaction; a deed the held
action made impossible (its actor down, its target gone) is not made and costs its actor
nothing. enemy_enters_range is watched on walks; jumps and flights fire only enemy_moves and
any_hostile_act.

Must not: decide what a strike or a Gu does (attack.py, activate.py) or roll except on the Rng
it is handed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import ACTIONS, action
from game.engine.events import event
from game.engine.records import Record
from game.engine.rng import Rng
from game.engine.rules import Refusal
from game.engine.tactics import pending
from game.engine.tactics.pending import Pending

from . import activate, areagu, attack, grips, gu, held, hiding, maneuvers, moves, reactions
from .actions import Activate, Jump, Move, Strike
from .events import Reacted
from .state import Creature, GuState
from .turns import roll, test_event

HOLD_STAGE = "held"              # a holder's trigger went off: fire the held action or not
DEED_STAGE = "held_deed"         # never answered: the deed kept, then the race's losers
STRIKE, GU = "strike", "gu"      # what a Hold holds: one melee strike, or one Gu activation,
KILLER = "killer"                # or a whole killer move (its own combat action, GU-47)
HELD = "held"                    # the Reacted label of a held action fired (GU-90)
RANGES = (1, 2, 5, 10, 20)       # the distances an enemy_enters_range trigger may name
SELF_RANGE = 5                   # the farthest such distance for a Gu with no reach (on itself)
ATTACK, GU_DEED, MOVE = "attack", "gu", "move"


@action("gu.hold")
@dataclass(frozen=True, slots=True)
class Hold(Record):
    """Hold the combat action (GU-71): `held` "strike" (one melee strike), "gu" (one
    activation of the Gu `gu`, GU-74) or "killer" (the killer move `gu`, named `killer:<id>`
    as events name it: every activation of it, GU-47..49), until `trigger` (GU-GM-36:
    enemy_enters_range with `range_m`, enemy_attacks, enemy_uses_gu naming the enemy's Gu
    `named`, enemy_moves, any_hostile_act)."""
    actor: str
    held: str
    trigger: str
    gu: str = ""
    range_m: int = 0
    named: str = ""


@action("gu.use_held")
@dataclass(frozen=True, slots=True)
class UseHeld(Record):
    """The answer at the `held` stage (GU-72/90): `fire` spends a reaction on the held action
    made at `target` (a strike's `strike` and `weapon`; a Gu's or killer move's aim, `gu` its
    Gu or `killer:<id>`: `target`, or the square (x, y)); `fire` False lets this trigger pass
    and keeps holding."""
    actor: str
    fire: bool = True
    target: str = ""
    strike: str = ""
    weapon: str = ""
    gu: str = ""
    x: int = -1
    y: int = -1


@event("gu.held")
@dataclass(frozen=True, slots=True)
class ActionHeld(Record):
    """`who` holds its combat action (GU-71): `held` "strike", "gu" (`gu` the Gu) or "killer"
    (`gu` the killer move, `killer:<id>`), fired by
    `trigger` (a trigger kind; `range_m` and `named` its parameter, GU-GM-36)."""
    who: str
    held: str
    trigger: str
    gu: str = ""
    range_m: int = 0
    named: str = ""


@event("gu.held_triggered")
@dataclass(frozen=True, slots=True)
class HeldTriggered(Record):
    """`by`'s `deed` ("attack", "gu", "move") set off `who`'s held action: its seat is asked."""
    who: str
    by: str
    deed: str


@event("gu.held_race")
@dataclass(frozen=True, slots=True)
class HeldRaced(Record):
    """GU-73: the opposed `skill` tests of `who` (holding) and `by` (who set it off) are rolled;
    `first` True when the held action happens before `by`'s deed."""
    who: str
    by: str
    skill: str
    first: bool


@event("gu.held_passed")
@dataclass(frozen=True, slots=True)
class HeldPassed(Record):
    """`who` let `by`'s deed pass without firing; it keeps holding."""
    who: str
    by: str


@event("gu.held_ended")
@dataclass(frozen=True, slots=True)
class HeldEnded(Record):
    """`who`'s held action ended unused: `why` "lapsed" (its next turn began, GU-GM-35) or
    "missed" (its moment passed: no aim left when it came to act)."""
    who: str
    why: str


@event("gu.deed_lost")
@dataclass(frozen=True, slots=True)
class DeedLost(Record):
    """`who` did not make the action it began (`what`, an action kind): a held action that
    went first made it impossible; nothing of its turn was spent on it."""
    who: str
    what: str


# -- holding -----------------------------------------------------------------------------------
def trigger_of(c: Creature) -> held.Trigger:
    return held.Trigger.from_json(c.held["trigger"])


def _options(state: GuState, c: Creature) -> list[tuple[str, str, int]]:
    """(held, Gu, reach in metres) of each action `c` may hold now: a melee strike while it
    could strike, one activation of each Gu it could pay for that is used by activation, each
    killer move it could start now (GU-47; a final stand holds only Gu, GU-110)."""
    out: list[tuple[str, str, int]] = []
    if attack.can_strike(c) and (c.weapons or c.attacks):
        reaches = [attack.weapon_reach(w) for w in c.weapons]
        reaches += [attack.UNARMED_REACH] if c.attacks else []
        out.append((STRIKE, "", max(reaches)))
    for gid in sorted(set(c.gu)):
        g = gu.lib().gu.get(gid)
        if g is None or g.use != "activation" or gid in c.sustained or c.essence < g.cost:
            continue
        out.append((GU, gid, 0 if g.target == "self" else activate.reach_of(g)))
    entry = gu.lib().creatures.get(c.entry)
    for kid in (entry.killer_moves if entry else ()):
        if activate.killer_refusal(state, c, kid) is None:
            k = gu.lib().killer_moves[kid]
            out.append((KILLER, gu.KILLER + kid,
                        0 if k.target == "self" else activate.reach_of(k)))
    return out


def ranges(reach: int) -> list[int]:
    """The distances an enemy_enters_range trigger may name for an action reaching `reach` m
    (a Gu on the user: up to SELF_RANGE)."""
    top = reach if reach > 0 else SELF_RANGE
    return sorted({r for r in RANGES if r <= top} | {top})


def named_gu(state: GuState, c: Creature) -> list[str]:
    """The Gu an enemy_uses_gu trigger may name: those the foes `c` sees carry and could use."""
    out: set[str] = set()
    for o in state.living():
        if o.side == c.side or hiding.unseen(c, o):
            continue
        for gid in o.gu:
            g = gu.lib().gu.get(gid)
            if g is not None and g.use != "passive":
                out.add(gid)
    return sorted(out)


def legal(state: GuState, c: Creature) -> list:
    if pending.top(state.pending) is not None or state.turn.action or not activate._acts(c):
        return []
    names = named_gu(state, c)
    out: list = []
    for what, gid, reach in _options(state, c):
        for kind in ("enemy_attacks", "enemy_moves", "any_hostile_act"):
            out.append(Hold(c.id, what, kind, gid))
        out += [Hold(c.id, what, "enemy_enters_range", gid, r) for r in ranges(reach)]
        out += [Hold(c.id, what, "enemy_uses_gu", gid, 0, n) for n in names]
    return out


def refusal(state: GuState, a: Any) -> Refusal | None:
    """The specific reason a Hold may not be made now (else None; an unlisted parameter is
    refused against the legal list)."""
    if not isinstance(a, Hold):
        return None
    c = state.creatures[a.actor]
    if state.turn.action:
        return Refusal(f"{a.actor} has used its combat action this turn", "GU-18")
    if not activate._acts(c):
        return Refusal(f"{a.actor} cannot act now", "GU-153" if c.has("stunned") else "GU-113")
    if a.trigger not in held.TRIGGERS:
        return Refusal(f"{a.trigger!r} is no trigger: {', '.join(held.TRIGGERS)}", "GU-GM-36")
    if a.held not in (STRIKE, GU, KILLER):
        return Refusal(f"{a.held!r} cannot be held: a strike, a Gu or a killer move", "GU-71")
    if a.held != GU and c.condition != "up":
        return Refusal(f"{a.actor} may hold only a Gu activation in a final stand", "GU-110")
    if a.held == KILLER:
        kid = a.gu[len(gu.KILLER):] if a.gu.startswith(gu.KILLER) else a.gu
        why = activate.killer_refusal(state, c, kid)
        if why is not None:
            return Refusal(f"{a.actor} cannot hold it: {why[0]}", why[1])
    options = {(w, g): reach for w, g, reach in _options(state, c)}
    if (a.held, a.gu if a.held != STRIKE else "") not in options:
        what = a.gu or "no Gu" if a.held == GU else "a strike"
        return Refusal(f"{a.actor} cannot hold {what} now (it cannot strike, or the Gu is not "
                       "used by activation, is kept up or too dear)", "GU-71")
    if a.held == STRIKE and a.gu:
        return Refusal("a held strike names no Gu", "GU-71")
    reach = options[(a.held, a.gu)]
    if a.trigger == "enemy_enters_range" and a.range_m not in ranges(reach):
        return Refusal(f"for this action an enemy_enters_range trigger names "
                       f"{', '.join(map(str, ranges(reach)))} m", "GU-GM-36")
    if a.trigger != "enemy_enters_range" and a.range_m:
        return Refusal("only an enemy_enters_range trigger names a distance", "GU-GM-36")
    if a.trigger == "enemy_uses_gu" and a.named not in named_gu(state, c):
        return Refusal(f"an enemy_uses_gu trigger names a Gu a foe in sight carries: "
                       f"{', '.join(named_gu(state, c)) or 'none'}", "GU-GM-36")
    if a.trigger != "enemy_uses_gu" and a.named:
        return Refusal("only an enemy_uses_gu trigger names a Gu", "GU-GM-36")
    return None


def answer_refusal(state: GuState, a: Any) -> Refusal | None:
    """Why an answer at the `held` stage is not one of those open (else None)."""
    if not isinstance(a, UseHeld):
        return None
    stage = pending.top(state.pending)
    if stage is None or stage.stage != HOLD_STAGE or a.actor != stage.actor:
        return Refusal(f"{a.actor} has no held action set off to answer", "GU-72")
    if a.fire and a not in stage_legal(state, stage):
        return Refusal(f"{a.actor}'s held action cannot be aimed so now (out of reach, not "
                       "its strike or Gu, or not where it catches the one who set it off)",
                       "GU-72")
    if not a.fire and a != UseHeld(a.actor, False):
        return Refusal("letting the trigger pass names no aim", "GU-72")
    return None


def apply(state: GuState, a: Hold, rng: Rng) -> list:
    """GU-71: the combat action is spent now; the token carries the held action."""
    c = state.creatures[a.actor]
    state.turn.action = True
    trig = held.Trigger(a.trigger, a.range_m, a.named)
    c.held = {"held": a.held, "gu": a.gu, "trigger": trig.to_json(), "round": state.round}
    return [ActionHeld(c.id, a.held, a.trigger, a.gu, a.range_m, a.named)]


def lapse(state: GuState, c: Creature) -> list:
    """GU-GM-35: a held action lapses as its holder's next turn starts."""
    if not c.held:
        return []
    c.held = {}
    return [HeldEnded(c.id, "lapsed")]


# -- the triggers ------------------------------------------------------------------------------
def deeds(state: GuState, a: Any) -> list[tuple[str, str]]:
    """(deed, Gu named) of each thing an own-turn action does that a trigger may watch: a
    strike, a grapple or a throw attacks; a Gu or killer move is a use of it, and an attack
    when aimed at foes; walking, jumping and flying are moves."""
    if isinstance(a, (Strike, grips.Grapple, grips.Throw)):
        return [(ATTACK, "")]
    if isinstance(a, (Activate, activate.Killer)):
        uid = a.gu if isinstance(a, Activate) else gu.KILLER + a.move
        u = gu.usable(uid)
        out = [(GU_DEED, uid)]
        if activate.harmful(u) and u.target != "self":
            out.append((ATTACK, ""))
        return out
    if isinstance(a, (Move, Jump, grips.Carry, maneuvers.TakeFlight, maneuvers.Fly,
                      maneuvers.Dive, maneuvers.Land)):
        return [(MOVE, "")]
    return []


def _watchers(state: GuState, by: Creature) -> list[Creature]:
    """The enemies of `by` holding an action that could answer now (GU-72: a reaction left,
    GU-76 and the rest of reactions.may_react), in initiative order; one that cannot see `by`
    sees no deed of it (GU-13)."""
    out = []
    for cid in state.order:
        h = state.creatures[cid]
        if h.held and h.side != by.side and h.on_board and reactions.may_react(state, h, {}) \
                and not hiding.unseen(h, by):
            out.append(h)
    return out


def intercept(state: GuState, a: Any) -> list | None:
    """Before the own-turn action `a` is carried out: each enemy whose trigger it fires (and
    who has an aim for its held action now) is asked at its own `held` stage, the first in
    initiative order on top, above a `held_deed` stage keeping `a`. None when nobody is."""
    tags = deeds(state, a)
    by = state.creatures.get(getattr(a, "actor", ""))
    if not tags or by is None or by.id != state.turn.actor:
        return None
    asked: list[tuple[Creature, str]] = []
    for h in _watchers(state, by):
        trig = trigger_of(h)
        deed = next((d for d, named in tags
                     if held.fires(trig, d, hostile=True, gu=named)), None)
        if deed is not None and fire_answers(state, h, by.id):
            asked.append((h, deed))
    if not asked:
        return None
    wait(state, by, {"deed": a.to_json()})
    return ask(state, by, asked)


def distances(state: GuState, mover: Creature) -> dict[str, int]:
    """Before a step: how far `mover` is from each enemy holding an enemy_enters_range
    trigger."""
    return {h.id: attack.distance(state, h, mover) for h in _watchers(state, mover)
            if trigger_of(h).kind == "enemy_enters_range"}


def entering(state: GuState, mover: Creature, before: dict[str, int]) -> list[Creature]:
    """After a step of a walk: the holders whose enemy_enters_range trigger it fired (it came
    within their range from outside it) and who have an aim now."""
    out = []
    for h in _watchers(state, mover):
        if h.id not in before:
            continue
        if held.fires(trigger_of(h), MOVE, hostile=True, distance_before=before[h.id],
                      distance_after=attack.distance(state, h, mover)) \
                and fire_answers(state, h, mover.id):
            out.append(h)
    return out


def wait(state: GuState, by: Creature, *first: dict[str, Any]) -> None:
    """Open the `held_deed` stage that carries out, once the holders above it are answered,
    its queue: `first` (the kept deed, if any), then the held actions that lost the race."""
    pending.push(state.pending, Pending(DEED_STAGE, by.side, by.id, {"queue": list(first)}))


def ask(state: GuState, by: Creature, asked: list[tuple[Creature, str]]) -> list:
    """A `held` stage per holder set off by `by` (the first named answers first)."""
    for h, deed in reversed(asked):
        pending.push(state.pending, Pending(HOLD_STAGE, h.side, h.id,
                                            {"by": by.id, "deed": deed}))
    return [HeldTriggered(h.id, by.id, deed) for h, deed in asked]


# -- the held stage ----------------------------------------------------------------------------
def fire_answers(state: GuState, h: Creature, by: str) -> list[UseHeld]:
    """The aims the held action of `h` could take now, set off by `by`."""
    if not h.held:
        return []
    return aims(state, h, h.held["held"], h.held["gu"], by)


def aims(state: GuState, h: Creature, what: str, gid: str, by: str) -> list[UseHeld]:
    """The aims a held `what` could take now: a strike at any foe in reach (`by`, who set it
    off, first), the Gu `gid` at each of its aims (an area only where it catches `by`) once
    `h` can pay for it (GU-74: one activation, no combat action needed, GU-46), or the killer
    move `gid` likewise once `h` could still start it (GU-47, GU-110)."""
    if what == STRIKE:
        if not attack.can_strike(h):
            return []
        got = sorted(attack.strike_options(state, h), key=lambda o: o[2].id != by)
        return [UseHeld(h.id, True, t.id, kind, w) for kind, w, t in got]
    if what == KILLER:
        g = gu.usable(gid)
        if activate.killer_refusal(state, h, gid[len(gu.KILLER):], held=True) is not None:
            return []
    else:
        g = gu.lib().gu[gid]
        if gid not in h.gu or gid in h.sustained or h.essence < g.cost \
                or not activate._acts(h):
            return []
    found = activate._aims(state, h, g)
    if g.target == "area":
        foe = state.creatures[by]
        found = [(t, x, y) for t, x, y in found
                 if foe in areagu.caught(state, areagu.shape(state, h, g, (x, y)))]
    return [UseHeld(h.id, True, t, "", "", gid, x, y) for t, x, y in found]


def stage_legal(state: GuState, stage: Pending) -> list:
    h = state.creatures[stage.actor]
    return fire_answers(state, h, stage.data["by"]) + [UseHeld(h.id, False)]


def stage_apply(state: GuState, a: UseHeld, rng: Rng) -> list:
    """GU-72/90: firing spends a reaction; GU-73: the opposed race (Close Combat within 2 m,
    else Ranged Attack; a tie goes to the one who set it off) decides whether the held action
    happens now, before the deed, or after it."""
    stage = pending.pop(state.pending, HOLD_STAGE)
    h = state.creatures[a.actor]
    by = state.creatures[stage.data["by"]]
    if not a.fire:
        return [HeldPassed(h.id, by.id)]
    h.reactions -= 1
    h.held = {}
    events: list = [Reacted(h.id, HELD, by.id, False, h.reactions, a.gu)]
    skill = race_skill(state, h, by)
    mine = roll(state, rng, h.skills.get(skill, 0), purpose="held race")
    theirs = roll(state, rng, by.skills.get(skill, 0), purpose="held race")
    events += [test_event(h.id, skill, f"held race {by.id}", mine),
               test_event(by.id, skill, f"held race {h.id}", theirs)]
    first = held.holder_first(mine, theirs)
    events.append(HeldRaced(h.id, by.id, skill, first))
    if first:
        return events + perform(state, h, a, by.id, rng)
    deed = next(s for s in reversed(state.pending) if s.stage == DEED_STAGE)
    deed.data["queue"].append({"by": h.id, "against": by.id, "do": a.to_json()})
    return events


def race_skill(state: GuState, h: Creature, by: Creature) -> str:
    """GU-73: the skill both roll for the race, by their distance."""
    return "Close Combat" if held.race_skill(attack.distance(state, h, by)) == "close_combat" \
        else "Ranged Attack"


def perform(state: GuState, h: Creature, a: UseHeld, by: str, rng: Rng) -> list:
    """The held action itself, if its aim still stands (else it is lost: its moment passed)."""
    what = STRIKE if not a.gu else KILLER if a.gu.startswith(gu.KILLER) else GU
    if not h.on_board or a not in aims(state, h, what, a.gu, by):
        return [HeldEnded(h.id, "missed")]
    if what == KILLER:
        return activate.killer_once(state, h, activate.Killer(
            h.id, a.gu[len(gu.KILLER):], a.target, a.x, a.y), rng)
    if a.gu:
        return activate.activate_once(state, h, Activate(h.id, a.gu, a.target, a.x, a.y), rng)
    return attack.strike(state, h, state.creatures[a.target], a.strike, a.weapon, rng)


# -- going on ----------------------------------------------------------------------------------
def resume(state: GuState, rng: Rng) -> list:
    """After every answer: a walk paused on top goes on (moves.resume); a `held_deed` stage on
    top carries out the next of its queue (the kept deed if it is still legal, else DeedLost;
    a held action that lost the race), and is closed once empty."""
    from . import rules
    events: list = []
    while True:
        events += moves.resume(state, rng)
        stage = pending.top(state.pending)
        if stage is None or stage.stage != DEED_STAGE or state.over:
            return events
        queue = stage.data["queue"]
        if not queue:
            pending.pop(state.pending, DEED_STAGE)
            continue
        step = queue.pop(0)
        if "deed" in step:
            deed = ACTIONS.from_json(step["deed"])
            pending.pop(state.pending, DEED_STAGE)
            ok = deed in rules.legal_actions(state)
            if queue:
                pending.push(state.pending, stage)
            if ok:
                events += rules.route(deed)(state, deed, rng)
            else:
                events.append(DeedLost(deed.actor, deed.kind))
        else:
            h = state.creatures[step["by"]]
            events += perform(state, h, ACTIONS.from_json(step["do"]), step["against"], rng)
