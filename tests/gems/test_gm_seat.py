"""The optional game-master seat (GEM-GM-37): each [GM] call reaches the GM seat as a gm_call
stage with the default first, each choice changes the outcome, a match saved mid-call loads and
carries on, seat counts are checked, and with the rule off nothing changes."""
from __future__ import annotations

import json

import pytest

from game.engine import saves
from game.engine.actions import Concede, EndTurn
from game.engine.ai.base import RandomBot
from game.engine.events import DiceRolled, RulingMade
from game.engine.match import Match
from game.engine.rng import Rng
from game.engine.rules import ConfigError, IllegalAction, MatchConfig, SeatConfig
from game.engine.systems.gems import actions as A
from game.engine.systems.gems import events as ev
from game.engine.systems.gems.ai import normal_bot
from game.engine.systems.gems.common import ms_now, truce_between
from game.engine.systems.gems.house import house
from game.engine.systems.gems.system import GEMS, example_setup

from .gemtools import end_turn, of, open_field, unit

GM = 2      # the game master sits after the two sides
WATER = {".": {}, "~": {"water": True, "current_dir": "E", "water_penalty": 3,
                        "current_threshold": 12}}
LAKE = ["~~~~~~.", "~~~~~~.", "~~~~~~.", "~~~~~~.", "~~~~~~."]


def seats(n: int = 3, gm_kind: str = "human") -> list[SeatConfig]:
    out = [SeatConfig("human", name="Red"), SeatConfig("human", name="Blue")]
    if n > 2:
        out.append(SeatConfig(gm_kind, name="Game master"))
    return out[:n]


def config(rows: list[str], units: list[dict], *, items=None, legend=None, house_rules=None,
           setup_dice=None, gm: bool = True, n_seats: int | None = None) -> MatchConfig:
    grid: dict = {"rows": rows}
    if legend is not None:
        grid["legend"] = legend
    rules = dict(house_rules or {})
    if gm:
        rules["gm_seat"] = "hotseat"
    if setup_dice is None:
        setup_dice = [20] + [max(1, 12 - n) for n in range(len(units) - 1)]
    return MatchConfig("gems", 7, seats(n_seats or (3 if gm else 2)), None, rules,
                       {"grid": grid, "units": units, "items": list(items or [])},
                       list(setup_dice))


def gm_match(*args, **kw) -> Match:
    return Match.new(config(*args, **kw))


def call(m: Match) -> tuple[str, list[str], list[str]]:
    """The open call: its rule, the choice values in order and their labels."""
    d = m.decision
    assert d is not None and d.stage == "gm_call" and d.seat == GM
    p = m.state.pending[-1]
    legal = m.legal_actions()
    assert legal == [A.Rule(p.data["rule"], v) for v, _ in p.data["choices"]]
    assert p.data["choices"][0][1].endswith("(default)")
    assert sum(lab.endswith("(default)") for _, lab in p.data["choices"]) == 1
    return p.data["rule"], [a.choice for a in legal], [lab for _, lab in p.data["choices"]]


def rulings(events) -> list[RulingMade]:
    return [e for e in events if isinstance(e, RulingMade)]


def reload(m: Match) -> Match:
    """Through a save document as JSON text, the way a save file goes."""
    return saves.from_document(json.loads(json.dumps(saves.to_document(m))))


# --- set-up ---------------------------------------------------------------------------------------

@pytest.mark.rule("GEM-GM-37")
def test_seat_count_must_fit_the_house_rule():
    units = [unit("a", 0, 0), unit("b", 5, 5, side=1)]
    with pytest.raises(ConfigError, match="game master.*3 seats.*2 are given"):
        gm_match(open_field(), units, n_seats=2)
    with pytest.raises(ConfigError, match="needs 2 seats.*3 are given.*gm_seat"):
        gm_match(open_field(), units, gm=False, n_seats=3)
    cfg = config(open_field(), units)
    cfg.seats[-1] = SeatConfig("ai", name="Robot GM")
    with pytest.raises(ConfigError, match="game-master seat.*must be human"):
        Match.new(cfg)
    m = gm_match(open_field(), units)
    assert len(m.config.seats) == 3 and m.decision.seat == 0
    assert GEMS.extra_seats({"gm_seat": "hotseat"}) == ["Game master"]
    assert GEMS.extra_seats({"gm_seat": "none"}) == [] and GEMS.extra_seats({}) == []


