"""Percentile tests of gu_masters: the d100 roll-under test, its degrees of success, criticals
and fumbles, disadvantage, and opposed tests (GU-01..04, GU-X-03..06, GU-GM-06/07/08/31).

Owns: `roll_test` (rolls on the generator it is handed, so forced dice in scenarios are taken
in order: the d100, then the second d100 of a worst-of-two disadvantage), `resolve_test` (the
same arithmetic from given faces, for forced dice, previews and odds), the `TestRoll` record a
test produces (raw die, target, each modifier with its source, modified roll, success, signed
degrees, critical, fumble, and a `dice.Roll` for the log), and `opposed` (who wins a contest).

Sign convention (GU-02): a modifier is added to the roll, so a penalty is positive (+N makes
the test harder) and a bonus negative (-N makes it easier).

Must not: read creatures, maps or the match, decide which modifiers apply (the engine and
`statuses` gather them), or use any generator but the one it is given.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Sequence

from game.engine.dice import Roll
from game.engine.rng import Rng

DisadvMode = Literal["worst_of_two", "plus20"]
CritMode = Literal["range", "doubles"]
Modifier = tuple[str, int]
Side = Literal["a", "b"]

DISADV_MODES: tuple[str, ...] = ("worst_of_two", "plus20")
CRIT_MODES: tuple[str, ...] = ("range", "doubles")
CRIT_MAX = 5            # GU-X-04 (range mode): raw 1..5 is a critical success
FUMBLE_MIN = 96         # GU-X-04 (range mode): raw 96..100 is a fumble
PLUS20 = 20             # GU-GM-06 alternative: disadvantage is a flat +20 penalty
DISADV_LABEL = "disadvantage"


@dataclass(frozen=True, slots=True)
class TestRoll:
    """One percentile test as the log and the battle screen show it.

    `raw` is the kept d100 (1..100); `faces` every d100 rolled (two under worst-of-two
    disadvantage). `modifiers` are (source, value) with penalties positive (GU-02); `modified`
    is raw plus their sum. `dos` is signed: positive degrees of success, negative degrees of
    failure, never 0 (GU-X-03). `automatic` is "fail" when a status made the test fail without
    its number mattering (GU-149 prone Dodge, GU-152 restrained Dodge/Flying)."""

    __test__ = False          # a record, not a pytest test class, though its name starts "Test"

    purpose: str
    target: int
    raw: int
    faces: tuple[int, ...]
    modifiers: tuple[Modifier, ...]
    modified: int
    success: bool
    dos: int
    critical: bool
    fumble: bool
    automatic: str | None = None

    @property
    def roll(self) -> Roll:
        """The record for a DiceRolled event: d100 faces, labelled modifiers, modified total."""
        notation = "d100" if len(self.faces) == 1 else f"{len(self.faces)}d100kh1"
        return Roll(self.purpose, notation, self.faces, self.modifiers, self.modified)

    def text(self) -> str:
        """'d100 32 + prone 30 = 62 vs 55: 1 degree of failure' style, for logs and tooltips."""
        parts = [f"d100 {'/'.join(str(f) for f in self.faces)}"]
        for label, value in self.modifiers:
            parts.append(f"{'+' if value >= 0 else '-'} {label} {abs(value)}")
        n = abs(self.dos)
        grade = f"{n} degree{'s' if n != 1 else ''} of {'success' if self.success else 'failure'}"
        extra = " (critical)" if self.critical else " (fumble)" if self.fumble else ""
        auto = f" [automatic failure: {self.automatic}]" if self.automatic else ""
        return " ".join(parts) + f" = {self.modified} vs {self.target}: {grade}{extra}{auto}"


def degrees(target: int, modified: int, success: bool) -> int:
    """GU-X-03: signed degrees. Success: max(1, tens(target) - tens(modified) + 1); failure:
    -max(1, tens(modified) - tens(target) + 1). Tens are floored, so they work below 0 too."""
    if success:
        return max(1, target // 10 - modified // 10 + 1)
    return -max(1, modified // 10 - target // 10 + 1)


def _is_double(raw: int) -> bool:
    """GU-GM-08 `doubles`: 11, 22, .., 99 and 100 (read as 00) are doubles."""
    return raw == 100 or (raw % 11 == 0 and raw < 100)


def check_modes(disadv_mode: str = "worst_of_two", crit_mode: str = "range") -> None:
    """Fail loudly on a house-rule value this module does not know."""
    if disadv_mode not in DISADV_MODES:
        raise ValueError(f"unknown disadvantage mode {disadv_mode!r}; expected one of {DISADV_MODES}")
    if crit_mode not in CRIT_MODES:
        raise ValueError(f"unknown critical mode {crit_mode!r}; expected one of {CRIT_MODES}")


def dice_needed(disadvantage: bool = False, disadv_mode: str = "worst_of_two") -> int:
    """How many d100 a test takes from the generator (forced dice are consumed in this count)."""
    return 2 if disadvantage and disadv_mode == "worst_of_two" else 1


def resolve_test(raw: int | Sequence[int], target: int, modifiers: Sequence[Modifier] = (), *,
                 disadvantage: bool = False, disadv_mode: str = "worst_of_two",
                 crit_mode: str = "range", auto_fail: str | None = None,
                 purpose: str = "test") -> TestRoll:
    """The test from given faces (GU-01..04, GU-X-03..06).

    `raw` is one d100, or both d100s of a worst-of-two disadvantage (the higher, worse one is
    kept, GU-GM-06). With `disadv_mode="plus20"` disadvantage is a labelled +20 penalty instead.
    `crit_mode="range"` (GU-X-04): raw 1..5 always succeeds and is critical, 96..100 always
    fails and is a fumble. `"doubles"` (GU-GM-08 alternative): no automatic results; a success
    on a double is critical, a failure on a double a fumble. `auto_fail` names the reason a
    status failed the test outright (it still shows the die it rolled)."""
    check_modes(disadv_mode, crit_mode)
    faces = (raw,) if isinstance(raw, int) else tuple(int(f) for f in raw)
    if len(faces) != dice_needed(disadvantage, disadv_mode):
        raise ValueError(f"a {'disadvantaged ' if disadvantage else ''}test ({disadv_mode}) "
                         f"takes {dice_needed(disadvantage, disadv_mode)} d100, got {faces}")
    for face in faces:
        if not 1 <= face <= 100:
            raise ValueError(f"a d100 shows 1..100, not {face}")
    kept = max(faces)                                    # worst of two: the higher raw is worse
    mods = tuple((str(label), int(value)) for label, value in modifiers)
    if disadvantage and disadv_mode == "plus20":
        mods = mods + ((DISADV_LABEL, PLUS20),)
    modified = kept + sum(value for _, value in mods)
    if crit_mode == "range":
        success = (modified <= target or kept <= CRIT_MAX) and kept < FUMBLE_MIN
        critical = kept <= CRIT_MAX
        fumble = kept >= FUMBLE_MIN
    else:
        success = modified <= target
        critical = success and _is_double(kept)
        fumble = not success and _is_double(kept)
    if auto_fail:
        success, critical = False, False
    return TestRoll(purpose, target, kept, faces, mods, modified, success,
                    degrees(target, modified, success), critical, fumble, auto_fail)


def roll_test(rng: Rng, target: int, modifiers: Sequence[Modifier] = (), *,
              disadvantage: bool = False, disadv_mode: str = "worst_of_two",
              crit_mode: str = "range", auto_fail: str | None = None,
              purpose: str = "test") -> TestRoll:
    """Roll the test's d100 (two under worst-of-two disadvantage) on `rng`, then resolve it."""
    check_modes(disadv_mode, crit_mode)
    faces = tuple(rng.randint(1, 100) for _ in range(dice_needed(disadvantage, disadv_mode)))
    return resolve_test(faces, target, modifiers, disadvantage=disadvantage,
                        disadv_mode=disadv_mode, crit_mode=crit_mode, auto_fail=auto_fail,
                        purpose=purpose)


