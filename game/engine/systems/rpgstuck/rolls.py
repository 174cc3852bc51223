"""The d20 side of rpgstuck: advantage, Aim/Block dice, attack totals, hits, crits, called-shot
numbers, horde hits and skill checks (B-06, B-08, B-10, RS-26..35, RS-40..47, RS-81/82,
AMB-02/03/11/17/21/23, SM-07).

Owns: rolling the d20 with net advantage and the Aim/Block dice on the match's generator
(forced results are taken in the order d20s, then Aim/Block dice), and the pure arithmetic that
turns faces into a total, a hit, a crit and a number of horde hits. Every roll returns a record
holding a `dice.Roll` the engine can put in a DiceRolled event.

Must not: read creatures, maps or the match; decide which sources grant advantage or dice (the
engine gathers them); use any generator but the one it is given.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Sequence

from game.engine.dice import Roll
from game.engine.rng import Rng

Pairing = Literal["largest", "smallest", "given"]
CoverAs = Literal["malus", "defense"]
DefenseKind = Literal["AC", "Reflex", "Will"]
AimBlockFloor = Literal["magnitude", "literal"]
OpposedTie = Literal["status_quo", "reroll"]

STACK_STEP = 4                    # B-10: each net advantage past the first is worth 4
AB_LADDER: tuple[int, ...] = (2, 3, 4, 6, 8, 10)   # RS-29: Aim/Block dice sizes, floor d2, cap d10
COVER_MALUS: dict[str, int] = {"none": 0, "half": 2, "three_quarters": 4}   # RS-112/113


# --- d20 with net advantage (B-10, RS-32, RS-42) -----------------------------------------------

def net_advantage(advantages: int, disadvantages: int) -> int:
    """B-10: net = number of advantages minus number of disadvantages (they stack)."""
    if advantages < 0 or disadvantages < 0:
        raise ValueError("advantage counts cannot be negative")
    return advantages - disadvantages


def stack_term(net: int) -> int:
    """B-10/RS-32: the untouchable +-4 per net step beyond the first."""
    return STACK_STEP * (abs(net) - 1) * (1 if net > 0 else -1) if net else 0


@dataclass(frozen=True, slots=True)
class D20:
    """A d20 rolled with net advantage: the faces, the kept one (the natural, RS-42) and the
    stacking term. `roll` is the record for the log (total = natural + stack)."""

    net: int
    faces: tuple[int, ...]
    natural: int
    stack: int
    roll: Roll


def keep(faces: Sequence[int], net: int) -> int:
    """The kept face: the higher with advantage, the lower with disadvantage."""
    if net > 0:
        return max(faces)
    if net < 0:
        return min(faces)
    return faces[0]


def roll_d20(rng: Rng, net: int = 0, purpose: str = "attack") -> D20:
    """Roll 1d20 (net 0) or 2d20 keeping the higher/lower (B-10)."""
    faces = tuple(rng.randint(1, 20) for _ in range(2 if net else 1))
    natural = keep(faces, net)
    stack = stack_term(net)
    notation = "d20" if not net else ("2d20kh1" if net > 0 else "2d20kl1")
    mods = (("advantage stack", stack),) if stack else ()
    return D20(net, faces, natural, stack, Roll(purpose, notation, faces, mods, natural + stack))


# --- Aim and Block dice (RS-26..29, AMB-02, AMB-03) --------------------------------------------

@dataclass(frozen=True, slots=True)
class ABDie:
    """One Aim or Block die: its base size and the net steps applied to it (RS-29)."""

    base: int
    steps: int = 0

    def __post_init__(self) -> None:
        if self.base not in AB_LADDER:
            raise ValueError(f"Aim/Block die d{self.base} is not one of {AB_LADDER}")

    @property
    def sides(self) -> int:
        at = AB_LADDER.index(self.base) + self.steps
        return AB_LADDER[min(max(at, 0), len(AB_LADDER) - 1)]

    @property
    def adjust(self) -> int:
        """+1 per step past d10, -1 per step below d2, on the die's magnitude (AMB-03)."""
        at = AB_LADDER.index(self.base) + self.steps
        if at > len(AB_LADDER) - 1:
            return at - (len(AB_LADDER) - 1)
        return at if at < 0 else 0

    def magnitude(self, face: int) -> int:
        """AMB-03 default: the adjusted result never goes below 0."""
        return max(0, face + self.adjust)

    def key(self) -> tuple[int, int]:
        return (self.sides, self.adjust)

    def label(self) -> str:
        adj = f"{'+' if self.adjust > 0 else ''}{self.adjust}" if self.adjust else ""
        return f"d{self.sides}{adj}"


