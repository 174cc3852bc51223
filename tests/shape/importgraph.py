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
    """The game modules `name` imports: `import a.b`, `from a import b` (b a module or a name in
    a), relative forms resolved. With `top_level_only`, imports inside functions are left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    if top_level_only:      # imports under if/try at module level count as top level too
        nodes = [n for stmt in tree.body for n in ast.walk(stmt)
                 if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if _type_checking_only(tree, node):
                continue
            base = _resolve(name, is_package, node.level, node.module)
            for alias in node.names:
                # `from pkg import mod` depends on pkg.mod (pkg is only its parent package);
                # `from mod import name` depends on mod
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in known else base)
    out = set()
    for target in found:
        # `import a.b.c` depends on a.b.c; keep the longest prefix that is one of our modules
        parts = target.split(".")
        while parts and ".".join(parts) not in known:
            parts.pop()
        if parts and ".".join(parts) != name:
            out.add(".".join(parts))
    return out


def _type_checking_only(tree: ast.Module, node: ast.AST) -> bool:
    for stmt in tree.body:
        if isinstance(stmt, ast.If) and "TYPE_CHECKING" in ast.dump(stmt.test):
            if any(n is node for n in ast.walk(stmt)):
                return True
    return False


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
