"""Pack a built game folder into the archive a player downloads, and its SHA256SUMS.

Owns: the archive's name (`strife-table-<version>-<os>-<arch>`, .tar.gz on Linux and macOS,
.zip on Windows), its layout (one top folder of that name holding the build, README.txt from
packaging/README-player.txt, LICENSES/ from tools.release.licenses, and on Linux the .desktop
file, its icon and add-to-menu.sh), writing it reproducibly (sorted members, one fixed time,
no owner names: the same build packs to the same bytes), and SHA256SUMS beside it listing
every archive in that folder in `sha256sum -c` format.

Must not: build anything (`make dist` / PyInstaller does) or change the build folder.

    python -m tools.release.pack --bundle dist/strife-table --out dist
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import os
import platform
import shutil
import stat
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from game.version import VERSION
from tools.release import licenses

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
ICON = ROOT / "assets" / "icon" / "strife-table-256.png"
PREFIX = "strife-table"
SUMS = "SHA256SUMS"
# 2026-01-01T00:00:00Z unless SOURCE_DATE_EPOCH says otherwise (the reproducible-builds rule)
DEFAULT_EPOCH = 1767225600


def os_tag(system: str | None = None) -> str:
    system = (system or platform.system()).lower()
    return {"darwin": "macos", "windows": "windows", "linux": "linux"}.get(system, system)


def arch_tag(machine: str | None = None) -> str:
    machine = (machine or platform.machine()).lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def archive_stem(version: str, os_name: str, arch: str) -> str:
    return f"{PREFIX}-{version}-{os_name}-{arch}"


def archive_suffix(os_name: str) -> str:
    return ".zip" if os_name == "windows" else ".tar.gz"


def stage(bundle: Path, into: Path, os_name: str, arch: str, version: str = VERSION) -> Path:
    """Lay out the archive's top folder under `into`; returns it."""
    top = into / archive_stem(version, os_name, arch)
    if bundle.suffix == ".app":          # macOS: the app bundle sits in the top folder
        shutil.copytree(bundle, top / bundle.name, symlinks=True)
    else:                                # elsewhere: the build folder's contents are the top
        shutil.copytree(bundle, top, symlinks=True)
    readme = (PACKAGING / "README-player.txt").read_text(encoding="utf-8")
    (top / "README.txt").write_text(readme.replace("{version}", version), encoding="utf-8",
                                    newline="\r\n" if os_name == "windows" else "\n")
    names = [lib.name for lib in licenses.bundled_libraries(bundle)]
    licenses.write(licenses.collect(names), top / "LICENSES")
    if os_name == "linux":
        shutil.copyfile(PACKAGING / "strife-table.desktop", top / "strife-table.desktop")
        shutil.copyfile(ICON, top / "strife-table.png")
        shutil.copyfile(PACKAGING / "add-to-menu.sh", top / "add-to-menu.sh")
        os.chmod(top / "add-to-menu.sh", 0o755)
    return top


def _epoch() -> int:
    return int(os.environ.get("SOURCE_DATE_EPOCH", DEFAULT_EPOCH))


def _members(top: Path) -> list[Path]:
    return sorted([top, *top.rglob("*")], key=lambda p: p.relative_to(top.parent).as_posix())


def write_tar_gz(top: Path, target: Path) -> None:
    """A .tar.gz of `top` whose bytes depend only on the files: sorted, one mtime, owner 0."""
    epoch = _epoch()

    def clean(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.mtime = epoch
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        # keep only the executable bits that matter; everything readable by all
        info.mode = 0o755 if info.isdir() or info.mode & 0o111 else 0o644
        return info

    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for path in _members(top):
            tar.add(path, arcname=path.relative_to(top.parent).as_posix(), recursive=False,
                    filter=clean)
    with target.open("wb") as fh, gzip.GzipFile(filename="", mode="wb", fileobj=fh,
                                                mtime=epoch, compresslevel=9) as gz:
        gz.write(raw.getvalue())


def write_zip(top: Path, target: Path) -> None:
    """A .zip of `top` with sorted members and one timestamp."""
    import time
    stamp = time.gmtime(max(_epoch(), 315532800))[:6]      # zip cannot store times before 1980
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in _members(top):
            name = path.relative_to(top.parent).as_posix()
            if path.is_symlink():
                raise ValueError(f"{path}: a zip archive cannot hold a symbolic link")
            info = zipfile.ZipInfo(name + ("/" if path.is_dir() else ""), stamp)
            mode = 0o755 if path.is_dir() or os.stat(path).st_mode & 0o111 else 0o644
            info.external_attr = ((stat.S_IFDIR if path.is_dir() else stat.S_IFREG) | mode) << 16
            if path.is_dir():
                info.external_attr |= 0x10          # the MS-DOS directory flag
                zf.writestr(info, b"")
            else:
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, path.read_bytes())


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_sums(folder: Path) -> Path:
    """SHA256SUMS listing every release archive in `folder`, in `sha256sum -c` format (the
    release job runs this again over the archives of all three systems)."""
    archives = sorted(p for p in folder.iterdir()
                      if p.name.startswith(f"{PREFIX}-") and p.name.endswith((".tar.gz", ".zip")))
    lines = [f"{sha256(p)}  {p.name}\n" for p in archives]
    target = folder / SUMS
    target.write_text("".join(lines), encoding="utf-8", newline="\n")
    return target


def pack(bundle: Path, out: Path, os_name: str | None = None, arch: str | None = None) -> Path:
    """Stage and pack `bundle`; writes the archive into `out` and refreshes SHA256SUMS there."""
    os_name = os_name or os_tag()
    arch = arch or arch_tag()
    if not bundle.is_dir():
        raise FileNotFoundError(f"{bundle}: no built game folder here (run `make dist` first)")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="strife-release-") as tmp:
        top = stage(bundle, Path(tmp), os_name, arch)
        target = out / (top.name + archive_suffix(os_name))
        (write_zip if os_name == "windows" else write_tar_gz)(top, target)
    write_sums(out)
    return target


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.release.pack",
                                description="Pack the built game into the release archive.")
    p.add_argument("--bundle", type=Path,
                   help="the build: dist/strife-table, or on macOS 'dist/Strife Table.app'")
    p.add_argument("--out", type=Path, default=Path("dist"))
    p.add_argument("--sums-only", action="store_true",
                   help="only rewrite SHA256SUMS over the archives already in --out")
    args = p.parse_args(argv)
    if args.sums_only:
        print(write_sums(args.out))
        return 0
    if args.bundle is None:
        p.error("--bundle is required unless --sums-only is given")
    try:
        target = pack(args.bundle, args.out)
    except (licenses.NoticeError, FileNotFoundError) as exc:
        print(f"pack: {exc}", file=sys.stderr)
        return 1
    print(f"{target} ({target.stat().st_size / 1e6:.1f} MB)")
    print(args.out / SUMS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
