"""Gemwielders bots: legal choices only, never the true state or the match generator, an answer
for every stage they meet, sensible picks at the key choices, and deterministic autoplay."""
from __future__ import annotations

import json

import pytest

from game.cli import autoplay
from game.engine.ai.base import RandomBot, make_bot
from game.engine.ai.runner import bot_rng, example_match, play_match, run_match
from game.engine.match import Match
from game.engine.systems.gemwielders import actions as A
from game.engine.systems.gemwielders import ai
from game.engine.systems.gemwielders.system import GEMWIELDERS
from tests.gemwielders.gwtools import new_match, put, set_phase, start_play


def _json(m: Match):
    return json.dumps(GEMWIELDERS.state_to_json(m.state), sort_keys=True)


@pytest.mark.parametrize("difficulty,seed", [("easy", 2), ("normal", 3), ("hard", 4)])
def test_bots_choose_legal_and_leave_the_match_alone(difficulty, seed):
    """Every choice is legal; choosing touches neither the match state nor its generator; the
    game reaches its end (no stage left unanswered)."""
    m = Match.new(example_match("gemwielders", seed, None, (difficulty, difficulty)))
    bots = [make_bot("gemwielders", difficulty) for _ in range(2)]
    stages = set()
    for _ in range(3000):
        if m.over:
            break
        d = m.decision
        stages.add(d.stage)
        legal = m.legal_actions()
        rng_before, state_before = m.rng.to_json(), _json(m)
        action = bots[d.seat].choose(m.view(d.seat), list(legal), bot_rng(m, d.seat))
        assert action in legal
        assert not getattr(action, "surrender", False)       # never gives up
        assert m.rng.to_json() == rng_before
        assert _json(m) == state_before
        m.submit(action)
    assert m.over and m.winner in (0, 1)
    assert {"choose_gembearer", "redeal", "draft", "main", "attack"} <= stages


def test_every_stage_met_against_random_play_gets_an_answer():
    """Normal and hard against random play over several seeds: no BotError, every game ends,
    and the stages met include the effect stages (choose cards, pay)."""
    stages: set[str] = set()

    def note(match, action, events):
        if match.decision is not None:
            stages.add(match.decision.stage)

    for seed in range(1, 9):
        diff = "hard" if seed % 4 == 0 else "normal"
        config = example_match("gemwielders", seed, None, (diff, "random"))
        m = Match.new(config)
        summary = run_match(m, [make_bot("gemwielders", diff), RandomBot()], 3000, on_action=note)
        assert summary["finished"], summary["reason"]
    assert {"choose_cards", "pay"} <= stages


def test_view_hides_the_opponents_hand_and_the_bot_ignores_it():
    """The bot's input for seat 0 shows the opponent's hand only as placeholders, and changing
    what the opponent really holds changes neither the view nor the bot's choice."""
    m = start_play(new_match(5, ("longbow", "hammer")))
    s = set_phase(m, 0, "attack")
    put(s, 0, "hand", ["w_arrow", "w_arrow", "g_storm_lance"])
    put(s, 1, "defense", ["w_haft_guard", "w_haft_guard"])
    put(s, 1, "hand", ["w_swing", "w_swing"])
    view = m.view(0)
    assert all(view.cards[c].cid == ai.HIDDEN for c in view.players[1].hand)
    assert all(view.cards[c].cid == ai.HIDDEN for c in view.players[1].defense)
    legal = m.legal_actions()
    bot = make_bot("gemwielders", "normal")
    first = bot.choose(view, list(legal), bot_rng(m, 0))
    put(s, 1, "hand", ["g_cataclysm", "g_worldroot_bastion"])     # the truth changes...
    put(s, 1, "defense", ["g_worldroot_bastion", "g_bramble_ward"])
    view2 = m.view(0)
    assert [view2.cards[c].cid for c in view2.players[1].hand] == [ai.HIDDEN] * 2
    assert bot.choose(view2, list(m.legal_actions()), bot_rng(m, 0)) == first   # ...not the choice


def test_normal_attacks_an_empty_setup_with_everything():
    m = start_play(new_match(6, ("longbow", "hammer")))
    s = set_phase(m, 0, "attack")
    ids = put(s, 0, "hand", ["w_arrow", "w_arrow", "w_fall_back"])
    put(s, 1, "defense", [])
    bot = make_bot("gemwielders", "normal")
    placed = []
    while True:
        action = bot.choose(m.view(0), m.legal_actions(), bot_rng(m, 0))
        if not isinstance(action, A.AddToAttack):
            break
        placed.append(action.card)
        m.submit(action)
    assert sorted(placed) == sorted(ids[:2])
    assert isinstance(action, A.Announce)


def test_normal_discards_its_weakest_card():
    """A discard stage (Feint: draw 1, discard 1) throws away the least useful card."""
    m = start_play(new_match(7, ("twinblades", "hammer")))
    s = set_phase(m, 0, "main")
    hand = put(s, 0, "hand", ["w_feint", "g_storm_lance", "w_parry", "w_steady_breath"])
    put(s, 0, "deck", ["g_cataclysm"])
    m.submit(A.PlaySkill(hand[0], ()))
    assert m.decision.stage == "choose_cards"
    action = make_bot("gemwielders", "normal").choose(m.view(0), m.legal_actions(), bot_rng(m, 0))
    assert [s.cards[c].cid for c in action.cards] == ["w_steady_breath"]


