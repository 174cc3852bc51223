"""The Gemwielders client: the card game on its own table scene.

Owns: this system's client registration (`CLIENT`): the card table (table.py), its widgets
(widgets.py), the card renderer (cards.py), the presenter of what the table shows
(presenter.py) and the screenshots (shots.py), each imported when first needed.

Must not: decide a rule or show hidden cards, or be named by generic client code (it is listed
once, in game.client.systems).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.client.registration import CARDS, ClientSystem

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.scene import Scene
    from game.client.systems.gemwielders.table import CardTableScene


def table() -> type[CardTableScene]:
    from game.client.systems.gemwielders.table import CardTableScene
    return CardTableScene


def shots(app: App) -> list[tuple[str, Scene]]:
    from game.client.systems.gemwielders.shots import build
    return build(app)


CLIENT = ClientSystem(id="gemwielders", kind=CARDS, load_table=table, shots=shots,
                      selftest_shots=("card_table",))
