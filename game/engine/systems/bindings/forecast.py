"""Bindings forecast: the exact odds of an attack, computed from the dice (STYLE habit 13).

Owns: `attack_odds(state, attacker, move, target_hex) -> AttackOdds` and `tooltip(odds)` for an
attack not yet made (measured from where both stand now), and `defence_odds(state, attack,
option) -> DefenceOdds`, `defence_table` and `defence_words` for an attack already on its way
(from what its record fixed at launch, for each answer its target may give). The client's hover
text, the defend prompt and the AI read these, so what a player is told and what the AI weighs
are the same numbers. Everything is an exact `fractions.Fraction` from enumerated dice
distributions (memoised); nothing is sampled and no generator is touched.

What it covers, in the order combat.resolve applies it:
  * the concealment miss roll first (BND-92): P(no miss) = 1 - level/6; a guessed hex under
    total concealment (BND-91, GM-22) misses outright when it is empty;
  * offence AB + ability + 2d6 + range penalty (BND-81), with the net edge from cover (BND-85),
    conditions and a Dodge (BND-95..97; disadvantage per GM-20);
  * two defence cases: `hit` when the target declares nothing (the free Reaction, DB + INT flat,
    or damage reduction under GM-12; a maneuver's contest always rolls), and `hit_defended` for
    the declared defence the target could afford that lowers the hit chance most (a counter's
    DB + X + 2d6, Brace's advantage on the Reaction, Dodge's disadvantage; GM-06 "attack_first"
    gives Brace and self moves no time to work);
  * the hit rule (BND-47, GM-13), damage = ability + dice + bonus (never an edge, BND-99, unless
    GM-33), the chance to drop the target, and when it arrives if nobody moves (BND-50).

Must not: change the state, roll dice, or import the client.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from game.engine.tactics import odds

from . import combat
from .house import house
from .state import Attack, BindingsState, Combatant, Condition, Hex, round_segment
from .sight import TOTAL_CONCEALMENT, sight

ZERO = Fraction(0)
ONE = Fraction(1)


# =============================================================================================
# Dice maths (pure, memoised)
# =============================================================================================

# The rolls themselves are tactics.odds; these name the bindings ones (2d6 with an edge as 3d6
# added or taken away, BND-95/96 and GM-20; damage dice with GM-33's extra 3d6).
sum_counts = odds.counts


@lru_cache(maxsize=None)
def roll_dist(n: int, edge: str, disadv_mode: str) -> tuple[tuple[int, Fraction], ...]:
    """The dice part of an n-d6 total under an edge (BND-95/96, GM-20)."""
    if edge == "disadvantage" and disadv_mode == "drop_dice":
        n = max(0, n - 3)
    base = odds.dice(n)
    if edge == "advantage":
        base = odds.add(base, odds.dice(3))
    elif edge == "disadvantage" and disadv_mode != "drop_dice":
        base = odds.sub(base, odds.dice(3))
    return tuple(sorted(base.items()))


@lru_cache(maxsize=None)
def _diff(o_key: tuple[int, str, str],
          d_key: tuple[int, str, str]) -> tuple[tuple[int, Fraction], ...]:
    """Distribution of (offence dice) - (defence dice)."""
    return tuple(odds.sub(dict(roll_dist(*o_key)), dict(roll_dist(*d_key))).items())


def p_beats(o_dice: int, o_edge: str, o_const: int, d_dice: int, d_edge: str, d_const: int,
            disadv_mode: str, ties_win: bool) -> Fraction:
    """P(offence total > defence total), or >= when ties hit (GM-13)."""
    diff = dict(_diff((o_dice, o_edge, disadv_mode), (d_dice, d_edge, disadv_mode)))
    return odds.p_above(diff, d_const - o_const, ties_win)


def damage_dist(n: int, sides: int, flat: int, extra_3d6: bool,
                reduction: int) -> dict[int, Fraction]:
    """Damage on a hit: n d`sides` + flat (+3d6 under GM-33), less a reduction, floored at 0."""
    roll = odds.add(odds.dice(n, sides), odds.dice(3) if extra_3d6 else odds.certain(0))
    return odds.floor_at(odds.shift(roll, flat - reduction), 0)


def miss_chance(concealment: int) -> Fraction:
    """BND-92: the concealment miss roll comes before anything else: level in 6 (the level
    stops at total concealment, BND-91)."""
    return Fraction(min(concealment, TOTAL_CONCEALMENT), 6)


def reaction_value(t: Combatant) -> int:
    """BND-46 / GM-12: the free Reaction's flat defence, or under damage_reduction how much it
    takes off the damage: DB + INT."""
    return t.db + t.mod("INT")


# =============================================================================================
# The forecast
# =============================================================================================

@dataclass(frozen=True, slots=True)
class AttackOdds:
    """Exact odds of `attacker` using `move` on `target_hex` now. `hit`/`expected`/`drop` are for
    a target declaring no defence (Reaction); the `_defended` ones for its best declared defence
    (`defended_by`, None when it has none to declare). `damage` is the distribution of damage on
    a hit in the no-defence case (GM-12 damage reduction included); `segments` how many segments
    until contact (1 = this one) and `arrives` the (round, segment) of contact."""

    attacker: str
    move: str
    target: str | None
    target_hex: Hex
    legal: bool
    why: str
    miss_chance: Fraction
    cover: bool
    concealment: int
    range_penalty: int
    edge: str
    reasons: tuple[str, ...]
    hit: Fraction
    hit_defended: Fraction
    defended_by: str | None
    damage: dict[int, Fraction] = field(default_factory=dict)
    min_damage: int = 0
    max_damage: int = 0
    expected: Fraction = ZERO
    expected_defended: Fraction = ZERO
    drop: Fraction = ZERO
    drop_defended: Fraction = ZERO
    segments: int = 0
    arrives: tuple[int, int] = (0, 0)


def _edge_with(base_adv: list[str], base_dis: list[str], extra_dis: bool) -> str:
    adv, dis = list(base_adv), list(base_dis)
    if extra_dis:
        dis.append("dodge")
    return combat._net(adv, dis)[0]


def attack_odds(state: BindingsState, attacker: str, move: str, target_hex: Hex) -> AttackOdds:
    """The exact odds of an attack (see the module docstring)."""
    att = state.combatants[attacker]
    m = combat.move_of(state, move)
    h: Hex = (int(target_hex[0]), int(target_hex[1]))
    here = combat.pos(att)
    d = combat.distance(state, here, h)
    s = sight(state, here, h, attacker)
    t = combat.occupant(state, h)
    guess = t is None or s.concealment >= TOTAL_CONCEALMENT
    conceal = TOTAL_CONCEALMENT if guess else s.concealment
    penalty = 0
    if m.kind == "projectile" and m.ranged == "increments":
        penalty = combat.range_penalty(d, m.range_ft, str(house(state, "range_round")))
    reach = combat.max_range_hexes(state, m)
    why = ""
    if m.kind not in combat.ATTACK_KINDS:
        why = f"{m.name} is not an attack"
    elif d > reach:
        why = f"{m.name} cannot reach {d * combat.FT_PER_HEX} ft"
    elif not s.can_see:
        why = "no clear line to that hex (BND-84)"
    segments = combat.segments_to_contact(d, m.speed)
    arrives = round_segment(state.tick + max(0, segments - 1))
    miss = miss_chance(conceal)
    base = dict(attacker=attacker, move=move, target_hex=h, legal=not why, why=why,
                miss_chance=miss, cover=bool(s.cover), concealment=conceal,
                range_penalty=penalty, segments=segments, arrives=arrives)
    if t is None or why:
        return AttackOdds(target=None, edge="none", reasons=(), hit=ZERO, hit_defended=ZERO,
                          defended_by=None, damage={0: ONE}, **base)  # type: ignore[arg-type]
    # The edge as combat.offence_edge would see it at contact, nothing judged, no Dodge.
    probe = Attack("?", move, attacker, t.id, h, here, here, m.speed, reach, state.tick,
                   cover=bool(s.cover), concealment=conceal, range_penalty=penalty)
    edge, reasons = combat.offence_edge(state, probe, t)
    # Rebuild the raw lists so a Dodge can be added and cancelled correctly.
    raw_adv, raw_dis = _raw_edges(state, probe, t)
    mode = str(house(state, "disadv_mode"))
    ties = bool(house(state, "tie_hits"))
    o_const = att.ab + att.mod(m.offence or "STR") + penalty
    no_miss = ONE - miss
    n, sides, flat = combat.damage_parts(att, m)
    deals = combat.deals_damage(m)

    def case(option: str | None) -> tuple[Fraction, dict[int, Fraction]]:
        """(hit chance, damage-on-hit distribution) when the target answers with `option`."""
        o_edge = _edge_with(raw_adv, raw_dis, option == combat.DODGE)
        d_edge = _defence_edge_with(state, t, option)
        if m.contest:
            p = p_beats(2, o_edge, o_const, 2, d_edge, t.db + t.mod(m.contest), mode, ties)
            red = 0
        else:
            counter = combat.move_of(state, option) if option and option != combat.DODGE else None
            if counter is not None and counter.defence:
                p = p_beats(2, o_edge, o_const, 2, d_edge,
                            t.db + t.mod(counter.defence), mode, ties)
                red = 0
            else:
                value = reaction_value(t)
                dice_n = 3 if d_edge == "advantage" else 0
                if house(state, "reaction_mode") == "damage_reduction":
                    p = p_beats(2, o_edge, o_const, 0, "none", 0, mode, ties)
                    red = value          # a braced reduction's 3d6 is folded in below
                    if dice_n:
                        return no_miss * p, _reduced_by_3d6(n, sides, flat, o_edge, state,
                                                            value, deals)
                else:
                    p = p_beats(2, o_edge, o_const, dice_n, "none", value, mode, ties)
                    red = 0
        dmg = (damage_dist(n, sides, flat, o_edge == "advantage"
                           and bool(house(state, "damage_advantage")), red)
               if deals else {0: ONE})
        return no_miss * p, dmg

    hit, dmg = case(None)
    best_opt, best_hit, best_dmg = None, hit, dmg
    for opt in combat.defence_options(state, t):
        h2, d2 = case(opt)
        if best_opt is None or h2 < best_hit:
            best_opt, best_hit, best_dmg = opt, h2, d2

    def expect(p: Fraction, dist: dict[int, Fraction]) -> tuple[Fraction, Fraction]:
        e = sum((v * q for v, q in dist.items()), ZERO) * p
        drop = sum((q for v, q in dist.items() if v >= t.hp), ZERO) * p if deals else ZERO
        return e, drop

    e1, drop1 = expect(hit, dmg)
    e2, drop2 = expect(best_hit, best_dmg)
    return AttackOdds(target=t.id, edge=edge, reasons=reasons, hit=hit, hit_defended=best_hit,
                      defended_by=best_opt, damage=dmg, min_damage=min(dmg), max_damage=max(dmg),
                      expected=e1, expected_defended=e2, drop=drop1, drop_defended=drop2,
                      **base)  # type: ignore[arg-type]


def _reduced_by_3d6(n: int, sides: int, flat: int, o_edge: str, state: BindingsState,
                    value: int, deals: bool) -> dict[int, Fraction]:
    """Damage when a braced Reaction reduces it by DB + INT + 3d6 (GM-12 damage_reduction)."""
    if not deals:
        return {0: ONE}
    out: dict[int, Fraction] = {}
    extra = o_edge == "advantage" and bool(house(state, "damage_advantage"))
    for r, wr in sum_counts(3):
        for v, p in damage_dist(n, sides, flat, extra, max(0, value + r)).items():
            out[v] = out.get(v, ZERO) + p * Fraction(wr, 216)
    return out


def _raw_edges(state: BindingsState, probe: Attack, t: Combatant) -> tuple[list[str], list[str]]:
    """The advantage and disadvantage sources before cancelling (BND-97)."""
    m = combat.move_of(state, probe.move)
    verbs = combat.active_verbs(state, t)
    adv: list[str] = []
    dis: list[str] = []
    if probe.cover:
        dis.append("cover")
    if m.kind == "melee" and "melee_adv_against" in verbs:
        adv.append("condition")
    if m.kind == "projectile" and "ranged_dis_against" in verbs:
        dis.append("condition")
    return adv, dis


def _defence_edge_with(state: BindingsState, t: Combatant, option: str | None) -> str:
    """The target's defence edge if it answers with `option` (its own conditions, plus what a
    declared Brace or self move grants before the attack resolves under GM-06 "action_first")."""
    if combat.defence_edge(state, t) == "advantage":
        return "advantage"
    if option is None or option == combat.DODGE:
        return "none"
    if house(state, "defend_order") == "attack_first":
        return "none"
    m = combat.move_of(state, option)
    for e in m.effects_of("self_condition"):
        verbs = combat.condition_verbs(state, e.condition)
        if "adv_defence" in verbs and not (option == "brace"
                                           and house(state, "brace_scope") != "defence"):
            return "advantage"
    return "none"


def _pct(p: Fraction) -> str:
    return f"{round(float(p) * 100)}%"


def tooltip(odds: AttackOdds, state: BindingsState | None = None) -> str:
    """One line in words: 'Hit 62% · 3–8 dmg, 3.4 expected · 18% to drop · arrives S3' (the
    expected damage counts the misses; "if they defend" follows the hit chance when the target's
    best declared defence would lower it)."""
    if not odds.legal:
        return odds.why
    if odds.target is None:
        return "Nobody seen there · a blind shot that misses if the hex is empty"
    parts = [f"Hit {_pct(odds.hit)}"]
    if odds.defended_by is not None and odds.hit_defended != odds.hit:
        parts[0] += f" ({_pct(odds.hit_defended)} if they defend)"
    if odds.max_damage > 0:
        lo, hi = odds.min_damage, odds.max_damage
        dmg = f"{lo}–{hi} dmg" if lo != hi else f"{lo} dmg"
        parts.append(f"{dmg}, {float(odds.expected):.1f} expected")
        parts.append(f"{_pct(odds.drop)} to drop")
    if odds.cover:
        parts.append("cover")
    if odds.concealment:
        parts.append(f"{odds.concealment}/6 to miss unseen")
    if odds.range_penalty:
        parts.append(f"range {odds.range_penalty}")
    r, s = odds.arrives
    if state is not None and r != state.round:
        parts.append(f"arrives R{r} S{s}")
    else:
        parts.append(f"arrives S{s}")
    return " · ".join(parts)


# =============================================================================================
# The odds of an attack already on its way, for each answer the target may give
# =============================================================================================

@dataclass(frozen=True, slots=True)
class DefenceOdds:
    """Exact odds of the EXISTING attack `attack` if its target answers with `option` (a move id,
    "dodge", or None for no declared action: the free Reaction). Everything the record fixed at
    launch (cover, concealment, range penalty, the table's edge) is taken from it, not measured
    again. `cost` is the action type the answer spends from this round's budget (None for the
    Reaction) and `slot` whether it uses this segment's slot (every declared defence does,
    BND-11/13). `hit` counts the concealment miss roll; `expected` and `drop` count the misses.
    `dodge` says whether a Dodge makes the attack roll at a disadvantage (BND-54)."""

    attack: str
    option: str | None
    target: str | None
    cost: str | None
    slot: bool
    miss_chance: Fraction
    edge: str
    reasons: tuple[str, ...]
    defence: str                       # "contest" | "counter" | "reaction" | "reduction"
    defence_edge: str
    hit: Fraction
    dodge: bool = False
    damage: dict[int, Fraction] = field(default_factory=dict)
    min_damage: int = 0
    max_damage: int = 0
    expected: Fraction = ZERO
    drop: Fraction = ZERO


def option_cost(state: BindingsState, option: str | None) -> str | None:
    """The action type a defensive answer spends (combat._defend pays the same): a Dodge is a
    Move (BND-54), a counter or Brace its own action type, the Reaction nothing (BND-46)."""
    if option is None:
        return None
    if option == combat.DODGE:
        return "move"
    return combat.move_of(state, option).action


def _as_resolved(state: BindingsState, t: Combatant, option: str | None) -> Combatant:
    """The target as combat.resolve will find it: under GM-06 "action_first" a declared Brace or
    other self move has taken effect first (resolve_declared at the start of its turn); under
    "attack_first" nothing it declared has happened yet. A copy; `t` is not touched."""
    if option is None or option == combat.DODGE \
            or house(state, "defend_order") == "attack_first":
        return t
    conds = list(t.conditions)
    for e in combat.move_of(state, option).effects_of("self_condition"):
        conds = [x for x in conds if x.id != e.condition]          # refreshed, never stacked
        conds.append(Condition(e.condition, combat.duration_until(state, e.rounds), option))
    return replace(t, conditions=conds)


def defence_odds(state: BindingsState, attack: Attack | str, option: str | None = None,
                 dodge: bool | None = None) -> DefenceOdds:
    """The exact odds of `attack` (a record in `state.attacks`, or its id) if its target answers
    with `option`; the steps follow combat.resolve:

      * the concealment miss roll first (BND-92), unless the record says it was rolled already;
      * offence AB + ability + 2d6 + the range penalty fixed at launch (BND-81), with the edge
        from the launch's cover (BND-85), the target's conditions when the attack resolves, the
        table's call (GM-01) and a Dodge (BND-54: `option` "dodge", or `dodge=True` for the
        "use_dodge" stage's yes; None takes what the record and the option say);
      * defence: a maneuver's contest always rolls; a counter DB + its ability + 2d6 (BND-43);
        else the Reaction DB + INT flat (BND-46, GM-12), or as damage reduction under GM-12
        "damage_reduction"; advantage on defence (+3d6) from adv_defence conditions, Brace
        counting only when brace_scope covers defences (GM-11) and only when the declared
        action resolves before the attack (GM-06 "action_first");
      * hit when offence beats defence (ties per GM-13); damage = ability + dice + bonus (an
        edge only under GM-33), less any reduction; the chance that it drops the target.

    It assumes the defender stays within the attack's reach (GM-07 can make a Dodge that leaves
    it miss outright; where the defender will step is the player's choice, not a die)."""
    a = attack if isinstance(attack, Attack) else next(x for x in state.attacks if x.id == attack)
    m = combat.move_of(state, a.move)
    att = state.combatants[a.attacker]
    cost = option_cost(state, option)
    slot = option is not None
    t0 = state.combatants.get(a.target) if a.target else None
    if t0 is None or t0.down:
        return DefenceOdds(a.id, option, a.target, cost, slot, ZERO, "none", (), "none", "none",
                           ZERO, damage={0: ONE})
    t = _as_resolved(state, t0, option)
    dodged = (option == combat.DODGE or a.dodge == "yes") if dodge is None else bool(dodge)
    probe = replace(a, dodge="yes" if dodged else "no")
    o_edge, reasons = combat.offence_edge(state, probe, t)
    d_edge = combat.defence_edge(state, t)
    mode = str(house(state, "disadv_mode"))
    ties = bool(house(state, "tie_hits"))
    o_const = att.ab + att.mod(m.offence or "STR") + a.range_penalty
    miss = ZERO if a.concealment_checked else Fraction(min(a.concealment, 6), 6)
    counter = combat.move_of(state, option) if option and option != combat.DODGE else None
    n, sides, flat = combat.damage_parts(att, m)
    deals = combat.deals_damage(m)
    extra = o_edge == "advantage" and bool(house(state, "damage_advantage"))     # GM-33
    if m.contest:
        kind = "contest"
        p = p_beats(2, o_edge, o_const, 2, d_edge, t.db + t.mod(m.contest), mode, ties)
        dmg = damage_dist(n, sides, flat, extra, 0) if deals else {0: ONE}
    elif counter is not None and counter.defence:
        kind = "counter"
        p = p_beats(2, o_edge, o_const, 2, d_edge, t.db + t.mod(counter.defence), mode, ties)
        dmg = damage_dist(n, sides, flat, extra, 0) if deals else {0: ONE}
    else:
        value = reaction_value(t)
        adv = d_edge == "advantage"
        if house(state, "reaction_mode") == "damage_reduction":
            kind = "reduction"
            p = p_beats(2, o_edge, o_const, 0, "none", 0, mode, ties)
            if not deals:
                dmg = {0: ONE}
            elif adv:
                dmg = _reduced_by_3d6(n, sides, flat, o_edge, state, value, deals)
            else:
                dmg = damage_dist(n, sides, flat, extra, max(0, value))
        else:
            kind = "reaction"
            p = p_beats(2, o_edge, o_const, 3 if adv else 0, "none", value, mode, ties)
            dmg = damage_dist(n, sides, flat, extra, 0) if deals else {0: ONE}
    hit = (ONE - miss) * p
    expected = sum((v * q for v, q in dmg.items()), ZERO) * hit
    drop = sum((q for v, q in dmg.items() if v >= t.hp), ZERO) * hit if deals else ZERO
    return DefenceOdds(a.id, option, t.id, cost, slot, miss, o_edge, reasons, kind, d_edge, hit,
                       dodged, dmg, min(dmg), max(dmg), expected, drop)


def defence_table(state: BindingsState, attack: Attack | str,
                  options: list[str | None] | None = None) -> list[DefenceOdds]:
    """`defence_odds` for every answer of the open "defend" stage on `attack` (the stage's own
    options and the Reaction last), or for `options` when given."""
    a = attack if isinstance(attack, Attack) else next(x for x in state.attacks if x.id == attack)
    if options is None:
        options = []
        for p in state.pending:
            if p.stage == "defend" and p.data.get("attack") == a.id:
                options = list(p.data.get("options", []))
        options = [*options, None]
    return [defence_odds(state, a, o) for o in options]


def defence_words(odds: DefenceOdds) -> str:
    """'hit 41% · 18% to drop' (or '· 3.4 dmg expected' when it cannot drop the target)."""
    parts = [f"hit {_pct(odds.hit)}"]
    if odds.drop > 0:
        parts.append(f"{_pct(odds.drop)} to drop")
    elif odds.max_damage > 0:
        parts.append(f"{float(odds.expected):.1f} dmg expected")
    return " · ".join(parts)
