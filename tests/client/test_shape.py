"""The client's shape: one registration per system, no import circles, lower layers below.

Guards what issue 8 asked of the client: no generic client or CLI file names a rule system (the
registration list in game/client/systems/__init__.py is the only place), client modules never
import each other in a circle at module level, the layers import only downwards (render, ui and
presenters never reach scenes, the app or the systems; scenes reach the systems and the title
only through `app.screens`), and every registration is complete.
"""
from __future__ import annotations

import ast
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import game
from tests.shape.importgraph import cycles, imports_of, modules

ROOT = Path(game.__file__).resolve().parent.parent
CLIENT = ROOT / "game" / "client"
SYSTEMS_DIR = CLIENT / "systems"
REGISTRATION_LIST = SYSTEMS_DIR / "__init__.py"


# -- the import graph -----------------------------------------------------------------------------
def module_files() -> dict[str, Path]:
    """Every module of game/client, game/cli and game/__main__.py, by dotted name."""
    out: dict[str, Path] = {}
    for base in (ROOT / "game" / "client", ROOT / "game" / "cli"):
        for path in sorted(base.rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    out["game.__main__"] = ROOT / "game" / "__main__.py"
    return out


def graph(top_only: bool) -> dict[str, set[str]]:
    """The client's and the CLI's modules and the game modules each imports (tests/shape's reader)."""
    files = module_files()
    known = set(modules("game"))
    return {name: imports_of(name, path, known, top_only) for name, path in files.items()}


def test_the_graph_sees_imports_inside_functions_and_skips_type_checking(tmp_path):
    # the checker itself must see what it claims to: a function-level import counts in the full
    # graph only, a TYPE_CHECKING import never, a relative import resolves to its module
    src = tmp_path / "mod.py"
    src.write_text("from typing import TYPE_CHECKING\n"
                   "from . import b\n"
                   "if TYPE_CHECKING:\n    import p.c\n"
                   "def f():\n    from p.d import thing\n", encoding="utf-8")
    known = {"p.a", "p.b", "p.c", "p.d"}
    assert imports_of("p.a", src, known, top_level_only=True) == {"p.b"}
    assert imports_of("p.a", src, known, top_level_only=False) == {"p.b", "p.d"}
    assert cycles({"x": {"y"}, "y": {"x"}, "z": {"x"}}) == [["x", "y"]]
    assert cycles({"x": {"y"}, "y": set()}) == []


def test_no_import_circle_between_client_modules_at_module_level():
    assert cycles(graph(top_only=True)) == []


def test_no_import_circle_even_through_imports_inside_functions():
    # scenes reach the screens above them through app.screens, so not even a lazy import
    # closes a circle (the old client had 13 modules in one)
    assert cycles(graph(top_only=False)) == []


def _layer(name: str) -> str:
    parts = name.split(".")
    if parts[:2] == ["game", "cli"] or name == "game.__main__":
        return "cli"
    return parts[2] if len(parts) > 2 else "client"


LOWER = {"render", "ui", "presenters", "scene", "resources", "settings", "registration"}
UPPER_FOR_LOWER = ("game.client.scenes", "game.client.app", "game.client.systems",
                   "game.client.screens")


def test_lower_layers_never_import_scenes_the_app_or_the_systems():
    bad = [f"{m} -> {t}" for m, targets in graph(top_only=False).items() if _layer(m) in LOWER
           for t in targets if t.startswith(UPPER_FOR_LOWER)]
    assert bad == []


def test_scenes_reach_the_app_and_the_systems_only_through_app_screens():
    bad = [f"{m} -> {t}" for m, targets in graph(top_only=False).items() if _layer(m) == "scenes"
           for t in targets if t.startswith(("game.client.app", "game.client.systems",
                                             "game.client.screens"))]
    assert bad == []


# -- no system named in generic code ----------------------------------------------------------------
def system_ids() -> set[str]:
    from game.client.systems import CLIENT_SYSTEMS
    from game.engine import registry
    return {s.id for s in CLIENT_SYSTEMS} | {s.id for s in registry.all_systems()}


def generic_files() -> list[Path]:
    files = [p for p in module_files().values() if SYSTEMS_DIR not in p.parents]
    return files + [REGISTRATION_LIST]


def names_of_systems(path: Path, ids: set[str]) -> list[str]:
    """Where `path` names a system: in an import, a string (docstrings included), or an
    identifier. The registration list may import the system packages, nothing else."""
    word = re.compile(r"\b(" + "|".join(sorted(map(re.escape, ids))) + r")\b", re.IGNORECASE)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    shown = path.relative_to(ROOT) if ROOT in path.parents else path
    found = []
    for node in ast.walk(tree):
        where = f"{shown}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            mods = [f"{node.module}.{a.name}" for a in node.names]
        else:
            mods = []
        for m in mods:
            if set(m.split(".")) & ids:
                if path == REGISTRATION_LIST and m.startswith("game.client.systems."):
                    continue
                found.append(f"{where}: imports {m}")
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and word.search(node.value):
            found.append(f"{where}: string {node.value[:60]!r}")
        if isinstance(node, ast.Name) and node.id in ids and path != REGISTRATION_LIST:
            found.append(f"{where}: name {node.id}")
        if isinstance(node, ast.Attribute) and node.attr in ids and path != REGISTRATION_LIST:
            found.append(f"{where}: attribute .{node.attr}")
    return found


def test_the_name_check_catches_imports_strings_and_names(tmp_path):
    src = tmp_path / "x.py"
    src.write_text('"""Shows Gems."""\nimport game.client.systems.gems\nx = gems\n'
                   'y = "gemstone"\n', encoding="utf-8")
    got = names_of_systems(src, {"gems"})
    kinds = sorted(g.split(": ")[1].split(" ")[0] for g in got)
    assert kinds == ["imports", "name", "string"]      # "gemstone" is a word of its own


def test_no_generic_client_or_cli_file_names_a_system():
    ids = system_ids()
    assert {"gems", "bindings", "gemwielders"} <= ids
    found = [hit for path in generic_files() for hit in names_of_systems(path, ids)]
    assert found == []


# -- every registration is complete ------------------------------------------------------------------
def test_every_engine_system_has_exactly_one_client_registration():
    from game.client.systems import CLIENT_SYSTEMS
    from game.engine import registry
    ids = [s.id for s in CLIENT_SYSTEMS]
    assert len(ids) == len(set(ids))
    assert sorted(ids) == sorted(s.id for s in registry.all_systems())


def _abstract_hooks() -> set[str]:
    """The base class's hooks that have no default (their body raises NotImplementedError)."""
    from game.client.presenters import Presenter
    out = set()
    for name, fn in vars(Presenter).items():
        if callable(fn) and "raise NotImplementedError" in inspect.getsource(fn):
            out.add(name)
    return out


def _params(fn) -> list[inspect.Parameter]:
    """A hook's parameters without `self` (a static hook has none to drop)."""
    params = list(inspect.signature(fn).parameters.values())
    return params[1:] if params and params[0].name == "self" else params


def _registrations():
    from game.client.systems import CLIENT_SYSTEMS
    return list(CLIENT_SYSTEMS)


@pytest.mark.parametrize("reg", _registrations(), ids=lambda r: r.id)
def test_a_registration_names_its_scene_kind_presenter_and_shots(reg):
    from game.client.presenters import MatchReader, Presenter
    from game.client.registration import CARDS, KINDS, MAP
    from game.client.scenes.match_scene import MatchScene
    assert reg.kind in KINDS
    assert callable(reg.shots) and reg.selftest_shots
    for name in reg.shared_maps:
        assert (ROOT / "maps" / name).is_file(), name
    if reg.kind == MAP:
        assert reg.load_presenter is not None and reg.load_table is None
        p = reg.load_presenter()
        assert issubclass(p, Presenter)
        missing = sorted(h for h in _abstract_hooks() if getattr(p, h) is getattr(Presenter, h))
        assert missing == [], f"{p.__name__} leaves hooks without a body: {missing}"
        # the shared reading of a match (cached legal actions, the state) stays the base's
        for name in ("legal", "state", "_state_key"):
            assert name not in vars(p), f"{p.__name__} overrides MatchReader.{name}"
        assert vars(MatchReader)["legal"] is getattr(p, "legal")
        # an overriding hook takes the arguments the scene passes
        for name, base_fn in vars(Presenter).items():
            if callable(base_fn) and not name.startswith("_") and name in vars(p):
                want = len(_params(getattr(Presenter, name)))
                have = _params(getattr(p, name))
                needed = [q for q in have if q.default is inspect.Parameter.empty]
                assert len(needed) <= want <= len(have), name
    else:
        assert reg.kind == CARDS
        assert reg.load_presenter is None and reg.load_table is not None
        assert issubclass(reg.load_table(), MatchScene)


def test_a_registration_refuses_a_missing_presenter_or_table_and_a_strange_kind():
    from game.client.registration import CARDS, MAP, ClientSystem
    with pytest.raises(ValueError, match="no presenter"):
        ClientSystem("x", MAP, shots=lambda app: [])
    with pytest.raises(ValueError, match="no table"):
        ClientSystem("x", CARDS, shots=lambda app: [])
    with pytest.raises(ValueError, match="kind"):
        ClientSystem("x", "board", shots=lambda app: [])


def test_reading_the_registrations_loads_no_system_screen():
    # the new-match screen reads the list (shared maps): the presenters, tables and shots are
    # imported only when a match of that system opens
    code = ("import sys, game.client.systems\n"
            "heavy = [m for m in sys.modules if m.startswith('game.client.systems.')\n"
            "         and m.count('.') > 3]\n"
            "print(heavy)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout.strip().splitlines()[-1]
    assert out == "[]"


def test_an_unknown_system_is_a_clear_error_naming_the_known_ones():
    from game.client.registration import NoScreen
    from game.client.systems import CLIENT_SYSTEMS, client_system
    with pytest.raises(NoScreen) as got:
        client_system("no_such_system")
    assert "no_such_system" in str(got.value)
    assert all(reg.id in str(got.value) for reg in CLIENT_SYSTEMS)
