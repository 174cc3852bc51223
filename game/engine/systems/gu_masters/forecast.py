"""What a strike is likely to do, asked before it is made: the one home of the numbers the
battle screen's forecast on hover and its reaction prompts show.

Owns: `strike_forecast` (the attack test with each modifier named by its source, the chance
the roll hits, the chance the damage lands after each reaction the defender could choose and
after its best one, the damage after shields, rank and reduction, and the chances to drop the
target, send it to a final stand or dying, or kill it), `gu_forecast` (the same for a Gu or a
killer move aimed at a creature), `weigh` (what both share: a shield Gu on offer counts as the
defender's best reaction when it leaves less HP to lose, GU-80) and `reaction_odds` (for a
hit already rolled and waiting for the defender's answer: the chance each answer stops it),
`area_dodge_odds` (the chance a creature caught in an area dodges out of it),
`jump_forecast` (a listed jump's cost, reach and the fall of landing lower: the chance it lands
where aimed, the HP the fall takes and the chances it drops, sends to a final stand or dying, or
kills the jumper), `flying_forecast` / `dive_forecast` (a Flying test's chance and what a
failed dive does) and `grapple_odds` / `break_free_odds` / `carry_odds` (the Athletics tests of
a grapple, GU-62..68).

How: the test modifiers and the reactions on offer are the engine's own (attack.attack_mods,
reactions.offers, moves.dodge_mods); the chances are odds.py's exact enumeration; the damage
is the engine's own landing of the blow (attack.land) played on a copy of the state, so the
forecast can never price a hit differently from the hit itself.

Must not: change the state it is handed, decide a rule of its own, or roll on a live
generator (the copy's only die is a forced Perseverance face).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from game.engine.rng import Rng

from . import attack, falling, jumps, moves, odds, reactions
from .actions import Jump
from .house import HOUSE
from .checks import contest
from .events import Damaged
from .state import Creature, GuState

ATTACK_SKILL = "Close Combat"          # GU-51..58: every melee strike tests Close Combat
DODGE_SKILL = "Dodge"                  # GU-81
PARRY_SKILL = "Close Combat"           # GU-86 (odds.py adds the parry's +10)
PERSEVERANCE = "Perseverance"          # GU-94: the 0-HP test


@dataclass(frozen=True, slots=True)
class Landing:
    """What a blow that lands does to its target, from the engine's own landing: `dealt` HP
    lost, `hp_after`, and the target's condition after it when its 0-HP Perseverance test
    succeeds (`on_success`) and when it fails (`on_failure`): up, final_stand, dying or dead."""

    dealt: int
    hp_after: int
    on_success: str
    on_failure: str
    shield_taken: int = 0
    rolled: int = 0
    dtype: str = ""
    stages: tuple[tuple[str, int], ...] = ()
    dealt_max: int = 0                 # HP lost when every damage die shows its highest face

    @property
    def dealt_mean(self) -> float:
        """Halfway between the lowest and the highest landing: what a bot weighs a blow by
        (`dealt` alone, every die on 1, makes most blows look harmless)."""
        return (self.dealt + max(self.dealt, self.dealt_max)) / 2


@dataclass(frozen=True, slots=True)
class StrikeForecast:
    """One strike's forecast (see the module docstring). `modifiers` are (source, value) with
    penalties positive (GU-02); `auto_hit` a target that cannot move (GU-50, no roll);
    `reactions` the answers the defender has on offer ("dodge", "parry"); `odds` odds.py's
    record; `drop`, `final_stand`, `dying`, `dead` are chances over the whole strike."""

    kind: str
    weapon: str
    skill: str
    target_number: int
    modifiers: tuple[tuple[str, int], ...]
    disadvantage: bool
    auto_hit: bool
    reactions: tuple[str, ...]
    odds: odds.AttackOdds
    landing: Landing
    drop: Fraction
    final_stand: Fraction
    dying: Fraction
    dead: Fraction
    shield: str = ""                   # GU-80: the shield Gu that is the defender's best answer
    bare: Landing | None = None        # the landing with no shield, when `shield` is best
    bare_fall: Fraction = Fraction(0)  # ... and the chance it would take the target out of its
                                       # condition (a drop, final stand to dying) if it landed

    @property
    def hit(self) -> Fraction:
        """The chance the damage lands after the defender's best reaction (onto its shield,
        when a shield Gu is that reaction: `landing` is then the shielded one)."""
        return self.odds.roll_hits if self.shield else self.odds.after_best


def _modes(state: GuState) -> dict[str, str]:
    h = state.house
    return {"disadv_mode": str(h.get("disadv_mode", "worst_of_two")),
            "crit_mode": str(h.get("crit_mode", "range"))}


def _blow(state: GuState, c: Creature, d: Creature, kind: str, weapon: str, *,
          counter: bool = False) -> dict[str, Any]:
    """The record attack.strike hands on for a hit (the roll's faces do not matter here)."""
    return {"attacker": c.id, "target": d.id, "kind": kind, "weapon": weapon,
            "rolled": moves.can_move(d), "raw": 50, "dos": 1, "melee": True,
            "counter": counter}


def dodge_check(d: Creature) -> odds.Check:
    """The defender's Dodge test as reactions.py rolls it (GU-81, GU-147)."""
    return odds.Check(d.skills.get(moves.dodge_skill(d), 0),                     # GU-29
                      sum(v for _, v in moves.dodge_mods(d)),
                      auto_fail=d.has("prone") or d.has("restrained"))


def parry_check(d: Creature) -> odds.Check:
    """The defender's plain Close Combat test (odds.attack_odds adds the parry's +10)."""
    return odds.Check(d.skills.get(PARRY_SKILL, 0))


class _Faces(Rng):
    """A generator whose every die shows `face`, or the nearest it can (a d4 of an injury the
    landing rolls shows 1 or 4): the copies' Perseverance tests succeed or fail on cue."""

    __slots__ = ("face",)

    @classmethod
    def showing(cls, face: int) -> "_Faces":
        got = cls()
        got.face = face
        return got

    def randint(self, lo: int, hi: int) -> int:
        return min(hi, max(lo, self.face))


def landing(state: GuState, blow: dict[str, Any], shield_gu: str = "") -> Landing:
    """The engine lands `blow` on two copies of the state, the target's Perseverance test
    forced to succeed on one and fail on the other (GU-94); with `shield_gu`, the defender raises
    that shield Gu first (GU-80), as activate.resolve_shield does."""
    from . import activate
    results = []
    for face in (1, 100):
        st = copy.deepcopy(state)
        rng = _Faces.showing(face)
        d = st.creatures[blow["target"]]
        if shield_gu:
            activate.raise_shield(st, d, shield_gu, rng)
        shield = d.shield
        events = attack.land(st, blow, rng)
        hurt = [e for e in events if isinstance(e, Damaged) and e.victim == d.id]
        results.append((sum(e.amount for e in hurt), d.hp, d.condition, shield - d.shield,
                        hurt))
    (dealt, hp, ok, shield, hurt), (high, _, bad, _, _) = results
    first = hurt[0] if hurt else None
    return Landing(dealt, hp, ok, bad, shield, first.rolled if first else 0,
                   first.dtype if first else "", tuple(first.stages) if first else (), high)


def strike_forecast(state: GuState, c: Creature, d: Creature, kind: str, weapon: str = "", *,
                    disadvantage: bool = False, counter: bool = False, part: str = ""
                    ) -> StrikeForecast:
    """The forecast of `c` striking `d` with `kind` (and `weapon`) now; `part` a called shot's
    aim (its modifier on the roll, GU-59/60, and its injury in the landing)."""
    mods = attack.attack_mods(state, c, d, kind, part)
    blow = {**_blow(state, c, d, kind, weapon, counter=counter), "part": part}
    return weigh(state, c, d, blow, ATTACK_SKILL, mods, kind, weapon, disadvantage)


def gu_forecast(state: GuState, c: Creature, d: Creature, uid: str) -> StrikeForecast:
    """The forecast of `c` aiming the Gu (or `killer:<id>` killer move) `uid` at `d` now,
    with the engine's own aim modifiers, blow and reactions (activate.py). `kind` is "gu" and
    `weapon` the Gu; a Gu with no attack test hits without a roll."""
    from . import activate, gu
    u = gu.usable(uid)
    mods = activate.aim_mods(state, c, d, u) or ()
    auto = not u.skill or (u.touch and not moves.can_move(d))
    blow = activate.blow(c, d, u, not auto, 50, 1)
    skill = activate.skill_name(u.skill) if u.skill else ""
    return weigh(state, c, d, blow, skill, mods, "gu", uid, False)


def area_forecast(state: GuState, c: Creature, d: Creature, uid: str, anchor: tuple[int, int],
                  rooms: dict | None = None) -> StrikeForecast:
    """The forecast for `d` caught in the area of the Gu (or `killer:<id>` killer move) `uid`
    that `c` sets off at `anchor` now: the area's one test when it has a skill, then `d`'s
    answers at the area stage (areagu.stage_answers: a dodge only with a reaction left and a
    square out of the area, a shield Gu); a dodge from an area with no test steps out for
    sure (GU-83/84, area_dodge_odds). `rooms`: a memo of each creature's dodge room, for a
    caller asking about many anchors of one unchanged state (areagu.exits)."""
    from . import activate, areagu, gu
    u = gu.usable(uid)
    area = areagu.shape(state, c, u, anchor)
    if area is None:
        raise ValueError(f"{uid} cannot be set off at {anchor}")
    blow = activate.blow(c, d, u, bool(u.skill), 50, 1, area=areagu.area_data(area))
    answers = areagu.stage_answers(state, d, blow, rooms)
    skill = activate.skill_name(u.skill) if u.skill else ""
    return weigh(state, c, d, blow, skill, (), "gu", uid, False, answers=answers)


def weigh(state: GuState, c: Creature, d: Creature, blow: dict[str, Any], skill: str,
          mods: tuple[tuple[str, int], ...], kind: str, weapon: str, disadvantage: bool,
          answers: list | None = None) -> StrikeForecast:
    """The numbers of one blow about to be tried: the test, the odds after each reaction on
    offer, the landing, and what it does. A shield Gu on offer is the best answer when the HP
    it leaves to lose (the hit lands on it for sure) is less than after the best of dodge and
    parry (GU-80); `reactions` lists only those odds.py weighs (dodge, parry), the shield is
    `shield`."""
    modes = _modes(state)
    auto = not blow["rolled"]
    check = None if auto else odds.Check(c.skills.get(skill, 0), sum(v for _, v in mods),
                                         disadvantage)
    if answers is None:
        answers = reactions.offers(state, d, blow)
    offered = {a.reaction for a in answers}
    got = odds.attack_odds(check, dodge=dodge_check(d) if "dodge" in offered else None,
                           parry=parry_check(d) if "parry" in offered else None, **modes)
    if blow.get("area") is not None and auto and "dodge" in offered:
        # GU-84: out of an area with no test a dodge just steps (area_dodge_odds)
        out = 1 - area_dodge_odds(state, blow, d)
        after = {**got.after, "dodge": out}
        best = min(after, key=lambda k: (after[k], k != "none"))
        got = odds.AttackOdds(got.roll_hits, after, best, after[best])
    land = landing(state, blow)
    lands = got.after_best
    shield, bare = "", None
    persevere = odds.p_success(odds.Check(d.attrs.get(PERSEVERANCE, 0)), **modes)

    def fall(lnd: Landing) -> Fraction:
        # the chance a landing takes it out of its condition (a drop, final stand to dying)
        return sum((p for cond, p in ((lnd.on_success, persevere),
                                      (lnd.on_failure, 1 - persevere))
                    if cond != d.condition), Fraction(0))

    def harm(lnd: Landing) -> Fraction:
        # the HP a landing takes, and a fall from its condition (GU-94) as much as its full
        # HP: at 0 HP a blow takes no HP, yet a shield that keeps it standing is still the
        # better answer
        return lnd.dealt + d.max_hp * fall(lnd)
    for a in answers:
        if a.reaction == "shield":
            shielded = landing(state, blow, a.gu)
            if got.roll_hits * harm(shielded) < lands * harm(land):
                shield, bare, land, lands = a.gu, bare or land, shielded, got.roll_hits
    zero = Fraction(0)
    outcome = {s: zero for s in ("final_stand", "dying", "dead")}
    for cond, p in ((land.on_success, persevere), (land.on_failure, 1 - persevere)):
        if cond in outcome and cond != d.condition:
            outcome[cond] += lands * p
    drop = lands if land.hp_after == 0 and d.hp > 0 else zero
    return StrikeForecast(kind, weapon, skill, c.skills.get(skill, 0), mods,
                          disadvantage, auto, tuple(sorted(r for r in offered if r in got.after)),
                          got, land, drop,
                          outcome["final_stand"], outcome["dying"], outcome["dead"], shield,
                          bare, fall(bare) if bare is not None else zero)


def reaction_odds(state: GuState, blow: dict[str, Any], d: Creature) -> dict[str, Fraction]:
    """For a hit already rolled (`blow` as the reaction stage keeps it), the chance each
    reaction `d` has on offer stops it: a dodge or parry must beat the attack roll outright
    (GU-81, GU-86, GU-X-05: a tie keeps the hit); against a hit with no roll (GU-50) it need
    only succeed. "take" never stops it."""
    modes = _modes(state)
    out: dict[str, Fraction] = {}
    for a in reactions.offers(state, d, blow):
        if a.reaction == "dodge":
            check = dodge_check(d)
        elif a.reaction == "parry":
            p = parry_check(d)
            check = odds.Check(p.target, p.modifier + odds.PARRY_PENALTY)
        else:
            continue
        out[a.reaction] = _beats(check, blow, modes)
    out["take"] = Fraction(0)
    return out


def _beats(check: odds.Check, blow: dict[str, Any], modes: dict[str, str]) -> Fraction:
    """The chance `check` stops the hit `blow`: beat its roll outright (GU-X-05: a tie keeps
    the hit), or only succeed against a hit with no roll."""
    if not blow["rolled"]:
        return odds.p_success(check, **modes)
    won = sum(w for raw, ok, dos, _, _, w in odds.outcomes(check, **modes)
              if ok and contest(dos, raw, blow["dos"], blow["raw"], "b")[0] == "a")
    return Fraction(won, sum(r[5] for r in odds.outcomes(check, **modes)))


def area_dodge_odds(state: GuState, blow: dict[str, Any], d: Creature) -> Fraction:
    """For `d` caught in an area (stage area_react, `blow` as the stage keeps it), the chance
    a dodge takes it out: against an area with no attack test there is nothing to beat and it
    just steps out (GU-84); else its Dodge test must beat the area's roll (GU-81)."""
    if not blow["rolled"]:
        return Fraction(1)
    return _beats(dodge_check(d), blow, _modes(state))


@dataclass(frozen=True, slots=True)
class JumpForecast:
    """A listed jump before it is made (GU-25..27, GU-117): `kind` (jumps.UP, STANDING or
    LONG), `cost` metres of movement, `metres` across, `rise` of the landing (negative: lower),
    `fall` metres dropped; `lands` the chance it lands where aimed (1: the document asks no test
    for a jump); `damage` HP the fall takes (after the jumper's shield and reductions), `hp_after`;
    `drop`, `final_stand`, `dying`, `dead` the chances of each."""

    kind: str
    cost: int
    metres: int
    rise: int
    fall: int
    lands: Fraction
    damage: int
    hp_after: int
    drop: Fraction
    final_stand: Fraction
    dying: Fraction
    dead: Fraction


def jump_forecast(state: GuState, c: Creature, jump: Jump) -> JumpForecast:
    """The forecast of `c` making the listed `jump` now: the fall's damage is the engine's own
    (falling.fall_damage at the table's reading, then attack.harm on copies of the state with
    the 0-HP Perseverance test forced to succeed and to fail, GU-94)."""
    leap = jumps.landings(state, c)[(jump.x, jump.y)]
    modes = _modes(state)
    hurt = falling.fall_damage(leap.fall, fall_mode=str(HOUSE.read(state, "fall_mode")))
    zero, one = Fraction(0), Fraction(1)
    outcome = {s: zero for s in ("final_stand", "dying", "dead")}
    dealt, hp_after, drop = 0, c.hp, zero
    if hurt:
        after = []
        for face in (1, 100):
            st = copy.deepcopy(state)
            me = st.creatures[c.id]
            attack.harm(st, me, hurt, "force", "fall", _Faces.showing(face))
            after.append((me.hp, me.condition))
        (hp_after, ok), (_, bad) = after
        dealt = c.hp - hp_after
        persevere = odds.p_success(odds.Check(c.attrs.get(PERSEVERANCE, 0)), **modes)
        for cond, p in ((ok, persevere), (bad, 1 - persevere)):
            if cond in outcome and cond != c.condition:
                outcome[cond] += p
        drop = one if hp_after == 0 and c.hp > 0 else zero
    return JumpForecast(leap.kind, leap.cost, leap.metres, leap.rise, leap.fall, one, dealt,
                        hp_after, drop, outcome["final_stand"], outcome["dying"],
                        outcome["dead"])


@dataclass(frozen=True, slots=True)
class RaceForecast:
    """GU-73 before a held action is fired: the `skill` both roll (Close Combat within 2 m,
    else Ranged Attack), each side's target, and `first` the chance the held action happens
    before the deed that set it off (a full tie goes to the one who set it off)."""

    skill: str
    holder: int
    other: int
    first: Fraction


def held_race(state: GuState, holder: Creature, by: Creature) -> RaceForecast:
    """The odds of GU-73's race between `holder` and `by`, by the engine's own skill choice
    (holding.race_skill) and opposed-test rule (odds.p_wins, the status quo `by`'s)."""
    from . import holding
    skill = holding.race_skill(state, holder, by)
    mine, theirs = holder.skills.get(skill, 0), by.skills.get(skill, 0)
    return RaceForecast(skill, mine, theirs,
                        odds.p_wins(odds.Check(mine), odds.Check(theirs), status_quo="b",
                                    **_modes(state)))


@dataclass(frozen=True, slots=True)
class FlyingForecast:
    """A Flying test before it is rolled (GU-33..36): `flying` the creature's skill, `succeeds`
    the chance; for a dive, what a failure does (GU-34): `fail_drop` m straight down,
    `fail_lands` whether that reaches the ground and `fail_damage` the force it then takes."""

    flying: int
    succeeds: Fraction
    fail_drop: int = 0
    fail_lands: bool = False
    fail_damage: int = 0


def flying_check(c: Creature) -> odds.Check:
    """The Flying test as maneuvers.py rolls it: the skill, no modifier, a restrained flier
    failing outright."""
    return odds.Check(c.skills.get("Flying", 0), auto_fail=c.has("restrained"))


def flying_forecast(state: GuState, c: Creature) -> FlyingForecast:
    """The odds of `c`'s next Flying test (an Evade, or the landing that ends a dive)."""
    return FlyingForecast(c.skills.get("Flying", 0),
                          odds.p_success(flying_check(c), **_modes(state)))


def dive_forecast(state: GuState, c: Creature) -> FlyingForecast:
    """The odds of a Dive by `c` from where it flies now (GU-33) and, on a failed test, the
    drop and its damage (falling.dive_failure, GU-34)."""
    from . import maneuvers
    w = maneuvers.wings(state, c)
    fail = falling.dive_failure(w.speed if w else 0, c.altitude)
    return FlyingForecast(c.skills.get("Flying", 0),
                          odds.p_success(flying_check(c), **_modes(state)),
                          fail.dropped, fail.landed, fail.damage)


def grapple_odds(state: GuState, c: Creature, d: Creature) -> Fraction:
    """The chance `c` grapples `d` (GU-62): opposed Athletics as grips.py rolls it, a full tie
    keeping things as they are (no grapple, GU-GM-07)."""
    return odds.p_wins(odds.Check(c.skills.get("Athletics", 0)),
                       odds.Check(d.skills.get("Athletics", 0)), status_quo="b",
                       **_modes(state))


def break_free_odds(state: GuState, c: Creature, holder: Creature) -> Fraction:
    """The chance `c` breaks `holder`'s grip (GU-68): opposed Athletics, a tie keeps the hold."""
    return grapple_odds(state, c, holder)


def carry_odds(state: GuState, c: Creature, d: Creature) -> Fraction:
    """The chance `c` carries `d` (GU-65): an Athletics test with the weight's penalty, as
    grips.py rolls it (grapple.carry_penalty)."""
    from . import grapple
    return odds.p_success(odds.Check(c.skills.get("Athletics", 0),
                                     grapple.carry_penalty(d.weight)), **_modes(state))


def throw_reach(state: GuState, c: Creature, d: Creature) -> tuple[int, int]:
    """What a throw of `d` by `c` may do (GU-66/67): the metres it flies at most (a wall or a
    creature on the way stops it sooner) and the force both take on striking one, from the
    thrower's Strength as its Gu make it (gu.attribute)."""
    from . import grapple
    strength = attack.gu.attribute(c, "Strength")
    return grapple.throw_distance(strength, d.weight), grapple.collision_damage(strength)


def hide_odds(state: GuState, c: Creature) -> tuple[int, Fraction]:
    """GU-13 before `c` hides: how many enemies watch (hiding.watchers) and the chance every
    one of them fails its Awareness test, each with the concealment Gu's penalty or the
    table's sneaking modifier (hiding.awareness_mod), as hiding.apply rolls them."""
    from . import hiding
    _, mod = hiding.awareness_mod(state, c)
    unseen = Fraction(1)
    watching = hiding.watchers(state, c)
    for w in watching:
        unseen *= 1 - odds.p_success(odds.Check(w.skills.get(hiding.AWARENESS, 0), mod),
                                     **_modes(state))
    return len(watching), unseen
