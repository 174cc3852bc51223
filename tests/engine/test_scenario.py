"""The scenario runner and `python -m game scenario`, on the toy dice race."""
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

GOOD = HEAD + """
[[step]]
action = {kind = "toy_step", seat = 0}
state = {"positions" = [1, 0]}

[[step]]
action = {kind = "toy_roll", seat = 0}
dice = [6]
events = [{kind = "dice_rolled", roll.faces = [6], roll.total = 6}, {kind = "toy_moved", end = 7}]
decision = {stage = "choose_bonus", seat = 0}

[[step]]
action = {kind = "end_turn"}
expect_illegal = "NOT ALLOWED"

[[step]]
action = {kind = "toy_bonus", seat = 0, take = true}

[expect]
state = [["positions.0", 9], ["seat", 0]]
events = [{kind = "turn_started", seat = 0}, {kind = "toy_moved", start = 7, end = 9}]
legal = [{kind = "end_turn"}, {kind = "toy_step", seat = 0}]
not_legal = [{kind = "toy_roll"}]
over = false
"""


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    p = tmp_path / name
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return p


def differences(tmp_path, text) -> list[str]:
    return sc.run_file(write(tmp_path, text)).differences


def test_a_correct_scenario_passes(toy_system, tmp_path):
    result = sc.run_file(write(tmp_path, GOOD))
    assert result.differences == []
    assert result.match.state.positions == [9, 0]
    assert [s.number for s, _, _ in result.steps] == [1, 2, 3, 4]
    assert result.steps[2][2] == ("not allowed before taking or refusing the bonus for the six "
                                  "(TOY-03)")


@pytest.mark.parametrize("old,new,fragment", [
    ('state = {"positions" = [1, 0]}', 'state = {"positions" = [2, 0]}',
     "step 1 (toy_step seat=0): state positions[0] is 1, expected 2"),
    ("roll.total = 6}", "roll.total = 5}",
     "expected event 1 (dice_rolled roll={faces=[6], total=5}) did not happen; the dice_rolled "
     "events that did happen differ: roll.total is 6, expected 5"),
    ('{kind = "toy_moved", start = 7, end = 9}', '{kind = "toy_moved", start = 7, end = 10}',
     "at the end: expected event 2 (toy_moved start=7 end=10) did not happen"),
    ('expect_illegal = "NOT ALLOWED"', 'expect_illegal = "too tired"',
     "the reason 'not allowed before taking or refusing the bonus for the six (TOY-03)' does not "
     "contain 'too tired'"),
    ('decision = {stage = "choose_bonus", seat = 0}', 'decision = {stage = "act", seat = 0}',
     "decision stage is choose_bonus, expected act"),
    ('["seat", 0]', '["seat", 1]', "state seat is 0, expected 1"),
    ("over = false", "over = true", "expected the match to be over, but it goes on"),
    ("over = false", "winner = 1", "winner is None, expected 1"),
    ('legal = [{kind = "end_turn"}, ', 'legal = [{kind = "toy_peek", seat = 1}, ',
     "expected toy_peek seat=1 to be legal; legal toy_peek actions: toy_peek seat=0"),
    ('not_legal = [{kind = "toy_roll"}]', 'not_legal = [{kind = "toy_step"}]',
     "expected toy_step to be illegal, but legal: toy_step seat=0"),
    ("over = false", 'not_events = [{kind = "toy_moved", end = 7}]',
     "at the end: toy_moved end=7 should not have happened, but did: toy_moved seat=0 start=1 end=7"),
])
def test_each_kind_of_difference_is_reported(toy_system, tmp_path, old, new, fragment):
    assert old in GOOD
    found = differences(tmp_path, GOOD.replace(old, new))
    assert any(fragment in d for d in found), found


@pytest.mark.parametrize("old, new, fragment", [
    ('["seat", 0]', '["units.garnet.hp", 1]', "state units.garnet.hp: the path leads nowhere "
                                               "(the state has no 'units'"),
    ('["positions.0", 9]', '["positions.5", 9]', "positions has 2 items, no item 5"),
    ("dice = [6]", "dice = [6, 4]", "at the end: forced dice [4] were never rolled"),
])
def test_mistakes_in_the_file_found_by_running_it_are_errors(toy_system, tmp_path, old, new,
                                                             fragment):
    """A path into the state that leads nowhere and dice that are never rolled are the file's
    mistakes (ERROR), not differences in the rules (FAIL)."""
    assert old in GOOD
    result = sc.run_file(write(tmp_path, GOOD.replace(old, new)))
    assert result.status == "ERROR" and not result.passed
    assert any(fragment in e for e in result.errors), result.errors


