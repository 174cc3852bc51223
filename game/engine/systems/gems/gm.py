"""The optional game-master seat (GEM-GM-37): [GM] calls asked at the moment they come up.

Owns: whether a match has a game-master seat (house rule `gm_seat`) and which seat it is (the
last one, after the two sides); asking a call as the pending stage "gm_call"; the legal answers
(`Rule(rule, choice)`, the default first); and handing an answer back to the rules code that
asked, which carries on where it stopped. The calls:

  GEM-GM-12  turns.py   a current at the start of a gem's turn: the tile's threshold, easier,
                        harder, or calm this turn (no roll, no drift)
  GEM-GM-13  combat.py  a knocked gem runs into something: stop, push it along, pass through
  GEM-GM-25  rules.py   a won negotiation: the truce lasts 1, 2 or 3 rounds or the encounter
  GEM-GM-27  rules.py   a carry roll: the table's threshold, the other band's, lifted without a
                        roll, held but immobile, or too heavy to lift
  GEM-GM-32  turns.py   the round limit is reached: end now, one more round, five more, no limit

Pending data (plain JSON, so a match saved mid-call loads and continues):
  {"rule": "GEM-GM-xx", "prompt": str, "choices": [[value, label], ...] (default first, its
   label marked), "default": value, "resume": {"kind": ..., what that code needs}}
Knockback calls also carry the strike under "strike" (combat.py replays its pushes).

Without the seat nothing here is used: every call takes its default and the rules code logs
it with RulingMade, as before. Either way each ruling is logged.

Must not: apply a rule itself, or import rules, turns or combat at module level (they import
this module).
"""
from __future__ import annotations

from typing import Any

from game.engine.events import RulingMade
from game.engine.tactics import pending as stages

from .actions import Rule
from .house import house
from .state import GemsState, Pending

STAGE = "gm_call"
DEFAULT_MARK = " (default)"


def seat(state: GemsState) -> int | None:
    """The game master's seat index, or None when the match has none."""
    return state.sides if house(state, "gm_seat") == "hotseat" else None


def seats_needed(house_rules: dict[str, Any], sides: int = 2) -> int:
    """How many seats a match with these house rules has: one per side, plus the GM."""
    return sides + (1 if house_rules.get("gm_seat", "none") == "hotseat" else 0)


def extra_seat_labels(house_rules: dict[str, Any]) -> list[str]:
    """Seats the house rules add after the sides' seats (always human): for the set-up screen."""
    return ["Game master"] if house_rules.get("gm_seat", "none") == "hotseat" else []


def ask(state: GemsState, rule: str, actor: str | None, prompt: str,
        choices: list[tuple[str, str]], default: str, resume: dict[str, Any],
        extra: dict[str, Any] | None = None) -> None:
    """Push a gm_call for `rule`. `choices` are (value, label); the default goes first and its
    label is marked. `resume` tells `answer` whom to hand the choice to."""
    gm = seat(state)
    if gm is None:
        raise RuntimeError("a game-master call was asked without a game-master seat")
    ordered = [c for c in choices if c[0] == default] + [c for c in choices if c[0] != default]
    if not ordered or ordered[0][0] != default:
        raise RuntimeError(f"{rule}: the default {default!r} is not among the choices")
    listed = [[str(v), str(label) + (DEFAULT_MARK if v == default else "")]
              for v, label in ordered]
    data: dict[str, Any] = {"rule": rule, "prompt": prompt, "choices": listed,
                            "default": default, "resume": resume}
    data.update(extra or {})
    stages.push(state.pending, Pending(STAGE, gm, actor, data))


def top(state: GemsState) -> Pending | None:
    p = stages.top(state.pending)
    return p if p is not None and p.stage == STAGE else None


def legal(state: GemsState) -> list:
    p = top(state)
    if p is None:
        return []
    return [Rule(str(p.data["rule"]), str(v)) for v, _ in p.data["choices"]]


def validate(state: GemsState, action: Rule) -> str | None:
    p = top(state)
    if p is None:
        return "there is no game-master call to answer now"
    if action.rule != p.data["rule"]:
        return f"the game master is asked about {p.data['rule']}, not {action.rule}"
    values = [v for v, _ in p.data["choices"]]
    if action.choice not in values:
        return f"{action.choice!r} is not one of the choices ({', '.join(values)})"
    return None


def label_of(pending: Pending, choice: str) -> str:
    for v, label in pending.data.get("choices", []):
        if v == choice:
            return str(label)
    return choice


def answer(state: GemsState, action: Rule, rng: Any) -> list:
    """Settle the call on top of the stack and let the code that asked carry on."""
    p = stages.pop(state.pending)
    label = label_of(p, action.choice)
    if label.endswith(DEFAULT_MARK):
        label = label[:-len(DEFAULT_MARK)]
    out: list = [RulingMade(p.data["rule"], f"the game master rules: {label}")]
    resume = dict(p.data["resume"])
    kind = resume.get("kind")
    if kind in ("water", "time"):
        from . import turns
        out += turns.resume_gm(state, resume, action.choice, rng)
    elif kind in ("truce", "carry"):
        from . import rules
        out += rules.resume_gm(state, resume, action.choice, rng)
    elif kind == "knockback":
        from . import combat
        out += combat.resume_gm(state, p.data["strike"], action.choice, rng)
    else:
        raise ValueError(f"a game-master call of unknown kind {kind!r}")
    return out
