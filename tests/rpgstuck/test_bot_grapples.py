"""The rpgstuck bots weigh a grab (RS-64) and a break free (RS-65) against their blows by the
engine's odds (grapple.grapple_odds / escape_odds) and the forecast's price of what a hold takes
away: a prone foe held cannot stand (RS-71: standing up is movement), so its blows stay at B-16's
disadvantage and the holder's at its advantage; a shooter held within 5 ft shoots at B-22's
disadvantage. A standing melee foe is never grabbed for nothing. Positions are built by hand; no
dice decide a choice."""
from __future__ import annotations

import pytest

from game.engine.ai.base import make_bot, run_thinking
from game.engine.rng import Rng
from game.engine.systems.rpgstuck import RPGSTUCK, grapple
from game.engine.systems.rpgstuck.actions import Aim, Attack, Escape, Grapple, StandUp
from game.engine.systems.rpgstuck.ai import RpgBot
from game.engine.systems.rpgstuck.state import Condition
from tests.rpgstuck.engine_helpers import battle


def _choice(m, bot=None):
    seat = m.decision.seat
    return (bot or RpgBot("t")).choose(m.view(seat), m.legal_actions(), Rng.from_seed(1))


def _blow_or_grab(m, bot):
    """The bot's first real choice this turn (past an Aim it takes before a blow)."""
    a = _choice(m, bot)
    if a == Aim(a.unit):
        m.submit(a)
        a = _choice(m, bot)
    return a


@pytest.mark.rule("RS-64", "RS-71", "RS-B-16")
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_holds_a_prone_shooter_down_rather_than_bite_it(level):
    RPGSTUCK.load_bots()
    m = battle([("hound", "hound", 0, 1, 1), ("scout", "scout", 1, 2, 1)])
    m.state.creatures["scout"].conditions.append(Condition("prone"))
    m.edited()
    a = _blow_or_grab(m, make_bot("rpgstuck", level))
    assert a == Grapple("hound", 2, 1)
    # held, the scout may not stand (RS-71): the lock the bot paid for
    m.rng.force([20, 1])
    m.submit(a)
    s = m.state
    assert s.creatures["scout"].has("grappled") and s.creatures["scout"].has("prone")


@pytest.mark.rule("RS-64")
def test_a_standing_melee_foe_is_struck_not_grabbed():
    """Held or not, a knight next to the hound strikes the hound: the hold takes nothing away
    and the bot bites, though the grab is offered."""
    m = battle([("hound", "hound", 0, 1, 1), ("knight", "knight", 1, 2, 1)])
    assert Grapple("hound", 2, 1) in m.legal_actions()
    a = _blow_or_grab(m, RpgBot("t"))
    assert isinstance(a, Attack) and a.targets == ((2, 1),)


@pytest.mark.rule("RS-64")
def test_the_grab_is_priced_by_the_engine_s_odds():
    """The same prone scout, but a far stronger grappler on the scout's side of the check: the
    bot's price of the grab follows the engine's chance (a scout that cannot be held is not
    worth grabbing)."""
    m = battle([("hound", "hound", 0, 1, 1), ("scout", "scout", 1, 2, 1)])
    s = m.state
    s.creatures["scout"].conditions.append(Condition("prone"))
    m.edited()
    bot = RpgBot("t")
    grab = Grapple("hound", 2, 1)
    view = m.view(0)
    easy = run_thinking(bot._grab_score(view, view.creatures["hound"], grab, Rng.from_seed(1)))
    s.creatures["scout"].skills["acrobatics"] = 40          # no face of the hound's beats it
    m.edited()
    view = m.view(0)
    bot._memo = {}
    assert grapple.grapple_odds(view, view.creatures["hound"], view.creatures["scout"]) == 0
    assert run_thinking(bot._grab_score(view, view.creatures["hound"], grab,
                                        Rng.from_seed(1))) == 0
    assert easy > 0
    assert isinstance(_blow_or_grab(m, bot), Attack)


@pytest.mark.rule("RS-65", "RS-71", "RS-B-16")
def test_a_prone_psion_held_by_a_knight_breaks_free_rather_than_strike_from_the_floor():
    m = battle([("psion", "psion", 0, 1, 1), ("knight", "knight", 1, 2, 1)])
    s = m.state
    psion = s.creatures["psion"]
    psion.conditions += [Condition("prone"), Condition("grappled", 5, "knight")]
    s.creatures["knight"].conditions.append(Condition("grappling", 1, "psion"))
    m.edited()
    legal = m.legal_actions()
    assert StandUp("psion") not in legal and Escape("psion", "knight") in legal
    assert _blow_or_grab(m, RpgBot("t")) == Escape("psion", "knight")


@pytest.mark.rule("RS-64", "RS-B-16")
def test_a_prone_foe_held_is_worth_more_with_a_friend_next_to_it():
    """The hold keeps the foe down for the whole side: a friend next to the prone scout
    strikes it at advantage while it lasts, so the grab is worth more than with the hound
    alone (and a friend shooting from afar would lose by it: B-16 for ranged blows)."""
    def price(extra):
        m = battle([("hound", "hound", 0, 1, 1), ("scout", "scout", 1, 2, 1)] + extra)
        m.state.creatures["scout"].conditions.append(Condition("prone"))
        m.edited()
        view = m.view(0)
        # a price is thought in slices (RpgBot.think): run to its answer
        return run_thinking(RpgBot("t")._grab_score(view, view.creatures["hound"],
                                                    Grapple("hound", 2, 1), Rng.from_seed(1)))
    alone = price([])
    assert price([("knight", "knight", 0, 3, 1)]) > alone            # next to it: a sword
    assert price([("archer", "scout", 0, 8, 1)]) < alone             # far off: a bow


@pytest.mark.rule("RS-115", "RS-116", "RS-B-12")
def test_hard_shoves_a_foe_into_a_deep_pit_rather_than_strike_it():
    """Hard's use of the ground: the engine plays the Shove on a copy (check won) and the fall
    it deals, times the check's chance, beats the psion's feeble blow; normal strikes."""
    from game.engine.systems.rpgstuck.actions import Shove
    legend = {"P": {"pit_depth_ft": 60}}
    rows = ["....PPP", "....PPP", "....PPP"]

    def first(level):
        RPGSTUCK.load_bots()
        m = battle([("psion", "psion", 0, 2, 1), ("imp", "imp", 1, 3, 1)], rows=rows,
                   legend=legend)
        return _blow_or_grab(m, make_bot("rpgstuck", level))
    assert first("hard") == Shove("psion", 3, 1, False)
    assert not isinstance(first("normal"), Shove)


@pytest.mark.rule("RS-65", "RS-99")
def test_held_by_a_creature_it_cannot_see_the_bot_still_breaks_free():
    """In the dark the seat's view has no holder to price the hold by (a KeyError stopped the
    bot): with nothing to strike it tries the hold all the same."""
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)], rows=["%%%%%%"] * 3)
    s = m.state
    s.creatures["knight"].conditions.append(Condition("grappled", 5, "imp"))
    s.creatures["imp"].conditions.append(Condition("grappling", 1, "knight"))
    m.edited()
    assert "imp" not in m.view(0).creatures
    assert _blow_or_grab(m, RpgBot("t")) == Escape("knight", "imp")
