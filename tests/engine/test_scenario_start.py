"""The scenario runner's [start] table, `rolls`, empty checks and refusal rule IDs (toy race).

A file that says a position directly must reach the same position as one played into; a broken
position, a path that leads nowhere, an unknown shortcut, a check that cannot fail and a step
that rolls more or fewer dice than it says are each reported naming the file and the key.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from game.cli import scenario as cli
from game.engine import scenario as sc

HEAD = """
name = "toy"
[match]
system = "toy_race"
seed = 3
[setup]
goal = 12
secrets = [2, 5]
"""


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "s.toml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def run(tmp_path: Path, text: str) -> sc.Result:
    return sc.run_file(write(tmp_path, text))


def test_start_set_writes_the_position_the_steps_start_from(toy_system, tmp_path):
    result = run(tmp_path, HEAD + """
[start]
set = {"positions" = [10, 4], "positions.1" = 5, "steps_left" = 1}

[[step]]
action = {kind = "toy_step", seat = 0}
state = {"positions" = [11, 5], "steps_left" = 0}
""")
    assert result.status == "PASS", result.errors + result.differences
    assert result.match.state.positions == [11, 5]


def test_a_started_match_reads_like_a_played_one(toy_system, tmp_path):
    """The edited position is the match's own: undo cannot walk back past it, legal actions
    come from it (the per-position cache is renewed)."""
    result = run(tmp_path, HEAD + """
[start]
set = {"steps_left" = 0}

[expect]
not_legal = [{kind = "toy_step"}]
""")
    assert result.status == "PASS", result.errors + result.differences
    assert not result.match.can_undo()


@pytest.mark.parametrize("start,fragment", [
    ('set = {"positions.7" = 1}', "[start] set 'positions.7': the path leads nowhere "
                                  "(positions has 2 items, no item 7)"),
    ('set = {"speed" = 1}', "[start] set 'speed': the path leads nowhere (the state has no "
                            "'speed'"),
    ('set = {"steps_left" = 5}', "[start] set ('steps_left') makes a position that cannot be: "
                                 "steps_left 5 out of range"),
    ('set = {"positions.#" = 5}', "does not end at one place to write"),
    ('initiative = ["a", "b"]', "[start] 'initiative': toy_race has no such shortcut"),
])
def test_a_broken_start_is_an_error_naming_the_key(toy_system, tmp_path, start, fragment):
    result = run(tmp_path, HEAD + f"[start]\n{start}\n[expect]\nover = false\n")
    assert result.status == "ERROR"
    assert any(fragment in e for e in result.errors), result.errors


def test_a_position_the_system_cannot_read_is_an_error(toy_system, tmp_path):
    result = run(tmp_path, HEAD + '[start]\nset = {"seat" = "first"}\n[expect]\nover = false\n')
    assert result.status == "ERROR"
    assert "[start] set" in result.errors[0] and "'seat'" in result.errors[0]


@pytest.mark.parametrize("text,fragment", [
    ("[start]\n", "[start]: is empty"),
    ("[start]\nset = {}\n", "[start] set: is empty"),
    ("[start]\nset = 3\n", "[start] set: must be a table"),
    ('[start]\nset = {"positions[x" = 1}\n', "has a '[' without its ']'"),
])
def test_a_malformed_start_names_file_and_key(toy_system, tmp_path, text, fragment):
    with pytest.raises(sc.ScenarioError) as info:
        sc.run_file(write(tmp_path, HEAD + text + "[expect]\nover = false\n"))
    assert str(tmp_path / "s.toml") in str(info.value)
    assert fragment in str(info.value)


@pytest.mark.parametrize("check", [
    "state = {}", "decision = {}", "events = []", "not_events = []", "legal = []",
    "not_legal = []"])
def test_an_empty_check_is_an_error(toy_system, tmp_path, check):
    key = check.split(" ")[0]
    with pytest.raises(sc.ScenarioError) as info:
        sc.run_file(write(tmp_path, HEAD + f"[[step]]\naction = {{kind = \"toy_step\", "
                                           f"seat = 0}}\n{check}\n"))
    assert f"[[step]] 1 {key}: is empty" in str(info.value)
    with pytest.raises(sc.ScenarioError) as info:
        sc.run_file(write(tmp_path, HEAD + f"[expect]\n{check}\n"))
    assert f"[expect] {key}: is empty" in str(info.value)


def test_an_empty_table_value_means_empty_not_anything():
    assert sc.differences({}, {}) == []
    assert sc.differences({}, {"a": 1}, "truces") == ["truces is {a=1}, expected an empty table"]
    assert sc.differences({"x": {}}, {"x": {}, "y": 2}) == []


ROLL = HEAD + """
[[step]]
action = {kind = "toy_roll", seat = 0}
dice = DICE
rolls = 1
"""


def test_rolls_passes_when_the_step_rolls_exactly_its_forced_dice(toy_system, tmp_path):
    result = run(tmp_path, ROLL.replace("DICE", "[3]"))
    assert result.status == "PASS", result.errors + result.differences


def test_rolls_fails_on_leftover_forced_dice(toy_system, tmp_path):
    result = run(tmp_path, ROLL.replace("DICE", "[3, 4]"))
    assert "step 1 (toy_roll seat=0): expected exactly 1 dice rolled, it rolled 1 forced, left 1 " \
           "forced unrolled" in result.differences
    result = run(tmp_path, ROLL.replace("DICE", "[3, 4]").replace("rolls = 1", "rolls = 2"))
    assert "step 1 (toy_roll seat=0): expected exactly 2 dice rolled, it rolled 1 forced, left 1 " \
           "forced unrolled" in result.differences


def test_rolls_needs_its_dice_forced(toy_system, tmp_path):
    result = run(tmp_path, ROLL.replace("DICE", "[]"))
    assert result.status == "ERROR"
    assert "step 1 (toy_roll seat=0): rolls = 1, but only 0 forced dice are waiting" in \
        result.errors[0]


def test_rolls_fails_when_a_step_rolls_unforced_dice(toy_system, tmp_path):
    result = run(tmp_path, ROLL.replace("DICE", "[]").replace("rolls = 1", "rolls = 0"))
    assert result.status == "FAIL"
    assert "expected exactly 0 dice rolled, it rolled 0 forced and drew unforced dice" in \
        result.differences[0]


@pytest.mark.parametrize("value", ["-1", "true", '"one"'])
def test_rolls_must_be_a_count(toy_system, tmp_path, value):
    with pytest.raises(sc.ScenarioError) as info:
        sc.run_file(write(tmp_path, ROLL.replace("DICE", "[3]").replace("rolls = 1",
                                                                        f"rolls = {value}")))
    assert "[[step]] 1 rolls: must be a whole number of dice" in str(info.value)


ILLEGAL = HEAD + """
[[step]]
action = {kind = "toy_roll", seat = 0}
dice = [6]

