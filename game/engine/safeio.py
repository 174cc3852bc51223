"""Reading a file a player or map maker handed us, within limits checked before any parsing.

Owns: `read_limited` (only regular files, symlink loops and devices refused, size checked from
the file's status before a byte is read and again while reading, so a file growing under us or
a /dev/zero behind a link cannot run memory out), the limits themselves, and checks of parsed
JSON and TOML data (nesting depth, string length, list length, integer size) done without
recursion, so a deeply nested file is an error message, not a RecursionError.

Every limit is far beyond anything the game writes or ships (the largest save a long evening
makes is a few hundred KB; a map a few hundred KB): they exist so a broken or hostile file is
refused quickly with a message that names it.

Must not: know what a save, map or scenario means; raise anything but `FileRefused` for a file
that breaks a limit; parse with anything that can execute code.
"""
from __future__ import annotations

import json
import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any

MAX_SAVE_BYTES = 32 * 2**20          # a save; the longest real ones are well under 1 MB
MAX_MAP_BYTES = 16 * 2**20           # a .tmx, .tsx, .tx or property-types file
MAX_TEXT_BYTES = 2 * 2**20           # scenario and content TOML files
MAX_DEPTH = 64                       # nesting of JSON/TOML data, and of XML elements
MAX_STRING = 100_000                 # characters in one JSON/TOML string
MAX_LIST = 200_000                   # entries in one JSON/TOML list or table
MAX_INT_DIGITS = 40                  # decimal digits of an integer (a 64-bit seed has 20)


class FileRefused(ValueError):
    """A file broke a limit or is not a regular file: `str()` names the file and why."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = str(path)
        self.reason = reason


def read_limited(path: str | os.PathLike[str], limit: int, what: str = "file") -> bytes:
    """The bytes of `path`, if it is a regular file of at most `limit` bytes."""
    p = Path(path)
    try:
        st = os.stat(p)                       # follows links; a loop raises ELOOP
    except FileNotFoundError:
        raise FileRefused(p, f"the {what} does not exist") from None
    except OSError as exc:
        raise FileRefused(p, f"the {what} cannot be read ({exc.strerror or exc})") from None
    if not stat.S_ISREG(st.st_mode):
        kind = ("a folder" if stat.S_ISDIR(st.st_mode) else
                "a pipe" if stat.S_ISFIFO(st.st_mode) else
                "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else
                "not a regular file")
        raise FileRefused(p, f"the {what} is {kind}, not a regular file")
    if st.st_size > limit:
        raise FileRefused(p, f"the {what} is {_size(st.st_size)}; at most {_size(limit)} is read")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(p, flags)
    except OSError as exc:
        raise FileRefused(p, f"the {what} cannot be read ({exc.strerror or exc})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):    # swapped for something else meanwhile
            raise FileRefused(p, f"the {what} is not a regular file")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:
                raise FileRefused(p, f"the {what} is larger than {_size(limit)}")
            chunks.append(chunk)
    except OSError as exc:
        raise FileRefused(p, f"the {what} cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def _size(n: int) -> str:
    return f"{n / 2**20:.1f} MB" if n >= 2**20 else f"{n:,} bytes"


def check_data(value: Any, path: str | os.PathLike[str], what: str = "file") -> None:
    """Walk parsed JSON/TOML data without recursion; FileRefused at the first broken limit."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        t = type(v)
        if t is str:
            if len(v) > MAX_STRING:
                raise FileRefused(path, f"the {what} holds a text of {len(v):,} characters; "
                                        f"at most {MAX_STRING:,} are allowed")
        elif t is int:
            if v.bit_length() > MAX_INT_DIGITS * 3.33:
                raise FileRefused(path, f"the {what} holds a number with more than "
                                        f"{MAX_INT_DIGITS} digits")
        elif t is list or t is dict:
            if depth > MAX_DEPTH:
                raise FileRefused(path, f"the {what} is nested more than {MAX_DEPTH} levels deep")
            if len(v) > MAX_LIST:
                raise FileRefused(path, f"the {what} holds a list or table of {len(v):,} entries;"
                                        f" at most {MAX_LIST:,} are allowed")
            items = v.values() if t is dict else v
            if t is dict:
                for k in v:
                    if type(k) is str and len(k) > MAX_STRING:
                        raise FileRefused(path, f"the {what} holds a key of {len(k):,} characters")
            stack.extend((item, depth + 1) for item in items)


