"""The registry of rule systems.

Owns: the id -> system mapping. Systems register themselves when `game.engine.systems` is
imported; everything else looks them up here.

Must not: import the client.
"""
from __future__ import annotations

from .rules import ConfigError, RuleSystem

_SYSTEMS: dict[str, RuleSystem] = {}


def register(system: RuleSystem) -> RuleSystem:
    if system.id in _SYSTEMS and _SYSTEMS[system.id] is not system:
        raise RuntimeError(f"rule system {system.id!r} registered twice")
    _SYSTEMS[system.id] = system
    return system


def _load() -> None:
    import game.engine.systems  # noqa: F401  (registers every system)


def get(system_id: str) -> RuleSystem:
    # An already registered system needs no import of the whole package (and a system that fails
    # to import cannot then block the others).
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
