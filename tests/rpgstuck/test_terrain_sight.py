"""RPGStuck sight: line of sight, cover by corner lines, light, seeing creatures, hiding (A9,
RS-112..114, B-15, B-23, B-08, SM-09)."""
from __future__ import annotations

import pytest

from game.engine.systems.rpgstuck import sight
from game.engine.systems.rpgstuck.sight import Observer, observe
from game.engine.systems.rpgstuck.terrain import Field, LightSource
from game.engine.tactics.footprint import block


@pytest.mark.rule("RS-B-23")
def test_line_of_sight_runs_centre_to_centre_past_walls_and_full_cover_only():
    f = Field.from_rows([".....",
                         "..#..",
                         "..h..",
                         "..F..",
                         "....."])
    assert not sight.line_of_sight(f, (0, 1), (4, 1))      # a wall
    assert sight.line_of_sight(f, (0, 2), (4, 2))          # a half-cover object does not stop it
    assert not sight.line_of_sight(f, (0, 3), (4, 3))      # a full-cover object does
    assert sight.line_of_sight(f, (0, 0), (4, 0))
    assert sight.line_of_sight(f, (4, 1), (0, 1)) == sight.line_of_sight(f, (0, 1), (4, 1))


@pytest.mark.rule("RS-B-23")
def test_a_line_through_a_corner_is_stopped_only_between_two_walls():
    f = Field.from_rows([".#.",
                         "...",
                         "..."])
    assert sight.line_of_sight(f, (0, 0), (2, 2))          # grazes the wall's corner
    sealed = Field.from_rows([".#.",
                              "#..",
                              "..."])
    assert not sight.line_of_sight(sealed, (0, 0), (2, 2))  # squeezes between two walls
    assert not sight.line_of_sight(sealed, (0, 0), (1, 1))


@pytest.mark.rule("RS-B-23", "RS-112", "RS-113", "RS-114")
def test_cover_by_corner_lines():
    f = Field.from_rows(["......",
                         "......",
                         "..##..",
                         "......",
                         "......"])
    # In the open: no corner line blocked.
    assert sight.cover_between(f, [(0, 0)], [(5, 0)]) == "none"
    # Beside the wall's end, 1-2 lines blocked from the best attacker corner: half cover.
    assert sight.cover_between(f, [(0, 1)], [(2, 3)]) == "half"
    # Behind it, no line at all: full cover, cannot be targeted (RS-114).
    assert sight.cover_between(f, [(2, 0)], [(2, 4)]) == "full"


@pytest.mark.rule("RS-B-23", "RS-112", "RS-113")
def test_half_and_three_quarter_objects_give_their_own_cover():
    f = Field.from_rows(["..h..",
                         "..q..",
                         "....."])
    assert sight.cover_between(f, [(0, 0)], [(4, 0)]) == "half"
    assert sight.cover_between(f, [(0, 1)], [(4, 1)]) == "threequarter"
    assert sight.cover_between(f, [(0, 2)], [(4, 2)]) == "none"
    # The object must be between them: the attacker standing next to it shoots over it, and the
    # target beside it on the near side is not behind it either (the end squares never count).
    assert sight.cover_between(f, [(1, 0)], [(0, 0)]) == "none"


@pytest.mark.rule("RS-B-23")
def test_creatures_in_the_way_give_cover_only_under_the_table_option():
    f = Field.from_rows(["....."])
    between = [(2, 0)]
    assert sight.cover_between(f, [(0, 0)], [(4, 0)], occupied=between) == "none"
    assert sight.cover_between(f, [(0, 0)], [(4, 0)], occupied=between,
                               creatures_cover=True) == "half"


@pytest.mark.rule("RS-B-15", "RS-B-23")
def test_big_creatures_use_the_best_square_of_each():
    f = Field.from_rows(["......",
                         "......",
                         "..#...",
                         "......"])
    # A one-square attacker at (0, 2) has no line to (4, 1), but a Large target anchored at
    # (4, 0) also fills (4, 0), (5, 0), (5, 1): the best of its squares is in the open.
    assert sight.cover_between(f, [(0, 2)], [(4, 1)]) == "full"
    assert sight.cover_between(f, [(0, 2)], block((4, 0), 2)) == "none"
    # The same for a big attacker: anchored at (0, 1) it also stands on (0, 1), (1, 1).
    assert sight.cover_between(f, block((0, 1), 2), [(4, 1)]) == "none"


