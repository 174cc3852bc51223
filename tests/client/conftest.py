"""Fixtures for driving the real client headless: an `App` on the dummy video driver, a tiny
rule system (`toy_duel`) registered for the test only, and a stand-in battle scene so menu tests
do not depend on the battle screen's needs.

The toy system: two seats take turns ending their turn; after `rounds` rounds (a house rule)
seat 0 wins, unless someone concedes. It offers teams (`teams_for_map`) so the team pickers show.
"""
from __future__ import annotations

import html
import os
from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from game.engine import registry
from game.engine.actions import Concede, EndTurn
from game.engine.decisions import Decision
from game.engine.events import MatchEnded, TurnEnded, TurnStarted
from game.engine.rules import HouseRule, MatchConfig, SeatConfig, SystemBase, refuse_unlisted
from game.client.scene import Scene

TOY_ID = "toy_duel"


@dataclass
class DuelState:
    round: int = 1
    seat: int = 0
    rounds: int = 3
    winner: int | None = None
    over: bool = False
    teams: tuple = ()


class ToyDuel(SystemBase):
    id = TOY_ID
    name = "Toy duel"
    description = "Two seats pass the turn until the rounds run out; for client tests only."
    house_rules = (
        HouseRule("rounds", "Rounds to play", "TOY-GM-01", 3, ((3, "Three"), (5, "Five")),
                  "How many rounds before the match ends."),
        HouseRule("sudden", "Sudden death", "TOY-GM-02", False, ((False, "Off"), (True, "On")),
                  "Whether a draw is settled at once."),
    )
    seat_count = (2, 2)

    def setup(self, config: MatchConfig, rng) -> tuple[DuelState, list]:
        teams = tuple(config.setup.get("teams", ()))
        return DuelState(rounds=int(config.house_rules["rounds"]), teams=teams), [
            TurnStarted(0, None, 1)]

    def legal_actions(self, state: DuelState) -> list:
        return [] if state.over else [EndTurn(), Concede(state.seat)]

    def load_bots(self) -> None:
        """No bots of its own: RandomBot plays it."""

    def validate(self, state: DuelState, action):
        return refuse_unlisted(self.legal_actions(state), action)

    def apply(self, state: DuelState, action, rng) -> list:
        if isinstance(action, Concede):
            state.over, state.winner = True, 1 - action.seat
            return [MatchEnded(state.winner, "conceded")]
        events: list = [TurnEnded(state.seat, None)]
        state.seat = 1 - state.seat
        if state.seat == 0:
            state.round += 1
        if state.round > state.rounds:
            state.over, state.winner = True, 0
            events.append(MatchEnded(0, "the rounds ran out"))
        else:
            events.append(TurnStarted(state.seat, None, state.round))
        return events

    def decision(self, state: DuelState) -> Decision | None:
        return None if state.over else Decision(state.seat, "act", None, "Your turn")

    def winner(self, state: DuelState) -> int | None:
        return state.winner

    def is_over(self, state: DuelState) -> bool:
        return state.over

    def view(self, state: DuelState, seat: int) -> Any:
        return state

    def state_to_json(self, state: DuelState) -> dict:
        return {"round": state.round, "seat": state.seat, "rounds": state.rounds,
                "winner": state.winner, "over": state.over, "teams": list(state.teams)}

    def state_from_json(self, data: dict) -> DuelState:
        d = dict(data)
        d["teams"] = tuple(d.get("teams", ()))
        return DuelState(**d)

    def check_invariants(self, state: DuelState) -> list[str]:
        return []

    def example_config(self, seed: int) -> MatchConfig:
        return MatchConfig(TOY_ID, seed, [SeatConfig(), SeatConfig("ai", "normal")])

    def check_map(self, board) -> list:
        return []

    def teams_for_map(self, map_path: str) -> list[tuple[str, str]]:
        return [("red", "Red band"), ("blue", "Blue band")]


class StubBattle(Scene):
    """Stands in for the battle screen: records what it was given and draws a plain table."""

    def __init__(self, app, match, save_path=None):
        super().__init__(app)
        self.match = match
        self.save_path = save_path

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((30, 40, 30))


@pytest.fixture
def toy_system(monkeypatch):
    """Only the toy system is registered while the test runs, with bots at the three
    difficulties (random bots: the menus only need them to exist)."""
    from game.engine.ai import base as ai_base
    # register the real systems in the real registry first: importing any
    # game.engine.systems.* module later (the bots loader does) would otherwise register them
    # in the stand-in dict and lose them once the test ends
    try:
        registry.all_systems()
    except Exception:
        pass
    system = ToyDuel()
    monkeypatch.setattr(registry, "_SYSTEMS", {TOY_ID: system})
    monkeypatch.setattr(registry, "_load", lambda: None)
    bots = dict(ai_base.BOTS)
    for level in ("easy", "normal", "hard"):
        bots[(TOY_ID, level)] = ai_base.RandomBot
    monkeypatch.setattr(ai_base, "BOTS", bots)
    return system


@pytest.fixture
def stub_battle(monkeypatch):
    from game.client.ui import saving
    made: list[StubBattle] = []

    def factory(app, match, save_path=None):
        scene = StubBattle(app, match, save_path)
        made.append(scene)
        return scene

    monkeypatch.setattr(saving, "battle_scene", factory)
    return made


@pytest.fixture
def app():
    """A headless App at 1280x720 using the test's own user folder."""
    assert os.environ.get("SDL_VIDEODRIVER") == "dummy"
    from game.client.app import App
    application = App((1280, 720), fullscreen=False)
    yield application
    application.stack.clear()
    pygame.display.quit()


def find_button(app, text: str):
    """The visible, live button whose label is `text` (fails the test when there is none)."""
    from pygame_gui.elements import UIButton
    found = [s for s in app.ui.get_sprite_group().sprites()
             if isinstance(s, UIButton) and s.alive() and s.visible and s.text == text]
    assert found, f"no button {text!r}; have {[b.text for b in buttons(app)]}"
    return found[0]


def buttons(app) -> list:
    from pygame_gui.elements import UIButton
    return [s for s in app.ui.get_sprite_group().sprites()
            if isinstance(s, UIButton) and s.alive() and s.visible]


def texts(app) -> str:
    """Every label's and text box's text now on screen, joined (for content assertions)."""
    from pygame_gui.elements import UILabel, UITextBox
    out = []
    for s in app.ui.get_sprite_group().sprites():
        if isinstance(s, UILabel) and s.alive():
            out.append(s.text)
        elif isinstance(s, UITextBox) and s.alive():
            out.append(s.html_text)
    return html.unescape("\n".join(out))
