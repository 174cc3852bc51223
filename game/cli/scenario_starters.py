"""Starter scenario files that `python -m game scenario --new SYSTEM FILE` writes.

Owns: one sample text per rule system, each explaining every key of the format in comments and
passing as written (a test runs all of them). Must not: hold rules; the sample only names
actions and state fields the way a rules author writes them (docs/scenarios.md is the reference).
"""
from __future__ import annotations

_HEAD = '''\
# A starter scenario: set up a position, play steps with the dice you choose, say what must be
# true. Run it with: python -m game scenario THIS_FILE  (add --show to see every step's events
# and every state path you can check or set). docs/scenarios.md explains each key in full.
name = "NAME"             # shown in reports
rules = [RULES]           # the rule IDs this file checks (each becomes a test marker)
dice = []                 # results forced before the first step (optional)

[match]
system = "SYSTEM"         # the rule system
seed = 1                  # seeds every roll you do not force
house_rules = {}          # table options by id; the others keep their defaults
'''

_CHECKS = '''
# Checks, in a step or in [expect] (an empty check is an error: it could not fail):
#   events = [{kind = ...}]     these happened, in this order (others may come between)
#   not_events = [...]          none of these happened
#   state = {"path" = value}    values at state paths ({} as a value means "an empty table")
#   decision = {seat = 0}       who must decide what now
#   legal / not_legal = [...]   actions that are / are not allowed now
#   over = false, winner = 0    the match is over or not; who won ("<none>": nobody)
# A step may also say:
#   dice = [..]                 results forced just before its action
#   rolls = N                   it rolls exactly N dice, all forced (extra or leftover fail)
#   expect_illegal = "GEM-40"   the action is refused, by this rule ID, or with words that
#                               contain this text ("" accepts any refusal)
#   note = "..."                printed with --show
'''

STARTERS: dict[str, str] = {
    "gems": _HEAD.replace("NAME", "gems: Garnet strikes Iolite").replace(
        "RULES", '"GEM-02", "GEM-23"').replace("SYSTEM", "gems") + '''
[grid]                    # an inline board (or [match] map = "file.tmx"); "#" is solid
rows = [".....", ".....", "....."]
legend = {"." = {}, "#" = {solid = true}}

[setup]                   # handed to gems untouched: units from sheets, with overrides
units = [
  {id = "garnet", sheet = "garnet", side = 0, x = 1, y = 1, overrides = {cpr = 3}},
  {id = "iolite", sheet = "iolite", side = 1, x = 2, y = 1, overrides = {blocking = false}},
]

[start]                   # the position the steps start from, written directly
initiative = ["garnet", "iolite"]        # the turn order instead of initiative dice
set = {"units.iolite.hp" = 10}           # any state path = value (see --show)
''' + _CHECKS + '''
[[step]]
action = {kind = "gems.ready", unit = "garnet"}

[[step]]
action = {kind = "gems.assign_arm", unit = "garnet", arm = 0, target = [2, 1], mode = "melee"}

[[step]]
action = {kind = "gems.strike", unit = "garnet"}
dice = [13]                              # 13 + CPR 3 = 16: contact
rolls = 1
events = [{kind = "gems.attack_resolved", attacker = "garnet", total = 16, contact = true}]

[expect]
state = {"units.iolite.hp" = 8}
''',
    "bindings": _HEAD.replace("NAME", "bindings: round 2, segment 3").replace(
        "RULES", '"BND-06"').replace("SYSTEM", "bindings") + '''
[grid]                    # an inline hex board (or [match] map = "file.tmx")
rows = ["............", "............", "............"]

[setup]                   # handed to bindings untouched: combatants from sheets
combatants = [
  {id = "A", sheet = "brawler", side = 0, x = 0, y = 0},
  {id = "B", sheet = "brawler", side = 1, x = 11, y = 2},
]

[start]                   # the position the steps start from, written directly
initiative = ["B", "A"]   # the ranks as an order instead of initiative dice
round = 2                 # the clock jumps to round 2, segment 3 with fresh budgets
segment = 3
set = {"combatants.A.hp" = 5}            # any state path = value (see --show)
''' + _CHECKS + '''
[[step]]                  # a step without an action only checks (checks come after the action)
decision = {stage = "act", actor = "B"}

[[step]]
action = {kind = "end_turn"}

[expect]
decision = {stage = "act", actor = "A"}
state = {"round" = 2, "segment" = 3, "combatants.A.hp" = 5}
''',
    "gemwielders": _HEAD.replace("NAME", "gemwielders: Player 1's main phase").replace(
        "RULES", '"GW-13"').replace("SYSTEM", "gemwielders").replace(
        "house_rules = {}          # table options by id; the others keep their defaults",
        "house_rules = {}          # table options by id; the others keep their defaults\n"
        "setup_dice = [0]          # the first-player pick: seat 0 is Player 1") + '''
[setup]                   # handed to gemwielders untouched
content = "checklist"     # the content set ("default" is the game's cards)
gembearers = ["plain_left", "plain_right"]   # by seat: settles the choice at set-up
# stack = {deck0 = [...], deck1 = [...], gem_deck = [...]} puts cards on top of a pile

[start]                   # the position the steps start from, written directly
main_phase = 1            # straight to Player 1's first main phase (the row is kept)
set = {"players.0.life" = 20, "players.0.power" = 3}   # any state path = value (see --show)
''' + _CHECKS + '''
[[step]]                  # a step without an action only checks (checks come after the action)
decision = {seat = 0}
state = {"phase" = "main", "players.0.power" = 3}

[[step]]
action = {kind = "gw.end_phase"}          # no attack phase on Player 1's first turn (GW-15)

[expect]
state = {"active" = 1, "players.0.life" = 20}
''',
}
