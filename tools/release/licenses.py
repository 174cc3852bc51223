"""Gather the licence notices of everything the release bundles into one LICENSES/ folder.

Owns: deciding which notice covers which bundled part (packaging/licenses/notices.toml), and
writing them: Python's own licence read from the interpreter that builds the release; every
bundled Python distribution's licence files read from its installed metadata (the runtime
dependencies of pyproject.toml and what they require, so nothing is copied by hand and a new
dependency brings its notice along); the shared libraries found in the built folder, each matched
to a stored text; and the fonts we ship. LICENSES/README.txt lists every part and where its
notice is.

Must not: let anything through without a notice. A bundled distribution with no licence file
and no stored text, or a bundled library that no entry matches, is an error naming it, so the
release stops rather than ships without the notice.

    python -m tools.release.licenses OUT_DIR [--bundle dist/strife-table]
"""
from __future__ import annotations

import argparse
import re
import sys
import sysconfig
import tomllib
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STORE = ROOT / "packaging" / "licenses"
TABLE = STORE / "notices.toml"
# a file name that is a licence notice, wherever a distribution keeps it
NOTICE_NAME = re.compile(r"^(licen[cs]e|copying|notice|copyright)", re.IGNORECASE)
# shared libraries; Python extension modules belong to their distribution and are not listed
LIBRARY = re.compile(r"\.(so(\.\d+)*|dylib|dll)$", re.IGNORECASE)
EXTENSION = re.compile(r"\.(cpython-|abi3\.)|\.pyd$", re.IGNORECASE)


class NoticeError(Exception):
    """Something bundled has no notice. The message names it and what to add."""


@dataclass
class Notice:
    """One part of the bundle and the texts that cover it."""
    name: str
    folder: str                     # its folder under LICENSES/
    note: str = ""
    texts: list[Path] = field(default_factory=list)
    covers: list[str] = field(default_factory=list)     # bundled files it covers (libraries)


