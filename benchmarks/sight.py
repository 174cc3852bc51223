"""Bindings sight figures: the legal list per map, and the listing of hexes an attacker cannot see
into (BND-91's guesses), the part of bindings' legal_actions that grows with the board.

Owns: `rows(quick)`. Random-legal play per shipped bindings map with warm tables: the engine
section's games, split by map, each played once untimed and then timed again, so every sight,
movement and listing table a game asks for is already remembered (the floor a long match tends
to; the engine section's rows are the same games from cold, the first ones in the process), and
the unseen listing timed on its own from every open hex of a map: on the bare
board from cold as a map with no shipped sight table does it (a player's own map: nothing
remembered; the game's own line geometry, the same for every map, read as every bindings
match reads it when it opens), on the bare board as a match on a shipped map starts (its table read, see
bindings/sighttable.py), and with a veil and a wall standing (what most positions of a match
with casters look like). Each figure is CPU time of this thread.

Must not: change a rule or the listing to look faster; maps, seeds and feature positions are
fixed so two runs compare.
"""
from __future__ import annotations

from typing import Callable

from benchmarks.engine import _random_games
from benchmarks.report import Row, cpu, median, percentile
from game import paths
from game.engine.boards.hex import HexLayout
from game.engine.boards.tmx import load_board
from game.engine.systems.bindings import sight, sighttable
from game.engine.systems.bindings.boardcache import forget
from game.engine.systems.bindings.state import BindingsState, Feature

MAPS = ("bindings_pass.tmx", "bindings_grove.tmx")
LONG_REACH = 30                      # a bow's reach: further than these maps are wide


def play_rows(quick: bool) -> list[Row]:
    rows: list[Row] = []
    seeds = range(1, 3) if quick else range(1, 7)
    for name in MAPS:
        short = name.removeprefix("bindings_").removesuffix(".tmx")
        _random_games("bindings", [name], seeds, False)   # warms every table these games ask for
        # the rate from games reading the clock per game, the calls' from the same games
        # again, each call timed (see benchmarks.engine)
        n, spent, _, _ = _random_games("bindings", [name], seeds, False)
        _, _, legal_t, _ = _random_games("bindings", [name], seeds)
        where = f"{len(seeds)} games played a second time, {n} actions"
        rows.append(Row("sight", f"bindings random-legal play, warm tables, {short}", n / spent,
                        "actions/s", 5000.0, "higher", note=where))
        rows.append(Row("sight", f"bindings legal_actions p95, warm tables, {short}",
                        percentile(legal_t, .95) * 1e3, "ms", 1.0,
                        note=f"median {median(legal_t) * 1e6:.0f} us, max {max(legal_t) * 1e3:.1f} ms"))
    return rows


def listing_rows(quick: bool) -> list[Row]:
    rows: list[Row] = []
    for name in MAPS[:1] if quick else MAPS:
        short = name.removeprefix("bindings_").removesuffix(".tmx")
        board = load_board(paths.maps_dir() / name)
        lay = HexLayout.from_board(board)
        state = BindingsState(combatants={}, order=[], house={}, board=board)
        cells = [c for c in board.coords() if not board.prop(*c, "solid", False)]

        def per_hex(ask: Callable[[tuple[int, int]], object]) -> float:
            t0 = cpu()
            for a in cells:
                ask(a)
            return (cpu() - t0) / len(cells) * 1e3

        forget(board)
        # what every bindings match reads as it opens, whatever its map (sight.prepare): the
        # game's line geometry. This section ran after the engine's games in one process
        # until they moved to processes of their own, and those games had read it then
        sighttable.install_geometry()
        own = sight.Viewer.of(board, (False, "best", frozenset(), frozenset()))  # reads no table
        cold = per_hex(lambda a: own.unseen(a, LONG_REACH))
        forget(board)                  # the board's tables again: its shipped table is read
        warm = per_hex(lambda a: sight.unseen(state, a, LONG_REACH))
        centre = cells[len(cells) // 2]
        state.features = [Feature("v", "veil", "x", "m", cells=[list(h) for h in lay.area(centre, 1)],
                                  conceal=1, until=-1),
                          Feature("w", "wall", "x", "m", cells=[list(cells[len(cells) // 3])],
                                  until=-1)]
        veiled = per_hex(lambda a: sight.unseen(state, a, LONG_REACH))
        note = f"{len(cells)} open hexes, reach {LONG_REACH}"
        first = name == MAPS[0]
        rows.append(Row("sight", f"unseen hexes from a hex, cold, {short}", cold,
                        "ms", 1.0, note=note + ("; no map table, nothing remembered yet"
                                                if first else "; no map table, lines known")))
        rows.append(Row("sight", f"unseen hexes from a hex, bare, {short}", warm, "ms",
                        1.0, note=note + "; the map's shipped table read"))
        rows.append(Row("sight", f"unseen hexes from a hex, veil+wall, {short}", veiled,
                        "ms", 1.0, note=note + "; bare board's answers remembered"))
    return rows


def rows(quick: bool) -> list[Row]:
    return listing_rows(quick) + play_rows(quick)
