"""gu_masters hiding (hiding.py, view.py): the Hide action and the watchers' Awareness tests with
the table's modifier, a hidden creature left out of the other side's view and targets, and
what finds it again; the shared redaction (tactics.redact)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.engine.actions import EndTurn
from game.engine.rng import Rng
from game.engine.systems.gu_masters import attack, hiding
from game.engine.systems.gu_masters.actions import Move, Strike
from game.engine.systems.gu_masters.events import Tested
from game.engine.systems.gu_masters.hiding import Hid, Hide, Revealed
from game.engine.tactics import redact
from tests.gu_masters.test_engine_slice import man, match

ROWS = ["hh........", "hh........", "..........", ".........."]


def _pair(bx: int = 8, **house) -> object:
    m = match([man("a", 0, 0, 0), man("b", 1, bx, 0)], initiative=["a", "b"], rows=ROWS)
    m.state.house.update(house)
    m.edited()
    return m


def _hide(m, raw: int):
    m.force_dice([raw])
    return m.submit(Hide("a"))


@pytest.mark.rule("GU-13", "GU-GM-04")
def test_a_creature_hides_when_no_watcher_notices_it():
    m = _pair()
    assert Hide("a") in m.legal_actions()
    out = _hide(m, 90)                                  # b's Awareness 40: 90 misses it
    a = m.state.creatures["a"]
    assert a.hidden and Hid("a", True, ()) in out.events
    t = next(e for e in out.events if isinstance(e, Tested))
    assert t.who == "b" and t.skill == "Awareness" and t.modifiers == ()   # GU-GM-04: 0
    assert m.view(1).creatures["a"].hidden             # its own turn: a ghost where it hid
    m.submit(EndTurn())
    assert "a" not in m.view(1).creatures and "a" not in m.view(1).order
    assert (m.view(0).creatures["a"].x, m.view(0).creatures["a"].y) == (0, 0)   # its own side


@pytest.mark.rule("GU-13")
def test_a_watcher_that_succeeds_spots_it():
    m = _pair()
    out = _hide(m, 20)
    assert not m.state.creatures["a"].hidden and Hid("a", False, ("b",)) in out.events
    assert "a" in m.view(1).creatures


@pytest.mark.rule("GU-GM-04")
def test_the_table_modifier_on_awareness_against_a_sneaker():
    m = _pair(sneak_awareness_mod=20)
    out = _hide(m, 30)                                   # 30 + 20 = 50 > 40: unseen
    t = next(e for e in out.events if isinstance(e, Tested))
    assert ("sneaking", 20) in t.modifiers and m.state.creatures["a"].hidden


@pytest.mark.rule("GU-13")
def test_no_enemy_may_aim_at_a_hidden_creature_and_a_deed_finds_it():
    m = _pair(bx=2)
    _hide(m, 90)
    m.submit(EndTurn())                                  # b stands next to it, and cannot see it
    a, b = m.state.creatures["a"], m.state.creatures["b"]
    assert not [x for x in m.legal_actions() if getattr(x, "target", "") == "a"]
    assert attack.targets(m.state, b, 5) == []
    m.submit(EndTurn())
    m.submit(Move("a", 1, 0))                            # still among the reeds: still hidden
    assert a.hidden
    m.force_dice([10, 95])                               # a strikes; b takes it
    out = m.submit(Strike("a", "b", "weapon", "sword"))
    assert not a.hidden and any(isinstance(e, Revealed) and e.why == "it acted"
                                for e in out.events)


@pytest.mark.rule("GU-13")
def test_leaving_the_hiding_place_or_being_hurt_finds_it():
    m = _pair()
    _hide(m, 90)
    out = m.submit(Move("a", 3, 2))
    assert not m.state.creatures["a"].hidden
    assert Revealed("a", 3, 2, "nowhere to hide") in out.events
    m = _pair()
    _hide(m, 90)
    a = m.state.creatures["a"]
    events = attack.harm(m.state, a, 3, "force", "b", Rng.from_seed(1))
    assert not a.hidden and isinstance(events[0], Revealed)


@pytest.mark.rule("GU-13")
def test_hide_is_refused_with_its_reason_away_from_a_hiding_place():
    m = match([man("a", 0, 4, 3), man("b", 1, 8, 0)], initiative=["a", "b"], rows=ROWS)
    assert Hide("a") not in m.legal_actions()
    why = m.system.validate(m.state, Hide("a"))
    assert why is not None and why.rule == "GU-13"
    assert hiding.legal(m.state, m.state.creatures["a"]) == []


def test_drop_unseen_keeps_the_acting_piece_as_a_ghost():
    pieces = {k: SimpleNamespace(x=1, y=1, hidden=False) for k in ("p", "q", "r")}
    view = SimpleNamespace(creatures=dict(pieces), order=["p", "q", "r"], index=2)
    redact.drop_unseen(view, ["q", "r"], "r", {})
    assert list(view.creatures) == ["p", "r"] and view.order == ["p", "r"] and view.index == 1
    assert (view.creatures["r"].x, view.creatures["r"].y) == redact.NOWHERE
    assert view.creatures["r"].hidden
