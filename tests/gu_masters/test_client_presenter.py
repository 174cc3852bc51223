"""The gu_masters presenter (no window): what each token carries (essence meter, reactions
left as pips, stones, altitude, statuses in the engine's words, the final-stand and dying
marker with its tokens), the reaction prompt's odds as the engine's forecast gives them, and
words for every action a seat can pick."""
from __future__ import annotations

import pytest

from game.client.systems.gu_masters.presenter import GuMastersPresenter, pct
from game.engine.match import Match
from game.engine.rules import MatchConfig, SeatConfig
from game.engine.systems.gu_masters import forecast, statuses
from game.engine.systems.gu_masters import actions as A
from game.engine.systems.gu_masters.state import Status

GRID = {"rows": ["......", "......", "......"]}

from game.engine.systems.gu_masters.content import content as _content

MASTER = _content().creatures["gu_master_r1"].name     # the names the content gives
WOLF = _content().creatures["wolf"].name


def duel(**overrides: dict) -> Match:
    setup = {"grid": GRID, "initiative": ["master", "wolf"],
             "creatures": [{"id": "master", "entry": "gu_master_r1", "side": 0, "x": 1, "y": 1,
                            "overrides": overrides.get("master", {})},
                           {"id": "wolf", "entry": "wolf", "side": 1, "x": 2, "y": 1,
                            "overrides": overrides.get("wolf", {})}]}
    return Match.new(MatchConfig("gu_masters", 3, [SeatConfig("human"), SeatConfig("human")],
                                 None, {}, setup))


def token(p: GuMastersPresenter, uid: str):
    return next(t for t in p.tokens() if t.id == uid)


@pytest.mark.rule("GU-15", "GU-18", "GU-X-15")
def test_tokens_carry_essence_reactions_stones_and_altitude():
    m = duel(master={"essence": 12, "stones": 3, "altitude": 4})
    p = GuMastersPresenter(m)
    master, wolf = token(p, "master"), token(p, "wolf")
    c = m.state.creatures["master"]
    assert master.bars == ((c.essence, c.essence_max, (96, 206, 232)),) and c.essence >= 12
    assert wolf.bars == ()                               # a beast has no essence
    assert master.pips == (2, 2) and wolf.pips == (2, 2)
    assert master.altitude == 4 and wolf.altitude is None
    assert ("S3", "3 primeval stones carried (absorbing one refills essence)") in master.badges
    m.state.creatures["wolf"].reactions = 1
    m.edited()
    assert token(p, "wolf").pips == (1, 2)


@pytest.mark.rule("GU-109", "GU-110", "GU-113", "GU-115", "GU-116", "GU-149")
def test_badges_say_statuses_in_the_engines_words_and_mark_the_dying_with_tokens():
    m = duel()
    wolf = m.state.creatures["wolf"]
    wolf.statuses.append(Status("prone"))
    wolf.condition, wolf.tokens = "dying", [1, 2]
    m.edited()
    p = GuMastersPresenter(m)
    badges = dict(token(p, "wolf").badges)
    words = statuses.badges([statuses.Status("prone")])[0]
    assert badges["P"] == f"{words.label}: {words.summary}"
    assert "Perseverance tokens 1/3" in badges["Dy1/2"] and "Predicament tokens 2/5" in \
        badges["Dy1/2"]
    conds = dict(p.unit_panel("wolf").sections)["Conditions"]
    assert conds[0].label == "Dying"
    wolf.condition, wolf.tokens = "final_stand", [2, 0]
    m.edited()
    assert any(g == "FS" and "Perseverance 2/3" in w for g, w in token(p, "wolf").badges)


