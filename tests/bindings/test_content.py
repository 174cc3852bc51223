"""Bindings content (game/data/bindings/*.toml) and its presentation (assets/bindings/*.toml):
everything bundled loads and covers what battles need, the numbers the checklist fixes are the
numbers in the data, and every kind of broken file is refused with a message naming the file, the
entry and the problem."""
from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from game import paths
from game.engine.boards.tmx import load_board
from game.engine.rules import ConfigError
from game.engine.systems.bindings import content as C
from game.engine.systems.bindings.content import (ContentError, ability_mod, content, known_moves,
                                                  load_content, load_presentation, move,
                                                  teams_for_map)

DATA = paths.data_dir() / "bindings"
LOOKS = paths.assets_dir() / "bindings"
BINDING_SCHOOLS = ("aeromancy", "petramancy", "hydromancy", "pyromancy")


def core_hp(s: C.SheetDef) -> int:
    """The invented core's hit points with the average level-up roll rounded up (combatants.toml
    header): 10 + CON at level 1, then max(1, 4 + CON mod) a level."""
    return 10 + s.scores["CON"] + (s.level - 1) * max(1, 4 + s.mod("CON"))


# -- what is bundled ----------------------------------------------------------------------------
def test_bundled_content_loads_and_is_cached():
    c = content()
    assert content() is c
    assert load_content() == c          # a fresh read gives the same validated content
    assert C.presentation() is C.presentation()


def test_at_least_twelve_bindings_across_every_kind_and_pushback():
    bindings = [m for m in content().moves.values() if m.school in BINDING_SCHOOLS]
    assert len(bindings) >= 12
    assert {m.kind for m in bindings} == set(C.KINDS)
    assert any(m.pushback_ft for m in bindings if m.kind == "projectile")
    assert any(m.pushback_ft for m in bindings if m.kind == "melee")
    assert {m.school for m in bindings} == set(BINDING_SCHOOLS)
    for mid in ("air_blast", "blade", "stone_bullet", "earth_wall", "stone_skin", "dust_veil",
                "quake_stomp", "tailwind", "dagger", "spear", "shortbow", "shove", "trip"):
        assert mid in content().moves


@pytest.mark.rule("BND-41")
@pytest.mark.rule("BND-42")
@pytest.mark.rule("BND-43")
@pytest.mark.rule("BND-44")
def test_unarmed_strike_is_the_source_numbers():
    m = move("unarmed_strike")
    assert (m.school, m.action, m.kind, m.speed, m.range_ft) == ("basic", "standard", "melee", 2, 5)
    assert (m.offence, m.defence) == ("DEX", "DEX")                  # AB/DB + DEX + 2d6
    assert (m.damage_ability, m.damage_dice, m.damage_bonus) == ("STR", "1d6", 0)
    assert m.can_counter and m.is_attack


@pytest.mark.rule("BND-45")
def test_brace_is_a_standard_self_move_giving_braced_to_the_end_of_the_round():
    m = move("brace")
    assert (m.action, m.kind, m.is_attack, m.can_counter) == ("standard", "self", False, False)
    (e,) = m.effects
    assert (e.verb, e.condition, e.rounds) == ("self_condition", "braced", 0)
    # BND-GM-11: ability checks and defence totals, not offence
    assert set(content().conditions["braced"].verbs) == {"adv_checks", "adv_defence"}


def test_every_combatant_knows_the_basic_moves_first():
    for cid, s in content().combatants.items():
        known = known_moves(cid)
        assert known[:2] == ["unarmed_strike", "brace"]
        assert known[2:] == list(s.moves)


def test_combatant_fields_build_a_state_combatant():
    from game.engine.systems.bindings.state import Combatant
    f = C.combatant_fields("hydromancer")
    unit = Combatant(id="h1", side=1, x=2, y=3, **f)
    assert (unit.sheet, unit.level, unit.hp, unit.max_hp, unit.ab, unit.db) == \
        ("hydromancer", 2, 30, 30, 2, 2)
    assert (unit.base_speed, unit.swim_speed) == (30, 30)
    assert unit.moves == ["unarmed_strike", "brace", "torrent", "water_whip", "tide_guard",
                          "mist_shroud"]
    assert unit.talents == ["quick_current"] and unit.mod("WIS") == 2
    unit.moves.append("blade")
    unit.scores["WIS"] = 3
    assert "blade" not in C.combatant_fields("hydromancer")["moves"]      # fresh containers
    assert content().combatants["hydromancer"].scores["WIS"] == 14


