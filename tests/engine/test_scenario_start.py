"""Scenario files that say a position outright ([start]), checks that cannot pass by accident
(no empty tables, exact_dice) and refusals checked by rule ID, on the real rule systems."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from game.engine import scenario as sc

GEMS = """
[match]
system = "gems"
seed = 1
setup_dice = [20, 1]

[grid]
rows = [".....", ".....", "....."]

[setup]
units = [
  {id = "garnet", sheet = "garnet", side = 0, x = 0, y = 1, overrides = {cpr = 3}},
  {id = "iolite", sheet = "iolite", side = 1, x = 4, y = 1, overrides = {blocking = false}},
]
"""


def run(tmp_path: Path, text: str) -> sc.Result:
    p = tmp_path / "s.toml"
    p.write_text(textwrap.dedent(text), encoding="utf-8")
    return sc.run_file(p)


def test_start_sets_units_and_turn_state_without_filler_steps(tmp_path):
    r = run(tmp_path, GEMS + """
[start]
"units.iolite.hp" = 5
"units.garnet" = {x = 3, y = 1}
slots = 1

[[step]]
action = {kind = "gems.ready", unit = "garnet"}
state = {slots = 0, "units.garnet.x" = 3}

[[step]]
action = {kind = "gems.assign_arm", unit = "garnet", arm = 0, target = [4, 1], mode = "melee"}

[[step]]
action = {kind = "gems.strike", unit = "garnet"}
dice = [14]
exact_dice = true

[expect]
state = {"units.iolite.hp" = 3, "units.garnet.y" = 1}
""")
    assert r.status == "PASS", r.differences + r.errors
    assert r.match.state.units["garnet"].x == 3


@pytest.mark.parametrize("line,fragment", [
    ('"units.garnet.hpp" = 3', "there is no 'hpp' to set"),
    ('"units.nobody.hp" = 3', "has no 'nobody'"),
    ('"units.garnet" = {colour = "red"}', "units.garnet.colour"),
    ('"units.garnet.arms" = 3', "the position cannot be built"),
])
def test_a_start_path_that_leads_nowhere_is_an_error_naming_it(tmp_path, line, fragment):
    r = run(tmp_path, GEMS + f"\n[start]\n{line}\n\n[expect]\nover = false\n")
    assert r.status == "ERROR" and fragment in " ".join(r.errors), r.errors


def test_start_refuses_a_position_that_breaks_an_invariant(tmp_path):
    r = run(tmp_path, GEMS + '\n[start]\n"units.garnet.hp" = 99\n\n[expect]\nover = false\n')
    assert r.status == "ERROR" and "invariant" in " ".join(r.errors), r.errors


@pytest.mark.parametrize("where", [
    '[expect]\nstate = {"units.garnet.truces" = {}}',
    '[[step]]\naction = {kind = "end_turn"}\nevents = [{kind = "turn_started", extra = {}}]',
    '[start]\n"units.garnet" = {}',
])
def test_an_empty_table_is_refused_because_it_would_match_anything(tmp_path, where):
    p = tmp_path / "s.toml"
    p.write_text(GEMS + "\n" + where + "\n", encoding="utf-8")
    with pytest.raises(sc.ScenarioError, match="empty"):
        sc.load(p)


def _strike(dice: str) -> str:
    return GEMS + f"""
[start]
"units.garnet.x" = 3

[[step]]
action = {{kind = "gems.ready", unit = "garnet"}}

[[step]]
action = {{kind = "gems.assign_arm", unit = "garnet", arm = 0, target = [4, 1], mode = "melee"}}

[[step]]
action = {{kind = "gems.strike", unit = "garnet"}}
{dice}
exact_dice = true
"""


def test_exact_dice_fails_a_step_with_dice_left_over(tmp_path):
    r = run(tmp_path, _strike("dice = [14, 3]"))
    assert r.status == "FAIL" and "left over" in " ".join(r.differences)


def test_exact_dice_fails_a_step_that_rolls_at_random(tmp_path):
    r = run(tmp_path, _strike("dice = []"))
    assert r.status == "FAIL" and "more dice" in " ".join(r.differences)


def test_expect_illegal_can_name_the_rule_of_the_refusal(tmp_path):
    base = GEMS + """