@pytest.mark.rule("GEM-GM-37")
def test_default_off_changes_nothing_and_refuses_rule_answers():
    units = [unit("land", 6, 0, side=1), unit("s", 1, 2, ms=2, cpr=1)]
    plain = Match.new(config(LAKE, units, legend=WATER, gm=False))
    named = Match.new(config(LAKE, units, legend=WATER, gm=False,
                             house_rules={"gm_seat": "none"}))
    assert "gm_seat" not in plain.state.house and house(plain.state, "gm_seat") == "none"
    assert GEMS.state_to_json(plain.state) == GEMS.state_to_json(named.state)
    with pytest.raises(IllegalAction, match="no game-master call"):
        plain.submit(A.Rule("GEM-GM-12", "tile"))
    for m in (plain, named):
        m.force_dice([11])
        events = end_turn(m)
        # no seat is asked: the map's threshold rules, logged as before
        assert m.decision.stage == "act" and m.decision.seat == 0
        assert [(r.rule, r.choice) for r in rulings(events)] == \
            [("GEM-GM-12", "current E, threshold 12")]
        assert (m.state.units["s"].x, m.state.units["s"].y) == (2, 2)


# --- GEM-GM-12: currents ---------------------------------------------------------------------------

def swimmer() -> Match:
    m = gm_match(LAKE, [unit("land", 6, 0, side=1), unit("s", 1, 2, ms=2, cpr=1)], legend=WATER)
    events = end_turn(m)        # her turn starts in the current: the GM is asked first
    assert of(events, ev.WaterSlowed) and not of(events, DiceRolled)
    return m


@pytest.mark.rule("GEM-GM-12")
@pytest.mark.rule("GEM-GM-37")
def test_GM_12_current_is_put_to_the_game_master():
    m = swimmer()
    rule, values, labels = call(m)
    assert rule == "GEM-GM-12" and values == ["tile", "easier", "harder", "calm"]
    assert "12" in labels[0] and "8" in labels[1] and "16" in labels[2]
    assert m.decision.actor == "s" and "current" in m.decision.prompt
    # nobody else may act while the GM decides, and a wrong answer is refused clearly
    with pytest.raises(IllegalAction):
        m.submit(EndTurn())
    with pytest.raises(IllegalAction, match="not one of the choices"):
        m.submit(A.Rule("GEM-GM-12", "tsunami"))
    with pytest.raises(IllegalAction, match="asked about GEM-GM-12"):
        m.submit(A.Rule("GEM-GM-13", "stop"))
    with pytest.raises(IllegalAction, match="no side to concede"):
        m.submit(Concede(GM))
    # the game master's choices never include giving up, nor anyone else's
    assert not any(isinstance(a, Concede) for a in m.legal_actions())


@pytest.mark.rule("GEM-GM-12")
@pytest.mark.rule("GEM-GM-37")
@pytest.mark.parametrize("choice, face, drifts", [
    ("tile", 11, True),        # 12 does not exceed 12 (GEM-TV-22)
    ("tile", 12, False),       # 13 does
    ("easier", 8, False),      # 9 exceeds 8
    ("easier", 7, True),       # 8 does not
    ("harder", 15, True),      # 16 does not exceed 16
    ("harder", 16, False),
])
def test_GM_12_each_threshold_choice(choice, face, drifts):
    m = swimmer()
    m.force_dice([face])
    events = m.submit(A.Rule("GEM-GM-12", choice)).events
    assert rulings(events)[0].rule == "GEM-GM-12"
    assert "the game master rules" in rulings(events)[0].choice
    assert of(events, DiceRolled)[0].roll.total == face + 1
    s = m.state.units["s"]
    assert ((s.x, s.y) == (2, 2)) is drifts and ((s.x, s.y) == (1, 2)) is not drifts
    assert bool(of(events, ev.CurrentCarried)) is drifts
    assert m.decision.stage == "act" and m.decision.seat == 0 and m.state.acting == "s"


