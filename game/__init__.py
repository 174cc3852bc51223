"""Strife Table: tabletop combat rule systems played hotseat or against a local AI."""

from game.version import VERSION as __version__

__all__ = ["__version__"]
