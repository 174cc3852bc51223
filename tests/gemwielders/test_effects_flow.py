"""Effects through the real flow (system.apply): skills resolving on the table (GW-26), use
effects of modifications and Gembearers (GW-31, GW-32, GW-53, GW-44), Sources (GW-29),
Intuition mid-reshuffle (GW-TV-26) and a few seeded random games over the whole card set."""
from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine.rules import IllegalAction, resolve_house_rules
from game.engine.systems.gemwielders import rules
from game.engine.systems.gemwielders.actions import (
    ChooseCards, EndPhase, PlayModification, PlaySkill, PlaySource, UseCard)
from game.engine.systems.gemwielders.content import Clause, load
from game.engine.systems.gemwielders.state import BEARER, GwState
from game.engine.systems.gemwielders.system import GemwieldersSystem

from .test_effects_support import put, rng

SYSTEM = GemwieldersSystem()


def main_phase(bearers=("hammer", "wardens_staff"), content: str = "default") -> GwState:
    """Seat 0 (Player 1) in its main phase on turn 3, five cards in each deck."""
    s = GwState(house=resolve_house_rules(SYSTEM, {}))
    s.content = content
    s.first, s.turn, s.active, s.phase = 0, 3, 0, "main"
    for seat, gb in enumerate(bearers):
        s.p(seat).gembearer = gb
        put(s, seat, "deck", *load().weapon_deck(gb)[:5])
    s.pool = dict(load().gems)
    return s


def act(s: GwState, action, r=None) -> list:
    why = SYSTEM.validate(s, action)
    if why:
        raise IllegalAction(why)
    return SYSTEM.apply(s, action, r or rng())


def tv33_content() -> str:
    """The bundled set plus GW-TV-33's modification: use, pay 1: gain 2 life."""
    base = load()
    step = {"verb": "gain_life", "n": 2, "who": "self"}
    mod = dataclasses.replace(base.cards["g_prism_lens"], id="t_tv33", name="Test Charm",
                              use=Clause([step], [], 1))
    rules.register_content("tv33", dataclasses.replace(base, cards={**base.cards, "t_tv33": mod}))
    return "tv33"


@pytest.mark.rule("GW-31")
@pytest.mark.rule("GW-44")
@pytest.mark.rule("GW-53")
def test_GW_TV_33_a_new_modification_is_usable_at_once_once_and_ready_after_the_draw_phase():
    s = main_phase(content=tv33_content())
    s.p(0).power, s.p(0).life = 1, 40
    (mod,) = put(s, 0, "hand", "t_tv33")
    act(s, PlayModification(mod))
    assert s.p(0).mods == [mod] and s.p(0).used == []            # enters ready (GW-53)
    act(s, UseCard(mod))
    assert s.p(0).power == 0 and s.p(0).life == 42 and s.p(0).used == [mod]
    assert UseCard(mod) not in SYSTEM.legal_actions(s)
    with pytest.raises(IllegalAction):
        act(s, UseCard(mod))
    act(s, EndPhase())                                            # main -> attack
    act(s, EndPhase())                                            # no attack -> draw phase
    assert s.active == 1 and s.p(0).used == []                    # readied (GW-44)


@pytest.mark.rule("GW-32")
def test_a_gembearer_use_follows_the_modification_rules():
    s = main_phase(bearers=("wardens_staff", "hammer"))
    act(s, UseCard(BEARER))
    assert s.p(0).power == 1 and not s.p(0).bearer_ready
    with pytest.raises(IllegalAction):
        act(s, UseCard(BEARER))


