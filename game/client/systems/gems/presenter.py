"""The gems presenter: gems state and events turned into what the battle screen draws and logs,
and map clicks turned into legal gems actions.

Owns: token/item/panel records for gems units (arm and loose-object tooltips with the weapon's
numbers from the engine's attack profile and the item record), the action bar of a gems turn
(Move, Fly, Altitude, Pick up, Summon, Ability, Attack/Strike, Negotiate, Shatter, more),
targeting overlays (reachable tiles by slot cost from the engine's `reachable`, attack targets
and lines, target blocks, an ability's target before it is used), forecasts through the engine's
`forecast`/`summary` (a whole strike arm by arm) and, where nothing can be done, the engine's
refusal from `validate`, the one-click attack plan (tried on a scratch match, confirmed before
anything is submitted), prompts for pending stages, and
the words of each gems event as a table (kind -> words) handed to the shared log formatter and
animator of game.client.presenters.eventlog, which word and animate the core facts.

Must not: decide a rule. Every action it proposes is an element of `match.legal_actions()`;
costs, odds and tile descriptions come from engine functions. Path previews drawn between
reachable tiles are a picture only; the engine decides the real route. It never imports pygame.
"""
from __future__ import annotations

import copy
import tomllib
from typing import Any

from game import paths
from game.engine.actions import EndTurn
from game.engine.boards.square import neighbours8
from game.engine.tactics.footprint import block_offsets
from game.engine.tactics.reach import fewest_steps
from game.engine.systems.gems import actions as A
from game.engine.match import Match
from game.engine.systems.gems import combat
from game.engine.systems.gems.common import content_of
from game.engine.systems.gems.forecast import Forecast, pct, target_summary
from game.engine.systems.gems.forecast import forecast as engine_forecast
from game.engine.systems.gems.forecast import summary as forecast_summary
from game.engine.systems.gems.rules import describe_tile
from game.engine.systems.gems.rules import reachable as engine_reachable

from game.client.presenters import (ActionButton, AnimStep, Cell, ClickResult, InitiativeEntry,
                                    ItemInfo, LogLine, Overlay, PanelLine, Presenter, Prompt,
                                    TilePanel, TokenInfo, UnitPanel)
from game.client.presenters.eventlog import (DAMAGE, DOWN, FORCED, GOOD, INFO, ROLL_FAIL, WARM,
                                             Animator, EventLog, Wording)

# Named gem colours for sheets without presentation data (our own palette, lit for dark tables).
_GEM_COLOURS: dict[str, tuple[int, int, int]] = {
    "garnet": (196, 38, 64), "ruby": (224, 40, 60), "sapphire": (52, 92, 214),
    "amethyst": (156, 92, 210), "pearl": (236, 228, 214), "peridot": (146, 206, 62),
    "jasper": (214, 106, 48), "lapis": (44, 84, 190), "lazuli": (44, 84, 190),
    "topaz": (238, 190, 60), "emerald": (40, 170, 96), "aquamarine": (112, 210, 224),
    "bismuth": (200, 120, 200), "rose": (238, 130, 170), "quartz": (236, 200, 210),
    "agate": (170, 110, 80), "carnelian": (200, 70, 40), "opal": (220, 230, 240),
    "spinel": (240, 120, 170), "zircon": (90, 170, 230), "citrine": (240, 200, 80),
    "obsidian": (96, 90, 124), "onyx": (104, 104, 118), "jade": (80, 170, 120),
    "malachite": (40, 150, 100), "nephrite": (90, 160, 110), "howlite": (210, 210, 220),
    "beryl": (150, 210, 170), "diamond": (230, 240, 255), "tourmaline": (220, 80, 140),
}
_FALLBACK = [(120, 180, 230), (230, 140, 90), (160, 210, 120), (200, 150, 220), (230, 200, 100)]

#: side colours: blue / vermilion / green / violet (distinct for common colour-blindness), and
#: each side also gets its own ring shape in sprites.py
SIDE_COLOURS: tuple[tuple[int, int, int], ...] = ((74, 163, 255), (238, 96, 64), (110, 200, 120),
                                                  (190, 130, 240))
SIDE_NAMES = ("Blue", "Red", "Green", "Violet")

COST_COLOURS = {0: (120, 220, 140), 1: (240, 190, 80), 2: (240, 110, 80)}

_MOVE_KINDS = (A.Move, A.Climb, A.Drop)
_MOVE_COST_GUESS = {A.Move: 1, A.Climb: 1, A.Drop: 2, A.Fly: 1}


def side_colour(side: int) -> tuple[int, int, int]:
    return SIDE_COLOURS[side % len(SIDE_COLOURS)]


def _load_presentation() -> dict[str, dict[str, Any]]:
    """assets/gems/*.toml: sheet/item id -> presentation table (colour, sprite, label). Read
    tolerantly: a broken file is reported once in the log by the scene, never a crash."""
    out: dict[str, dict[str, Any]] = {}
    folder = paths.assets_dir() / "gems"
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue
        for key, table in data.items():
            if not isinstance(table, dict):
                continue
            if any(isinstance(v, dict) for v in table.values()):
                # a grouping table ([sheets.garnet] style): its sub-tables are the entries
                for sub, value in table.items():
                    if isinstance(value, dict):
                        out.setdefault(sub, {}).update(value)
            else:
                out.setdefault(key, {}).update(table)      # [garnet] colour = "..."
    return out


def _parse_colour(value: Any) -> tuple[int, int, int] | None:
    if isinstance(value, str) and value.startswith("#") and len(value) in (7, 9):
        try:
            return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]
        except ValueError:
            return None
    if isinstance(value, (list, tuple)) and len(value) >= 3 and all(isinstance(v, int) for v in value[:3]):
        return (value[0], value[1], value[2])
    return None


def _title(text: str) -> str:
    return text.replace("_", " ").strip().capitalize()


