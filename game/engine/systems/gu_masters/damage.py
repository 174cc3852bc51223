"""Damage arithmetic of gu_masters: damage types and ranks, the damage pipeline from an amount to
hit points, instant death, the injury threshold, healing against bleeding, soul damage, and the
strength-based numbers of weapon attacks, punches, kicks and bites (GU-51, GU-54..58,
GU-93..109, GU-120, GU-139/141, GU-X-07/09, GU-GM-14/15/16/30).

Owns: the records `Hit` (one damage instance: amount, type, source rank, keywords),
`Shield`, `Reduction`, `Affinity`, `Defender` (the defender's numbers, not a creature), and
`DamageResult` (what each stage took, for the log), and the pure functions that fill them.

The pipeline (GU-X core, GU-GM-14): amount -> [Shield] points -> flat reduction by rank
(GU-101/102) -> poison cut of floor(Fortitude/10) (GU-96) -> vulnerable / resistant /
invulnerable by rank (GU-103..107, GU-GM-30) -> hit points, not below 0 (GU-93).

Must not: read creatures, statuses or the match, roll dice, or decide what happens at 0 HP
(`dying` does; this module only reports that the creature dropped or died outright).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

# GU-95: the damage types. "Direct" is not a type of its own here: the document lets direct
# damage be of any type, so it is the `direct` flag of a Hit; "none" is untyped damage (GU-139).
DAMAGE_TYPES: tuple[str, ...] = ("force", "rending", "cold", "heat", "poison", "shock", "sonic",
                                 "none")
AFFINITY_LEVELS: tuple[str, ...] = ("vulnerable", "resistant", "invulnerable")
NATURAL_FIRE_RANK = 1      # GU-137: Ablaze/Burning from natural fire count as rank 1
DEATH_MEASURES: tuple[str, ...] = ("after_reductions", "before_reductions")   # GU-GM-15


def _check_type(kind: str) -> str:
    if kind not in DAMAGE_TYPES:
        raise ValueError(f"unknown damage type {kind!r}; expected one of {DAMAGE_TYPES}")
    return kind


@dataclass(frozen=True, slots=True)
class Hit:
    """One damage instance from one source (GU-109 counts per source).

    `rank` is the rank of the Gu (or condition, GU-137) dealing it; 0 for a source that is not
    a Gu (a fist, a sword, a fall), which never out-ranks a reducer. `direct` (GU-98) skips
    every [Shield]; `touch` (GU-160) and sonic (GU-97) skip shields that do not say they stop
    them; `reducible` False is damage no Gu may reduce (bleeding, GU-139)."""

    amount: int
    type: str = "force"
    rank: int = 0
    direct: bool = False
    touch: bool = False
    reducible: bool = True
    source: str = ""

    def __post_init__(self) -> None:
        _check_type(self.type)
        if self.amount < 0 or self.rank < 0:
            raise ValueError(f"damage {self.amount} of rank {self.rank} cannot be negative")


@dataclass(frozen=True, slots=True)
class Shield:
    """Shield points from one active [Shield] Gu (GU-X-09), and which damage it may take."""

    name: str
    points: int
    stops_touch: bool = False
    stops_sonic: bool = False


@dataclass(frozen=True, slots=True)
class Reduction:
    """Flat damage reduction from one source (GU-101/102). `rank` None is a reduction that is
    not granted by a Gu (a hide), which no rank overcomes. `types` empty means every type;
    `vs_direct` False for reductions that name only non-direct damage."""

    name: str
    amount: int
    rank: int | None = None
    types: frozenset[str] = frozenset()
    vs_direct: bool = True

    def applies(self, hit: Hit) -> bool:
        return (hit.reducible and (not self.types or hit.type in self.types)
                and (self.vs_direct or not hit.direct))


@dataclass(frozen=True, slots=True)
class Affinity:
    """Vulnerable, resistant or invulnerable to one damage type (GU-103..105). `rank` is the
    rank of the Gu granting it; None when natural (never weakened by rank, GU-T-25)."""

    type: str
    level: str
    rank: int | None = None
    name: str = ""

    def __post_init__(self) -> None:
        _check_type(self.type)
        if self.level not in AFFINITY_LEVELS:
            raise ValueError(f"unknown affinity {self.level!r}; expected one of {AFFINITY_LEVELS}")

    def against(self, source_rank: int) -> str | None:
        """GU-106/107: a Gu-granted invulnerability facing a higher-rank source is only a
        resistance, and a Gu-granted resistance is nothing. Vulnerability never weakens."""
        if self.rank is None or source_rank <= self.rank or self.level == "vulnerable":
            return self.level
        return "resistant" if self.level == "invulnerable" else None


@dataclass(frozen=True, slots=True)
class Defender:
    """The numbers of the creature taking damage that the pipeline needs."""

    hp: int
    max_hp: int
    fortitude: int = 0
    shields: tuple[Shield, ...] = ()
    reductions: tuple[Reduction, ...] = ()
    affinities: tuple[Affinity, ...] = ()


@dataclass(frozen=True, slots=True)
class Stage:
    """One step of the pipeline for the log: the step, the damage before and after it, and why
    (which shield, reducer or affinity acted)."""

    step: str
    before: int
    after: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class DamageResult:
    """What one damage instance did. `dealt` is the damage reaching hit points after every
    reduction and before the 0 clamp (GU-GM-15/16 measure there); `hp_lost` what HP actually
    fell by. `shields` are the defender's shields afterwards (spent points removed)."""

    hit: Hit
    stages: tuple[Stage, ...]
    absorbed: tuple[tuple[str, int], ...]
    shields: tuple[Shield, ...]
    dealt: int
    hp_before: int
    hp_after: int
    instant_death: bool
    dropped: bool
    injury_threshold: bool

    @property
    def hp_lost(self) -> int:
        return self.hp_before - self.hp_after

    def text(self) -> str:
        """'12 rending: Stone Shell -12 -> 0' style summary of the stages that changed it."""
        parts = [f"{self.hit.amount} {self.hit.type if self.hit.type != 'none' else 'untyped'}"
                 f"{' direct' if self.hit.direct else ''}"]
        for s in self.stages:
            if s.before != s.after:
                parts.append(f"{s.note or s.step} {s.after - s.before:+d} -> {s.after}")
        return ", ".join(parts)


