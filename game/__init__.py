"""Strife Table: tabletop combat rule systems played hotseat or against a local AI."""

__version__ = "0.1.0"
