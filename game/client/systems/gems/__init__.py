"""The gems client: square-grid battles on the generic battle screen.

Owns: this system's client registration (`CLIENT`): its presenter (presenter.py) and its
screenshots (shots.py), each imported when first needed. Everything gems-specific in the client
lives in this package.

Must not: decide a rule (the presenter only offers `legal_actions`), or be named by generic
client code (it is listed once, in game.client.systems).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.client.registration import MAP, ClientSystem

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.presenters import Presenter
    from game.client.scene import Scene


def presenter() -> type[Presenter]:
    from game.client.systems.gems.presenter import GemsPresenter
    return GemsPresenter


def shots(app: App) -> list[tuple[str, Scene]]:
    from game.client.systems.gems.shots import build
    return build(app)


CLIENT = ClientSystem(id="gems", kind=MAP, load_presenter=presenter, shots=shots,
                      selftest_shots=("battle_forecast",))
