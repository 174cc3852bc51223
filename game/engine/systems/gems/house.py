"""Gems house rules: every game-master call (GEM-GM-xx) that changes how the rules behave, as a
HouseRule set before play and saved with the match.

Owns: HOUSE_RULES (ids, labels, defaults, choices) and `house(state, id)` for reading a resolved
value. Defaults follow the checklist's proposed software defaults; each rule names its entry.

Must not: apply any rule. GM entries without a behavioural alternative (GEM-GM-01, 02, 10, 16,
18, 19, 21, 22, 24, 28..30, 33, 34, 36) are fixed defaults documented in README.md; GEM-GM-37
(`gm_seat`) adds a game-master seat that answers the [GM] calls during play (gm.py).
"""
from __future__ import annotations

from typing import Any

from game.engine.rules import HouseRule
from game.engine.tactics.house import HouseTable

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule("hp_per_size", "HP per Size", "GEM-GM-03", 20,
              ((10, "10 per Size"), (15, "15 per Size"), (20, "20 per Size"), (30, "30 per Size")),
              "A gem starts with this many HP for each Size step, unless her sheet says otherwise."),
    HouseRule("diagonal_cost", "Diagonal steps", "GEM-GM-04", "one",
              (("one", "Every step costs 1"), ("alternating", "Every second diagonal costs 2"))),
    HouseRule("move_elevation", "Elevation inside a Move", "GEM-GM-05", "separate",
              (("separate", "Climbs and 1-2xSize descents are their own 1-slot step"),
               ("in_move", "A Move pays for its own climbs and descents up to 2xSize")),
              "With 'separate', a Move only walks level ground and free descents."),
    HouseRule("fall_slots", "Deliberate falls", "GEM-GM-06", "both_unused",
              (("both_unused", "Need both Action Slots unused"),
               ("ends_turn", "Spend whatever slots are left and end the turn"))),
    HouseRule("forced_fall_damage", "Forced falls hurt", "GEM-GM-06", True,
              ((True, "Pushed or swept off a ledge: fall damage"), (False, "No damage"))),
    HouseRule("fall_formula", "Fall damage formula", "GEM-GM-07", "grouped",
              (("grouped", "(height - 2xSize) x 3"), ("literal", "height - 2xSizex3"))),
    HouseRule("fall_damage_kind", "Fall damage type", "GEM-GM-08", "untyped",
              (("untyped", "Untyped (shields do not help)"), ("melee", "Melee Damage"))),
    HouseRule("initiative", "Initiative", "GEM-GM-09", "once",
              (("once", "Rolled once per encounter"), ("each_round", "Rerolled every round"))),
    HouseRule("water_penalty", "Water penalty (default)", "GEM-GM-12", 3,
              ((1, "1"), (2, "2"), (3, "3"), (4, "4"), (5, "5")),
              "Movement Speed lost when surrounded by water, where the map does not say."),
    HouseRule("current_threshold", "Current threshold (default)", "GEM-GM-12", 12,
              ((8, "8"), (10, "10"), (12, "12"), (14, "14"), (16, "16")),
              "A Combat Roll must exceed this to resist a current, where the map does not say."),
    HouseRule("knockback_collision", "Knockback into something solid", "GEM-GM-13", "stop",
              (("stop", "It stops; 3 damage per tile not travelled"),
               ("push", "The hit object is pushed along"),
               ("pass", "It passes through"))),
    HouseRule("knockback_targets", "Who knockback pushes", "GEM-GM-14", "contacted",
              (("contacted", "Targets hit and not blocked"), ("all", "Every target involved"))),
    HouseRule("multi_target_rolls", "Several targets in one block", "GEM-GM-15", "shared",
              (("shared", "One roll per arm, used against each"),
               ("separate", "A separate roll per target"))),
    HouseRule("disarm_needs_contact", "Disarm needs a hit", "GEM-GM-17", False,
              ((False, "No (as written)"), (True, "Yes, one contacting unblocked attack"))),
    HouseRule("aoe_shape", "Area of Effect", "GEM-GM-20", "filled",
              (("filled", "Target block and every ring up to n"), ("ring", "Outer ring only"))),
    HouseRule("flight_free_change", "Free flight elevation change", "GEM-GM-23", "once",
              (("once", "Once per turn"), ("unlimited", "Every time"))),
    HouseRule("truce_length", "Truce length", "GEM-GM-25", "table",
              (("table", "By margin: 1-4 one round ... 15+ whole encounter"),
               ("one_round", "Always one round"), ("encounter", "Always the whole encounter"))),
    HouseRule("truce_aoe", "Truces and area effects", "GEM-GM-26", "skip",
              (("skip", "Area effects skip the truce partner"), ("hit", "Area effects still hit"))),
    HouseRule("carry_threshold_light", "Carry roll: load up to own Size", "GEM-GM-27", 12,
              ((8, "8"), (10, "10"), (12, "12"), (14, "14"))),
    HouseRule("carry_threshold_heavy", "Carry roll: load up to twice own Size", "GEM-GM-27", 17,
              ((15, "15"), (17, "17"), (19, "19"))),
    HouseRule("ai_may_shatter", "AI may shatter gemstones", "GEM-GM-31", False,
              ((False, "Never"), (True, "Yes"))),
    HouseRule("round_limit", "Encounter length", "GEM-GM-32", 30,
              ((0, "No limit"), (10, "10 rounds"), (20, "20 rounds"), (30, "30 rounds"),
               (50, "50 rounds")),
              "The game master calls the encounter after this many rounds: the side that lost "
              "fewer gems wins, then the one that took the larger share of its enemies' HP; a "
              "battle where nobody was hurt is a draw."),
    HouseRule("pickup_reach", "Pick-up reach across elevation", "GEM-GM-35", "size",
              (("size", "Up to 1xSize higher or lower"), ("any", "Any height"))),
    HouseRule("gm_seat", "Game master", "GEM-GM-37", "none",
              (("none", "No game master: every call uses its default"),
               ("hotseat", "A human game-master seat answers each call")),
              "With a game master the match has one more seat, always human, asked at the "
              "moment each call comes up: currents, knockback collisions, truce lengths, "
              "carry rolls and the end of the encounter."),
)

HOUSE = HouseTable(HOUSE_RULES)
DEFAULTS: dict[str, Any] = HOUSE.defaults
# the resolved value of a house rule on this match (its default if the state predates it)
house = HOUSE.read
