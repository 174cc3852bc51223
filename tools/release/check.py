"""Check a release archive the way a player gets it: verify its checksum, unpack it into a
temporary folder, and run the frozen game's own checks from there.

Owns: the post-build check that CI (`.ci/run`) and the release workflow run on every archive:
the SHA256SUMS line matches, the archive has its README.txt, LICENSES/ and (Linux) desktop
entry, `strife-table-cli --version` prints this version, and `strife-table-cli selftest
--client` passes headless (SDL's dummy video and audio drivers) from the unpacked copy, with
its user folder in the temporary folder too.

Must not: touch the archive, the build folder or the real user folders.

    python -m tools.release.check dist/strife-table-0.1.0-linux-x86_64.tar.gz
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from game.version import VERSION
from tools.release.pack import SUMS, sha256


class CheckError(Exception):
    """The archive is not what a player should get; the message says what is wrong."""


def verify_sum(archive: Path) -> None:
    sums = archive.parent / SUMS
    if not sums.is_file():
        raise CheckError(f"no {SUMS} beside {archive.name}")
    listed = dict(reversed(line.split("  ", 1)) for line in sums.read_text().splitlines() if line)
    if listed.get(archive.name) != sha256(archive):
        raise CheckError(f"{SUMS} does not hold the checksum of {archive.name}")


def unpack(archive: Path, into: Path) -> Path:
    """Unpack and return the archive's one top folder."""
    if archive.name.endswith(".zip"):
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(into)
            for info in zf.infolist():      # zipfile drops the executable bits: put them back
                mode = (info.external_attr >> 16) & 0o777
                if mode & 0o111 and not info.is_dir():
                    os.chmod(into / info.filename, mode)
    else:
        with tarfile.open(archive) as tar:
            tar.extractall(into, filter="data")
    tops = [p for p in into.iterdir()]
    expected = archive.name.removesuffix(".zip").removesuffix(".tar.gz")
    if [p.name for p in tops] != [expected]:
        raise CheckError(f"the archive should hold one folder {expected}/, not "
                         f"{sorted(p.name for p in tops)}")
    return tops[0]


def cli_executable(top: Path) -> Path:
    for candidate in (top / "strife-table-cli", top / "strife-table-cli.exe",
                      *top.glob("*.app/Contents/MacOS/strife-table-cli")):
        if candidate.is_file():
            return candidate
    raise CheckError(f"no strife-table-cli in {top.name}")


def check_layout(top: Path) -> None:
    needed = ["README.txt", "LICENSES/README.txt", "LICENSES/Python/LICENSE.txt"]
    if (top / "strife-table").is_file() or (top / "strife-table-cli").is_file():   # Linux
        needed += ["strife-table", "strife-table.desktop", "strife-table.png", "add-to-menu.sh"]
    missing = [n for n in needed if not (top / n).is_file()]
    if missing:
        raise CheckError(f"{top.name} lacks {', '.join(missing)}")


def run(exe: Path, args: list[str], home: Path) -> str:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               STRIFE_TABLE_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([str(exe), *args], cwd=home, env=env, capture_output=True, text=True,
                          timeout=600, check=False)
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    if done.returncode != 0:
        raise CheckError(f"{exe.name} {' '.join(args)} exited with {done.returncode}")
    return done.stdout


def check(archive: Path) -> None:
    verify_sum(archive)
    with tempfile.TemporaryDirectory(prefix="strife-unpacked-") as tmp:
        top = unpack(archive, Path(tmp) / "unpacked")
        check_layout(top)
        exe = cli_executable(top)
        home = Path(tmp) / "home"
        home.mkdir()
        said = run(exe, ["--version"], home).strip()
        if said != f"strife-table {VERSION}":
            raise CheckError(f"--version says {said!r}, this release is {VERSION}")
        run(exe, ["selftest", "--client"], home)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.release.check",
                                description="Unpack a release archive and run its self-test.")
    p.add_argument("archives", nargs="+", type=Path)
    args = p.parse_args(argv)
    for archive in args.archives:
        try:
            check(archive)
        except (CheckError, OSError, tarfile.TarError, zipfile.BadZipFile) as exc:
            print(f"check: {archive.name}: {exc}", file=sys.stderr)
            return 1
        print(f"check: {archive.name}: unpacked, checksum, layout, version and selftest pass")
    return 0


if __name__ == "__main__":
    sys.exit(main())
