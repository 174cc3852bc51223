"""The Tiled extension (maps/extensions/strife-table.js): it parses, and saving a map with a
broken spawn lists the problem naming its layer and tile, and clicking the issue selects that
layer, that tile and the spawn on it. Checked twice: under Node with a stand-in of Tiled's API
(tiled_stub.js), and in the real Tiled (1.8, as Debian ships it) started offscreen with a
driver script beside the extension."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from game.engine import registry
from tests.conftest import require_tool
from tests.usermaps.test_usermaps import broken_spawn_map

ROOT = Path(__file__).resolve().parents[2]
EXTENSION = ROOT / "maps" / "extensions" / "strife-table.js"
PROBLEM = "gems_broken.tmx: layer 'spawns' (6, 0): spawn side0_slot0: stands on a solid tile"


def extension_folder(folder: Path) -> Path:
    """The extension with a launch note that starts this checkout's game (as New map writes)."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(EXTENSION, folder / EXTENSION.name)
    (folder / "strife-table.json").write_text(json.dumps(
        {"command": [sys.executable, "-m", "game"], "workingDirectory": str(ROOT)}))
    return folder / EXTENSION.name


def test_the_extension_parses():
    node = require_tool("node")
    subprocess.run([node, "--check", str(EXTENSION)], check=True)


def test_saving_a_broken_map_lists_the_spawn_and_clicking_selects_it(tmp_path):
    node = require_tool("node")
    broken = broken_spawn_map(tmp_path / "maps")
    ext = extension_folder(tmp_path / "ext")
    out = subprocess.run([node, str(ROOT / "tests" / "usermaps" / "tiled_stub.js"), str(ext),
                          str(broken), "gems"], capture_output=True, text=True, check=True,
                         timeout=120)
    seen = json.loads(out.stdout)
    assert seen["connected"] == 1 and seen["warnings"] == []
    assert seen["errors"] == [PROBLEM] and seen["clickable"] == [True]
    ran = seen["actions"][0]["ran"]
    assert ran == [sys.executable, "-m", "game", "check-map", "--json", "--system", "gems",
                   str(broken)]
    assert seen["actions"][1:] == [
        {"clicked": PROBLEM}, {"activeAsset": str(broken)}, {"currentLayer": "spawns"},
        {"selectedArea": {"x": 6, "y": 0, "width": 1, "height": 1}},
        {"selectedObjects": ["side0_slot0"]}, {"centerOn": [208, 16]}]


def test_without_a_game_to_start_it_says_so_instead_of_failing(tmp_path):
    node = require_tool("node")
    broken = broken_spawn_map(tmp_path / "maps")
    ext = extension_folder(tmp_path / "ext")
    (ext.parent / "strife-table.json").write_text(json.dumps(
        {"command": [str(tmp_path / "no-such-game")]}))
    env = dict(os.environ, PATH=str(tmp_path))             # no strife-table on the PATH either
    out = subprocess.run([shutil.which("node") or node,
                          str(ROOT / "tests" / "usermaps" / "tiled_stub.js"), str(ext),
                          str(broken), "gems"], capture_output=True, text=True, check=True,
                         env=env, timeout=60)
    seen = json.loads(out.stdout)
    assert seen["errors"] == []
    [warning] = seen["warnings"]
    assert "was not checked" in warning and "no-such-game" in warning


DRIVER = """
(function () {
  var out = new TextFile(%(result)s, TextFile.WriteOnly);
  var clicks = [];
  strifeTable.report = function (level, text, onClick) {
    out.writeLine(level + ": " + text);
    if (typeof onClick === "function") { clicks.push(onClick); }
  };
  var map = tiled.open(%(map)s);
  tiled.activeAsset = map;
  map.setProperty("title", "touched in Tiled");
  tiled.trigger("Save");
  for (var i = 0; i < clicks.length; i++) { clicks[i](); }
  out.writeLine("layer: " + (map.currentLayer ? map.currentLayer.name : ""));
  out.writeLine("area: " + JSON.stringify(map.selectedArea.boundingRect));
  out.writeLine("objects: " + map.selectedObjects.map(function (o) { return o.name; }).join(","));
  out.writeLine("done");
  out.commit();
})();
"""


def test_in_the_real_tiled_saving_reports_the_spawn_and_clicking_selects_it(tmp_path):
    tiled = require_tool("tiled")
    broken = broken_spawn_map(tmp_path / "maps")
    home = tmp_path / "tiled-home"
    # extensions in Tiled's own folder load without asking (a project's need the player's yes)
    ext = extension_folder(home / ".config" / "tiled" / "extensions")
    result = tmp_path / "result.txt"
    (ext.parent / "zz_driver.js").write_text(DRIVER % {"result": json.dumps(str(result)),
                                                       "map": json.dumps(str(broken))})
    env = dict(os.environ, HOME=str(home), QT_QPA_PLATFORM="offscreen",
               XDG_CONFIG_HOME=str(home / ".config"), XDG_RUNTIME_DIR=str(tmp_path))
    proc = subprocess.Popen([tiled, "--new-instance"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not (
                result.is_file() and "done" in result.read_text()):
            time.sleep(0.2)
    finally:
        proc.kill()
        proc.wait()
    lines = result.read_text().splitlines()
    assert lines == [f"error: {PROBLEM}", "layer: spawns",
                     'area: {"x":6,"y":0,"width":1,"height":1,"left":6,"right":6,"top":0,'
                     '"bottom":0}', "objects: side0_slot0", "done"]
    # the map as Tiled saved it is still one our loader reads, with only that problem
    assert "touched in Tiled" in broken.read_text()
    assert [str(p) for p in registry.check_map_file(broken, "gems")] == [
        f"{broken}: layer 'spawns' (6, 0): spawn side0_slot0: stands on a solid tile"]
