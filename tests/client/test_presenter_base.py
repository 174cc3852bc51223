"""The Presenter base class: every optional hook's default is what the battle scene did before a
presenter could say otherwise, the hooks without a default fail loudly, and reading legal actions
never hides an engine error."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.client.presenters import Presenter
from game.engine.actions import Concede, EndTurn


class _Match:
    """Just enough of a Match for the reader: a state object, a log and legal actions."""

    def __init__(self, legal=None, error: Exception | None = None):
        self.state = SimpleNamespace(round=3, board="board")
        self.log: list = []
        self.version = 1
        self._legal = legal or []
        self._error = error
        self.calls = 0

    def legal_actions(self):
        self.calls += 1
        if self._error is not None:
            raise self._error
        return list(self._legal)


class _Acting(Presenter):
    def acting_unit(self):
        return "ada"


def test_optional_hooks_have_the_battle_scenes_old_defaults():
    p = _Acting(_Match())
    assert p.default_mode() == "move"
    assert p.keep_mode(EndTurn(), "move") is False
    assert p.finish_action() == EndTurn()
    assert p.turn_key() == (3, "ada")
    assert p.end_turn_choices() == [] and p.end_turn_question() == ""
    assert p.unused_actions() is None and p.prompt_focus() == []
    assert p.preview_key() is None and p.cycle_preference() is None
    assert p.board_stages == ("act",) and p.cost_colours is None
    assert p.keys_hint == () and p.tile_hint == ""
    assert p.board() == "board"


@pytest.mark.parametrize("hook, args", [("tokens", ()), ("unit_name", ("ada",)),
                                        ("overlay", (None, None, None)), ("log_lines", ([],)),
                                        ("describe", (EndTurn(),)), ("side_colour", (0,))])
def test_hooks_without_a_default_fail_loudly(hook, args):
    with pytest.raises(NotImplementedError):
        getattr(Presenter(_Match()), hook)(*args)


def test_legal_drops_surrender_and_asks_the_engine_once_per_state():
    m = _Match(legal=[EndTurn(), Concede(0)])
    p = Presenter(m)
    assert p.legal() == [EndTurn()]
    assert p.legal() == [EndTurn()] and m.calls == 1
    m.version = 2                                   # a submit changes the key
    p.legal()
    assert m.calls == 2


def test_an_engine_error_while_listing_actions_is_not_turned_into_no_actions():
    p = Presenter(_Match(error=RuntimeError("broken rule")))
    with pytest.raises(RuntimeError, match="broken rule"):
        p.legal()