@pytest.mark.rule("GEM-GM-12")
@pytest.mark.rule("GEM-GM-37")
def test_GM_12_calm_water_means_no_roll_and_no_drift_but_still_slow():
    m = swimmer()
    events = m.submit(A.Rule("GEM-GM-12", "calm")).events
    assert not of(events, DiceRolled) and not of(events, ev.CurrentCarried)
    s = m.state.units["s"]
    assert (s.x, s.y) == (1, 2) and ms_now(m.state, s) == -1
    assert "Calm" in rulings(events)[0].choice


@pytest.mark.rule("GEM-GM-37")
def test_save_and_load_in_the_middle_of_a_current_call():
    m = swimmer()
    back = reload(m)
    assert back.decision == m.decision and back.legal_actions() == m.legal_actions()
    assert GEMS.state_to_json(back.state) == GEMS.state_to_json(m.state)
    # the state alone round-trips too (the pending call is plain JSON)
    again = GEMS.state_from_json(json.loads(json.dumps(GEMS.state_to_json(m.state))))
    assert again.pending == m.state.pending
    for x in (m, back):
        x.force_dice([11])
        x.submit(A.Rule("GEM-GM-12", "harder"))
    assert GEMS.state_to_json(back.state) == GEMS.state_to_json(m.state)
    assert (back.state.units["s"].x, back.state.units["s"].y) == (2, 2)


# --- GEM-GM-13: knockback collisions ---------------------------------------------------------------

def fighter(uid, side, x, y, **over):
    base = {"name": uid.capitalize(), "cpr": 0, "blocking": False, "disarming": False,
            "held": [], "weapons": [], "abilities": []}
    base.update(over)
    return {"id": uid, "sheet": "garnet", "side": side, "x": x, "y": y, "overrides": base}


@pytest.fixture
def hammer3(monkeypatch):
    """The Hardlight Hammer (damage 4) pushing 3 tiles, as in GEM-TV-46."""
    from game.engine.systems.gems.content import content
    monkeypatch.setitem(content().items["hardlight_hammer"], "knockback", 3)


def knock_match(extra=(), **kw) -> Match:
    units = [fighter("a", 0, 4, 5, held=["hardlight_hammer"]), fighter("t", 1, 5, 5),
             fighter("g", 1, 6, 5)] + list(extra)
    return gm_match(["." * 12] * 10, units, setup_dice=[20, 5, 4, 3, 2][:len(units)], **kw)


def strike(m: Match):
    m.submit(A.Ready("a"))
    m.submit(A.AssignArm("a", 0, (5, 5), "melee"))
    m.force_dice([20])
    return m.submit(A.Strike("a"))


def pos(m: Match, uid: str) -> tuple[int, int]:
    return (m.state.units[uid].x, m.state.units[uid].y)


@pytest.mark.rule("GEM-41")
@pytest.mark.rule("GEM-GM-13")
@pytest.mark.rule("GEM-GM-37")
def test_GM_13_collision_is_asked_before_anything_moves(hammer3):
    m = knock_match()
    out = strike(m)
    assert not of(out.events, ev.KnockedBack)
    rule, values, labels = call(m)
    assert rule == "GEM-GM-13" and values == ["stop", "push", "pass"]
    assert "9 Melee" in labels[0] and labels[1] == "Push G along"   # 3 x 3 damage
    assert pos(m, "t") == (5, 5) and m.state.units["t"].hp == 16    # the hit landed already
    assert m.decision.actor == "t"
    # the house rule's outcome is the default the GM sees first
    m2 = knock_match(house_rules={"knockback_collision": "push"})
    strike(m2)
    assert call(m2)[1][0] == "push"


