"""Main phase: GW-25..33, GW-53, GW-54; GW-TV-04..06."""
from __future__ import annotations

import pytest

from game.engine.rules import IllegalAction
from game.engine.systems.gemwielders import actions as A
from game.engine.systems.gemwielders import events as E

from .gwtools import new_match, put, set_phase, start_play


def _main(seat: int = 0, power: int = 0):
    m = start_play(new_match(seed=1))
    s = set_phase(m, seat, "main")
    s.players[seat].power = power
    return m, s


@pytest.mark.rule("GW-28")
def test_GW_TV_04_source_without_paying():
    m, s = _main(power=0)
    src = s.sources.pop()
    s.players[0].hand.append(src)
    stack = len(s.sources)
    assert A.PlaySource(src, (False,)) in m.legal_actions()
    m.submit(A.PlaySource(src, (False,)))
    s = m.state
    assert s.players[0].power == 2
    assert s.players[0].discard[-1] == src
    assert len(s.sources) == stack


@pytest.mark.rule("GW-29")
def test_GW_TV_05_source_paid_at_zero_power_returns_to_stack():
    m, s = _main(power=0)
    src = s.sources.pop()
    s.players[0].hand.append(src)
    stack = len(s.sources)
    # legal although power is 0: the gain comes before the payment
    assert A.PlaySource(src, (True,)) in m.legal_actions()
    out = m.submit(A.PlaySource(src, (True,)))
    s = m.state
    powers = [e.power for e in out.events if isinstance(e, E.PowerChanged)]
    assert powers == [2, 0]
    assert src in s.sources and len(s.sources) == stack + 1
    assert src not in s.players[0].discard


@pytest.mark.rule("GW-29")
def test_GW_TV_06_source_paid_with_three_power():
    m, s = _main(power=3)
    src = s.sources.pop()
    s.players[0].hand.append(src)
    out = m.submit(A.PlaySource(src, (True,)))
    assert [e.power for e in out.events if isinstance(e, E.PowerChanged)] == [5, 3]


@pytest.mark.rule("GW-26")
@pytest.mark.rule("GW-25")
def test_GW_26_skill_resolves_then_goes_to_discard():
    m, s = _main()
    s.players[0].life = 40
    sk = put(s, 0, "hand", ["S_life"], clear=False)[0]
    out = m.submit(A.PlaySkill(sk, ()))
    s = m.state
    assert s.players[0].life == 41
    assert s.players[0].discard[-1] == sk and sk not in s.table
    moved = [e for e in out.events if isinstance(e, E.CardMoved) and e.card == sk
             and e.dst == "discard"]
    life = [i for i, e in enumerate(out.events) if isinstance(e, E.LifeChanged)]
    assert moved and life and life[0] < out.events.index(moved[0])
    # GW-25: still in the main phase, free to go on
    assert s.phase == "main"


@pytest.mark.rule("GW-27")
def test_GW_27_unaffordable_clause_is_not_offered():
    m, s = _main(power=0)
    src = s.sources.pop()
    s.players[0].hand.append(src)
    a = put(s, 0, "mods", ["M_use"], clear=True)[0]
    legal = m.legal_actions()
    assert not any(isinstance(x, A.UseCard) and x.card == a for x in legal)   # costs 1
    with pytest.raises(IllegalAction):
        m.submit(A.UseCard(a, ()))
    assert m.state.players[0].power == 0


@pytest.mark.rule("GW-30")
@pytest.mark.rule("GW-53")
@pytest.mark.rule("GW-31")
def test_GW_TV_33_modification_usable_on_arrival_once_until_readied():
    m, s = _main(power=1)
    s.players[0].life = 40
    mod = put(s, 0, "hand", ["M_use"], clear=False)[0]
    m.submit(A.PlayModification(mod))
    s = m.state
    assert mod in s.players[0].mods and mod not in s.players[0].used
    m.submit(A.UseCard(mod, ()))
    s = m.state
    assert s.players[0].power == 0 and s.players[0].life == 42 and mod in s.players[0].used
    s.players[0].power = 5
    with pytest.raises(IllegalAction):
        m.submit(A.UseCard(mod, ()))


@pytest.mark.rule("GW-54")
@pytest.mark.rule("GW-44")
def test_GW_44_54_draw_phase_readies_gembearer_and_modifications():
    m, s = _main(power=1)
    mod = put(s, 0, "mods", ["M_use"], clear=True)[0]
    s.players[0].used.append(mod)
    s.players[0].bearer_ready = False
    s.turn = 4
    m.submit(A.EndPhase())          # -> attack
    out = m.submit(A.EndPhase())    # -> draw, turn ends
    s = m.state
    assert s.players[0].used == [] and s.players[0].bearer_ready
    assert any(isinstance(e, E.Readied) and mod in e.cards for e in out.events)
    # the opponent's cards are not readied in this draw phase
    assert s.active == 1


@pytest.mark.rule("GW-33")
@pytest.mark.rule("GW-34")
def test_GW_TV_37_defense_setup_grows_to_the_right_and_stays():
    m, s = _main()
    s.players[0].defense.clear()
    d2, d3 = put(s, 0, "hand", ["D2", "D3"], clear=True)
    m.submit(A.AddDefense(d2))
    m.submit(A.AddDefense(d3))
    m.submit(A.EndPhase())
    m.submit(A.EndPhase())          # seat 0's turn ends
    s = m.state
    assert s.players[0].defense == [d2, d3]
    # seat 1 does not attack: the setup stays
    m.submit(A.EndPhase())
    m.submit(A.EndPhase())
    m.submit(A.EndPhase())
    s = m.state
    assert s.active == 0 and s.players[0].defense == [d2, d3]
    set_phase(m, 0, "main", turn=s.turn)
    d1 = put(s, 0, "hand", ["D1"], clear=False)[0]
    m.submit(A.AddDefense(d1))
    assert m.state.players[0].defense == [d2, d3, d1]
    # when next attacked, its defense value is 2 + 3 + 1
    s = set_phase(m, 1, "attack", turn=s.turn + 1)
    a = put(s, 1, "hand", ["A8"], clear=False)[0]
    m.submit(A.AddToAttack(a))
    out = m.submit(A.Announce())
    rev = [e for e in out.events if isinstance(e, E.DefenseRevealed)][0]
    assert rev.total == 6 and rev.cards == (d2, d3, d1)


@pytest.mark.rule("GW-33")
def test_GW_U_11_only_defense_cards_go_face_down_unless_bluffing():
    m, s = _main()
    a = put(s, 0, "hand", ["A3"], clear=True)[0]
    assert A.AddDefense(a) not in m.legal_actions()
    m2 = start_play(new_match(seed=1, house={"bluffing": True}))
    s2 = set_phase(m2, 0, "main")
    b = put(s2, 0, "hand", ["A3"], clear=True)[0]
    m2.submit(A.AddDefense(b))
    from game.engine.systems.gemwielders.rules import card_shield
    assert card_shield(m2.state, b) == 0                # a bluff counts 0


@pytest.mark.rule("GW-32")
def test_GW_U_12_use_only_in_own_main_phase():
    m, s = _main(power=3)
    put(s, 0, "mods", ["M_use"], clear=True)
    set_phase(m, 0, "attack")
    assert not any(isinstance(x, A.UseCard) for x in m.legal_actions())
    m2 = start_play(new_match(seed=1, house={"use_timing": "own_turn"}))
    s2 = set_phase(m2, 0, "attack")
    s2.players[0].power = 3
    mod2 = put(s2, 0, "mods", ["M_use"], clear=True)[0]
    assert A.UseCard(mod2, ()) in m2.legal_actions()
