"""Held actions on the map through Match.submit (GU-71..74, GU-90, GU-GM-35/36): Hold spends the
combat action and marks the token; an enemy's deed that fires the trigger pauses at a `held`
stage of the holder's seat; firing spends a reaction and GU-73's race decides whether the held
action comes before or after the deed; letting it pass keeps it; it lapses at the holder's
next turn. And detonating one's own Gu as a reaction (GU-91)."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.match import Match
from game.engine import saves
from game.engine.systems.gu_masters import forecast, holding
from game.engine.systems.gu_masters.actions import (DETONATE, TAKE, Activate, Move, React,
                                                    Strike)
from game.engine.systems.gu_masters.aperture import Detonated
from game.engine.systems.gu_masters.events import Activated, Damaged, Reacted, Struck, Tested
from game.engine.systems.gu_masters.rules import validate
from tests.gu_masters.test_engine_slice import events_of, man, match

Hold, UseHeld = holding.Hold, holding.UseHeld


def holding_a(trigger: str = "enemy_attacks", held: str = "strike", gu: str = "", *,
              b_at: tuple[int, int] = (2, 1), range_m: int = 0, named: str = "",
              **a_over) -> Match:
    """a (side 0) holds an action on its turn and ends it; b (side 1) acts next."""
    m = match([man("a", 0, 1, 1, **a_over), man("b", 1, *b_at)], initiative=["a", "b"])
    m.submit(Hold("a", held, trigger, gu, range_m, named))
    m.submit(EndTurn())
    return m


def kinds(out) -> list[str]:
    return [e.kind for e in out.events]


@pytest.mark.rule("GU-71", "GU-18")
def test_hold_spends_the_combat_action_and_the_token_carries_it():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)], initiative=["a", "b"])
    listed = [x for x in m.legal_actions() if isinstance(x, Hold)]
    # a strike and each Gu used by activation (moonlight, metal skin, wind wings; not the
    # stone shell, a reaction Gu), each with every trigger of GU-GM-36
    assert {x.held for x in listed} == {"strike", "gu"}
    assert {x.gu for x in listed if x.held == "gu"} == {"moonlight", "metal_skin", "wind_wings"}
    assert {x.trigger for x in listed} == set(holding.held.TRIGGERS)
    out = m.submit(Hold("a", "strike", "enemy_attacks"))
    assert events_of(out, holding.ActionHeld)[0].trigger == "enemy_attacks"
    a = m.state.creatures["a"]
    assert a.held["held"] == "strike" and a.held["trigger"]["kind"] == "enemy_attacks"
    assert m.state.turn.action                                     # the combat action is spent
    assert not [x for x in m.legal_actions() if isinstance(x, (Strike, Hold))]
    why = validate(m.state, Hold("a", "strike", "enemy_moves"))
    assert why is not None and why.rule == "GU-18"


@pytest.mark.rule("GU-71", "GU-110")
def test_a_final_stand_holds_only_a_gu():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)], initiative=["a", "b"])
    m.state.creatures["a"].condition, m.state.creatures["a"].hp = "final_stand", 0
    m.edited()
    listed = [x for x in m.legal_actions() if isinstance(x, Hold)]
    assert listed and {x.held for x in listed} == {"gu"}
    why = validate(m.state, Hold("a", "strike", "enemy_attacks"))
    assert why is not None and why.rule == "GU-110"


@pytest.mark.rule("GU-GM-36")
def test_an_unknown_trigger_is_refused():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)], initiative=["a", "b"])
    why = validate(m.state, Hold("a", "strike", "enemy_sneezes"))
    assert why is not None and why.rule == "GU-GM-36"


@pytest.mark.rule("GU-GM-35")
def test_the_held_action_lapses_when_its_holders_next_turn_starts():
    m = holding_a(b_at=(8, 1))
    assert m.state.creatures["a"].held
    out = m.submit(EndTurn())                                       # b passes: a's turn
    assert m.state.turn.actor == "a" and not m.state.creatures["a"].held
    assert [e.why for e in events_of(out, holding.HeldEnded)] == ["lapsed"]


@pytest.mark.rule("GU-GM-36", "GU-72", "GU-90")
def test_enemy_attacks_fires_before_the_strike_is_rolled():
    m = holding_a("enemy_attacks")
    out = m.submit(Strike("b", "a", "weapon", "sword"))
    assert m.decision.stage == holding.HOLD_STAGE and m.decision.actor == "a"
    assert events_of(out, holding.HeldTriggered)[0].deed == "attack"
    assert not events_of(out, Tested)                               # the strike waits
    answers = m.legal_actions()
    assert UseHeld("a", True, "b", "weapon", "sword") in answers and UseHeld("a", False) in answers


@pytest.mark.rule("GU-72")
def test_letting_it_pass_costs_nothing_keeps_it_and_the_deed_goes_on():
    m = holding_a("enemy_attacks")
    m.submit(Strike("b", "a", "weapon", "sword"))
    m.force_dice([90])                                              # b's strike misses
    out = m.submit(UseHeld("a", False))
    assert events_of(out, holding.HeldPassed) and events_of(out, Struck)[0].attacker == "b"
    a = m.state.creatures["a"]
    assert a.reactions == 2 and a.held                               # kept for a later trigger
    assert m.decision.stage == "act" and m.decision.actor == "b"


@pytest.mark.rule("GU-73", "GU-72", "GU-90")
def test_the_holder_wins_the_race_and_strikes_first():
    m = holding_a("enemy_attacks")
    m.submit(Strike("b", "a", "weapon", "sword"))
    # race: a 25 (Close Combat 45, within 2 m) beats b 35; a's sword 10 hits; b's own turn:
    # no reaction; its sword then rolls 90 and misses
    m.force_dice([25, 35, 10, 90])
    out = m.submit(UseHeld("a", True, "b", "weapon", "sword"))
    race = events_of(out, holding.HeldRaced)[0]
    assert race.first and race.skill == "Close Combat"
    assert [t.skill for t in events_of(out, Tested)[:2]] == ["Close Combat", "Close Combat"]
    assert [s.attacker for s in events_of(out, Struck)] == ["a", "b"]
    held = [e for e in events_of(out, Reacted) if e.reaction == holding.HELD]
    assert held and held[0].left == 1                                # a reaction spent
    assert not m.state.creatures["a"].held


@pytest.mark.rule("GU-73")
def test_losing_the_race_the_deed_goes_first_then_the_held_strike():
    m = holding_a("enemy_attacks")
    m.submit(Strike("b", "a", "weapon", "sword"))
    # race: a 35 loses to b 25; b's sword 90 misses; then a's held sword 10 hits
    m.force_dice([35, 25, 90, 10])
    out = m.submit(UseHeld("a", True, "b", "weapon", "sword"))
    assert not events_of(out, holding.HeldRaced)[0].first
    assert [s.attacker for s in events_of(out, Struck)] == ["b", "a"]
    assert events_of(out, Damaged)[0].victim == "b"
    assert m.decision.stage == "act" and not m.state.pending


@pytest.mark.rule("GU-73", "GU-X-05")
def test_a_full_tie_goes_to_the_one_who_set_it_off():
    m = holding_a("enemy_attacks")
    m.submit(Strike("b", "a", "weapon", "sword"))
    m.force_dice([30, 30, 90, 90])
    out = m.submit(UseHeld("a", True, "b", "weapon", "sword"))
    assert not events_of(out, holding.HeldRaced)[0].first
    assert [s.attacker for s in events_of(out, Struck)] == ["b", "a"]


@pytest.mark.rule("GU-73")
def test_farther_than_2_m_the_race_is_ranged_attack():
    # a holds Moonlight (range 20) for an attack; b, 5 m away, shoots Moonlight at a
    m = holding_a("enemy_attacks", "gu", "moonlight", b_at=(6, 1))
    m.submit(Activate("b", "moonlight", "a"))
    assert m.decision.stage == holding.HOLD_STAGE
    f = forecast.held_race(m.state, m.state.creatures["a"], m.state.creatures["b"])
    assert f.skill == "Ranged Attack" and 0 < f.first < 1
    m.force_dice([25, 35, 99, 99])                                 # a first; both miss
    out = m.submit(UseHeld("a", True, "b", "", "", "moonlight"))
    assert events_of(out, holding.HeldRaced)[0].skill == "Ranged Attack"
    assert [t.skill for t in events_of(out, Tested)][:2] == ["Ranged Attack"] * 2


@pytest.mark.rule("GU-74", "GU-46")
def test_a_held_activate_gu_makes_exactly_one_activation():
    # a's turn budget is irrelevant: even with none left it fires its one held activation
    m = holding_a("enemy_attacks", "gu", "moonlight", b_at=(6, 1))
    m.submit(Activate("b", "moonlight", "a"))
    essence = m.state.creatures["a"].essence
    m.force_dice([25, 35, 99, 99])
    out = m.submit(UseHeld("a", True, "b", "", "", "moonlight"))
    mine = [e for e in events_of(out, Activated) if e.who == "a"]
    assert len(mine) == 1 and mine[0].gu == "moonlight"
    assert m.state.creatures["a"].essence == essence - 2             # one activation paid


@pytest.mark.rule("GU-GM-36")
def test_enemy_moves_fires_before_the_walk():
    m = holding_a("enemy_moves")
    out = m.submit(Move("b", 5, 1))
    assert m.decision.stage == holding.HOLD_STAGE
    assert (m.state.creatures["b"].x, m.state.creatures["b"].y) == (2, 1)  # not moved yet
    assert events_of(out, holding.HeldTriggered)[0].deed == "move"
    m.force_dice([25, 35, 99])                                      # a first; it misses
    m.submit(UseHeld("a", True, "b", "weapon", "sword"))
    # then the walk: it leaves a's reach, and a (one reaction left) may strike again (GU-88)
    assert m.decision.stage == "opportunity"


@pytest.mark.rule("GU-GM-36", "GU-72")
def test_a_trigger_with_no_aim_for_the_held_action_asks_nothing():
    m = holding_a("enemy_moves", b_at=(3, 1))                     # 2 m: beyond the sword
    m.submit(Move("b", 5, 1))
    assert m.decision.stage == "act" and m.state.creatures["a"].held


@pytest.mark.rule("GU-GM-36")
def test_enemy_enters_range_pauses_the_walk_where_it_comes_in_reach():
    m = holding_a("enemy_enters_range", range_m=1, b_at=(6, 1))
    out = m.submit(Move("b", 0, 1))          # along row 1 past a at (1, 1)? it stops beside
    b = m.state.creatures["b"]
    assert m.decision.stage == holding.HOLD_STAGE
    assert max(abs(b.x - 1), abs(b.y - 1)) == 1                       # paused on entering
    m.force_dice([25, 35, 99])                                      # a first, misses
    m.submit(UseHeld("a", True, "b", "weapon", "sword"))
    assert m.decision.stage in ("act", "opportunity")
    assert events_of(out, holding.HeldTriggered)


@pytest.mark.rule("GU-GM-36")
def test_enemy_uses_gu_fires_only_on_the_named_gu():
    m = holding_a("enemy_uses_gu", "gu", "moonlight", b_at=(6, 1), named="metal_skin")
    m.submit(Activate("b", "wind_wings"))
    assert m.decision.stage == "act"                                 # another Gu: nothing
    m = holding_a("enemy_uses_gu", "gu", "moonlight", b_at=(6, 1), named="metal_skin")
    out = m.submit(Activate("b", "metal_skin"))
    assert m.decision.stage == holding.HOLD_STAGE
    assert events_of(out, holding.HeldTriggered)[0].deed == "gu"


@pytest.mark.rule("GU-GM-36", "GU-71")
def test_any_hostile_act_fires_on_a_move_and_no_ally_ever_fires_it():
    m = holding_a("any_hostile_act", "gu", "moonlight", b_at=(6, 1))
    m.submit(Move("b", 6, 3))
    assert m.decision.stage == holding.HOLD_STAGE
    m = match([man("a", 0, 1, 1), man("c", 0, 1, 3), man("b", 1, 8, 1)],
              initiative=["a", "c", "b"])
    m.submit(Hold("a", "gu", "any_hostile_act", "moonlight"))
    m.submit(EndTurn())
    m.submit(Move("c", 2, 3))                                       # an ally moves
    assert m.decision.stage == "act" and m.state.creatures["a"].held


@pytest.mark.rule("GU-72", "GU-18")
def test_no_reaction_left_no_stage():
    m = holding_a("enemy_attacks")
    m.state.creatures["a"].reactions = 0
    m.edited()
    m.submit(Strike("b", "a", "weapon", "sword"))
    assert m.decision.stage != holding.HOLD_STAGE


@pytest.mark.rule("GU-73")
def test_a_held_strike_that_drops_the_attacker_first_leaves_its_deed_undone():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1, hp=3)], initiative=["a", "b"])
    m.submit(Hold("a", "strike", "enemy_attacks"))
    m.submit(EndTurn())
    m.submit(Strike("b", "a", "weapon", "sword"))
    # race won; the sword hits and b (3 HP) drops; its 0-HP Perseverance test fails
    m.force_dice([25, 35, 10, 99])
    out = m.submit(UseHeld("a", True, "b", "weapon", "sword"))
    assert m.state.creatures["b"].condition != "up"
    assert [s.attacker for s in events_of(out, Struck)] == ["a"]


@pytest.mark.rule("GU-71", "GU-72")
def test_a_match_with_a_held_action_saves_loads_replays_and_undoes(tmp_path):
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)], initiative=["a", "b"])
    m.submit(Hold("a", "strike", "enemy_attacks"))
    assert m.can_undo()                                              # no die rolled
    m.undo()
    assert not m.state.creatures["a"].held and not m.state.turn.action
    m.submit(Hold("a", "strike", "enemy_attacks"))
    m.submit(EndTurn())
    m.submit(Strike("b", "a", "weapon", "sword"))                   # waiting at the held stage
    path = tmp_path / "held.json"
    saves.save(m, path)
    back = saves.load(path)                                          # replayed and compared
    assert back.state.to_json() == m.state.to_json()
    assert back.decision == m.decision and back.decision.stage == holding.HOLD_STAGE
    for one in (m, back):
        one.force_dice([25, 35, 10, 90])
        one.submit(UseHeld("a", True, "b", "weapon", "sword"))
    assert back.state.to_json() == m.state.to_json()


@pytest.mark.rule("GU-91", "GU-79")
def test_detonating_a_gu_answers_a_hit_and_the_hit_still_lands():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)], initiative=["b", "a"])
    m.force_dice([10])
    m.submit(Strike("b", "a", "weapon", "sword"))
    answers = m.legal_actions()
    assert React("a", DETONATE, "wind_wings") in answers and React("a", TAKE) in answers
    out = m.submit(React("a", DETONATE, "wind_wings"))
    assert events_of(out, Detonated)[0].gu == "wind_wings"
    assert "wind_wings" not in m.state.creatures["a"].gu
    assert m.state.creatures["a"].reactions == 1
    assert events_of(out, Damaged)[0].victim == "a"                  # nothing stopped


@pytest.mark.rule("GU-91")
def test_detonation_alone_opens_no_reaction_stage():
    # a final-stand creature can neither dodge nor parry and has no shield essence: the hit
    # lands at once, detonation being no reason to ask
    m = match([man("a", 0, 1, 1, essence=0), man("b", 1, 2, 1)], initiative=["b", "a"])
    m.state.creatures["a"].condition, m.state.creatures["a"].hp = "final_stand", 0
    m.edited()
    m.force_dice([10, 1])
    out = m.submit(Strike("b", "a", "weapon", "sword"))
    assert events_of(out, Damaged)[0].victim == "a"                 # landed at once
    assert m.decision is None or m.decision.stage != "react"


@pytest.mark.rule("GU-91", "GU-83")
def test_detonation_answers_an_area_and_the_area_still_catches():
    m = match([man("a", 0, 1, 1), {"id": "b", "entry": "fire_adept", "side": 1, "x": 6, "y": 1}],
              initiative=["b", "a"])
    mist = next(x for x in m.legal_actions() if isinstance(x, Activate) and x.gu == "poison_mist"
                and (x.x, x.y) == (1, 1))
    m.force_dice([10])
    m.submit(mist)
    assert m.decision.stage == "area_react" and m.decision.actor == "a"
    assert React("a", DETONATE, "metal_skin") in m.legal_actions()
    m.force_dice([50] * 4)
    out = m.submit(React("a", DETONATE, "metal_skin"))
    assert events_of(out, Detonated)[0].gu == "metal_skin"
    assert any(e.target == "a" and e.hit for e in events_of(out, Struck))
    assert m.state.creatures["a"].reactions == 1


def bot_answer(m: Match):
    from game.engine.rng import Rng
    from game.engine.systems.gu_masters.ai import GuBot
    seat = m.decision.seat
    return GuBot("gu_masters normal").choose(m.view(seat), m.legal_actions(), Rng.from_seed(3))


@pytest.mark.rule("GU-72", "GU-73")
def test_the_bot_fires_a_held_strike_the_forecast_favours_and_lets_a_hopeless_one_pass():
    m = holding_a("enemy_attacks")
    m.submit(Strike("b", "a", "weapon", "sword"))
    got = bot_answer(m)
    assert got.fire and got.target == "b"
    m = holding_a("enemy_attacks", skills={"Close Combat": 1})     # hits only on a 1..5
    m.submit(Strike("b", "a", "weapon", "sword"))
    assert bot_answer(m) == UseHeld("a", False)


@pytest.mark.rule("GU-91")
def test_the_bot_never_answers_a_hit_by_detonating():
    m = match([man("a", 0, 1, 1), man("b", 1, 2, 1)], initiative=["b", "a"])
    m.force_dice([10])
    m.submit(Strike("b", "a", "weapon", "sword"))
    assert bot_answer(m).reaction != DETONATE
