"""Held actions and detonation on the gu_masters battle screen (GU-71..74, GU-91): the Hold
button's picker (the action to hold, then its trigger, in steps), the marker on a token that
holds one, the prompt when its trigger goes off (each aim with the engine's odds, the race's
chance to go first, the reaction it costs, and letting it pass), the detonations offered at a
reaction prompt (one answer opening a menu of the Gu), and the words of their actions and
events for the log.

Owns: functions the presenter calls with itself. Must not: decide a rule: what may be held and
on what trigger, the aims, the race and every odds come from the engine (`legal()`,
holding.py, forecast.py). Never imports pygame.
"""
from __future__ import annotations

from typing import Any

from game.client.presenters import ActionButton, LogLine, Prompt, SubMenu
from game.client.presenters.eventlog import FORCED, INFO, NOTE, WARM
from game.client.presenters.words import pct
from game.client.systems.gu_masters import guwords
from game.engine.systems.gu_masters import forecast as fc
from game.engine.systems.gu_masters import gu as gu_rules
from game.engine.systems.gu_masters.actions import DETONATE, React
from game.engine.systems.gu_masters.holding import Hold, UseHeld
from game.engine.systems.gu_masters.state import Creature

TRIGGER_ORDER = ("enemy_attacks", "enemy_moves", "any_hostile_act", "enemy_enters_range",
                 "enemy_uses_gu")


def what_words(p: Any, held: str, gid: str) -> str:
    return guwords.held_words(held, p.gu_name(gid) if gid else "")


def trigger_of(p: Any, kind: str, range_m: int, named: str) -> str:
    return guwords.trigger_words(kind, range_m, p.gu_name(named) if named else "")


# -- the Hold button ---------------------------------------------------------------------------
def hold_button(p: Any, legal: list) -> ActionButton | None:
    """The Hold button: a menu of what may be held, each opening its triggers (a distance or a
    named Gu in a further step), every entry one of the engine's listed Hold actions."""
    holds = [a for a in legal if isinstance(a, Hold)]
    if not holds:
        return None
    held: dict[tuple[str, str], list[Hold]] = {}
    for a in holds:
        held.setdefault((a.held, a.gu), []).append(a)
    entries = []
    for (what, gid), got in held.items():
        name = what_words(p, what, gid)
        entries.append((f"Hold {name}", SubMenu(f"Hold {name} until…", _triggers(p, got),
                                                "It fires as a reaction when this happens")))
    return ActionButton("hold", "Hold", actions=tuple(entries),
                        tooltip="Combat action: hold a strike, one Gu activation or a killer "
                                "move until a trigger; then it may be fired as a reaction (it lapses at the "
                                "start of this creature's next turn)")


def _triggers(p: Any, got: list[Hold]) -> tuple[tuple[str, Any], ...]:
    out: list[tuple[str, Any]] = []
    for kind in TRIGGER_ORDER:
        these = [a for a in got if a.trigger == kind]
        if not these:
            continue
        if len(these) == 1:
            a = these[0]
            out.append((trigger_of(p, kind, a.range_m, a.named), a))
            continue
        head = "an enemy comes within…" if kind == "enemy_enters_range" else "an enemy uses…"
        out.append((head, SubMenu(f"When {head}", tuple(
            (f"{a.range_m} m" if kind == "enemy_enters_range" else p.gu_name(a.named), a)
            for a in these))))
    return tuple(out)


# -- the marker and the panel ------------------------------------------------------------------
def held_note(p: Any, c: Creature) -> str:
    """'a strike when an enemy attacks' for a creature holding an action ('' if none)."""
    if not c.held:
        return ""
    t = c.held["trigger"]
    return (f"{what_words(p, c.held['held'], c.held['gu'])} when "
            f"{trigger_of(p, t['kind'], int(t.get('range_m', 0)), str(t.get('gu', '')))}")


def held_badge(p: Any, c: Creature) -> tuple[str, str] | None:
    note = held_note(p, c)
    if not note:
        return None
    return ("Hd", f"Holding {note}: fired as a reaction; lapses at the start of its next turn")


