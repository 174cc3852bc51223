"""The record a rule system's client package registers: how the client shows that system.

Owns: `ClientSystem`, one frozen record per system (its id, the kind of scene it plays on, its
presenter or table scene, its screenshot builder, the shots the selftest draws, optional extras
for the battle screen, and maps it shares with others). The list of records lives in
game.client.systems; generic client and CLI code asks that list and never names a system.
The heavy parts (presenter, table, shots, extras) are reached through small functions that
import them when first needed, so reading the list (the new-match screen does) loads no
system's screens.

Must not: import any system, scene or the app at run time (it is a plain record below them all).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.presenters import Presenter
    from game.client.scene import Scene
    from game.client.scenes.battle import BattleScene

#: the scene kinds a system can play on: the map battle screen, or a table scene of its own
MAP = "map"
CARDS = "cards"
KINDS = (MAP, CARDS)


class NoScreen(LookupError):
    """The client has no registration for a match's rule system."""


@dataclass(frozen=True, slots=True)
class ClientSystem:
    """How the client shows one rule system (see the module docstring).

    kind "map": the generic battle screen (game.client.scenes.battle) with the presenter class
    `load_presenter()` returns, plus `battle_extras(scene)` when the system swaps in its own
    top bar or map layers.
    kind "cards": `load_table()` returns the system's own scene class, made as
    `cls(app, match, save_path=...)`."""

    id: str
    kind: str
    #: `shots(app) -> [(name, scene)]`: this system's screens for `game shots`
    shots: Callable[["App"], list[tuple[str, "Scene"]]]
    #: the names among `shots` the selftest draws to prove the build finds this system's art
    selftest_shots: tuple[str, ...] = ()
    load_presenter: Callable[[], type["Presenter"]] | None = None
    load_table: Callable[[], Callable[..., "Scene"]] | None = None
    battle_extras: Callable[["BattleScene"], None] | None = None
    #: maps (paths under maps/) without a `system` property that this system also plays
    shared_maps: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"client system {self.id!r}: kind must be one of {KINDS}, "
                             f"not {self.kind!r}")
        if self.kind == MAP and self.load_presenter is None:
            raise ValueError(f"client system {self.id!r} plays on the map but has no presenter")
        if self.kind == CARDS and self.load_table is None:
            raise ValueError(f"client system {self.id!r} plays on a table but has no table scene")


def find(systems: tuple[ClientSystem, ...], system_id: str) -> ClientSystem:
    """The record for `system_id`; a system without one is a clear error (the callers show it
    in a dialog), never a half-drawn screen."""
    for s in systems:
        if s.id == system_id:
            return s
    raise NoScreen(f"the client has no screen for the rule system {system_id!r} "
                   f"(known: {', '.join(s.id for s in systems)})")