def cancel(aim: Sequence[ABDie], block: Sequence[ABDie], *,
           pairing: Pairing = "largest") -> tuple[str, tuple[ABDie, ...]]:
    """RS-27: remove one Aim and one Block die together until one kind (or none) is left.
    AMB-02 `pairing`: "largest" (default) removes the largest of each kind every time,
    "smallest" the smallest, "given" the first ones of each list as given (the owner's choice,
    asked by the engine). Returns ("aim" | "block" | "none", the surviving dice)."""
    if pairing not in ("largest", "smallest", "given"):
        raise ValueError(f"unknown Aim/Block pairing {pairing!r}")
    n = min(len(aim), len(block))

    def survivors(dice: Sequence[ABDie]) -> tuple[ABDie, ...]:
        # Drop the n dice that pair off; the rest keep the order they were given in, which is
        # the order they are rolled in (and forced in tests).
        if pairing == "given":
            return tuple(dice[n:])
        order = sorted(range(len(dice)), key=lambda i: dice[i].key(),
                       reverse=pairing == "largest")
        gone = set(order[:n])
        return tuple(d for i, d in enumerate(dice) if i not in gone)

    a, b = survivors(aim), survivors(block)
    if a:
        return "aim", a
    if b:
        return "block", b
    return "none", ()


@dataclass(frozen=True, slots=True)
class AimBlock:
    """The Aim/Block dice of one attack roll: which kind survived, the dice rolled, each face,
    and the signed value added to the attack total (RS-28)."""

    kind: str
    dice: tuple[ABDie, ...]
    faces: tuple[int, ...]
    value: int
    roll: Roll | None


def ab_value(kind: str, dice: Sequence[ABDie], faces: Sequence[int], *,
             aimblock_floor: AimBlockFloor = "magnitude") -> int:
    """RS-28: only the single highest result counts: + for Aim, - for Block.

    AMB-03 `aimblock_floor`: "magnitude" (default) puts the +-1 per step past d10/below d2 on
    the die's own size, never below 0; "literal" reads the text as written: the die counts its
    face, and the roll itself gains 1 per step past d10 and loses 1 per step below d2, whoever
    owns the die (the highest face is the die used; on equal faces the owner's better one)."""
    if kind == "none" or not dice:
        return 0
    sign = 1 if kind == "aim" else -1
    if aimblock_floor == "magnitude":
        return sign * max(d.magnitude(f) for d, f in zip(dice, faces))
    if aimblock_floor == "literal":
        # What each die does to the roll: its signed face plus its literal step adjustment.
        effects = [(f, sign * f + d.adjust) for d, f in zip(dice, faces)]
        _face, effect = max(effects, key=lambda fe: (fe[0], sign * fe[1]))
        return effect
    raise ValueError(f"unknown aimblock_floor {aimblock_floor!r}")


def roll_aim_block(rng: Rng, aim: Sequence[ABDie], block: Sequence[ABDie], *,
                   pairing: Pairing = "largest", aimblock_floor: AimBlockFloor = "magnitude",
                   purpose: str = "aim/block") -> AimBlock:
    """Cancel (RS-27), then roll every surviving die and keep the best (RS-28)."""
    kind, dice = cancel(aim, block, pairing=pairing)
    faces = tuple(rng.randint(1, d.sides) for d in dice)
    value = ab_value(kind, dice, faces, aimblock_floor=aimblock_floor)
    record = None
    if dice:
        record = Roll(purpose, f"{kind} " + ",".join(d.label() for d in dice) + " best",
                      faces, (), value)
    return AimBlock(kind, dice, faces, value, record)


# --- the attack total and its outcome (B-06, RS-31..35, RS-40/41, AMB-11/17/23) ----------------

@dataclass(frozen=True, slots=True)
class AttackTotal:
    """The attack total against one target and the defense it is compared with; `terms` are
    the labelled parts of the total after the d20 (for the log and the forecast)."""

    total: int
    defense: int
    terms: tuple[tuple[str, int], ...]


