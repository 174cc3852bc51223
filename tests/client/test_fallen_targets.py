"""A projectile waiting on a combatant who has fallen leaves the map: an Air Blast reaches a
brawler, who declares a Dodge (the blast then settles on the brawler's own turn, BND-13), and an
ally knocks the brawler out first. The engine's walk of that attack now ends "gone" (its target
is down) and the brawler never gets that turn, so neither the map (marker, burst, caption) nor the
timeline keeps "settles on Brawler's turn" for the rest of the battle."""
from __future__ import annotations

import pygame
import pytest

from game.client.render.board_view import BoardView
from game.client.systems.bindings.flight import FlightOverlay
from game.client.systems.bindings.timing import flight_view, timeline_view
from game.engine.actions import EndTurn
from tests.bindings.bndtools import act
from tests.bindings.test_fallen_target_attacks import dodged_blast
from tests.client.test_map_labels import Recording, caption_rects, spy

pytestmark = pytest.mark.client


def _dodged():
    """(match, the blast's id, the ally's blow) with the blast deferred to the brawler's turn."""
    return dodged_blast()


def _dodged_then_downed():
    """(match, the blast's id) right after the ally's blow knocks the brawler out."""
    m, blast, strike = _dodged()
    act(m, strike, [6] * 10)
    assert m.state.combatants["b"].down and not m.over
    return m, blast


def _captions(m, monkeypatch) -> list[pygame.Rect]:
    view = BoardView(m.state.board)
    view.set_rect(pygame.Rect(0, 0, 900, 560))
    ov = FlightOverlay()
    ov.set_view(flight_view(m.state))
    seen = spy(ov, monkeypatch)
    view.layers_below.append(ov.draw_below)
    view.layers_above.append(ov.draw_above)
    screen = Recording((900, 560))
    view.draw(screen, [], [])
    return caption_rects(screen, seen) + seen["markers"]


def _waiting(m, blast: str) -> bool:
    tl = timeline_view(m.state, {})
    ongoing = [o.id for c in tl.combatants for o in c.ongoing]
    marks = [mk for seg in tl.segments for t in seg.turns for mk in t.marks if mk.kind == "resolve"]
    return blast in ongoing or bool(marks)


@pytest.mark.rule("BND-13")
def test_a_blast_waiting_on_a_fallen_brawler_leaves_the_map_and_the_timeline(monkeypatch):
    m, blast = _dodged_then_downed()
    assert not flight_view(m.state).flights
    assert not _captions(m, monkeypatch)
    assert not _waiting(m, blast)
    # and it stays gone for the rest of the battle
    for _ in range(8):
        if m.over or m.decision.stage != "act":
            break
        m.submit(EndTurn())
        assert not flight_view(m.state).flights and not _waiting(m, blast)


@pytest.mark.rule("BND-13")
def test_while_the_brawler_stands_the_waiting_blast_shows(monkeypatch):
    """The other side of it: only the fall takes the blast off; while the brawler stands, the
    blast waits on the map and the timeline."""
    m, blast, _strike = _dodged()
    (f,) = flight_view(m.state).flights
    assert f.id == blast and f.status == "deferred"
    assert _captions(m, monkeypatch) and _waiting(m, blast)