def flat_reduce(amount: int, reduction: int, source_rank: int, reducer_rank: int | None) -> int:
    """GU-101/102: a flat reduction may take damage to 0 unless the source out-ranks the reducer;
    then it stops at 1 (only if there was at least 1 to begin with)."""
    if reduction < 0:
        raise ValueError("a reduction cannot be negative")
    left = amount - reduction
    outranked = reducer_rank is not None and source_rank > reducer_rank
    floor = min(1, amount) if outranked else 0
    return max(floor, left)


def poison_cut(fortitude: int) -> int:
    """GU-96: poison damage to HP is reduced by 10% of Fortitude, rounded down."""
    return max(0, fortitude // 10)


def affinity_level(affinities: tuple[Affinity, ...] | list[Affinity], kind: str,
                   source_rank: int) -> str | None:
    """The one level that applies to damage of `kind` from a source of `source_rank`
    (GU-103..107): invulnerable wins; resistant and vulnerable together cancel (GU-GM-30)."""
    levels = {a.against(source_rank) for a in affinities if a.type == kind}
    if "invulnerable" in levels:
        return "invulnerable"
    res, vul = "resistant" in levels, "vulnerable" in levels
    if res and vul:
        return None
    return "resistant" if res else "vulnerable" if vul else None


def scale(amount: int, level: str | None) -> int:
    """GU-103/104/105: vulnerable x2, resistant halved rounding down, invulnerable 0."""
    if level == "vulnerable":
        return amount * 2
    if level == "resistant":
        return amount // 2
    if level == "invulnerable":
        return 0
    return amount


def injury_threshold(max_hp: int) -> int:
    """GU-120: half the maximum HP, rounded down (at least 1, so a scratch is never an injury)."""
    return max(1, max_hp // 2)


def take(hit: Hit, defender: Defender, *,
         instant_death_measure: str = "after_reductions") -> DamageResult:
    """Run one damage instance through the pipeline (GU-X core damage_pipeline, GU-GM-14).

    Instant death (GU-109): `dealt` >= 2 x max HP (GU-GM-15 default measures after reductions,
    before the clamp; "before_reductions" measures the amount as rolled). Dropping to 0 HP
    otherwise calls for the Perseverance test (GU-94), which `dying` resolves."""
    if instant_death_measure not in DEATH_MEASURES:
        raise ValueError(f"unknown instant-death measure {instant_death_measure!r}")
    stages: list[Stage] = []
    amount = hit.amount
    absorbed: list[tuple[str, int]] = []
    shields: list[Shield] = []
    # Shields first (GU-X-09): never direct damage (GU-98); touch and sonic only when the Gu
    # says so (GU-160, GU-97).
    for shield in defender.shields:
        usable = (not hit.direct and (not hit.touch or shield.stops_touch)
                  and (hit.type != "sonic" or shield.stops_sonic))
        took = min(amount, shield.points) if usable else 0
        if took:
            absorbed.append((shield.name, took))
            stages.append(Stage("shield", amount, amount - took, shield.name))
            amount -= took
        shields.append(replace(shield, points=shield.points - took))
    # Flat reductions (GU-101/102). Reducers the source out-ranks act first (they stop at 1),
    # then the rest, which may finish the damage off: each reducer does what its rank allows.
    applying = [r for r in defender.reductions if r.applies(hit)]
    applying.sort(key=lambda r: 0 if r.rank is not None and hit.rank > r.rank else 1)
    for red in applying:
        after = flat_reduce(amount, red.amount, hit.rank, red.rank)
        if after != amount:
            stages.append(Stage("reduction", amount, after, red.name))
        amount = after
    # Poison (GU-96).
    if hit.type == "poison" and amount:
        after = max(0, amount - poison_cut(defender.fortitude))
        stages.append(Stage("fortitude", amount, after, "Fortitude"))
        amount = after
    # Vulnerability, resistance, invulnerability (GU-103..107, GU-GM-30). Untyped damage has
    # none; bleeding cannot be reduced by Gu but a natural vulnerability would still not apply
    # to it, since it has no type.
    if hit.type != "none":
        level = affinity_level(defender.affinities, hit.type, hit.rank)
        if level is not None:
            after = scale(amount, level)
            stages.append(Stage(level, amount, after, level))
            amount = after
    dealt = amount
    measured = dealt if instant_death_measure == "after_reductions" else hit.amount
    instant = measured >= 2 * defender.max_hp and dealt > 0
    hp_after = 0 if instant else max(0, defender.hp - dealt)
    stages.append(Stage("hit points", defender.hp, hp_after))
    dropped = defender.hp > 0 and hp_after == 0 and not instant
    return DamageResult(hit, tuple(stages), tuple(absorbed), tuple(shields), dealt, defender.hp,
                        hp_after, instant, dropped,
                        dealt >= injury_threshold(defender.max_hp))


# --- healing, soul ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Healing:
    """What healing did: HP before/after, HP actually regained, Bleeding stacks before/after."""

    hp_before: int
    hp_after: int
    gained: int
    bleeding_before: int
    bleeding_after: int


def bleeding_left(stacks: int, gained: int) -> int:
    """GU-141: each HP regained removes one Bleeding stack."""
    return max(0, stacks - max(0, gained))


def heal(hp: int, max_hp: int, amount: int, bleeding: int = 0) -> Healing:
    """Regain HP up to the maximum; every HP regained removes one Bleeding stack, the healing
    itself is not reduced (GU-141)."""
    if amount < 0:
        raise ValueError("healing cannot be negative")
    after = min(max_hp, hp + amount)
    gained = max(0, after - hp)
    return Healing(hp, max(hp, after), gained, bleeding, bleeding_left(bleeding, gained))


def soul_damage(soul: int, amount: int) -> int:
    """GU-100: soul damage lowers current soul only (not below 0); HP is untouched."""
    if amount < 0:
        raise ValueError("soul damage cannot be negative")
    return max(0, soul - amount)


# --- strength-based attack numbers -------------------------------------------------------

def weapon_damage(base: int, strength: int) -> int:
    """GU-51: weapon damage + floor(Strength/20)."""
    return base + strength // 20


def punch_damage(strength: int) -> int:
    """GU-54: 1 + floor(Strength/10) force."""
    return 1 + strength // 10


def punch_recoil(punch: int, recoil_cut: int = 0) -> int:
    """GU-55: floor(punch damage before any reduction / 5), direct force to the puncher; some
    Gu lower it (`recoil_cut`, content such as Metal Skin), never below 0."""
    return max(0, punch // 5 - recoil_cut)


def kick_damage(strength: int) -> int:
    """GU-56: 1 + floor(Strength/5) force."""
    return 1 + strength // 5


def kick_knockback(strength: int) -> int:
    """GU-57: a kicked target (Large or smaller; the caller checks size) flies
    max(1, floor(Strength/100)) m and lands prone."""
    return max(1, strength // 100)


def bite_damage(strength: int) -> int:
    """GU-58: 2 + floor(Strength/5) rending."""
    return 2 + strength // 5


def bite_bleeding(rending_to_hp: int) -> int:
    """GU-58: Bleeding floor(20% of the rending damage that reached HP) (may be 0)."""
    return max(0, rending_to_hp) // 5

