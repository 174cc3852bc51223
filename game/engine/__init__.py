"""The headless rules engine.

Owns rules, state, dice and saves. It must never import pygame, pygame_gui or game.client
(tests/engine/test_headless.py fails if it does) and never uses the global `random` module:
every random number comes from the match's own generator (game.engine.rng).
"""
