"""Serialisable records: the shared machinery behind actions and events.

Owns: turning frozen dataclasses into JSON-able dicts ({"kind": ..., fields...}) and back, with a
registry per namespace so a saved `kind` string always finds its class. Tuples are stored as
lists and restored as tuples; nested records are stored as dicts with their own `kind`.

Must not: know any rule. A kind string, once saved, never changes (a renamed kind keeps its old
name as an alias: `Registry.register(kind, aliases=(...))`).

Why dataclasses validated by msgspec, not msgspec Structs: records stay frozen, slotted
dataclasses, because every caller relies on that (`dataclasses.replace` in redaction and the
rules, `dataclasses.fields`, equality and hashing, the class attribute `kind` and ClassVar flags
such as `Concede.surrender`), and serialising them stays the small hand-written `to_json` below,
which is what the golden playthroughs store byte for byte. What msgspec does is the checking on
the way in: the type annotations of each record are the one schema. On first use, a record class
gets a msgspec Struct derived from its annotations (same field names, types and defaults,
`forbid_unknown_fields`, tagged by its `kind`; nested records and values such as `dice.Roll` get
theirs), `msgspec.convert(..., strict=True)` checks the dict against it, and the checked values
are handed to the dataclass. There is no second declaration to keep in step: adding a field to
a record is adding an annotation. Errors name the namespace, the kind and the field.
"""
from __future__ import annotations

import dataclasses
import re
import types
import typing
from typing import Any, Callable, ClassVar, TypeVar

import msgspec

T = TypeVar("T")


class RecordError(ValueError):
    """A dict does not describe a known record of this namespace."""


class Registry:
    def __init__(self, namespace: str):
        self.namespace = namespace
        self._by_kind: dict[str, type] = {}
        self._aliases: dict[str, str] = {}

    def register(self, kind: str, *, aliases: tuple[str, ...] = ()):
        """Class decorator: `kind` is the name written to JSON; `aliases` are former names that
        saves and scenario files written before a rename still use (read, never written)."""
        def deco(cls: type[T]) -> type[T]:
            if kind in self._by_kind and self._by_kind[kind] is not cls:
                raise RuntimeError(f"{self.namespace} kind {kind!r} registered twice")
            if kind in self._aliases:
                raise RuntimeError(f"{self.namespace} kind {kind!r} is already an alias")
            for old in aliases:
                if old in self._by_kind or self._aliases.get(old, kind) != kind:
                    raise RuntimeError(f"{self.namespace} alias {old!r} is already a kind")
                self._aliases[old] = kind
            cls.kind = kind  # type: ignore[attr-defined]
            self._by_kind[kind] = cls
            return cls
        return deco

    def cls_for(self, kind: str) -> type:
        try:
            return self._by_kind[self._aliases.get(kind, kind)]
        except (KeyError, TypeError):
            raise RecordError(f"unknown {self.namespace} kind {kind!r}") from None

    def kinds(self) -> list[str]:
        return sorted(self._by_kind)

    def aliases(self) -> dict[str, str]:
        """Former kind -> current kind."""
        return dict(self._aliases)

    def from_json(self, data: Any):
        if not isinstance(data, dict) or "kind" not in data:
            raise RecordError(f"{self.namespace} record must be an object with a 'kind'")
        cls = self.cls_for(data["kind"])
        # the kind is settled (an alias too); the fields are checked against the annotations
        fields = {k: v for k, v in data.items() if k != "kind"}
        return build(cls, fields, f"{self.namespace} {cls.kind!r}")


_ATOMS = (str, int, float, bool, type(None))
# dataclass type -> its field names in order (what dataclasses.fields gives, asked once per type:
# every submitted action and every saved event goes through to_json)
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def to_json(record: Any) -> Any:
    t = type(record)
    if t in _ATOMS:
        return record
    convert = _CONVERTERS.get(t)
    if convert is None:
        convert = _CONVERTERS[t] = _converter(t)
    return convert(record)


def _converter(t: type) -> Callable[[Any], Any]:
    """How to_json writes a value of type `t`: decided by the type alone (a record's kind and
    fields, a value's own to_json, a container), so once per type rather than once per value
    (every submitted action and every saved event is written)."""
    is_record = dataclasses.is_dataclass(t)
    if is_record and getattr(t, "kind", ""):
        kind = t.kind
        names = _field_names(t)

        def record_json(record: Any) -> dict[str, Any]:
            out: dict[str, Any] = {"kind": kind}
            for name in names:
                out[name] = to_json(getattr(record, name))
            return out
        return record_json
    # plain values with their own format (a dice Roll inside an event) keep it
    if hasattr(t, "to_json") and not issubclass(t, Record):
        return lambda value: value.to_json()
    if is_record:
        names = _field_names(t)
        return lambda value: {name: to_json(getattr(value, name)) for name in names}
    if issubclass(t, (list, tuple)):
        return lambda value: [to_json(v) for v in value]
    if issubclass(t, dict):
        return lambda value: {str(k): to_json(v) for k, v in value.items()}
    return lambda value: value


# type -> how to_json writes its values (see _converter)
_CONVERTERS: dict[type, Callable[[Any], Any]] = {}


# -- checking on the way in --------------------------------------------------------------------
# dataclass -> the msgspec Struct derived from its annotations, and back
_STRUCTS: dict[type, type[msgspec.Struct]] = {}
_CLASSES: dict[type, type] = {}


