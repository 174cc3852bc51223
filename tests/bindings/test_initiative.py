"""Initiative (BND-15..22, BND-GM-03/04, BND-T-08..10) and the opening action before round 1
(BND-23/24, BND-GM-09, BND-T-25)."""
from __future__ import annotations

import pytest

from game.engine.actions import EndTurn
from game.engine.events import DiceRolled, TurnStarted
from game.engine.systems.bindings import events as ev
from game.engine.systems.bindings import turns
from game.engine.systems.bindings.actions import Opening, UseMove

from .bndtools import act, duel, make, of, run_to, when


def spec(cid, side, x, y, dex=10, intel=10, sheet="brawler", **extra):
    return {"id": cid, "sheet": sheet, "side": side, "x": x, "y": y,
            "scores": {"DEX": dex, "INT": intel}, **extra}


def ranked(m) -> ev.InitiativeRanked:
    return of(m.initial_events, ev.InitiativeRanked)[0]


@pytest.mark.rule("BND-17")
@pytest.mark.rule("BND-T-08")
def test_pool_sizes_and_sixes():
    specs = [spec("a", 0, 0, 0, dex=14, intel=12), spec("b", 1, 4, 0, dex=6, intel=8),
             spec("c", 1, 6, 0, dex=4, intel=6)]
    m = make(specs, setup_dice=[6, 2, 6, 6, 1, 3, 5, 1])
    rolls = [r for r in of(m.initial_events, DiceRolled) if r.roll.purpose == "initiative"]
    assert [len(r.roll.faces) for r in rolls] == [7, 1, 0]        # 2+1+4, -2-1+4, max(0, -1)
    assert [r.roll.total for r in rolls] == [3, 0, 0]
    cs = m.state.combatants
    assert (cs["a"].sixes, cs["b"].sixes, cs["c"].sixes) == (3, 0, 0)
    assert turns.pool(cs["c"]) == 0


@pytest.mark.rule("BND-15")
@pytest.mark.rule("BND-18")
@pytest.mark.rule("BND-T-09")
def test_ties_reroll_among_themselves():
    six = dict(dex=12, intel=12)                       # pool 6
    specs = [spec("A", 0, 0, 0, **six), spec("B", 1, 8, 0, **six), spec("C", 0, 0, 2, **six)]
    dice = ([6, 6, 1, 1, 1, 1] + [6, 6, 1, 1, 1, 1] + [6, 6, 6, 1, 1, 1]     # A 2, B 2, C 3
            + [6, 1, 1, 1, 2, 3] + [6, 2, 2, 2, 3, 4]                       # tie again
            + [6, 6, 1, 1, 1, 1] + [1, 1, 1, 1, 1, 1])                      # A 2, B 0
    m = make(specs, setup_dice=dice)
    r = ranked(m)
    assert r.order == ("C", "A", "B")
    assert r.sixes == (3, 2, 2)                         # the first roll's scores
    assert r.rerolls == 2
    assert m.state.combatants["B"].first_segment == 1   # its zero on a tie-break delays nothing
    assert when(m) == (1, 1, "C")


@pytest.mark.rule("BND-18")
def test_a_tied_group_keeps_its_place_between_the_others():
    specs = [spec("D", 0, 0, 0, dex=12, intel=12), spec("A", 0, 0, 2, dex=12, intel=12),
             spec("B", 1, 8, 0, dex=12, intel=12), spec("E", 1, 8, 2, dex=12, intel=12)]
    dice = ([6, 6, 6, 1, 1, 1], [6, 1, 1, 1, 1, 1], [6, 1, 1, 1, 1, 1], [1] * 6,
            [1] * 6, [6, 1, 1, 1, 1, 1])                  # D 3, A 1, B 1, E 0; then B beats A
    m = make(specs, setup_dice=[f for d in dice for f in d])
    assert ranked(m).order == ("D", "B", "A", "E")