def canonical(name: str) -> str:
    """A distribution name as packaging tools compare them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def load_table(path: Path = TABLE) -> dict:
    with path.open("rb") as fh:
        return tomllib.load(fh)


# -- Python and its distributions -------------------------------------------------------------
def python_notice(table: dict) -> Notice:
    """CPython's LICENSE.txt: beside the standard library on Linux and macOS, at the install's
    root on Windows."""
    candidates = [Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt",
                  Path(sys.base_prefix) / "LICENSE.txt"]
    found = next((p for p in candidates if p.is_file()), None)
    if found is None:
        raise NoticeError(f"Python's LICENSE.txt is not in {' or '.join(map(str, candidates))}")
    return Notice(f"Python {sys.version.split()[0]}", "Python", table["python"]["note"], [found])


def runtime_distributions(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """The game's runtime dependencies and everything they require (no extras), by canonical
    name, as installed here: the Python distributions the build bundles."""
    with pyproject.open("rb") as fh:
        wanted = [_requirement_name(r) for r in tomllib.load(fh)["project"]["dependencies"]]
    seen: dict[str, None] = {}
    while wanted:
        name = canonical(wanted.pop(0))
        if name in seen:
            continue
        seen[name] = None
        for req in metadata.distribution(name).requires or []:
            if ";" in req and "extra" in req.split(";", 1)[1]:
                continue            # an optional extra the game does not install
            if ";" in req and not _marker_holds(req.split(";", 1)[1]):
                continue
            wanted.append(_requirement_name(req))
    return sorted(seen)


def _requirement_name(req: str) -> str:
    return re.split(r"[\s\[<>=!~;(]", req.strip(), maxsplit=1)[0]


def _marker_holds(marker: str) -> bool:
    """The few environment markers runtime requirements use (python_version, sys_platform);
    anything else counts as holding, so a notice is never dropped by a marker we misread."""
    m = re.fullmatch(r"\s*(python_version|sys_platform|platform_system)\s*(==|!=|<|<=|>|>=)\s*"
                     r"['\"]([^'\"]+)['\"]\s*", marker)
    if not m:
        return True
    key, op, value = m.groups()
    if key == "python_version":
        have = tuple(sys.version_info[:2])
        want = tuple(int(x) for x in value.split("."))[:2]
        return {"==": have == want, "!=": have != want, "<": have < want, "<=": have <= want,
                ">": have > want, ">=": have >= want}[op]
    import platform
    have_s = sys.platform if key == "sys_platform" else platform.system()
    return (have_s == value) if op == "==" else (have_s != value) if op == "!=" else True


def distribution_notice(name: str, table: dict) -> Notice:
    """A distribution's licence files from its metadata (License-File entries, licence-named
    files in its .dist-info, and licence folders it installs, such as the font licences inside
    pygame-gui), plus the stored texts notices.toml adds for it."""
    dist = metadata.distribution(name)
    declared = set(dist.metadata.get_all("License-File") or [])
    files: dict[str, Path] = {}
    for record in dist.files or []:
        parts = record.parts
        in_meta = parts[0].endswith(".dist-info")
        in_licence_dir = any(p.lower() in ("licenses", "licences", "license") for p in parts[:-1])
        inside = "/".join(parts[2:] if in_meta and len(parts) > 2 and parts[1] == "licenses"
                          else parts[1:])
        if (in_meta and (NOTICE_NAME.match(parts[-1]) or inside in declared)) \
                or (not in_meta and in_licence_dir):
            path = Path(record.locate())
            if path.is_file():
                files.setdefault(inside if in_meta else "/".join(parts[-2:]), path)
    extra = table.get("dist", {}).get(canonical(name), {})
    texts = [path for _key, path in sorted(files.items())]
    texts += [STORE / t for t in extra.get("texts", [])]
    if not texts:
        raise NoticeError(f"the bundled distribution {dist.metadata['Name']} ships no licence "
                          f"file: add its text to {STORE} and a [dist.{canonical(name)}] entry "
                          f"to {TABLE.name}")
    title = f"{dist.metadata['Name']} {dist.version}"
    return Notice(title, canonical(name), extra.get("note", ""), texts)


# -- shared libraries ---------------------------------------------------------------------------
def bundled_libraries(bundle: Path) -> list[Path]:
    """The shared libraries in a built folder that are not Python extension modules."""
    return sorted(p for p in bundle.rglob("*")
                  if p.is_file() and LIBRARY.search(p.name) and not EXTENSION.search(p.name))


def library_notices(names: list[str], table: dict) -> list[Notice]:
    """One Notice per native component that covers any of `names` (file names); a name no entry
    matches is an error that lists them all."""
    python_match = re.compile(table["python"]["match"])
    by_name: dict[str, Notice] = {}
    unmatched = []
    for file_name in sorted(set(names)):
        low = file_name.lower()
        if python_match.search(low):
            continue                # covered by Python's notice, which is always included
        entry = next((e for e in table["native"] if re.search(e["match"], low)), None)
        if entry is None:
            unmatched.append(file_name)
            continue
        notice = by_name.get(entry["name"])
        if notice is None:
            notice = by_name[entry["name"]] = Notice(
                entry["name"], _folder(entry["name"]), entry.get("note", ""),
                [STORE / t for t in entry["texts"]])
        notice.covers.append(file_name)
    if unmatched:
        raise NoticeError("no licence notice covers these bundled libraries: "
                          + ", ".join(unmatched) + f" (add [[native]] entries to {TABLE})")
    return list(by_name.values())


def _folder(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.+-]+", "-", name).strip("-")


def asset_notices(table: dict) -> list[Notice]:
    return [Notice(e["name"], _folder(e["name"]), e.get("note", ""),
                   [ROOT / t for t in e["texts"]]) for e in table.get("asset", [])]


# -- all together --------------------------------------------------------------------------------
def collect(library_names: list[str], table: dict | None = None) -> list[Notice]:
    """Every notice the release needs, given the file names of the bundled shared libraries."""
    table = load_table() if table is None else table
    notices = [python_notice(table)]
    notices += [distribution_notice(name, table) for name in runtime_distributions()]
    notices += library_notices(library_names, table)
    notices += asset_notices(table)
    for notice in notices:
        for text in notice.texts:
            if not text.is_file() or not text.read_bytes().strip():
                raise NoticeError(f"{notice.name}: its notice {text} is missing or empty")
    return notices


def write(notices: list[Notice], out: Path) -> list[Path]:
    """LICENSES/<part>/<text files> and LICENSES/README.txt; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    index = ["Strife Table bundles the software below. Each folder here holds the licence",
             "notice of one part, copied from that part's own distribution.", ""]
    for notice in sorted(notices, key=lambda n: n.folder.lower()):
        folder = out / notice.folder
        folder.mkdir(exist_ok=True)
        if notice.note:
            (folder / "ABOUT.txt").write_text(notice.note + "\n", encoding="utf-8")
            written.append(folder / "ABOUT.txt")
        for text in notice.texts:
            target = folder / text.name
            if target.exists():          # two licence folders with the same file name
                target = folder / f"{text.parent.name}-{text.name}"
            target.write_bytes(text.read_bytes())
            written.append(target)
        index.append(f"{notice.folder}/  {notice.name}")
        if notice.covers:
            index.append("    covers: " + ", ".join(notice.covers))
    (out / "README.txt").write_text("\n".join(index) + "\n", encoding="utf-8")
    written.append(out / "README.txt")
    return written


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.release.licenses",
                                description="Write LICENSES/ for the files of a built folder.")
    p.add_argument("out", type=Path)
    p.add_argument("--bundle", type=Path, required=True,
                   help="the PyInstaller one-folder build whose libraries need notices")
    args = p.parse_args(argv)
    try:
        names = [lib.name for lib in bundled_libraries(args.bundle)]
        written = write(collect(names), args.out)
    except NoticeError as exc:
        print(f"licences: {exc}", file=sys.stderr)
        return 1
    print(f"licences: {len(written)} files in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
