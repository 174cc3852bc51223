"""RPGStuck Steps that act when called on (B-21, `when = "activated"`): Sanguine: Brave gives
movement, Aim, Avert and Assail at once, once per strife.

Owns: which activated Steps a creature may call on now, and what calling one does: each basic
action it names (`free_actions`) taken without paying its action, and the limited use spent
(RS-148: a self-payoff is spent unless everything it gives was prevented). Our reading: calling
the Step costs no action of its own; the uses are kept under the Step's id in `Creature.uses`.

Must not: compute a rule the arithmetic modules own (whether the use is spent is limits.py's),
or read content beyond the Step table.
"""
from __future__ import annotations

from . import limits, turns
from .content import Step
from .events import ActionTaken, ConditionChanged
from .profiles import content_of
from .state import Condition, Creature, RpgState


def activated(state: RpgState, c: Creature) -> list[Step]:
    """The activated Steps `c` has with a use left (RS-141/142)."""
    table = content_of(state).steps
    out = []
    for sid in c.steps:
        s = table[sid]
        if s.when != "activated" or not s.free_actions:
            continue
        if s.uses.per and c.uses.get(sid, 0) >= s.uses.count:
            continue
        out.append(s)
    return out


def use(state: RpgState, c: Creature, step: Step) -> list:
    """Each action the Step grants, free (B-21 Sanguine: Brave; B-12 for what each does)."""
    t = state.turn
    events: list = []
    prevented: list[bool] = []
    for what in step.free_actions:
        events.append(ActionTaken(c.id, what, "step"))
        if what == "movement":
            gained = turns.speed_of(c)
            t.move_left += gained
            prevented.append(gained == 0)               # Grappled: no movement (RS-71)
        elif what == "aim":
            t.aim += 1
            prevented.append(False)
        elif what == "assail":
            prevented.append(t.assail)                 # it was on already: nothing added
            t.assail = True
        elif what == "avert":
            prevented.append(c.has("averting"))
            if not c.has("averting"):
                c.conditions.append(Condition("averting", source=c.id, until="own_turn"))
                events.append(ConditionChanged(c.id, "averting", True))
        else:
            raise ValueError(f"Step {step.id}: no free action {what!r} is played")
    if step.uses.per and limits.use_spent("self_payoff", [], all_prevented=all(prevented)):
        c.uses[step.id] = c.uses.get(step.id, 0) + 1   # RS-148
    return events