@pytest.mark.rule("GU-79", "GU-81", "GU-86")
def test_the_reaction_prompt_gives_each_answer_the_engines_odds_and_cost():
    m = duel()
    m.force_dice([30])
    m.submit(next(a for a in m.legal_actions() if isinstance(a, A.Strike)
                  and a.strike == "weapon" and a.weapon == "sword"))
    p = GuMastersPresenter(m)
    got = p.prompt()
    assert got is not None and got.title == "React?"
    odds = forecast.reaction_odds(m.state, m.state.pending[-1].data, m.state.creatures["wolf"])
    by = {a.reaction: (label, tip) for label, a, tip in got.options}
    assert by["dodge"][0] == f"Dodge — stops it {pct(odds['dodge'])}"
    assert by["parry"][0] == f"Parry — stops it {pct(odds['parry'])}"
    assert "Spends a reaction (2 left this round)" in by["dodge"][1]
    land = forecast.landing(m.state, m.state.pending[-1].data)
    assert by["take"][0] == f"Take the hit — {land.dealt} dmg"
    assert "rolled 30" in got.text and p.prompt_focus() == ["master"]


def test_every_action_has_words_of_its_own(monkeypatch):
    m = duel()
    p = GuMastersPresenter(m)

    def unnamed(a):
        raise AssertionError(f"{type(a).__name__} has no words of its own")
    monkeypatch.setattr(p, "unnamed_action", unnamed)
    samples = [A.Move("master", 2, 2), A.Strike("master", "wolf", "weapon", "sword"),
               A.Strike("master", "wolf", "kick"), A.Strike("master", "wolf", "multi", "dagger"),
               A.Sprint("master"), A.React("wolf", "dodge"), A.React("wolf", "take"),
               A.React("wolf", "shield", "iron_skin"), A.DodgeMove("wolf", 3, 1),
               A.Opportunity("wolf", "master", "bite"), A.Opportunity("wolf", "master"),
               A.GoesFirst("master"), A.Activate("master", "moonlight", "wolf"),
               A.Activate("master", "moonlight", "", 3, 1), A.Release("master", "moonlight"),
               A.StandUp("master"), A.Jump("master", 3, 1), A.Jump("master", 1, 1, 2)]
    for a in samples:
        text = p.describe(a)
        assert text and "_" not in text, (a, text)
    assert p.describe(samples[1]) == f"Sword at {WOLF}"
    assert p.describe(samples[-1]) == "Jump 2 m up"


@pytest.mark.rule("GU-86", "GU-87")
def test_a_parry_that_wins_offers_the_counter_attack_with_its_odds():
    m = duel()
    m.force_dice([40])
    m.submit(next(a for a in m.legal_actions() if isinstance(a, A.Strike)
                  and a.strike == "weapon" and a.weapon == "sword"))
    m.force_dice([1])
    m.submit(next(a for a in m.legal_actions() if isinstance(a, A.React)
                  and a.reaction == "parry"))
    assert m.decision.stage == "counter"
    p = GuMastersPresenter(m)
    got = p.prompt()
    assert got.title == "Counter-attack?" and f"{WOLF} parried {MASTER}" in got.text
    labels = [label for label, _a, _t in got.options]
    assert labels[0].startswith(f"Bite {MASTER} — Hit ") and " dmg" in labels[0]
    assert labels[-1] == f"No counter-attack — {MASTER} goes unanswered"


@pytest.mark.rule("GU-117", "GU-GM-27")
def test_falls_are_previewed_from_the_engines_fall_damage():
    """A square well below the acting creature says what a fall there deals, and a flier's
    panel what a fall from its height deals, both by the engine's fall damage and the table's
    fall rule."""
    from game.engine.systems.gu_masters import falling
    setup = {"grid": {"rows": ["555...", "555..."]}, "initiative": ["master", "wolf"],
             "creatures": [{"id": "master", "entry": "gu_master_r1", "side": 0, "x": 1, "y": 0},
                           {"id": "wolf", "entry": "wolf", "side": 1, "x": 4, "y": 1,
                            "overrides": {"altitude": 6}}]}
    for mode in ("total", "excess"):
        m = Match.new(MatchConfig("gu_masters", 3, [SeatConfig("human"), SeatConfig("human")],
                                  None, {"fall_mode": mode}, setup))
        p = GuMastersPresenter(m)
        drop = next(ln for ln in p.tile_panel((4, 0)).lines if ln.label == "Drop")
        assert drop.text == f"5 m below {MASTER}: a fall deals " \
                            f"{falling.fall_damage(5, fall_mode=mode)}"
        assert not any(ln.label == "Drop" for ln in p.tile_panel((0, 1)).lines)
        stats = {label: value for label, value, _tip in p.unit_panel("wolf").stats}
        assert stats["Fall"] == f"{falling.fall_damage(6, fall_mode=mode)} dmg"


