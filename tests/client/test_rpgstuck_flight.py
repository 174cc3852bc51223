"""What the rpgstuck screen shows of flight and opportunity attacks, read without a window: a
flier's altitude on its token and panel, the Rise / Descend / Altitude controls built from the
engine's Fly actions, the engine's reason on hover when a flier is out of reach, the
opportunity prompt with each attack's odds, the hold-aloft prompt, and the log's words."""
from __future__ import annotations

import pytest

from game.client.systems.rpgstuck.presenter import RpgStuckPresenter, pct
from game.engine.systems.rpgstuck.actions import Fly, HoldAloft, Move, Opportunity
from game.engine.systems.rpgstuck.events import AltitudeChanged
from game.engine.systems.rpgstuck.forecast import predict
from tests.rpgstuck.engine_helpers import battle

pytestmark = pytest.mark.client


def presenter(match, seat: int | None = 0) -> RpgStuckPresenter:
    p = RpgStuckPresenter(match)
    p.seat = seat
    return p


@pytest.mark.rule("RS-B-25", "RS-108")
def test_a_flier_shows_its_altitude_and_flies_from_the_bar():
    m = battle([("harpy", "harpy", 1, 2, 1), ("knight", "knight", 0, 6, 1)])
    p = presenter(m, 1)
    bar = {b.id: b for b in p.buttons(None, None)}
    assert bar["rise"].enabled and bar["rise"].action == Fly("harpy", 5)
    assert not bar["sink"].enabled
    assert [a for _w, a in bar["altitude"].actions][0] == Fly("harpy", 5)
    m.submit(Fly("harpy", 15))
    tok = {t.id: t for t in p.tokens(1)}["harpy"]
    assert tok.altitude == 15
    stats = {label: value for label, value, _tip in p.unit_panel("harpy").stats}
    assert stats["Up"] == "15 ft" and stats["Fly"] == "40 ft"
    bar = {b.id: b for b in p.buttons(None, None)}
    assert bar["sink"].action == Fly("harpy", 10) and bar["sink"].label == "Descend"
    assert p.describe(Fly("harpy", 0)) == "Land (15 ft down)"
    assert p.describe(Fly("harpy", 20)) == "Fly up to 20 ft (5 ft of movement)"
    # on the ground tokens carry no altitude
    assert {t.id: t for t in p.tokens(1)}["knight"].altitude is None


@pytest.mark.rule("RS-B-25")
def test_hovering_a_flier_out_of_reach_gives_the_engines_reason():
    m = battle([("knight", "knight", 0, 1, 1), ("harpy", "harpy", 1, 2, 1)],
               overrides={"harpy": {"altitude": 10}})
    p = presenter(m, 0)
    words = p.forecast("atk:strike", "knight", (2, 1))
    assert words.startswith("Strike cannot reach")
    assert "Harpy is 10 ft above Knight" in words
    m.state.creatures["harpy"].altitude = 5
    m.edited()
    words = p.forecast("atk:strike", "knight", (2, 1))
    assert words.startswith("Strike on Harpy") and "5 ft above" in words


@pytest.mark.rule("RS-B-26")
def test_the_opportunity_prompt_gives_the_odds_of_each_answer():
    m = battle([("scout", "scout", 0, 1, 1), ("imp", "imp", 1, 2, 1)],
               rows=["." * 8] * 7, house={"opportunity_attacks": True})
    m.submit(Move("scout", 1, 5))
    p = presenter(m, 1)
    prompt = p.prompt()
    assert prompt.title == "Opportunity attack?"
    f = predict(m.state, m.state.creatures["imp"], "imp_claw", m.state.creatures["scout"])
    labels = [label for label, _a, _tip in prompt.options]
    assert labels[1] == "Let it go" and labels[0].startswith(f"Claw — hit {pct(f.hit)} · ")
    assert prompt.options[0][1] == Opportunity("imp", "scout", "imp_claw")
    assert p.prompt_focus() == ["scout"]


@pytest.mark.rule("RS-75")
def test_the_hold_aloft_prompt_and_the_log_words():
    from tests.rpgstuck.test_flight import fliers_held
    m, _ = fliers_held([])
    p = presenter(m, 0)
    prompt = p.prompt()
    assert prompt.title == "Hold it up?" and "20 ft up" in prompt.text
    labels = {a.how: label for label, a, _tip in prompt.options if isinstance(a, HoldAloft)}
    assert labels["let_go"] == "Let Mind Imp fall"
    assert labels["check"].startswith("Hold Mind Imp up (Athletics against 17, ")
    lines = [ln.text for ln in p.log_lines([AltitudeChanged("harpy", 0, 20, "fell"),
                                           AltitudeChanged("harpy", 15, 0, "fly", 15)])]
    assert lines == ["Harpy falls 20 ft", "Harpy takes off to 15 ft (15 ft)"]


@pytest.mark.rule("RS-B-25")
def test_the_height_words_agree_with_the_fliers_badge_over_uneven_ground():
    """A harpy 15 ft up (its badge) next to the Knight on a 5 ft rise is 10 ft above him:
    the refusal and the hover say both numbers, from the engine's one measure (heights.apart)."""
    from game.client.systems.rpgstuck.shots import HARPY, HARPY_TO, _legal, crypt_match
    from game.engine.actions import EndTurn
    from game.engine.systems.rpgstuck import arith
    m = crypt_match(["harpy", "knight", "scout", "sneak", "imp_a", "imp_b", "horde"], (HARPY,))
    m.submit(_legal(m, Fly, unit="harpy", altitude=15))
    m.submit(_legal(m, Move, unit="harpy", x=HARPY_TO[0], y=HARPY_TO[1]))
    m.submit(EndTurn())
    st = m.state
    knight, harpy = st.creatures["knight"], st.creatures["harpy"]
    assert arith.floor_under(st, knight) == 5 and arith.floor_under(st, harpy) == 0
    p = presenter(m, 0)
    assert {t.id: t for t in p.tokens(0)}["harpy"].altitude == 15
    words = p.forecast("atk:strike", "knight", HARPY_TO)
    assert words.startswith("Strike cannot reach")
    assert ("Harpy is 10 ft above Knight (Harpy flies 15 ft up; Knight's ground is 5 ft "
            "higher), beyond Strike's 5 ft reach") in words