# -- the prompt --------------------------------------------------------------------------------
def held_prompt(p: Any, stage: Any, d: Creature, legal: list) -> Prompt:
    """The holder's seat is asked (GU-72/73): each aim of the held action with the engine's
    odds, the race's chance to go first, the reaction it costs; or letting it pass."""
    st = p.state
    by = st.creatures[stage.data["by"]]
    race = fc.held_race(st, d, by)
    goes = (f"{race.skill} race ({race.holder} against {race.other}): goes first "
            f"{pct(race.first)}, else after the deed if its aim is still there")
    cost = f"Spends a reaction ({d.reactions} left this round)"
    options: list[tuple[str, Any, str]] = []
    for a in legal:
        if not isinstance(a, UseHeld):
            continue
        if not a.fire:
            options.append(("Let it pass — keep holding", a,
                            "Costs nothing; the held action waits for the next trigger"))
            continue
        options.append((_aim_label(p, d, a), a, f"{cost}.\n{goes}."))
    what = what_words(p, d.held["held"], d.held.get("gu", "")) if d.held \
        else "its held action"
    text = (f"{p.unit_name(by.id)} {guwords.DEED_WORDS.get(stage.data['deed'], 'acts')}: "
            f"{p.unit_name(d.id)} may fire {what} now. {goes}.")
    return Prompt("Held action set off", text, tuple(options))


def _aim_label(p: Any, d: Creature, a: UseHeld) -> str:
    st = p.state
    t = st.creatures.get(a.target)
    if a.strike and t is not None:
        f = fc.strike_forecast(st, d, t, a.strike, a.weapon)
        return f"{p.describe(a)} — {p._odds_line(f)}"
    if a.gu and t is not None and t.side != d.side and gu_rules.usable(a.gu).target != "self":
        return f"{p.describe(a)} — {p._odds_line(fc.gu_forecast(st, d, t, a.gu))}"
    return p.describe(a)


def detonation_option(p: Any, d: Creature, legal: list) -> tuple[str, Any, str] | None:
    """GU-91 at a reaction prompt: one answer opening a menu of the Gu it may destroy."""
    blasts = [a for a in legal if isinstance(a, React) and a.reaction == DETONATE]
    if not blasts:
        return None
    return ("Detonate a Gu…", SubMenu("Detonate which Gu?", tuple(
        (p.gu_name(a.gu), a) for a in blasts), "It dies at once; the blow still lands"),
        f"Spends a reaction ({d.reactions} left this round); stops nothing")


# -- words -------------------------------------------------------------------------------------
def describe(p: Any, a: Any) -> str | None:
    if isinstance(a, Hold):
        return (f"Hold {what_words(p, a.held, a.gu)} until "
                f"{trigger_of(p, a.trigger, a.range_m, a.named)}")
    if isinstance(a, UseHeld):
        if not a.fire:
            return "Let it pass"
        if a.strike:
            return p._strike_words(a.strike, a.weapon, a.target)
        at = (" on itself" if a.target == a.actor else f" at {p.unit_name(a.target)}"
              if a.target else f" at {a.x},{a.y}" if a.x >= 0 else "")
        return f"{p.gu_name(a.gu)}{at}"
    return None


def log_texts(p: Any) -> dict[str, Any]:
    n = p.unit_name

    def held(e: Any) -> LogLine:
        return LogLine(f"{n(e.who)} holds {what_words(p, e.held, e.gu)} until "
                       f"{trigger_of(p, e.trigger, e.range_m, e.named)}", INFO)

    def raced(e: Any) -> LogLine:
        if e.first:
            return LogLine(f"{n(e.who)} is quicker than {n(e.by)}: the held action goes first",
                           WARM)
        return LogLine(f"{n(e.by)} is quicker than {n(e.who)}: the held action waits until "
                       "it is done", NOTE)

    def ended(e: Any) -> LogLine:
        why = ("its next turn began" if e.why == "lapsed"
               else "its moment passed: nothing left to aim at")
        return LogLine(f"{n(e.who)}'s held action is lost ({why})", NOTE)

    return {
        "gu.held": held,
        "gu.held_triggered": lambda e: LogLine(
            f"{n(e.by)} {guwords.DEED_WORDS.get(e.deed, 'acts')}: {n(e.who)}'s held action "
            "is set off", FORCED),
        "gu.held_race": raced,
        "gu.held_passed": lambda e: LogLine(f"{n(e.who)} lets {n(e.by)} act and keeps holding",
                                            NOTE),
        "gu.held_ended": ended,
        "gu.deed_lost": lambda e: LogLine(f"{n(e.who)} can no longer do what it began",
                                          NOTE),
    }
