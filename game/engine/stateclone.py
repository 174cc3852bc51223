"""Fast deep copies for systems' plain state dataclasses.

Owns: `clone` (atoms, lists, dicts and tuples copied directly; anything else through
copy.deepcopy), `clone_slots` (a slotted dataclass field by field, to install as its
`__deepcopy__`) and `copy_sharing` (the same for a whole state object, sharing the fields named,
such as the board, which never changes during a match); `plain` and `record_dict`, what
dataclasses.asdict gives for the same data, made the same direct way.

Why: Match.submit copies the state before every action and bots copy it for every dry run, so
the generic deepcopy's bookkeeping is the hot path of AI play. Every system's state is plain data,
which these copy several times faster. A state's JSON is made for every save, autosave and AI
request (on the client's main thread): asdict deep-copied every value on the way, 1-2 ms a time.

Must not: know any system; copy anything that is not plain data any other way than deepcopy.
"""
from __future__ import annotations

import copy
import dataclasses
from typing import Any, Iterable

_ATOMS = (int, str, bool, float, type(None))
_ATOM_TYPES = frozenset(_ATOMS)
_FIELDS: dict[type, tuple[str, ...]] = {}        # a dataclass's field names, in order


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


def plain(value: Any) -> Any:
    """`dataclasses.asdict`'s answer for a value of plain data: dataclass instances as dicts of
    their fields (in order), lists, dicts and tuples rebuilt, atoms as they are, anything else
    deep-copied, as asdict does."""
    t = type(value)
    if t in _ATOM_TYPES:
        return value
    if t is list:
        return [v if type(v) in _ATOM_TYPES else plain(v) for v in value]
    if t is dict:
        return {k: v if type(v) in _ATOM_TYPES else plain(v) for k, v in value.items()}
    if t is tuple:
        return tuple(plain(v) for v in value)
    if t not in _FIELDS and not dataclasses.is_dataclass(t):
        return copy.deepcopy(value)
    return {name: plain(getattr(value, name)) for name in _field_names(t)}


def record_dict(obj: Any, leave_out: Iterable[str] = ()) -> dict[str, Any]:
    """`plain(obj)` for a dataclass instance without the fields in `leave_out` (a state's
    board and other derived data), the rest in field order."""
    skip = frozenset(leave_out)
    return {name: plain(getattr(obj, name)) for name in _field_names(type(obj))
            if name not in skip}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names
