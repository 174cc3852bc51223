"""RPGStuck house rules: every game-master call (section C, `RS-SM-nn`) and every reading of an
unclear passage (section D, `RS-AMB-nn`) that the table may settle differently, plus the few
minimal-core options (B-05, B-14, B-23) and the battle's time limit.

Owns: HOUSE (a tactics.house.HouseTable) with each option's id, label, checklist ID, default and
choices, and `read(state, id)`. The arithmetic (rolls.py, damage.py, listing.py), the terrain
(moves.py, sight.py) and the engine take these values as keyword arguments; the engine reads
them here and passes them on, so a rule module never looks at the match's house table itself.

Must not: apply any rule. Calls with no alternative the engine could play (SM-08 misses look
alike, SM-11/12 stat-block data, SM-15 map data, SM-17 out of scope, AMB-13/15/16/22 settled in
content or by the minimal core) are listed in README.md, not here.
"""
from __future__ import annotations

from typing import Any

from game.engine.rules import HouseRule
from game.engine.tactics.house import HouseTable

_ONOFF = ((False, "Off"), (True, "On"))

HOUSE_RULES: tuple[HouseRule, ...] = (
    # --- section C: the game master's calls ------------------------------------------------------
    HouseRule("lethal", "Lethal strife", "RS-SM-01", False, _ONOFF,
              "Off: a creature at 0 HP is out of the fight and captured, never killed. On: an "
              "adjacent enemy may finish it with a major action (coup de grace)."),
    HouseRule("suffocation_death", "Death by suffocation", "RS-SM-03", True, _ONOFF,
              "With lethal strife on, a creature already at 0 HP for want of air dies when its "
              "next turn starts still without air. Off, or with lethal strife off, it stays at 0."),
    HouseRule("animal_handling", "Mount handling checks", "RS-SM-04", False, _ONOFF,
              "On: steering a mount needs a free hand and an Animal Handling check (DC 10)."),
    HouseRule("mount_flees", "Riderless mounts flee", "RS-SM-05", True, _ONOFF,
              "A mount whose rider is down with no ally left runs for the map edge."),
    HouseRule("jump_check", "Longer jumps by Athletics", "RS-SM-06", False, _ONOFF,
              "On: an Athletics check (DC 10 + the extra feet) adds up to 5 ft to a jump."),
    HouseRule("skill_naturals", "Natural 20 and 1 on skill checks", "RS-SM-07", False, _ONOFF,
              "On: a natural 20 on a skill check succeeds and a natural 1 fails."),
    HouseRule("stealth_checks", "When Stealth is rolled", "RS-SM-09", "auto",
              (("auto", "After any move while hidden near an enemy who could sense it"),
               ("prompt", "Always asked")),
              "When a hidden creature must roll Stealth to stay unnoticed."),
    HouseRule("artery_dc", "Artery spotting DC", "RS-SM-10", 5,
              ((3, "DC + 3"), (5, "DC + 5"), (7, "DC + 7")),
              "How much harder an Artery is to find than the creature's other secrets."),
    HouseRule("scouted", "Secrets scouted", "RS-SM-13", False, _ONOFF,
              "On: every secret anatomy part is known before the battle."),
    HouseRule("encounter", "Encounter", "RS-SM-14", "scenario",
              (("scenario", "As the map's encounter gives it"),
               ("generated", "Generated to CR 2 x party size")),
              "Where the monsters come from."),
    HouseRule("rests", "Rests between battles", "RS-SM-16", "short_long3",
              (("short_long3", "A short rest after each battle, a long one every third"),
               ("short", "Short rests only"), ("none", "No rests"))),
    HouseRule("overflow", "Damage past the top of the ladder", "RS-SM-18", "larger",
              (("larger", "The larger of +2P and +Level"), ("2p", "+2P"), ("level", "+Level")),
              "What each die step past 2d12 (or 3d12) adds."),
    HouseRule("grapple_defence", "Resisting a grapple", "RS-SM-20", "higher",
              (("higher", "The higher of Athletics and Acrobatics"), ("manual", "Asked")),),
    HouseRule("crit_display", "How a crit is shown", "RS-SM-21", "total",
              (("total", "Normal dice, total doubled"), ("dice", "As doubled dice")),
              "Cosmetic: the damage is always the doubled total."),
    # --- section D: unclear passages --------------------------------------------------------------
    HouseRule("head_crit_mode", "Head crit", "RS-AMB-01", "example",
              (("example", "The head's +50% also applies on a crit (the worked example)"),
               ("stack", "A head crit adds another +50%")),),
    HouseRule("aimblock_pairing", "Aim and Block dice cancel", "RS-AMB-02", "largest",
              (("largest", "Largest against largest"), ("smallest", "Smallest against smallest")),),
    HouseRule("aimblock_floor", "Aim/Block past cap and floor", "RS-AMB-03", "magnitude",
              (("magnitude", "The step changes the die's size, never below 0"),
               ("literal", "+1 / -1 on the attack roll as written")),),
    HouseRule("collision_immovable", "Who cannot be moved through", "RS-AMB-04", "flagged",
              (("flagged", "Only immovable creatures (auto-hit in a collision)"),
               ("any", "Any creature (every collision hits)")),),
    HouseRule("ladder_underflow", "Below 2d2 or 3d2", "RS-AMB-05", "minus_p",
              (("minus_p", "-P per step, as on L1"), ("floor", "No lower than the bottom")),),
    HouseRule("flat_down", "Downward steps on flat P or Q", "RS-AMB-06", "minus_one",
              (("minus_one", "-1 P (or Q) per step, minimum 0"), ("none", "No effect")),),
    HouseRule("empower_split", "What Empower resizes", "RS-AMB-07", "base_only",
              (("base_only", "Only the base damage roll"),
               ("unsized", "Its own bonus is never resized")),),
    HouseRule("horde_damage", "Horde hits", "RS-AMB-08", "per_hit",
              (("per_hit", "Each hit rolls its damage; a crit makes every hit one"),
               ("one_roll", "One roll times the hits"),
               ("first_crit", "Only the first hit crits")),),
    HouseRule("tool_push", "Pushing a tool", "RS-AMB-09", "tool_only",
              (("tool_only", "The tool flies off, the wielder stays"),
               ("both", "Both move")),),
    HouseRule("cr_gap", "CR over a gap of tiers", "RS-AMB-10", "doubling",
              (("doubling", "x2 per tier of difference"), ("one_step", "x2 or x0.5 at most")),),
    HouseRule("nat1", "Natural 1", "RS-AMB-11", "always_miss",
              (("always_miss", "Always misses"),
               ("ability_may_hit", "Misses unless the ability says it hits anyway")),),
    HouseRule("cost_temp_hp", "HP paid as a cost", "RS-AMB-12", "temp_first",
              (("temp_first", "Temp HP pays first"), ("hp_only", "Only real HP pays")),),
    HouseRule("wings_grapple", "Wings can be grappled", "RS-AMB-14", True, _ONOFF),
    HouseRule("cover_as", "Cover counts as", "RS-AMB-17", "malus",
              (("malus", "A hit malus on the attack"), ("defense", "A bonus to AC or Reflex")),),
    HouseRule("grapple_pushed_out", "Grappled target pushed out of reach", "RS-AMB-19", "ends",
              (("ends", "The grapple ends"), ("holds", "The grapple holds")),),
    HouseRule("grapple_disadvantage", "Size and mount disadvantage", "RS-AMB-20", "stack",
              (("stack", "Both count (net advantage)"), ("single", "At most one")),),
    HouseRule("opposed_tie", "Tie on an opposed check", "RS-AMB-21", "status_quo",
              (("status_quo", "The status quo wins"), ("reroll", "Roll again")),),
    HouseRule("aimblock_as_bonus", "Aim/Block dice as hit bonus/malus", "RS-AMB-23", False,
              _ONOFF),
    # --- minimal-core options ---------------------------------------------------------------------
    HouseRule("t0_min1", "Tier 0 monsters in formulas", "RS-B-05", True,
              ((True, "Count as tier 1"), (False, "Count as 0"))),
    HouseRule("diagonals", "Diagonal steps", "RS-B-14", "five",
              (("five", "5 ft each"), ("alternating", "5 ft, then 10 ft, alternating")),),
    HouseRule("opportunity_attacks", "Opportunity attacks", "RS-B-26", False, _ONOFF,
              "Off, as the document has it: leaving an enemy's reach is free. On: a creature "
              "that moves out of an enemy's melee reach on its own (a step, not a Shift) gives "
              "that enemy one attack, paid with its reaction."),
    HouseRule("creature_cover", "Creatures in the way", "RS-B-23", "none",
              (("none", "Give no cover"), ("half", "Give half cover")),),
    HouseRule("round_limit", "Round limit", "RS-B-27", 30,
              ((20, "20 rounds"), (30, "30 rounds"), (50, "50 rounds"), (0, "None")),
              "When the limit is reached, the side that lost fewer creatures (then the smaller "
              "share of its HP) wins."),
)

HOUSE = HouseTable(HOUSE_RULES)
DEFAULTS: dict[str, Any] = dict(HOUSE.defaults)


def read(state: Any, rule_id: str) -> Any:
    """The match's value of house rule `rule_id` (its default when the state holds none)."""
    return HOUSE.read(state, rule_id)