_JSON_MARKS = re.compile(r'[\[\]{}"\\]')
_TOML_MARKS = re.compile(r"[\[\]{}\"'\\]")


def _bracket_depth(text: str, literal_quote: str = "") -> int:
    """How deeply `[`/`{` nest in JSON or TOML text, ignoring strings (and TOML's '...'
    literals, `literal_quote`): checked before parsing, so the parser never meets a nesting it
    would recurse through. Only the marks are visited (a regular expression skips the rest), so
    a long text costs little. A bracket in a comment may count: that only ever over-counts."""
    depth = deepest = 0
    close = ""                 # the quote that ends the string we are in, "" outside strings
    escaped_at = -1
    for m in (_TOML_MARKS if literal_quote else _JSON_MARKS).finditer(text):
        ch, at = m.group(), m.start()
        if close:
            if ch == "\\" and close == '"' and escaped_at != at:
                escaped_at = at + 1            # the next character is escaped
            elif ch == close and escaped_at != at:
                close = ""
        elif ch == '"' or (literal_quote and ch == literal_quote):
            close = ch
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def _int_guard(text: str) -> int:
    if len(text) > MAX_INT_DIGITS + 1:
        raise ValueError(f"a number with more than {MAX_INT_DIGITS} digits")
    return int(text)


def loads_json(raw: bytes, path: str | os.PathLike[str], what: str = "file") -> Any:
    """JSON from bytes read with read_limited: UTF-8 text, nesting and number sizes checked
    before and while parsing, every other limit after."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefused(path, f"the {what} is not text (corrupt, or not a {what})") \
            from None
    if _bracket_depth(text) > MAX_DEPTH:
        raise FileRefused(path, f"the {what} is nested more than {MAX_DEPTH} levels deep")
    try:
        data = json.loads(text, parse_int=_int_guard, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise FileRefused(path, f"the {what} is not valid JSON (truncated or corrupt at line "
                                f"{exc.lineno}, column {exc.colno})") from None
    except ValueError as exc:                 # from the guards: a huge number, NaN or Infinity
        raise FileRefused(path, f"the {what} holds {exc}") from None
    check_data(data, path, what)
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"the value {name}, which is not a number JSON allows")


def loads_toml(raw: bytes, path: str | os.PathLike[str], what: str = "file") -> dict[str, Any]:
    """TOML from bytes read with read_limited, limits checked (nesting before parsing: tomllib
    recurses through nested arrays and inline tables)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefused(path, f"the {what} is not UTF-8 text") from None
    if _bracket_depth(text, "'") > MAX_DEPTH:
        raise FileRefused(path, f"the {what} is nested more than {MAX_DEPTH} levels deep")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FileRefused(path, f"the {what} is not valid TOML ({exc})") from None
    except RecursionError:
        raise FileRefused(path, f"the {what} is nested too deeply") from None
    check_data(data, path, what)
    return data



def parse_xml(raw: bytes, path: str | os.PathLike[str], what: str = "file") -> Any:
    """An ElementTree root from bytes read with read_limited, refusing nesting deeper than
    MAX_DEPTH while parsing (before the tree is built) and encodings the parser cannot read."""
    from xml.etree import ElementTree as ET
    parser = ET.XMLPullParser(events=("start", "end"))
    depth = 0
    root = None
    try:
        for at in range(0, len(raw), 1 << 16):
            parser.feed(raw[at:at + (1 << 16)])
            for event, elem in parser.read_events():
                if event == "start":
                    depth += 1
                    if root is None:
                        root = elem
                    if depth > MAX_DEPTH:
                        raise FileRefused(path, f"the {what} nests elements more than "
                                                f"{MAX_DEPTH} levels deep")
                else:
                    depth -= 1
        parser.close()
        for _ in parser.read_events():
            pass
    except ET.ParseError as exc:
        raise FileRefused(path, f"the {what} is not valid XML ({exc})") from None
    except LookupError as exc:                 # an encoding name Python does not know
        raise FileRefused(path, f"the {what} declares an unknown text encoding ({exc})") from None
    except (ValueError, UnicodeError) as exc:  # e.g. multi-byte encodings expat cannot read
        if isinstance(exc, FileRefused):
            raise
        raise FileRefused(path, f"the {what} uses a text encoding that cannot be read ({exc}); "
                                f"save it as UTF-8") from None
    if root is None:
        raise FileRefused(path, f"the {what} holds no XML element")
    return root
