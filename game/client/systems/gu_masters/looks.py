"""How gu_masters creatures, statuses and life states look on the battle screen: token colours
and letters per content id, side colours and names, badge letters and colours, and the colours
of the essence meter.

Owns: presentation data only, keyed by the engine's content ids and status names, so the rules
data and the looks stay separate files. The words a badge's tooltip says come from the engine
(statuses.badges, the injury records, the life state), never from here.

Must not: hold a rule, or import the engine (plain data).
"""
from __future__ import annotations

Colour = tuple[int, int, int]

#: side colours: blue and vermilion (apart for the common colour-blindnesses; each side also
#: gets its own ring shape from the sprite module)
SIDE_COLOURS: tuple[Colour, ...] = ((74, 163, 255), (238, 96, 64))
SIDE_NAMES: tuple[str, ...] = ("Blue", "Red")

#: the essence meter under the HP bar, and the stone badge
ESSENCE: Colour = (96, 206, 232)
STONES: Colour = (150, 196, 120)

#: creature entry -> (token colour, letters)
CREATURES: dict[str, tuple[Colour, str]] = {
    "gu_master_r1": ((176, 190, 210), "GM"),
    "orchid_healer": ((214, 150, 210), "Or"),
    "moon_captain": ((150, 170, 230), "Mo"),
    "sect_elder": ((200, 180, 120), "El"),
    "bone_brawler": ((222, 210, 180), "Br"),
    "bone_lancer": ((196, 186, 160), "La"),
    "fire_adept": ((232, 120, 70), "Fi"),
    "thunder_elder": ((130, 150, 240), "Th"),
    "wolf": ((150, 140, 130), "Wf"),
    "boar": ((140, 100, 70), "Bo"),
    "gu_worm_swarm": ((120, 170, 90), "Sw"),
    "stone_ape": ((130, 130, 120), "Ap"),
}
_FALLBACK: tuple[Colour, ...] = ((120, 180, 230), (230, 140, 90), (160, 210, 120),
                                  (200, 150, 220), (230, 200, 100))

#: status name -> (badge letters, badge colour)
STATUSES: dict[str, tuple[str, Colour]] = {
    "ablaze": ("Ab", (210, 70, 30)),
    "bleeding": ("Bl", (170, 30, 40)),
    "blinded": ("Bd", (70, 70, 90)),
    "burning": ("Bu", (220, 110, 40)),
    "dazed": ("Dz", (60, 110, 170)),
    "deafened": ("Df", (90, 90, 120)),
    "fatigued": ("Fa", (130, 120, 90)),
    "poisoned": ("Po", (100, 160, 60)),
    "prone": ("P", (200, 120, 50)),
    "restrained": ("Re", (150, 110, 40)),
    "stunned": ("St", (190, 160, 40)),
    "unconscious": ("KO", (120, 40, 40)),
    "grappled": ("G", (150, 110, 40)),
    "grappling": ("Gr", (150, 110, 40)),
    "flying": ("F", (60, 120, 190)),
}

#: life states drawn as a marker (GU-109..116) -> (letters, colour)
LIFE: dict[str, tuple[str, Colour]] = {
    "final_stand": ("FS", (210, 150, 40)),
    "dying": ("Dy", (150, 30, 40)),
    "dead": ("X", (60, 60, 60)),
}
#: the badge of a creature hidden from the other side (GU-13), drawn for its own side
HIDDEN: Colour = (70, 70, 110)
#: an injury's badge (its words come from the engine's injury record)
INJURY: tuple[str, Colour] = ("In", (140, 60, 90))


def creature_look(entry: str, name: str) -> tuple[Colour, str]:
    """The token colour and letters of a creature entry; an entry without looks gets a colour
    picked from its id and the first two letters of its name."""
    got = CREATURES.get(entry)
    if got is not None:
        return got
    return _FALLBACK[sum(map(ord, entry)) % len(_FALLBACK)], (name[:2] or "?")


def status_look(name: str) -> tuple[str, Colour]:
    """Badge letters and colour of a status; one without looks shows its first letters."""
    got = STATUSES.get(name)
    if got is not None:
        return got
    return name[:2].capitalize() or "?", (70, 70, 80)
