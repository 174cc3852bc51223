"""Tokens wear the emblem their system's presenter names; the renderer itself names no system."""
from __future__ import annotations

import pygame
import pytest

from game.client.presenters import Presenter
from game.client.render import sprites
from game.client.systems import CLIENT_SYSTEMS


@pytest.fixture(autouse=True)
def _display():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield
    sprites.clear_cache()


def test_every_map_system_names_a_known_emblem_and_the_default_is_the_plain_disc():
    assert Presenter.token_emblem == "disc"
    for system in CLIENT_SYSTEMS:
        if system.load_presenter is not None:
            assert system.load_presenter().token_emblem in sprites.EMBLEMS, system.id


def test_the_two_emblems_draw_different_tokens_and_portraits():
    args = ((200, 60, 60), 0, (80, 120, 220), 48)
    disc, gem = (sprites.unit_token(*args, emblem=e) for e in ("disc", "gem"))
    assert disc.get_size() == gem.get_size() == (48, 48)
    assert pygame.image.tobytes(disc, "RGBA") != pygame.image.tobytes(gem, "RGBA")
    p_disc, p_gem = (sprites.portrait(*args, emblem=e) for e in ("disc", "gem"))
    assert pygame.image.tobytes(p_disc, "RGBA") != pygame.image.tobytes(p_gem, "RGBA")


def test_an_unknown_emblem_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown token emblem 'crown'"):
        sprites.unit_token((1, 2, 3), 0, (4, 5, 6), 32, emblem="crown")