@pytest.mark.rule("RS-TV-53", "RS-112", "RS-113", "RS-114", "RS-AMB-17")
def test_tv53_cover_against_an_attack_total():
    f = Field.from_rows(["..h..",
                         "..q..",
                         "..#.."])
    total = 15
    assert total - sight.cover_malus("none", "ac") >= 14                       # hit
    half = observe(f, [(0, 0)], [(4, 0)])
    assert half.cover == "half" and total - sight.cover_malus(half.cover, "ac") == 13   # 13 < 14
    three = observe(f, [(0, 1)], [(4, 1)])
    assert three.cover == "threequarter"
    assert total - sight.cover_malus(three.cover, "reflex") == 11                # 11 < 12
    assert total - sight.cover_malus(half.cover, "will") >= 14                   # Will: no change
    full = observe(f, [(0, 2)], [(4, 2)])
    assert full.cover == "full" and not full.targetable and not full.seen


@pytest.mark.rule("RS-99", "RS-100", "RS-101")
def test_darkness_hides_dim_light_shows_the_outline():
    f = Field.from_rows(["..:%"])
    assert observe(f, [(0, 0)], [(2, 0)]).seen                   # dim: the outline shows
    dark = observe(f, [(0, 0)], [(3, 0)])
    assert not dark.seen and dark.reason == sight.IN_DARKNESS and dark.targetable
    # The watcher's own darkness does not matter: a creature in the light is seen from the dark.
    assert observe(f, [(3, 0)], [(0, 0)]).seen


@pytest.mark.rule("RS-99", "RS-B-15")
def test_a_big_creature_half_in_the_light_is_seen():
    f = Field.from_rows(["...%%",
                         "...%%",
                         "...:%"])
    s = observe(f, [(0, 0)], block((3, 1), 2))
    assert s.seen and s.square == (3, 2) and s.light == "dim"


@pytest.mark.rule("RS-101")
def test_a_lamp_reveals_a_creature_in_a_dark_room():
    rows = ["%%%%%%%%"]
    assert not observe(Field.from_rows(rows), [(0, 0)], [(7, 0)]).seen
    lit = Field.from_rows(rows, lights=[LightSource(7, 0, 5, 5)])
    assert observe(lit, [(0, 0)], [(7, 0)]).light == "bright"
    assert observe(lit, [(0, 0)], [(7, 0)]).seen


@pytest.mark.rule("RS-114", "RS-B-16")
def test_invisible_targets_and_blind_watchers():
    f = Field.from_rows(["....."])
    inv = observe(f, [(0, 0)], [(4, 0)], invisible=True)
    assert not inv.seen and inv.reason == sight.INVISIBLE and inv.targetable
    blind = observe(f, [(0, 0)], [(4, 0)], blind=True)
    assert not blind.seen and blind.reason == sight.BLIND


@pytest.mark.rule("RS-TV-49", "RS-102", "RS-103", "RS-B-10")
def test_tv49_a_target_in_darkness_is_attacked_at_disadvantage():
    # Sight's part of TV-49: the target in darkness is unseen, may still be attacked (at the
    # square the attacker names), and the attack takes one disadvantage (RS-102). Whether the
    # named square is the right one, and the plain "miss" when it is not (RS-103, SM-08), is the
    # engine's: it holds the true positions.
    f = Field.from_rows(["...%%"])
    s = observe(f, [(0, 0)], [(4, 0)])
    assert (s.seen, s.targetable) == (False, True)
    assert sight.attack_disadvantages(s) == 1
    assert sight.attack_disadvantages(observe(f, [(0, 0)], [(2, 0)])) == 0
    # RS-102 also for a creature sensed another way: invisible but right there, still unseen.
    assert sight.attack_disadvantages(observe(f, [(0, 0)], [(1, 0)], invisible=True)) == 1


