"""The toy_grid engine package (tests only): TOY_GRID is what the registry holds.

A shipped system's package is game/engine/systems/<id>/ and is listed once in
game/engine/systems/__init__.py; this one is registered by tests/toygrid/conftest.py.
"""
from .system import TOY_GRID

__all__ = ["TOY_GRID"]
