"""Final Stand and Dying in gu_masters: what happens at 0 HP, the Perseverance and Predicament
tokens, healing out of it, soul at 0, death, and what a creature in each state may still do
(GU-94, GU-109..116, GU-X-13/14, GU-GM-12/13/32/41).

Owns: the `Life` record (state plus the two token counts) and pure transitions that take a
`Life` and a rolled `checks.TestRoll` (or an amount) and return the next `Life` with a note of
what changed, and `limits` (what a state allows: move, combat actions, reactions, bonus).

Must not: roll dice (the engine rolls the Perseverance test with `checks.roll_test` and hands
it here), read creatures or the match, or apply damage (`damage` does).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from game.engine.systems.gu_masters.checks import TestRoll

State = Literal["fine", "final_stand", "dying", "dead"]
STATES: tuple[str, ...] = ("fine", "final_stand", "dying", "dead")
STAND_AT = 3            # GU-115: three Perseverance tokens lift a dying creature to Final Stand
DEATH_AT = 5            # GU-116: five Predicament tokens kill
DYING_HEAL_MODES: tuple[str, ...] = ("wake", "none")             # GU-GM-12
PREDICAMENT_MODES: tuple[str, ...] = ("rest", "recovery")        # GU-GM-13
SOUL_ZERO_MODES: tuple[str, ...] = ("dying", "death")            # GU-GM-32


def _check(value: str, allowed: tuple[str, ...], what: str) -> None:
    if value not in allowed:
        raise ValueError(f"unknown {what} {value!r}; expected one of {allowed}")


@dataclass(frozen=True, slots=True)
class Life:
    """Where a creature stands between fine and dead, with its token counts. `unconscious` is
    true while Dying (GU-113); Ablaze's fainting is a status, not a Life (GU-136)."""

    state: str = "fine"
    perseverance: int = 0
    predicament: int = 0

    def __post_init__(self) -> None:
        _check(self.state, STATES, "life state")
        if self.perseverance < 0 or self.predicament < 0:
            raise ValueError("token counts cannot be negative")

    @property
    def unconscious(self) -> bool:
        return self.state in ("dying", "dead")


@dataclass(frozen=True, slots=True)
class Change:
    """A transition: the new Life and a short past-tense note for the log ("" if nothing)."""

    life: Life
    note: str = ""


def at_zero(life: Life, test: TestRoll | None, *, instant_death: bool = False) -> Change:
    """The creature has just dropped to 0 HP (GU-94): the Perseverance test sends it to Final
    Stand on a success and Dying on a failure. Damage of 2 x max HP from one source kills
    outright with no test (GU-109): pass `instant_death` and no test."""
    if life.state == "dead":
        return Change(life)
    if instant_death:
        return Change(replace(life, state="dead"), "died outright")
    if test is None:
        raise ValueError("dropping to 0 HP needs the Perseverance test")
    if test.success:
        return Change(replace(life, state="final_stand"), "made a final stand")
    return Change(replace(life, state="dying"), "fell unconscious, dying")


def hurt(life: Life, dealt: int, *, instant_death: bool = False) -> Change:
    """Damage to HP while at 0 (GU-111): in Final Stand any damage to HP means Dying and
    unconscious; a Dying creature gains nothing but can still be killed outright (GU-109)."""
    if life.state == "dead":
        return Change(life)
    if instant_death:
        return Change(replace(life, state="dead"), "died outright")
    if life.state == "final_stand" and dealt > 0:
        return Change(replace(life, state="dying"), "fell unconscious, dying")
    return Change(life)


