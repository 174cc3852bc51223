"""The registry of rule systems.

Owns: the id -> system mapping, filled on first use from the registration list
(game/engine/systems/__init__.py, `SYSTEMS`) and by `register` (tests add their toy systems);
everything else looks systems up here. Also `check_map_file`: a map's generic problems
plus one system's own (the map loader below knows no system, so the system is handed to it here).

Must not: import the client.
"""
from __future__ import annotations

import os

from .boards.tmx import MapProblem, check_board_file
from .rules import ConfigError, RuleSystem

_SYSTEMS: dict[str, RuleSystem] = {}


def register(system: RuleSystem) -> RuleSystem:
    if system.id in _SYSTEMS and _SYSTEMS[system.id] is not system:
        raise RuntimeError(f"rule system {system.id!r} registered twice")
    _SYSTEMS[system.id] = system
    return system


def _load() -> None:
    from .systems import SYSTEMS   # the registration list; imported on first use
    for system in SYSTEMS:
        register(system)


def get(system_id: str) -> RuleSystem:
    if system_id in _SYSTEMS:
        return _SYSTEMS[system_id]
    _load()
    try:
        return _SYSTEMS[system_id]
    except KeyError:
        raise ConfigError(f"unknown rule system {system_id!r}; known: {sorted(_SYSTEMS)}") from None


def all_systems() -> list[RuleSystem]:
    _load()
    return [_SYSTEMS[k] for k in sorted(_SYSTEMS)]


def check_map_file(path: str | os.PathLike[str], system_id: str) -> list[MapProblem]:
    """Every problem of a map file for one rule system: the generic ones and the system's own
    `check_map(board)`; an unknown system id is a problem too."""
    try:
        system = get(system_id)
    except ConfigError as e:
        return check_board_file(path) + [MapProblem(str(path), message=str(e))]
    return check_board_file(path, system.check_map, system_id)