@dataclass(frozen=True, slots=True)
class Opposed:
    """The outcome of an opposed test: the winning side ("a" or "b") and what decided it:
    "dos" (more signed degrees), "raw" (equal degrees, lower raw d100, GU-GM-31) or
    "status_quo" (still tied: the side the caller named keeps things as they are)."""

    winner: Side
    by: Literal["dos", "raw", "status_quo"]
    a: TestRoll
    b: TestRoll


def contest(dos_a: int, raw_a: int, dos_b: int, raw_b: int,
            status_quo: Side) -> tuple[Side, str]:
    """GU-X-05 / GU-GM-07 on bare numbers (the odds module enumerates with it): higher signed
    DoS wins; equal DoS, the lower raw d100; still equal, `status_quo`."""
    if dos_a != dos_b:
        return ("a" if dos_a > dos_b else "b"), "dos"
    if raw_a != raw_b:
        return ("a" if raw_a < raw_b else "b"), "raw"
    return status_quo, "status_quo"


def opposed(a: TestRoll, b: TestRoll, *, status_quo: Side) -> Opposed:
    """Who wins an opposed test (GU-X-05, GU-GM-07). The caller names the status-quo side:
    the attack stands (attacker), a grapple is not made (target), a grapple holds (grappler),
    a held action goes second (the one who triggered it wins)."""
    if status_quo not in ("a", "b"):
        raise ValueError(f"status_quo names side 'a' or 'b', not {status_quo!r}")
    winner, by = contest(a.dos, a.raw, b.dos, b.raw, status_quo)
    return Opposed(winner, by, a, b)  # type: ignore[arg-type]
