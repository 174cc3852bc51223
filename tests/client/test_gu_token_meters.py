"""The token's further meters and pips (generic pieces the gu_masters screen uses first): a meter
in its colour under the HP bar, filled by its share, and one pip per use a round allows, hollow
once spent; a token without them draws as before."""
from __future__ import annotations

import pygame
import pytest

from game.client.presenters import TokenInfo
from game.client.render.board_view import BoardView
from game.engine.boards import Board

pytestmark = pytest.mark.client

ESSENCE = (90, 200, 230)
PIP = (250, 214, 110)


def drawn(tok: TokenInfo) -> pygame.Surface:
    pygame.display.init()
    view = BoardView(Board.from_rows(["...", "..."]))
    view.set_rect(pygame.Rect(0, 0, 192, 128))
    s = pygame.Surface((64, 64))
    view._hp_bar(s, tok, pygame.Rect(0, 0, 64, 64), 64)
    return s


def colours(s: pygame.Surface) -> set:
    return {tuple(s.get_at((x, y)))[:3] for x in range(64) for y in range(64)}


def test_a_meter_is_drawn_under_the_hp_bar_by_its_share():
    plain = drawn(TokenInfo("a", "A", 0, 0, 0, 1, 6, 12))
    full = drawn(TokenInfo("a", "A", 0, 0, 0, 1, 6, 12, bars=((10, 10, ESSENCE),)))
    half = drawn(TokenInfo("a", "A", 0, 0, 0, 1, 6, 12, bars=((5, 10, ESSENCE),)))
    empty = drawn(TokenInfo("a", "A", 0, 0, 0, 1, 6, 12, bars=((0, 10, ESSENCE),)))
    assert ESSENCE not in colours(plain) and ESSENCE not in colours(empty)

    def width(s: pygame.Surface) -> int:
        return max(sum(1 for x in range(64) if tuple(s.get_at((x, y)))[:3] == ESSENCE)
                   for y in range(64))
    assert width(full) > 0 and abs(width(half) - width(full) / 2) <= 2
    # the HP bar made room: it sits higher than without a meter
    red_rows = lambda s: [y for y in range(64) if any(  # noqa: E731
        tuple(s.get_at((x, y)))[:3] in ((236, 196, 70), (110, 210, 110)) for x in range(64))]
    assert min(red_rows(full)) < min(red_rows(plain))
    ess_rows = [y for y in range(64) if tuple(full.get_at((32, y)))[:3] == ESSENCE]
    assert min(ess_rows) > max(red_rows(full))


def test_pips_count_the_uses_left():
    def lit(tok: TokenInfo) -> int:
        s = drawn(tok)
        return sum(1 for x in range(64) for y in range(64) if tuple(s.get_at((x, y)))[:3] == PIP)
    none = lit(TokenInfo("a", "A", 0, 0, 0, 1, 6, 12))
    two = lit(TokenInfo("a", "A", 0, 0, 0, 1, 6, 12, pips=(2, 2)))
    one = lit(TokenInfo("a", "A", 0, 0, 0, 1, 6, 12, pips=(1, 2)))
    spent = lit(TokenInfo("a", "A", 0, 0, 0, 1, 6, 12, pips=(0, 2)))
    assert none == 0 and spent == 0
    assert two > one > 0 and abs(two - 2 * one) <= 2
