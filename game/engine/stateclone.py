"""Fast deep copies for systems' plain state dataclasses.

Owns: `clone` (atoms, lists, dicts and tuples copied directly; anything else through
copy.deepcopy), `clone_slots` (a slotted dataclass field by field, to install as its
`__deepcopy__`) and `copy_sharing` (the same for a whole state object, sharing the fields named,
such as the board, which never changes during a match).

Why: Match.submit copies the state before every action and bots copy it for every dry run, so
the generic deepcopy's bookkeeping is the hot path of AI play. Every system's state is plain data,
which these copy several times faster.

Must not: know any system; copy anything that is not plain data any other way than deepcopy.
"""
from __future__ import annotations

import copy
from typing import Any, Iterable

_ATOMS = (int, str, bool, float, type(None))


def clone(value: Any, memo: dict) -> Any:
    t = type(value)
    if t in _ATOMS:
        return value
    if t is list:
        return [clone(v, memo) for v in value]
    if t is dict:
        return {k: clone(v, memo) for k, v in value.items()}
    if t is tuple:
        return tuple(clone(v, memo) for v in value)
    return copy.deepcopy(value, memo)


def clone_slots(obj: Any, memo: dict) -> Any:
    """A copy of a slotted dataclass instance; install as `Cls.__deepcopy__ = clone_slots`."""
    out = object.__new__(type(obj))
    for name in type(obj).__slots__:
        object.__setattr__(out, name, clone(getattr(obj, name), memo))
    return out


def copy_sharing(obj: Any, memo: dict, shared: Iterable[str] = ("board",)) -> Any:
    """A copy of a slotted state object whose `shared` fields are the same objects as the
    original's (read-only data such as the board)."""
    keep = set(shared)
    out = object.__new__(type(obj))
    for name in type(obj).__slots__:
        value = getattr(obj, name)
        setattr(out, name, value if name in keep else clone(value, memo))
    return out