class GemsPresenter(Presenter):
    """Reads a gems `Match`; see the module docstring."""

    max_slots = 2   # GEM-06: shown as pips; the live count comes from state.slots
    cost_colours = COST_COLOURS
    token_emblem = "gem"          # the pieces are gems (GEM-01)

    @staticmethod
    def side_colour(side: int) -> tuple[int, int, int]:
        return side_colour(side)

    def side_name(self, side: int) -> str:
        """A side as players read it: the team its seat picked (the engine's name for it), else
        its token colour ('Red side')."""
        return self.team_or_colour(self.state.side_names, SIDE_NAMES, side)

    def __init__(self, match: Any):
        super().__init__(match)
        self.look = _load_presentation()
        self._colour_cache: dict[str, tuple[int, int, int]] = {}
        self.attack_mode = "melee"          # preferred attack mode when several are legal
        self._reach_key: Any = None
        self._reach: dict[Cell, int] = {}
        self._reach_paths: dict[Cell, list[Cell]] = {}
        self._event_log: EventLog | None = None

    def colour(self, sheet: str) -> tuple[int, int, int]:
        c = self._colour_cache.get(sheet)
        if c is None:
            look = self.look.get(sheet, {})
            c = _parse_colour(look.get("colour") or look.get("color"))
            if c is None:
                low = sheet.lower()
                c = next((v for k, v in _GEM_COLOURS.items() if k in low), None)
            if c is None:
                c = _FALLBACK[sum(map(ord, sheet)) % len(_FALLBACK)]
            self._colour_cache[sheet] = c
        return c

    def outline(self, sheet: str) -> tuple[int, int, int] | None:
        return _parse_colour(self.look.get(sheet, {}).get("outline"))

    def unit_name(self, uid: str | None) -> str:
        if uid is None:
            return "?"
        u = self.state.units.get(uid)
        return u.name if u else uid

    def item_name(self, iid: str | None) -> str:
        if iid is None:
            return "nothing"
        it = self.state.items.get(iid)
        if it is None:
            return iid
        return it.name

    def acting_unit(self) -> str | None:
        return self.state.acting

    def deciding_seat(self) -> int | None:
        d = self.match.decision
        return d.seat if d else None

    # -- board contents -------------------------------------------------------------------------
    def tokens(self, seat: int | None = None) -> list[TokenInfo]:
        st = self.state
        out = []
        for u in st.units.values():
            if not u.formed:
                continue
            arms = []
            for arm in u.arms:
                kind = None
                if arm.holding:
                    it = st.items.get(arm.holding)
                    kind = ("hardlight" if it is not None and it.hardlight else
                            (it.kind if it is not None else "object"))
                elif arm.load:
                    kind = "load"
                arms.append((arm.disarmed, kind))
            badges = []
            if u.altitude is not None:
                badges.append(("F", f"Flying at elevation {u.altitude}"))
            if u.carrying:
                badges.append(("C", f"Carrying {self.item_or_unit(u.carrying)}"
                               + ("" if u.carry_ok else " (cannot move)")))
            if u.truces:
                names = ", ".join(self.unit_name(k) for k in u.truces)
                badges.append(("T", f"Truce with {names}"))
            if u.active:
                badges.append(("A", "Active: " + ", ".join(_title(a) for a in u.active)))
            if u.ms_penalty:
                badges.append(("W", f"In deep water: Movement Speed -{u.ms_penalty}"))
            out.append(TokenInfo(u.id, u.name, u.side, u.x, u.y, u.size, u.hp, u.max_hp,
                                 colour=self.colour(u.sheet), arms=tuple(arms),
                                 badges=tuple(badges), altitude=u.altitude,
                                 acting=u.id == st.acting, outline=self.outline(u.sheet)))
        return out

    def item_or_unit(self, ident: str) -> str:
        if ident in self.state.units:
            return self.state.units[ident].name
        return self.item_name(ident)

    def items(self, seat: int | None = None) -> list[ItemInfo]:
        out = []
        for it in self.state.items.values():
            if it.held_by:
                continue
            if it.kind == "gemstone" and it.gem in self.state.units:
                colour = self.colour(self.state.units[it.gem].sheet)
            else:
                colour = (_parse_colour(self.look.get(it.kind, {}).get("colour"))
                          or _parse_colour(self.look.get(it.id, {}).get("colour")) or (160, 160, 150))
            out.append(ItemInfo(it.id, it.name, it.kind, it.x, it.y, colour, it.hardlight))
        return out

    def initiative(self) -> tuple[list[InitiativeEntry], int]:
        st = self.state
        entries = []
        for i, uid in enumerate(st.order):
            u = st.units.get(uid)
            if u is None:
                continue
            entries.append(InitiativeEntry(uid, u.name, u.side, self.colour(u.sheet),
                                           current=(i == st.turn and not st.over),
                                           down=not u.formed, outline=self.outline(u.sheet)))
        return entries, st.round

    def units_at(self, cell: Cell) -> list[str]:
        x, y = cell
        return [u.id for u in self.state.units.values()
                if u.formed and u.x <= x < u.x + u.size and u.y <= y < u.y + u.size]

    def unit_at(self, cell: Cell) -> str | None:
        ids = self.units_at(cell)
        return ids[0] if ids else None

    def items_at(self, cell: Cell) -> list[str]:
        return [i.id for i in self.state.items.values()
                if not i.held_by and (i.x, i.y) == tuple(cell)]

    # -- panels ---------------------------------------------------------------------------------
    def unit_panel(self, unit_id: str) -> UnitPanel | None:
        st = self.state
        u = st.units.get(unit_id)
        if u is None:
            return None
        ms = u.ms - u.ms_penalty
        if u.carrying and not u.carry_ok:
            ms = 0
        stats = [("CPR", str(u.cpr), "Combat Proficiency Rank: added to every Combat Roll"),
                 ("SPR", str(u.spr), "Social Proficiency Rank: added to Social Rolls"),
                 ("MS", str(ms) if ms == u.ms else f"{ms} ({u.ms})",
                  "Movement Speed: tiles per Move action"),
                 ("Size", str(u.size), "Size: footprint in tiles and the scale of range, "
                                       "climbing and falling"),
                 ("Arms", str(u.arm_counter()), "Arm Counter: arm actions per Ready action")]
        if u.fms:
            stats.append(("FMS", str(u.fms), "Flight Movement Speed"))
        arms = []
        planned = {p.arm: p for p in st.plans} if st.acting == u.id else {}
        for i, arm in enumerate(u.arms):
            label = f"Arm {i + 1}"
            if arm.disarmed:
                arms.append(PanelLine("disarmed", label, dim=True,
                                      tooltip="A disarmed arm only phases through things"))
                continue
            bits = []
            if arm.holding:
                bits.append(self.item_name(arm.holding))
            if arm.enhancer:
                bits.append(f"+{_title(arm.enhancer)}")
            if arm.load:
                bits.append(f"carrying {self.item_or_unit(arm.load)}")
            text = ", ".join(bits) if bits else "empty"
            tip = self.arm_stats(u.id, i) if arm.holding else ""
            colour = None
            if i in planned:
                p = planned[i]
                text += f" · {p.mode} at {p.target[0]},{p.target[1]}"
                colour = (255, 212, 138)
            arms.append(PanelLine(text, label, colour=colour, tooltip=tip))
        statuses = []
        if u.altitude is not None:
            statuses.append(PanelLine(f"Flying at elevation {u.altitude}", colour=(150, 210, 255)))
        if u.carrying:
            statuses.append(PanelLine(f"Carrying {self.item_or_unit(u.carrying)}"
                                      + ("" if u.carry_ok else " (cannot move)")))
        for other, turns in u.truces.items():
            span = "for the encounter" if turns < 0 else f"{turns} round{'s' if turns != 1 else ''}"
            statuses.append(PanelLine(f"Truce with {self.unit_name(other)} ({span})",
                                      colour=(160, 220, 170)))
        unlocked = [n for n, on in (("Blocking", u.blocking), ("Disarming", u.disarming)) if on]
        if unlocked:
            statuses.append(PanelLine(", ".join(unlocked), "Unlocked"))
        for a in u.active:
            statuses.append(PanelLine(_title(a), "Active"))
        if u.ms_penalty:
            statuses.append(PanelLine(f"Deep water: MS -{u.ms_penalty}", colour=(120, 180, 255)))
        if st.acting == u.id and st.ready_open:
            statuses.append(PanelLine("Ready action open: aim arms, then Strike",
                                      colour=(255, 212, 138)))
        if u.poofed:
            statuses.append(PanelLine("Poofed: her gemstone lies on the field", colour=(240, 110, 80)))
        if u.shattered:
            statuses.append(PanelLine("Shattered", colour=(240, 110, 80)))
        sheet_name = _title(u.sheet)
        sub = f"{SIDE_NAMES[u.side % len(SIDE_NAMES)]} side · {sheet_name}"
        slots = st.slots if st.acting == u.id else None
        return UnitPanel(u.id, u.name, sub, u.side, self.colour(u.sheet), u.hp, u.max_hp,
                         self.outline(u.sheet), stats, arms, statuses, slots, self.max_slots)

    def arm_stats(self, uid: str, arm: int) -> str:
        """What the object in an arm does in a fight, one fact a line: the numbers come from the
        engine's attack profile (the item record plus her bonuses), never worked out here."""
        st = self.state
        u = st.units[uid]
        it = combat.arm_item(st, u, arm)
        if it is None:
            return ""
        melee = combat.attack_profile(st, u, arm, "melee")
        lines = [f"{it.name}" + (" (Hardlight)" if it.hardlight else ""),
                 f"Damage {melee['damage']}", f"Melee reach {melee['reach']} "
                 f"block{'s' if melee['reach'] != 1 else ''}",
                 f"Knockback {melee['knockback'] or 'none'}",
                 f"AoE {melee['aoe'] or 'none'}"]
        for mode, word in (("thrown", "Thrown"), ("projectile", "Projectile")):
            why = combat.mode_allowed(st, u, arm, mode)
            if why:
                if mode == "projectile":
                    lines.append("Projectile: no")
                continue
            prof = combat.attack_profile(st, u, arm, mode)
            lines.append(f"{word}: {prof['damage']} damage, reach {prof['reach']} "
                         f"block{'s' if prof['reach'] != 1 else ''}")
        return "\n".join(lines)

    def item_stats(self, iid: str) -> str:
        """A loose object's fight numbers as its record gives them (in an arm, `arm_stats`
        adds the wielder's bonuses): damage, reaches, knockback, AoE, whether it shoots."""
        it = self.state.items.get(iid)
        if it is None or it.kind == "gemstone" or not it.carriable:
            return ""
        lines = [it.name + (" (Hardlight)" if it.hardlight else ""), f"Damage {it.damage}",
                 f"Melee reach {it.melee_range} block{'s' if it.melee_range != 1 else ''}",
                 f"Knockback {it.knockback or 'none'}", f"AoE {it.aoe or 'none'}"]
        if it.throwable:
            reach = it.range or combat.DEFAULT_THROW_RANGE
            lines.append(f"Thrown: reach {reach} blocks")
        lines.append(f"Projectile: reach {it.range} blocks" if it.projectile else "Projectile: no")
        return "\n".join(lines)

    def tile_panel(self, cell: Cell) -> TilePanel | None:
        board = self.board()
        if board is None or not board.in_bounds(*cell):
            return None
        x, y = cell
        lines: list[PanelLine] = []
        described = describe_tile(self.state, x, y)
        if isinstance(described, dict) and described.get("in_bounds", True):
            return self._tile_from_engine(cell, described)
        if isinstance(described, str):
            lines.extend(PanelLine(t) for t in described.splitlines() if t.strip())
        else:
            terrain = board.prop(x, y, "terrain", None)
            if board.prop(x, y, "solid", False):
                terrain = terrain or "wall"
            if board.prop(x, y, "water", False):
                terrain = terrain or "water"
            lines.append(PanelLine(_title(str(terrain or "ground")), "Terrain"))
            lines.append(PanelLine(str(board.prop(x, y, "elevation", 0) or 0), "Elevation"))
            if board.prop(x, y, "solid", False):
                lines.append(PanelLine("solid: blocks movement and sight", dim=True))
            if board.prop(x, y, "water", False):
                pen = board.prop(x, y, "water_penalty", 0)
                text = f"MS -{pen} when surrounded" if pen else "shallow"
                cur = board.prop(x, y, "current_dir", None)
                if cur:
                    text += f" · current {cur}"
                    thr = board.prop(x, y, "current_threshold", None)
                    if thr is not None:
                        text += f" (beat {thr})"
                lines.append(PanelLine(text, "Water", colour=(120, 180, 255)))
        occ = [self.unit_name(u) for u in self.units_at(cell)]
        occ += [self.item_name(i) for i in self.items_at(cell)]
        if occ:
            lines.append(PanelLine(", ".join(occ) + f"  ({len(occ)}/2)", "Here"))
        return TilePanel(f"Tile {x}, {y}", lines)

    def _tile_from_engine(self, cell: Cell, d: dict) -> TilePanel:
        """The engine's describe_tile answer in a player's words."""
        lines: list[PanelLine] = []
        terrain = str(d.get("terrain") or "ground")
        if d.get("solid"):
            terrain = f"{terrain} (solid)" if terrain not in ("wall", "rock") else terrain
        lines.append(PanelLine(_title(terrain), "Terrain"))
        elev = d.get("elevation", 0)
        lines.append(PanelLine(str(elev), "Elevation", colour=(200, 230, 255)))
        if d.get("solid"):
            lines.append(PanelLine("blocks movement and sight", dim=True))
        if d.get("water"):
            pen = d.get("water_penalty") or 0
            text = f"MS -{pen} if surrounded" if pen else "shallow"
            lines.append(PanelLine(text, "Water", colour=(120, 180, 255),
                                   tooltip="A gem with water all around loses Movement Speed; "
                                           "below 0 the current may sweep her along"))
            if d.get("current_dir"):
                thr = d.get("current_threshold")
                lines.append(PanelLine(f"flows {d['current_dir']}" + (f", resist above {thr}"
                                                                      if thr is not None else ""),
                                       "Current", colour=(120, 180, 255)))
        occ = d.get("occupants") or []
        cap = d.get("capacity", 2)
        if occ:
            names = ", ".join(str(o.get("name", o.get("id"))) if isinstance(o, dict) else str(o)
                              for o in occ)
            tip = "\n\n".join(t for t in (self.item_stats(i) for i in self.items_at(cell)) if t)
            lines.append(PanelLine(f"{names}  ({d.get('occupancy', len(occ))}/{cap})", "Here",
                                   tooltip=tip))
        else:
            lines.append(PanelLine(f"empty (0/{cap})", "Here", dim=True))
        return TilePanel(f"Tile {cell[0]}, {cell[1]}", lines)

    # -- actions --------------------------------------------------------------------------------
    def my_turn_actions(self, selected: str | None) -> list:
        d = self.match.decision
        if d is None or d.stage != "act":
            return []
        return self.legal()

    def buttons(self, selected: str | None, mode: str | None) -> list[ActionButton]:
        legal = self.my_turn_actions(selected)
        actor = self.state.acting
        mine = [a for a in legal if getattr(a, "unit", actor) == actor]
        by: dict[type, list] = {}
        for a in mine:
            by.setdefault(type(a), []).append(a)

        def has(*types) -> bool:
            return any(by.get(t) for t in types)

        def menu(t: type) -> tuple[tuple[str, Any], ...]:
            return tuple((self.describe(a), a) for a in by.get(t, []))

        st = self.state
        out = [ActionButton("move", "Move", "1", has(*_MOVE_KINDS),
                            "Walk, climb or drop: reachable tiles are tinted by slot cost",
                            mode="move"),
               self._fly_button(by, has),
               ActionButton("pick_up", "Pick up", "3", has(A.PickUp),
                            "Pick up an object or gem on or next to her tile", mode="pick_up"),
               ActionButton("summon", "Summon", "4", has(A.Summon),
                            "Summon a Hardlight Weapon into a free arm", actions=menu(A.Summon)),
               self._ability_button(by, has, mode)]
        if st.ready_open and has(A.Strike):
            n = len(st.plans)
            out.append(ActionButton("strike", f"Strike ({n})", "6", n > 0,
                                    "Roll every aimed arm", action=by[A.Strike][0], primary=True,
                                    topic="ready"))
        else:
            out.append(ActionButton("ready", "Attack", "6", has(A.Ready) or has(A.AssignArm),
                                    "Ready an attack (1 slot), then click a target for each arm."
                                    " Quicker: click an enemy in reach to aim every free arm at"
                                    " her, see the odds, and confirm the Strike",
                                    action=by[A.Ready][0] if has(A.Ready) else None,
                                    mode=None if has(A.Ready) else "attack", topic="ready"))
        out.append(ActionButton("negotiate", "Negotiate", "7", has(A.Negotiate),
                                "Social Rolls for a truce with a chosen gem", mode="negotiate"))
        out.append(ActionButton("shatter", "Shatter", "8", has(A.Shatter),
                                "Destroy a poofed gemstone on her tile (permanent)",
                                actions=menu(A.Shatter),
                                confirm="Shatter this gemstone? It cannot be undone."))
        other = []
        for t in (A.DropItem, A.Dismiss, A.HandOver, A.UnassignArm):
            other.extend(menu(t))
        out.append(ActionButton("other", "More", "9", bool(other),
                                "Drop, dismiss, hand over, un-aim", actions=tuple(other),
                                topic="carry"))
        out.append(ActionButton("end_turn", "End Turn", "Space", any(isinstance(a, EndTurn) for a in legal),
                                "Finish this gem's turn", action=EndTurn(), primary=True,
                                topic="action_slot"))
        return out

    def _fly_button(self, by: dict, has) -> ActionButton:
        """Fly: straight into tile picking, or a menu when altitude changes are possible too."""
        alts = by.get(A.ChangeAltitude, [])
        if not alts:
            return ActionButton("fly", "Fly", "2", has(A.Fly),
                                "Fly over water and full tiles: pick a tile", mode="fly")
        entries: list[tuple[str, Any]] = []
        if has(A.Fly):
            entries.append(("Fly: pick a tile", "fly"))
        entries.extend((self.describe(a), a) for a in sorted(alts, key=lambda a: a.altitude))
        return ActionButton("fly", "Fly", "2", True, "Fly, rise or sink", actions=tuple(entries))

    def _ability_button(self, by: dict, has, mode: str | None) -> ActionButton:
        """Ability: every use is previewed first (its target and effect on the map), like every
        other action; in a self ability's preview the same button (or a click on her) uses it."""
        if mode and mode.startswith("ability:"):
            aid = mode.split(":", 1)[1]
            own = next((a for a in by.get(A.UseAbility, []) if a.ability == aid and a.target is None),
                       None)
            if own is not None:
                return ActionButton("ability", f"Use {self.ability_name(aid)}", "5", True,
                                    self.ability_effect(aid), action=own, primary=True)
        entries = self._ability_menu(by)
        if len(entries) == 1 and isinstance(entries[0][1], str):
            return ActionButton("ability", "Ability", "5", True,
                                f"{self.ability_name(entries[0][1].split(':', 1)[1])}: "
                                "see what it does, then press again to use it",
                                mode=entries[0][1], topic="ability")
        return ActionButton("ability", "Ability", "5", has(A.UseAbility, A.EndAbility),
                            "Use or end a Gemstone Ability (a use is previewed first)",
                            actions=entries, topic="ability")

    def _ability_menu(self, by: dict) -> tuple[tuple[str, Any], ...]:
        out: list[tuple[str, Any]] = []
        seen: set[str] = set()
        for a in by.get(A.UseAbility, []):
            if a.ability in seen:
                continue
            seen.add(a.ability)
            what = "preview" if a.target is None else "choose a target"
            out.append((f"{self.ability_name(a.ability)}: {what}", f"ability:{a.ability}"))
        for a in by.get(A.EndAbility, []):
            out.append((self.describe(a), a))     # switching off is free and shows nothing new
        return tuple(out)

    def ability_name(self, aid: str) -> str:
        rec = content_of(self.state).abilities.get(aid)
        return str(rec["name"]) if rec else _title(aid)

    def ability_effect(self, aid: str, target: Cell | None = None) -> str:
        """What an ability does, in words, from its content record (the engine applies it)."""
        rec = content_of(self.state).abilities.get(aid)
        if rec is None:
            return ""
        amount, verb = rec.get("amount", 0), rec.get("verb")
        who = self.unit_name(self.unit_at(target)) if target is not None and self.unit_at(target) \
            else "her"
        words = {"heal": f"Restores up to {amount} HP to {who}",
                 "haste": f"+{amount} Movement Speed",
                 "shield": f"Each attack on her deals {amount} less damage",
                 "empower": f"+{amount} damage on her arm attacks",
                 "leap": f"Leaps over anything to the tile (up to {amount} up)"}.get(
                     str(verb), _title(str(verb)))
        if rec.get("kind") == "continuous":
            span = "until switched off (ending it is free)"
        elif verb in ("haste", "shield", "empower"):
            turns = max(1, int(rec.get("turns", 1) or 1))
            span = f"for {turns} of her turn{'s' if turns != 1 else ''}"
        else:
            span = ""
        return f"{words}{' ' + span if span else ''} · 1 Action Slot"

    def mode_note(self, mode: str | None) -> str | None:
        if not mode or not mode.startswith("ability:"):
            return None
        aid = mode.split(":", 1)[1]
        actor = self.state.acting
        own = any(isinstance(a, A.UseAbility) and a.ability == aid and a.target is None
                  and a.unit == actor for a in self.my_turn_actions(actor))
        how = "press 5 again or click her to use it" if own else "click a marked target"
        return f"{self.ability_name(aid)}: {self.ability_effect(aid)}. {_title(how)}; Esc cancels"

    # -- targeting --------------------------------------------------------------------------------
    def reachable(self, uid: str) -> dict[Cell, int]:
        key = (self.match.version, uid)
        if key == self._reach_key:
            return self._reach
        legal = [a for a in self.my_turn_actions(uid) if isinstance(a, _MOVE_KINDS)
                 and a.unit == uid]
        legal_cells = {tuple(a.to) for a in legal}
        costs: dict[Cell, int] = {}
        got = engine_reachable(self.state, uid)
        paths_: dict[Cell, list[Cell]] = {}
        for cell, cost in _normalise_reach(got):
            if cell in legal_cells:
                costs[cell] = min(cost, costs.get(cell, 99))
        if isinstance(got, dict):
            for cell, v in got.items():
                if isinstance(v, (tuple, list)) and len(v) >= 2 and isinstance(v[1], (list, tuple)):
                    paths_[tuple(cell)] = [tuple(p) for p in v[1]]
        self._reach_paths = paths_
        for a in legal:     # anything legal the helper did not price: the kind's usual cost
            costs.setdefault(tuple(a.to), _MOVE_COST_GUESS.get(type(a), 1))
        self._reach_key, self._reach = key, costs
        return costs

    def _attack_options(self, uid: str) -> list:
        return [a for a in self.my_turn_actions(uid) if isinstance(a, A.AssignArm) and a.unit == uid]

    def _block_cells(self, target: Cell, size: int) -> list[Cell]:
        return [(target[0] + dx, target[1] + dy) for dy in range(size) for dx in range(size)]

    def _pick_attack(self, uid: str, cell: Cell) -> Any:
        u = self.state.units[uid]
        best = None
        for a in self._attack_options(uid):
            if cell not in self._block_cells(tuple(a.target), u.size):
                continue
            score = (a.mode != self.attack_mode, a.arm)
            if best is None or score < best[0]:
                best = (score, a)
        return best[1] if best else None

    def overlay(self, mode: str | None, selected: str | None, hover: Cell | None) -> Overlay:
        ov = Overlay()
        st = self.state
        actor = st.acting
        if actor is None or selected != actor:
            return ov
        u = st.units[actor]
        ov.size = u.size
        legal = self.my_turn_actions(actor)
        if mode == "move":
            ov.veil = True
            ov.cells = self.reachable(actor)
            if hover is not None and hover in ov.cells:
                engine_path = self._reach_paths.get(hover)
                ov.path = ([(u.x, u.y)] + [p for p in engine_path if p != (u.x, u.y)]
                           if engine_path else _preview_path((u.x, u.y), hover, set(ov.cells)))
        elif mode == "fly":
            ov.veil = True
            ov.cells = {tuple(a.to): 1 for a in legal if isinstance(a, A.Fly) and a.unit == actor}
            if hover in ov.cells:
                ov.line = _line((u.x, u.y), hover)
        elif mode == "attack":
            opts = self._attack_options(actor)
            for a in opts:
                ov.targets.update(self._block_cells(tuple(a.target), u.size))
            pick = self._pick_attack(actor, hover) if hover is not None else None
            arm = pick.arm if pick is not None else (opts[0].arm if opts else None)
            amode = pick.mode if pick is not None else self.attack_mode
            if arm is not None:
                prof = combat.attack_profile(st, u, arm, amode)
                for off in block_offsets(int(prof["reach"])):
                    anchor = combat.block_anchor((u.x, u.y), u.size, *off)
                    ov.range_cells.update(combat.block_tiles(anchor, u.size))
                ov.range_cells -= set(self._block_cells((u.x, u.y), u.size))
                # reach past the edge is no place at all: only tiles of the board are tinted
                board = self.board()
                ov.range_cells = {c for c in ov.range_cells if board.in_bounds(*c)}
                if pick is not None:
                    tr = combat.trace(st, u, tuple(pick.target), pick.mode)
                    stop = tr.get("stop") or tuple(pick.target)
                    if pick.mode in ("thrown", "projectile"):
                        ov.line = [(u.x, u.y)] + [tuple(p) for p in tr.get("path", [])]
                    n = int(prof.get("aoe", 0) or 0)
                    if n > 0:
                        shape = st.house.get("aoe_shape", "filled") if isinstance(st.house, dict) else "filled"
                        ov.area = [tuple(t) for t in combat.aoe_tiles(tuple(stop), u.size, n, shape)
                                   if board.in_bounds(*t)]
            if pick is not None:
                ov.target_block = self._block_cells(tuple(pick.target), u.size)
                if not ov.line and pick.mode in ("thrown", "projectile"):
                    ov.line = _line((u.x, u.y), tuple(pick.target))
        elif mode == "pick_up":
            for a in legal:
                if isinstance(a, A.PickUp) and a.unit == actor:
                    pos = self._thing_cell(a.item)
                    if pos:
                        ov.targets.add(pos)
        elif mode == "negotiate":
            for a in legal:
                if isinstance(a, A.Negotiate) and a.unit == actor:
                    t = st.units.get(a.target)
                    if t:
                        ov.targets.update(self._block_cells((t.x, t.y), t.size))
        elif mode and mode.startswith("ability:"):
            ab = mode.split(":", 1)[1]
            for a in legal:
                if isinstance(a, A.UseAbility) and a.ability == ab and a.unit == actor:
                    if a.target is not None:
                        ov.targets.add(tuple(a.target))
                    else:      # a self ability: she is the target, marked before it is used
                        ov.targets.update(self._block_cells((u.x, u.y), u.size))
                        ov.target_block = self._block_cells((u.x, u.y), u.size)
            if hover in ov.targets and not ov.target_block:
                ov.target_block = [hover]
        return ov

    def _thing_cell(self, ident: str) -> Cell | None:
        if ident in self.state.items:
            it = self.state.items[ident]
            if it.held_by and it.held_by in self.state.units:
                h = self.state.units[it.held_by]
                return (h.x, h.y)
            return (it.x, it.y)
        if ident in self.state.units:
            u = self.state.units[ident]
            return (u.x, u.y)
        return None

    def click(self, mode: str | None, selected: str | None, cell: Cell) -> ClickResult:
        st = self.state
        actor = st.acting
        legal = self.my_turn_actions(selected)
        on_unit = self.unit_at(cell)
        if mode is None or actor is None or selected != actor:
            if on_unit:
                return ClickResult(select=on_unit)
            return ClickResult()
        if mode == "move" and on_unit and self._foe(actor, on_unit):
            # the common case in one click: aim every free arm at her, show the odds, confirm
            steps, text = self.attack_plan(actor, on_unit)
            if steps:
                return ClickResult(message=text, menu=(
                    ("Strike", ("steps", steps)),
                    ("Aim only (strike later)", ("steps", steps[:-1])),
                    ("Cancel", ("steps", ()))))
        if mode == "move":
            options = [a for a in legal if isinstance(a, _MOVE_KINDS) and a.unit == actor
                       and tuple(a.to) == cell]
            if options:
                options.sort(key=lambda a: _MOVE_KINDS.index(type(a)))
                return ClickResult(action=options[0])
        elif mode == "fly":
            for a in legal:
                if isinstance(a, A.Fly) and a.unit == actor and tuple(a.to) == cell:
                    return ClickResult(action=a)
        elif mode == "attack":
            a = self._pick_attack(actor, cell)
            if a is not None:
                return ClickResult(action=a)
            if on_unit and on_unit != actor:
                return ClickResult(message=f"No free arm can reach {self.unit_name(on_unit)} "
                                           f"from here")
        elif mode == "pick_up":
            opts = [a for a in legal if isinstance(a, A.PickUp) and a.unit == actor
                    and self._thing_cell(a.item) == cell]
            if len(opts) == 1:
                return ClickResult(action=opts[0])
            if opts:
                return ClickResult(menu=tuple((self.describe(a), a) for a in opts))
        elif mode == "negotiate":
            for a in legal:
                if isinstance(a, A.Negotiate) and a.unit == actor and on_unit == a.target:
                    return ClickResult(action=a)
        elif mode.startswith("ability:"):
            ab = mode.split(":", 1)[1]
            for a in legal:
                if not (isinstance(a, A.UseAbility) and a.ability == ab and a.unit == actor):
                    continue
                if a.target is not None and tuple(a.target) == cell:
                    return ClickResult(action=a)
                if a.target is None and on_unit == actor:     # confirming a self ability
                    return ClickResult(action=a)
        if on_unit and on_unit != selected:
            return ClickResult(select=on_unit)
        return ClickResult(message="Nothing to do there" if mode else "")

    def forecast(self, mode: str | None, selected: str | None, cell: Cell) -> str | None:
        st = self.state
        actor = st.acting
        if actor is None or selected != actor or mode is None:
            return None
        action = None
        if mode == "attack":
            action = self._pick_attack(actor, cell)
            if action is None:
                return self._why_not_aim(actor, cell)
            return self._aim_words_forecast(action)
        elif mode and mode.startswith("ability:"):
            return self._ability_forecast(actor, mode.split(":", 1)[1], cell)
        elif mode == "negotiate":
            tgt = self.unit_at(cell)
            action = next((a for a in self.my_turn_actions(actor) if isinstance(a, A.Negotiate)
                           and a.target == tgt), None)
            if action is None:
                if tgt is None or tgt == actor:
                    return None
                why = self._refusal(A.Negotiate(actor, tgt))
                return f"Cannot negotiate with {self.unit_name(tgt)}\n{why}" if why else None
        elif mode == "fly":
            if any(isinstance(a, A.Fly) and a.unit == actor and tuple(a.to) == cell
                   for a in self.my_turn_actions(actor)):
                return "Fly here · 1 slot"
            u = st.units[actor]
            if cell in self._block_cells((u.x, u.y), u.size):
                return None
            why = self._refusal(A.Fly(actor, cell))
            return f"Cannot fly here\n{why}" if why else None
        elif mode == "move":
            on_unit = self.unit_at(cell)
            if on_unit and self._foe(actor, on_unit):
                steps, text = self.attack_plan(actor, on_unit)
                return text + ("\nClick to attack" if steps else "")
            cost = self.reachable(actor).get(cell)
            if cost is None:
                if on_unit is not None or cell in self._block_cells((st.units[actor].x,
                                                                      st.units[actor].y),
                                                                     st.units[actor].size):
                    return None
                why = self._refusal(A.Move(actor, cell))
                return f"Cannot move here\n{why}" if why else None
            return f"Move here · {cost} slot{'s' if cost != 1 else ''}"
        else:
            return None
        head = self.describe(action)
        text = forecast_summary(engine_forecast(st, action))
        return f"{head}\n{text}" if text else head

    # -- attack plans and reasons: every number from the engine's forecast and validate --------
    def _refusal(self, action: Any) -> str:
        why = self.match.system.validate(self.state, action)
        return str(why) if why else ""

    def _foe(self, actor: str, other: str) -> bool:
        st = self.state
        return other != actor and st.units[other].side != st.units[actor].side

    def attack_plan(self, actor: str, target: str) -> tuple[tuple, str]:
        """The one-click attack on `target`: (Ready if needed, then each free arm aimed at her the
        way the engine's forecast says deals her most, then Strike) and the whole strike's
        forecast in words; or ((), why not). Worked out on a scratch copy of the match."""
        st = self.state
        name = self.unit_name(target)
        steps: list = []
        scratch = Match.around(self.match.system, copy.deepcopy(st), copy.deepcopy(self.match.rng))
        if not st.ready_open:
            ready = A.Ready(actor)
            why = self._refusal(ready)
            if why:
                return (), f"Cannot attack {name}\n{why}"
            scratch.submit(ready)
            steps.append(ready)
        t = st.units[target]
        tiles = set(self._block_cells((t.x, t.y), t.size))
        size = st.units[actor].size
        aimed: list = []
        while True:
            opts = [a for a in scratch.legal_actions() if isinstance(a, A.AssignArm)
                    and a.unit == actor and tiles & set(self._block_cells(tuple(a.target), size))]
            if not opts:
                break
            arm = min(a.arm for a in opts)

            def gain(a: Any) -> tuple:
                f = engine_forecast(scratch.state, a)
                dealt = sum((x.expected_damage for x in f.targets if x.target == target), 0)
                return (dealt, a.mode == self.attack_mode)
            best = max((a for a in opts if a.arm == arm), key=gain)
            scratch.submit(best)
            steps.append(best)
            aimed.append(best)
        if not aimed:
            fake = A.AssignArm(actor, (combat.free_arms(st, st.units[actor]) or [0])[0],
                               (t.x, t.y), self.attack_mode)
            why = self._refusal(fake) if st.ready_open else ""
            if not why:
                probe = scratch.system.validate(scratch.state, fake)
                why = str(probe) if probe else "no free arm can reach her"
            return (), f"Cannot attack {name}\n{why}"
        strike = A.Strike(actor)
        steps.append(strike)
        arms = " + ".join(str(a.arm + 1) for a in scratch.state.plans)
        head = f"Attack {name}: arm{'s' if len(scratch.state.plans) != 1 else ''} {arms}"
        return tuple(steps), head + "\n" + self._strike_lines(engine_forecast(scratch.state, strike))

    def _strike_lines(self, f: Forecast) -> str:
        """Each arm on its own line, then what they do together, per target (the forecast of a
        Ready Action covers every aimed arm, so it is never labelled as one arm's)."""
        if f.kind != "attack" or not f.targets:
            return forecast_summary(f)
        lines = []
        for t in f.targets:
            if len(f.targets) > 1:
                lines.append(t.name)
            for a in t.arms:
                bits = [f"{a.damage} dmg", f"contact {pct(a.contact)}"]
                if a.blocked > 0:
                    bits.append(f"blocked {pct(a.blocked)}")
                lines.append(f"Arm {a.arm + 1} {a.mode}: " + " · ".join(bits))
            together = target_summary(t)
            lines.append(("Together: " if len(t.arms) > 1 else "") + together)
        return "\n".join(lines)

    def _aim_words_forecast(self, action: Any) -> str:
        head = self.describe(action)
        others = [p.arm + 1 for p in self.state.plans
                  if p.arm != action.arm and p.mode != combat.HAND_OVER]
        if others:
            head += f", with arm{'s' if len(others) > 1 else ''} " \
                    f"{' + '.join(map(str, others))} already aimed"
        text = self._strike_lines(engine_forecast(self.state, action))
        return f"{head}\n{text}" if text else head

    def _why_not_aim(self, actor: str, cell: Cell) -> str | None:
        """Why the gem under the pointer cannot be aimed at, in the engine's words."""
        st = self.state
        who = self.unit_at(cell)
        if who is None or who == actor:
            return None
        u = st.units[actor]
        free = combat.free_arms(st, u)
        arm = free[0] if free else next(iter(u.working_arms()), 0)
        t = st.units[who]
        why = self._refusal(A.AssignArm(actor, arm, (t.x, t.y), self.attack_mode))
        return f"Cannot aim at {self.unit_name(who)}\n{why}" if why else None

    def _ability_forecast(self, actor: str, aid: str, cell: Cell) -> str | None:
        st = self.state
        u = st.units[actor]
        own = cell in self._block_cells((u.x, u.y), u.size)
        name = self.ability_name(aid)
        for a in self.my_turn_actions(actor):
            if not (isinstance(a, A.UseAbility) and a.ability == aid and a.unit == actor):
                continue
            if a.target is None and own:
                return f"{name} on herself\n{self.ability_effect(aid)}\nClick or press 5 to use it"
            if a.target is not None and tuple(a.target) == cell:
                return f"{self.describe(a)}\n{self.ability_effect(aid, cell)}\nClick to use it"
        if own:
            return None
        why = self._refusal(A.UseAbility(actor, aid, cell))
        return f"{name}: not here\n{why}" if why else None

    def cycle_attack_mode(self) -> str:
        modes = ["melee", "thrown", "projectile"]
        self.attack_mode = modes[(modes.index(self.attack_mode) + 1) % len(modes)]
        return self.attack_mode

    def cycle_preference(self) -> str | None:
        return f"Attacks prefer {self.cycle_attack_mode()} now"

    def preview_key(self) -> Any:
        return self.attack_mode

    def default_mode(self) -> str | None:
        # GEM-21: while a Ready Action is open the unit aims her arms, otherwise she moves
        return "attack" if self.state.ready_open else "move"

    def keep_mode(self, action: Any, mode: str | None) -> bool:
        # an altitude change keeps the flier in fly mode; anything else goes back to the default
        return isinstance(action, A.ChangeAltitude)

    # -- pending stages ---------------------------------------------------------------------------
    def prompt(self) -> Prompt | None:
        d = self.match.decision
        if d is None or d.stage == "act":
            return None
        opts = tuple((self.describe(a), a, "") for a in self.legal())
        titles = {"choose_counters": "Block?", "assign_blocks": "Assign blocks",
                  "choose_lost_arm": "Disarmed", "choose_side": "Where does it land?",
                  "gm_call": "Game master's call"}
        who = self.unit_name(d.actor) if d.actor else f"Player {d.seat + 1}"
        text = d.prompt or f"{who} must choose"
        extra = self._fight_summary(d.actor)
        if extra:
            text = f"{text}\n{extra}"
        return Prompt(titles.get(d.stage, _title(d.stage)), text, opts)

    def prompt_focus(self) -> list[str]:
        """Units a pending prompt is about besides the deciding one: the attacker of the strike."""
        for p in reversed(self.state.pending):
            strike = p.data.get("strike", {}) if isinstance(p.data, dict) else {}
            if isinstance(strike, dict) and strike.get("attacker"):
                return [str(strike["attacker"])]
        return []

    def _fight_summary(self, unit: str | None) -> str:
        """The numbers a defender decides on: the attack totals against her and her counters so
        far, read from the pending stage's data (nothing when it has another shape)."""
        try:
            for p in reversed(self.state.pending):
                strike = p.data.get("strike", {})
                for fight in strike.get("fights", []):
                    if fight.get("target") != unit:
                        continue
                    who = self.unit_name(strike.get("attacker"))
                    atk = ", ".join(f"arm {arm + 1}: {total}" for arm, total in fight["attacks"])
                    out = f"{who} rolled {atk}."
                    counters = fight.get("counters") or []
                    if counters:
                        out += " Counters: " + ", ".join(str(c) for c in counters) + "."
                    return out
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            pass
        return ""

    def unused_actions(self) -> str | None:
        st = self.state
        actor = st.acting
        if actor is None:
            return None
        useful = [a for a in self.my_turn_actions(actor) if not isinstance(a, EndTurn)]
        if st.slots > 0 and useful:
            return (f"{self.unit_name(actor)} still has {st.slots} Action "
                    f"Slot{'s' if st.slots != 1 else ''}. End the turn anyway?")
        return None

    # -- words ------------------------------------------------------------------------------------
    def describe(self, a: Any) -> str:
        n = self.unit_name
        if isinstance(a, A.Move):
            return f"Move to {a.to[0]},{a.to[1]}"
        if isinstance(a, A.Climb):
            return f"Climb to {a.to[0]},{a.to[1]}"
        if isinstance(a, A.Drop):
            return f"Drop down to {a.to[0]},{a.to[1]}"
        if isinstance(a, A.Fly):
            return f"Fly to {a.to[0]},{a.to[1]}"
        if isinstance(a, A.ChangeAltitude):
            u = self.state.units.get(a.unit)
            now = u.altitude if u is not None else None
            board = self.board()
            ground = board.prop(u.x, u.y, "elevation", 0) if u is not None and board is not None else 0
            if now is not None and a.altitude <= (ground or 0):
                return "Land"
            if now is not None and a.altitude < now:
                return f"Sink to elevation {a.altitude}"
            return f"Rise to elevation {a.altitude}"
        if isinstance(a, A.PickUp):
            return f"Pick up {self.item_or_unit(a.item)}"
        if isinstance(a, A.DropItem):
            return f"Put down {self.item_or_unit(a.item)}"
        if isinstance(a, A.Summon):
            return f"Summon {_title(a.weapon)} (arm {a.arm + 1})"
        if isinstance(a, A.Dismiss):
            return f"Dismiss {self.item_name(a.item)}"
        if isinstance(a, A.UseAbility):
            where = f" at {a.target[0]},{a.target[1]}" if a.target else ""
            return f"{_title(a.ability)}{where}"
        if isinstance(a, A.EndAbility):
            return f"End {_title(a.ability)}"
        if isinstance(a, A.Ready):
            return "Ready an attack"
        if isinstance(a, A.AssignArm):
            who = self.units_at(tuple(a.target))
            tgt = ", ".join(n(w) for w in who) if who else f"{a.target[0]},{a.target[1]}"
            return f"Arm {a.arm + 1} {a.mode} at {tgt}"
        if isinstance(a, A.UnassignArm):
            return f"Lower arm {a.arm + 1}"
        if isinstance(a, A.HandOver):
            return f"Hand arm {a.arm + 1}'s object to {n(a.to_unit)}"
        if isinstance(a, A.Strike):
            return "Strike"
        if isinstance(a, A.Shatter):
            return f"Shatter {self.item_name(a.item)}"
        if isinstance(a, A.Negotiate):
            return f"Negotiate with {n(a.target)}"
        if isinstance(a, A.Counter):
            return "No counter rolls" if a.count == 0 else f"Counter ×{a.count}"
        if isinstance(a, A.AssignBlocks):
            if not a.pairs:
                return "Block nothing"
            return "; ".join(self._block_words(a.unit, c, k) for c, k in a.pairs)
        if isinstance(a, A.ChooseLostArm):
            u = self.state.units.get(a.unit)
            held = ""
            if u is not None and 0 <= a.arm < len(u.arms) and u.arms[a.arm].holding:
                held = f" (drops {self.item_name(u.arms[a.arm].holding)})"
            return f"Lose arm {a.arm + 1}{held}"
        if isinstance(a, A.ChooseSide):
            return f"Throw it {a.side}"
        if isinstance(a, A.Rule):
            return self._ruling_words(a)
        if isinstance(a, EndTurn):
            return "End turn"
        return _title(getattr(a, "kind", type(a).__name__).split(".")[-1])

    def _ruling_words(self, a: Any) -> str:
        """A game-master choice in the engine's words: the label it put in the gm_call's data
        (the default one marked), else the rule and the choice."""
        try:
            for p in reversed(self.state.pending):
                if p.stage == "gm_call" and p.data.get("rule") == a.rule:
                    for value, label in p.data.get("choices", []):
                        if value == a.choice:
                            return str(label)
        except (TypeError, ValueError, AttributeError):
            pass
        return f"{a.rule}: {_title(a.choice)}"

    def _block_words(self, unit: str, c: int, k: int) -> str:
        """'Counter 21 stops Garnet's arm 2 (17)', read from the pending stage's data; plain
        indices when the data has another shape."""
        try:
            for p in reversed(self.state.pending):
                strike = p.data.get("strike", {})
                for fight in strike.get("fights", []):
                    if fight.get("target") == unit:
                        arm, total = fight["attacks"][k]
                        counter = fight["counters"][c]
                        who = self.unit_name(strike.get("attacker"))
                        return f"Counter {counter} stops {who}'s arm {arm + 1} ({total})"
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            pass
        return f"Counter {c + 1} blocks attack {k + 1}"

    # -- log and animation: core facts from presenters.eventlog, gems events from a table ------
    def log_lines(self, events: list) -> list[LogLine]:
        return self.event_log().lines(events, self.state.round)

    def event_log(self) -> EventLog:
        """The shared formatter with the gems words: verbs per movement mode, poofing, and the
        table of gems events (`_texts`)."""
        if self._event_log is None:
            self._event_log = EventLog(Wording(
                name=self.item_or_unit, side_name=self.side_name,
                moves=MOVE_VERBS, downed="poofs!", silent=SILENT, texts=self._texts(),
                tails={"gems.damage_taken": _damage_detail,
                       "gems.unit_poofed": lambda e: f" Her gemstone lies at {e.tile[0]},{e.tile[1]}"}))
        return self._event_log

    def _texts(self) -> dict[str, Any]:
        """Our words for each gems event that is not a core fact (kind -> line or text)."""
        n, it = self.unit_name, self.item_or_unit
        plural = lambda k, word: f"{k} {word}{'s' if k != 1 else ''}"  # noqa: E731
        return {
            "gems.round_started": lambda e: LogLine(f"Round {e.round} begins", INFO),
            "gems.turn_skipped": lambda e: f"{n(e.unit)} is skipped ({e.reason})",
            "gems.altitude_changed": lambda e: (
                f"{n(e.unit)} lands" if e.landed else
                f"{n(e.unit)} {'rises' if e.new > e.old else 'sinks'} to elevation {e.new}"),
            "gems.unit_fell": lambda e: LogLine(
                f"{n(e.unit)} falls {e.height}" + (f", taking {e.damage} damage" if e.damage else ""),
                DAMAGE if e.damage else INFO),
            "gems.gemstone_shattered": lambda e: LogLine(
                f"{n(e.by)} shatters {n(e.unit)}'s gemstone", DOWN),
            "gems.item_picked_up": lambda e: (f"{n(e.unit)} picks up {it(e.item)}"
                                              + (" as a load" if e.load else "")),
            "gems.item_put_down": lambda e: f"{n(e.unit)} puts down {it(e.item)}",
            "gems.item_summoned": lambda e: LogLine(
                f"{n(e.unit)} summons {it(e.item)} into arm {e.arm + 1}", INFO),
            "gems.item_dismissed": lambda e: f"{n(e.unit)} dismisses {it(e.item)}",
            "gems.item_moved": lambda e: f"{it(e.item)} moves to {e.tile[0]},{e.tile[1]}",
            "gems.ability_used": lambda e: LogLine(
                f"{n(e.unit)} uses {_title(e.ability)}" + (f" on {n(e.target)}" if e.target else ""),
                INFO),
            "gems.ability_ended": lambda e: f"{n(e.unit)}'s {_title(e.ability)} ends ({e.reason})",
            "gems.water_slowed": lambda e: LogLine(
                f"{n(e.unit)} wades in deep water: MS -{e.penalty} (now {e.ms})", INFO),
            "gems.current_resisted": lambda e: f"{n(e.unit)} holds against the current",
            "gems.current_carried": lambda e: LogLine(
                f"The current carries {n(e.unit)} {plural(e.moved, 'tile')} {e.direction}", INFO),
            "gems.negotiation_failed": lambda e: (
                f"{n(e.unit)}'s plea to {n(e.target)} fails ({e.roll} vs {e.against})"),
            "gems.truce_made": lambda e: LogLine(
                f"{n(e.unit)} and {n(e.target)} agree a truce "
                + ("for the encounter" if e.rounds < 0 else f"for {plural(e.rounds, 'round')}"), GOOD),
            "gems.truce_ended": lambda e: f"The truce between {n(e.unit)} and {n(e.target)} ends",
            "gems.carry_checked": lambda e: (f"{n(e.unit)} hauls {it(e.load)}" if e.success
                                             else f"{n(e.unit)} cannot move with {it(e.load)}"),
            "gems.ready_opened": lambda e: LogLine(f"{n(e.unit)} readies an attack", WARM),
            "gems.arm_assigned": lambda e: (
                f"{n(e.unit)} aims arm {e.arm + 1} ({e.mode}) at {self._aim_words(e.target)}"),
            "gems.object_handed_over": lambda e: f"{n(e.unit)} hands {it(e.item)} to {n(e.to_unit)}",
            "gems.counters_declared": lambda e: (
                f"{n(e.unit)} makes {plural(e.count, 'counter roll')}"),
            "gems.attack_blocked": lambda e: LogLine(
                f"{n(e.defender)} blocks {n(e.attacker)}'s arm {e.arm + 1} "
                f"({e.counter_total} beats {e.attack_total})", INFO),
            # a blocked attack has no line of its own: AttackBlocked said it
            # each result names its arm: a strike rolls every arm first, then the counters,
            # so a bare "hits" or "misses" did not say which roll it was
            "gems.attack_resolved": lambda e: (
                LogLine(f"{n(e.attacker)}'s arm {e.arm + 1} misses {n(e.target)} ({e.total})",
                        ROLL_FAIL) if not e.contact
                else None if e.blocked
                else LogLine(f"{n(e.attacker)}'s arm {e.arm + 1} hits {n(e.target)} "
                             f"for {e.damage}", DAMAGE)),
            "gems.disarm_checked": lambda e: (
                LogLine(f"Disarm! {e.attack_sum} beats {e.counter_sum}", FORCED) if e.success
                else f"No disarm ({e.attack_sum} vs {e.counter_sum})"),
            "gems.arm_lost": lambda e: LogLine(f"{n(e.unit)} loses arm {e.arm + 1}", FORCED),
            "gems.object_landed": lambda e: f"{it(e.item)} lands at {e.x},{e.y}",
            "gems.knocked_back": lambda e: (
                f"{it(e.thing)} is knocked back {e.moved}"
                + (f", stopped {e.wanted - e.moved} short" if e.moved < e.wanted else "")),
        }

    def _aim_words(self, target: Cell) -> str:
        who = self.units_at(tuple(target))
        return ", ".join(self.unit_name(w) for w in who) if who else f"{target[0]},{target[1]}"

    def animations(self, events: list) -> list[AnimStep]:
        """Animation steps: the core facts from the shared animator (moves, knockback slides,
        hits, heals, poofs); misses, blocks, disarms and truces float a word."""
        float_ = lambda unit, text, colour: AnimStep("float", unit, text=text, colour=colour)  # noqa: E731
        return Animator(downed_text="Poof!", extra={
            "gems.knocked_back": lambda e: (AnimStep("knock", e.thing, (tuple(e.start), tuple(e.end)))
                                            if e.thing in self.state.units else None),
            "gems.attack_resolved": lambda e: (None if e.contact
                                               else float_(e.target, "Miss", (200, 206, 214))),
            "gems.attack_blocked": lambda e: float_(e.defender, "Blocked", (150, 210, 255)),
            "gems.arm_lost": lambda e: float_(e.unit, "Disarmed", (240, 180, 90)),
            "gems.truce_made": lambda e: float_(e.unit, "Truce", (160, 220, 170)),
        }).steps(events)


