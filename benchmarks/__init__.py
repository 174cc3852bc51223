"""Speed and memory figures for Strife Table (`make bench`, i.e. `python -m benchmarks`).

Owns: measuring, never judging: legal_actions and submit throughput, bot think time per decision,
whole autoplay games, state copy cost, save/load time and peak memory, for every registered
system. Nothing here passes or fails; tests never time anything.

Must not: import pygame or change any file outside a temporary folder.
"""
