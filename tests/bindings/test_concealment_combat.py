"""Concealment in attacks: the miss roll comes first and needs no attack roll when it misses
(BND-92, BND-T-17), levels 1..3 from the hexes crossed (BND-88..91), total concealment only
lets the attacker aim at the hex (BND-91, GM-22), darkness (BND-93), and stealth contests at
advantage from concealment (BND-94)."""
from __future__ import annotations

import pytest

from game.engine.events import DiceRolled
from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings import combat
from game.engine.systems.bindings import events as E
from game.engine.systems.bindings.sight import sight

from .combat_kit import ROW, Table, fighter, score

W, H = 16, 9


def rows_with(bands: list[int], ch: str = "*", extra: dict | None = None) -> list[str]:
    """Open ground with whole columns of `ch` at the given x (every line crosses a column)."""
    out = []
    for y in range(H):
        row = ["."] * W
        for x in bands:
            row[x] = ch
        for (ex, ey), c in (extra or {}).items():
            if ey == y:
                row[ex] = c
        out.append("".join(row))
    return out


def smoky(levels: int, b_at: int = 6) -> Table:
    a = fighter("A", 0, 1, ab=1, INT=score(2))
    b = fighter("B", 1, b_at, db=0, INT=score(0), hp=99, max_hp=99)
    t = Table([a, b], rows=rows_with(list(range(3, 3 + levels))), width=W, height=H).start()
    assert sight(t.state, (1, ROW), (b_at, ROW)).concealment == min(3, levels)
    return t


def blast(t: Table, *dice: int) -> None:
    t.use("A", "air_blast", (6, ROW))                      # 5 hexes at 5H: contact now
    assert t.stage == "defend"
    t.force(*dice).do(A.Defend("B", t.state.pending[-1].data["attack"], None))


@pytest.mark.rule("BND-T-17")
@pytest.mark.rule("BND-88")
@pytest.mark.rule("BND-89")
@pytest.mark.rule("BND-90")
@pytest.mark.rule("BND-92")
@pytest.mark.parametrize("levels,miss_face,outcome", [(1, 1, "concealed"), (1, 2, "rolled"),
                                                      (2, 2, "concealed"), (2, 3, "rolled")])
def test_the_miss_roll_comes_first_and_a_miss_skips_the_attack_roll(levels, miss_face, outcome):
    t = smoky(levels)
    launched = t.of(E.AttackLaunched)
    blast(t, miss_face, 6, 6, 1)
    assert t.of(E.AttackLaunched)[-1].concealment == levels
    r = t.of(E.AttackResolved)[-1]
    purposes = [e.roll.purpose for e in t.of(DiceRolled)]
    assert purposes[0] == "miss chance"
    if outcome == "concealed":
        assert r.outcome == "concealed" and purposes == ["miss chance"]
        assert t.rng.forced == [6, 6, 1]                 # no attack roll was made
    else:
        assert r.outcome == "hit" and purposes[:2] == ["miss chance", "attack"]
    assert launched == []


@pytest.mark.rule("BND-T-17")
@pytest.mark.rule("BND-91")
@pytest.mark.rule("BND-GM-22")
@pytest.mark.parametrize("miss_face,outcome", [(3, "concealed"), (4, "hit")])
def test_under_total_concealment_only_the_hex_can_be_attacked_at_three_in_six(miss_face, outcome):
    t = smoky(3)
    aims = {a.target for a in combat.legal(t.state) if a.move == "air_blast" and not a.reduce}
    assert (6, ROW) in aims                                # the hex, as a guess
    t.use("A", "air_blast", (6, ROW))
    launched = t.of(E.AttackLaunched)[-1]
    assert launched.target is None and launched.concealment == 3
    t.force(miss_face, 6, 6, 1).do(A.Defend("B", t.state.pending[-1].data["attack"], None))
    assert t.of(E.AttackResolved)[-1].outcome == outcome


def _aims(t: Table, move: str = "air_blast") -> set:
    return {a.target for a in combat.legal(t.state) if a.move == move and not a.reduce}


