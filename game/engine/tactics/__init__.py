"""The tactics toolkit: what every grid rule system shares, written once below the systems.

Geometry (squares and Tiled's staggered hexes; grid coordinates themselves live in
`game.engine.boards.square` and `game.engine.boards.hex`):
  reach       Dijkstra and A* with a step-cost callback whose nodes may carry state (diagonal
              parity, altitude), square moves with alternating diagonals, hex reach and paths
  lines       the one line walk per geometry with its variants named (square Bresenham and
              supercover with corner pairs; hex cube lines with nudges), line of sight, cover
  hexsight    the any-point hex sight lines (seven sample points a hex), concealment weights
  footprint   Size x Size blocks for big creatures: cells, distances, rings, areas, block lines
  forced      forced movement in a straight line (knockback, pushback) with collisions

The toolkit also holds the shared turn and content helpers (initiative, pending decisions, house
rules, exact odds, bots, board building, the base of a square map's terrain reading); each
module says what it owns.

Must not: know any rule system, import pygame or the client, or use randomness except from a
Rng it is handed. Systems import the modules they need directly (this package re-exports
nothing).
"""
