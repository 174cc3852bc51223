"""How rpgstuck creatures and conditions look on the battle screen: token colours and letters per
content id, side colours and names, and the badge letter and words of each condition.

Owns: presentation data only, keyed by the engine's content ids (creature entries) and condition
ids (state.Condition.id), so the rules data and the looks stay separate files (house habit 8).

Must not: hold a rule, or import the engine beyond nothing at all (plain data).
"""
from __future__ import annotations

Colour = tuple[int, int, int]

#: side colours: blue and vermilion (apart for the common colour-blindnesses; each side also
#: gets its own ring shape from the sprite module)
SIDE_COLOURS: tuple[Colour, ...] = ((74, 163, 255), (238, 96, 64))
SIDE_NAMES: tuple[str, ...] = ("Blue", "Red")

#: creature entry (its base id, before a level or tier suffix) -> (token colour, letters)
CREATURES: dict[str, tuple[Colour, str]] = {
    "knight": ((176, 186, 204), "Kn"),
    "scout": ((108, 176, 102), "Sc"),
    "psion": ((160, 110, 220), "Ps"),
    "brawler": ((222, 140, 72), "Br"),
    "warhorse": ((150, 110, 80), "Wh"),
    "hound": ((168, 128, 92), "Hd"),
    "imp": ((200, 64, 70), "Im"),
    "imp_horde": ((150, 40, 52), "IH"),
    "ogre": ((120, 140, 90), "Og"),
    "basilisk": ((90, 150, 120), "Bs"),
    "giclops": ((140, 120, 170), "Gc"),
    "titachnid": ((70, 70, 96), "Ti"),
    "harpy": ((196, 160, 110), "Hp"),
}
_FALLBACK: tuple[Colour, ...] = ((120, 180, 230), (230, 140, 90), (160, 210, 120),
                                  (200, 150, 220), (230, 200, 100))

#: a called shot's part effect id (anatomy.toml `effect`) -> what a hit there does, in a few
#: words for the aim picker (the full text is the part's description in the rules reference)
PART_EFFECTS: dict[str, str] = {
    "bonus_damage": "+50% damage",
    "ground": "grounds a flyer",
    "loosen_grip": "loosens its hold",
    "cripple": "cripples with an attack that does more than damage",
    "disarm": "can break it",
    "bleed": "bleeds once destroyed",
    "hit_bonus": "+2 to hit",
    "crit_daze": "+2 crit range; a crit dazes",
    "daze": "dazes if it hurts",
}

#: condition id -> (badge letters, what it means, in a few words)
CONDITIONS: dict[str, tuple[str, str]] = {
    "prone": ("P", "Prone: stand up for half speed; attacks from next to it have advantage"),
    "daze": ("D", "Dazed: a major or a minor action this turn, not both; no reactions"),
    "cripple": ("C", "Crippled: speed lowered"),
    "grappled": ("G", "Grappled: cannot move by itself"),
    "grappling": ("Gr", "Holding another creature"),
    "averting": ("Av", "Averting: the first attack roll against it gets a Block die"),
    "aegis": ("Ae", "Aegis: damage lowered"),
    "dot": ("B", "Damage at the start of each of its turns"),
    "weakened": ("W", "Weakened: its damage rolls lose its damage mod"),
    "empower": ("E", "Empowered: bigger damage dice"),
    "invisible": ("I", "Invisible"),
    "flightless": ("F", "Cannot fly: in the air it falls"),
    "carried": ("Ca", "Held up in the air"),
    "loose_grip": ("Lg", "Arm struck: grapple attempts at disadvantage"),
    "mounted": ("M", "Riding a mount"),
    "ridden": ("Rd", "Carrying a rider"),
    "marked": ("Mk", "Marked: its marker's Trace deals +100% bonus damage to it"),
}


def base_entry(entry: str) -> str:
    """'knight_l5' -> 'knight', 'imp_t0' -> 'imp' (the looks of a creature's levels and tiers)."""
    head, _, tail = entry.rpartition("_")
    if head and tail[:1] in ("l", "t") and tail[1:].isdigit():
        return head
    return entry


def creature_look(entry: str, name: str) -> tuple[Colour, str]:
    """The token colour and letters of a creature entry; an entry without looks gets a colour
    picked from its id and the first two letters of its name."""
    got = CREATURES.get(base_entry(entry))
    if got is not None:
        return got
    return _FALLBACK[sum(map(ord, entry)) % len(_FALLBACK)], (name[:2] or "?")


def condition_look(cid: str) -> tuple[str, str]:
    """Badge letters and words of a condition; one without looks shows its id."""
    got = CONDITIONS.get(cid)
    if got is not None:
        return got
    words = cid.replace("_", " ")
    return words[:1].upper(), words.capitalize()
