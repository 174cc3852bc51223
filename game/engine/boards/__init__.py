"""Boards: the headless battle map every grid system plays on.

`board.Board` is the shape all systems read; `tmx` builds one from a Tiled map with pytmx (no
images); `square` and `hex` own the grid geometry; `pathing` and `los` the searches and lines.
"""
from .board import Board, BoardError, MapObject

__all__ = ["Board", "BoardError", "MapObject"]
