"""Damage listings and die-size ladders for rpgstuck (RS-16..25, B-03..05, B-31, AMB-05/06).

Owns: reading a listing such as "2Qd6+DEX", "Q(d6)+INT", "1d10+3" or "P" into a frozen
`Listing`; moving it a net number of die-size steps along the base listing's own ladder
(L1/L2/L3), with the flats that replace steps past the top (+2P or +Level each) or below the
bottom (-P each); turning the result into concrete dice for one creature's numbers (P, Q, Level
in `Numbers`); and rolling those dice on the match's generator, with damage advantage (RS-25).

Must not: know about creatures, maps or the match; add anything that is not part of the base
roll (Assail, riders, percentages, Aegis belong to damage.py, RS-24); roll with any generator but
the one it is given.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, Sequence

from game.engine.dice import Roll
from game.engine.rng import Rng

from .limits import pc_tier

Unit = Literal["Q", "P", "1"]
Overflow = Literal["2P", "level"]
LadderUnderflow = Literal["minus_p", "floor"]
FlatDown = Literal["minus_one", "none"]
STATS: tuple[str, ...] = ("STR", "DEX", "CON", "INT", "WIS", "CHA")

# RS-17: one die per Q, doubling the dice after d12. Entries are (dice per unit, die).
L1: tuple[tuple[int, int], ...] = ((1, 2), (1, 3), (1, 4), (1, 6), (1, 8), (1, 10), (1, 12),
                                   (2, 8), (2, 10), (2, 12))
# RS-18: two dice per Q whose die is not on L1 (2Qd4, 2Qd6 ...).
L2: tuple[tuple[int, int], ...] = tuple((2, d) for d in (2, 3, 4, 6, 8, 10, 12))
# RS-19: three dice per Q.
L3: tuple[tuple[int, int], ...] = tuple((3, d) for d in (2, 3, 4, 6, 8, 10, 12))
LADDERS: dict[str, tuple[tuple[int, int], ...]] = {"L1": L1, "L2": L2, "L3": L3}

_DICE = re.compile(r"^(\d*)\s*([QP]?)\s*(?:\(\s*d(\d+)\s*\)|d(\d+))$")
_FLAT_UNIT = re.compile(r"^(\d*)\s*([QP])$")
_TERM = re.compile(r"\s*([+-])\s*([^+-]+)")


@dataclass(frozen=True, slots=True)
class Listing:
    """One damage listing as written.

    `per` is the dice per unit (the 2 of "2Qd6"; for a literal "2d8+3" the dice count) or, for a
    flat listing ("P", "2Q"), the number of units; `unit` is "Q", "P" or "1" (a literal count);
    `die` is the die's sides, 0 for a flat listing; `stat` the ability whose modifier is added;
    `flat` the sum of plain numbers ("+3").
    """

    text: str
    per: int
    unit: Unit
    die: int
    stat: str | None = None
    flat: int = 0

    @property
    def is_flat(self) -> bool:
        return self.die == 0

    @property
    def ladder(self) -> str | None:
        """The ladder this listing moves on (RS-17..19), None if it is on none (e.g. "4d6")."""
        if self.is_flat:
            return None
        if (self.per, self.die) in L1:
            return "L1"
        if self.per == 2 and (2, self.die) in L2:
            return "L2"
        if self.per == 3 and (3, self.die) in L3:
            return "L3"
        return None


def parse(text: str) -> Listing:
    """Read a listing; a malformed one raises ValueError naming the text."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"empty damage listing: {text!r}")
    body = text.strip()
    sign_at = [i for i, ch in enumerate(body) if ch in "+-" and i > 0]
    head = body[:sign_at[0]] if sign_at else body
    rest = body[len(head):]
    head = head.strip()
    m = _DICE.match(head)
    if m:
        count, unit, die_a, die_b = m.groups()
        per = int(count) if count else 1
        die = int(die_a or die_b)
        unit_v: Unit = unit if unit else "1"  # type: ignore[assignment]
        if die < 2:
            raise ValueError(f"damage listing {text!r}: a die needs two or more sides")
    else:
        f = _FLAT_UNIT.match(head)
        if not f:
            raise ValueError(f"damage listing {text!r}: {head!r} is neither dice nor P/Q")
        per = int(f.group(1)) if f.group(1) else 1
        unit_v = f.group(2)  # type: ignore[assignment]
        die = 0
    if per < 1:
        raise ValueError(f"damage listing {text!r}: needs at least one die or unit")
    stat: str | None = None
    flat = 0
    pos = 0
    while pos < len(rest):
        t = _TERM.match(rest, pos)
        if not t:
            raise ValueError(f"damage listing {text!r}: cannot read {rest[pos:]!r}")
        sign, word = t.group(1), t.group(2).strip()
        pos = t.end()
        if word.isdigit():
            flat += int(word) * (1 if sign == "+" else -1)
        elif word.upper() in STATS and word == word.upper():
            if stat is not None or sign != "+":
                raise ValueError(f"damage listing {text!r}: one added stat modifier at most")
            stat = word
        else:
            raise ValueError(f"damage listing {text!r}: unknown term {word!r}")
    return Listing(text=text, per=per, unit=unit_v, die=die, stat=stat, flat=flat)


