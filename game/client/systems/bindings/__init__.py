"""The bindings client: hex-grid battles on the generic battle screen, with time made visible.

Owns: this system's client registration (`CLIENT`): its presenter (presenter.py, with the
timeline and flight records of timing.py), its battle-screen extras (extras.py: the segment
timeline in timeline.py, things in flight in flight.py), its screenshots (shots.py), each
imported when first needed, and the shared hex sample map it also plays.

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
    from game.client.systems.bindings.presenter import BindingsPresenter
    return BindingsPresenter


def attach(scene: BattleScene) -> None:
    from game.client.systems.bindings.extras import attach as attach_extras
    attach_extras(scene)


def shots(app: App) -> list[tuple[str, Scene]]:
    from game.client.systems.bindings.shots import shot_scenes
    return shot_scenes(app)


CLIENT = ClientSystem(id="bindings", kind=MAP, load_presenter=presenter, shots=shots,
                      selftest_shots=("bindings_pass",), battle_extras=attach,
                      # the shared hex sample map predates the bindings maps and has bindings
                      # teams made for it
                      shared_maps=("hex_crossing.tmx",))
