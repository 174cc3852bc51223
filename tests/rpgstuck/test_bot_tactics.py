"""What the rpgstuck bots do in small set positions: finish the wounded enemy, walk up and strike
in the same turn, save the minor action when Daze leaves only one, strike at a square they know
in the dark instead of bumping into it again, wait out a cooldown with the blow that is ready,
and answer a stage they do not know. Positions are built by hand; no dice decide a choice."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.engine.actions import EndTurn
from game.engine.ai.base import make_bot
from game.engine.rng import Rng
from game.engine.systems.rpgstuck import RPGSTUCK
from game.engine.systems.rpgstuck.actions import Aim, Assail, Attack, Move
from game.engine.systems.rpgstuck.ai import RpgBot
from game.engine.systems.rpgstuck.state import Condition
from tests.rpgstuck.engine_helpers import battle


def _choice(m, bot: RpgBot | None = None):
    seat = m.decision.seat
    return (bot or RpgBot("t")).choose(m.view(seat), m.legal_actions(), Rng.from_seed(1))


def _turn(m, bot: RpgBot, limit: int = 12) -> list:
    """The bot's actions until its turn ends."""
    played = []
    for _ in range(limit):
        a = _choice(m, bot)
        played.append(a)
        m.submit(a)
        if isinstance(a, EndTurn):
            return played
    raise AssertionError(f"the turn did not end: {played}")


@pytest.mark.rule("RS-B-29")
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_bot_finishes_the_wounded_enemy_next_to_it(level):
    RPGSTUCK.load_bots()
    m = battle([("knight", "knight", 0, 2, 2), ("imp_a", "imp", 1, 3, 2),
                ("imp_b", "imp", 1, 1, 2)], overrides={"imp_a": {"hp": 2}})
    played = _turn(m, make_bot("rpgstuck", level))
    blows = [a for a in played if isinstance(a, Attack)]
    assert played[0] in (Aim("knight"), Assail("knight"))       # B-12: the minor first
    assert blows and (3, 2) in blows[0].targets      # the imp with 2 HP left is struck


@pytest.mark.rule("RS-B-11")
def test_the_bot_walks_up_and_strikes_in_the_same_turn():
    # the imp stout enough to outlast one turn's blows, whatever the dice
    m = battle([("knight", "knight", 0, 0, 2), ("imp", "imp", 1, 5, 2)],
               overrides={"imp": {"hp": 99, "max_hp": 99}})
    played = _turn(m, RpgBot("t"))
    assert isinstance(played[0], Move)
    knight = m.state.creatures["knight"]
    assert max(abs(knight.x - 5), abs(knight.y - 2)) == 1        # next to the imp
    assert any(isinstance(a, Attack) and set(a.targets) == {(5, 2)} for a in played)


@pytest.mark.rule("RS-B-16")
def test_a_dazed_bot_strikes_instead_of_aiming():
    m = battle([("knight", "knight", 0, 2, 2), ("imp", "imp", 1, 3, 2)])
    m.state.creatures["knight"].conditions.append(Condition("daze", 0, "imp", "own_turn"))
    m.edited()
    assert Aim("knight") in m.legal_actions()          # offered, but it would spend the turn
    assert isinstance(_choice(m), Attack)


@pytest.mark.rule("RS-102", "RS-103")
def test_in_the_dark_the_bot_strikes_at_the_square_it_bumped_into():
    rows = ["%%%%%%%%",
            "%%%%%%%%",
            "%%%%%%%%"]
    m = battle([("knight", "knight", 0, 0, 1), ("imp", "imp", 1, 3, 1)], rows=rows)
    assert "imp" not in m.view(0).creatures            # nobody sees anybody in the dark
    m.state.last_seen["0"] = {"imp": [3, 1]}            # as if a walk had bumped into it
    m.edited()
    played = _turn(m, RpgBot("t"))
    walks = [a for a in played if isinstance(a, Move)]
    assert all((a.x, a.y) != (3, 1) for a in walks)     # never into the known square again
    guesses = [a for a in played if isinstance(a, Attack)]
    assert guesses and set(guesses[0].targets) == {(3, 1)}


@pytest.mark.rule("RS-97")
def test_a_cooled_down_ranged_blow_leaves_the_bot_walking_in_to_bite():
    m = battle([("basilisk", "basilisk", 1, 0, 2), ("knight", "knight", 0, 6, 2)])
    m.state.creatures["basilisk"].ready_round["stony_glare"] = m.state.round + 2
    m.edited()
    played = _turn(m, RpgBot("t"))
    assert any(isinstance(a, Attack) and a.ability in ("basilisk_bite", "tail_whip")
               for a in played)


@dataclass(frozen=True, slots=True)
class _NewQuestion:
    """An answer to a stage a newer rule might add (the bot has never heard of it)."""

    unit: str
    take: bool


def test_a_stage_the_bot_does_not_know_gets_its_first_answer():
    m = battle([("knight", "knight", 0, 2, 2), ("imp", "imp", 1, 3, 2)])
    legal = [_NewQuestion("knight", True), _NewQuestion("knight", False)]
    assert RpgBot("t").choose(m.view(0), legal, Rng.from_seed(1)) == legal[0]