def test_normal_drafts_a_strong_card_it_can_afford_and_takes_a_gem_toward_the_row():
    m = start_play(new_match(8, ("hammer", "longbow")))
    s = set_phase(m, 0, "draft")
    s.players[0].gems = ["R", "R", "R"]
    row = put(s, None, "row", ["g_cataclysm", "g_mend", "g_intuition", "g_hex_bolt", "g_dynamo"])
    bot = make_bot("gemwielders", "normal")
    gem = bot.choose(m.view(0), m.legal_actions(), bot_rng(m, 0))
    assert isinstance(gem, A.TakeGem)
    m.submit(gem)                 # any gem makes RRR* (Cataclysm) draftable
    pick = bot.choose(m.view(0), m.legal_actions(), bot_rng(m, 0))
    assert pick == A.Draft(row.index(row[0]))


def test_bot_pays_only_what_it_can_and_what_is_worth_it():
    """Pay stage answers: declines when the clause costs more than the bot has."""
    m = start_play(new_match(9, ("wardens_staff", "hammer")))
    s = set_phase(m, 0, "main")
    s.players[0].power = 0
    bot = make_bot("gemwielders", "normal")
    for a in m.legal_actions():
        if isinstance(a, A.PlaySkill) and any(a.pay):
            pytest.fail("a clause the seat cannot afford was offered")
    # with plenty of power, a Meditate is played paying for the draw
    s.players[0].power = 6
    ids = put(s, 0, "hand", ["w_meditate"])
    put(s, 0, "deck", ["w_ward", "w_ward", "w_ward"])
    m.edited()
    action = bot.choose(m.view(0), m.legal_actions(), bot_rng(m, 0))
    assert action == A.PlaySkill(ids[0], (True,))


def test_autoplay_is_deterministic_for_a_seed(capsys):
    assert autoplay.main(["--system", "gemwielders", "--seed", "11"]) == 0
    first = capsys.readouterr().out
    assert autoplay.main(["--system", "gemwielders", "--seed", "11"]) == 0
    again = capsys.readouterr().out
    assert first == again
    summary = json.loads(first)
    assert summary["finished"] and summary["winner"] in (0, 1)


def test_same_seed_same_game_with_hard_bots():
    bots = lambda: [make_bot("gemwielders", "hard"), make_bot("gemwielders", "easy")]  # noqa: E731
    a = play_match(example_match("gemwielders", 12, None, ("hard", "easy")), bots())
    b = play_match(example_match("gemwielders", 12, None, ("hard", "easy")), bots())
    assert a == b and a["finished"]


def test_bot_orders_simultaneous_attack_effects():
    """Two attack cards with reveal effects raise order_effects for the attacker (GW-37); the
    bot answers it (one key at a time) until the attack resolves."""
    m = start_play(new_match(13, ("hammer", "longbow")))
    s = set_phase(m, 0, "attack")
    ids = put(s, 0, "hand", ["e1", "e2"])
    put(s, 1, "defense", ["D2"])
    for card in ids:
        m.submit(A.AddToAttack(card))
    m.submit(A.Announce())
    bot = make_bot("gemwielders", "normal")
    asked = 0
    while m.decision is not None and m.decision.stage == "order_effects":
        action = bot.choose(m.view(0), m.legal_actions(), bot_rng(m, 0))
        assert isinstance(action, A.OrderEffects) and action in m.legal_actions()
        m.submit(action)
        asked += 1
    assert asked >= 1
    assert m.state.attack is None or m.state.attack.step == "done" or m.state.phase != "attack"


def test_balance_hooks_describe_a_finished_game():
    from game.cli import balance
    r = balance.play_one("gemwielders", "normal", 4, "wardens_staff", "twinblades", 5000)
    assert r["finished"] and r["turns"] >= 2
    assert set(r["picks"].values()) == {"wardens_staff", "twinblades"}


class _FreshEachTime:
    """A bot made anew for every decision, as the client's AI seats do (no memory between
    choices): the loop guards must hold without it."""

    name = "fresh"

    def choose(self, view, legal, rng):
        return make_bot("gemwielders", "normal").choose(view, legal, rng)


def test_a_bot_without_memory_still_finishes_games():
    for seed in (9, 21, 33):
        summary = play_match(example_match("gemwielders", seed, None, ("normal", "normal")),
                             [_FreshEachTime(), _FreshEachTime()], 3000)
        assert summary["finished"], (seed, summary["reason"])


def test_no_drawing_in_circles_from_an_empty_deck():
    m = start_play(new_match(14, ("twinblades", "hammer")))
    s = set_phase(m, 0, "main")
    hand = put(s, 0, "hand", ["w_feint", "w_parry"])
    put(s, 0, "deck", [])
    put(s, 0, "discard", ["w_feint"])
    action = make_bot("gemwielders", "normal").choose(m.view(0), m.legal_actions(), bot_rng(m, 0))
    assert action != A.PlaySkill(hand[0], ())