def test_no_winner_yet_is_written_none(toy_system, tmp_path):
    assert differences(tmp_path, GOOD.replace("over = false", 'winner = "<none>"')) == []


def test_an_expected_refusal_that_is_allowed_is_a_difference(toy_system, tmp_path):
    text = HEAD + """
    [[step]]
    action = {kind = "toy_step", seat = 0}
    expect_illegal = "no"
    """
    assert differences(tmp_path, text) == [
        "step 1 (toy_step seat=0): expected it to be refused ('no'), but it was allowed"]


def test_an_unexpected_refusal_stops_the_run(toy_system, tmp_path):
    text = HEAD + """
    [[step]]
    action = {kind = "toy_step", seat = 1}
    [[step]]
    action = {kind = "toy_step", seat = 0}
    [expect]
    state = {"positions.0" = 99}
    """
    result = sc.run_file(write(tmp_path, text))
    assert result.differences == ["step 1 (toy_step seat=1): refused: it is seat 1's turn, not "
                                  "seat 2's (TOY-01)",
                                  "(the steps after it were not run)"]
    assert len(result.steps) == 1


def test_a_forced_die_that_does_not_fit_is_reported(toy_system, tmp_path):
    text = HEAD + """
    dice = [9]
    [[step]]
    action = {kind = "toy_roll", seat = 0}
    """.replace("dice = [9]\n", "")
    text = text.replace('name = "toy"', 'name = "toy"\ndice = [9]')
    found = differences(tmp_path, text)
    assert "a forced die does not fit the roll: forced result 9 is outside 1..6" in found[0]


def test_set_up_dice_reach_the_set_up(toy_system, tmp_path):
    text = """
    [match]
    system = "toy_race"
    setup_dice = [3, 4]
    [expect]
    state = {"secrets" = [3, 4]}
    """
    assert differences(tmp_path, text) == []


def test_a_set_up_the_system_refuses_is_reported_not_raised(toy_system, tmp_path):
    result = sc.run_file(write(tmp_path, HEAD.replace("goal = 12", "goal = -1")
                               + "[expect]\nover = false\n"))
    assert result.status == "ERROR"
    assert result.errors == ["the match could not be set up: toy_race: goal must be a positive "
                             "integer, not -1"]


def test_an_unknown_house_rule_is_an_error_in_the_file(toy_system, tmp_path):
    text = HEAD.replace("seed = 3", "seed = 3\nhouse_rules = {no_such_rule = true}")
    result = sc.run_file(write(tmp_path, text + "[expect]\nover = false\n"))
    assert result.status == "ERROR" and "no_such_rule" in result.errors[0]


@pytest.mark.parametrize("seed", ["99999999999999999999999", "-1", str(2**64)])
def test_a_seed_the_generator_cannot_take_as_it_is_is_refused(toy_system, tmp_path, seed):
    with pytest.raises(sc.ScenarioError, match="seed"):
        sc.load(write(tmp_path, HEAD.replace("seed = 3", f"seed = {seed}")
                      + "[expect]\nover = false\n"))


def test_toml_nested_past_the_limit_is_refused_with_a_message(toy_system, tmp_path):
    text = HEAD + "[expect]\nover = false\n[setup]\ndeep = " + "[" * 500 + "]" * 500 + "\n"
    with pytest.raises(sc.ScenarioError, match="levels deep"):
        sc.load(write(tmp_path, text))


def test_a_long_set_up_error_is_cut_short(toy_system, tmp_path, monkeypatch):
    def broken(config, rng):
        raise ValueError("\n".join(f"problem {i}" for i in range(50)))
    monkeypatch.setattr(toy_system, "setup", broken)
    found = differences(tmp_path, HEAD + "[expect]\nover = false\n")
    assert len(found) == 1 and found[0].count("\n") == 6
    assert found[0].endswith("... and 44 more lines") and "problem 5" in found[0]


