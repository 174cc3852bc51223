"""Write our Tiled custom property types: maps/strife-table.tiled-project (for map makers, so
Tiled offers lists of values) and maps/propertytypes.json (the exported form pytmx and our loader
read). tests/maps checks the two stay identical.

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
         {"name": "current_threshold", "type": "int", "value": 12},
         {"name": "elevation", "type": "int", "value": 0},
         {"name": "solid", "type": "bool", "value": False},
         {"name": "terrain", "type": "string", "value": ""},
         {"name": "water", "type": "bool", "value": False},
         {"name": "water_penalty", "type": "int", "value": 3},
     ]},
]


def project() -> dict:
    return {
        "automappingRulesFile": "",
        "commands": [],
        "extensionsPath": "extensions",
        "folders": ["."],
        "objectTypesFile": "",
        "propertyTypes": PROPERTY_TYPES,
    }


def main() -> int:
    (MAPS / "propertytypes.json").write_text(json.dumps(PROPERTY_TYPES, indent=4) + "\n",
                                            encoding="utf-8")
    (MAPS / "strife-table.tiled-project").write_text(json.dumps(project(), indent=4) + "\n",
                                                     encoding="utf-8")
    print("wrote maps/propertytypes.json and maps/strife-table.tiled-project")
    return 0


if __name__ == "__main__":
    sys.exit(main())
