"""The toy_grid client package (tests only): how the client shows toy_grid.

Owns: `CLIENT`, its registration: it plays on the generic battle screen (kind "map") with the
presenter in presenter.py, imported when first needed. A shipped system's package is
game/client/systems/<id>/ and is listed once in game/client/systems/__init__.py; this one is
added to that list by tests/toygrid/conftest.py for one test at a time.

Must not: decide a rule, or be imported by game/.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.client.registration import MAP, ClientSystem

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.presenters import Presenter
    from game.client.scene import Scene


def presenter() -> type["Presenter"]:
    from tests.toygrid.client.presenter import ToyGridPresenter
    return ToyGridPresenter


def shots(app: "App") -> list[tuple[str, "Scene"]]:
    from game.client.scenes.battle import BattleScene
    from game.engine.match import Match
    from tests.toygrid.engine import TOY_GRID
    return [("toy_grid_battle", BattleScene(app, Match.new(TOY_GRID.example_config(7))))]


CLIENT = ClientSystem(id="toy_grid", kind=MAP, load_presenter=presenter, shots=shots,
                      selftest_shots=("toy_grid_battle",))