@pytest.mark.rule("GW-32")
@pytest.mark.rule("GW-60")
def test_longbow_take_aim_costs_one_and_shows_the_card_only_to_the_archer():
    s = main_phase(bearers=("longbow", "hammer"))
    d, d2 = put(s, 1, "defense", "w_haft_guard", "w_overhead_smash")
    assert UseCard(BEARER) not in SYSTEM.legal_actions(s)         # 0 power: cannot pay
    s.p(0).power = 1
    out = act(s, UseCard(BEARER))
    assert s.p(0).power == 0 and d in s.p(0).knows
    peek = [e for e in out if e.kind == "gw.defense_peeked"]
    assert peek and peek[0].card == d and peek[0].reveals
    seen = SYSTEM.view(s, 0)
    assert seen.players[1].defense[0] == d and seen.cards[d].cid == "w_haft_guard"
    assert seen.players[1].defense[1] != d2                       # the other stays hidden


@pytest.mark.rule("GW-26")
def test_a_skill_resolves_on_the_table_and_reaches_the_discard_only_when_done():
    s = main_phase(bearers=("twinblades", "hammer"))
    (feint,) = put(s, 0, "hand", "w_feint")
    (keep,) = put(s, 0, "hand", "w_quick_cut")
    act(s, PlaySkill(feint))
    assert feint in s.table and feint not in s.p(0).discard        # waiting on the discard choice
    assert s.pending[-1].stage == "choose_cards" and s.pending[-1].seat == 0
    assert SYSTEM.decision(s).prompt == "Feint: discard 1 card"
    drawn = [c for c in s.p(0).hand if c != keep]
    act(s, ChooseCards((keep,)))
    assert s.p(0).discard == [keep, feint] and s.table == []
    assert s.p(0).hand == drawn


@pytest.mark.rule("GW-46")
@pytest.mark.rule("GW-26")
def test_GW_TV_26_intuition_through_the_flow():
    s = main_phase()
    s.p(0).deck = s.p(0).deck[:1]
    (x,) = s.p(0).deck
    pile = put(s, 0, "discard", *["w_haft_guard"] * 5)
    (intuition,) = put(s, 0, "hand", "g_intuition")
    out = act(s, PlaySkill(intuition, (False,)))
    shuffled = [e for e in out if e.kind == "gw.deck_shuffled"]
    assert shuffled and shuffled[0].size == 5 and intuition in s.table
    seen = [e for e in out if e.kind == "gw.deck_looked"][0].cards
    assert seen[0] == x and set(seen[1:]) <= set(pile)
    act(s, ChooseCards((x,)))
    act(s, ChooseCards(tuple(seen[1:])))
    assert s.p(0).hand == [x] and s.p(0).deck[:2] == list(seen[1:])
    assert s.p(0).discard == [intuition] and s.pending == []


@pytest.mark.rule("GW-29")
@pytest.mark.rule("GW-28")
def test_sources_gain_two_and_return_to_the_stack_when_paid():
    s = main_phase()
    put(s, None, "sources", *["source"] * 11)
    a, b = put(s, 0, "hand", "source", "source")
    act(s, PlaySource(a, (False,)))                                # GW-TV-04
    assert s.p(0).power == 2 and s.p(0).discard == [a] and len(s.sources) == 11
    s.p(0).power = 0
    act(s, PlaySource(b, (True,)))                                 # GW-TV-05
    assert s.p(0).power == 0 and s.sources[-1] == b and b not in s.p(0).discard


def test_seeded_random_games_over_the_whole_card_set_keep_the_invariants():
    """Random legal play reaches every kind of effect; the flow and effects must never break
    the card-conservation invariants or get stuck."""
    from game.engine.rng import Rng
    from game.engine.match import Match
    for seed in (1, 2, 3):
        cfg = SYSTEM.example_config(seed)
        cfg.house_rules = resolve_house_rules(SYSTEM, cfg.house_rules)
        r = Rng.from_seed(cfg.seed)
        state, _ = SYSTEM.setup(cfg, r)
        m = Match(cfg, SYSTEM, state, r)
        pick = random.Random(seed)
        for _ in range(2000):
            if SYSTEM.is_over(m.state):
                break
            acts = [a for a in SYSTEM.legal_actions(m.state) if a.kind != "concede"]
            m.submit(pick.choice(acts))
            assert SYSTEM.check_invariants(m.state) == []
        assert SYSTEM.is_over(m.state) and m.state.turn > 4, seed