[start]
"units.garnet.hp" = 40
"units.garnet.max_hp" = 40

[[step]]
action = {kind = "gems.climb", unit = "garnet", to = [1, 1]}
"""
    with pytest.raises(sc.ScenarioError, match="expect_illegal"):   # an empty rule ID
        run(tmp_path, base + 'expect_illegal = {reason = "free", rule = ""}\n')
    right = run(tmp_path, base + 'expect_illegal = {reason = "free"}\n')
    assert right.status == "PASS", right.differences + right.errors
    wrong = run(tmp_path, GEMS + """
[[step]]
action = {kind = "gems.drop", unit = "garnet", to = [1, 1]}
expect_illegal = {reason = "not a drop", rule = "GEM-13"}
""")
    assert wrong.status == "FAIL" and "under rule" in " ".join(wrong.differences)


def test_start_works_for_the_card_game_and_the_hex_game(tmp_path):
    cards = run(tmp_path, """
[match]
system = "gemwielders"
seed = 3
setup_dice = [0]

[start]
"players.0.life" = 4
"players.1.power" = 7

[expect]
state = {"players.0.life" = 4, "players.1.power" = 7}
""")
    assert cards.status == "PASS", cards.errors + cards.differences
    hexes = run(tmp_path, """
[match]
system = "bindings"
seed = 3
map = "bindings_pass.tmx"

[start]
round = 3

[expect]
state = {round = 3}
""")
    assert hexes.status == "PASS", hexes.errors + hexes.differences


@pytest.mark.parametrize("system", ["gems", "bindings", "gemwielders"])
def test_the_starter_file_of_every_system_explains_itself_and_passes(tmp_path, capsys, system):
    from game.cli import scenario as cli
    from game.engine import registry
    assert {s.id for s in registry.all_systems()} >= {system}
    target = tmp_path / "mine.toml"
    assert cli.main(["--new", system, str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    for key in ("[match]", "[start]", "[[step]]", "[expect]", "exact_dice", "expect_illegal"):
        assert key in text, key
    assert sc.run_file(target).status == "PASS"
    assert cli.main(["--new", system, str(target)]) == 2          # never over a file
    assert "already exists" in capsys.readouterr().out
    assert target.read_text(encoding="utf-8") == text


def test_show_lists_the_state_paths_a_check_can_use(tmp_path, capsys):
    from game.cli import scenario as cli
    p = tmp_path / "s.toml"
    p.write_text(GEMS + '\n[start]\n"units.iolite.hp" = 7\n\n[expect]\nover = false\n',
                 encoding="utf-8")
    assert cli.main([str(p), "--show"]) == 0
    out = capsys.readouterr().out
    assert "units.iolite.hp = 7" in out and "units.garnet.arms.# = 2" in out
    assert cli.main(["--new", "chess"]) == 2


def test_every_documented_example_passes():
    from game import paths
    root = paths.resource_root() / "docs" / "examples"
    files = sorted(root.glob("*.toml"))
    assert len(files) >= 4
    for f in files:
        r = sc.run_file(f)
        assert r.status == "PASS", (f.name, r.differences + r.errors)


def test_an_empty_table_in_the_state_takes_new_keys_and_a_full_one_does_not():
    data = {"cooldowns": {}, "unit": {"hp": 3}}
    sc.assign(data, "cooldowns", {"air_blast": 2})
    assert data["cooldowns"] == {"air_blast": 2}
    with pytest.raises(KeyError, match="no 'hq'"):
        sc.assign(data, "unit", {"hq": 4})
    sc.assign(data, "unit.hp", "<none>")
    assert data["unit"]["hp"] is None
