"""The import graph of our own code, read from the source with `ast` (nothing is imported).

Owns: `graph(root)` (module -> the game modules it imports, at any depth of the file, function
bodies included, since a late import is still a dependency) and `cycles(graph)` (the strongly
connected groups of more than one module). The shape tests use them.

Must not: import the modules it reads.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: str = "game") -> dict[str, Path]:
    base = ROOT / Path(*package.split("."))
    return {module_name(p): p for p in sorted(base.rglob("*.py"))}


def _resolve(current: str, is_package: bool, level: int, name: str | None) -> str:
    if level == 0:
        return name or ""
    parts = current.split(".")
    if not is_package:
        parts = parts[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    return ".".join(parts + ([name] if name else []))


def imports_of(name: str, path: Path, known: set[str], top_level_only: bool = False) -> set[str]:
    """The modules of `known` that `name` imports: `import a.b`, `from a import b` (b a module or
    a name in a), relative forms resolved. Imports under `if TYPE_CHECKING:` never count (they do
    not run); with `top_level_only`, imports inside functions and classes are left out. A module's
    own ancestor packages are left out too (Python imports them first whatever the module says)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for stmt in child.orelse:
                    visit_stmt(stmt)
                continue
            if top_level_only and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                     ast.ClassDef, ast.Lambda)):
                continue
            visit_stmt(child)

    def visit_stmt(child: ast.AST) -> None:
        if isinstance(child, ast.Import):
            found.update(alias.name for alias in child.names)
        elif isinstance(child, ast.ImportFrom):
            base = _resolve(name, is_package, child.level, child.module)
            for alias in child.names:
                # `from pkg import mod` depends on pkg.mod (pkg is only its parent package);
                # `from mod import name` depends on mod
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in known else base)
        visit(child)

    visit(tree)
    ancestors = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
    out = set()
    for target in found:
        # `import a.b.c` depends on a.b.c; keep the longest prefix that is one of our modules
        parts = target.split(".")
        while parts and ".".join(parts) not in known:
            parts.pop()
        dep = ".".join(parts)
        if parts and dep != name and dep not in ancestors:
            out.add(dep)
    return out


def graph(package: str = "game", top_level_only: bool = False) -> dict[str, set[str]]:
    mods = modules(package)
    known = set(modules("game"))
    return {m: imports_of(m, p, known, top_level_only) for m, p in mods.items()}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of two or more modules (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in g:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(g.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    item = stack.pop()
                    on_stack.discard(item)
                    group.append(item)
                    if item == node:
                        break
                if len(group) > 1:
                    out.append(sorted(group))
    return out
