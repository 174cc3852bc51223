"""Called shots of gu_masters: which part of a creature an attack may aim at, how big that part
is and what the aim costs on the attack roll (GU-59..61, GU-GM-17, GU-GM-18).

Owns: the size ladder (`SIZES`), the modifier a part's size puts on the attack roll, the parts
of an average (Medium) humanoid and how they scale with the creature's size, and what a hit on
an item or a manifested part does (GU-GM-18's default).

Must not: roll dice, read the match state, or decide the injury a hit part suffers (that table
is the injuries module's); the engine asks here for the modifier and the part's size.
"""
from __future__ import annotations

from dataclasses import dataclass

SIZES: tuple[str, ...] = ("tiny", "small", "medium", "large", "huge")

# GU-60: the smaller the part, the bigger the penalty (+N is a penalty, GU-02).
SIZE_MODIFIER: dict[str, int] = {"tiny": 40, "small": 20, "medium": 0, "large": -20, "huge": -40}

# GU-61 and GU-GM-17 (legs Small): the parts of a Medium humanoid and their sizes.
HUMANOID_PARTS: dict[str, str] = {
    "hand": "tiny", "arm": "small", "head": "small", "torso": "medium", "leg": "small",
}
# Manifested wings (GU-59 names them) are as big as a Medium torso on a Medium creature: our
# call, the document gives no size; they scale like every other part.
MANIFESTED_PARTS: dict[str, str] = {"wings": "medium"}
# A carried item the content gives no size: a one-handed weapon is taken as Small (our call).
DEFAULT_ITEM_SIZE = "small"

PART_KINDS: tuple[str, ...] = ("body", "item", "manifested")


def size_index(size: str) -> int:
    """Position on the ladder Tiny..Huge; an unknown size fails loudly."""
    try:
        return SIZES.index(size)
    except ValueError:
        raise ValueError(f"unknown size {size!r}; expected one of {SIZES}") from None


def shift_size(size: str, steps: int) -> str:
    """`size` moved `steps` rungs up (or down) the ladder, clamped to Tiny..Huge."""
    return SIZES[min(len(SIZES) - 1, max(0, size_index(size) + steps))]


def part_size(medium_size: str, creature_size: str, *, scaling: bool = True) -> str:
    """GU-GM-17: a part's size on a creature of `creature_size`, given its size on a Medium one:
    shifted by as many rungs as the creature is bigger or smaller than Medium (table option
    `scaling`; off, every creature's parts are sized as a Medium humanoid's)."""
    if not scaling:
        return medium_size
    return shift_size(medium_size, size_index(creature_size) - size_index("medium"))


def size_modifier(size: str) -> int:
    """GU-60: Tiny +40, Small +20, Medium 0, Large -20, Huge -40 on the attack roll."""
    size_index(size)
    return SIZE_MODIFIER[size]


@dataclass(frozen=True, slots=True)
class CalledPart:
    """What a called shot aims at: `kind` "body" (a body part with an injury table), "item" (a
    worn or carried object) or "manifested" (wings and the like, kept up by a Gu); `part` its
    name; `size` its size on this creature; `modifier` the attack roll's penalty or bonus."""

    kind: str
    part: str
    size: str
    modifier: int

    @property
    def label(self) -> str:
        """The modifier's source as the roll shows it."""
        return f"called shot: {self.part.replace('_', ' ')}"


def body_part(part: str, creature_size: str, *, parts: dict[str, str] | None = None,
              scaling: bool = True) -> CalledPart:
    """GU-59..61: a called shot at a body part. `parts` is the creature's anatomy as sizes on a
    Medium body (a humanoid's by default)."""
    table = HUMANOID_PARTS if parts is None else parts
    if part not in table:
        raise ValueError(f"no part {part!r}; this body has {sorted(table)}")
    size = part_size(table[part], creature_size, scaling=scaling)
    return CalledPart("body", part, size, size_modifier(size))


def item_part(item: str, size: str = DEFAULT_ITEM_SIZE) -> CalledPart:
    """GU-59: a called shot at a worn or carried item, sized by the item itself."""
    return CalledPart("item", item, size, size_modifier(size))


def manifested_part(part: str, creature_size: str, *, scaling: bool = True) -> CalledPart:
    """GU-59: a called shot at a manifested part (wings of a flight Gu)."""
    if part not in MANIFESTED_PARTS:
        raise ValueError(f"no manifested part {part!r}; known: {sorted(MANIFESTED_PARTS)}")
    size = part_size(MANIFESTED_PARTS[part], creature_size, scaling=scaling)
    return CalledPart("manifested", part, size, size_modifier(size))


def hit_outcome(kind: str) -> str:
    """GU-GM-18's default for a called shot that hits and harms: a body part takes its injury
    ("injury", GU-127); a held item is dropped ("drop"); manifested wings end the flight Gu that
    made them ("end_flight": the creature is airborne without flight and falls, GU-119)."""
    outcomes = {"body": "injury", "item": "drop", "manifested": "end_flight"}
    if kind not in outcomes:
        raise ValueError(f"unknown called-shot kind {kind!r}; expected one of {PART_KINDS}")
    return outcomes[kind]
