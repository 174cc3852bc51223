"""Content files: reading, checking and caching the rules data every system loads.

Owns: the one way a system turns `game/data/<id>/*.toml` into typed entries. A system's
content.py declares each kind of entry once, as a frozen dataclass whose annotations and defaults
are the schema, and calls `entries` for each file; this module checks every table against it
(msgspec, through `records.convert`: unknown keys, missing keys and wrong types are refused) and
words each refusal with the FILE, the ENTRY and the KEY ("items.toml [items.rock]: key 'damage'
has the wrong type ('2': expected an integer, got text)"). `ContentSets` keeps each loaded set
once per process, by name. `overlay` lays a match's inline content (a scenario's or a set-up's
`content` table) over a loaded set: a known id keeps the shipped fields it does not name, a new
id must be a whole entry; `ContentSets.with_inline` keeps each such combination once, by a digest
of its text. `SectionFiles` is the whole recipe of a set made of one TOML file per section
(`<section>.toml` holding `[<section>.<id>]` tables): reading the folder, laying a match's inline
sections over a set, and running the system's cross-checks on the result, so a system declares
its sections, entry builder and cross-checks and writes no loader of its own. `check_one_of`,
`check_range` and `check_unique` are the value checks a system's cross-checks share, worded the
same for every system and raised as the system's own error.

Must not: know any system's entries or cross-checks (which move a combatant may know, what a
budget allows): those stay in the system's content.py, after `entries` has checked the shapes.
Nothing here executes content: TOML is data only.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Generic, TypeVar

from game.engine.contentfile import read_toml
from game.engine.records import Problem, SchemaProblem, convert

T = TypeVar("T")

_PLAIN_NAME = re.compile(r"[a-z0-9_]+")


def keys_of(cls: type) -> list[str]:
    """The keys a table of entry type `cls` may hold (its field names), in declaration order."""
    return [f.name for f in dataclasses.fields(cls)]


def describe(p: Problem, raw: dict[str, Any], known: Iterable[str]) -> str:
    """A schema problem in content words: the key first, then what is wrong with it."""
    nested = p.path not in ("", p.top)
    at = f" at {p.path}" if nested else ""
    if p.what == "unknown" and not p.path:
        return f"unknown key {p.name!r} (known: {', '.join(sorted(known))})"
    if p.what == "unknown":
        return f"key {p.top!r}: unknown key {p.name!r}{at}"
    if p.what == "missing" and not p.path:
        return f"missing required key {p.name!r}"
    if p.what == "missing":
        return f"key {p.top!r}: missing required key {p.name!r}{at}"
    if p.what in ("type", "length"):
        wanted = (f"expected {p.expected} values, got {p.got}" if p.what == "length"
                  else f"expected {p.expected}, got {p.got}")
        return f"key {p.top!r} has the wrong type ({raw.get(p.top)!r}:{at} {wanted})"
    return f"key {p.top!r}:{at} {p.text}"


def entry(cls: type[T], where: str, raw: Any, error: type[Exception], **given: Any) -> T:
    """One content table checked into the entry type `cls`. `given` are fields the loader fills
    (the entry's id from its table name): the file may not write them. Raises `error` naming
    `where` (file and entry) and the key."""
    if not isinstance(raw, dict):
        raise error(f"{where}: expected a table")
    known = [k for k in keys_of(cls) if k not in given]
    for key in raw:
        if key in given:
            raise error(f"{where}: unknown key {key!r} (known: {', '.join(sorted(known))})")
    try:
        return convert(cls, {**raw, **given})
    except SchemaProblem as exc:
        raise error(f"{where}: {describe(exc.problem, raw, known)}") from None


def tables(path: Path, data: dict[str, Any], section: str, error: type[Exception], *,
           others: tuple[str, ...] = (), required: bool = True,
           ids: re.Pattern[str] | None = None) -> dict[str, Any]:
    """The `[section.<id>]` tables of one parsed file. Top-level keys other than `section` and
    `others` are refused; `required` refuses a file with no entry; `ids` is the pattern every
    entry id must match (lower-case snake_case, say)."""
    extra = sorted(set(data) - {section, *others})
    if extra:
        raise error(f"{path}: unknown top-level key {extra[0]!r} (expected [{section}.<id>])")
    found = data.get(section, {})
    if not isinstance(found, dict):
        raise error(f"{path}: {section} must be a table of entries")
    if required and not found:
        raise error(f"{path}: needs at least one [{section}.<id>] entry")
    if ids is not None:
        for eid in found:
            if not ids.fullmatch(eid):
                raise error(f"{path} [{section}.{eid}]: ids are lower-case snake_case")
    return found


def entries(path: Path, section: str, cls: type[T], error: type[Exception], *,
            data: dict[str, Any] | None = None, id_field: str | None = "id",
            others: tuple[str, ...] = (), required: bool = True,
            ids: re.Pattern[str] | None = None) -> dict[str, T]:
    """Every `[section.<id>]` table of the file at `path` (read here unless its parsed `data` is
    given) checked into `cls`, by id in file order. `id_field` names the field that receives
    the id (None: the type has none)."""
    if data is None:
        data = read_toml(path, error)
    out: dict[str, T] = {}
    for eid, raw in tables(path, data, section, error, others=others, required=required,
                           ids=ids).items():
        given = {id_field: eid} if id_field else {}
        out[eid] = entry(cls, f"{path} [{section}.{eid}]", raw, error, **given)
    return out


def as_table(value: Any) -> dict[str, Any]:
    """An entry as a plain dict (fresh lists and dicts), for systems whose rules read tables."""
    return dataclasses.asdict(value)


class ContentSets(Generic[T]):
    """Content sets by name, each loaded and validated once per process. "default" is the
    system's data folder; any other name is a plain sub-folder of it (tests and variants).
    `sets` is the cache itself, so a set built in code can be put in by name."""

    def __init__(self, folder: Callable[[], Path], load: Callable[[Path], T],
                 error: type[Exception], *, sections: SectionFiles[T] | None = None):
        self._folder = folder
        self._load = load
        self._error = error
        self._sections = sections
        self.sets: dict[str, T] = {}

    def named(self, name: str = "default") -> T:
        """`get` without the name check for a set already kept (the common, hot case)."""
        got = self.sets.get(name)
        return got if got is not None else self.get(name)

    def inline_set(self, inline: dict[str, Any] | None, name: str = "default") -> T:
        """Set `name` with a match's inline table laid over it by the section recipe (None or
        empty: the set itself). The table is checked first; each distinct one is built once."""
        if self._sections is None:
            raise TypeError("inline_set needs a ContentSets made by SectionFiles.sets")
        if inline is None:
            return self.named(name)
        check_inline(inline, self._sections.inline, self._error)
        return self.with_inline(name, inline, self._sections.lay)

    def get(self, name: str = "default") -> T:
        # the name can come from a save file: only a plain sub-folder name, never a path
        if not _PLAIN_NAME.fullmatch(name or ""):
            raise self._error(f"content set {name!r} is not a plain name (letters, digits, _)")
        if name not in self.sets:
            folder = self._folder()
            self.sets[name] = self._load(folder if name == "default" else folder / name)
        return self.sets[name]

    # inline sets kept at once; past this the oldest is dropped (rebuilt if asked for again)
    INLINE_KEPT = 32

    def with_inline(self, name: str, inline: dict[str, Any] | None,
                    build: Callable[[T, dict[str, Any]], T]) -> T:
        """Set `name` with a match's inline content laid over it by `build(base, inline)`:
        built once per distinct inline table, then shared by every state that names it."""
        if not inline:
            return self.get(name)
        key = f"{name}+{digest(inline)}"
        got = self.sets.get(key)
        if got is None:
            got = build(self.get(name), inline)
            inline_keys = [k for k in self.sets if "+" in k]
            if len(inline_keys) >= self.INLINE_KEPT:
                del self.sets[inline_keys[0]]
            self.sets[key] = got
        return got


def overlay(base: dict[str, Any], inline: Any, section: str, cls: type[T], where: str,
            error: type[Exception], *, id_field: str | None = "id") -> dict[str, T]:
    """`base` (entries by id: typed entries or their tables) with the inline `[section.<id>]`
    tables laid over it, each checked into `cls` as a file's table would be. A known id keeps
    every field the inline table does not name (an override); a new id must be a whole entry.
    Returns a new dict in base order, new ids last; `base` is left as it was."""
    if inline is None:
        return dict(base)
    if not isinstance(inline, dict):
        raise error(f"{where} {section}: must be a table of entries by id")
    out: dict[str, Any] = dict(base)
    for eid, raw in inline.items():
        # a new id must be plain; a known one is the base's own (some fixture sets use capitals)
        if eid not in base and not _PLAIN_NAME.fullmatch(str(eid)):
            raise error(f"{where} [{section}.{eid}]: ids are lower-case snake_case")
        if not isinstance(raw, dict):
            raise error(f"{where} [{section}.{eid}]: expected a table")
        shipped = base.get(eid)
        fields: dict[str, Any] = {}
        if shipped is not None:
            fields = dict(shipped) if isinstance(shipped, dict) else dataclasses.asdict(shipped)
            if id_field:
                fields.pop(id_field, None)
        given = {id_field: eid} if id_field else {}
        out[eid] = entry(cls, f"{where} [{section}.{eid}]", {**fields, **raw}, error, **given)
    return out


INLINE = "content"       # how an error names a match's inline content
_ENTRY_ID = re.compile(r"[a-z][a-z0-9_]*")


def check_inline(inline: Any, sections: Iterable[str], error: type[Exception]) -> None:
    """A match's inline content must be a table of known sections, and plain JSON values only
    (it is saved with the state: no TOML dates)."""
    if not isinstance(inline, dict):
        raise error(f"{INLINE}: must be a table of {', '.join(sections)}")
    try:
        json.dumps(inline)
    except (TypeError, ValueError):
        raise error(f"{INLINE}: holds a value that is not text, a number, a truth value, a "
                    "list or a table") from None


def lay_inline(found: dict[str, dict[str, Any]], written: dict[str, dict[str, Any]],
               inline: dict[str, Any], sections: Iterable[str],
               build: Callable[[str, str, str, dict[str, Any]], Any],
               error: type[Exception]) -> None:
    """Lay a match's inline sections over a content set's entries (`found`, by section and id)
    and the tables its files wrote (`written`), both changed in place: a known id keeps every
    key the inline table does not name, a new id is a whole entry; `build(section, where, id,
    table)` checks each merged table into its entry. The caller cross-checks the result."""
    known = list(sections)
    unknown = sorted(set(map(str, inline)) - set(known))
    if unknown:
        raise error(f"{INLINE}: unknown section {unknown[0]!r} (known: {', '.join(known)})")
    for section, table in inline.items():
        if not isinstance(table, dict):
            raise error(f"{INLINE} {section}: must be a table of entries by id")
        for eid, raw in table.items():
            where = f"{INLINE} [{section}.{eid}]"
            if not _ENTRY_ID.fullmatch(str(eid)):
                raise error(f"{where}: ids are lower-case snake_case")
            if not isinstance(raw, dict):
                raise error(f"{where}: expected a table")
            merged = {**written[section].get(eid, {}), **raw}
            found[section][eid] = build(section, where, eid, merged)
            written[section][eid] = merged


@dataclasses.dataclass(frozen=True)
class SectionFiles(Generic[T]):
    """A content set made of one `<section>.toml` per section. `build(section, where, id,
    table)` checks one table into its entry (shape checks included); `make(found, written)`
    makes the set (`found`: entries by section and id; `written`: the tables as written, which
    an inline table is laid over); `cross_check(set, at, known)` says what no single entry can
    (`at(section)` names where the entries came from, `known(section)` where ids are looked
    up). `inline` lists the sections a match may add to or override. The set made has one
    attribute per section (entries by id) and `written` (the tables by section and id)."""
    files: tuple[str, ...]
    inline: tuple[str, ...]
    build: Callable[[str, str, str, dict[str, Any]], Any]
    make: Callable[[dict[str, dict[str, Any]], dict[str, dict[str, dict[str, Any]]]], T]
    cross_check: Callable[[T, Callable[[str], str], Callable[[str], str]], None]
    error: type[Exception]
    ids: re.Pattern[str]

    def load(self, folder: Path) -> T:
        """Read and check every section file of `folder`, then the cross-checks."""
        found: dict[str, dict[str, Any]] = {}
        written: dict[str, dict[str, dict[str, Any]]] = {}
        for section in self.files:
            path = folder / f"{section}.toml"
            data = read_toml(path, self.error)
            raws = tables(path, data, section, self.error, ids=self.ids)
            written[section] = raws
            found[section] = {eid: self.build(section, f"{path} [{section}.{eid}]", eid, raw)
                              for eid, raw in raws.items()}
        made = self.make(found, written)
        self.cross_check(made, lambda s: str(folder / f"{s}.toml"), lambda s: f"{s}.toml")
        return made

    def lay(self, base: T, inline: dict[str, Any]) -> T:
        """`base` with a match's inline sections laid over it (`lay_inline`); the cross-checks
        then run on the merged set."""
        found = {s: dict(getattr(base, s)) for s in self.files}
        written = {s: dict(getattr(base, "written").get(s, {})) for s in self.files}
        lay_inline(found, written, inline, self.inline, self.build, self.error)
        made = self.make(found, written)
        self.cross_check(made, lambda s: INLINE, lambda s: f"{s}.toml or the inline content")
        return made

    def sets(self, folder: Callable[[], Path]) -> "ContentSets[T]":
        """The per-process cache of this recipe's sets, `folder()` being the default set."""
        return ContentSets(folder, self.load, self.error, sections=self)


def check_one_of(where: str, key: str, value: Any, allowed: Iterable[str], *,
                 error: type[Exception]) -> None:
    """Refuse (with `error`) a value of `key` that is not one of the `allowed` words."""
    if value not in allowed:
        raise error(f"{where}: key {key!r}: {value!r} is not one of {', '.join(allowed)}")


def check_range(where: str, key: str, value: int, low: int, high: int, *,
                error: type[Exception]) -> None:
    """Refuse (with `error`) a number of `key` outside `low`..`high`."""
    if not low <= value <= high:
        raise error(f"{where}: key {key!r} must be {low}..{high} (got {value})")


def check_unique(where: str, key: str, values: Iterable[str], *,
                 error: type[Exception]) -> None:
    """Refuse (with `error`) a list of ids under `key` that names one id twice."""
    values = list(values)
    if len(set(values)) != len(values):
        raise error(f"{where}: key {key!r} lists an id twice")


def digest(value: Any) -> str:
    """A short, stable name for a JSON-able value (its sorted JSON text, hashed)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]
