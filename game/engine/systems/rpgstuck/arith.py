"""The engine's one door to the arithmetic and terrain modules: every call the engine makes into
rolls.py, listing.py, damage.py, limits.py (the numbers) and terrain.py, sight.py, moves.py
(the map) goes through a function here, which reads the match's house table and passes the
options on as those modules' keyword arguments.

Owns: the adaptation only (creature records in, plain numbers out, dice records back as
events). Where a function below computes a rule itself it is a STAND-IN marked with its owner
module, kept until that module lands, and replaced by a call then.

Must not: hold a rule of its own beyond the stand-ins, or roll except on the Rng it is handed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.dice import Roll, roll
from game.engine.events import DiceRolled
from game.engine.rng import Rng
from game.engine.tactics.lines import line_of_sight
from game.engine.tactics.reach import square_reach

from . import house
from .events import CheckMade, ConditionChanged, Spotted
from .state import Cell, Condition, Creature, RpgState, mod


# --- PC numbers (STAND-IN: limits.py) ------------------------------------------------------------
def proficiency(pc: bool, level: int, tier: int) -> int:
    """B-03 P (PCs: tier + 1, tier from level, B-02); B-05 monsters: T + 1 (section F)."""
    if pc:
        tier = 1 + (max(1, level) - 1) // 4
    return tier + 1


def pc_max_hp(entry: Any) -> int:
    """RS-05/06 with B-19 (hit die average X/2 + 1)."""
    die = entry.hit_die or 8
    con = mod(entry.scores["CON"])
    return 10 + die + con + (max(1, entry.level) - 1) * (die // 2 + 1 + con)


def numbers(c: Creature) -> dict[str, int]:
    """P, Q, Level and T of a creature for damage listings (B-03..05)."""
    p = proficiency(c.pc, c.level, c.tier)
    if c.pc:
        tier = 1 + (max(1, c.level) - 1) // 4
        return {"P": p, "Q": tier, "Level": c.level, "T": tier}
    return {"P": p, "Q": max(1, c.tier), "Level": 4 * c.tier, "T": c.tier}


# --- movement and sight (STAND-IN: moves.py, sight.py) ---------------------------------------
def _blocked(state: RpgState, cell: Cell) -> bool:
    b = state.board
    if not b.in_bounds(*cell):
        return True
    return bool(b.prop(*cell, "wall", False)) or b.prop(*cell, "cover", "none") == "full"


def reach(state: RpgState, c: Creature, budget: int, free: bool = False
          ) -> dict[Cell, tuple[int, list[Cell]]]:
    """Squares `c` can reach with `budget` ft, with cost and path (B-14: 5 ft a square; the
    diagonal house rule)."""
    if budget < 5:
        return {}
    others = {cell for o in state.creatures.values() if o.id != c.id
              and o.status in ("up", "unconscious") for cell in o.cells()}
    size = c.size

    def enter(_a: Cell, b: Cell) -> bool:
        for j in range(size):
            for i in range(size):
                cell = (b[0] + i, b[1] + j)
                if cell in others or _blocked(state, cell):
                    return False
        return True
    diag = (5, 10) if house.read(state, "diagonals") == "alternating" else (5, 5)
    got = square_reach((c.x, c.y), budget, enter, straight=5, diagonals=diag)
    return {cell: (int(cost), path) for cell, (cost, path) in got.items()}


def _los(state: RpgState, a: Creature, cell: Cell) -> bool:
    return any(line_of_sight(mine, cell, lambda k: _blocked(state, k)) for mine in a.cells())


def sees_cell(state: RpgState, c: Creature, cell: Cell) -> bool:
    """B-23: line of sight centre to centre, blocked by walls and full cover."""
    return _los(state, c, cell)


def sees_creature(state: RpgState, c: Creature, d: Creature | None, cell: Cell) -> bool:
    """Whether `c` perceives `d` (RS-99, RS-104): never a creature that is not there."""
    if d is None or d.hidden:
        return False
    return any(_los(state, c, k) for k in d.cells())


def side_sees(state: RpgState, side: int, d: Creature) -> bool:
    """Whether any creature of `side` that is up perceives `d` (its own side always does)."""
    if d.side == side:
        return True
    return any(sees_creature(state, o, d, (d.x, d.y)) for o in state.standing(side))


def exposed(state: RpgState, c: Creature) -> bool:
    """Whether an enemy that is up could see `c` were it not hiding (RS-104: hiding needs that
    nobody can)."""
    return any(_los(state, o, k) for o in state.standing() if o.side != c.side
               for k in c.cells())


def update_sight(state: RpgState) -> list:
    """After every action: a hiding creature an enemy could now see is found (RS-104/105), and
    each side notes the square of every enemy it perceives (issue #13: last known squares)."""
    events: list = []
    for c in state.creatures.values():
        if c.hidden and exposed(state, c):
            c.hidden = False
            events.append(Spotted(c.id))
    for side in {c.side for c in state.creatures.values()}:
        known = state.last_seen.setdefault(str(side), {})
        for d in state.creatures.values():
            if d.side != side and d.status in ("up", "unconscious") \
                    and side_sees(state, side, d):
                known[d.id] = [d.x, d.y]
    return events


def cover(state: RpgState, c: Creature, cell: Cell) -> int:
    """RS-112/113 cover malus between attacker and target square (0, 2 or 4)."""
    return 0


# --- the attack roll (STAND-IN: rolls.py) -------------------------------------------------------
@dataclass(slots=True)
class AttackResult:
    rolls: list[Roll]
    natural: int
    total: int
    terms: list[tuple[str, int]]
    hit: bool
    crit: bool


def block_die(d: Creature) -> int:
    return 4


def attack_roll(rng: Rng, state: RpgState, c: Creature, p: Any, *, net: int, aim: list[int],
                block: list[int], defense: int, cover: int) -> AttackResult:
    rolls: list[Roll] = []
    if net == 0:
        r = roll(rng, "d20", "attack")
        natural = r.faces[0]
    else:
        r = roll(rng, "2d20", "attack with " + ("advantage" if net > 0 else "disadvantage"))
        natural = max(r.faces) if net > 0 else min(r.faces)
    rolls.append(r)
    terms: list[tuple[str, int]] = [("d20", natural)]
    n = numbers(c)
    if p.to_hit is not None:
        terms.append(("to hit", p.to_hit))
    else:
        terms += [(p.stat, c.mod(p.stat)), ("P", n["P"])]
    if abs(net) > 1:
        terms.append(("advantage" if net > 0 else "disadvantage", 4 * (abs(net) - 1) *
                      (1 if net > 0 else -1)))
    if cover:
        terms.append(("cover", -cover))
    while aim and block:
        aim.remove(max(aim))
        block.remove(max(block))
    if aim or block:
        dice = aim or block
        r2 = roll(rng, f"{len(dice)}d{max(dice)}", "aim" if aim else "block")
        rolls.append(r2)
        terms.append(("Aim" if aim else "Block", max(r2.faces) * (1 if aim else -1)))
    total = sum(v for _, v in terms)
    hit = natural == 20 or (natural != 1 and total >= defense)
    crit = hit and natural == 20
    return AttackResult(rolls, natural, total, terms, hit, crit)


# --- damage (STAND-IN: listing.py, damage.py) ---------------------------------------------------
@dataclass(slots=True)
class DamageResult:
    rolls: list[Roll]
    pre: int
    percent: int


@dataclass(slots=True)
class Taken:
    hp_lost: int
    temp_lost: int


def damage_roll(rng: Rng, state: RpgState, c: Creature, p: Any, *, crit: bool, assail: bool,
                target: Creature) -> DamageResult:
    import re
    text = p.damage
    n = numbers(c)
    m = re.fullmatch(r"(\d*)(Q|P)?\(?d(\d+)\)?((?:[+-](?:\d+|[A-Z]+))*)", text.replace(" ", ""))
    assert m, text
    count = int(m.group(1) or 1) * (n[m.group(2)] if m.group(2) else 1)
    r = roll(rng, f"{count}d{m.group(3)}", "damage")
    pre = r.total
    for sign, term in re.findall(r"([+-])(\d+|[A-Z]+)", m.group(4) or ""):
        v = int(term) if term.isdigit() else (c.mod(term) if term in c.scores else n[term])
        pre += v if sign == "+" else -v
    if assail:
        pre += c.damage_mod if not c.pc else c.mod(p.stat)
    return DamageResult([r], max(0, pre), 200 if crit else 100)


def take_damage(state: RpgState, d: Creature, pre: int, percent: int) -> Taken:
    dmg = pre * percent // 100
    absorbed = min(d.temp_hp, dmg)
    d.temp_hp -= absorbed
    lost = min(d.hp, dmg - absorbed)
    d.hp -= lost
    return Taken(lost, absorbed)


# --- forced movement, checks (STAND-IN: moves.py, rolls.py) ----------------------------------
def push(state: RpgState, c: Creature, d: Creature, ft: int) -> list:
    return []


def check(rng: Rng, state: RpgState, c: Creature, skill: str, purpose: str,
          advantage: int = 0) -> tuple[int, Roll]:
    r = roll(rng, "d20" if not advantage else "2d20", purpose, [(skill, c.skills[skill])])
    face = r.faces[0] if not advantage else max(r.faces)
    return face + c.skills[skill], r


def shove(state: RpgState, c: Creature, d: Creature, prone: bool, rng: Rng) -> list:
    """B-12 Shove: opposed Athletics against Athletics or Acrobatics (the better, SM-20)."""
    events: list = []
    mine, r1 = check(rng, state, c, "athletics", "shove")
    skill = "athletics" if d.skills["athletics"] >= d.skills["acrobatics"] else "acrobatics"
    theirs, r2 = check(rng, state, d, skill, "resist shove")
    events += [DiceRolled(r1, c.id, f"{c.name} shove: {r1.breakdown()}"),
               DiceRolled(r2, d.id, f"{d.name} resists: {r2.breakdown()}")]
    won = mine > theirs                       # AMB-21: a tie keeps the status quo
    events.append(CheckMade(c.id, "athletics", mine, theirs, won, "shove"))
    if not won:
        return events
    if prone:
        if not d.has("prone"):
            d.conditions.append(Condition("prone", source=c.id))
            events.append(ConditionChanged(d.id, "prone", True))
        return events
    return events + push(state, c, d, 10)


def hide(state: RpgState, c: Creature, rng: Rng) -> list:
    """B-12 Hide: a Stealth check against the best passive Perception (B-08) of the enemies."""
    total, r = check(rng, state, c, "stealth", "hide")
    enemies = [o for o in state.standing() if o.side != c.side]
    best = max((10 + o.skills["perception"] for o in enemies), default=0)
    ok = total >= best
    events: list = [DiceRolled(r, c.id, f"{c.name} hides: {r.breakdown()}"),
                    CheckMade(c.id, "stealth", total, best, ok, "hide")]
    if ok:
        c.hidden = True
    return events


def discern(state: RpgState, c: Creature, d: Creature, scrutinize: bool, rng: Rng) -> list:
    return []



def block_covers(state: RpgState, d: Creature) -> int:
    """How many attack rolls one Block covers: the reaction's own count, or a Step's (Bonus
    Block: 2, B-21)."""
    from .profiles import block_reaction, content_of
    steps = content_of(state).steps
    base = block_reaction(state, d).block_covers or 1
    return max([base] + [steps[s].block_covers for s in d.steps if steps[s].block_covers])


# --- forecasts (STAND-IN: odds.py) ---------------------------------------------------------------
def attack_odds(state: RpgState, c: Creature, p: Any, d: Creature, *, net: int, aim: list[int],
                block: list[int], cover: int) -> Any:
    from fractions import Fraction
    from .forecast import Forecast
    bonus = p.to_hit if p.to_hit is not None else c.mod(p.stat) + numbers(c)["P"]
    bonus -= cover
    if abs(net) > 1:
        bonus += 4 * (abs(net) - 1) * (1 if net > 0 else -1)
    while aim and block:
        aim.remove(max(aim))
        block.remove(max(block))
    extra = (sum(range(1, max(aim) + 1)) / max(aim)) if aim else \
        (-(sum(range(1, max(block) + 1)) / max(block)) if block else 0)
    need = getattr(d, p.vs) - bonus - extra
    single = Fraction(min(19, max(1, 21 - int(need) if need == int(need) else 21 - int(need))), 20)
    hit = float(1 - (1 - single) ** 2 if net > 0 else single ** 2 if net < 0 else single)
    crit = 0.05
    avg = _average(c, p)
    expected = (hit * avg + crit * avg) * p.attacks
    drop = hit if avg * p.attacks >= d.hp + d.temp_hp else 0.0
    return Forecast(hit, crit, expected, drop)


def _average(c: Creature, p: Any) -> float:
    import re
    n = numbers(c)
    m = re.fullmatch(r"(\d*)(Q|P)?\(?d(\d+)\)?((?:[+-](?:\d+|[A-Z]+))*)", p.damage.replace(" ", ""))
    count = int(m.group(1) or 1) * (n[m.group(2)] if m.group(2) else 1)
    avg = count * (int(m.group(3)) + 1) / 2
    for sign, term in re.findall(r"([+-])(\d+|[A-Z]+)", m.group(4) or ""):
        v = int(term) if term.isdigit() else (c.mod(term) if term in c.scores else n[term])
        avg += v if sign == "+" else -v
    return avg
