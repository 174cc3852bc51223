"""toy_grid: a tiny square-grid rule system that exists only in the tests.

It was added by following docs/new-system.md, to prove the guide: engine package in engine/,
client package in client/, its content in data/, its map in maps/, and conftest.py's fixture
standing in for the two registration lines a shipped system adds.
"""
