"""What an rpgstuck party keeps from battle to battle, and the rests between battles (issue #13's
strife series; RS-07, RS-09, RS-13, RS-136..139, RS-141/142, SM-16, TV-62/63).

Owns: the carried record of a side (per creature: HP, max HP and its stat-block maximum, temp
HP and when it runs out, stat damage, hit dice spent, limited uses spent and their periods,
when its last beneficial long rest began), reading it out of a finished battle, writing it into
the next battle's set-up (`setup.carried`, applied by `apply_carried` at set-up), the rests the
table allows (SM-16) and their effects per creature.

Must not: do rest arithmetic itself (limits.py's `short_rest`, `long_rest_benefits`,
`recharges`, `hit_dice_total` and `roll_hit_dice` are called), roll with anything but the
generator given, or know the series machinery beyond the records of game.engine.carry.
"""
from __future__ import annotations

import copy
from typing import Any

from game.engine.carry import RestOption, RestOutcome, SeriesError
from game.engine.rng import Rng
from game.engine.rules import ConfigError, MatchConfig

from . import arith, limits
from .content import SKILLS, with_inline
from .house import DEFAULTS
from .state import SCORES, Creature, RpgState

ROUND_SECONDS = 6                  # B-18
TEMP_HP_SECONDS = 3600             # RS-13: one hour unless its source says otherwise
LONG_REST_SECONDS = 8 * 3600       # RS-138
LONG_EVERY = 3                     # SM-16 default: a long rest every third battle


def _member(c: Creature, entry: Any, before: dict[str, Any] | None, clock: int,
            battle_seconds: int, state: RpgState) -> dict[str, Any]:
    cont = with_inline(state.content)
    base_max = (before or {}).get("base_max_hp",
                                  arith.pc_max_hp(entry) if c.pc else int(entry.hp))
    # RS-13: temp HP lasts an hour. Our reading: temp HP that rose in this battle counts from
    # the battle's start (the earliest it can have been gained); what was carried in keeps
    # its own end
    prior_temp = int((before or {}).get("temp_hp", 0))
    until = int((before or {}).get("temp_until", 0))
    if c.temp_hp > prior_temp:
        until = clock + TEMP_HP_SECONDS
    end = clock + battle_seconds
    temp = c.temp_hp if c.temp_hp and until > end else 0
    periods: dict[str, str] = {}
    for use in c.uses:
        if use in cont.abilitechs:
            periods[use] = cont.abilitechs[use].uses.per
        elif use in cont.steps:
            periods[use] = cont.steps[use].uses.per
        else:
            raise ConfigError(f"{c.id}: a spent use {use!r} names no abilitech or Step")
    return {
        "entry": c.entry, "name": c.name, "pc": c.pc, "level": c.level, "status": c.status,
        "hp": c.hp, "max_hp": c.max_hp, "base_max_hp": base_max,
        "temp_hp": temp, "temp_until": until if temp else 0,
        # RS-09: stat damage is how far a score sits below its stat block
        "stat_damage": {s: int(entry.scores[s]) - c.scores[s] for s in SCORES
                        if int(entry.scores[s]) > c.scores[s]},
        "hit_die": int(entry.hit_die or 8) if c.pc else 0,
        "hd_total": limits.hit_dice_total(c.level) if c.pc else 0,
        "hd_spent": int((before or {}).get("hd_spent", 0)),
        "p": arith.proficiency(c.pc, c.level, c.tier), "con": c.mod("CON"),
        "uses": dict(c.uses), "use_periods": periods,
        "last_long": (before or {}).get("last_long"),
    }


def carry_out(state: RpgState, side: int, before: dict[str, Any] | None, clock: int
              ) -> dict[str, Any]:
    """What `side` keeps after the battle in `state`: every creature of the side (the dead
    too, so the record says why one sits out). `before` is what the side carried in, `clock`
    the series clock (seconds) when the battle began."""
    cont = with_inline(state.content)
    seconds = state.round * ROUND_SECONDS
    prior = (before or {}).get("members", {})
    members = {c.id: _member(c, cont.creatures[c.entry], prior.get(c.id), clock, seconds, state)
               for c in state.creatures.values() if c.side == side}
    # members who sat this battle out keep their record unchanged
    for cid, m in prior.items():
        members.setdefault(cid, copy.deepcopy(m))
    return {"members": members}


def sits_out(m: dict[str, Any]) -> bool:
    """Our reading: a creature at 0 HP or dead after a battle is not placed in the next one
    (it stays in the record; a short rest's hit dice can bring it back above 0)."""
    return m["status"] == "dead" or m["hp"] < 1


