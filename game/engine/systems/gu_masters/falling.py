"""Falls, failed dives and held breath in gu_masters (GU-32..34, GU-40, GU-117..119, GU-GM-27).

Owns: the fall damage of a drop (3 force per meter above 2 m), the drop and damage of a failed
Dive, how far a creature that became airborne falls or drifts, and how long breath lasts, as
pure functions of numbers (meters, flying speed, Fortitude, turns).

Must not: read maps, altitudes or creatures (the engine measures heights and hands them in),
roll dice, or apply the damage (`damage.take` does, with the `Hit` made here).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine.systems.gu_masters.damage import Hit

SAFE_FALL_M = 2             # GU-117: falls of 2 m or less do no damage
FALL_PER_M = 3              # GU-117: 3 force damage per meter fallen
DIVE_HIT_PER_M = 4          # GU-34: 4 force damage per meter dropped when a dive fails
DIVE_MIN_ALTITUDE = 5       # GU-32: diving needs 5 m of altitude
FREE_FALL_M = 500           # GU-119: meters fallen at once, then at each end of its turn
TURNS_PER_MINUTE = 6        # GU-14: a turn is 10 s
FALL_MODES: tuple[str, ...] = ("total", "excess")               # GU-GM-27


def fall_damage(meters: int, *, fall_mode: str = "total") -> int:
    """GU-117: a fall of more than 2 m deals 3 force per meter; GU-GM-27 counts the whole fall
    ("total", the default) or only the meters beyond the first 2 ("excess")."""
    if fall_mode not in FALL_MODES:
        raise ValueError(f"unknown fall mode {fall_mode!r}; expected one of {FALL_MODES}")
    if meters < 0:
        raise ValueError("a fall cannot be negative")
    if meters <= SAFE_FALL_M:
        return 0
    counted = meters if fall_mode == "total" else meters - SAFE_FALL_M
    return FALL_PER_M * counted


def fall_hit(meters: int, *, fall_mode: str = "total") -> Hit | None:
    """The fall as a damage instance (force, from no Gu), or None when it does no damage."""
    amount = fall_damage(meters, fall_mode=fall_mode)
    return Hit(amount, "force", source="fall") if amount else None


def dive_allowed(altitude: int) -> bool:
    """GU-32: a Dive needs at least 5 m of altitude."""
    return altitude >= DIVE_MIN_ALTITUDE


@dataclass(frozen=True, slots=True)
class DiveReach:
    """GU-33: on a successful Dive, how far down and forward the diver may go."""

    down: int
    forward: int


def dive_reach(flying_speed: int, altitude: int) -> DiveReach:
    """GU-33: descend up to 3F m (no lower than the ground) and travel up to F m forward."""
    return DiveReach(min(3 * flying_speed, altitude), flying_speed)


@dataclass(frozen=True, slots=True)
class DiveFailure:
    """GU-34: a failed Dive drops the diver F m. `dropped` meters fallen, `altitude` left,
    `landed` if the ground came first (no longer airborne), `damage` 4 force per meter then."""

    dropped: int
    altitude: int
    landed: bool
    damage: int

    def hit(self) -> Hit | None:
        return Hit(self.damage, "force", source="dive") if self.damage else None


def dive_failure(flying_speed: int, altitude: int) -> DiveFailure:
    """GU-34: drop straight down F m; reaching the ground first hurts 4 per meter dropped."""
    if flying_speed < 0 or altitude < 0:
        raise ValueError("flying speed and altitude cannot be negative")
    if altitude <= flying_speed:
        return DiveFailure(altitude, 0, True, DIVE_HIT_PER_M * altitude)
    return DiveFailure(flying_speed, altitude - flying_speed, False, 0)


def airborne_drift(flying_speed: int) -> int:
    """GU-118: a creature with a flying speed that became airborne other than by Take Flight may
    at once move up to half its flying speed (rounded down)."""
    return max(0, flying_speed) // 2


@dataclass(frozen=True, slots=True)
class FreeFall:
    """GU-119: one stage of a fall without flight: meters fallen now, height still to go, and
    whether the ground was reached (the fall damage then counts every meter, GU-117)."""

    dropped: int
    remaining: int
    landed: bool


def free_fall(height: int) -> FreeFall:
    """GU-119: a creature without flight falls up to 500 m at once, and again 500 m at the end
    of each of its turns until it lands. Call it once on becoming airborne, then each turn end."""
    if height < 0:
        raise ValueError("a height cannot be negative")
    dropped = min(height, FREE_FALL_M)
    return FreeFall(dropped, height - dropped, dropped == height)


def breath_turns(fortitude: int) -> int:
    """GU-40: breath lasts floor(Fortitude/10) minutes, six turns to the minute."""
    return max(0, fortitude // 10) * TURNS_PER_MINUTE


def breath_state(fortitude: int, turns_without_air: int) -> str:
    """GU-40: "fine" while the breath lasts, "unconscious" once it runs out, "dead" after the
    same span again without air. `turns_without_air` counts turns ended without air."""
    if turns_without_air <= 0:
        return "fine"
    span = breath_turns(fortitude)
    if turns_without_air >= 2 * span:
        return "dead"
    if turns_without_air >= span:
        return "unconscious"
    return "fine"
