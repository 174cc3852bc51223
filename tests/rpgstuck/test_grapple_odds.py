"""The exact chances of rpgstuck's opposed checks (grapple, escape, seize) that the hover and the
bots read: each is checked against the engine's own resolution, every pair (or triple) of d20
faces forced in turn, so the odds and the play cannot drift apart (RS-64, RS-65, RS-68, SM-07,
SM-20, AMB-21)."""
from __future__ import annotations

import copy
import itertools
from fractions import Fraction

import pytest

from game.engine.actions import EndTurn
from game.engine.rng import Rng
from game.engine.systems.rpgstuck import arith, grapple, odds, seize
from game.engine.systems.rpgstuck.actions import Escape, Grapple, Seize, Shove
from tests.rpgstuck.engine_helpers import battle


def _won_by_faces(state, changer, c_skill, net, keeper, k_skill, faces: int,
                  k_bonus: int = 0) -> Fraction:
    """The share of all equally likely forced faces for which the engine's opposed check goes
    the changer's way."""
    won = 0
    combos = list(itertools.product(range(1, 21), repeat=faces))
    for combo in combos:
        rng = Rng.from_seed(0)
        rng.force(list(combo))
        ok, _events = arith.opposed_check(state, rng, changer, c_skill, net, keeper, k_skill,
                                       "grapple", k_bonus=k_bonus)
        won += ok
    return Fraction(won, len(combos))


def _real_share(m, action, won) -> Fraction:
    """The share of the 400 equally likely pairs of faces for which the engine, submitting
    `action` on a copy of `m` with those faces forced, ends with `won(copy)` true."""
    count = 0
    for a, b in itertools.product(range(1, 21), repeat=2):
        trial = copy.deepcopy(m)
        trial.rng.force([a, b])
        trial.submit(action)
        count += bool(won(trial))
    return Fraction(count, 400)


@pytest.mark.rule("RS-64", "RS-SM-20", "RS-AMB-21", "RS-SM-07")
@pytest.mark.parametrize("house", [{}, {"skill_naturals": True}])
def test_grapple_odds_match_a_real_grapple_on_every_pair_of_faces(house):
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)], house=house)
    s = m.state
    chance = grapple.grapple_odds(s, s.creatures["knight"], s.creatures["imp"])
    assert chance == _real_share(m, Grapple("knight", 2, 1),
                                 lambda t: t.state.creatures["imp"].has("grappled"))
    # knight +5 against the imp's better skill +4: the knight needs a face no lower than the
    # imp's (210 of 400 pairs); with natural 20s and 1s counting (SM-07), a 1 against a 1 and
    # a 20 against a 20 go to the imp: 208
    assert chance == (Fraction(210, 400) if not house else Fraction(208, 400))


@pytest.mark.rule("RS-66", "RS-64")
def test_a_larger_target_s_disadvantage_is_in_the_odds():
    m = battle([("knight", "knight", 0, 1, 1), ("ogre", "ogre", 1, 2, 1)])
    s = m.state
    knight, ogre = s.creatures["knight"], s.creatures["ogre"]
    net = grapple.attempt_net(s, knight, ogre)
    assert net == -1                                     # RS-66: one size larger
    chance = grapple.grapple_odds(s, knight, ogre)
    assert chance == _won_by_faces(s, knight, "athletics", net, ogre,
                                   arith.defence_skill(ogre), faces=3)
    level = odds.opposed(knight.skills["athletics"],
                         ogre.skills[arith.defence_skill(ogre)])
    assert chance < level                                # disadvantage only ever lowers it


@pytest.mark.rule("RS-65")
def test_escape_odds_match_a_real_escape_on_every_pair_of_faces():
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)])
    m.rng.force([20, 1])
    m.submit(Grapple("knight", 2, 1))
    m.submit(EndTurn())
    s = m.state
    chance = grapple.escape_odds(s, s.creatures["imp"], s.creatures["knight"])
    assert chance == _real_share(m, Escape("imp", "knight"),
                                 lambda t: not t.state.creatures["imp"].has("grappled"))
    # the imp's +4 must beat the knight's +5: a face at least two above (171 of 400 pairs)
    assert chance == Fraction(171, 400)


@pytest.mark.rule("RS-AMB-21")
def test_with_ties_rolled_again_the_odds_count_every_reroll_up_to_the_engine_s_cap():
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)],
               house={"opposed_tie": "reroll"})
    s = m.state
    knight, imp = s.creatures["knight"], s.creatures["imp"]
    imp.skills["acrobatics"] = imp.skills["athletics"] = knight.skills["athletics"]
    # level skills: 190 of 400 pairs win, 20 tie; each tie rolls again, up to the cap
    tie = Fraction(1, 20)
    expected = Fraction(190, 400) * (1 - tie ** arith.REROLL_CAP) / (1 - tie)
    assert grapple.grapple_odds(s, knight, imp) == expected
    assert Fraction(49, 100) < expected < Fraction(1, 2)
    # the default keeps the status quo on a tie: only the 190 pairs
    s.house["opposed_tie"] = "status_quo"
    assert grapple.grapple_odds(s, knight, imp) == Fraction(190, 400)


@pytest.mark.rule("RS-68")
def test_seize_odds_put_the_part_s_bonus_on_the_held_creature_s_side():
    m = battle([("brawler", "brawler", 0, 1, 1), ("foe", "harpy", 1, 2, 1)],
               order=["brawler", "foe"])
    m.rng.force([20, 1])
    m.submit(Grapple("brawler", 2, 1))
    m.submit(EndTurn())
    m.submit(EndTurn())
    s = m.state
    brawler, harpy = s.creatures["brawler"], s.creatures["foe"]
    parts = {a.part: a for a in m.legal_actions() if isinstance(a, Seize)}
    assert "wings" in parts
    aimed = next(a for a in seize.seizable(s, brawler, harpy) if a.key == "wings")
    chance = seize.seize_odds(s, brawler, harpy, "wings")
    assert chance == _won_by_faces(s, brawler, "athletics", 0, harpy,
                                   arith.defence_skill(harpy), faces=2, k_bonus=aimed.y)
    assert aimed.y > 0 and chance < grapple.grapple_odds(s, brawler, harpy)


@pytest.mark.rule("RS-AMB-21", "RS-B-12")
def test_a_shove_tie_rolls_again_when_the_table_says_so():
    """AMB-21's option covers every opposed check: a Shove's tie is rolled again, not lost."""
    def shove(house):
        m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)], house=house)
        m.rng.force([6, 7, 20, 1])                # 6 + 5 = 11 against 7 + 4 = 11, then 25 to 5
        m.submit(Shove("knight", 2, 1, True))
        return m.state.creatures["imp"].has("prone")
    assert not shove({})                          # the status quo keeps the imp up
    assert shove({"opposed_tie": "reroll"})


@pytest.mark.rule("RS-B-12", "RS-SM-07")
@pytest.mark.parametrize("house", [{}, {"skill_naturals": True}])
def test_shove_odds_match_a_real_shove_on_every_pair_of_faces(house):
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)], house=house)
    s = m.state
    chance = arith.shove_odds(s, s.creatures["knight"], s.creatures["imp"])
    assert chance == _real_share(m, Shove("knight", 2, 1, True),
                                 lambda t: t.state.creatures["imp"].has("prone"))
    assert chance == Fraction(210 if not house else 208, 400)
