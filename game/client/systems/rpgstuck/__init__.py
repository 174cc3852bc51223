"""The rpgstuck client: d20 battles on square maps on the generic battle screen, with the map's
light and what each side may see.

Owns: this system's client registration (`CLIENT`): its presenter (presenter.py, with the looks
of looks.py), its map layers (layers.py: the light veil and last known squares) and its
screenshots (shots.py), each imported when first needed.

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
    from game.client.systems.rpgstuck.presenter import RpgStuckPresenter
    return RpgStuckPresenter


def attach(scene: BattleScene) -> None:
    from game.client.systems.rpgstuck.layers import attach as attach_layers
    attach_layers(scene)


def shots(app: App) -> list[tuple[str, Scene]]:
    from game.client.systems.rpgstuck.shots import build
    return build(app)


CLIENT = ClientSystem(id="rpgstuck", kind=MAP, load_presenter=presenter, shots=shots,
                      selftest_shots=("rpgstuck_battle",), battle_extras=attach)