@pytest.mark.rule("BND-GM-03")
def test_zero_dice_ties_reroll_with_one_die():
    specs = [spec("a", 0, 0, 0, dex=4, intel=6), spec("b", 1, 6, 0, dex=4, intel=6)]
    m = make(specs, setup_dice=[1, 6])                 # no dice at first, then one die each
    rolls = of(m.initial_events, DiceRolled)
    assert [len(r.roll.faces) for r in rolls] == [0, 0, 1, 1]
    assert ranked(m).order == ("b", "a")
    # both rolled zero sixes on the first roll: both are delayed in round 1 (BND-20)
    assert [m.state.combatants[c].first_segment for c in "ab"] == [2, 2]


@pytest.mark.rule("BND-GM-03")
def test_endless_ties_end_in_a_seeded_shuffle():
    specs = [spec("a", 0, 0, 0, dex=4, intel=6), spec("b", 1, 6, 0, dex=4, intel=6)]
    orders = set()
    for seed in range(1, 7):
        m = make(specs, setup_dice=[1, 1] * 5, house={"tie_rerolls": 5}, seed=seed)
        r = ranked(m)
        assert r.rerolls == 5
        assert len(of(m.initial_events, DiceRolled)) == 2 + 10
        orders.add(r.order)
        again = make(specs, setup_dice=[1, 1] * 5, house={"tie_rerolls": 5}, seed=seed)
        assert ranked(again).order == r.order            # same seed, same shuffle
    assert orders == {("a", "b"), ("b", "a")}


@pytest.mark.rule("BND-19")
@pytest.mark.rule("BND-20")
@pytest.mark.rule("BND-21")
@pytest.mark.rule("BND-T-10")
def test_round_one_delays():
    specs = [spec("fast", 0, 0, 0), spec("unaware", 0, 0, 2, unaware=True),
             spec("slow", 1, 8, 0), spec("both", 1, 8, 2, unaware=True)]
    m = make(specs, order=["fast", "unaware", "slow", "both"], zero_sixes=["slow", "both"])
    cs = m.state.combatants
    assert [cs[c].first_segment for c in ("fast", "unaware", "slow", "both")] == [1, 2, 2, 3]
    assert dict(ranked(m).delayed) == {"unaware": 2, "slow": 2, "both": 3}
    out = run_to(m, 1, 2)
    skipped = [(e.actor, e.reason) for e in of(out, ev.TurnSkipped)]
    assert [a for a, _ in skipped] == ["unaware", "slow", "both"]
    assert when(m) == (1, 2, "fast")
    out = run_to(m, 1, 3)
    assert [e.actor for e in of(out, ev.TurnSkipped)] == ["both"]
    assert [e.actor for e in of(out, TurnStarted)] == ["unaware", "slow", "fast"]
    out = run_to(m, 2, 1)
    assert of(out, ev.TurnSkipped) == []                  # round 2: everyone acts in S1


@pytest.mark.rule("BND-22")
@pytest.mark.rule("BND-GM-04")
@pytest.mark.rule("BND-T-10")
def test_delayed_target_gets_reaction_but_no_defensive_action():
    m = duel(a=dict(sheet="brawler", x=0, y=0), b=dict(sheet="brawler", x=1, y=0, unaware=True))
    assert m.state.combatants["b"].first_segment == 2
    out = act(m, UseMove("a", "dagger", (1, 0)), dice=[1, 1, 1])
    assert m.decision.stage == "act"                        # no defend prompt for b
    res = of(out, ev.AttackResolved)[0]
    b = m.state.combatants["b"]
    assert res.defence == b.db + b.mod("INT")               # the free Reaction (BND-46)


@pytest.mark.rule("BND-GM-04")
def test_house_rule_lets_the_delayed_defend():
    m = duel(a=dict(sheet="brawler", x=0, y=0), b=dict(sheet="brawler", x=1, y=0, unaware=True),
             house={"delayed_can_defend": True})
    act(m, UseMove("a", "dagger", (1, 0)))
    assert m.decision.stage == "defend" and m.decision.actor == "b"


# -- the opening action (BND-23/24) -----------------------------------------------------------------

