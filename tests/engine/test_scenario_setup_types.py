"""A scenario's [setup] of the wrong shape is an ERROR in the file, with the system's reason,
for every system (issue: hostile files, where wrong types inside [setup] came back as FAIL or
as a Python error)."""
from __future__ import annotations

import pytest

from game.engine import scenario as sc

GRID = {"rows": ["....."] * 3}
CASES = {
    "gems units not a list": ("gems", {"units": 5}, "units must be a list"),
    "gems items not a list": ("gems", {"units": [{"id": "a", "sheet": "garnet", "side": 0,
                                                  "x": 1, "y": 1}], "items": "rock"},
                              "items must be a list"),
    "gems position as text": ("gems", {"units": [{"id": "a", "sheet": "garnet", "side": 0,
                                                  "x": "a", "y": 1}]}, "needs id"),
    "gems unknown unit key": ("gems", {"units": [{"id": "a", "sheet": "garnet", "side": 0,
                                                  "x": 1, "y": 1, "colour": "red"}]}, "colour"),
    "gems override of the wrong type": ("gems", {"units": [{"id": "a", "sheet": "garnet",
                                                            "side": 0, "x": 1, "y": 1,
                                                            "overrides": {"hp": "lots"}}]},
                                        "wrong type"),
    "bindings unknown combatant key": ("bindings", {"grid": GRID, "combatants": [
        {"id": "a", "sheet": "aeromancer", "side": 0, "x": 1, "y": 1, "wings": 2}]}, "wings"),
    "gemwielders stack as text": ("gemwielders", {"stack": "x"}, "stack"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_setup_of_the_wrong_shape_is_an_error_in_the_file(name):
    system, setup, words = CASES[name]
    data = {"match": {"system": system}, "setup": setup, "expect": {"over": False}}
    if system == "gems":
        data["grid"] = GRID
    result = sc.run(sc.parse(data, f"{name}.toml"))
    assert result.status == "ERROR", (result.errors, result.differences)
    assert words in result.errors[0]
