"""Write our Tiled custom property types: maps/strife-table.tiled-project (for map makers, so
Tiled offers lists of values), maps/propertytypes.json (the exported form pytmx and our loader
read) and maps/objecttypes.xml (the same object defaults for Tiled 1.8). tests/maps checks they
stay in sync.

Must not: be imported by the game. Run: `.venv/bin/python tools/tiles/property_types.py`.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

MAPS = Path(__file__).resolve().parents[2] / "maps"
DIRS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]

PROPERTY_TYPES = [
    {"id": 1, "name": "current_dir", "type": "enum", "storageType": "string",
     "values": DIRS, "valuesAsFlags": False},
    {"id": 2, "name": "side", "type": "enum", "storageType": "int",
     "values": ["side 0", "side 1"], "valuesAsFlags": False},
    {"id": 3, "name": "spawn", "type": "class", "color": "#ffe05040", "drawFill": True,
     "useAs": ["object"],
     "members": [
         {"name": "side", "type": "int", "propertyType": "side", "value": 0},
         {"name": "sheet", "type": "string", "value": ""},
         {"name": "size", "type": "int", "value": 1},
         {"name": "slot", "type": "int", "value": 0},
         # bindings: the combatant starting here has not noticed the enemy (BND-19).
         {"name": "unaware", "type": "bool", "value": False},
     ]},
    {"id": 4, "name": "item", "type": "class", "color": "#ff40c0e0", "drawFill": True,
     "useAs": ["object", "tile"],
     "members": [
         {"name": "carriable", "type": "bool", "value": True},
         {"name": "kind", "type": "string", "value": ""},
         {"name": "size", "type": "float", "value": 1},
     ]},
    {"id": 5, "name": "terrain", "type": "class", "color": "#ff80a060", "drawFill": True,
     "useAs": ["tile", "layer"],
     "members": [
         {"name": "current_dir", "type": "string", "propertyType": "current_dir", "value": ""},
         {"name": "conceal", "type": "int", "value": 0},
         {"name": "cover", "type": "bool", "value": False},
         {"name": "current_threshold", "type": "int", "value": 12},
         {"name": "dark", "type": "bool", "value": False},
         {"name": "elevation", "type": "int", "value": 0},
         {"name": "move_cost", "type": "int", "value": 1},
         {"name": "solid", "type": "bool", "value": False},
         {"name": "terrain", "type": "string", "value": ""},
         {"name": "water", "type": "bool", "value": False},
         {"name": "water_penalty", "type": "int", "value": 3},
     ]},
    # rpgstuck (docs/maps.md, "The rpgstuck contract"; checklist B-24). Its own names, because
    # `cover` and `terrain` mean other things (true/false, a display name) on the other maps.
    {"id": 6, "name": "rs_cover", "type": "enum", "storageType": "string",
     "values": ["none", "half", "threequarter", "full"], "valuesAsFlags": False},
    {"id": 7, "name": "rs_terrain", "type": "enum", "storageType": "string",
     "values": ["normal", "difficult", "climb", "swim"], "valuesAsFlags": False},
    {"id": 8, "name": "rs_light", "type": "enum", "storageType": "string",
     "values": ["bright", "dim", "dark"], "valuesAsFlags": False},
    {"id": 9, "name": "rs_square", "type": "class", "color": "#ff9080c0", "drawFill": True,
     "useAs": ["tile", "layer"],
     "members": [
         {"name": "cover", "type": "string", "propertyType": "rs_cover", "value": "none"},
         {"name": "elevation_ft", "type": "int", "value": 0},
         {"name": "label", "type": "string", "value": ""},
         {"name": "light", "type": "string", "propertyType": "rs_light", "value": "bright"},
         {"name": "pit_depth_ft", "type": "int", "value": 0},
         {"name": "terrain", "type": "string", "propertyType": "rs_terrain", "value": "normal"},
         {"name": "wall", "type": "bool", "value": False},
     ]},
    # a light source on the `lights` layer: bright within bright_ft, dim for dim_ft beyond (B-24)
    {"id": 10, "name": "light", "type": "class", "color": "#ffffc040", "drawFill": True,
     "useAs": ["object"],
     "members": [
         {"name": "bright_ft", "type": "int", "value": 20},
         {"name": "dim_ft", "type": "int", "value": 20},
     ]},
    # gu_masters (docs/maps.md, "The gu_masters contract"; GU-X-15/16): its own names again,
    # because `cover` and `terrain` take other values on the other systems' maps.
    {"id": 11, "name": "gu_cover", "type": "enum", "storageType": "string",
     "values": ["none", "partial", "full"], "valuesAsFlags": False},
    {"id": 12, "name": "gu_terrain", "type": "enum", "storageType": "string",
     "values": ["normal", "difficult", "water"], "valuesAsFlags": False},
    {"id": 13, "name": "gu_square", "type": "class", "color": "#ff60a0a0", "drawFill": True,
     "useAs": ["tile", "layer"],
     "members": [
         {"name": "climb_test_mod", "type": "int", "value": 0},
         {"name": "climbable", "type": "bool", "value": False},
         {"name": "cover", "type": "string", "propertyType": "gu_cover", "value": "none"},
         {"name": "elevation_m", "type": "int", "value": 0},
         {"name": "hide", "type": "bool", "value": False},
         {"name": "label", "type": "string", "value": ""},
         {"name": "terrain", "type": "string", "propertyType": "gu_terrain", "value": "normal"},
         {"name": "wall", "type": "bool", "value": False},
     ]},
    # loose primeval stones on the `stones` layer, to pick up and absorb (GU-69/70)
    {"id": 14, "name": "primeval_stone", "type": "class", "color": "#ff40e0a0",
     "drawFill": True, "useAs": ["object"],
     "members": [
         {"name": "count", "type": "int", "value": 1},
     ]},
]


# Tiled's custom command (Project > Commands) that starts the game on the map being edited: Tiled
# puts the map's path, quoted, for %mapfile. `strife-table` must be on the PATH (the installed
# game, or `pip install -e .` in an active virtual environment); "New map" in the game writes
# a project whose command names the game's own executable instead.
TEST_COMMAND = {"arguments": "play --map %mapfile", "command": "strife-table", "enabled": True,
                "name": "Test in Strife Table", "saveBeforeExecute": True, "shortcut": "",
                "showOutput": True, "workingDirectory": ""}


def project() -> dict:
    return {
        "automappingRulesFile": "",
        "commands": [TEST_COMMAND],
        "extensionsPath": "extensions",
        "folders": ["."],
        # Tiled 1.8 fills object properties from object types; 1.9+ uses the classes above.
        "objectTypesFile": "objecttypes.xml",
        "propertyTypes": PROPERTY_TYPES,
    }


def object_types_xml() -> str:
    """The object classes (`spawn`, `item`, `light`, `primeval_stone`) as Tiled 1.8 object types, with the same
    defaults."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<objecttypes>"]
    for t in PROPERTY_TYPES:
        if t["type"] != "class" or "object" not in t.get("useAs", []):
            continue
        lines.append(f' <objecttype name="{t["name"]}" color="#{t["color"][3:]}">')
        for m in t["members"]:
            value = m["value"]
            text = ("true" if value else "false") if isinstance(value, bool) else str(value)
            lines.append(f'  <property name="{m["name"]}" type="{m["type"]}" default="{text}"/>')
        lines.append(" </objecttype>")
    lines.append("</objecttypes>")
    return "\n".join(lines) + "\n"


def main() -> int:
    (MAPS / "propertytypes.json").write_text(json.dumps(PROPERTY_TYPES, indent=4) + "\n",
                                            encoding="utf-8")
    (MAPS / "strife-table.tiled-project").write_text(json.dumps(project(), indent=4) + "\n",
                                                     encoding="utf-8")
    (MAPS / "objecttypes.xml").write_text(object_types_xml(), encoding="utf-8")
    print("wrote maps/propertytypes.json, maps/strife-table.tiled-project, maps/objecttypes.xml")
    return 0


if __name__ == "__main__":
    sys.exit(main())
