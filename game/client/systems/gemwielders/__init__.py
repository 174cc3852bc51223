"""The Gemwielders client: the card game on its own table scene.

Owns: this system's client registration (`CLIENT`): the card table (table.py), its widgets
(widgets.py), the card renderer (cards.py), the presenter of what the table shows
(presenter.py) and the screenshots (shots.py).

Must not: decide a rule or show hidden cards, or be named by generic client code (it is listed
once, in game.client.systems).
"""
from __future__ import annotations

from game.client.registration import CARDS, ClientSystem
from game.client.systems.gemwielders import shots
from game.client.systems.gemwielders.table import CardTableScene

CLIENT = ClientSystem(id="gemwielders", kind=CARDS, table=CardTableScene, shots=shots.build,
                      selftest_shots=("card_table",))