@pytest.mark.rule("GU-85", "GU-X-06", "GU-88")
def test_the_opportunity_prompt_after_a_dodge_step_rolls_at_disadvantage_and_may_be_dodged():
    """A dodge's step out of reach: the prompt says the strike rolls at disadvantage, and its
    odds are the engine's forecast with it (the dodger is out of its turn, so it may answer
    the strike: the chance is after its best reaction)."""
    from tests.gu_masters.test_engine_slice import man, match
    m = match([man("a", 0, 3, 2), man("b", 1, 2, 2), man("c", 1, 4, 2)],
              initiative=["b", "a", "c"])
    m.force_dice([10])
    m.submit(A.Strike("b", "a", "weapon", "sword"))
    m.force_dice([5])
    m.submit(A.React("a", A.DODGE))
    m.submit(A.DodgeMove("a", 1, 4))                  # out of c's reach, still in b's
    assert m.decision.stage == "opportunity" and m.decision.actor == "c"
    p = GuMastersPresenter(m)
    got = p.prompt()
    a, c = m.state.creatures["a"], m.state.creatures["c"]
    assert got.title == "Attack of opportunity?" and "dodges out of" in got.text
    assert "keeps the worse" in got.text
    f = forecast.strike_forecast(m.state, c, a, "weapon", "sword", disadvantage=True)
    # a has a reaction left: a dodge or parry may stop it (its Stone Shell may be its best)
    assert f.reactions and f.odds.after_best < f.odds.roll_hits
    label, action, tip = got.options[0]
    assert action == A.Opportunity("c", "a", "weapon", "sword")
    assert label.startswith(f"{p.describe(action)} — Hit {pct(f.hit)} · {f.landing.dealt} dmg")
    assert "disadvantage" in tip and "After a reaction: dodge" in tip
    assert got.options[-1][1] == A.Opportunity("c", "a")


@pytest.mark.rule("GU-40")
def test_a_creature_under_water_shows_its_breath_on_its_token_and_sheet():
    from game.engine.actions import EndTurn
    from game.engine.systems.gu_masters.breath import Submerge
    from tests.gu_masters.test_breath import pond
    m = pond(attrs={"Fortitude": 45})
    p = GuMastersPresenter(m)
    assert not any(g.startswith("Br") for g, _ in token(p, "a").badges)   # at the surface
    assert p.describe(Submerge("a")) == "Go under water (holds its breath 24 turns)"
    out = m.submit(Submerge("a"))
    assert [ln.text for ln in p.log_lines(out.events)][0] == f"{MASTER} 1 goes under water"
    out = m.submit(EndTurn())
    assert any(ln.text == f"{MASTER} 1 holds its breath under water (23 of 24 turns left)"
               for ln in p.log_lines(out.events))
    badge = next((g, w) for g, w in token(p, "a").badges if g.startswith("Br"))
    assert badge == ("Br23", "Under water, holding its breath: 23 of 24 turns left, then it "
                             "falls unconscious")
    stats = {k: v for k, v, _ in p.unit_panel("a").stats}
    assert stats["Breath"] == "23/24 turns"
    m.state.creatures["a"].breath_out = 30
    m.edited()
    assert any(g == "Dr18" for g, _ in token(p, "a").badges)
