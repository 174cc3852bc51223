"""The Windows version resource of the executables: what Explorer shows under Properties ->
Details (product name, version, description), built from game/version.py for build.spec.

Must not: be imported by the game; it needs PyInstaller, which only the build has.
"""
from __future__ import annotations

from PyInstaller.utils.win32.versioninfo import (FixedFileInfo, StringFileInfo, StringStruct,
                                                 StringTable, VarFileInfo, VarStruct,
                                                 VSVersionInfo)

from game.version import VERSION

US_ENGLISH_UNICODE = "040904B0"          # language 0x0409 (US English), code page 1200 (UTF-16)


def version_info(file_name: str, description: str, version: str = VERSION) -> VSVersionInfo:
    numbers = tuple(int(part) for part in version.split(".")) + (0,)
    strings = [("CompanyName", "Strife Table"), ("ProductName", "Strife Table"),
               ("FileDescription", description), ("FileVersion", version),
               ("ProductVersion", version), ("InternalName", file_name.removesuffix(".exe")),
               ("OriginalFilename", file_name), ("LegalCopyright", "The Strife Table authors")]
    return VSVersionInfo(
        ffi=FixedFileInfo(filevers=numbers, prodvers=numbers),
        kids=[StringFileInfo([StringTable(US_ENGLISH_UNICODE,
                                          [StringStruct(k, v) for k, v in strings])]),
              VarFileInfo([VarStruct("Translation", [0x0409, 1200])])])
