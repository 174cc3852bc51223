"""Gu Masters: percentile combat with reactions, flight, Gu and killer moves (issue #14).

Exports GU_MASTERS, the system instance game/engine/systems/__init__.py registers.
"""
from .system import GU_MASTERS

__all__ = ["GU_MASTERS"]