def test_house_rules_reach_the_match(toy_system, tmp_path):
    text = HEAD.replace("seed = 3", "seed = 3\nhouse_rules = {bonus_on_six = false}") + """
    [[step]]
    action = {kind = "toy_roll", seat = 0}
    dice = [6]
    decision = {stage = "act"}
    """
    assert differences(tmp_path, text) == []


def test_grid_goes_into_setup_and_map_resolves_next_to_the_file(toy_system, tmp_path, monkeypatch):
    text = """
    [match]
    system = "toy_race"
    [grid]
    rows = ["..", ".#"]
    legend = {"." = {}, "#" = {solid = true}}
    [expect]
    over = false
    """
    s = sc.load(write(tmp_path, text))
    assert s.config.setup["grid"] == {"rows": ["..", ".#"], "legend": {".": {}, "#": {"solid": True}}}
    (tmp_path / "arena.tmx").write_text("<map/>")
    s = sc.load(write(tmp_path, text.replace("[grid]", "map = \"arena.tmx\"\n[g]")
                      .replace("[g]\n    rows", "[setup]\n    rows")
                      .replace("legend = ", "legend_ = "), "m.toml"))
    assert s.config.map == str((tmp_path / "arena.tmx").resolve())
    maps = tmp_path / "maps"
    (maps / "sub").mkdir(parents=True)
    (maps / "sub" / "field.tmx").write_text("<map/>")
    monkeypatch.setattr("game.paths.maps_dir", lambda: maps)
    other = tmp_path / "elsewhere"
    other.mkdir()
    s = sc.load(write(other, '[match]\nsystem = "toy_race"\nmap = "sub/field.tmx"\n[expect]\nover = false\n'))
    assert s.config.map == "sub/field.tmx"


@pytest.mark.parametrize("text,fragment", [
    ("[match\nsystem = 1", "not valid TOML"),
    ('color = "red"\n[match]\nsystem = "toy_race"', "top level: unknown key 'color'"),
    ("[setup]\ngoal = 3", "[match]: must be a table"),
    ('[match]\nsystem = "chess"', "[match] system: unknown rule system 'chess'"),
    ('[match]\nsystem = "toy_race"\nseed = "x"\n[expect]\nover=false', "[match] seed: must be a whole number"),
    ('[match]\nsystem = "toy_race"\nspeed = 1', "[match]: unknown key 'speed'"),
    ('[match]\nsystem = "toy_race"\n[[step]]\naction = {seat = 0}', '[[step]] 1 action: must be a table with a "kind"'),
    ('[match]\nsystem = "toy_race"\n[[step]]\naction = {kind = "fly"}', "unknown action kind 'fly' (known kinds:"),
    ('[match]\nsystem = "toy_race"\n[[step]]\naction = {kind = "toy_step", seat = "me"}', "expected an integer"),
    ('[match]\nsystem = "toy_race"\n[[step]]\naction = {kind = "toy_step", seat = 0, far = 1}', "unknown fields ['far']"),
    ('[match]\nsystem = "toy_race"\n[[step]]\nactoin = {kind = "end_turn"}', "[[step]] 1: unknown key 'actoin'"),
    ('dice = ["six"]\n[match]\nsystem = "toy_race"\n[expect]\nover=false', "dice: must be a list of whole numbers"),
    ('[match]\nsystem = "toy_race"\n[[step]]\nexpect_illegal = "x"', "needs an action to refuse"),
    ('[match]\nsystem = "toy_race"\n[[step]]\naction = {kind = "end_turn"}\nevents = [{seat = 1}]', "each with a 'kind'"),
    ('[match]\nsystem = "toy_race"\n[expect]\nstate = 5', "[expect] state: must be a table"),
    ('[match]\nsystem = "toy_race"\n[expect]\nwinner = true', "winner: must be a side number"),
    ('[match]\nsystem = "toy_race"\nmap = "nowhere.tmx"\n[expect]\nover=false', "'nowhere.tmx' is neither next to the scenario"),
    ('[match]\nsystem = "toy_race"\n[grid]\nrows = []\n[expect]\nover=false', "[grid] rows: must be a non-empty list"),
    ('[match]\nsystem = "toy_race"', "it checks nothing"),
])
def test_malformed_files_raise_a_scenario_error_naming_file_and_place(toy_system, tmp_path, text,
                                                                      fragment):
    path = write(tmp_path, text)
    with pytest.raises(sc.ScenarioError) as err:
        sc.load(path)
    assert str(path) in str(err.value)
    assert fragment in str(err.value), str(err.value)


