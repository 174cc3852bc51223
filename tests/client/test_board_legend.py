"""The reach legend in the map's lower-left corner stays readable: a token standing under it
does not cover it (a gu breath shot showed "costlier st" with a Gu Master over the rest)."""
from __future__ import annotations

import pygame
import pytest

from game.client.presenters import Overlay, TokenInfo
from game.client.render.board_view import BoardView
from game.engine.boards import Board

pytestmark = pytest.mark.client


def legend_pixels(tokens: list[TokenInfo]) -> tuple[pygame.Rect, list]:
    pygame.display.init()
    board = Board.from_rows(["....", "....", "....", "...."])
    view = BoardView(board)
    view.set_rect(pygame.Rect(0, 0, 256, 256))
    surface = pygame.Surface((256, 256))
    cells = {(x, y): 2 for x in range(4) for y in range(4)}
    view.draw(surface, tokens, [], Overlay(cells=cells, legend=((2, "costlier steps"),)))
    _parts, _bg, box = view._legend([2], {2: "costlier steps"})
    # the legend's words: the bright pixels of its label
    return box, [(x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)
                 if min(tuple(surface.get_at((x, y)))[:3]) > 200]


def test_a_token_under_the_legend_does_not_cover_it():
    box, bare = legend_pixels([])
    # a unit on the square under the legend's words
    view = BoardView(Board.from_rows(["....", "....", "....", "...."]))
    view.set_rect(pygame.Rect(0, 0, 256, 256))
    cell = next((x, y) for y in range(4) for x in range(4)
                if view.cell_rect((x, y)).colliderect(box))
    tok = TokenInfo("a", "A", 0, cell[0], cell[1], 1, 6, 12, colour=(250, 20, 200))
    box2, covered = legend_pixels([tok])
    assert box2 == box and len(bare) > 50
    assert covered == bare          # every stroke of the words still shows