@pytest.mark.rule("GEM-41")
@pytest.mark.rule("GEM-42")
@pytest.mark.rule("GEM-GM-13")
@pytest.mark.rule("GEM-GM-37")
@pytest.mark.parametrize("choice, t_end, g_end, t_hp", [
    ("stop", (5, 5), (6, 5), 20 - 4 - 9),   # not moved at all: 3 tiles short
    ("push", (8, 5), (9, 5), 20 - 4),       # GEM-TV-46
    ("pass", (8, 5), (6, 5), 20 - 4),       # through G, on to the full distance
])
def test_GM_13_each_outcome(hammer3, choice, t_end, g_end, t_hp):
    m = knock_match()
    strike(m)
    events = m.submit(A.Rule("GEM-GM-13", choice)).events
    assert pos(m, "t") == t_end and pos(m, "g") == g_end
    assert m.state.units["t"].hp == t_hp and m.state.units["g"].hp == 20
    kb = of(events, ev.KnockedBack)[0]
    assert kb.hit == ("g",) and kb.moved == (0 if choice == "stop" else 3)
    assert kb.outcome == {"stop": "stop", "push": "", "pass": "pass"}[choice]
    assert of(events, ev.StrikeResolved) and not m.state.ready_open
    assert m.decision.stage == "act" and m.decision.seat == 0
    assert GEMS.check_invariants(m.state) == []


@pytest.mark.rule("GEM-GM-13")
@pytest.mark.rule("GEM-GM-37")
def test_GM_13_every_collision_is_its_own_call_and_survives_a_reload(hammer3):
    # T passes through G, crosses one free tile and meets H: a second call
    m = knock_match([fighter("h", 1, 8, 5)])
    strike(m)
    m.submit(A.Rule("GEM-GM-13", "pass"))
    rule, values, labels = call(m)
    assert rule == "GEM-GM-13" and "after 2" in m.decision.prompt and "3" in labels[0]
    assert pos(m, "t") == (5, 5)            # replayed on a copy: nothing moves until settled
    back = reload(m)
    assert back.decision == m.decision and back.legal_actions() == m.legal_actions()
    for x in (m, back):
        events = x.submit(A.Rule("GEM-GM-13", "stop")).events
        assert pos(x, "t") == (7, 5) and pos(x, "g") == (6, 5) and pos(x, "h") == (8, 5)
        assert x.state.units["t"].hp == 20 - 4 - 3          # one tile short
        assert [r.rule for r in rulings(events)] == ["GEM-GM-13"]
    assert GEMS.state_to_json(back.state) == GEMS.state_to_json(m.state)


# --- GEM-GM-25: truces -----------------------------------------------------------------------------

def talkers(**rules) -> Match:
    return gm_match(open_field(), [unit("n", 1, 1, spr=0), unit("t", 6, 6, side=1, spr=0)],
                    house_rules=rules)


@pytest.mark.rule("GEM-51")
@pytest.mark.rule("GEM-GM-25")
@pytest.mark.rule("GEM-GM-37")
@pytest.mark.parametrize("choice, rounds", [("2", 2), ("1", 1), ("3", 3), ("encounter", -1)])
def test_GM_25_truce_length_is_the_game_masters(choice, rounds):
    m = talkers()
    m.force_dice([15, 10])                  # margin 5: two rounds by the table (GEM-TV-51)
    events = m.submit(A.Negotiate("n", "t")).events
    assert not of(events, ev.TruceMade) and not truce_between(m.state, "n", "t")
    rule, values, _ = call(m)
    assert rule == "GEM-GM-25" and values == ["2", "1", "3", "encounter"]
    assert m.decision.actor == "n" and m.state.slots == 1
    events = m.submit(A.Rule("GEM-GM-25", choice)).events
    made = of(events, ev.TruceMade)[0]
    assert (made.rounds, made.margin) == (rounds, 5)
    assert truce_between(m.state, "n", "t") and m.state.units["n"].negotiated == ["t"]
    assert m.decision.stage == "act" and m.state.acting == "n"


@pytest.mark.rule("GEM-GM-25")
@pytest.mark.rule("GEM-GM-37")
def test_GM_25_default_follows_the_table_option():
    m = talkers(truce_length="encounter")
    m.force_dice([11, 10])
    m.submit(A.Negotiate("n", "t"))
    assert call(m)[1][0] == "encounter"


# --- GEM-GM-27: carrying ---------------------------------------------------------------------------

