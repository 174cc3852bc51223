"""Minimal-core items and readings the other rpgstuck tests did not name: the score/modifier
split (AMB-15), lesser slots as counts (B-20), no opportunity attacks (B-26) and the Stealth
rule's pointer to light (AMB-22), each through the module that plays it."""
from __future__ import annotations

import pytest

from game.engine import registry
from game.engine.reference import reference
from game.engine.systems.rpgstuck import limits, moves
from game.engine.systems.rpgstuck.actions import Move
from tests.rpgstuck.engine_helpers import battle


@pytest.mark.rule("RS-AMB-15", "RS-B-01")
def test_scores_and_modifiers_are_kept_apart():
    # the horizontal jump reads the Strength SCORE, the vertical one 3 + the MODIFIER
    assert limits.mod(16) == 3 and limits.mod(9) == -1
    j = moves.jump(16, run_up_ft=10)
    assert (j.long_ft, j.high_ft) == (15, 6)
    j = moves.jump(9, run_up_ft=10)
    assert (j.long_ft, j.high_ft) == (5, 2)


@pytest.mark.rule("RS-B-20", "RS-136")
def test_lesser_slots_are_only_counted_one_back_per_hit_die():
    rest = limits.short_rest([3, 6, 1], 2, total_hd=4, available_hd=4, p=2)
    assert rest.slots == 3
    assert limits.short_rest([], 2, total_hd=4, available_hd=4, p=2).slots == 0


@pytest.mark.rule("RS-B-26")
def test_walking_away_from_an_enemy_provokes_nothing():
    m = battle([("knight", "knight", 0, 1, 1), ("imp", "imp", 1, 2, 1)])
    away = next(a for a in m.legal_actions() if isinstance(a, Move) and (a.x, a.y) == (1, 4))
    out = m.submit(away)
    assert (m.state.creatures["knight"].x, m.state.creatures["knight"].y) == (1, 4)
    assert not m.state.pending and m.decision.seat == 0
    assert m.state.creatures["knight"].hp == m.state.creatures["knight"].max_hp
    assert not [e for e in out.events if e.kind in ("rs.declared", "rs.damaged")]


@pytest.mark.rule("RS-AMB-22", "RS-104")
def test_the_hiding_page_points_to_the_light_page():
    # the document's Stealth text points at light and darkness: the reference links the two
    ref = reference(registry.get("rpgstuck"))
    hiding = ref.entries["hiding"]
    assert "light" in hiding.see and "light" in ref.entries
