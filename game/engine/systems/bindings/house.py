"""Bindings house rules: the game-master calls (BND-GM-xx) the checklist marks as table options,
offered in match set-up, saved with the match.

Owns: HOUSE_RULES (ids, labels, defaults, choices; each names its checklist entry) and
`house(state, id)` for reading a resolved value. Defaults are the checklist's proposed defaults.

Must not: apply any rule. Entries marked "fixed" or "prompt"/"scenario data" in the checklist are
documented in README.md (BND-GM-02, 08, 10, 22, 24, 27, 29, 30, 32); `round_limit` is our own
addition so a battle between two careful sides still ends (the table calls time).
"""
from __future__ import annotations

from typing import Any

from game.engine.rules import HouseRule
from game.engine.tactics.house import HouseTable

_YES_NO = ((False, "No"), (True, "Yes"))

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule("gm_adv_prompt", "Table calls circumstances", "BND-GM-01", False, _YES_NO,
              "Before each attack roll the attacking player may declare an edge the table agrees "
              "on: advantage, disadvantage or none."),
    HouseRule("tie_rerolls", "Initiative tie re-rolls", "BND-GM-03", 20,
              ((5, "5, then a seeded shuffle"), (20, "20, then a seeded shuffle"),
               (100, "100, then a seeded shuffle")),
              "Tied combatants re-roll (at least one die each) this many times before the order "
              "among them is shuffled."),
    HouseRule("delayed_can_defend", "Slow starters may defend", "BND-GM-04", False, _YES_NO,
              "Whether a combatant that cannot act yet in round 1 may still declare a defensive "
              "action (the free Reaction always works)."),
    HouseRule("defend_after_turn", "Defend after your turn", "BND-GM-05", False, _YES_NO,
              "Whether a combatant that already had its turn this segment may still declare a "
              "defensive action."),
    HouseRule("defend_order", "Deferred attack timing", "BND-GM-06", "action_first",
              (("action_first", "Defender's action, then the attack"),
               ("attack_first", "The attack, then the defender's action"))),
    HouseRule("defensive_move_escapes", "Moving out of reach escapes", "BND-GM-07", False,
              _YES_NO, "Whether a defensive move that leaves the attack's reach makes it miss."),
    HouseRule("precombat", "Opening action", "BND-GM-09", "first",
              (("first", "The first to declare acts before round 1"),
               ("none", "No action before round 1"))),
    HouseRule("opening_side", "Ambush", "BND-GM-02", "none",
              (("none", "No ambush"), (0, "Side 1 ambushes"), (1, "Side 2 ambushes")),
              "The ambushing side hides (stealth contests decide who is caught unaware) and its "
              "first combatant acts before round 1."),
    HouseRule("brace_scope", "Brace covers", "BND-GM-11", "defence",
              (("defence", "Checks, defence totals and Reaction"), ("checks", "Ability checks only"))),
    HouseRule("reaction_mode", "Reaction", "BND-GM-12", "static_defense",
              (("static_defense", "Defence value DB + INT against the attack"),
               ("damage_reduction", "Reduces the damage by DB + INT"))),
    HouseRule("tie_hits", "Offence equals defence", "BND-GM-13", False,
              ((False, "Misses"), (True, "Hits"))),
    HouseRule("projectile_tracking", "Projectiles", "BND-GM-14", "track",
              (("track", "Follow their target"), ("hex", "Fly to the hex aimed at"))),
    HouseRule("movement_overlap", "Different movements", "BND-GM-15", "replace",
              (("replace", "Starting another kind ends the ongoing one"),
               ("stack", "They run side by side"))),
    HouseRule("suspended_move", "Movement under pushback", "BND-GM-16", "lost",
              (("lost", "Lost for those segments"), ("deferred", "Resumes after the push"))),
    HouseRule("pushback_collision", "Pushed into something", "BND-GM-17", "stop",
              (("stop", "Stops next to it, no damage"), ("damage", "Stops and takes 1d6"))),
    HouseRule("range_round", "Range penalty steps", "BND-GM-18", "ceil",
              (("ceil", "Any part of 20 ft counts"), ("floor", "Only whole 20 ft steps"))),
    HouseRule("concealment_line", "Concealment line", "BND-GM-19", "best",
              (("best", "The attacker's best line"), ("centre", "Centre to centre"))),
    HouseRule("disadv_mode", "Disadvantage on 2d6", "BND-GM-20", "subtract_3d6",
              (("subtract_3d6", "Subtract a 3d6 roll"), ("drop_dice", "Roll 3 fewer dice (min 0)"))),
    HouseRule("max_range_extra", "Longest shot beyond range", "BND-GM-21", 100,
              ((50, "50 ft"), (100, "100 ft"), (200, "200 ft"))),
    HouseRule("graze_blocks", "Lines grazing an edge", "BND-GM-23", False,
              ((False, "Pass"), (True, "Are blocked"))),
    HouseRule("dash_line", "Dash route", "BND-GM-25", "strict",
              (("strict", "Must follow the straight hex line"),
               ("loose", "Any route no longer than the line"))),
    HouseRule("halving", "Halved movement", "BND-GM-26", "floor",
              (("floor", "Round down, lose bonus hexes"), ("ceil", "Round up, keep bonus hexes"))),
    HouseRule("projectile_hits_first", "Creatures in the way", "BND-GM-28", False,
              ((False, "Projectiles pass them"), (True, "The first creature is hit"))),
    HouseRule("friendly_fire", "Targeting allies", "BND-GM-31", True,
              ((True, "Allowed"), (False, "Not allowed"))),
    HouseRule("damage_advantage", "Edge on damage rolls", "BND-GM-33", False,
              ((False, "Never"), (True, "Advantage adds 3d6 to damage too"))),
    HouseRule("round_limit", "Time is called after", "BND-GM-27", 20,
              ((0, "No limit"), (10, "10 rounds"), (20, "20 rounds"), (40, "40 rounds")),
              "When time is called, the side with fewer combatants down wins, then the one that "
              "took the larger share of its enemies' HP; a battle where nobody was hurt is a "
              "draw."),
)

HOUSE = HouseTable(HOUSE_RULES)
DEFAULTS: dict[str, Any] = HOUSE.defaults
# the resolved value of a house rule on this match (its default if the state predates it)
house = HOUSE.read