def lifter() -> Match:
    m = gm_match(open_field(), [unit("c", 1, 1, cpr=2, ms=4), unit("g", 2, 1),
                                unit("foe", 6, 6, side=1)], setup_dice=[20, 5, 4])
    events = m.submit(A.PickUp("c", "g")).events
    assert not of(events, DiceRolled) and m.state.units["c"].carrying is None
    assert m.state.slots == 1                       # the slot is spent when she tries
    return m


@pytest.mark.rule("GEM-54")
@pytest.mark.rule("GEM-GM-27")
@pytest.mark.rule("GEM-GM-37")
def test_GM_27_carry_call_offers_the_bands():
    m = lifter()
    rule, values, labels = call(m)
    assert rule == "GEM-GM-27" and values == ["table", "heavy", "free", "fail", "refuse"]
    assert "12" in labels[0] and "17" in labels[1]


@pytest.mark.rule("GEM-54")
@pytest.mark.rule("GEM-55")
@pytest.mark.rule("GEM-GM-27")
@pytest.mark.rule("GEM-GM-37")
@pytest.mark.parametrize("choice, rolled, carrying, ms", [
    ("table", True, True, 2),      # 13 beats 12 (GEM-TV-54)
    ("heavy", True, True, 0),      # 13 does not beat 17: held, MS 0
    ("free", False, True, 2),
    ("fail", False, True, 0),
    ("refuse", False, False, 4),
])
def test_GM_27_each_ruling(choice, rolled, carrying, ms):
    m = lifter()
    m.force_dice([11])
    events = m.submit(A.Rule("GEM-GM-27", choice)).events
    c = m.state.units["c"]
    assert bool(of(events, DiceRolled)) is rolled
    assert (c.carrying == "g") is carrying and (m.state.units["g"].carried_by == "c") is carrying
    assert ms_now(m.state, c) == ms
    assert sum(1 for a in c.arms if a.load == "g") == (2 if carrying else 0)
    assert m.state.slots == 1 and GEMS.check_invariants(m.state) == []


# --- GEM-GM-32: calling time -----------------------------------------------------------------------

def long_match(limit: int = 10) -> Match:
    m = gm_match(open_field(), [unit("a", 0, 0), unit("b", 7, 7, side=1, hp=15, max_hp=20)],
                 house_rules={"round_limit": limit}, setup_dice=[20, 5])
    for _ in range(2 * limit - 1):
        end_turn(m)
    assert m.state.round == limit and not m.state.pending
    return m


@pytest.mark.rule("GEM-GM-32")
@pytest.mark.rule("GEM-GM-37")
def test_GM_32_time_is_put_to_the_game_master_at_the_limit():
    m = long_match()
    end_turn(m)
    rule, values, labels = call(m)
    assert rule == "GEM-GM-32" and values == ["end", "one_more", "five_more", "no_limit"]
    assert not m.over and m.decision.actor is None and "limit of 10" in m.decision.prompt
    events = m.submit(A.Rule("GEM-GM-32", "end")).events
    assert m.over and m.winner == 0                     # b is down 5 of her 20 HP
    assert [r.rule for r in rulings(events)] == ["GEM-GM-32"]


@pytest.mark.rule("GEM-GM-32")
@pytest.mark.rule("GEM-GM-37")
@pytest.mark.parametrize("choice, more", [("one_more", 1), ("five_more", 5), ("no_limit", None)])
def test_GM_32_playing_on(choice, more):
    m = long_match()
    end_turn(m)
    events = m.submit(A.Rule("GEM-GM-32", choice)).events
    assert of(events, ev.RoundStarted)[0].round == 11 and m.state.acting == "a"
    assert not m.over and m.decision.stage == "act"
    turns = 2 * (more or 12)
    for n in range(turns):
        assert not m.state.pending, f"asked again too early (turn {n})"
        end_turn(m)
    if more is None:
        assert not m.state.pending and house(m.state, "round_limit") == 0
    else:
        assert call(m)[0] == "GEM-GM-32" and m.state.round == 10 + more


# --- bots ------------------------------------------------------------------------------------------

