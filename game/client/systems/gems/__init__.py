"""The gems client: square-grid battles on the generic battle screen.

Owns: this system's client registration (`CLIENT`): its presenter (presenter.py) and its
screenshots (shots.py). Everything gems-specific in the client lives in this package.

Must not: decide a rule (the presenter only offers `legal_actions`), or be named by generic
client code (it is listed once, in game.client.systems).
"""
from __future__ import annotations

from game.client.registration import MAP, ClientSystem
from game.client.systems.gems import shots
from game.client.systems.gems.presenter import GemsPresenter

CLIENT = ClientSystem(id="gems", kind=MAP, presenter=GemsPresenter, shots=shots.build,
                      selftest_shots=("battle_forecast",))