@pytest.mark.rule("RS-98", "RS-101")
def test_dim_light_puts_sight_based_perception_at_disadvantage():
    f = Field.from_rows(["..:"])
    assert sight.perception_disadvantages(f.light_at((2, 0))) == 1
    assert sight.perception_disadvantages(f.light_at((1, 0))) == 0
    assert sight.perception_disadvantages("dim", sight_based=False) == 0
    with pytest.raises(ValueError):
        sight.perception_disadvantages("murky")


@pytest.mark.rule("RS-104")
def test_hiding_needs_nobody_to_see_you():
    f = Field.from_rows([".....",
                         ".#...",
                         "...%."])
    hider = [(0, 0)]
    watchers = [[(4, 0)], [(4, 2)]]
    assert not sight.can_hide(observe(f, w, hider) for w in watchers)       # in plain view
    behind = [(0, 1)]                                                     # the wall hides it from (4, 1)
    assert sight.can_hide([observe(f, [(4, 1)], behind)])
    assert sight.can_hide([observe(f, [(0, 0)], [(3, 2)])])              # in darkness
    assert sight.can_hide([observe(f, [(4, 0)], hider, invisible=True)])  # invisible
    assert sight.can_hide([])


@pytest.mark.rule("RS-105", "RS-SM-09")
def test_a_stealth_check_is_due_after_a_move_near_an_enemy_that_could_sense_it():
    hider = [(0, 0)]
    near = Observer("imp", ((6, 0),), passive=12)            # 30 ft away
    far = Observer("ogre", ((7, 0),), passive=10)            # 35 ft
    assert sight.stealth_due(True, True, [near], hider) == "roll"
    assert sight.stealth_due(True, True, [far], hider) == "none"
    assert sight.stealth_due(False, True, [near], hider) == "none"     # nothing to keep
    assert sight.stealth_due(True, False, [near], hider) == "none"     # only at the end of a move
    deaf = Observer("imp", ((1, 0),), deafened=True)
    blind = Observer("imp", ((1, 0),), blind=True)
    assert sight.stealth_due(True, True, [deaf, blind], hider) == "none"
    assert sight.stealth_due(True, True, [far], hider, mode="prompt") == "ask"
    assert [o.id for o in sight.sensing([far, near], hider)] == ["imp"]
    # walls do not matter: sound carries
    assert sight.could_sense(near, hider)


@pytest.mark.rule("RS-105", "RS-B-08", "RS-AMB-21")
def test_stealth_against_passive_perception():
    assert sight.passive_perception(4) == 14
    watchers = [Observer("a", ((1, 0),), passive=12), Observer("b", ((2, 0),), passive=15)]
    assert sight.detected_by(14, watchers, was_hidden=True) == ["b"]
    assert sight.detected_by(16, watchers, was_hidden=True) == []
    # a tie leaves things as they were (B-08, AMB-21)
    assert sight.stealth_holds(12, 12, was_hidden=True)
    assert not sight.stealth_holds(12, 12, was_hidden=False)


@pytest.mark.rule("RS-B-23")
def test_cached_answers_match_a_fresh_field():
    rows = ["..#...h.",
            ".F...#..",
            "....q...",
            "#.....%."]
    warm = Field.from_rows(rows)
    cells = [c for c in warm.cells() if not warm.is_solid(c)]
    first = {(a, b): sight.square_cover(warm, a, b) for a in cells for b in cells}
    again = {(a, b): sight.square_cover(warm, a, b) for a in cells for b in cells}
    cold = Field.from_rows(rows)
    fresh = {(a, b): sight.square_cover(cold, a, b) for a, b in reversed(list(first))}
    assert first == again == fresh


def test_seen_squares_skip_darkness_and_walls_in_the_way():
    f = Field.from_rows(["..#.",
                         "...%"])
    seen = set(sight.seen_squares(f, (0, 0)))
    assert (3, 0) not in seen and (3, 1) not in seen and (2, 1) in seen


@pytest.mark.rule("RS-B-23", "RS-112", "RS-113")
def test_cover_from_an_attacker_to_every_square():
    f = Field.from_rows(["..h..",
                         "..#.."])
    shade = sight.cover_from(f, [(0, 0)])
    assert shade[(4, 0)] == "half" and shade[(4, 1)] == "full" and shade[(1, 0)] == "none"
    assert shade == {t: sight.cover_between(f, [(0, 0)], [t]) for t in f.cells()}