def end_of_turn(life: Life, test: TestRoll) -> Change:
    """A Dying creature's end-of-turn Perseverance test (GU-114..116): success +1 Perseverance
    token, critical +2; failure +1 Predicament token, fumble +2. At 3 Perseverance tokens it
    enters Final Stand and those reset to 0; at 5 Predicament tokens it dies."""
    if life.state != "dying":
        raise ValueError(f"only a dying creature rolls for its tokens, not one that is {life.state}")
    if test.success:
        gained = 2 if test.critical else 1
        tokens = life.perseverance + gained
        if tokens >= STAND_AT:
            return Change(replace(life, state="final_stand", perseverance=0),
                          f"gained {gained} Perseverance, made a final stand")
        return Change(replace(life, perseverance=tokens), f"gained {gained} Perseverance")
    gained = 2 if test.fumble else 1
    tokens = life.predicament + gained
    if tokens >= DEATH_AT:
        return Change(replace(life, state="dead", predicament=tokens),
                      f"gained {gained} Predicament, died")
    return Change(replace(life, predicament=tokens), f"gained {gained} Predicament")


def healed(life: Life, gained: int, *, dying_heal: str = "wake",
           predicament_reset: str = "rest") -> Change:
    """HP regained (`gained` > 0). Final Stand ends and the creature acts normally (GU-112).
    A Dying creature wakes too under GU-GM-12's default ("wake"; "none": only its tokens end
    Dying); its Perseverance tokens reset and its Predicament tokens stay until a full rest
    (GU-GM-13 "rest"; "recovery" clears them on waking)."""
    _check(dying_heal, DYING_HEAL_MODES, "dying_heal mode")
    _check(predicament_reset, PREDICAMENT_MODES, "predicament_reset mode")
    if gained <= 0 or life.state in ("fine", "dead"):
        return Change(life)
    if life.state == "dying" and dying_heal == "none":
        return Change(life)
    keep = life.predicament if predicament_reset == "rest" else 0
    woke = "woke and recovered" if life.state == "dying" else "recovered from the final stand"
    return Change(Life("fine", 0, keep), woke)


def full_rest(life: Life) -> Life:
    """A full rest clears the Predicament tokens kept since the last brush with death
    (GU-GM-13)."""
    return life if life.state == "dead" else replace(life, predicament=0)


def soul_at_zero(life: Life, *, soul_zero: str = "dying") -> Change:
    """Soul reduced to 0 (GU-X-14, GU-GM-32): Dying by default, death under "death"."""
    _check(soul_zero, SOUL_ZERO_MODES, "soul_zero mode")
    if life.state in ("dead", "dying"):
        return Change(life)
    if soul_zero == "death":
        return Change(replace(life, state="dead"), "died, soul spent")
    return Change(replace(life, state="dying"), "fell unconscious, soul spent")


@dataclass(frozen=True, slots=True)
class Limits:
    """What a creature in a state may do (GU-110, GU-113, GU-X-13, GU-GM-41). `actions` and
    `reactions` are None for "anything", else the allowed kinds; `auto_hit` means it cannot
    move, so melee hits it without a roll (GU-50)."""

    move: bool
    actions: frozenset[str] | None
    reactions: frozenset[str] | None
    bonus: bool
    auto_hit: bool


NOTHING: frozenset[str] = frozenset()
# GU-110: activating Gu, or holding an action to activate Gu; as reactions, Gu used as
# reactions (shield Gu), triggering a held Gu activation, and self-detonation (GU-91 needs
# only consciousness). A killer move is its own combat action (GU-47), so it is not allowed.
STAND_ACTIONS: frozenset[str] = frozenset({"activate_gu", "hold_activate_gu"})
STAND_REACTIONS: frozenset[str] = frozenset({"shield_gu", "held_activate_gu", "detonate"})


def limits(state: str, *, final_stand_bonus: bool = True) -> Limits:
    """What `state` allows. Final Stand keeps bonus actions by GU-GM-41's default."""
    _check(state, STATES, "life state")
    if state == "fine":
        return Limits(True, None, None, True, False)
    if state == "final_stand":
        return Limits(False, STAND_ACTIONS, STAND_REACTIONS, final_stand_bonus, True)
    return Limits(False, NOTHING, NOTHING, False, True)
