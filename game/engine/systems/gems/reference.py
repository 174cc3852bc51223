"""The gems pages of the rules reference made from the content files: every sheet, item and
Gemstone Ability with its stats, linked to one another.

Owns: turning `content()` into `game.engine.reference.Entry`s (ids `sheet_<id>`, `item_<id>`,
`ability_<id>`). Must not: hold prose about the rules (that is game/data/gems/reference.toml) or
change any figure: it only reads them.
"""
from __future__ import annotations

from typing import Any

from game.engine.reference import Entry

from .content import content
from .verbs import VERBS


def _sheet(sid: str, s: dict[str, Any]) -> Entry:
    hp = f"{s['hp']}" if s["hp"] else "from the house rule [[house_hp_per_size|HP per Size]]"
    flags = [w for w, on in (("Blocking", s["blocking"]), ("Disarming", s["disarming"])) if on]
    lines = [
        s["description"],
        f"Size {s['size']} · HP {hp}",
        f"CPR {s['cpr']} · SPR {s['spr']} · MS {s['ms']} · "
        + (f"FMS {s['fms']} (flies)" if s["fms"] else "FMS 0 (cannot fly)"),
        f"Arms {s['arms']}" + (f" (+{s['arm_bonus']} to arm attacks)" if s["arm_bonus"] else ""),
    ]
    if flags:
        lines.append("Traits: " + ", ".join(flags))
    if s["weapons"]:
        lines.append("Summons: " + ", ".join(f"[[item_{w}]]" for w in s["weapons"]))
    if s["held"]:
        lines.append("Starts holding: " + ", ".join(f"[[item_{w}]]" for w in s["held"]))
    if s["abilities"]:
        lines.append("Abilities: " + ", ".join(f"[[ability_{a}]]" for a in s["abilities"]))
    return Entry(f"sheet_{sid}", "Sheets", s["name"], "\n".join(x for x in lines if x), (sid,))


def _item(iid: str, i: dict[str, Any]) -> Entry:
    kind = "Hardlight Weapon (summoned)" if i["hardlight"] else "Object"
    lines = [i["description"], f"{kind} · Size {i['size']}",
             f"Damage {i['damage']} per contacting arm attack"
             + (f" · melee reach {i['melee_range']} tiles" if i["melee_range"] != 1 else "")]
    if i["range"]:
        how = "Shoots" if i["projectile"] else "Thrown"
        lines.append(f"{how} up to {i['range']} tiles (times the attacker's Size)")
    elif i["carriable"] and not i["throwable"]:
        lines.append("Cannot be thrown")
    if not i["carriable"]:
        lines.append("Too heavy to carry")
    if i["solid"]:
        lines.append("Solid: blocks movement and knockback")
    if i["knockback"]:
        lines.append(f"Knockback {i['knockback']} tiles")
    if i["aoe"]:
        lines.append(f"Area of effect {i['aoe']}")
    return Entry(f"item_{iid}", "Weapons and items", i["name"], "\n".join(x for x in lines if x),
                 (iid,))


def _ability(aid: str, a: dict[str, Any]) -> Entry:
    does = (VERBS[a["verb"]].summary.replace("`amount`", str(a["amount"]))
            .replace("`range`", f"{a['range']} tiles"))
    kind = ("Continuous: on until switched off, free to switch" if a["kind"] == "continuous"
            else "Active: uses an Action Slot")
    lines = [a["description"], kind, f"Effect: {does}" + (
        f" for {a['turns']} of her turns" if a["turns"] else ""),
        f"Target: {a['target']}" + (f" within {a['range']} tiles" if a["range"] else "")]
    return Entry(f"ability_{aid}", "Gemstone Abilities", a["name"],
                 "\n".join(x for x in lines if x), (aid,))


def entries() -> list[Entry]:
    c = content()
    return ([_sheet(k, v) for k, v in c.sheets.items()]
            + [_item(k, v) for k, v in c.items.items()]
            + [_ability(k, v) for k, v in c.abilities.items()])