@dataclass(frozen=True, slots=True)
class Numbers:
    """The numbers a listing reads: P, Q and Level (B-03..05)."""

    p: int
    q: int
    level: int

    def unit(self, unit: Unit) -> int:
        return self.p if unit == "P" else self.q if unit == "Q" else 1


def pc_numbers(level: int) -> Numbers:
    """B-03/04: P = Tier + 1, Q = Tier (at least 1), with the tier of B-02."""
    tier = pc_tier(level)
    return Numbers(p=tier + 1, q=max(1, tier), level=level)


def monster_numbers(tier: int, *, t0_as_one: bool = True) -> Numbers:
    """B-05: a monster's P is T (at least 1 for T0 unless the table turns `t0_as_one` off),
    its Level for ladder overflow is 4T; Q, which monster listings rarely use, follows P."""
    if not 0 <= tier <= 4:
        raise ValueError(f"monster tier {tier} is outside 0..4")
    t = max(1, tier) if t0_as_one else tier
    return Numbers(p=t, q=t, level=4 * tier)


@dataclass(frozen=True, slots=True)
class Sized:
    """A listing after a net number of die steps, still symbolic (RS-20).

    Dice listings: `per`/`die` are the ladder entry reached; `over` counts steps past the top
    (each becomes +2P or +Level), `under` steps below the bottom (each -P, RS-22/AMB-05).
    Flat listings: `per` is the new number of units (never below 0, AMB-06), `die` stays 0.
    """

    base: Listing
    steps: int
    per: int
    die: int
    over: int = 0
    under: int = 0

    def text(self, overflow: Sequence[Overflow] | None = None) -> str:
        """The listing as a player would write it, e.g. "2Qd12+STR+2P" or "Qd2+DEX-P"."""
        b = self.base
        u = "" if b.unit == "1" else b.unit
        if b.is_flat:
            out = f"{self.per if self.per != 1 else ''}{u}" if self.per else "0"
        elif b.unit == "1":
            out = f"{self.per}d{self.die}"
        else:
            out = f"{self.per if self.per != 1 else ''}{u}d{self.die}"
        if b.stat:
            out += f"+{b.stat}"
        if b.flat:
            out += f"{'+' if b.flat > 0 else '-'}{abs(b.flat)}"
        if self.over:
            picks = list(overflow) if overflow is not None else ["2P"] * self.over
            out += "".join("+2P" if c == "2P" else "+Level" for c in picks)
        if self.under:
            out += "-P" if self.under == 1 else f"-{self.under}P"
        return out


def resize(listing: Listing, steps: int, *, ladder_underflow: LadderUnderflow = "minus_p",
           flat_down: FlatDown = "minus_one") -> Sized:
    """Move `listing` by the NET number of die steps (RS-20: add every increase, subtract
    every decrease, then move from the base listing's place on its own ladder).

    AMB-05 `ladder_underflow`: below 2d2/3d2 each step is -P like L1 ("minus_p", default) or
    the listing stays at the bottom ("floor"). AMB-06 `flat_down`: a step down on a flat P/Q
    listing removes one unit, never below 0 ("minus_one", default) or does nothing ("none")."""
    if ladder_underflow not in ("minus_p", "floor"):
        raise ValueError(f"unknown ladder_underflow {ladder_underflow!r}")
    if flat_down not in ("minus_one", "none"):
        raise ValueError(f"unknown flat_down {flat_down!r}")
    if listing.is_flat:
        # RS-23: each step up adds another unit.
        if steps < 0 and flat_down == "none":
            return Sized(listing, steps, listing.per, 0)
        return Sized(listing, steps, max(0, listing.per + steps), 0)
    name = listing.ladder
    if name is None:
        if steps == 0:
            return Sized(listing, 0, listing.per, listing.die)
        raise ValueError(f"damage listing {listing.text!r} is on no die-size ladder")
    ladder = LADDERS[name]
    at = ladder.index((listing.per, listing.die)) + steps
    over = max(0, at - (len(ladder) - 1))   # RS-21
    under = max(0, -at)                     # RS-22, AMB-05 on L2/L3
    if name != "L1" and ladder_underflow == "floor":
        under = 0
    per, die = ladder[min(max(at, 0), len(ladder) - 1)]
    return Sized(listing, steps, per, die, over, under)


