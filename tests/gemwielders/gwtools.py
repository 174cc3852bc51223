"""Helpers for Gemwielders flow tests: a match with fixed Gembearers, the checklist's fixture
cards (A3, D2, ...) in a test content set, and direct placement of cards and phases so a test
reads like the rulebook example it checks (deck orders fixed in the state, GW-TV conventions).
"""
from __future__ import annotations

import dataclasses
from typing import Any

from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.gemwielders import rules
from game.engine.systems.gemwielders.content import CardDef, Clause, check_effects, load
from game.engine.systems.gemwielders.state import Attack, GwState

TEST_SET = "flow_test"


def _clause(where: str, steps: list[dict[str, Any]], cost: int = 0) -> Clause | None:
    if not steps:
        return None
    from game.engine.systems.gemwielders.content import Opt
    done = check_effects(where, steps)
    return Clause(done, [Opt(s["cost"], s["effects"], s["otherwise"]) for s in done
                         if "cost" in s], cost)


def _fixture_cards() -> dict[str, CardDef]:
    out: dict[str, CardDef] = {}
    for n in range(0, 9):
        out[f"A{n}"] = CardDef(f"A{n}", f"A{n}", "attack", sword=n)
        out[f"D{n}"] = CardDef(f"D{n}", f"D{n}", "defense", shield=n)
    gain = [{"verb": "gain_power", "n": 1}]
    for name in ("e1", "e2", "e3"):           # attack cards with a reveal effect
        out[name] = CardDef(name, name, "attack", sword=1, reveal=_clause(name, gain))
    for name in ("Dx", "Dy", "Dz", "d"):       # defense cards with a reveal effect
        out[name] = CardDef(name, name, "defense", shield=1, reveal=_clause(name, gain))
    out["M_other"] = CardDef("M_other", "M_other", "modification",
                             attacking=_clause("M_other", gain))
    out["M_use"] = CardDef("M_use", "M_use", "modification",
                           use=_clause("M_use", [{"verb": "gain_life", "n": 2}], cost=1))
    out["S_life"] = CardDef("S_life", "S_life", "skill",
                            play=_clause("S_life", [{"verb": "gain_life", "n": 1}]))
    out["A_hitpay"] = CardDef("A_hitpay", "A_hitpay", "attack", sword=5, hit=_clause(
        "A_hitpay", [{"cost": 1, "effects": [{"verb": "gain_life", "n": 3}]}]))
    out["D_hit"] = CardDef("D_hit", "D_hit", "defense", shield=1,
                           hit=_clause("D_hit", [{"verb": "gain_power", "n": 2}]))
    out["A_drain"] = CardDef("A_drain", "A_drain", "attack", sword=1, reveal=_clause(
        "A_drain", [{"verb": "lose_life", "who": "self", "n": 3},
                    {"verb": "lose_life", "who": "opponent", "n": 3}]))
    out["A_missgain"] = CardDef("A_missgain", "A_missgain", "attack", sword=0,
                                miss=_clause("A_missgain", [{"verb": "gain_life", "n": 4}]))
    for req in ("R", "R*", "RRR", "*", "RS", "AAA", "AA", "EE", "S"):
        out[f"G_{req}"] = CardDef(f"G_{req}", f"G_{req}", "attack", req=req, sword=2)
    return out


def test_content():
    """The bundled content plus the fixture cards, registered as TEST_SET."""
    base = load()
    cards = {**base.cards, **_fixture_cards()}
    c = dataclasses.replace(base, cards=cards)
    rules.register_content(TEST_SET, c)
    return c


def new_match(seed: int = 1, gembearers: tuple[str, str] | None = ("hammer", "twinblades"),
              house: dict[str, Any] | None = None, content: str | None = TEST_SET) -> Match:
    test_content()
    setup: dict[str, Any] = {}
    if gembearers:
        setup["gembearers"] = list(gembearers)
    if content:
        setup["content"] = content
    return Match.new(MatchConfig("gemwielders", seed, [SeatConfig(), SeatConfig()], None,
                                 dict(house or {}), setup))


def start_play(m: Match) -> Match:
    """Answer the redeal stage (keep the row) so Player 1's first turn begins."""
    from game.engine.systems.gemwielders.actions import KeepRow
    if m.state.pending and m.state.pending[-1].stage == "redeal":
        m.submit(KeepRow())
    return m


def put(state: GwState, seat: int | None, zone: str, cids: list[str], clear: bool = True) -> list[str]:
    """Make new cards `cids` and place them in `zone` (top first for decks). With `clear`,
    the cards already there go to the scrap pile first (conservation holds)."""
    pile = getattr(state, zone) if seat is None else getattr(state.players[seat], zone)
    if clear:
        for old in list(pile):
            if old is not None:
                state.scrap.append(old)
        if zone == "row":
            pile[:] = [None] * 5
        else:
            pile.clear()
        if zone == "mods" and seat is not None:
            state.players[seat].used.clear()
    ids = [state.new_card(c) for c in cids]
    if zone == "row":
        for i, cid in enumerate(ids):
            pile[i] = cid
    else:
        pile.extend(ids)
    return ids


def set_phase(m: Match, seat: int, phase: str, turn: int = 3) -> GwState:
    """Put `seat` into `phase` of turn `turn` (no pending stages, empty queue)."""
    s = m.state
    s.pending.clear()
    s.queue.clear()
    s.active = seat
    s.turn = turn
    s.phase = phase
    s.draft_step = 3 if phase == "draft" else 6
    s.attack = Attack(seat, 1 - seat) if phase == "attack" else None
    s.fired = []
    m.edited()
    return s


def names(state: GwState, ids) -> list[str]:
    return [state.cards[c].cid for c in ids]


def moves(m: Match) -> list:
    """The legal actions without giving up (Concede is always listed for the deciding seat)."""
    return [a for a in m.legal_actions() if not getattr(a, "surrender", False)]