def attack_total(natural: int, to_hit: int, defense: int, *,
                 hit_terms: Sequence[tuple[str, int]] = (), aim_block: int = 0,
                 stack: int = 0, cover: int = 0, defense_kind: DefenseKind = "AC",
                 ignore_maluses: bool = False, ignore_bonuses: bool = False,
                 cover_as: CoverAs = "malus", aimblock_as_bonus: bool = False) -> AttackTotal:
    """B-06: d20 (kept) + to-hit (stat mod and P, or a monster's listed number) + hit bonuses
    and maluses + the Aim/Block value + the stacking term, against `defense` (already raised
    by a called shot's Y, RS-45).

    `hit_terms` are signed: positive ones are hit bonuses, negative ones maluses (RS-31).
    `cover` is the cover's size (2 half, 4 three-quarters) and only touches AC and Reflex
    (RS-112..114); AMB-17 `cover_as="malus"` (default) takes it off the roll as a malus,
    "defense" adds it to the defense instead. AMB-23 `aimblock_as_bonus=False` (default) keeps
    Aim/Block outside the bonus/malus categories, so ignoring maluses keeps a Block die.
    The stacking term is never ignored (RS-32)."""
    terms: list[tuple[str, int]] = [("to hit", to_hit)]
    for label, v in hit_terms:
        if (v < 0 and ignore_maluses) or (v > 0 and ignore_bonuses):
            continue
        terms.append((label, v))
    if cover and defense_kind != "Will":
        if cover_as == "malus":
            if not ignore_maluses:
                terms.append(("cover", -cover))
        elif cover_as == "defense":
            defense += cover
        else:
            raise ValueError(f"unknown cover_as {cover_as!r}")
    if aim_block:
        dropped = aimblock_as_bonus and ((aim_block < 0 and ignore_maluses)
                                         or (aim_block > 0 and ignore_bonuses))
        if not dropped:
            terms.append(("aim" if aim_block > 0 else "block", aim_block))
    if stack:
        terms.append(("advantage stack", stack))
    return AttackTotal(natural + sum(v for _, v in terms), defense, tuple(terms))


def crit_threshold(crit_range: int) -> int:
    """RS-34/46: crit when the natural is at least 20 - range, never needing more than 20."""
    return min(20, 20 - crit_range)


def is_hit(natural: int, total: int, defense: int, *, nat1_can_hit: bool = False) -> bool:
    """RS-40/41: a natural 20 always hits, a natural 1 always misses (AMB-11: unless the
    ability explicitly says it may still hit, `nat1_can_hit`); otherwise total >= defense."""
    if natural == 20:
        return True
    if natural == 1 and not nat1_can_hit:
        return False
    return total >= defense


