"""Tests of the tactics toolkit (game/engine/tactics)."""
