"""Serialisable records: the shared machinery behind actions and events.

Owns: turning frozen dataclasses into JSON-able dicts ({"kind": ..., fields...}) and back, with a
registry per namespace so a saved `kind` string always finds its class. Tuples are stored as
lists and restored as tuples; nested records are stored as dicts with their own `kind`.

Must not: know any rule. A kind string, once saved, never changes.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, ClassVar, TypeVar

T = TypeVar("T")


class RecordError(ValueError):
    """A dict does not describe a known record of this namespace."""


class Registry:
    def __init__(self, namespace: str):
        self.namespace = namespace
        self._by_kind: dict[str, type] = {}

    def register(self, kind: str):
        def deco(cls: type[T]) -> type[T]:
            if kind in self._by_kind and self._by_kind[kind] is not cls:
                raise RuntimeError(f"{self.namespace} kind {kind!r} registered twice")
            cls.kind = kind  # type: ignore[attr-defined]
            self._by_kind[kind] = cls
            return cls
        return deco

    def cls_for(self, kind: str) -> type:
        try:
            return self._by_kind[kind]
        except KeyError:
            raise RecordError(f"unknown {self.namespace} kind {kind!r}") from None

    def kinds(self) -> list[str]:
        return sorted(self._by_kind)

    def from_json(self, data: Any):
        if not isinstance(data, dict) or "kind" not in data:
            raise RecordError(f"{self.namespace} record must be an object with a 'kind'")
        cls = self.cls_for(data["kind"])
        return _build(cls, data, self)


def to_json(record: Any) -> Any:
    is_instance = dataclasses.is_dataclass(record) and not isinstance(record, type)
    if is_instance and getattr(record, "kind", ""):
        out: dict[str, Any] = {"kind": getattr(record, "kind")}
        for f in dataclasses.fields(record):
            out[f.name] = to_json(getattr(record, f.name))
        return out
    # plain values with their own format (a dice Roll inside an event) keep it
    if hasattr(record, "to_json") and not isinstance(record, (type, Record)):
        return record.to_json()
    if is_instance:
        return {f.name: to_json(getattr(record, f.name)) for f in dataclasses.fields(record)}
    if isinstance(record, (list, tuple)):
        return [to_json(v) for v in record]
    if isinstance(record, dict):
        return {str(k): to_json(v) for k, v in record.items()}
    return record


_hints_cache: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _hints_cache:
        _hints_cache[cls] = typing.get_type_hints(cls)
    return _hints_cache[cls]


def _coerce(tp: Any, value: Any, registry: Registry) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if value is None:
        return None
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise RecordError(f"expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_coerce(args[0], v, registry) for v in value)
        if args:
            if len(args) != len(value):
                raise RecordError(f"expected {len(args)} values, got {value!r}")
            return tuple(_coerce(a, v, registry) for a, v in zip(args, value))
        return tuple(value)
    if origin in (typing.Union, types.UnionType):
        for a in args:
            if a is type(None):
                continue
            try:
                return _coerce(a, value, registry)
            except (RecordError, TypeError, ValueError):
                continue
        raise RecordError(f"value {value!r} fits none of {tp}")
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if hasattr(tp, "from_json"):
            return tp.from_json(value)
        return _build(tp, value, registry)
    if isinstance(tp, type) and hasattr(tp, "from_json") and isinstance(value, dict):
        return tp.from_json(value)
    if tp is int and not isinstance(value, bool) and isinstance(value, int):
        return value
    if tp is int:
        raise RecordError(f"expected an integer, got {value!r}")
    if tp is bool and not isinstance(value, bool):
        raise RecordError(f"expected true or false, got {value!r}")
    if tp is str and not isinstance(value, str):
        raise RecordError(f"expected text, got {value!r}")
    return value


def _build(cls: type, data: dict, registry: Registry):
    hints = _hints(cls)
    kwargs = {}
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"kind"}
    if extra:
        raise RecordError(f"{registry.namespace} {data.get('kind', cls.__name__)!r} has unknown fields {sorted(extra)}")
    for f in dataclasses.fields(cls):
        if f.name in data:
            kwargs[f.name] = _coerce(hints[f.name], data[f.name], registry)
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise RecordError(f"{registry.namespace} {data.get('kind')!r}: {exc}") from None


class Record:
    """Base for actions and events: frozen, slotted dataclasses with a class-level `kind`."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict:
        return to_json(self)