def test_unreadable_files(tmp_path):
    with pytest.raises(sc.ScenarioError, match="does not exist"):
        sc.load(tmp_path / "missing.toml")
    p = tmp_path / "bin.toml"
    p.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(sc.ScenarioError, match="not UTF-8"):
        sc.load(p)


def test_partial_matching_rules():
    assert sc.differences({"a": 1}, {"a": 1, "b": 2}) == []
    assert sc.differences({"a": {"b": 1}}, {"a": {"b": 2}}) == ["a.b is 2, expected 1"]
    assert sc.differences([1, 2], [1, 2, 3]) == ["value is [1, 2, 3], expected [1, 2]"]
    assert sc.differences(True, 1) == ["value is 1, expected true"]
    assert sc.differences(1, 1.0) == []
    assert sc.differences({"x": 1}, {"y": 1}) == ["x is missing (has: y)"]
    assert sc.differences({"x": "<none>"}, {"x": None}) == []
    assert sc.differences({"x": "<none>"}, {"x": 0}) == ["x is 0, expected nothing (<none>)"]


def test_lookup_follows_keys_indexes_and_ids():
    data = {"units": [{"id": "garnet", "hp": 15}, {"id": "pearl", "hp": 20}], "round": 2}
    assert sc.lookup(data, "units.garnet.hp") == 15
    assert sc.lookup(data, "units.1.hp") == 20
    assert sc.lookup(data, "units.-1.id") == "pearl"
    with pytest.raises(KeyError, match="no item with id 'ruby'"):
        sc.lookup(data, "units.ruby.hp")
    with pytest.raises(KeyError, match="round is 2, which has no 'x'"):
        sc.lookup(data, "round.x")


def test_events_match_in_order_as_a_subsequence():
    actual = [{"kind": "a", "n": 1}, {"kind": "b"}, {"kind": "a", "n": 2}]
    assert sc.match_events([{"kind": "a", "n": 1}, {"kind": "a", "n": 2}], actual, "w") == []
    assert sc.match_events([{"kind": "a", "n": 2}, {"kind": "a", "n": 1}], actual, "w") != []
    assert sc.match_events([], actual, "w") == []
    assert sc.match_events([{"kind": "b"}, {"kind": "b"}], actual, "w") == [
        "w: expected event 2 (b) did not happen; what happened was: a"]


# -- the command ----------------------------------------------------------------------------------
def test_command_passes_fails_and_reports_broken_files(toy_system, tmp_path, capsys):
    good = write(tmp_path, GOOD, "good.toml")
    assert cli.main([str(good)]) == 0
    out = capsys.readouterr().out
    assert f"PASS  {good}" in out and "1 passed, 0 failed, 0 could not be run" in out

    bad = write(tmp_path, GOOD.replace("end = 9", "end = 8"), "bad.toml")
    broken = write(tmp_path, "[match\n", "broken.toml")
    assert cli.main([str(good), str(bad), str(broken), str(tmp_path / "none.toml")]) == 1
    out = capsys.readouterr().out
    assert f"FAIL  {bad}" in out
    assert "  - at the end: expected event 2 (toy_moved start=7 end=8) did not happen" in out
    assert f"ERROR {broken}: the file is not valid TOML" in out
    assert "none.toml: the file does not exist" in out
    assert "1 passed, 1 failed, 2 could not be run" in out
    assert "Traceback" not in out


def test_command_runs_a_folder_and_shows_steps(toy_system, tmp_path, capsys):
    write(tmp_path, GOOD, "a.toml")
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", GOOD, "b.toml")
    assert cli.main([str(tmp_path), "--show"]) == 0
    out = capsys.readouterr().out
    assert "2 passed" in out
    assert "dice_rolled: d6 6 = 6" in out
    assert "refused: not allowed before taking or refusing the bonus for the six (TOY-03)" in out


def test_command_on_an_empty_folder_fails(tmp_path, capsys):
    assert cli.main([str(tmp_path)]) == 1
    assert "holds no .toml scenario files" in capsys.readouterr().out
