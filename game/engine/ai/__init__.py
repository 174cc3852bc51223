"""Bots: seats played by the computer through the same actions as humans.

A bot sees only `Match.view(seat)` and the legal actions, and draws any randomness from its own
forked generator, so it can neither see hidden information nor foresee dice.
"""