@pytest.mark.rule("BND-23")
@pytest.mark.rule("BND-24")
@pytest.mark.rule("BND-GM-09")
@pytest.mark.rule("BND-T-25")
def test_only_the_first_declarer_acts_before_round_one():
    specs = [{"id": "p1", "sheet": "aeromancer", "side": 0, "x": 0, "y": 0},
             {"id": "p2", "sheet": "archer", "side": 0, "x": 0, "y": 2},
             {"id": "t", "sheet": "brawler", "side": 1, "x": 6, "y": 0}]
    m = make(specs, opening="p1", order=["t", "p2", "p1"])
    d = m.decision
    assert (d.stage, d.actor, d.seat) == ("opening", "p1", 0)
    legal = m.legal_actions()
    assert all(a.actor == "p1" for a in legal if isinstance(a, Opening))
    assert Opening("p1", "blade", (6, 0)) in legal and Opening("p1", None, None) in legal
    assert not any(getattr(a, "actor", None) == "p2" for a in legal)
    out = act(m, Opening("p1", "blade", (6, 0)))
    flew = of(out, ev.AttackAdvanced)
    assert len(flew) == 1 and len(flew[0].path) == 4       # segment 0: the first 4 hexes
    assert (m.state.round, m.state.segment) == (1, 1)
    p1 = m.state.combatants["p1"]
    assert p1.spent == [] and p1.swifts == 0               # round 1's budget untouched
    assert m.state.combatants["p2"].spent == []
    # the blade goes on from R1 S1 on p1's turn (t and p2 act first): it contacts then
    m.force_dice([1, 1, 1])
    out = run_to(m, 1, 1, "p1")
    started = [e.actor for e in out if isinstance(e, TurnStarted)]
    assert started == ["p2", "p1"]             # t's turn began with round 1
    contact = of(out, ev.AttackContacted)
    assert len(contact) == 1 and contact[0].target == "t"
    assert out.index(contact[0]) > out.index([e for e in out if isinstance(e, TurnStarted)][-1])
    assert p1.cooldowns.get("blade") == 0                 # used in "round 0": ready in round 2


@pytest.mark.rule("BND-23")
@pytest.mark.rule("BND-GM-09")
def test_declining_the_opening_starts_round_one():
    specs = [{"id": "p1", "sheet": "aeromancer", "side": 0, "x": 0, "y": 0},
             {"id": "t", "sheet": "brawler", "side": 1, "x": 6, "y": 0}]
    m = make(specs, opening="p1")
    act(m, Opening("p1", None, None))
    assert when(m) == (1, 1, "p1")


@pytest.mark.rule("BND-GM-09")
def test_no_opening_without_an_ambush_or_with_precombat_none():
    specs = [{"id": "p1", "sheet": "aeromancer", "side": 0, "x": 0, "y": 0},
             {"id": "t", "sheet": "brawler", "side": 1, "x": 6, "y": 0}]
    assert make(specs).decision.stage == "act"


@pytest.mark.rule("BND-GM-02")
@pytest.mark.rule("BND-23")
def test_an_ambushing_side_hides_and_its_first_combatant_opens():
    from .bndtools import config
    from game.engine.match import Match
    specs = [{"id": "p1", "sheet": "scout", "side": 0, "x": 0, "y": 0},
             {"id": "p2", "sheet": "archer", "side": 0, "x": 0, "y": 2},
             {"id": "t", "sheet": "brawler", "side": 1, "x": 8, "y": 0}]
    for seed in range(1, 5):
        m = Match.new(config(specs, house={"opening_side": 0}, setup_dice=[], seed=seed))
        d = m.decision
        first_of_side0 = [c for c in m.state.order if m.state.combatants[c].side == 0][0]
        assert (d.stage, d.actor) == ("opening", first_of_side0)
        t = m.state.combatants["t"]
        assert t.first_segment == 1 + int(t.unaware) + int(t.sixes == 0)
        m2 = Match.new(config(specs, house={"opening_side": 0, "precombat": "none"},
                              setup_dice=[], seed=seed))
        assert m2.decision.stage == "act"


@pytest.mark.rule("BND-GM-09")
def test_an_opening_move_goes_on_in_round_one():
    specs = [{"id": "p1", "sheet": "petramancer", "side": 0, "x": 0, "y": 0},
             {"id": "t", "sheet": "brawler", "side": 1, "x": 11, "y": 6}]
    m = make(specs, opening="p1")
    assert Opening("p1", "move", (3, 0)) in m.legal_actions()
    act(m, Opening("p1", "move", (3, 0)))
    assert when(m) == (1, 1, "p1")
    from game.engine.systems.bindings import movement
    assert movement.available(m.state, "p1") == 3            # the Move's second segment
    assert m.state.combatants["p1"].spent == []              # R1's budget is whole


