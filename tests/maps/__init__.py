"""Tests of the maps part: Tiled loading, geometry, rendering against tmxrasterizer, CLI."""
