"""Gu Masters house rules: every game-master call of the checklist (GU-GM-nn) the table may
settle differently, with the checklist's default, and the battle's time limit.

Owns: HOUSE (a tactics.house.HouseTable) with each option's id, label, checklist ID, default
and choices. The arithmetic modules (checks, damage, dying, falling, areas, terrain) take these
values as keyword arguments; the engine reads them here (HOUSE.read(state, id)) and passes them
on, so an arithmetic module never looks at the match's house table itself.

Must not: apply any rule. Calls the checklist fixes (GU-GM-10, 16, 19, 25, 28..31, 33, 35..40,
42, 44, 45, 48) and those settled by scenario or map data (GU-GM-03, 05) are listed in README.md,
not here.
"""
from __future__ import annotations

from game.engine.rules import HouseRule
from game.engine.tactics.house import HouseTable

_ONOFF = ((False, "Off"), (True, "On"))

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule("pc_ties", "Fully tied player creatures", "GU-GM-01", "prompt",
              (("prompt", "Their players choose the order"), ("seeded", "A seeded order")),
              "Creatures of human players tied in degrees, die and PC-ness: the players pick who "
              "goes first, or the match orders them like NPCs."),
    HouseRule("sneak_awareness_mod", "Awareness against sneaking", "GU-GM-04", 0,
              ((0, "No modifier"), (10, "+10 (harder to notice)"), (20, "+20"),
               (-10, "-10 (easier to notice)")),
              "The modifier on a watcher's Awareness test against a creature hiding without a "
              "concealment Gu (GU-13)."),
    HouseRule("disadv_mode", "Disadvantage", "GU-GM-06", "worst_of_two",
              (("worst_of_two", "Roll two d100, keep the worse"), ("plus20", "A +20 penalty")),
              "How an attack with disadvantage (an opportunity attack on a dodger, GU-85) rolls."),
    HouseRule("opposed_ties", "Opposed tests tied", "GU-GM-07", "status_quo",
              (("status_quo", "Degrees, then the lower die, then nothing changes"),
               ("defender", "Degrees, then the lower die, then the defender wins")),
              "Who wins an opposed test when degrees of success and the dice are equal."),
    HouseRule("crit_mode", "Criticals and fumbles", "GU-GM-08", "range",
              (("range", "01-05 critical, 96-00 fumble"),
               ("doubles", "Doubles: under the target critical, over it fumble")),
              "Which rolls are critical successes and fumbles (the dying tokens count them)."),
    HouseRule("tick_own_turn", "Durations gained in the own turn", "GU-GM-09", True, _ONOFF,
              "On: an effect gained during its bearer's own turn already loses a turn at the end "
              "of that turn (GU-17). Off: it starts counting at its next turn."),
    HouseRule("ablaze_sleep", "Unconscious from Ablaze", "GU-GM-11", "until_healed",
              (("until_healed", "Until it regains HP or the battle ends"),
               ("one_turn", "Until the end of its next turn")),
              "How long a creature knocked out by Ablaze (GU-136) stays unconscious."),
    HouseRule("heal_dying", "Healing the dying", "GU-GM-12", True, _ONOFF,
              "On: any HP gained ends Dying (conscious again, Perseverance tokens back to 0)."),
    HouseRule("keep_predicament", "Predicament tokens kept", "GU-GM-13", True, _ONOFF,
              "On: Predicament tokens stay until a full rest. Off: they clear when Dying ends."),
    HouseRule("damage_order", "Order of reductions", "GU-GM-14", "core",
              (("core", "Shield, flat reduction, poison cut, then resistances"),
               ("dr_first", "Flat reduction before shields")),
              "The order damage passes shields and reductions (GU-X core pipeline)."),
    HouseRule("death_measure", "Instant death measured", "GU-GM-15", "after_reductions",
              (("after_reductions", "After reductions, before the clamp at 0"),
               ("before_reductions", "Before reductions")),
              "What is compared with twice the maximum HP for instant death (GU-109)."),
    HouseRule("leg_size", "Leg size for called shots", "GU-GM-17", "Small",
              (("Small", "Small (+20)"), ("Medium", "Medium (0)")),
              "The size of a Medium humanoid's leg as a called-shot target (GU-61)."),
    HouseRule("called_items", "Called shots on items and manifested parts", "GU-GM-18", "core",
              (("core", "Held items drop; manifested wings end their flight Gu"),
               ("damage_only", "Damage only")),
              "What a called shot on a carried item or a manifested part does."),
    HouseRule("both_injuries", "Called-shot and threshold injuries together", "GU-GM-20", True,
              _ONOFF, "On: a called-shot injury and a half-maximum injury both apply."),
    HouseRule("radius_terrain", "Radius areas and terrain", "GU-GM-21", "walls",
              (("walls", "Walls block; difficult terrain costs 1"),
               ("difficult", "Walls block; difficult terrain costs 2")),
              "How a radius spreads from its source square (GU-164)."),
    HouseRule("area_height", "Areas against fliers", "GU-GM-22", "core",
              (("core", "Lines as tall as wide; a radius reaches altitude R"),
               ("flat", "Areas ignore altitude")),
              "Whether an area reaches creatures in the air."),
    HouseRule("forced_provokes", "Forced movement provokes", "GU-GM-23", False, _ONOFF,
              "On: being kicked, thrown or pushed out of reach provokes attacks of opportunity."),
    HouseRule("land_limit", "Landing from high up", "GU-GM-24", "speed",
              (("speed", "Land descends at most the flying speed"), ("any", "Land from any height")),
              "How far the Land maneuver may come down."),
    HouseRule("thrown_landing", "A thrown creature lands", "GU-GM-26", "core",
              (("core", "On its feet; fall damage only if lower by more than 2 m"),
               ("prone", "Prone")),
              "How a thrown creature lands (the grapple ends)."),
    HouseRule("fall_mode", "Fall damage", "GU-GM-27", "total",
              (("total", "3 per metre of the whole fall"), ("excess", "3 per metre over 2 m")),
              "Falls of more than 2 m (GU-117)."),
    HouseRule("soul_zero", "Soul at 0", "GU-GM-32", "dying",
              (("dying", "Dying"), ("death", "Death")),
              "What happens to a creature whose soul reaches 0."),
    HouseRule("corner_cutting", "Diagonals past walls", "GU-GM-34", False, _ONOFF,
              "Off: no diagonal step when either square beside it is a wall. On: allowed."),
    HouseRule("bonus_final_stand", "Bonus actions in a final stand", "GU-GM-41", True, _ONOFF,
              "On: a creature in its final stand may still take its bonus action."),
    HouseRule("ledge_knock", "Knocked off a ledge", "GU-GM-43", "fall",
              (("fall", "It goes over and falls"), ("stop", "It stops at the edge")),
              "A kick or throw that carries a creature over a drop."),
    HouseRule("upkeep", "Sustained Gu upkeep", "GU-GM-47", "free",
              (("free", "Paid at the start of the turn; no activation used"),
               ("activation", "Paid at the start of the turn; uses one activation")),
              "How a sustained Gu is kept up (GU-45)."),
    HouseRule("round_limit", "Time limit", "GU-GM-46", 30,
              ((0, "None"), (20, "20 rounds"), (30, "30 rounds"), (50, "50 rounds")),
              "After this many rounds the battle ends; the side that lost fewer creatures, "
              "then the one that dealt the larger share of its enemies' HP, wins."),
)

HOUSE = HouseTable(HOUSE_RULES)
DEFAULTS = HOUSE.defaults