def overflow_value(choice: Overflow, numbers: Numbers) -> int:
    return 2 * numbers.p if choice == "2P" else numbers.level


def auto_overflow(numbers: Numbers) -> Overflow:
    """B-31/SM-18: the automatic choice is the larger of +2P and +Level (2P on a tie)."""
    return "2P" if 2 * numbers.p >= numbers.level else "level"


@dataclass(frozen=True, slots=True)
class DamageDice:
    """Concrete base damage: `count` dice of `die` sides (0 dice for flat listings) plus the
    labelled flat terms (stat modifier, listed flats, ladder overflow/underflow, flat P/Q)."""

    count: int
    die: int
    flats: tuple[tuple[str, int], ...]
    notation: str

    @property
    def flat(self) -> int:
        return sum(v for _, v in self.flats)


def resolve(listing: Listing | Sized | str, numbers: Numbers, *, steps: int = 0,
            stat_mod: int = 0, overflow: Sequence[Overflow] | None = None,
            ladder_underflow: LadderUnderflow = "minus_p",
            flat_down: FlatDown = "minus_one") -> DamageDice:
    """Concrete dice for one creature. `steps` moves the base listing (ignored when a `Sized` is
    given; `ladder_underflow` and `flat_down` are `resize`'s house options); `stat_mod` is the
    modifier of the listing's stat (pass 0 if it names none); `overflow` is one choice per
    step past the ladder top (default: the automatic choice, B-31/SM-18)."""
    if isinstance(listing, str):
        listing = parse(listing)
    sized = listing if isinstance(listing, Sized) else resize(
        listing, steps, ladder_underflow=ladder_underflow, flat_down=flat_down)
    b = sized.base
    flats: list[tuple[str, int]] = []
    if b.is_flat:
        count, die = 0, 0
        flats.append((f"{sized.per}{b.unit}", sized.per * numbers.unit(b.unit)))
    else:
        count, die = sized.per * numbers.unit(b.unit), sized.die
    if b.stat:
        flats.append((b.stat, stat_mod))
    if b.flat:
        flats.append(("flat", b.flat))
    if sized.over:
        picks = list(overflow) if overflow is not None else [auto_overflow(numbers)] * sized.over
        if len(picks) != sized.over:
            raise ValueError(f"{sized.over} overflow step(s) need as many choices, got {picks}")
        for c in picks:
            flats.append(("+2P" if c == "2P" else "+Level", overflow_value(c, numbers)))
    for _ in range(sized.under):
        flats.append(("-P", -numbers.p))
    notation = f"{count}d{die}" if count else "0"
    return DamageDice(count, die, tuple(flats), notation)


def roll_damage(rng: Rng, dice: DamageDice, *, advantage: bool = False,
                purpose: str = "damage") -> Roll:
    """Roll the base damage (B-30 step 1). RS-25: with damage advantage roll twice the dice and
    keep the highest `count`; any number of advantage sources is one doubling; flats are not
    doubled. `faces` holds every die rolled in order; the total may be negative here (the
    damage pipeline floors it after Assail and Weakened, B-30 step 2)."""
    n = dice.count * (2 if advantage and dice.count else 1)
    faces = tuple(rng.randint(1, dice.die) for _ in range(n))
    kept = sorted(faces, reverse=True)[:dice.count]
    notation = dice.notation if not advantage or not dice.count else \
        f"{n}d{dice.die}kh{dice.count}"
    return Roll(purpose, notation, faces, dice.flats, sum(kept) + dice.flat)


def kept_faces(roll: Roll, count: int) -> tuple[int, ...]:
    """The faces a damage roll kept (all of them without advantage)."""
    return tuple(sorted(roll.faces, reverse=True)[:count])