#: verbs of a gems UnitMoved per mode (the shared formatter words the line)
MOVE_VERBS = {"walk": "walks", "climb": "climbs", "descend": "steps down", "drop": "drops",
              "fly": "flies", "leap": "leaps", "drift": "is swept by the current",
              "knockback": "is knocked back", "carried": "is carried"}
#: bookkeeping the log need not show
SILENT = frozenset({"gems.slots_spent", "gems.strike_resolved", "gems.encounter_started",
                    "gems.arm_unassigned"})


def _damage_detail(e: Any) -> str:
    """' (melee, 2 stopped)': the damage type (untyped says nothing) and what a shield stopped."""
    bits = [e.damage_type] if e.damage_type != "untyped" else []
    if e.prevented:
        bits.append(f"{e.prevented} stopped")
    return f" ({', '.join(bits)})" if bits else ""


def _normalise_reach(got: Any) -> list[tuple[Cell, int]]:
    """The engine's reachable() answer as (cell, cost) pairs, whatever shape it took: a dict
    cell -> cost (or -> record with .cost), or a list of (cell, cost) / records with .to/.cost."""
    out: list[tuple[Cell, int]] = []
    if not got:
        return out
    if isinstance(got, dict):
        for cell, v in got.items():
            if isinstance(v, int):
                cost = v
            elif isinstance(v, (tuple, list)) and v and isinstance(v[0], int):
                cost = v[0]
            else:
                cost = getattr(v, "cost", getattr(v, "slots", 1))
            out.append((tuple(cell), int(cost)))
        return out
    for entry in got:
        if isinstance(entry, (tuple, list)) and len(entry) >= 2 and isinstance(entry[0], (tuple, list)):
            out.append((tuple(entry[0]), int(entry[1])))
        else:
            cell = getattr(entry, "to", None) or getattr(entry, "cell", None)
            cost = getattr(entry, "cost", getattr(entry, "slots", 1))
            if cell is not None:
                out.append((tuple(cell), int(cost)))
    return out


def _preview_path(start: Cell, goal: Cell, cells: set[Cell]) -> list[Cell]:
    """A picture of the route: fewest 8-way steps through reachable cells (display only)."""
    return fewest_steps(start, goal, cells, lambda c: neighbours8(*c))


def _line(a: Cell, b: Cell) -> list[Cell]:
    """Cells on a straight line from a to b (for drawing a throw's flight)."""
    (x0, y0), (x1, y1) = a, b
    n = max(abs(x1 - x0), abs(y1 - y0))
    if n == 0:
        return [a]
    return [(round(x0 + (x1 - x0) * i / n), round(y0 + (y1 - y0) * i / n)) for i in range(n + 1)]