[[step]]
action = {kind = "end_turn"}
expect_illegal = "WANT"
"""


def test_expect_illegal_by_rule_id(toy_system, tmp_path):
    assert run(tmp_path, ILLEGAL.replace("WANT", "TOY-03")).status == "PASS"
    result = run(tmp_path, ILLEGAL.replace("WANT", "(toy-0"))   # not an ID: a text fragment
    assert result.status == "PASS"
    result = run(tmp_path, ILLEGAL.replace("WANT", "TOY-04"))
    assert result.status == "FAIL"
    assert "refused as expected, but by rule TOY-03, not TOY-04" in result.differences[0]


# -- the systems' shortcuts -------------------------------------------------------------------------
GEMS = """
name = "gems"
[match]
system = "gems"
seed = 1
[grid]
rows = [".....", ".....", "....."]
[setup]
units = [
  {id = "garnet", sheet = "garnet", side = 0, x = 1, y = 1},
  {id = "iolite", sheet = "iolite", side = 1, x = 3, y = 1},
]
[start]
START
[expect]
decision = {seat = 1}
state = {"order" = ["iolite", "garnet"], "turn" = 0, "slots" = 2}
"""


@pytest.mark.rule("GEM-05")
def test_gems_initiative_as_an_order(tmp_path):
    result = run(tmp_path, GEMS.replace("START", 'initiative = ["iolite", "garnet"]'))
    assert result.status == "PASS", result.errors + result.differences
    assert result.initial_events[-2]["kind"] == "gems.initiative_set"


@pytest.mark.parametrize("start,fragment", [
    ('initiative = ["iolite"]', "'initiative' must list every unit once"),
    ("round = 2", "[start] 'round': gems has no such shortcut (it knows: initiative)"),
])
def test_gems_bad_shortcuts_are_errors(tmp_path, start, fragment):
    result = run(tmp_path, GEMS.replace("START", start))
    assert result.status == "ERROR" and fragment in result.errors[0], result.errors


BINDINGS = """
name = "bindings"
[match]
system = "bindings"
seed = 2
[grid]
rows = ["............", "............", "............"]
[setup]
combatants = [
  {id = "A", sheet = "brawler", side = 0, x = 0, y = 0},
  {id = "B", sheet = "brawler", side = 1, x = 11, y = 2},
]
[start]
START
[expect]
EXPECT
"""


@pytest.mark.rule("BND-15")
def test_bindings_round_segment_and_order(tmp_path):
    result = run(tmp_path, BINDINGS.replace("START", 'initiative = ["B", "A"]\nround = 3\n'
                                                     "segment = 2").replace(
        "EXPECT", 'state = {"order" = ["B", "A"], "round" = 3, "segment" = 2}\n'
                  'decision = {stage = "act", actor = "B"}'))
    assert result.status == "PASS", result.errors + result.differences


@pytest.mark.parametrize("start,fragment", [
    ("segment = 4", "[start] 'segment' must be a whole number from 1 to 3, not 4"),
    ("round = 0", "[start] 'round' must be a whole number from 1, not 0"),
    ('initiative = ["A", "A"]', "'initiative' must list every combatant once"),
    ("main_phase = 1", "[start] 'main_phase': bindings has no such shortcut"),
])
def test_bindings_bad_shortcuts_are_errors(tmp_path, start, fragment):
    result = run(tmp_path, BINDINGS.replace("START", start).replace("EXPECT", "over = false"))
    assert result.status == "ERROR" and fragment in result.errors[0], result.errors


GW = """
name = "gw"
[match]
system = "gemwielders"
seed = 3
setup_dice = [0]
[setup]
content = "checklist"
gembearers = ["plain_left", "plain_right"]
[start]
START
[expect]
EXPECT
"""


@pytest.mark.rule("GW-13")
@pytest.mark.parametrize("player,seat,turn", [(1, 0, 1), (2, 1, 2)])
def test_gemwielders_skip_to_a_main_phase(tmp_path, player, seat, turn):
    result = run(tmp_path, GW.replace("START", f"main_phase = {player}").replace(
        "EXPECT", f'state = {{"phase" = "main", "active" = {seat}, "turn" = {turn}}}\n'
                  f"decision = {{seat = {seat}}}"))
    assert result.status == "PASS", result.errors + result.differences


@pytest.mark.parametrize("start,fragment", [
    ("main_phase = 3", "[start] 'main_phase' must be 1 or 2"),
    ("initiative = [1]", "[start] 'initiative': gemwielders has no such shortcut"),
])
def test_gemwielders_bad_shortcuts_are_errors(tmp_path, start, fragment):
    result = run(tmp_path, GW.replace("START", start).replace("EXPECT", "over = false"))
    assert result.status == "ERROR" and fragment in result.errors[0], result.errors


# -- the command: --new and --show paths ------------------------------------------------------------
@pytest.mark.parametrize("system", ["gems", "bindings", "gemwielders", "rpgstuck"])
def test_new_writes_a_starter_that_passes(tmp_path, capsys, system):
    target = tmp_path / f"{system}.toml"
    assert cli.main(["--new", system, str(target)]) == 0
    assert sc.run_file(target).status == "PASS"
    text = target.read_text(encoding="utf-8")
    for key in ("[start]", "set =", "rolls = N", "expect_illegal", "[expect]"):
        assert key in text, key
    assert cli.main(["--new", system, str(target)]) == 1          # never overwrites
    assert "the file exists" in capsys.readouterr().out


def test_new_names_the_systems_that_have_a_starter(tmp_path, capsys):
    assert cli.main(["--new", "chess", str(tmp_path / "x.toml")]) == 2
    assert "ERROR --new chess: no starter for that system (starters: bindings, gems, " \
           "gemwielders, rpgstuck)" in capsys.readouterr().out
    assert not (tmp_path / "x.toml").exists()


def test_show_paths_prints_the_paths_a_check_can_use(tmp_path, capsys):
    target = tmp_path / "gems.toml"
    cli.main(["--new", "gems", str(target)])
    capsys.readouterr()
    assert cli.main(["--paths", str(target)]) == 0
    out = capsys.readouterr().out
    assert "      units.iolite.hp = 8\n" in out
    assert "step 1" not in out                  # only the paths
    assert cli.main(["--show", str(target)]) == 0
    out = capsys.readouterr().out
    assert "step 3 (gems.strike unit=garnet):" in out and "units.iolite.hp = 8" in out


def test_state_paths_name_list_items_by_id():
    data = {"units": [{"id": "a", "hp": 3, "arms": [{"held": None}]}], "row": [None, "c1"],
            "truces": {}}
    assert cli.state_paths(data) == [("units.a.id", "a"), ("units.a.hp", 3),
                                     ("units.a.arms.0.held", None), ("row", [None, "c1"]),
                                     ("truces", {})]
    for dotted, value in cli.state_paths(data):
        assert sc.lookup(data, dotted) == value


def test_without_show_nothing_but_the_verdict_is_printed(tmp_path, capsys):
    target = tmp_path / "gems.toml"
    cli.main(["--new", "gems", str(target)])
    capsys.readouterr()
    assert cli.main([str(target)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"PASS  {target}  gems: Garnet strikes Iolite",
                                                    "1 passed, 0 failed, 0 could not be run"]


EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "docs" / "examples").glob("*.toml"))


def test_there_is_an_example_for_each_new_key():
    text = "\n".join(p.read_text(encoding="utf-8") for p in EXAMPLES)
    for key in ("[start]", "set =", "initiative =", "round =", "segment =", "main_phase =",
                "rolls =", 'expect_illegal = "GW-20"', "= {}", "[setup.content.items.", "[[build]]", '= "<none>"', '= "$units.',
                'sheet = "neutral"'):
        assert key in text, key


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_documented_example_passes(path):
    result = sc.run_file(path)
    assert result.status == "PASS", result.errors + result.differences


# -- [[build]]: builder rules checked from a file ---------------------------------------------

def _build_file(tmp_path, body: str, system: str = "gems"):
    f = tmp_path / "b.toml"
    f.write_text(f'[match]\nsystem = "{system}"\n\n{body}', encoding="utf-8")
    return f


@pytest.mark.rule("GEM-03")
def test_a_build_compares_the_builders_figures_and_refusals(tmp_path):
    ok = sc.run_file(_build_file(tmp_path, '[[build]]\nsheet = {name = "x", cpr = 4}\n'
                                           'expect = {pp = 8}\n'))
    assert ok.status == "PASS" and ok.match is None      # no battle is set up for it
    wrong = sc.run_file(_build_file(tmp_path, '[[build]]\nsheet = {name = "x", cpr = 4}\n'
                                              'expect = {pp = 7}\n'))
    assert wrong.differences == ["[[build]] 1 (sheet): pp is 8, expected 7"]
    not_refused = sc.run_file(_build_file(tmp_path, '[[build]]\nsheet = {name = "x", cpr = 4}\n'
                                                    'refused = "budget"\n'))
    assert "expected it to be refused" in not_refused.differences[0]
    refused = sc.run_file(_build_file(tmp_path, '[[build]]\nsheet = {name = "x", cpr = 12}\n'
                                                'expect = {pp = 24}\n'))
    assert "refused: build sheet: costs 24 pp, over the budget of 20" in refused.differences[0]


def test_a_build_uses_the_files_content_prices(tmp_path):
    body = ('[setup]\ncontent = {costs = {budget = 30, cpr_rank = 3}}\n\n'
            '[[build]]\nsheet = {name = "x", cpr = 4}\nexpect = {pp = 12, budget = 30}\n')
    assert sc.run_file(_build_file(tmp_path, body)).status == "PASS"


@pytest.mark.parametrize("body, problem", [
    ('[[build]]\nexpect = {pp = 1}\n', "exactly one entry"),
    ('[[build]]\nsheet = {cpr = 1}\n', "checks nothing"),
    ('[[build]]\nsheet = {cpr = 1}\nexpect = {}\n', "checks nothing"),
    ('[[build]]\nsheet = {cpr = 1}\nexpect = {pp = 2}\nrefused = ""\n', "not both"),
    ('[[build]]\ncard = {cpr = 1}\nexpect = {pp = 2}\n', "builds sheet"),
])
def test_a_malformed_build_is_refused_when_the_file_is_read(tmp_path, body, problem):
    with pytest.raises(sc.ScenarioError, match=problem):
        sc.load(_build_file(tmp_path, body))


def test_a_system_without_a_builder_refuses_builds(tmp_path):
    with pytest.raises(sc.ScenarioError, match="no character builder"):
        sc.load(_build_file(tmp_path, '[[build]]\nsheet = {cpr = 1}\nexpect = {pp = 2}\n',
                            system="gemwielders"))


@pytest.mark.rule("GEM-05")
@pytest.mark.rule("GEM-18")
def test_a_gems_initiative_order_starts_only_the_named_units_turn(tmp_path):
    # a stands in a current: had she rolled first and had her turn begun, her start-of-turn
    # water roll would have been made (and the current could have moved her) before the order
    # was replaced; given as an order, no initiative die is rolled and only b's turn begins
    f = tmp_path / "w.toml"
    f.write_text(textwrap.dedent('''
        [match]
        system = "gems"
        seed = 5
        [grid]
        rows = ["~~...", "....."]
        legend = {"~" = {water = true, current_dir = "E", water_penalty = 3, current_threshold = 12}, "." = {}}
        [setup]
        units = [{id = "a", sheet = "neutral", side = 0, x = 0, y = 0},
                 {id = "b", sheet = "neutral", side = 1, x = 3, y = 1}]
        [start]
        initiative = ["b", "a"]
        [expect]
        state = {"units.a.x" = 0, "units.a.ms_penalty" = 0, "order" = ["b", "a"]}
        '''), encoding="utf-8")
    result = sc.run_file(f)
    assert result.status == "PASS", result.errors + result.differences
    kinds = [e["kind"] for e in result.initial_events]
    assert "dice_rolled" not in kinds
    starts = [e for e in result.initial_events if e["kind"] == "turn_started"]
    assert [s["actor"] for s in starts] == ["b"]


def test_none_and_paths_are_read_in_actions_and_start_values(tmp_path):
    # TOML has no null: "<none>" fills an action field that must be empty, and a [start] value
    # may copy another part of the position with "$path"
    f = tmp_path / "n.toml"
    f.write_text(textwrap.dedent('''
        [match]
        system = "gems"
        [grid]
        rows = ["....."]
        [setup]
        units = [{id = "a", sheet = "neutral", side = 0, x = 0, y = 0, overrides = {abilities = ["r"]}},
                 {id = "b", sheet = "neutral", side = 1, x = 4, y = 0, overrides = {hp = 9, max_hp = 20}}]
        content = {abilities = {r = {name = "R", kind = "continuous", verb = "empower", amount = 1}}}
        [start]
        initiative = ["a", "b"]
        set = {"units.a.hp" = "$units.b.hp", "units.a.carrying" = "<none>"}
        [[step]]
        action = {kind = "gems.use_ability", unit = "a", ability = "r", target = "<none>"}
        [expect]
        state = {"units.a.hp" = 9, "units.a.active" = ["r"]}
        '''), encoding="utf-8")
    result = sc.run_file(f)
    assert result.status == "PASS", result.errors + result.differences


@pytest.mark.rule("BND-106")
def test_a_bindings_build_refuses_what_it_cannot_check(tmp_path):
    # one hour asked for with four dice: two are never rolled, so the file is wrong somewhere
    extra = sc.run_file(_build_file(tmp_path, '[[build]]\nprolonged_binding = {str_mod = 1, '
                                              'hours = 1, dice = [4, 5, 6, 6]}\n'
                                              'expect = {hours = 1}\n', system="bindings"))
    assert extra.differences == ["[[build]] 1 (prolonged_binding): refused: prolonged_binding: "
                                 "2 forced dice were never rolled"]
    wrong = sc.run_file(_build_file(tmp_path, '[[build]]\nprolonged_binding = {hour = 2}\n'
                                              'refused = "unknown key \'hour\'"\n',
                                    system="bindings"))
    assert wrong.status == "PASS"


def test_an_initiative_given_in_both_setup_and_start_is_an_error(tmp_path):
    f = tmp_path / "twice.toml"
    f.write_text(textwrap.dedent('''
        [match]
        system = "gems"
        [grid]
        rows = ["....."]
        [setup]
        units = [{id = "a", sheet = "neutral", side = 0, x = 0, y = 0},
                 {id = "b", sheet = "neutral", side = 1, x = 4, y = 0}]
        initiative = ["a", "b"]
        [start]
        initiative = ["b", "a"]
        [expect]
        over = false
        '''), encoding="utf-8")
    result = sc.run_file(f)
    assert result.status == "ERROR"
    assert result.errors == ["[start]: the initiative is given twice ([start] and [setup])"]