@pytest.mark.rule("BND-T-01")
@pytest.mark.rule("BND-T-02")
def test_checklist_example_bindings_keep_their_numbers():
    ab = move("air_blast")
    assert (ab.action, ab.kind, ab.speed, ab.range_ft, ab.pushback_ft, ab.cooldown) == \
        ("standard", "projectile", 5, 40, 30, 1)
    assert ab.pushback_hexes == 6 and ab.range_hexes == 8
    assert (ab.offence, ab.defence, ab.damage_ability, ab.damage_dice) == ("INT", "INT", "INT", "1d6")
    bl = move("blade")
    assert (bl.speed, bl.range_ft, bl.cooldown, bl.damage_dice) == (4, 20, 1, "2d6")
    sb = move("stone_bullet")
    assert (sb.speed, sb.range_ft, sb.damage_bonus, sb.cooldown, sb.defence) == (3, 30, 2, 0, "")
    ew = move("earth_wall")
    assert (ew.action, ew.kind, ew.speed, ew.range_ft, ew.cooldown) == ("full", "structure", 1, 30, 2)
    assert ew.effects_of("wall")[0].hexes == 3 and ew.effects_of("wall")[0].rounds == 3
    ss = move("stone_skin")
    assert (ss.defence, ss.cooldown, ss.effects[0].condition, ss.effects[0].rounds) == \
        ("CON", 2, "guarded", 1)
    dv = move("dust_veil").effects_of("veil")[0]
    assert (dv.hexes, dv.rounds, dv.conceal) == (3, 2, 1)
    qs = move("quake_stomp")
    assert (qs.action, qs.speed, qs.range_ft, qs.damage_dice, qs.cooldown) == ("full", 2, 5, "2d6", 1)
    assert qs.effects_of("condition")[0].condition == "staggered"
    tw = move("tailwind")
    assert (tw.action, tw.attaches_to, tw.effects[0].hexes, tw.cooldown) == \
        ("swift", ("move", "dash"), 2, 1)


@pytest.mark.rule("BND-83")
def test_long_weapons_use_increments_short_weapons_an_absolute_range():
    assert move("shortbow").ranged == "increments" and move("shortbow").range_ft == 60
    assert move("shortbow").speed == 8
    assert move("dagger").ranged == "absolute" and move("dagger").range_ft == 5
    assert move("spear").ranged == "absolute" and move("spear").range_ft == 10
    assert move("spear").damage_bonus == 1


def test_maneuvers_are_contests():
    shove, trip = move("shove"), move("trip")
    assert (shove.contest, shove.offence, shove.pushback_ft, shove.speed) == ("STR", "STR", 10, 2)
    assert (trip.contest, trip.offence) == ("DEX", "DEX")
    assert trip.effects_of("condition")[0].condition == "prone"


@pytest.mark.rule("BND-75")
def test_every_pushback_move_has_a_speed_to_push_at():
    pushers = [m for m in content().moves.values() if m.pushback_ft]
    assert len(pushers) >= 4
    assert all(m.speed >= 1 for m in pushers)


@pytest.mark.rule("BND-39")
def test_talents_reduce_moves_their_owners_know():
    c = content()
    assert c.talents["quick_gust"].reduces == "air_blast"
    assert c.talents["quick_gust"].per_round == 1
    assert len(c.talents) >= 2
    for s in c.combatants.values():
        for t in s.talents:
            assert c.talents[t].reduces in s.moves


def test_conditions_the_rules_need_exist():
    assert {"staggered", "exhausted", "prone", "braced", "guarded", "dodging"} <= \
        set(content().conditions)
    assert "halve_movement" in content().conditions["staggered"].verbs
    assert set(content().conditions["exhausted"].verbs) >= {"halve_movement", "dis_checks"}