@pytest.mark.rule("BND-91")
@pytest.mark.rule("BND-GM-22")
def test_every_hex_in_range_the_attacker_cannot_see_into_can_be_attacked_occupied_or_not():
    t = smoky(3)                       # smoke columns 3..5: everything from x = 6 on is unseen
    aims = _aims(t)
    here = (1, ROW)
    for h in [(6, ROW), (7, ROW), (6, ROW - 1), (8, ROW + 1)]:        # empty or not
        s = sight(t.state, here, h)
        assert s.can_see and s.concealment == 3
        assert h in aims
    # hexes it can see into are offered only when a creature stands there
    assert (2, ROW) not in aims and sight(t.state, here, (2, ROW)).concealment < 3
    reach = combat.max_range_hexes(t.state, combat.move_def("air_blast"))
    assert all(combat.distance(t.state, here, h) <= reach for h in aims)


@pytest.mark.rule("BND-91")
def test_the_offered_guesses_do_not_give_away_where_the_hidden_creature_stands():
    near, far = smoky(3, b_at=6), smoky(3, b_at=8)
    assert _aims(near) == _aims(far)


@pytest.mark.rule("BND-91")
@pytest.mark.rule("BND-GM-22")
def test_attacking_an_empty_unseen_hex_misses_with_no_dice():
    t = smoky(3, b_at=6)
    t.use("A", "air_blast", (7, ROW))                      # nobody there
    assert t.of(E.AttackLaunched)[-1].target is None
    _assert_misses_empty_without_dice(t, 4)


def _assert_misses_empty_without_dice(t: Table, segments: int) -> None:
    """Let the attack fly (ending turns) until it lands: it finds the hex empty and rolls
    neither the miss chance nor an attack (BND-GM-22)."""
    for _ in range(segments):
        if t.of(E.AttackResolved) or t.of(E.AttackStopped):
            break
        t.end()
    r = t.of(E.AttackResolved)[-1]
    assert r.outcome == "empty" and r.target is None
    assert not [e for e in t.of(DiceRolled) if e.roll.purpose in ("attack", "miss chance")]


@pytest.mark.rule("BND-93")
@pytest.mark.rule("BND-91")
def test_an_empty_dark_hex_in_reach_can_be_attacked_as_a_guess():
    a = fighter("A", 0, 1)
    b = fighter("B", 1, 9, hp=99, max_hp=99)
    t = Table([a, b], rows=rows_with([], extra={(2, ROW): "D"}), width=W, height=H).start()
    assert (2, ROW) in _aims(t, "unarmed_strike")


@pytest.mark.rule("BND-T-17")
@pytest.mark.rule("BND-GM-22")
def test_a_guessed_hex_that_is_empty_when_the_attack_arrives_simply_misses():
    t = smoky(3, b_at=10)
    t.c("A").moves.append("stone_bullet")
    t.use("A", "stone_bullet", (10, ROW))                   # 9 hexes at 3H
    t.end()
    t.do(A.StartMovement("B", "move", (12, ROW)))
    _assert_misses_empty_without_dice(t, 8)


@pytest.mark.rule("BND-93")
@pytest.mark.rule("BND-T-17")
def test_a_creature_in_darkness_next_to_the_attacker_has_total_concealment():
    a = fighter("A", 0, 1)
    b = fighter("B", 1, 2, hp=99, max_hp=99)
    t = Table([a, b], rows=rows_with([], extra={(2, ROW): "D"}), width=W, height=H).start()
    strikes = [x for x in combat.legal(t.state) if x.move == "unarmed_strike"]
    assert [s.target for s in strikes] == [(2, ROW)]
    t.use("A", "unarmed_strike", (2, ROW))
    assert t.of(E.AttackLaunched)[-1].concealment == 3


@pytest.mark.rule("BND-94")
@pytest.mark.parametrize("smoke", [False, True])
def test_stealth_against_an_observer_it_is_concealed_from_is_rolled_at_advantage(smoke):
    h = fighter("H", 0, 7, DEX=score(1))
    o = fighter("O", 1, 1, WIS=score(0))
    t = Table([h, o], rows=rows_with([4] if smoke else []), width=W, height=H)
    t.force(3, 3, 1, 1, 1, 5, 4) if smoke else t.force(3, 3, 5, 4)
    won, events = combat.stealth_contest(t.state, "H", "O", t.rng)
    rolls = [e.roll for e in events]
    hider_total = sum(r.total for r in rolls if r.purpose.startswith("stealth"))
    assert hider_total == (1 + 6 + 3 if smoke else 1 + 6)
    assert won == smoke                         # 10 beats 9; 7 does not
    assert t.rng.forced == []
