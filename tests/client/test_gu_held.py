"""A held action through the real gu_masters battle screen (SDL dummy driver): the Hold button's
picker in steps (what to hold, then the trigger), the marker on the token, the wolf's bite
setting it off, and the holder's seat answering the prompt (the race's odds, each strike's
odds, letting it pass) by a click; the log says each step. GU_SHOTS=<folder> keeps PNGs."""
from __future__ import annotations

import pytest

from game.client.presenters import SubMenu
from game.engine.systems.gu_masters import holding
from tests.client.test_gu_battle import MASTER, WOLF, duel, lift_curtain, open_battle, shot, texts

pytestmark = pytest.mark.client


def pick(app, scene, label: str) -> None:
    """Click the open menu's entry that starts with `label`."""
    assert scene.menu is not None
    b = next((b for b in scene.menu.buttons if b.label.startswith(label)), None)
    assert b is not None, f"no entry {label!r}: {[x.label for x in scene.menu.buttons]}"
    app.click(b.rect.center)


@pytest.mark.rule("GU-71", "GU-72", "GU-73", "GU-GM-36")
def test_hold_a_strike_through_the_picker_and_fire_it_from_the_prompt(app):
    match = duel(wolf_hp=30)
    scene = open_battle(app, match)
    lift_curtain(app)
    assert match.decision.actor == "master"

    # -- Hold: what to hold, then the trigger (a menu in steps, each entry the engine's)
    pos = scene.button_pos("hold")
    assert pos is not None
    app.click(pos)
    labels = [b.label for b in scene.menu.buttons]
    assert "Hold a strike" in labels and "Hold Moonlight Gu (one activation)" in labels
    pick(app, scene, "Hold a strike")
    assert scene.menu.title == "Hold a strike until…"
    labels = [b.label for b in scene.menu.buttons]
    assert labels[:3] == ["an enemy attacks", "an enemy moves", "an enemy does anything hostile"]
    shot(app, "held_01_picker")
    pick(app, scene, "an enemy attacks")
    held = match.state.creatures["master"].held
    assert held["held"] == "strike" and held["trigger"]["kind"] == "enemy_attacks"
    assert any(t.startswith(f"{MASTER} holds a strike until an enemy attacks")
               for t in texts(scene))
    tok = next(t for t in scene.presenter.tokens() if t.id == "master")
    badge = next(b for b in tok.badges if b[0] == "Hd")
    assert "a strike when an enemy attacks" in badge[1]

    # -- end the turn (its combat action is spent: no question), the wolf walks up and bites
    scene.end_turn()
    app.settle(1)
    lift_curtain(app)
    assert match.decision.actor == "wolf"
    app.click(scene.cell_pos((2, 2)))
    assert (match.state.creatures["wolf"].x, match.state.creatures["wolf"].y) == (2, 2)
    app.click(scene.button_pos("strike"))
    app.click(scene.cell_pos((1, 2)))
    pick(app, scene, f"Bite {MASTER}")
    lift_curtain(app)

    # -- the master's seat is asked: the race and each strike with the engine's odds
    d = match.decision
    assert d.stage == holding.HOLD_STAGE and d.actor == "master" and scene.viewer == 0
    panel = scene.prompt_panel
    assert panel is not None and panel.title == "Held action set off"
    assert "Close Combat race" in panel.body and "goes first" in panel.body
    labels = [b.label for b in panel.buttons]
    assert labels[0].startswith(f"Sword at {WOLF} — Hit ") and labels[-1].startswith(
        "Let it pass")
    assert not isinstance(panel.buttons[0].payload, SubMenu)
    assert any(f"{WOLF} attacks: {MASTER}'s held action is set off" in t for t in texts(scene))
    shot(app, "held_02_prompt")
    # race: the master's 10 beats the wolf's 60; the sword's 10 hits; the bite's 99 misses
    match.force_dice([10, 60, 10, 99])
    app.click(panel.buttons[0].rect.center)
    app.settle(2)
    assert not match.state.creatures["master"].held
    assert match.state.creatures["master"].reactions == 1
    assert match.state.creatures["wolf"].hp < 30
    log = texts(scene)
    assert any(t.startswith(f"{MASTER} fires its held action at {WOLF}'s deed") for t in log)
    assert any(t.startswith(f"{MASTER} is quicker than {WOLF}") for t in log)
    shot(app, "held_03_fired")


@pytest.mark.rule("GU-91", "GU-79")
def test_detonate_a_gu_from_the_reaction_prompt_through_its_menu(app):
    match = duel(wolf_hp=30)
    scene = open_battle(app, match)
    lift_curtain(app)
    scene.end_turn()
    app.settle(1)
    lift_curtain(app)
    app.click(scene.cell_pos((2, 2)))
    app.click(scene.button_pos("strike"))
    match.force_dice([10])
    app.click(scene.cell_pos((1, 2)))
    pick(app, scene, f"Bite {MASTER}")
    lift_curtain(app)
    panel = scene.prompt_panel
    assert panel is not None and panel.title == "React?"
    blast = next(b for b in panel.buttons if b.label == "Detonate a Gu…")
    assert isinstance(blast.payload, SubMenu)
    app.click(blast.rect.center)
    assert match.decision.stage == "react"                   # nothing submitted yet
    assert scene.menu is not None and scene.menu.title == "Detonate which Gu?"
    pick(app, scene, "Wind Wings")
    app.settle(2)
    assert "wind_wings" not in match.state.creatures["master"].gu
    assert match.state.creatures["master"].reactions == 1
    assert any(t.startswith(f"{MASTER} detonates Wind Wings") for t in texts(scene))