@pytest.mark.rule("GEM-GM-37")
def test_a_bot_asked_a_game_master_call_takes_the_default():
    m = swimmer()
    legal = m.legal_actions()
    assert normal_bot().choose(m.view(GM), legal, Rng.from_seed(3)) == legal[0]
    from game.engine.systems.gems.ai import easy_bot
    for seed in range(10):     # even the easy bot's random picks leave the table's calls alone
        assert easy_bot().choose(m.view(GM), legal, Rng.from_seed(seed)) == legal[0]


@pytest.mark.rule("GEM-GM-37")
def test_random_play_with_a_game_master_keeps_the_state_sound():
    """The example battlefield (a river with a current) played by a random bot for every seat,
    the GM included: calls come up, any answer keeps the invariants, saves reload."""
    cfg = MatchConfig("gems", 11, seats(), None, {"gm_seat": "hotseat", "round_limit": 10},
                      example_setup())
    m = Match.new(cfg)
    bot, rng = RandomBot(), Rng.from_seed(11).fork("test-bot")
    asked: set[str] = set()
    for n in range(600):
        if m.over:
            break
        d = m.decision
        legal = m.legal_actions()
        assert legal and 0 <= d.seat <= GM
        if d.stage == "gm_call":
            asked.add(call(m)[0])
        m.submit(bot.choose(m.view(d.seat), legal, rng))
        assert GEMS.check_invariants(m.state) == [], f"after action {n + 1}"
    assert asked, "no game-master call came up in 600 random actions"
    back = reload(m)
    assert GEMS.state_to_json(back.state) == GEMS.state_to_json(m.state)


# --- the set-up screen -----------------------------------------------------------------------------

from tests.client.conftest import app, stub_battle, texts  # noqa: E402,F401  (fixtures)


@pytest.mark.client
@pytest.mark.rule("GEM-GM-37")
def test_new_match_screen_adds_a_human_game_master_row(app, stub_battle):  # noqa: F811
    from pygame_gui.elements import UITextEntryLine

    from game.client.scene import push, reset
    from game.client.scenes.new_match import NewMatchScene
    from game.client.scenes.title import TitleScene
    from tests.client.conftest import find_button

    app.apply(reset(TitleScene(app)))
    app.apply(push(NewMatchScene(app)))
    app.settle()
    scene = app.top
    app.click_element(find_button(app, "Gems"))
    assert scene.extra_seats() == [] and "Game master" not in texts(app)
    app.click_element(find_button(app, f"House rules ({len(GEMS.house_rules)})  >"))
    dialog = app.top
    rule = next(r for r in dialog.rules if r.id == "gm_seat")
    dialog.step_rule(rule, 1)                       # what its ">" arrow does
    assert dialog.value_buttons["gm_seat"].text.startswith("A human game-master seat")
    app.click_element(find_button(app, "Done"))
    assert app.top is scene and scene.house["gm_seat"] == "hotseat"
    assert "Human · added by a house rule" in texts(app)
    assert "+ game master" in scene.summary.text
    entry = scene.extra_entries["Game master"]
    assert isinstance(entry, UITextEntryLine)
    entry.set_text("Quartz")
    app.click_element(scene.start_button)
    assert len(stub_battle) == 1
    cfg = stub_battle[0].match.config
    assert len(cfg.seats) == 3 and len(scene.seats) == 2
    assert (cfg.seats[-1].kind, cfg.seats[-1].name) == ("human", "Quartz")
    assert cfg.house_rules["gm_seat"] == "hotseat"


@pytest.mark.rule("GEM-GM-37")
def test_invariants_catch_a_call_without_a_game_master():
    m = swimmer()
    assert GEMS.check_invariants(m.state) == []
    m.state.pending[-1].seat = 0
    assert any("GEM-GM-37" in p for p in GEMS.check_invariants(m.state))


@pytest.mark.rule("GEM-GM-37")
def test_battle_prompt_shows_the_engines_labels():
    from game.client.systems.gems.presenter import GemsPresenter
    m = swimmer()
    prompt = GemsPresenter(m).prompt()
    labels = [label for label, _, _ in prompt.options]
    assert prompt.title == "Game master's call" and "current" in prompt.text
    assert labels[0].startswith("As the map says") and labels[0].endswith("(default)")
    assert labels[3] == "Calm this turn: no roll and no drift"
    assert [a for _, a, _ in prompt.options] == m.legal_actions()
