"""The gu_masters client: percentile battles with reactions on square maps on the generic battle
screen.

Owns: this system's client registration (`CLIENT`): its presenter (presenter.py, with the looks
of looks.py), its map extras (layers.py) and its screenshots (shots.py), each imported when
first needed.

Must not: decide a rule, or be named by generic client code (it is listed once, in
game.client.systems).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.client.registration import MAP, ClientSystem

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.presenters import Presenter
    from game.client.scene import Scene
    from game.client.scenes.battle import BattleScene


def presenter() -> type[Presenter]:
    from game.client.systems.gu_masters.presenter import GuMastersPresenter
    return GuMastersPresenter


def attach(scene: BattleScene) -> None:
    from game.client.systems.gu_masters.layers import attach as attach_layers
    attach_layers(scene)


def shots(app: App) -> list[tuple[str, Scene]]:
    from game.client.systems.gu_masters.shots import build
    return build(app)


CLIENT = ClientSystem(id="gu_masters", kind=MAP, load_presenter=presenter, shots=shots,
                      selftest_shots=("gu_masters_battle",), battle_extras=attach)