def test_combatants_cover_the_speed_table_and_follow_the_invented_core():
    sheets = list(content().combatants.values())
    assert len(sheets) >= 8
    speeds = {s.base_speed_ft for s in sheets}
    assert min(speeds) == 30 and max(speeds) == 60 and len(speeds) >= 5
    assert {s.level for s in sheets} == {1, 2, 3}
    for s in sheets:
        assert s.ab == s.db == 1 + s.level // 2, s.id
        assert s.hp == core_hp(s), s.id
        assert s.swim_speed_ft >= 5
    # the sample aeromancer of the checklist: 22 hp at level 1 with CON 12
    assert content().combatants["aeromancer"].hp == 22
    assert content().combatants["hydromancer"].swim_speed_ft == 30       # listed
    assert content().combatants["petramancer"].swim_speed_ft == 15       # half of 30


def test_ability_modifier_is_floor_of_half_the_difference():
    assert [ability_mod(s) for s in (3, 8, 9, 10, 11, 12, 15, 16, 20)] == \
        [-4, -1, -1, 0, 0, 1, 2, 3, 5]


def _strength(members: tuple[str, ...]) -> tuple:
    sheets = [content().combatants[m] for m in members]
    return (len(sheets), sum(s.level for s in sheets), sum(s.hp for s in sheets),
            sorted(s.base_speed_ft for s in sheets), sum(sum(s.scores.values()) for s in sheets))


MAPS = ["bindings_pass.tmx", "bindings_grove.tmx", "hex_crossing.tmx"]


@pytest.mark.parametrize("map_name", MAPS)
def test_two_fairly_matched_teams_per_map_then_the_agnostic_ones(map_name):
    teams = teams_for_map(map_name)
    made = [t for t in teams if t.maps]
    assert teams[:2] == made and len(made) == 2           # made for the map come first
    assert all(map_name in t.maps and 3 <= len(t.members) <= 4 for t in made)
    assert _strength(made[0].members) == _strength(made[1].members)
    assert teams[2:] == teams_for_map("some_other_map.tmx")
    # a path (either slash) works as well as a file name
    assert teams_for_map(f"maps/{map_name}") == teams
    assert teams_for_map(f"C:\\maps\\{map_name}") == teams


def _kit(sheet: str) -> dict[str, object]:
    """What the balance runs found decides bot battles between mirrored sheets (README "Balance"):
    the longest bolt, its cooldown, the longest melee reach and a close weapon to parry with."""
    moves = [move(m) for m in content().combatants[sheet].moves]
    bolts = [m for m in moves if m.kind == "projectile" and m.damage_dice]
    return {"bolt_ft": max([m.range_ft for m in bolts], default=0),
            "bolt_cooldown": min([m.cooldown for m in bolts], default=0),
            "melee_ft": max([m.range_ft for m in moves if m.kind == "melee"], default=0),
            "parry": any(m.kind == "melee" and m.defence and m.school == "weapon" for m in moves)}


@pytest.mark.parametrize("left,right,keys", [
    ("petramancer", "hydromancer", ("bolt_ft", "bolt_cooldown")),   # Torrent had a cooldown
    ("archer", "scout", ("bolt_ft", "melee_ft", "parry")),          # the Scout had no dagger
    ("skirmisher", "outrider", ("melee_ft", "parry")),              # a dagger against a spear
])
def test_balanced_mirrors_match_where_it_decided_battles(left, right, keys):
    """Each of these gaps tilted the measured mirrored battles towards one team
    (README "Balance")."""
    a, b = _kit(left), _kit(right)
    assert {k: a[k] for k in keys} == {k: b[k] for k in keys}


def test_map_agnostic_teams_suit_any_map():
    agnostic = teams_for_map("some_other_map.tmx")
    assert agnostic == teams_for_map(None)
    assert len(agnostic) >= 2 and all(not t.maps for t in agnostic)
    assert _strength(agnostic[0].members) == _strength(agnostic[1].members)


def test_every_map_a_team_names_is_a_bundled_map():
    named = {m for t in content().teams.values() for m in t.maps}
    assert named == set(MAPS)
    assert all((paths.maps_dir() / m).is_file() for m in named)