def is_crit(natural: int, hit: bool, crit_range: int = 0) -> bool:
    """RS-33..35/40/41: a hit whose natural reaches the threshold crits; a widened range still
    needs the hit (RS-35); a natural 1 never crits."""
    return hit and natural != 1 and natural >= crit_threshold(crit_range)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of one attack roll against one target: `hits` is 0 on a miss, 1 on a hit,
    more for a horde (RS-81)."""

    natural: int
    total: int
    defense: int
    hit: bool
    crit: bool
    hits: int


def outcome(natural: int, total: int, defense: int, *, crit_range: int = 0,
            horde: bool = False, nat1_can_hit: bool = False) -> Outcome:
    hit = is_hit(natural, total, defense, nat1_can_hit=nat1_can_hit)
    hits = (horde_hits(total, defense) if horde else 1) if hit else 0
    return Outcome(natural, total, defense, hit, is_crit(natural, hit, crit_range), hits)


# --- called shots (RS-45..47, RS-60/61) --------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CalledShot:
    """The defense and crit range an attack uses after naming a part with bonus `y`."""

    defense: int
    crit_range: int
    traded: bool


def trade_allowed(crit_range: int, y: int) -> bool:
    """RS-47: after the Y penalty, the remaining range must be at least Y to trade it away."""
    return crit_range - y >= y


def called_shot(defense: int, crit_range: int, y: int, *, trade: bool = False) -> CalledShot:
    """RS-45: +Y to the defense and -Y to crit range; RS-47: the optional trade spends Y more
    crit range to cancel the +Y (raises ValueError when the trade is not allowed)."""
    if y < 0:
        raise ValueError(f"a part's Y cannot be negative: {y}")
    if trade:
        if not trade_allowed(crit_range, y):
            raise ValueError(f"crit range {crit_range} cannot trade away Y {y} (RS-47)")
        return CalledShot(defense, crit_range - 2 * y, True)
    return CalledShot(defense + y, crit_range - y, False)


def called_shot_allowed(*, auto_hit: bool = False, area: bool = False,
                        effect_on_miss: bool = False, skill_check: bool = False) -> bool:
    """RS-49: no called shot with an attack that hits automatically, covers an area, does
    something even on a miss, or uses a skill check to hit."""
    return not (auto_hit or area or effect_on_miss or skill_check)


def copies_needed(copies: int, *, half_at: int | None = None) -> int:
    """RS-50/55: how many copies of a part one use must hit and affect for the part's effect.
    One, unless the part asks for half of its copies from `half_at` copies up (legs: 4)."""
    if half_at is not None and copies >= half_at:
        return -(-copies // 2)
    return 1


def secret_dc(creature_dc: int, *, artery: bool = False, artery_extra: int = 5) -> int:
    """RS-57/59, B-09, SM-10: a secret part is spotted against the creature's DC; the Artery
    against a higher DC (table option `artery_extra`, default +5)."""
    return creature_dc + (artery_extra if artery else 0)


# --- hordes (RS-81/82, RS-85..87) ---------------------------------------------------------------

def horde_area_hits(squares: int, *, single_square_medium: bool = False) -> int:
    """RS-85/87: an area (or "one attack per target in range") meets a horde once per 5 ft
    square of it inside; RS-86: a Medium horde on one square counts three times."""
    if single_square_medium and squares > 0:
        return 3
    return squares


def horde_hits(total: int, defense: int) -> int:
    """RS-81: one hit plus one per full 5 the total beats the defense (a natural 20 that is
    below the defense still lands one hit)."""
    return 1 + max(0, total - defense) // 5


def horde_strength(hp: int, max_hp: int) -> int:
    """RS-82: +10 above 2/3 of max HP, +5 at or below 2/3, +0 at or below 1/3 (in integers)."""
    if 3 * hp <= max_hp:
        return 0
    if 3 * hp <= 2 * max_hp:
        return 5
    return 10


# --- skill checks (B-08, AMB-21, SM-07, RS-43) -------------------------------------------------

@dataclass(frozen=True, slots=True)
class Check:
    """A skill check: the d20 record, its total, and whether it succeeded (for DC checks)."""

    d20: D20
    total: int
    success: bool | None


def check_total(natural: int, mod: int, *, proficient: bool = False, p: int = 0,
                stack: int = 0) -> int:
    """B-08: d20 + modifier, + P when proficient, + the stacking term."""
    return natural + mod + (p if proficient else 0) + stack


def passes_dc(natural: int, total: int, dc: int, *, nat_rules: bool = False) -> bool:
    """B-08: total >= DC. RS-43: natural 20/1 mean nothing on checks unless the table turns on
    SM-07 (`nat_rules`), then a 20 succeeds and a 1 fails."""
    if nat_rules and natural == 20:
        return True
    if nat_rules and natural == 1:
        return False
    return total >= dc


def roll_check(rng: Rng, mod: int, *, dc: int | None = None, net: int = 0,
               proficient: bool = False, p: int = 0, nat_rules: bool = False,
               purpose: str = "check") -> Check:
    d = roll_d20(rng, net, purpose)
    total = check_total(d.natural, mod, proficient=proficient, p=p, stack=d.stack)
    ok = None if dc is None else passes_dc(d.natural, total, dc, nat_rules=nat_rules)
    return Check(d, total, ok)


def opposed(changer_total: int, keeper_total: int, *, changer_natural: int = 0,
            keeper_natural: int = 0, nat_rules: bool = False,
            opposed_tie: OpposedTie = "status_quo") -> bool | None:
    """B-08/AMB-21: does the side trying to change things win? The status quo wins a tie:
    a grapple attempt or shove fails, an existing grapple holds, a held arm keeps its grip.
    With SM-07 `nat_rules`, a natural 1 of the changer or a natural 20 of the keeper keeps the
    status quo first, then a natural 20 of the changer or a natural 1 of the keeper changes it.
    AMB-21 option `opposed_tie="reroll"`: a tie returns None, and both sides roll again."""
    if nat_rules:
        if changer_natural == 1 or keeper_natural == 20:
            return False
        if changer_natural == 20 or keeper_natural == 1:
            return True
    if changer_total == keeper_total:
        if opposed_tie == "reroll":
            return None
        if opposed_tie != "status_quo":
            raise ValueError(f"unknown opposed_tie {opposed_tie!r}")
    return changer_total > keeper_total