def carry_in(config: MatchConfig, data: dict[str, Any]) -> MatchConfig:
    """The next battle's configuration with the carried record in `setup.carried`; RS-141:
    per-strife uses come back as the strife starts."""
    out = copy.deepcopy(config)
    carried: dict[str, Any] = {}
    for cid, m in data["members"].items():
        if sits_out(m):
            carried[cid] = {"sits_out": True}
            continue
        uses = {u: n for u, n in m["uses"].items()
                if not limits.recharges(m["use_periods"][u], "strife_start")}
        carried[cid] = {"hp": m["hp"], "max_hp": m["max_hp"], "temp_hp": m["temp_hp"],
                        "stat_damage": dict(m["stat_damage"]), "uses": uses}
    out.setup = {**out.setup, "carried": carried}
    if "initiative" in out.setup:                    # an order given leaves them out too
        out.setup["initiative"] = [c for c in out.setup["initiative"]
                                   if not carried.get(str(c), {}).get("sits_out")]
    return out


def apply_carried(creatures: dict[str, Creature], carried: Any) -> None:
    """Set-up: start each listed creature from its carried record (HP, max HP, temp HP, scores
    less stat damage with the skills that follow them, uses spent); remove those sitting out.
    ConfigError names a record that fits no creature."""
    if not isinstance(carried, dict):
        raise ConfigError("rpgstuck set-up: carried must be a table of creature records")
    for cid, rec in carried.items():
        c = creatures.get(cid)
        if c is None or not isinstance(rec, dict):
            raise ConfigError(f"rpgstuck set-up: carried {cid!r} fits no creature of the battle")
        if rec.get("sits_out"):
            del creatures[cid]
            continue
        try:
            hp, max_hp, temp = int(rec["hp"]), int(rec["max_hp"]), int(rec["temp_hp"])
            damage = {str(s): int(n) for s, n in rec["stat_damage"].items()}
            uses = {str(u): int(n) for u, n in rec["uses"].items()}
        except (KeyError, TypeError, ValueError, AttributeError):
            raise ConfigError(f"rpgstuck set-up: carried {cid!r} needs hp, max_hp, temp_hp, "
                              f"stat_damage and uses") from None
        if not 1 <= hp <= max_hp or temp < 0 or set(damage) - set(SCORES):
            raise ConfigError(f"rpgstuck set-up: carried {cid!r} has impossible numbers")
        c.hp, c.max_hp, c.temp_hp, c.uses, c.start_hp = hp, max_hp, temp, uses, hp
        for stat, n in damage.items():
            old = c.mod(stat)
            c.scores[stat] -= n
            for skill, s in SKILLS.items():
                if s == stat:
                    c.skills[skill] += c.mod(stat) - old


# --- rests (SM-16, RS-136..139) -------------------------------------------------------------

def _rests_rule(series: Any) -> str:
    return str(series.config.house_rules.get("rests", DEFAULTS["rests"]))


def _long_blocker(m: dict[str, Any], start: int, interruption: int = 0) -> str:
    """Why `m` gets no long rest benefit starting at `start` (RS-139), or ""."""
    since = None if m["last_long"] is None else (start - int(m["last_long"])) // 60
    if limits.long_rest_benefits(m["hp"], minutes_since_last=since,
                                 longest_interruption=interruption):
        return ""
    if m["hp"] < 1:
        return "starts at 0 HP (RS-139)"
    if interruption >= 60:
        return "interrupted for an hour or more (RS-138)"
    return "had a long rest less than 24 hours before (RS-139)"


def rest_options(data: dict[str, Any], series: Any) -> list[RestOption]:
    """SM-16: `short_long3` (default) a short rest after each battle and a long one after
    every third; `short` short rests only; `none` no rest."""
    rule = _rests_rule(series)
    if rule == "none":
        return []
    living = {cid: m for cid, m in data["members"].items() if m["status"] != "dead"}
    # one row per creature with hit dice: the hit dice it may spend and what one heals on
    # average (the die's average + CON, B-19), its HP and the RS-137 minimum in the label
    counts = tuple((cid, f"{m['name']}: {m['hp']}/{m['max_hp']} HP; hit dice ({m['p']} or more "
                         f"bring back short-rest uses)", m["hd_total"] - m["hd_spent"],
                    float(max(0, limits.hit_die_average(m["hit_die"]) + m["con"])))
                   for cid, m in living.items() if m["hd_total"])
    # the healing cannot pass the creature's maximum (a die on a whole creature only repairs
    # stat damage, RS-09)
    caps = tuple((cid, float(max(0, m["max_hp"] - m["hp"])))
                 for cid, m in living.items() if m["hd_total"])
    since = len(series.battles) - (series.rests[-1]["after"] if series.rests else 0)
    advised, advice = limits.rest_advice(since)                      # RS-140
    out = [RestOption("short", "Short rest (advised)" if advised else "Short rest", True, "",
                      "RS-136", (advice,), counts, caps)]
    if rule == "short_long3":
        due = len(series.battles) % LONG_EVERY == 0
        long_lines = tuple(f"{m['name']}: "
                           f"{_long_blocker(m, series.clock) or 'full HP, hit dice and uses'}"
                           for m in living.values())
        out.append(RestOption("long", "Long rest", due,
                              "" if due else "a long rest comes after every third battle "
                                             "(RS-SM-16)",
                              "RS-138", long_lines))
    return out


