"""Boards: the headless battle map every grid system plays on.

`board.Board` is the shape all systems read; `tmx` builds one from a Tiled map with pytmx (no
images) and checks maps; `square` and `hex` own the grid coordinates (neighbours, distances,
rings, the hex layout and its cube line). Searches, lines of sight, footprints and forced
movement built on them are the tactics toolkit (game/engine/tactics).
"""
from .board import Board, BoardError, MapObject
from .tmx import MapProblem, check_board_file, load_board

__all__ = ["Board", "BoardError", "MapObject", "MapProblem", "check_board_file", "load_board"]