def schema_of(cls: type) -> type[msgspec.Struct]:
    """The msgspec Struct that checks dicts for the dataclass `cls`, derived (once) from its
    annotations: same fields, types and defaults; unknown fields refused; tagged by `kind`."""
    struct = _STRUCTS.get(cls)
    if struct is None:
        hints = typing.get_type_hints(cls)
        fields: list[Any] = []
        for f in dataclasses.fields(cls):
            tp = _schema_type(hints[f.name])
            if f.default is not dataclasses.MISSING:
                fields.append((f.name, tp, f.default))
            elif f.default_factory is not dataclasses.MISSING:
                fields.append((f.name, tp, msgspec.field(default_factory=f.default_factory)))
            else:
                fields.append((f.name, tp))
        # a record's kind is a class attribute; a content entry may have a field named kind
        kind = getattr(cls, "kind", "")
        named = any(f.name == "kind" for f in dataclasses.fields(cls))
        tag = {"tag_field": "kind", "tag": kind} if isinstance(kind, str) and kind and not named \
            else {}
        struct = msgspec.defstruct(f"{cls.__name__}Schema", fields, forbid_unknown_fields=True,
                                   kw_only=True, **tag)
        _STRUCTS[cls] = struct
        _CLASSES[struct] = cls
    return struct


def _schema_type(tp: Any) -> Any:
    """`tp` with every dataclass inside it replaced by its derived Struct."""
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return schema_of(tp)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if not args or origin in (typing.Literal, ClassVar):
        return tp
    new = tuple(a if a is Ellipsis else _schema_type(a) for a in args)
    if new == args:
        return tp
    if origin in (typing.Union, types.UnionType):
        return typing.Union[new]
    return origin[new]


def _from_schema(value: Any) -> Any:
    """A checked value with every derived Struct turned back into its dataclass."""
    if isinstance(value, msgspec.Struct):
        cls = _CLASSES[type(value)]
        return cls(**{name: _from_schema(getattr(value, name))
                      for name in value.__struct_fields__})
    if isinstance(value, tuple):
        return tuple(_from_schema(v) for v in value)
    if isinstance(value, list):
        return [_from_schema(v) for v in value]
    if isinstance(value, dict):
        return {k: _from_schema(v) for k, v in value.items()}
    return value


class SchemaProblem(ValueError):
    """`data` does not fit a schema; `problem` says where and how (see `Problem`)."""

    def __init__(self, problem: "Problem"):
        self.problem = problem
        super().__init__(problem.explain())


def convert(cls: type[T], data: Any) -> T:
    """The dataclass `cls` from JSON-like `data` (no `kind` needed at the top), checked strictly
    against its annotations; SchemaProblem otherwise. Shared by records and content files."""
    try:
        checked = msgspec.convert(data, schema_of(cls), strict=True)
    except msgspec.ValidationError as exc:
        raise SchemaProblem(problem(str(exc))) from None
    return _from_schema(checked)


def build(cls: type[T], data: Any, what: str) -> T:
    """`convert`, with a RecordError naming `what` (namespace and kind) and the field."""
    try:
        return convert(cls, data)
    except SchemaProblem as exc:
        raise RecordError(f"{what}: {exc}") from None


# msgspec's words for JSON types -> ours (messages are read by players and scenario authors)
_TYPE_WORDS = {"int": "an integer", "bool": "true or false", "str": "text", "array": "a list",
               "object": "a table", "float": "a number", "null": "nothing"}
_AT = re.compile(r"^(?P<msg>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)


def _words(types_text: str) -> str:
    return " or ".join(_TYPE_WORDS.get(t, t) for t in types_text.split(" | "))


@dataclasses.dataclass(frozen=True, slots=True)
class Problem:
    """One msgspec validation message taken apart. `path` is the field it concerns ("to",
    "roll.faces[1]", "" for the table itself); `what` is "unknown" or "missing" (with the
    field's `name`), "length" or "type" (with `expected` and `got` in our words), or "other"
    (msgspec's own words in `text`)."""

    path: str
    what: str
    name: str = ""
    expected: str = ""
    got: str = ""
    text: str = ""

    @property
    def top(self) -> str:
        """The top-level key the problem lies under (the unknown or missing one itself)."""
        return re.split(r"[.\[]", self.path, 1)[0] if self.path else self.name

    def explain(self) -> str:
        """In our words, the field first: "field 'seat': expected an integer, got text"."""
        where = f"field {self.path!r}: " if self.path else ""
        if self.what == "unknown":
            return f"{where}has unknown fields [{self.name!r}]"
        if self.what == "missing":
            return f"{where}missing required field {self.name!r}"
        if self.what == "length":
            return f"{where}expected {self.expected} values, got {self.got}"
        if self.what == "type":
            return f"{where}expected {self.expected}, got {self.got}"
        return f"{where}{self.text}"


def problem(message: str) -> Problem:
    """Take a msgspec ValidationError message apart (its wording is pinned by tests/schema)."""
    m = _AT.match(message)
    assert m is not None    # the pattern matches any text
    msg, path = m["msg"], m["path"] or ""
    path = path[1:] if path.startswith(".") else path
    if (found := re.fullmatch(r"Object contains unknown field `(.+)`", msg)):
        return Problem(path, "unknown", name=found[1])
    if (found := re.fullmatch(r"Object missing required field `(.+)`", msg)):
        return Problem(path, "missing", name=found[1])
    if (found := re.fullmatch(r"Expected `array` of length (\d+), got (\d+)", msg)):
        return Problem(path, "length", expected=found[1], got=found[2])
    if (found := re.fullmatch(r"Expected `(.+)`, got `(.+)`", msg)):
        return Problem(path, "type", expected=_words(found[1]), got=_words(found[2]))
    return Problem(path, "other", text=msg)


def explain(message: str) -> str:
    """A msgspec validation message in our words (see `Problem.explain`)."""
    return problem(message).explain()


class Record:
    """Base for actions and events: frozen, slotted dataclasses with a class-level `kind`."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict:
        return to_json(self)
