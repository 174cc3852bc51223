"""The shape of the code, guarded: lower layers never know higher ones, systems never know each
other, and no group of our modules imports itself in a circle (imports inside functions count:
a late import is still a dependency, only deferred).

A failure names the modules, so the fix is to move the shared piece down, never to hide the
import in a string."""
from __future__ import annotations

import ast

import pytest

from .importgraph import cycles, graph, modules

ALL = graph("game")


def _system_of(module: str) -> tuple[str, str] | None:
    """('engine'|'client', system id) for a module inside a system's own package."""
    parts = module.split(".")
    for layer, prefix in (("engine", ["game", "engine", "systems"]),
                          ("client", ["game", "client", "systems"])):
        if parts[:3] == prefix and len(parts) > 3:
            return layer, parts[3]
    return None


def test_the_engine_never_imports_the_client_or_pygame():
    bad = {m: sorted(t for t in ALL[m] if t.startswith("game.client"))
           for m in ALL if m.startswith("game.engine")}
    assert not {m: t for m, t in bad.items() if t}
    for name, path in modules("game.engine").items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for lib in names:
                assert lib.split(".")[0] not in ("pygame", "pygame_gui"), \
                    f"{name} imports {lib}: the engine stays headless"


def test_no_system_imports_another_system():
    crossings = []
    for module, targets in ALL.items():
        own = _system_of(module)
        if own is None:
            continue
        for target in targets:
            other = _system_of(target)
            if other is not None and other[1] != own[1]:
                crossings.append(f"{module} -> {target}")
    assert crossings == []


def _package(module: str) -> str:
    path = modules("game").get(module)
    return module if path is not None and path.name == "__init__.py" else module.rpartition(".")[0]


#: The one arrow allowed to run up: the registry reads the registration list of systems on first
#: use (inside `registry._load`, never at import). Systems, their bots and Match sit below it and
#: ask it for a system by id; without this lazy arrow nobody could find a system by its id.
LAZY_REGISTRATION = ("game.engine.registry", "game.engine.systems")


def test_the_registry_reads_the_registration_list_only_when_asked():
    assert LAZY_REGISTRATION[1] in ALL[LAZY_REGISTRATION[0]]
    assert LAZY_REGISTRATION[1] not in graph("game.engine", top_level_only=True)[
        LAZY_REGISTRATION[0]]


@pytest.mark.parametrize("package", ["game.engine", "game.client", "game.cli"])
def test_no_import_circles_between_packages(package):
    # modules of one package may lean on each other (a system's rules and combat); a circle that
    # runs through two packages means a lower layer knows a higher one
    g = graph(package)
    if LAZY_REGISTRATION[0] in g:
        g[LAZY_REGISTRATION[0]] = g[LAZY_REGISTRATION[0]] - {LAZY_REGISTRATION[1]}
    found = [c for c in cycles(g) if len({_package(m) for m in c}) > 1]
    assert found == [], "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_graph_reader_sees_real_imports():
    # the guard above is only as good as the reader: a few edges we know exist
    assert "game.engine.rules" in ALL["game.engine.match"]
    assert "game.engine.match" in ALL["game.engine.ai.runner"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
