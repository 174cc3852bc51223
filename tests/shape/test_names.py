"""Generic engine code names no rule system: everything under game/engine outside systems/ (the
match, saves, scenarios, the registry, boards, tactics, the AI scaffolding) works for any system,
so no import, string (docstrings included) or identifier there names a system id. A system is
found by its id at run time, as data; the registration list (game/engine/systems/__init__.py)
is the one place that imports the systems. The same check guards the client in
tests/client/test_shape.py; comments are free to use a system as an example."""
from __future__ import annotations

from pathlib import Path

import game
from tests.client.test_shape import names_of_systems, system_ids

ENGINE = Path(game.__file__).resolve().parent / "engine"
SYSTEMS_DIR = ENGINE / "systems"


def generic_engine_files() -> list[Path]:
    return [p for p in sorted(ENGINE.rglob("*.py")) if SYSTEMS_DIR not in p.parents]


def test_the_generic_files_are_the_engines_own():
    names = {p.relative_to(ENGINE).as_posix() for p in generic_engine_files()}
    assert {"match.py", "saves.py", "scenario.py", "registry.py", "rules.py",
            "tactics/pending.py", "ai/base.py", "boards/tmx.py"} <= names
    assert not any(n.startswith("systems/") for n in names)


def test_no_generic_engine_file_names_a_system():
    ids = system_ids()
    assert {"gems", "bindings", "gemwielders"} <= ids
    found = [hit for path in generic_engine_files() for hit in names_of_systems(path, ids)]
    assert found == []


def test_the_check_catches_a_system_named_in_engine_code(tmp_path):
    src = tmp_path / "scenario_like.py"
    src.write_text('"""Runs any system."""\n'
                   'from game.engine.systems.bindings import combat\n'
                   'EXAMPLE = \'system = "gemwielders"\'\n'
                   '# a comment may say gems\n', encoding="utf-8")
    got = names_of_systems(src, {"gems", "bindings", "gemwielders"})
    assert sorted(g.split(": ")[1].split(" ")[0] for g in got) == ["imports", "string"]
