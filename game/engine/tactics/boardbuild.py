"""Building a system's board from a Tiled map or an inline grid of text rows.

Owns: `build_board` (the one path from a match's `map` or `setup.grid` to a Board: an inline
grid first, else the map file through the cached loader, refusing a map of the wrong shape) and
the inline grid's common parts: `grid_rows` (the rows, and no keys the system does not read)
and `rows_board` (rows of legend characters to a Board, a bad grid reported as the system's own
set-up error). Also `example_match`, a system's playable default: the first of its bundled
maps that offers two teams, else its inline example.

Must not: know what a cell property means to any system (its mapcheck does), or fall back to
anything quietly: a map that cannot load is a set-up error naming the file.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from game.engine.boards import Board, BoardError, MapObject
from game.engine.boards.tmx import load_board_cached
from game.engine.rules import ConfigError, MatchConfig, SeatConfig
from game.paths import maps_dir, resolve_map

SetupError = Callable[[str], ConfigError]


def build_board(map_name: str | None, grid: dict[str, Any] | None, *, orientation: str,
                from_grid: Callable[[dict[str, Any]], Board], error: SetupError,
                missing: str, wrong_shape: str,
                check: Callable[[Board], Iterable[Any]] | None = None) -> tuple[Board, str]:
    """The board and its source name ("inline" for a grid, else the map's name). `from_grid`
    builds the system's inline board; a map must have `orientation`, else
    `wrong_shape.format(path=..., orientation=...)` is the error; `missing` says what is
    needed when there is neither. `check` is the system's own map check (its `check_map`, the
    one `check-map --system` runs): a map it finds problems in is refused here too, so a map
    that does not pass the checker never starts a match."""
    if grid is not None:
        return from_grid(grid), "inline"
    if not map_name:
        raise error(missing)
    path = resolve_map(map_name)
    try:
        board = load_board_cached(path)
    except (BoardError, OSError, ValueError) as exc:
        raise error(f"{path}: {exc}") from None
    if board.orientation != orientation:
        raise error(wrong_shape.format(path=path, orientation=board.orientation))
    if check is not None:
        problems = _checked(board, check)
        if problems:
            shown = problems[:8] + ([f"... and {len(problems) - 8} more"] if len(problems) > 8
                                    else [])
            raise error(f"{path} does not pass the map check:\n" + "\n".join(shown))
    return board, str(map_name)


# A board's check results, by the board object (boards from the cached loader are shared and never
# change); the board is kept alongside so its id cannot be reused while the entry lives.
_CHECKED: dict[int, tuple[Board, list[str]]] = {}


def _checked(board: Board, check: Callable[[Board], Iterable[Any]]) -> list[str]:
    hit = _CHECKED.get(id(board))
    if hit is None or hit[0] is not board:
        if len(_CHECKED) > 16:
            _CHECKED.clear()
        hit = _CHECKED[id(board)] = (board, [str(p) for p in check(board)])
    return hit[1]


def grid_rows(grid: Any, keys: Iterable[str], error: SetupError,
              need_rows: bool = False) -> list[str]:
    """The text rows of an inline grid, checking it is a table holding only `keys`.
    `need_rows` also refuses an empty list."""
    if not isinstance(grid, dict) or not isinstance(grid.get("rows"), list) \
            or (need_rows and not grid["rows"]):
        raise error("grid must be a table with 'rows' (a list of text rows)")
    extra = set(grid) - set(keys)
    if extra:
        raise error(f"grid has unknown key {sorted(extra)[0]!r}")
    return [str(r) for r in grid["rows"]]


def rows_board(rows: list[str], legend: dict[str, dict] | None, elevation: Any,
               objects: list[MapObject], error: SetupError) -> Board:
    """A Board from rows of legend characters (Board.from_rows), its problems as `error`s."""
    try:
        return Board.from_rows(rows, legend, elevation, "inline grid", objects)
    except BoardError as exc:
        raise error(str(exc)) from None


def example_match(system_id: str, seed: int, maps: Iterable[str],
                  team_ids: Callable[[str], list[str]], inline: Callable[[], dict[str, Any]]
                  ) -> MatchConfig:
    """A human against the computer on the first of `maps` (names in the maps folder) that is
    there and offers two teams (`team_ids(map_name)`, the first two are used), else on the
    system's inline set-up `inline()` (a build without its maps still plays)."""
    seats = [SeatConfig("human", name="Player 1"), SeatConfig("ai", name="Computer")]
    for name in maps:
        if (maps_dir() / name).exists():
            teams = team_ids(name)[:2]
            if len(teams) == 2:
                return MatchConfig(system_id, seed, seats, name, {}, {"teams": teams})
    return MatchConfig(system_id, seed, seats, None, {}, inline())
