"""Called shots of gu_masters: what an attack may aim at and what the aim costs on the roll
(GU-59..61, GU-GM-17, GU-GM-18).

Owns: `CalledPart` (the aimed part, its size on this creature and the roll's modifier),
`body_part` (a part of the creature's body plan), `item_part` (a worn or carried item),
`manifested_part` (wings a flight Gu made) and `hit_outcome` (what a harmful hit on each does,
GU-GM-18's default). The size ladder, the body plans, the size shift (GU-GM-17) and the
modifier by size (GU-60) are content's (content.py, bodies.toml): called here, never copied.

Must not: roll dice, read the match state, or decide the injury a hit part suffers (that table
is the injuries module's); the engine asks here for the modifier and the part's size.
"""
from __future__ import annotations

from dataclasses import dataclass

from .content import SIZE_INDEX, SIZES, Body, called_shot_modifier, shift_size

# A carried item the content gives no size: a one-handed weapon is taken as Small (our call).
DEFAULT_ITEM_SIZE = "small"
PART_KINDS: tuple[str, ...] = ("body", "item", "manifested")


def size_index(size: str) -> int:
    """Position on the ladder Tiny..Huge (any case); an unknown size fails loudly."""
    key = size.lower()
    if key not in SIZE_INDEX:
        raise ValueError(f"unknown size {size!r}; expected one of {SIZES}")
    return SIZE_INDEX[key]


def size_modifier(size: str) -> int:
    """GU-60: Tiny +40, Small +20, Medium 0, Large -20, Huge -40 on the attack roll."""
    return called_shot_modifier(SIZES[size_index(size)])


def _on(medium_size: str, creature_size: str, scaling: bool) -> str:
    """GU-GM-17: a Medium creature's part size on a creature of `creature_size` (table option
    `scaling`: off, every creature's parts keep the Medium sizes)."""
    base = SIZES[size_index(medium_size)]
    return shift_size(base, SIZES[size_index(creature_size)]) if scaling else base


@dataclass(frozen=True, slots=True)
class CalledPart:
    """What a called shot aims at: `kind` "body" (a body part with an injury table), "item" (a
    worn or carried object) or "manifested" (wings and the like, kept up by a Gu); `part` its
    id; `size` its size on this creature; `modifier` the attack roll's penalty or bonus;
    `injury` the injury table of a body part (injuries.called_injury), else ""."""

    kind: str
    part: str
    size: str
    modifier: int
    injury: str = ""

    @property
    def label(self) -> str:
        """The modifier's source as the roll shows it."""
        return f"called shot: {self.part.replace('_', ' ')}"


def body_part(body: Body, part: str, creature_size: str, *, scaling: bool = True,
              medium_size: str | None = None) -> CalledPart:
    """GU-59..61: a called shot at a part of the creature's body plan; `medium_size` replaces
    the plan's size for a Medium creature (the table's leg size, GU-GM-17)."""
    for p in body.parts:
        if p.id == part:
            size = _on(medium_size or p.size, creature_size, scaling)
            return CalledPart("body", part, size, size_modifier(size), p.injury)
    raise ValueError(f"no part {part!r} on a {body.id} body; it has "
                     f"{[p.id for p in body.parts]}")


def item_part(item: str, size: str = DEFAULT_ITEM_SIZE) -> CalledPart:
    """GU-59: a called shot at a worn or carried item, sized by the item itself."""
    size = SIZES[size_index(size)]
    return CalledPart("item", item, size, size_modifier(size))


def manifested_part(part: str, medium_size: str, creature_size: str, *,
                    scaling: bool = True) -> CalledPart:
    """GU-59: a called shot at a manifested part (the wings of a flight Gu, sized by the Gu's
    content for a Medium wearer)."""
    size = _on(medium_size, creature_size, scaling)
    return CalledPart("manifested", part, size, size_modifier(size))


def hit_outcome(kind: str) -> str:
    """GU-GM-18's default for a called shot that hits and harms: a body part takes its injury
    ("injury", GU-127); a held item is dropped ("drop"); manifested wings end the flight Gu that
    made them ("end_flight": the creature is airborne without flight and falls, GU-119)."""
    outcomes = {"body": "injury", "item": "drop", "manifested": "end_flight"}
    if kind not in outcomes:
        raise ValueError(f"unknown called-shot kind {kind!r}; expected one of {PART_KINDS}")
    return outcomes[kind]