def _recharge(m: dict[str, Any], moment: str, counts: bool = True) -> None:
    """RS-142: uses of the period this rest recharges come back."""
    m["uses"] = {u: n for u, n in m["uses"].items()
                 if not limits.recharges(m["use_periods"][u], moment, short_rest_counts=counts)}
    m["use_periods"] = {u: m["use_periods"][u] for u in m["uses"]}


def _expire_temp(m: dict[str, Any], now: int) -> None:
    if m["temp_hp"] and m["temp_until"] <= now:          # RS-13
        m["temp_hp"], m["temp_until"] = 0, 0


def rest(data: dict[str, Any], kind: str, rng: Rng, choices: dict[str, Any], series: Any
         ) -> RestOutcome:
    """Take a rest. Short (RS-136/137, RS-09): `choices["dice"]` maps creature ids to the hit
    dice each spends (none by default); each rolls them, heals face + CON each, repairs one
    point of stat damage per die (STR first, the score order), and recharges its short-rest
    uses if it spent at least P dice; the rest lasts as long as the longest creature's
    (60 min x spent / total). Long (RS-138/139, RS-07): `choices["wait"]` seconds pass before
    it starts, `choices["interruption"]` minutes the longest break; each creature that may
    benefit gets all HP, max HP, hit dice, uses, and loses its stat damage; it lasts 8 h."""
    out = copy.deepcopy(data)
    lines: list[str] = []
    members = out["members"]
    if kind == "short":
        dice = choices.get("dice", {})
        if not isinstance(dice, dict):
            raise SeriesError("the hit dice to spend are given per creature")
        longest = 0
        for cid, n in dice.items():
            m = members.get(cid)
            if m is None or m["status"] == "dead" or type(n) is not int or n < 0:
                raise SeriesError(f"{cid!r} cannot spend {n!r} hit dice")
            if not n:
                continue
            left = m["hd_total"] - m["hd_spent"]
            if n > left:
                raise SeriesError(f"{m['name']} has {left} hit dice left, not {n} (RS-136)")
            roll = limits.roll_hit_dice(rng, n, m["hit_die"], f"{m['name']}'s hit dice")
            got = limits.short_rest(roll.faces, m["con"], total_hd=m["hd_total"],
                                    available_hd=left, p=m["p"],
                                    stat_damage=m["stat_damage"])
            m["hd_spent"] += n
            m["hp"] = min(m["max_hp"], m["hp"] + got.healed)
            if m["hp"] > 0 and m["status"] == "unconscious":
                m["status"] = "up"
            m["stat_damage"] = {s: d for s, d in got.stat_damage if d}
            _recharge(m, "short_rest", got.recharges)
            seconds = -(-got.minutes * 60 // 1)
            longest = max(longest, int(seconds))
            lines.append(f"{m['name']} spent {n} hit {'die' if n == 1 else 'dice'} "
                         f"{list(roll.faces)}: healed {got.healed} to {m['hp']}/{m['max_hp']} "
                         f"HP, {got.slots} lesser slot{'' if got.slots == 1 else 's'} back" + ("; short-rest uses recharged" if got.recharges
                                          else f"; under {m['p']} dice: no recharge (RS-137)"))
        now = series.clock + longest
        for m in members.values():
            _expire_temp(m, now)
        return RestOutcome(out, longest, tuple(lines))
    if kind == "long":
        wait, broke = choices.get("wait", 0), choices.get("interruption", 0)
        if type(wait) is not int or wait < 0 or type(broke) is not int or broke < 0:
            raise SeriesError("the wait and the interruption are whole numbers, not negative")
        start = series.clock + wait
        for m in members.values():
            if m["status"] == "dead":
                continue
            why = _long_blocker(m, start, broke)
            if why:
                lines.append(f"{m['name']}: no benefit, {why}")
                continue
            m["max_hp"] = m["base_max_hp"]                  # RS-07
            m["hp"], m["status"] = m["max_hp"], "up"       # RS-138
            m["hd_spent"], m["stat_damage"] = 0, {}         # RS-138, RS-09
            m["last_long"] = start
            _recharge(m, "long_rest")                       # RS-142
            lines.append(f"{m['name']}: rested fully ({m['hp']} HP, all hit dice)")
        seconds = wait + LONG_REST_SECONDS
        for m in members.values():
            _expire_temp(m, series.clock + seconds)
        return RestOutcome(out, seconds, tuple(lines))
    raise SeriesError(f"rpgstuck has no {kind!r} rest")
