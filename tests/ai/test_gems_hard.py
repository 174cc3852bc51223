"""The hard gems bot: its "sharp" evaluation makes it focus fire on a hurt enemy where the normal
bot, valuing every hit point alike, does not; and it still makes only legal choices. The head to
head figures against normal (example map, seats alternated) are reported in the gems README, not
tested: they take minutes."""
from __future__ import annotations

from game.engine.actions import EndTurn
from game.engine.ai.base import make_bot
from game.engine.ai.runner import ask_bot
from game.engine.match import Match
from game.engine.rules import MatchConfig
from game.engine.systems.gems import actions as A
from game.engine.systems.gems import ai

OPEN = {"rows": ["........"] * 6}
FOE = {"blocking": False, "disarming": False, "abilities": [], "held": []}


def _between_two(hurt_at: tuple[int, int], seed: int = 2) -> Match:
    """Garnet at (3, 2) between two identical bare enemies, one of them already hurt."""
    units = [{"id": "garnet", "sheet": "garnet", "side": 0, "x": 3, "y": 2,
              "overrides": {"abilities": []}}]
    for uid, x in (("west", 2), ("east", 4)):
        hp = 11 if (x, 2) == hurt_at else 20
        units.append({"id": uid, "sheet": "jasper", "side": 1, "x": x, "y": 2,
                      "overrides": {**FOE, "hp": hp, "max_hp": 20}})
    m = Match.new(MatchConfig("gems", seed, setup={"grid": OPEN, "units": units}))
    for _ in range(20):
        if m.state.acting == "garnet" and not m.state.pending:
            return m
        m.submit(EndTurn())
    raise AssertionError("garnet never got a turn")


def _first_aim(m: Match, difficulty: str) -> tuple[int, int]:
    bot = make_bot("gems", difficulty)
    for _ in range(6):
        action = ask_bot(m, bot, 0)
        if isinstance(action, A.AssignArm):
            return tuple(action.target)
        m.submit(action)
    raise AssertionError(f"{difficulty} never aimed an arm")


def test_only_the_sharp_gain_prefers_the_hurt_enemy():
    # the control: with HP valued linearly (normal) the two strikes are worth the same
    m = _between_two((2, 2))
    m.submit(A.Ready("garnet"))
    west, east = (A.AssignArm("garnet", 0, xy, "melee") for xy in ((2, 2), (4, 2)))
    assert ai.strike_gain(m.state, west, 0) == ai.strike_gain(m.state, east, 0)
    assert ai.strike_gain(m.state, west, 0, sharp=True) > ai.strike_gain(m.state, east, 0,
                                                                          sharp=True)


def test_hard_focuses_fire_on_the_hurt_enemy():
    for hurt in ((2, 2), (4, 2)):
        assert _first_aim(_between_two(hurt), "hard") == hurt


def test_sharp_values_a_hit_on_a_hurt_gem_more():
    m = _between_two((2, 2))
    west, east = m.state.units["west"], m.state.units["east"]
    hit = lambda u, sharp: ai.unit_value(m.state, u, sharp=sharp) - ai.unit_value(  # noqa: E731
        m.state, u, u.hp - 3, sharp)
    assert hit(west, False) == hit(east, False)
    assert hit(west, True) > hit(east, True)


def test_hard_forecasts_more_candidates_than_normal():
    # the wider exact pass is what makes hard stronger (benchmarks/ai_gems.py); a bot built
    # through the registry must carry it
    hard, normal = make_bot("gems", "hard"), make_bot("gems", "normal")
    assert hard.shortlist == ai.HARD_SHORTLIST > normal.shortlist
    assert hard.sharp and not normal.sharp
