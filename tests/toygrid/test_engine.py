"""toy_grid through the engine: the contract checks, a bot game, refusals, the pending parry,
the house rule and initiative, all through Match.submit with forced dice."""
from __future__ import annotations

import pytest

from game.engine.actions import Concede, EndTurn
from game.engine.ai.base import make_bot
from game.engine.ai.runner import ask_bot
from game.engine.match import Match
from game.engine.rules import IllegalAction
from tests.contract import checks
from tests.toygrid.engine.actions import Attack, Move, Parry
from tests.toygrid.engine.events import Parried, Struck, Wounded

# -- the contract, for toy_grid ---------------------------------------------------------------------
def test_contract_random_play_and_games_end(toy_grid):
    checks.check_metadata(toy_grid)
    assert len(set(checks.check_random_play(toy_grid, [1, 2, 3]))) > 1
    assert all(n > 0 for n in checks.check_random_games_end(toy_grid, [1, 2]))


def test_contract_json_saves_replays_and_determinism(toy_grid, tmp_path):
    assert checks.check_state_json_round_trip(toy_grid, 2) > 0
    checks.check_save_load_mid_match(toy_grid, 3, tmp_path)
    checks.check_replay(toy_grid, 4)
    checks.check_determinism(toy_grid, 6)
    checks.check_views(toy_grid, 10)
    checks.check_undo(toy_grid, 11)


def test_contract_allowed_means_listed(toy_grid):
    assert checks.check_legal_accepted(toy_grid, 2) > 0
    assert checks.check_illegal_actions(toy_grid, 1) > 0
    counts = checks.check_refusals_say_why(toy_grid, 3)
    assert counts["mangled"] > 0 and counts["other_piece"] > 0 and counts["unknown_kind"] > 0


# -- a bot game -----------------------------------------------------------------------------------
@pytest.mark.rule("TG-06")
@pytest.mark.parametrize("seed", [1, 5])
def test_a_seeded_bot_game_ends_with_a_winner(toy_grid, seed):
    match = Match.new(toy_grid.example_config(seed))
    bots = [make_bot("toy_grid", "normal"), make_bot("toy_grid", "easy")]
    assert type(bots[0]).__name__ == "ToyBot"          # the system's own bot, not RandomBot
    while not match.over:
        match.submit(ask_bot(match, bots[match.decision.seat], match.decision.seat))
        assert len(match.log) < 2000
    assert match.winner in (0, 1)
    assert not match.state.standing(1 - match.winner)   # won by felling every enemy


# -- rules, with forced dice ------------------------------------------------------------------------
def first_turn(toy_grid, seed: int = 3) -> Match:
    return Match.new(toy_grid.example_config(seed))


@pytest.mark.rule("TG-03")
def test_a_move_out_of_reach_is_refused_with_its_rule(toy_grid):
    match = first_turn(toy_grid)
    uid = match.state.acting
    u = match.state.units[uid]
    with pytest.raises(IllegalAction) as refused:
        match.submit(Move(uid, u.x, u.y + 6))
    assert refused.value.rule == "TG-03" and "out of" in refused.value.reason
    assert str(refused.value).endswith("(TG-03)")


@pytest.mark.rule("TG-03")
def test_reach_takes_every_second_diagonal_at_two(toy_grid):
    match = first_turn(toy_grid)                           # red1 at 1,1 acts first; move 3
    assert match.state.acting == "red1"
    moves = {(a.x, a.y) for a in match.legal_actions() if isinstance(a, Move)}
    assert (4, 1) in moves                                 # three straight steps: 3
    assert (3, 3) in moves                                 # two diagonals: 1 + 2 = 3
    assert (4, 4) not in moves                             # three diagonals: 1 + 2 + 1 = 4
    assert (1, 1) not in moves and (4, 3) not in moves     # not its own square, not the boulder


@pytest.mark.rule("TG-02")
def test_only_the_acting_soldier_may_act(toy_grid):
    match = first_turn(toy_grid)
    other = next(u for u in match.state.order if u != match.state.acting)
    o = match.state.units[other]
    with pytest.raises(IllegalAction) as refused:
        match.submit(Move(other, o.x, o.y + 1))
    assert refused.value.rule == "TG-02"