@pytest.mark.parametrize("map_name", MAPS)
def test_teams_fit_the_spawns_of_their_map(map_name):
    """Content does not check maps (they are made separately); this test ties the two together:
    every map a team names exists and has a spawn per member on each side."""
    board = load_board(paths.maps_dir() / map_name)
    per_side = Counter(o.properties.get("side") for o in board.objects_of("spawn"))
    biggest = max(len(t.members) for t in teams_for_map(map_name))
    assert per_side[0] >= biggest and per_side[1] >= biggest


# -- broken files --------------------------------------------------------------------------------
@pytest.fixture
def data(tmp_path) -> Path:
    folder = tmp_path / "bindings"
    shutil.copytree(DATA, folder)
    return folder


def _append(folder: Path, name: str, text: str) -> None:
    with open(folder / name, "a", encoding="utf-8") as fh:
        fh.write("\n" + text + "\n")


def _replace(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    body = path.read_text(encoding="utf-8")
    assert old in body
    path.write_text(body.replace(old, new, 1), encoding="utf-8")


GOOD_MOVE = ('name = "X"\nschool = "aeromancy"\naction = "standard"\nkind = "projectile"\n'
             'speed = 3\nrange_ft = 30\noffence = "INT"\n')

BROKEN = [
    # (file, text appended, words the message must contain)
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE + "spin = 3", ["[moves.bad]", "'spin'"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE.replace("speed = 3", 'speed = "3"'),
     ["[moves.bad]", "'speed'", "wrong type"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE.replace("speed = 3", "speed = true"),
     ["[moves.bad]", "'speed'"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE + 'effects = [{ verb = "explode", hexes = 2 }]',
     ["[moves.bad]", "'explode'"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE + 'effects = [{ verb = "condition", rounds = 1 }]',
     ["[moves.bad]", "'condition'", "missing"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE
     + 'effects = [{ verb = "condition", condition = "frozen", rounds = 1 }]',
     ["[moves.bad]", "'frozen'"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE.replace("aeromancy", "necromancy"),
     ["[moves.bad]", "school", "'necromancy'"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE.replace('"standard"', '"bonus"'),
     ["[moves.bad]", "action", "'bonus'"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE.replace('"projectile"', '"beam"'),
     ["[moves.bad]", "kind", "'beam'"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE.replace('"INT"', '"LUCK"'),
     ["[moves.bad]", "offence", "'LUCK'"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE + 'ranged = "sometimes"',
     ["[moves.bad]", "ranged"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE + 'damage_dice = "lots"',
     ["[moves.bad]", "damage_dice"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE + 'damage_dice = "1d6+2"',
     ["[moves.bad]", "damage_bonus"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE.replace("range_ft = 30", "range_ft = 32"),
     ["[moves.bad]", "range_ft", "multiple of 5"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE.replace("speed = 3", "speed = 0"),
     ["[moves.bad]", "speed"]),
    ("moves.toml", '[moves.bad]\nname = "X"\nschool = "aeromancy"\naction = "standard"\n'
     'kind = "area"\nrange_ft = 30\npushback_ft = 10\neffects = [{ verb = "veil", hexes = 1, '
     'rounds = 1, conceal = 1 }]', ["[moves.bad]", "pushback"]),
    ("moves.toml", '[moves.bad]\nname = "X"\nschool = "aeromancy"\naction = "move"\n'
     'kind = "modifier"\nattaches_to = ["dash"]\neffects = [{ verb = "boost", hexes = 1 }]',
     ["[moves.bad]", "swift"]),
    ("moves.toml", '[moves.bad]\nname = "X"\nschool = "aeromancy"\naction = "swift"\n'
     'kind = "modifier"\nattaches_to = ["fly"]\neffects = [{ verb = "boost", hexes = 1 }]',
     ["[moves.bad]", "attaches_to", "'fly'"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE + 'attaches_to = ["dash"]',
     ["[moves.bad]", "attaches_to"]),
    ("moves.toml", '[moves.bad]\nname = "X"\nschool = "petramancy"\naction = "full"\n'
     'kind = "structure"\nspeed = 1\nrange_ft = 30', ["[moves.bad]", "wall"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE + 'effects = [{ verb = "wall", hexes = 3, rounds = 3 }]',
     ["[moves.bad]", "structure"]),
    ("moves.toml", '[moves.bad]\nname = "X"\nschool = "basic"\naction = "standard"\n'
     'kind = "self"\ndamage_dice = "1d6"', ["[moves.bad]", "damage"]),
    ("moves.toml", "[moves.Bad-Id]\n" + GOOD_MOVE, ["Bad-Id", "snake_case"]),
    ("moves.toml", "[moves.dodge]\n" + GOOD_MOVE, ["[moves.dodge]", "movement mode"]),
    ("moves.toml", "[moves.air_blast]\n" + GOOD_MOVE, ["moves.toml", "not valid TOML"]),
    ("moves.toml", "[spells.x]\n" + GOOD_MOVE, ["moves.toml", "'spells'"]),
    ("talents.toml", '[talents.bad]\nname = "X"\nreduces = "fireball"', ["[talents.bad]",
                                                                         "'fireball'"]),
    ("talents.toml", '[talents.bad]\nname = "X"\nreduces = "blade"\nper_round = 0',
     ["[talents.bad]", "per_round"]),
    ("conditions.toml", '[conditions.bad]\nname = "X"\nverbs = ["fly"]', ["[conditions.bad]",
                                                                          "'fly'"]),
    ("conditions.toml", '[conditions.bad]\nverbs = []', ["[conditions.bad]", "'name'"]),
    ("combatants.toml", '[combatants.bad]\nname = "X"\nSTR = 10\nDEX = 10\nCON = 10\nINT = 10\n'
     'WIS = 10\nCHA = 10\nab = 1\ndb = 1\nhp = 20\nmoves = ["fireball"]',
     ["[combatants.bad]", "'fireball'"]),
    ("combatants.toml", '[combatants.bad]\nname = "X"\nSTR = 10\nDEX = 10\nCON = 10\nINT = 10\n'
     'WIS = 10\nCHA = 10\nab = 1\ndb = 1\nhp = 20\nmoves = ["blade"]\ntalents = ["quick_gust"]',
     ["[combatants.bad]", "'quick_gust'", "does not know"]),
    ("combatants.toml", '[combatants.bad]\nname = "X"\nSTR = 10\nDEX = 10\nCON = 10\nINT = 10\n'
     'WIS = 10\nCHA = 10\nab = 1\ndb = 1\nhp = 20\ntalents = ["luck"]',
     ["[combatants.bad]", "'luck'"]),
    ("combatants.toml", '[combatants.bad]\nname = "X"\nSTR = 10\nDEX = 10\nCON = 10\nINT = 10\n'
     'WIS = 10\nCHA = 10\nab = 1\ndb = 1\nhp = 20\nmoves = ["blade", "blade"]',
     ["[combatants.bad]", "twice"]),
    ("combatants.toml", '[combatants.bad]\nname = "X"\nSTR = 10\nDEX = 10\nCON = 10\nINT = 10\n'
     'WIS = 10\nCHA = 10\nab = 1\ndb = 1\nhp = 20\nmoves = ["brace"]',
     ["[combatants.bad]", "basic"]),
    ("combatants.toml", '[combatants.bad]\nname = "X"\nSTR = 10\nDEX = 10\nCON = 10\nINT = 10\n'
     'WIS = 10\nab = 1\ndb = 1\nhp = 20', ["[combatants.bad]", "'CHA'", "missing"]),
    ("combatants.toml", '[combatants.bad]\nname = "X"\nSTR = 10\nDEX = 10\nCON = 10\nINT = 10\n'
     'WIS = 10\nCHA = 10\nab = 1\ndb = 1\nhp = 20\nbase_speed_ft = 33',
     ["[combatants.bad]", "base_speed_ft"]),
    ("combatants.toml", '[combatants.bad]\nname = "X"\nSTR = 10\nDEX = 10\nCON = 10\nINT = 10\n'
     'WIS = 10\nCHA = 10\nab = 1\ndb = 1\nhp = 0', ["[combatants.bad]", "hp"]),
    ("teams.toml", '[teams.bad]\nname = "X"\nmembers = ["ghost"]', ["[teams.bad]", "'ghost'"]),
    ("teams.toml", '[teams.bad]\nname = "X"\nmembers = []', ["[teams.bad]", "members"]),
    ("teams.toml", '[teams.bad]\nname = "X"\nmembers = ["archer"]\nmaps = "x.tmx"',
     ["[teams.bad]", "'maps'"]),
    # the schema (the entry dataclasses) refuses wrong types, unknown keys and missing keys
    ("teams.toml", '[teams.bad]\nname = "X"\nmembers = ["archer", 3]',
     ["[teams.bad]", "key 'members' has the wrong type", "at members[1] expected text"]),
    ("teams.toml", '[teams.bad]\nname = "X"\nmembers = ["archer"]\nleader = "archer"',
     ["[teams.bad]", "unknown key 'leader'"]),
    ("talents.toml", '[talents.bad]\nname = "X"', ["[talents.bad]", "missing required key 'reduces'"]),
    ("talents.toml", '[talents.bad]\nname = "X"\nreduces = "blade"\nper_round = 1.5',
     ["[talents.bad]", "key 'per_round' has the wrong type", "expected an integer, got a number"]),
    ("conditions.toml", '[conditions.bad]\nname = "X"\nverbs = "no_move"',
     ["[conditions.bad]", "key 'verbs' has the wrong type"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE + 'effects = [{ verb = "condition", '
     'condition = "staggered", rounds = "two" }]',
     ["[moves.bad]", "key 'effects' has the wrong type", "at effects[0].rounds expected an integer"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE + 'effects = [{ verb = "condition", '
     'condition = "staggered", rounds = 1, power = 2 }]', ["[moves.bad]", "unknown key 'power'"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE + 'id = "other"', ["[moves.bad]", "unknown key 'id'"]),
    ("moves.toml", "[moves.bad]\n" + GOOD_MOVE.replace('kind = "projectile"\n', ""),
     ["[moves.bad]", "missing required key 'kind'"]),
    ("combatants.toml", '[combatants.bad]\nname = "X"\nSTR = "ten"\nDEX = 10\nCON = 10\nINT = 10\n'
     'WIS = 10\nCHA = 10\nab = 1\ndb = 1\nhp = 20', ["[combatants.bad]", "key 'STR' has the wrong type"]),
    ("combatants.toml", '[combatants.bad]\nname = "X"\nSTR = 10\nDEX = 10\nCON = 10\nINT = 10\n'
     'WIS = 10\nCHA = 10\nab = 1\ndb = 1\nhp = 20\nscores = {STR = 3}',
     ["[combatants.bad]", "unknown key 'scores'", "CHA"]),
    ("combatants.toml", '[combatants.bad]\nname = "X"\nSTR = 10\nDEX = 10\nCON = 10\nINT = 10\n'
     'WIS = 10\nCHA = 10\nab = 1\ndb = 1\nhp = 20\nmoves = "blade"',
     ["[combatants.bad]", "key 'moves' has the wrong type"]),
    ("combatants.toml", '[combatants.bad]\nname = "X"\nSTR = 10\nDEX = 10\nCON = 10\nINT = 10\n'
     'WIS = 10\nCHA = 10\nab = 1\ndb = 1', ["[combatants.bad]", "missing required key 'hp'"]),
]


@pytest.mark.parametrize("name,text,words", BROKEN,
                         ids=[f"{b[0]}-{i}" for i, b in enumerate(BROKEN)])
def test_broken_content_is_refused_naming_file_entry_and_problem(data, name, text, words):
    _append(data, name, text)
    with pytest.raises(ContentError) as err:
        load_content(data)
    msg = str(err.value)
    assert str(data / name) in msg
    for w in words:
        assert w in msg, msg
    assert isinstance(err.value, ConfigError)


def test_a_move_named_by_an_effect_must_be_a_known_condition(data):
    _replace(data, "moves.toml", 'condition = "staggered"', 'condition = "dizzy"')
    with pytest.raises(ContentError, match=r"moves\.toml \[moves\.quake_stomp\].*'dizzy'"):
        load_content(data)


def test_a_missing_basic_move_is_refused(data):
    _replace(data, "moves.toml", "[moves.brace]", "[moves.brace_yourself]")
    with pytest.raises(ContentError, match=r"moves\.toml.*'brace'"):
        load_content(data)


@pytest.mark.parametrize("name", ["moves.toml", "talents.toml", "conditions.toml",
                                  "combatants.toml", "teams.toml"])
def test_missing_or_garbled_files_are_named(data, name):
    (data / name).write_text("this is = = not toml [", encoding="utf-8")
    with pytest.raises(ContentError, match=re.escape(str(data / name)) + ".*not valid TOML"):
        load_content(data)
    (data / name).unlink()
    with pytest.raises(ContentError, match=re.escape(str(data / name)) + ".*missing"):
        load_content(data)


def test_an_empty_file_is_refused(data):
    (data / "talents.toml").write_text("# nothing\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"talents\.toml.*at least one"):
        load_content(data)


def test_lookups_name_unknown_ids():
    with pytest.raises(KeyError, match="fireball"):
        move("fireball")
    with pytest.raises(KeyError, match="nobody"):
        C.sheet("nobody")


# -- presentation -------------------------------------------------------------------------------
def test_presentation_covers_every_id_with_valid_looks():
    p = C.presentation()
    c = content()
    assert set(p.combatants) == set(c.combatants)
    assert set(p.moves) == set(c.moves)
    assert set(p.conditions) == set(c.conditions)
    glyphs = Counter(t["glyph"] for t in p.combatants.values())
    assert max(glyphs.values()) == 1          # tokens are told apart by their glyph
    for t in p.combatants.values():
        assert t["shape"] in C.SHAPES and re.fullmatch(r"#[0-9a-fA-F]{6}", t["outline"])


@pytest.fixture
def looks(tmp_path) -> Path:
    folder = tmp_path / "looks"
    shutil.copytree(LOOKS, folder)
    return folder


@pytest.mark.parametrize("name,text,words", [
    ("moves.toml", '[fireball]\ncolour = "#ff0000"\nglyph = "F"', ["[fireball]", "not a move"]),
    ("combatants.toml", '[ghost]\ncolour = "#ff0000"\nglyph = "G"\ntitle = "G"', ["[ghost]"]),
    ("conditions.toml", '[dizzy]\ncolour = "#ff0000"\nglyph = "D"', ["[dizzy]", "condition"]),
])
def test_presentation_refuses_unknown_ids(looks, name, text, words):
    _append(looks, name, text)
    with pytest.raises(ContentError) as err:
        load_presentation(looks)
    assert str(looks / name) in str(err.value)
    for w in words:
        assert w in str(err.value)


@pytest.mark.parametrize("name,old,new,words", [
    ("moves.toml", '[air_blast]\ncolour = "#bfefff"\nglyph = "AB"', "", ["no entry", "'air_blast'"]),
    ("moves.toml", 'colour = "#bfefff"', 'colour = "sky blue"', ["[air_blast]", "colour"]),
    ("moves.toml", 'glyph = "AB"', 'glyph = "ABC"', ["[air_blast]", "glyph"]),
    ("combatants.toml", 'shape = "star"', 'shape = "blob"', ["[stormcaller]", "shape"]),
    ("combatants.toml", 'title = "Aeromancer"', 'title = "A Very Long Title Indeed"',
     ["[aeromancer]", "title"]),
    ("conditions.toml", 'glyph = "Pr"', 'glyph = "Pr"\nsize = 3', ["[prone]", "'size'"]),
    ("conditions.toml", 'glyph = "Pr"', "glyph = 3", ["[prone]", "key 'glyph' has the wrong type"]),
    ("moves.toml", 'colour = "#bfefff"\n', "", ["[air_blast]", "missing required key 'colour'"]),
])
def test_presentation_refuses_bad_entries(looks, name, old, new, words):
    _replace(looks, name, old, new)
    with pytest.raises(ContentError) as err:
        load_presentation(looks)
    assert str(looks / name) in str(err.value)
    for w in words:
        assert w in str(err.value), str(err.value)
