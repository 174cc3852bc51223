"""The bindings client: hex-grid battles on the generic battle screen, with time made visible.

Owns: this system's client registration (`CLIENT`): its presenter (presenter.py, with the
timeline and flight records of timing.py), its battle-screen extras (extras.py: the segment
timeline in timeline.py, things in flight in flight.py), its screenshots (shots.py) and the
shared hex sample map it also plays.

Must not: decide a rule, or be named by generic client code (it is listed once, in
game.client.systems).
"""
from __future__ import annotations

from game.client.registration import MAP, ClientSystem
from game.client.systems.bindings import extras, shots
from game.client.systems.bindings.presenter import BindingsPresenter

CLIENT = ClientSystem(id="bindings", kind=MAP, presenter=BindingsPresenter,
                      shots=shots.shot_scenes, selftest_shots=("bindings_pass",),
                      battle_extras=extras.attach,
                      # the shared hex sample map predates the bindings maps and has bindings
                      # teams made for it
                      shared_maps=("hex_crossing.tmx",))