@pytest.mark.rule("TG-02")
def test_initiative_is_a_d6_each_with_ties_rolled_again(toy_grid):
    config = toy_grid.example_config(1)
    # red1..3 roll 3, 5, 5 and blue1..3 roll 2, 6, 1; the tied fives roll again: 2 then 4
    config.setup_dice = [3, 5, 5, 2, 6, 1, 2, 4]
    match = Match.new(config)
    assert match.state.order == ["blue2", "red3", "red2", "red1", "blue1", "blue3"]


def adjacent_strike(toy_grid, dice: list[int],
                    house: dict | None = None) -> tuple[Match, str, list]:
    """Walk the acting soldier next to an enemy (legal moves only), then strike with `dice`."""
    config = toy_grid.example_config(2)
    config.house_rules = house or {}
    match = Match.new(config)
    for _ in range(40):
        attacks = [a for a in match.legal_actions() if isinstance(a, Attack)]
        if attacks:
            match.rng.force(dice)
            return match, attacks[0].target, match.submit(attacks[0]).events
        bot = make_bot("toy_grid", "normal")
        match.submit(ask_bot(match, bot, match.decision.seat))
    raise AssertionError("no strike within 40 actions")


@pytest.mark.rule("TG-04", "TG-05")
def test_a_hit_asks_the_defender_to_parry_and_a_failed_parry_wounds(toy_grid):
    match, target, events = adjacent_strike(toy_grid, [4])
    assert Struck(match.state.acting, target, True) in events
    assert match.decision.stage == "parry" and match.decision.actor == target
    assert match.decision.seat == match.state.units[target].side
    assert {type(a) for a in match.legal_actions()} == {Parry, Concede}
    with pytest.raises(IllegalAction) as refused:
        match.submit(EndTurn())
    assert refused.value.rule == "TG-05"
    match.rng.force([4])
    events = match.submit(Parry(target, True)).events
    assert Parried(target, False) in events and Wounded(target, 1) in events


@pytest.mark.rule("TG-04")
def test_a_low_roll_misses_and_asks_nothing(toy_grid):
    match, target, events = adjacent_strike(toy_grid, [3])
    assert match.decision.stage == "act" and not match.state.pending
    assert Struck(match.state.acting, target, False) in events
    assert match.state.units[target].hp == 2


@pytest.mark.rule("TG-GM-01")
def test_the_house_rule_lets_a_four_parry(toy_grid):
    for house, saved in (({}, False), ({"parry_on": 4}, True)):
        match, target, _ = adjacent_strike(toy_grid, [6], house)
        match.rng.force([4])
        events = match.submit(Parry(target, True)).events
        assert Parried(target, saved) in events
        assert match.state.units[target].hp == (2 if saved else 1)


@pytest.mark.rule("TG-01")
def test_a_soldier_from_the_content_file_stands_on_every_spawn(toy_grid):
    match = first_turn(toy_grid)
    spawns = [(o.x, o.y) for side in (0, 1) for o in match.state.board.spawns_by_side()[side]]
    assert [(u.x, u.y) for u in match.state.units.values()] == spawns
    assert {u.hp for u in match.state.units.values()} == {2}      # soldiers.toml: hp = 2


@pytest.mark.rule("TG-07")
def test_after_the_last_round_the_side_with_more_hit_points_wins(toy_grid):
    match = first_turn(toy_grid)
    while not match.over:
        match.submit(EndTurn())
    assert match.state.round == 21 and match.winner is None       # nobody was hurt: a draw
    assert len(match.log) == 6 * 20


def test_autoplay_plays_it_from_the_command_line(toy_grid, capsys):
    import json

    from game.cli import autoplay
    assert autoplay.main(["--system", "toy_grid", "--seed", "1"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["winner"] in (0, 1), summary


@pytest.mark.rule("TG-04", "TG-05", "TG-GM-01")
def test_the_odds_of_a_wound_are_exact(toy_grid):
    from fractions import Fraction

    from tests.toygrid.engine.rules import hit_odds
    plain = first_turn(toy_grid).state
    assert hit_odds(plain) == Fraction(1, 2) * Fraction(4, 6)       # hit on 4+, parry fails on 1-4
    config = toy_grid.example_config(3)
    config.house_rules = {"parry_on": 4}
    assert hit_odds(Match.new(config).state) == Fraction(1, 4)