@pytest.mark.rule("BND-20")
@pytest.mark.rule("BND-GM-09")
def test_a_delayed_openers_shot_still_flies_in_s1():
    specs = [{"id": "p1", "sheet": "aeromancer", "side": 0, "x": 0, "y": 0},
             {"id": "t", "sheet": "brawler", "side": 1, "x": 7, "y": 0}]
    m = make(specs, opening="p1", order=["t", "p1"], zero_sixes=["p1"])
    assert m.state.combatants["p1"].first_segment == 2
    act(m, Opening("p1", "blade", (7, 0)))                  # 4 hexes in segment 0
    m.force_dice([1] * 6)
    out = act(m, EndTurn())                                 # t passes; p1's turn is skipped...
    assert [e.actor for e in of(out, ev.TurnSkipped)] == ["p1"]
    flew = of(out, ev.AttackAdvanced) + of(out, ev.AttackContacted)
    assert flew                                             # ...but its blade moved on


@pytest.mark.rule("BND-GM-04")
@pytest.mark.rule("BND-22")
def test_a_delayed_defenders_declared_dodge_settles_on_its_skipped_turn():
    from game.engine.systems.bindings.actions import Defend
    m = duel(a=dict(sheet="brawler", x=0, y=0), b=dict(sheet="brawler", x=1, y=0, unaware=True),
             house={"delayed_can_defend": True})
    act(m, UseMove("a", "dagger", (1, 0)))
    act(m, Defend("b", "a1", "dodge"))
    m.force_dice([1] * 8)
    out = act(m, EndTurn())
    assert [e.actor for e in of(out, ev.TurnSkipped)] == ["b"]
    assert len(of(out, ev.AttackResolved)) == 1
    assert (m.state.round, m.state.segment) == (1, 2)


SCENARIO_ORDER = """
name = "an initiative order instead of the sixes"
rules = ["BND-15"]
[match]
system = "bindings"
seed = SEED
[grid]
rows = ["..........", "..........", "..........", "..........", ".........."]
[setup]
combatants = [
  {id = "Ta", sheet = "neutral", side = 1, x = 2, y = 0},
  {id = "Tb", sheet = "neutral", side = 1, x = 8, y = 0},
  {id = "Pa", sheet = "neutral", side = 0, x = 2, y = 4},
  {id = "Pb", sheet = "neutral", side = 0, x = 8, y = 4, unaware = true},
]
[start]
initiative = ["Pb", "Tb", "Pa", "Ta"]
[expect]
state = {"order" = ["Pb", "Tb", "Pa", "Ta"], "round" = 1, "segment" = 1}
decision = {stage = "act", actor = "Tb"}
"""


@pytest.mark.rule("BND-15")
@pytest.mark.rule("BND-19")
@pytest.mark.rule("BND-20")
@pytest.mark.parametrize("seed", [23, 25, 28])
def test_a_scenario_initiative_order_is_set_before_any_die_or_turn(tmp_path, seed):
    # With seeds 23 and 25 every combatant's four initiative dice show no six: had the set-up
    # rolled them, all would be delayed (BND-20), segment 1 would pass with no turn and the order
    # would come too late. Given as an order, no initiative die is rolled; only the unaware Pb
    # still waits a segment (BND-19), so Tb, rank 2, takes the first turn.
    from game.engine import scenario as sc
    f = tmp_path / "order.toml"
    f.write_text(SCENARIO_ORDER.replace("SEED", str(seed)), encoding="utf-8")
    result = sc.run_file(f)
    assert result.status == "PASS", result.errors + result.differences
    rolled = [e for e in result.initial_events if e["kind"] == "dice_rolled"]
    assert rolled == []
    [ranked] = [e for e in result.initial_events if e["kind"] == "bnd.initiative_ranked"]
    assert ranked["order"] == ["Pb", "Tb", "Pa", "Ta"] and ranked["delayed"] == [["Pb", 2]]
    starts = [e["actor"] for e in result.initial_events if e["kind"] == "turn_started"]
    assert starts[-1] == "Tb"
