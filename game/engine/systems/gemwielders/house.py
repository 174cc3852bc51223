"""Gemwielders house rules: every table option ([TO] in the checklist's GW-U table) as a
HouseRule set before play and saved with the match.

Owns: HOUSE_RULES (ids, labels, defaults, choices) and `house(state, id)`. Defaults follow the
checklist's proposed software defaults; each rule names its entry.

Must not: apply any rule (rules.py and effects.py read these values).
"""
from __future__ import annotations

from game.engine.rules import HouseRule
from game.engine.tactics.house import HouseTable

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule("distinct_gembearers", "Distinct Gembearers", "GW-U-05", True,
              ((True, "The players must pick different Gembearers"),
               (False, "Both may pick the same one"))),
    HouseRule("power_cap", "Power cap", "GW-U-07", 0,
              ((0, "No cap"), (5, "5"), (10, "10")),
              "Power above the cap is lost."),
    HouseRule("power_empties", "Power at end of turn", "GW-U-07", False,
              ((False, "Carries over"), (True, "Empties at the end of each turn"))),
    HouseRule("deck_out_end", "When the empty gem card deck ends the game", "GW-U-08",
              "end_of_turn",
              (("immediately", "At once"), ("end_of_turn", "At the end of that turn"),
               ("end_of_round", "When Player 2's turn ends"))),
    HouseRule("hand_limit", "Hand limit", "GW-U-09", 0,
              ((0, "No limit"), (7, "Discard down to 7 at end of turn"),
               (5, "Discard down to 5 at end of turn")),
              "Extra cards are discarded from the end of the hand."),
    HouseRule("bluffing", "Bluff defense", "GW-U-11", False,
              ((False, "Only defense cards go face down"),
               (True, "Any card may go face down (non-defense cards count 0, no effects)"))),
    HouseRule("use_timing", "When use effects work", "GW-U-12", "own_main",
              (("own_main", "Only in your own main phase"),
               ("own_turn", "Any time in your own turn"))),
    HouseRule("result_payer", "Who pays Hit/Miss costs", "GW-U-13", "owner",
              (("owner", "Each card's owner"), ("attacker", "The attacker (literal reading)"))),
    HouseRule("damage_timing", "Damage and Hit effects", "GW-U-14", "effects_first",
              (("effects_first", "Hit/Miss effects, then damage"),
               ("damage_first", "Damage, then Hit/Miss effects"))),
    HouseRule("negative_values", "Negative sword/shield", "GW-U-15", "floor",
              (("floor", "Each card and total is at least 0"),
               ("total_only", "Only totals are floored at 0"))),
    HouseRule("public_info", "Public information", "GW-U-19", "standard",
              (("standard", "Hands, deck order and face-down defense are hidden"),
               ("open", "Open hands (teaching games)"))),
    HouseRule("numeric_requirements", "Gem requirements", "GW-U-02", False,
              ((False, "Typed gems as printed"), (True, "Only the number of gems counts"))),
    HouseRule("mulligan", "Mulligan", "GW-U-22", "none",
              (("none", "No mulligans"),)),
    HouseRule("effect_order", "Order of simultaneous effects", "GW-U-23", "choose",
              (("choose", "The attacker chooses"), ("printed", "Automatic (printed order)"))),
)


HOUSE = HouseTable(HOUSE_RULES)
# the resolved value of a house rule on this match (its default if the state predates it)
house = HOUSE.read
