"""The bindings presenter: a bindings battle (segments, things in flight, defensive answers) turned
into what the battle screen draws and logs, and map clicks turned into legal bindings actions.

Owns: token, panel and tile records for bindings combatants and hexes; the action bar of a
bindings turn (one button per move with its budget or cooldown state, a Movement menu for Move,
Dash, Dodge, Swim, Step, Continue and Stop, a Ready menu by trigger, End turn with what unused
actions buy in segment 3); targeting modes and their overlays (reachable hexes tinted per movement
mode from the engine's `movement.reachable`, path preview, valid targets, the line of sight with
cover and concealment from `sight.sight`); forecasts in words from `forecast.attack_odds`;
prompts for the "defend", "use_dodge", "circumstance" stages (each defend and dodge answer with
its exact odds from `forecast.defence_odds` and what it costs); the "opening" stage played on the
map; the words of each bindings event as a table (kind -> words) handed to the shared log
formatter and animator of game.client.presenters.eventlog, which word and animate the core facts.

Modes (strings the battle scene keeps): "moveto" (spend this segment's hexes of ongoing
movement), "mv:<mode>" (start a movement action), "use:<move>" (aim a move), "ready:<move>:<trigger>"
(aim a readied move), "open:<move>" (the pre-combat action, a move id or a movement mode).

Must not: decide a rule. Every action proposed is an element of `match.legal_actions()`; reach,
sight, odds and budgets come from engine functions, imported plainly (a missing helper is an
import error, never a quietly blank panel). Path previews between legal hexes are a picture
only. Never imports pygame.
"""
from __future__ import annotations

from typing import Any

from game.engine.actions import EndTurn
from game.engine.tactics.reach import fewest_steps
from game.engine.systems.bindings import actions as A
from game.engine.systems.bindings import budget as budget_rules
from game.engine.systems.bindings import combat as combat_rules
from game.engine.systems.bindings import content as content_mod
from game.engine.systems.bindings import forecast as forecast_rules
from game.engine.systems.bindings import movement as movement_rules
from game.engine.systems.bindings import speeds as speed_rules
from game.engine.systems.bindings.house import house as house_value
from game.engine.systems.bindings.sight import sight as engine_sight
from game.engine.systems.bindings.state import ABILITIES, ability_mod, round_segment

from game.client.presenters import (ActionButton, AnimStep, Cell, ClickResult, InitiativeEntry,
                                    ItemInfo, LogLine, Overlay, PanelLine, Presenter, Prompt,
                                    TilePanel, TokenInfo, UnitPanel)
from game.client.presenters.eventlog import Animator, EventLog, Wording
from game.client.systems.bindings.timing import remaining_budget

SIDE_COLOURS: tuple[tuple[int, int, int], ...] = ((74, 163, 255), (238, 96, 64), (110, 200, 120),
                                                  (190, 130, 240))
SIDE_NAMES = ("Blue", "Red", "Green", "Violet")

#: tint key per movement mode; 0 is "this segment's hexes of an ongoing movement"
MODE_KEYS = {"continue": 0, "move": 1, "dash": 2, "dodge": 3, "swim": 4, "step": 5}
COST_COLOURS = {0: (255, 212, 138), 1: (120, 220, 140), 2: (240, 150, 70), 3: (110, 200, 240),
                5: (210, 210, 190), 4: (90, 140, 240)}
MODE_NAMES = {"move": "Move", "dash": "Dash", "dodge": "Dodge", "swim": "Swim", "step": "Five-foot step"}
MODE_HELP = {
    "move": "A Move action: its rate in hexes this segment and the next (BND-52)",
    "dash": "A Move action: a faster straight run, this segment only (BND-53)",
    "dodge": "A Move action: a quick sidestep this segment; attacks on you have disadvantage "
             "while you dodge (BND-54)",
    "swim": "A Move action through water, over three segments (BND-55)",
    "step": "A Swift action: one hex (BND-56)",
}
TRIGGER_WORDS = {"enemy_in_range": "when an enemy comes in range", "attacked": "when attacked"}
COST_WORDS = {"full": "Full", "standard": "Standard", "move": "Move", "swift": "Swift",
              "free": "Free"}

DMG, GOOD, INFO, DIMC, WARMC = (255, 130, 110), (160, 220, 170), (150, 200, 230), (160, 168, 180), \
    (255, 212, 138)

def side_colour(side: int) -> tuple[int, int, int]:
    return SIDE_COLOURS[side % len(SIDE_COLOURS)]


def _colour(value: Any) -> tuple[int, int, int] | None:
    if isinstance(value, str) and value.startswith("#") and len(value) == 7:
        try:
            return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
        except ValueError:
            return None
    return None


def _title(text: str) -> str:
    return str(text).replace("_", " ").strip().capitalize()


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}{'es' if word.endswith(('x', 's')) else 's'}"


class BindingsPresenter(Presenter):
    """Reads a bindings `Match`; see the module docstring."""

    cost_colours = COST_COLOURS
    board_stages = ("act", "opening")
    tile_hint = "Hover a hex for its terrain."
    keys_hint = ("Space end turn · Tab find the acting one · Esc back",
                 "Wheel zoom · drag or WASD to pan")

    @staticmethod
    def side_colour(side: int) -> tuple[int, int, int]:
        return side_colour(side)

    def side_name(self, side: int) -> str:
        """A side as players read it: the team its seat picked (the engine's name for it), else
        its token colour ('Red side')."""
        return self.team_or_colour(self.state.side_names, SIDE_NAMES, side)

    def __init__(self, match: Any):
        super().__init__(match)
        self._reach_cache: dict[Any, dict[Cell, list[Cell]]] = {}
        self._sight_cache: dict[Any, Any] = {}
        self._odds_cache: dict[Any, Any] = {}
        # the match's own content (inline moves, talents and conditions laid over the shipped
        # set); it never changes during a match
        self.content = content_mod.content_of(match.state)
        self.look = content_mod.presentation()
        self._layout = None
        #: attack id -> (attacker, move, target) from AttackLaunched, so log lines can name an
        #: attack after it left the state
        self._attacks_seen: dict[str, tuple[str, str, str | None]] = {}
        #: draw the targeting sight line through the Overlay (False when the scene's flight
        #: overlay draws it instead, from sight_query)
        self.own_sight = True
        self._event_log: EventLog | None = None

    # -- basic reads ---------------------------------------------------------------------------
    def layout(self) -> Any:
        if self._layout is None:
            from game.engine.boards.hex import HexLayout
            self._layout = HexLayout.from_board(self.board())
        return self._layout

    def _state_changed(self) -> None:
        self._reach_cache.clear()
        self._sight_cache.clear()
        self._odds_cache.clear()

    def stage(self) -> str | None:
        d = self.match.decision
        return d.stage if d is not None else None

    def combatant(self, cid: str | None) -> Any:
        return self.state.combatants.get(cid) if cid else None

    def unit_name(self, cid: str | None) -> str:
        c = self.combatant(cid)
        return c.name if c is not None else (cid or "?")

    def move_def(self, move_id: str | None) -> Any:
        if not move_id or self.content is None:
            return None
        return self.content.moves.get(move_id)

    def move_name(self, move_id: str | None) -> str:
        if move_id in MODE_NAMES:
            return MODE_NAMES[move_id]
        m = self.move_def(move_id)
        return m.name if m is not None else _title(move_id or "")

    def condition_name(self, cond: str) -> str:
        if self.content is not None and cond in self.content.conditions:
            return self.content.conditions[cond].name
        return _title(cond)

    def colour(self, c: Any) -> tuple[int, int, int]:
        if self.look is not None:
            got = _colour(self.look.combatants.get(c.sheet, {}).get("colour"))
            if got:
                return got
        return (200, 200, 200)

    def outline(self, c: Any) -> tuple[int, int, int] | None:
        if self.look is not None:
            return _colour(self.look.combatants.get(c.sheet, {}).get("outline"))
        return None

    def condition_glyph(self, cond: str) -> tuple[str, tuple[int, int, int] | None]:
        if self.look is not None and cond in self.look.conditions:
            t = self.look.conditions[cond]
            return str(t.get("glyph", cond[:1].upper())), _colour(t.get("colour"))
        return cond[:2].title(), None

    def seg_name(self, tick: int) -> str:
        r, s = round_segment(tick)
        return f"S{s}" if r == self.state.round else f"round {r} S{s}"

    def acting_unit(self) -> str | None:
        st = self.state
        if st.opening is not None and not st.over:
            return st.opening
        return st.acting

    def turn_key(self) -> Any:
        st = self.state
        return (st.round, st.segment, st.turn, self.acting_unit(), st.opening is not None)

    # -- board contents -------------------------------------------------------------------------
    def tokens(self, seat: int | None = None) -> list[TokenInfo]:
        st = self.state
        out = []
        acting = self.acting_unit()
        tick = st.tick
        for c in st.combatants.values():
            if c.down:
                continue
            badges = []
            for cond in c.conditions:
                if cond.until >= 0 and tick >= cond.until:
                    continue
                glyph, _ = self.condition_glyph(cond.id)
                left = f" ({self._ticks_left(cond.until)})" if cond.until >= 0 else ""
                badges.append((glyph, f"{self.condition_name(cond.id)}{left}"))
            if any(m.owner == c.id for m in st.movements):
                badges.append(("M", "Moving: an ongoing movement action"))
            if any(p.subject == c.id for p in st.pushbacks):
                badges.append(("P", "Being pushed back"))
            if c.readied:
                badges.append(("R", f"Readied: {self.move_name(c.readied.get('move') or self._readied_move(c))}"))
            if c.defending and c.defend_tick == tick:
                badges.append(("D", f"Defending with {self.move_name(c.defending)}"))
            glyph = ""
            if self.look is not None:
                glyph = str(self.look.combatants.get(c.sheet, {}).get("glyph", ""))
            out.append(TokenInfo(c.id, c.name, c.side, c.x, c.y, 1, c.hp, c.max_hp,
                                 colour=self.colour(c), badges=tuple(badges),
                                 acting=c.id == acting, outline=self.outline(c), glyph=glyph))
        return out

    def _readied_move(self, c: Any) -> str:
        r = c.readied or {}
        act = r.get("action")
        if isinstance(act, dict):
            return str(act.get("move", ""))
        return ""

    def _ticks_left(self, until: int) -> str:
        n = until - self.state.tick
        return f"{_plural(n, 'segment')} left"

    def items(self, seat: int | None = None) -> list[ItemInfo]:
        return []

    def initiative(self) -> tuple[list[InitiativeEntry], int]:
        st = self.state
        order = list(st.seg_order) or list(st.order)
        acting = self.acting_unit()
        entries = []
        for cid in order:
            c = st.combatants.get(cid)
            if c is None:
                continue
            entries.append(InitiativeEntry(cid, c.name, c.side, self.colour(c),
                                           current=(cid == acting and not st.over), down=c.down,
                                           outline=self.outline(c)))
        return entries, st.round

    def unit_at(self, cell: Cell | None) -> str | None:
        if cell is None:
            return None
        for c in self.state.combatants.values():
            if not c.down and (c.x, c.y) == tuple(cell):
                return c.id
        return None

    # -- panels ---------------------------------------------------------------------------------
    def budget_words(self, c: Any) -> tuple[str, int]:
        """('Standard + Move', swifts left) from the engine's budget summary."""
        got = budget_rules.remaining(c)
        short = {"full": "Full", "standard": "Std", "move": "Move", "swift": "Swift"}
        opts = ["+".join(short.get(p, p) for p in o.split("+")) for o in got.get("options", [])]
        return (" / ".join(opts) if opts else "spent"), int(got.get("swifts", 0))

    def rates(self, c: Any) -> list[tuple[str, str]]:
        out = []
        for mode in ("move", "dash", "dodge", "swim"):
            r = speed_rules.rate(mode, c.base_speed, c.swim_speed)
            out.append((MODE_NAMES[mode], str(r)))
        return out

    def unit_panel(self, unit_id: str) -> UnitPanel | None:
        st = self.state
        c = st.combatants.get(unit_id)
        if c is None:
            return None
        stats = []
        for a in ABILITIES:
            m = ability_mod(c.scores.get(a, 10))
            stats.append((a, f"{c.scores.get(a, 10)} ({m:+d})", f"{a} score and its modifier"))
        stats += [("AB", f"+{c.ab}", "Attack Bonus: added to offence rolls"),
                  ("DB", f"+{c.db}", "Defense Bonus: added to defence rolls and the Reaction"),
                  ("Speed", f"{c.base_speed} ft", "Base speed; one hex is 5 ft")]
        sections: list[tuple[str, list[PanelLine]]] = []
        budget, swifts = self.budget_words(c)
        slot_free = c.slot_tick < st.tick
        bl = [PanelLine(budget, "Left", colour=WARMC if budget != "spent" else None,
                        tooltip="What this round's budget still allows: Full, or Standard + "
                                "Move, or Move + Move (BND-36)"),
              PanelLine(f"{swifts} of 2 · slot {'free' if slot_free else 'used'} this segment",
                        "Swifts", colour=None if slot_free else DIMC,
                        tooltip="Two Swift actions a round (BND-37); one action may be started "
                                "per turn (BND-07)")]
        rates = self.rates(c)
        if rates:
            # Move, Dash, Dodge on the line; all of them (Swim too) in its tooltip
            tip = ("Hexes per segment (H), plus bonus hexes once per action (+B), BND-51/71: "
                   + ", ".join(f"{n} {r}" for n, r in rates))
            bl.append(PanelLine(" · ".join(f"{n} {r}" for n, r in rates[:3]), "Rates",
                                tooltip=tip))
        if c.first_segment > 1 and st.round == 1:
            bl.append(PanelLine(f"acts from S{c.first_segment} of round 1", "Delayed",
                                colour=DMG))
        if c.unused_choice:
            bl.append(PanelLine({"rise": "rise in the order", "lead": "lead next round"}.get(
                c.unused_choice, c.unused_choice), "Unused"))
        sections.append((f"Round {st.round} · segment {st.segment}", bl))
        ongoing: list[PanelLine] = []
        etas = {atk.id: int(segs) for atk, segs, _hexes in combat_rules.incoming(st, c.id)}
        for m in st.movements:
            if m.owner == c.id:
                ongoing.append(PanelLine(f"{MODE_NAMES.get(m.mode, m.mode)}: {m.now} hexes now"
                                         f"{f' (+{m.bonus} bonus)' if m.bonus else ''}, "
                                         f"{_plural(m.segments_left, 'segment')} after", "Moving"))
        for a in st.attacks:
            if a.attacker == c.id and a.status != "done":
                ongoing.append(PanelLine(f"{self.move_name(a.move)} at {self.unit_name(a.target)}",
                                         "In flight", colour=WARMC))
            elif a.target == c.id and a.status != "done":
                eta = etas.get(a.id)
                when = f" · lands {self.seg_name(st.tick + eta)}" if eta is not None else ""
                ongoing.append(PanelLine(f"{self.move_name(a.move)} from "
                                         f"{self.unit_name(a.attacker)}{when}", "Incoming",
                                         colour=DMG, tooltip="If nobody moves (combat.incoming)"))
        if c.readied:
            ongoing.append(PanelLine(f"{self.move_name(self._readied_move(c))} "
                                     f"{TRIGGER_WORDS.get(c.readied.get('trigger', ''), '')}",
                                     "Readied"))
        if ongoing:
            sections.append(("Ongoing", ongoing))
        cds = []
        for mid in c.cooldowns:
            r = budget_rules.ready_round(st, c, mid)
            if r > st.round:
                cds.append(PanelLine(f"{self.move_name(mid)}: ready in round {r}", colour=DIMC))
        if cds:
            sections.append(("Cooldowns", cds))
        conds = []
        for cond in c.conditions:
            if cond.until >= 0 and st.tick >= cond.until:
                continue
            left = self._ticks_left(cond.until) if cond.until >= 0 else "until removed"
            desc = ""
            if self.content is not None and cond.id in self.content.conditions:
                desc = self.content.conditions[cond.id].description
            conds.append(PanelLine(f"{self.condition_name(cond.id)} · {left}", colour=WARMC,
                                   tooltip=desc))
        if conds:
            sections.append(("Conditions", conds))
        if c.down:
            sections.insert(0, ("Status", [PanelLine("Down: out of the fight", colour=DMG)]))
        sheet = c.sheet
        if self.look is not None:
            sheet = self.look.combatants.get(c.sheet, {}).get("title", sheet)
        sub = f"{SIDE_NAMES[c.side % len(SIDE_NAMES)]} side · {_title(sheet)} · level {c.level}"
        return UnitPanel(c.id, c.name, sub, c.side, self.colour(c), c.hp, c.max_hp,
                         self.outline(c), stats, [], [], None, None, sections)

    def tile_panel(self, cell: Cell) -> TilePanel | None:
        board = self.board()
        if board is None or not board.in_bounds(*cell):
            return None
        x, y = cell
        p = lambda name, d=None: board.prop(x, y, name, d)  # noqa: E731
        lines = [PanelLine(_title(str(p("terrain", "") or ("rock" if p("solid") else "ground"))),
                           "Terrain")]
        cost = int(p("move_cost", 1) or 1)
        if p("solid", False) or p("cover", False):
            lines.append(PanelLine("impassable", "Move", colour=DMG))
        else:
            lines.append(PanelLine(f"{cost} per hex" + (" (difficult)" if cost > 1 else ""),
                                   "Move"))
        if p("solid", False):
            lines.append(PanelLine("blocks sight and projectiles", "Solid", colour=DMG))
        if p("cover", False):
            lines.append(PanelLine("low: lines across it give cover",
                                   "Cover", colour=WARMC,
                                   tooltip="An attack whose centre line crosses it has "
                                           "disadvantage (BND-85/86)"))
        conceal = int(p("conceal", 0) or 0)
        if conceal:
            lines.append(PanelLine(f"level {conceal} per hex crossed", "Conceal", colour=GOOD,
                                   tooltip="Each level is a 1 in 6 chance to miss (BND-88..92)"))
        if p("dark", False):
            lines.append(PanelLine("total concealment for whoever stands here", "Dark",
                                   colour=(170, 160, 220)))
        if p("water", False):
            lines.append(PanelLine("only Swim enters", "Water", colour=(120, 180, 255)))
        for f in self.state.features:
            if tuple(cell) in [tuple(h) for h in f.cells] and (f.until < 0 or self.state.tick < f.until):
                what = "wall: blocks movement and sight" if f.kind == "wall" else \
                    f"veil: conceal {f.conceal}"
                lines.append(PanelLine(f"{self.move_name(f.move)} ({what})", "Feature",
                                       colour=WARMC))
        who = self.unit_at(cell)
        if who:
            lines.append(PanelLine(self.unit_name(who), "Here"))
        return TilePanel(f"Hex {x}, {y}", lines)

    # -- actions of this turn -------------------------------------------------------------------
    def turn_actions(self) -> list:
        if self.stage() not in self.board_stages:
            return []
        return self.legal()

    def default_mode(self) -> str | None:
        if self.stage() != "act":
            return None
        actor = self.acting_unit()
        legal = self.turn_actions()
        if any(isinstance(a, A.MoveTo) and a.actor == actor for a in legal):
            return "moveto"
        return None

    def keep_mode(self, action: Any, mode: str | None) -> bool:
        return False

    def finish_action(self) -> Any:
        if self.stage() == "opening":
            return next((a for a in self.legal() if isinstance(a, A.Opening) and a.move is None),
                        None)
        return EndTurn()

    def _moves_of(self, actor: str) -> list[str]:
        c = self.combatant(actor)
        return list(c.moves) if c is not None else []

    def buttons(self, selected: str | None, mode: str | None) -> list[ActionButton]:
        actor = self.acting_unit()
        legal = self.turn_actions()
        if self.stage() == "opening":
            return self._opening_buttons(actor, legal)
        mine = [a for a in legal if getattr(a, "actor", actor) == actor]
        uses: dict[str, list] = {}
        for a in mine:
            if isinstance(a, A.UseMove):
                uses.setdefault(a.move, []).append(a)
        c = self.combatant(actor)
        out: list[ActionButton] = []
        hot = 1
        for mid in self._moves_of(actor):
            opts = uses.get(mid, [])
            tip = self.move_tip(mid, c)
            label = self.move_name(mid)
            hk = str(hot) if hot <= 9 else ""
            hot += 1
            if not opts:
                why = self.why_not(mid, c)
                if why.startswith("\nCooling down: ready in round "):
                    label = f"{label} · R{why.rsplit(' ', 1)[-1].rstrip('.')}"
                out.append(ActionButton(f"move:{mid}", label, hk, False, tip + why))
                continue
            targeted = [a for a in opts if a.target is not None]
            if targeted:
                out.append(ActionButton(f"move:{mid}", label, hk, True, tip, mode=f"use:{mid}"))
            elif len(opts) == 1:
                out.append(ActionButton(f"move:{mid}", label, hk, True, tip, action=opts[0]))
            else:
                out.append(ActionButton(f"move:{mid}", label, hk, True, tip,
                                        actions=tuple((self.describe(a), a) for a in opts)))
        # movement: one menu
        entries: list[tuple[str, Any]] = []
        moveto = [a for a in mine if isinstance(a, A.MoveTo)]
        if moveto:
            left = self.hexes_now(actor)
            entries.append((f"Continue moving ({_plural(left, 'hex')} this segment)", "moveto"))
        for mode in ("move", "dash", "dodge", "swim", "step"):
            if any(isinstance(a, A.StartMovement) and a.mode == mode for a in mine):
                r = self._rate_words(c, mode)
                entries.append((f"{MODE_NAMES[mode]}{r}", f"mv:{mode}"))
        for a in mine:
            if isinstance(a, A.StopMoving):
                entries.append(("Stop moving (the rest is lost)", a))
        label = "Movement"
        if moveto:
            label = f"Move ({self.hexes_now(actor)} left)"
        out.append(ActionButton("movement", label, str(hot) if hot <= 9 else "", bool(entries),
                                "Start a movement action, or keep going with the one under way: "
                                "reachable hexes are tinted for the chosen kind",
                                actions=tuple(entries), topic="speed"))
        hot += 1
        ready_entries: list[tuple[str, Any]] = []
        seen = set()
        for a in mine:
            if isinstance(a, A.Ready):
                key = (a.move, a.trigger)
                if key in seen:
                    continue
                seen.add(key)
                if a.target is None:
                    ready_entries.append((f"{self.move_name(a.move)} "
                                          f"{TRIGGER_WORDS.get(a.trigger, a.trigger)}", a))
                else:
                    ready_entries.append((f"{self.move_name(a.move)} "
                                          f"{TRIGGER_WORDS.get(a.trigger, a.trigger)}…",
                                          f"ready:{a.move}:{a.trigger}"))
        out.append(ActionButton("ready", "Ready", str(hot) if hot <= 9 else "", bool(ready_entries),
                                "Hold a move until its trigger happens this round (BND-25)",
                                actions=tuple(ready_entries), topic="readied"))
        end_ok = any(isinstance(a, EndTurn) for a in legal)
        out.append(ActionButton("end_turn", "End turn", "Space", end_ok,
                                "Finish this turn; unused hexes of this segment are lost",
                                action=EndTurn(), primary=True, topic="segment"))
        return out

    def _opening_buttons(self, actor: str | None, legal: list) -> list[ActionButton]:
        opens = [a for a in legal if isinstance(a, A.Opening)]
        by: dict[str, list] = {}
        for a in opens:
            if a.move is not None:
                by.setdefault(a.move, []).append(a)
        out = []
        for i, (mid, acts) in enumerate(by.items()):
            hk = str(i + 1) if i < 9 else ""
            if len(acts) == 1 and acts[0].target is None:
                out.append(ActionButton(f"open:{mid}", self.move_name(mid), hk, True,
                                        "Act before round 1", action=acts[0]))
            else:
                out.append(ActionButton(f"open:{mid}", self.move_name(mid), hk, True,
                                        "Act before round 1: pick a hex", mode=f"open:{mid}"))
        none = next((a for a in opens if a.move is None), None)
        out.append(ActionButton("end_turn", "Begin combat", "Space", none is not None,
                                "Begin round 1 without an opening action", action=none,
                                primary=True))
        return out

    def _rate_words(self, c: Any, mode: str) -> str:
        segs = {"move": 2, "dash": 1, "dodge": 1, "swim": 3, "step": 1}
        if c is None:
            return ""
        r = speed_rules.rate(mode, c.base_speed, c.swim_speed)
        return f" · {r}" + (f" × {segs[mode]} segments" if segs.get(mode, 1) > 1 else "")

    def hexes_now(self, actor: str | None) -> int:
        """Hexes the ongoing movements still give this segment (the engine's count)."""
        if actor in self.state.combatants:
            return int(movement_rules.available(self.state, actor))
        return sum(m.now + m.boost for m in self.state.movements if m.owner == actor)

    def move_tip(self, mid: str, c: Any) -> str:
        m = self.move_def(mid)
        if m is None:
            return ""
        bits = [f"{COST_WORDS.get(m.action, m.action)} action", _title(m.kind)]
        if m.speed:
            bits.append(f"speed {m.speed}H")
        if m.range_ft:
            bits.append(f"range {m.range_ft} ft" + (" (increments)" if m.ranged == "increments" else ""))
        if m.damage_dice or m.damage_bonus:
            dmg = m.damage_dice or ""
            if m.damage_ability:
                dmg += f" + {m.damage_ability}"
            if m.damage_bonus:
                dmg += f" + {m.damage_bonus}"
            bits.append(f"damage {dmg.strip(' +')}")
        if m.pushback_ft:
            bits.append(f"pushback {m.pushback_ft} ft")
        if m.cooldown:
            bits.append(f"cooldown {_plural(m.cooldown, 'round')}")
        return " · ".join(bits) + (f". {m.description}" if m.description else "")

    def why_not(self, mid: str, c: Any) -> str:
        """Why a move cannot start now, in words (from the engine's budget helpers)."""
        if c is None:
            return ""
        st = self.state
        m = self.move_def(mid)
        if m is not None and m.cooldown:
            r = budget_rules.ready_round(st, c, mid)
            if r > st.round:
                return f"\nCooling down: ready in round {r}."
        if c.slot_tick >= st.tick and m is not None and m.action != "swift":
            return "\nAlready started an action this segment."
        if m is not None and not budget_rules.can_afford(st, c, m.action):
            return f"\nNo {COST_WORDS.get(m.action, m.action)} action left this round."
        return "\nNothing in range to aim at." if m is not None and m.range_ft else ""

    # -- reach and sight ------------------------------------------------------------------------
    def reach_paths(self, actor: str, mode: str) -> dict[Cell, list[Cell]]:
        """hex -> path from the engine's movement.reachable (empty when it is missing)."""
        self.legal()
        key = (actor, mode)
        if key in self._reach_cache:
            return self._reach_cache[key]
        raw = movement_rules.reachable(self.state, actor, mode)
        got = {tuple(k): [tuple(p) for p in v] for k, v in raw.items()}
        self._reach_cache[key] = got
        return got

    def sight(self, a: Cell, b: Cell, attacker: str | None) -> Any:
        self.legal()
        key = (a, b, attacker)
        if key not in self._sight_cache:
            self._sight_cache[key] = engine_sight(self.state, a, b, attacker)
        return self._sight_cache[key]

    def _path_to(self, start: Cell, goal: Cell, cells: set[Cell], engine: dict[Cell, list[Cell]]) -> list[Cell]:
        p = engine.get(goal)
        if p:
            return [start] + [c for c in p if c != start]
        lay = self.layout()
        return fewest_steps(start, goal, cells, lambda c: [tuple(n) for n in lay.neighbours(*c)])

    def _mode_cells(self, actor: str, mode: str) -> dict[Cell, Any]:
        """Legal destination hex -> its action for a movement mode ("moveto" or a mode name)."""
        out: dict[Cell, Any] = {}
        for a in self.turn_actions():
            if getattr(a, "actor", None) != actor:
                continue
            if mode == "moveto" and isinstance(a, A.MoveTo):
                out[tuple(a.to)] = a
            elif isinstance(a, A.StartMovement) and a.mode == mode:
                out[tuple(a.to)] = a
            elif isinstance(a, A.Opening) and a.move == mode and a.target is not None:
                out[tuple(a.target)] = a
        return out

    def _target_actions(self, actor: str, mode: str) -> dict[Cell, list]:
        """Target hex -> legal actions aiming there, for a use/ready/open mode."""
        out: dict[Cell, list] = {}
        kind, _, rest = mode.partition(":")
        move, _, trigger = rest.partition(":")
        for a in self.turn_actions():
            if getattr(a, "actor", None) != actor:
                continue
            if kind == "use" and isinstance(a, A.UseMove) and a.move == move and a.target is not None:
                out.setdefault(tuple(a.target), []).append(a)
            elif (kind == "ready" and isinstance(a, A.Ready) and a.move == move
                  and a.trigger == trigger and a.target is not None):
                out.setdefault(tuple(a.target), []).append(a)
            elif (kind == "open" and isinstance(a, A.Opening) and a.move == move
                  and a.target is not None):
                out.setdefault(tuple(a.target), []).append(a)
        for acts in out.values():
            # a talent's cheaper variant first: it is the default answer of the menu (it spends
            # one of the talent's uses this round, the menu's second line keeps the full cost)
            acts.sort(key=lambda a: not getattr(a, "reduce", False))
        return out

    @staticmethod
    def _movement_mode(mode: str | None) -> str | None:
        if mode == "moveto":
            return "moveto"
        if mode and mode.startswith("mv:"):
            return mode[3:]
        if mode and mode.startswith("open:") and mode[5:] in MODE_KEYS:
            return mode[5:]
        return None

    def overlay(self, mode: str | None, selected: str | None, hover: Cell | None) -> Overlay:
        ov = Overlay(cost_digits=False)
        actor = self.acting_unit()
        if actor is None or selected != actor or mode is None:
            return ov
        c = self.combatant(actor)
        here = (c.x, c.y)
        mv = self._movement_mode(mode)
        if mv is not None:
            cells = self._mode_cells(actor, mv)
            key = MODE_KEYS["continue" if mv == "moveto" else mv]
            ov.veil = True
            ov.cells = {cell: key for cell in cells if cell != here}
            label = ("This segment's hexes" if mv == "moveto"
                     else f"{MODE_NAMES.get(mv, mv)}{self._rate_words(c, mv)}")
            ov.legend = ((key, label),)
            if hover is not None and hover in ov.cells:
                engine = self.reach_paths(actor, None if mv == "moveto" else mv)
                ov.path = self._path_to(here, hover, set(ov.cells), engine)
                ov.marks = {hover: str(max(0, len(ov.path) - 1))}
            return ov
        targets = self._target_actions(actor, mode)
        move = mode.partition(":")[2].partition(":")[0]
        m = self.move_def(move)
        if m is not None and m.kind in ("structure", "area") and not m.is_attack:
            # a wall or veil is placed, not aimed at someone: the hexes it may go on, warm
            ov.cells = {cell: 0 for cell in targets}
            ov.legend = ((0, f"Place {m.name}"),)
            if hover is not None and hover in targets:
                ov.target_block = [hover]
            return ov
        ov.targets = set(targets)
        if m is not None and m.range_hexes:
            ov.range_cells = {tuple(h) for h in self.layout().area(here, m.range_hexes)
                              if self.board().in_bounds(*h)} - ov.targets - {here}
        if hover is not None and hover in targets:
            ov.target_block = [hover]
            s = self.sight(here, hover, actor) if self.own_sight else None
            if s is not None:
                colour = (255, 214, 120) if s.cover else ((150, 220, 160) if s.concealment else
                                                          (111, 194, 228))
                if s.lines:
                    a, b = s.lines[0]
                    ov.pixel_lines = [(a, b, colour)]
                if s.cover:
                    ov.cover_cells = {tuple(h) for h in s.blocked_by}
                ov.conceal_cells = {tuple(h) for h in s.concealed_by}
                if s.concealment:
                    ov.marks = {hover: f"{s.concealment}/6"}
            elif self.own_sight:
                ov.line = [here, hover]
        return ov

    def sight_query(self, mode: str | None, selected: str | None,
                    hover: Cell | None) -> tuple[Cell, Cell, str] | None:
        """(from hex, to hex, attacker) of the line of sight to show now: the acting combatant
        aiming a move at the hovered target; None otherwise."""
        actor = self.acting_unit()
        if (actor is None or selected != actor or mode is None or hover is None
                or self._movement_mode(mode) is not None):
            return None
        if hover not in self._target_actions(actor, mode):
            return None
        m = self.move_def(mode.partition(":")[2].partition(":")[0])
        if m is not None and not m.is_attack:
            return None             # a wall or veil is placed, not shot: no line to show
        c = self.combatant(actor)
        if (c.x, c.y) == tuple(hover):
            return None
        return (c.x, c.y), tuple(hover), actor

    def click(self, mode: str | None, selected: str | None, cell: Cell) -> ClickResult:
        actor = self.acting_unit()
        on_unit = self.unit_at(cell)
        if mode is None or actor is None or selected != actor:
            if on_unit:
                return ClickResult(select=on_unit)
            return ClickResult()
        mv = self._movement_mode(mode)
        if mv is not None:
            a = self._mode_cells(actor, mv).get(tuple(cell))
            if a is not None and tuple(cell) != (self.combatant(actor).x, self.combatant(actor).y):
                return ClickResult(action=a)
            if on_unit and on_unit != actor:
                return ClickResult(select=on_unit)
            return ClickResult(message="Out of reach for this movement")
        acts = self._target_actions(actor, mode).get(tuple(cell))
        if acts:
            if len(acts) == 1:
                return ClickResult(action=acts[0])
            return ClickResult(menu=tuple((self.describe(a), a) for a in acts))
        if on_unit and on_unit != actor:
            return ClickResult(message=f"{self.move_name(mode.partition(':')[2].partition(':')[0])} "
                                       f"cannot reach {self.unit_name(on_unit)} from here")
        return ClickResult(message="Nothing to aim at there")

    # -- forecasts ------------------------------------------------------------------------------
    def odds(self, attacker: str, move: str, target: Cell) -> Any:
        """The engine's exact AttackOdds (forecast.attack_odds), cached per state; None when the
        forecast is missing or refuses."""
        self.legal()
        key = (attacker, move, tuple(target))
        if key not in self._odds_cache:
            self._odds_cache[key] = forecast_rules.attack_odds(self.state, attacker, move, tuple(target))
        return self._odds_cache[key]

    def odds_words(self, odds: Any) -> str:
        """The forecast's own sentence ("Hit 62% · 3–8 dmg · 18% to drop · arrives S3")."""
        if odds is None:
            return ""
        return forecast_rules.tooltip(odds, self.state)

    def forecast(self, mode: str | None, selected: str | None, cell: Cell) -> str | None:
        actor = self.acting_unit()
        if actor is None or selected != actor or mode is None:
            return None
        c = self.combatant(actor)
        mv = self._movement_mode(mode)
        if mv is not None:
            cells = self._mode_cells(actor, mv)
            if tuple(cell) not in cells or tuple(cell) == (c.x, c.y):
                return None
            path = self._path_to((c.x, c.y), tuple(cell), set(cells), self.reach_paths(
                actor, None if mv == "moveto" else mv))
            n = max(0, len(path) - 1)
            head = (f"Move on to {cell[0]},{cell[1]}" if mv == "moveto"
                    else f"{MODE_NAMES.get(mv, mv)} to {cell[0]},{cell[1]}")
            return f"{head}\n{_plural(n, 'hex')} along the path"
        targets = self._target_actions(actor, mode).get(tuple(cell))
        move = mode.partition(":")[2].partition(":")[0]
        if not targets:
            return self._why_not(actor, move, tuple(cell))
        who = self.unit_at(cell)
        head = f"{self.move_name(move)} at {self.unit_name(who) if who else f'hex {cell[0]},{cell[1]}'}"
        lines = []
        m = self.move_def(move)
        if m is not None and not m.is_attack:
            for eff in m.effects:
                if eff.verb == "wall":
                    lines.append(f"A wall of {_plural(eff.hexes, 'hex')}, growing {m.speed} a "
                                 f"segment, for {_plural(eff.rounds, 'round')}: blocks movement "
                                 f"and sight")
                elif eff.verb == "veil":
                    lines.append(f"Concealment {eff.conceal} over {_plural(eff.hexes, 'hex')} "
                                 f"for {_plural(eff.rounds, 'round')}")
            return head + ("\n" + "\n".join(lines) if lines else "")
        if m is not None and m.is_attack:
            odds = self.odds(actor, move, tuple(cell))
            text = self.odds_words(odds)
            if text:
                lines.append(text)
                if getattr(odds, "reasons", ()):
                    lines.append("Edge: " + ", ".join(odds.reasons))
                return head + "\n" + "\n".join(lines)
        s = self.sight((c.x, c.y), tuple(cell), actor)
        if s is not None:
            if s.cover:
                lines.append("Cover: the attack has disadvantage")
            if s.concealment:
                lines.append(f"Concealment {s.concealment}: {s.concealment}/6 to miss outright")
        if m is not None and m.speed and m.kind == "projectile":
            d = self.layout().distance((c.x, c.y), tuple(cell))
            segs = max(1, -(-d // m.speed))
            t = self.state.tick + segs - 1
            lines.append(f"{_plural(d, 'hex')} at {m.speed}H: arrives {self.seg_name(t)}")
        return head + ("\n" + "\n".join(lines) if lines else "")

    def _why_not(self, actor: str, move: str, cell: Cell) -> str | None:
        """Why a creature under the pointer cannot be aimed at (so a missing target is never a
        silent mystery): out of reach, no line of sight, or total concealment."""
        who = self.unit_at(cell)
        m = self.move_def(move)
        if who is None or who == actor or m is None or not m.is_attack:
            return None
        c = self.combatant(actor)
        head = f"{self.move_name(move)}: cannot aim at {self.unit_name(who)}"
        d = self.layout().distance((c.x, c.y), cell)
        reach = combat_rules.max_range_hexes(self.state, m)
        if d > reach:
            return f"{head}\n{_plural(d, 'hex')} away; it reaches {_plural(reach, 'hex')}"
        s = self.sight((c.x, c.y), cell, actor)
        if s is not None and not s.can_see:
            at = ", ".join(f"{x},{y}" for x, y in getattr(s, "blocked_by", ())[:2])
            return f"{head}\nNo line of sight" + (f" (blocked at {at})" if at else "")
        if s is not None and s.concealment >= 3:
            return f"{head}\nTotally concealed: aim at a hex you guess instead"
        return head

    # -- prompts ----------------------------------------------------------------------------------
    def attack(self, attack_id: str | None) -> Any:
        return next((a for a in self.state.attacks if a.id == attack_id), None)

    def attack_words(self, attack_id: str) -> str:
        """"Aeromancer's Air Blast" for an attack in the state or seen launched; else "The
        attack"."""
        atk = self.attack(attack_id)
        if atk is not None:
            return f"{self.unit_name(atk.attacker)}'s {self.move_name(atk.move)}"
        seen = self._attacks_seen.get(attack_id)
        if seen is not None:
            return f"{self.unit_name(seen[0])}'s {self.move_name(seen[1])}"
        return "The attack"

    def prompt(self) -> Prompt | None:
        d = self.match.decision
        if d is None or d.stage in self.board_stages:
            return None
        legal = self.legal()
        if d.stage == "defend":
            return self._defend_prompt(d, legal)
        if d.stage == "use_dodge":
            return self._use_dodge_prompt(d, legal)
        if d.stage == "circumstance":
            words = {"advantage": "Advantage (+3d6)", "none": "No edge",
                     "disadvantage": "Disadvantage"}
            opts = tuple((words.get(a.edge, a.edge), a, "") for a in legal if isinstance(a, A.Judge))
            atk = None
            for a in legal:
                if isinstance(a, A.Judge):
                    atk = self.attack(a.attack)
                    break
            text = d.prompt or "Do the circumstances favour the attack?"
            if atk is not None:
                text = (f"{self.unit_name(atk.attacker)}'s {self.move_name(atk.move)} on "
                        f"{self.unit_name(atk.target)}: does the table call an edge?")
            return Prompt("Circumstances", text, opts)
        opts = tuple((self.describe(a), a, "") for a in legal)
        return Prompt(_title(d.stage), d.prompt or f"{self.unit_name(d.actor)} must choose", opts)

    def defence_odds(self, attack_id: str, option: str | None,
                     dodge: bool | None = None) -> Any:
        """The engine's exact DefenceOdds for an attack on its way (forecast.defence_odds),
        cached per state; None when the forecast is missing or refuses."""
        self.legal()
        key = ("defence", attack_id, option, dodge)
        if key not in self._odds_cache:
            got = None
            if self.attack(attack_id) is not None:
                got = forecast_rules.defence_odds(self.state, attack_id, option, dodge)
            self._odds_cache[key] = got
        return self._odds_cache[key]

    def defence_words(self, odds: Any) -> str:
        """"hit 41% · 18% to drop" from forecast.defence_words; "" without odds."""
        if odds is None:
            return ""
        return forecast_rules.defence_words(odds)

    def _house(self, rule_id: str) -> Any:
        """A house rule's value for this match (house.house)."""
        return house_value(self.state, rule_id)

    def _budget_after(self, cid: str | None, cost: str | None) -> str:
        """What would be left of `cid`'s round budget after spending `cost` (words)."""
        c = self.combatant(cid)
        if c is None:
            return ""
        spent, swifts = list(c.spent), c.swifts
        if cost == "swift":
            swifts += 1
        elif cost not in (None, "free"):
            spent.append(cost)
        left = remaining_budget(spent, swifts)
        swift = f" · {_plural(left.swifts_left, 'Swift')}" if left.swifts_left else ""
        return f"{left.text}{swift}"

    def _defend_prompt(self, d: Any, legal: list) -> Prompt:
        """The "defend" stage: one button per answer with its exact odds (forecast.defence_odds
        on the attack record, so cover, concealment and range fixed at launch count) and what
        it costs: a declared defence spends an action of the round and this segment's slot
        (BND-11/13); taking it costs nothing (the free Reaction, BND-46)."""
        defends = [a for a in legal if isinstance(a, A.Defend)]
        atk = self.attack(defends[0].attack) if defends else None
        target = self.combatant(d.actor)
        text = d.prompt or ""
        # GM-06: does a declared action resolve before the attack it answers?
        first = self._house("defend_order") != "attack_first"
        if atk is not None:
            who = self.unit_name(atk.target)
            text = (f"{self.unit_name(atk.attacker)}'s {self.move_name(atk.move)} reaches "
                    f"{who} in {self.seg_name(self.state.tick)}, before {who}'s own turn.")
            text += ("\nA defence uses this segment's slot and an action of the round; it "
                     + ("resolves on your turn, then the attack lands." if first else
                        "resolves on your turn, after the attack has landed."))
            if target is not None:
                left = self._budget_after(target.id, None)
                if left:
                    text += f"\nLeft this round: {left}."
        opts = []
        for a in defends:
            odds = self.defence_odds(a.attack, a.move)
            words = self.defence_words(odds)
            mdef = self.move_def(a.move) if a.move not in (None, "dodge") else None
            if a.move is None:
                name, cost = "Take it", None
                lines = ["No action: the free Reaction (DB + INT) defends",
                         "Keeps this segment's slot and the round's budget"]
            else:
                if a.move == "dodge":
                    name, cost = "Dodge", "move"
                    lines = ["The attack rolls at a disadvantage",
                             "Your dodge hexes come on your turn"]
                else:
                    cost = mdef.action if mdef is not None else None
                    name = (f"Counter: {self.move_name(a.move)}"
                            if mdef is not None and mdef.can_counter else self.move_name(a.move))
                    if mdef is not None and mdef.defence:
                        lines = [f"Defend with DB + {mdef.defence} + 2d6 instead of the Reaction"]
                    else:
                        lines = [f"{self.move_name(a.move)} takes effect "
                                 f"{'before' if first else 'after'} the attack lands"]
                cost = getattr(odds, "cost", None) or cost
                left = self._budget_after(d.actor, cost)
                lines.append(f"Costs a {COST_WORDS.get(cost or '', cost)} action and this "
                             f"segment's slot")
                lines.append(f"Leaves {left or 'nothing'} this round")
            price = COST_WORDS.get(cost, "") if cost else "free"
            label = f"{name} ({price})" + (f" — {words}" if words else "")
            if odds is not None and getattr(odds, "max_damage", 0) > 0:
                lo, hi = odds.min_damage, odds.max_damage
                lines.append(f"{lo}–{hi} damage on a hit" if lo != hi else f"{lo} damage on a hit")
            tip = "\n".join(lines)
            opts.append((label, a, tip))
        opts.sort(key=lambda o: o[1].move is None)
        return Prompt("Defend?", text, tuple(opts))

    def _use_dodge_prompt(self, d: Any, legal: list) -> Prompt:
        """The "use_dodge" stage (BND-54, GM-30): spend this segment's Dodge on the attack or
        keep it, each with its exact odds."""
        opts = []
        atk = None
        for a in legal:
            if not isinstance(a, A.UseDodge):
                continue
            atk = self.attack(a.attack) or atk
            words = self.defence_words(self.defence_odds(a.attack, None, a.use))
            label = "Use the Dodge" if a.use else "Keep the Dodge"
            tip = ("Spend this segment's dodge on this attack: it rolls at a disadvantage"
                   if a.use else "This attack resolves without the dodge\nThe dodge stays "
                   "for another attack this segment")
            opts.append((label + (f" — {words}" if words else ""), a, tip))
        text = d.prompt or ""
        if atk is not None:
            text = (f"{self.unit_name(atk.attacker)}'s {self.move_name(atk.move)} reaches "
                    f"{self.unit_name(d.actor)}. Spend the Dodge on it?")
        return Prompt("Dodge?", text, tuple(opts))

    @staticmethod
    def _pct(p: Any) -> str:
        try:
            return f"{round(float(p) * 100)}%"
        except (TypeError, ValueError):
            return "?"

    def _prompt_attack(self) -> Any:
        """The attack record the pending prompt answers (a defence, a dodge), or None."""
        if self.match.decision is None:
            return None
        for a in self.legal():
            atk_id = getattr(a, "attack", None)
            if atk_id:
                atk = self.attack(atk_id)
                if atk is not None:
                    return atk
        return None

    def prompt_focus(self) -> list[str]:
        atk = self._prompt_attack()
        return [atk.attacker] if atk is not None else []

    def prompt_focus_cells(self) -> list[tuple[int, int]]:
        """The hex the attack a prompt answers has reached (the projectile on the map)."""
        atk = self._prompt_attack()
        return [tuple(atk.pos)] if atk is not None else []

    def unused_actions(self) -> str | None:
        if self.stage() != "act":
            return None
        actor = self.acting_unit()
        c = self.combatant(actor)
        if c is None:
            return None
        starts = [a for a in self.legal() if isinstance(a, (A.UseMove, A.StartMovement))
                  and getattr(a, "actor", None) == actor]
        if c.slot_tick < self.state.tick and starts:
            return (f"{c.name} has not started an action this segment. End the turn anyway?")
        if any(isinstance(a, A.MoveTo) and a.actor == actor for a in self.legal()):
            return f"{c.name} still has hexes to move this segment; they are lost. End the turn?"
        return None

    def end_turn_choices(self) -> list[tuple[str, Any, str]]:
        actor = self.acting_unit()
        spends = [a for a in self.legal() if isinstance(a, A.SpendUnused) and a.actor == actor]
        if not spends:
            return []
        n = budget_rules.unused_ranks(self.combatant(actor))
        out = []
        for a in spends:
            if a.mode == "rise":
                out.append((f"Rise {_plural(n, 'rank')} in the order", a,
                            "At the end of the round the unused budget moves you up (BND-27/28)"))
            elif a.mode == "lead":
                out.append(("Lead the first segment of next round", a,
                            "Go first in next round's S1 only (BND-29)"))
        out.append(("Just end the turn", None, "The unused budget is lost"))
        return out

    def end_turn_question(self) -> str:
        c = self.combatant(self.acting_unit())
        return f"{c.name if c else 'This combatant'} did not spend its whole budget this round."

    # -- words ------------------------------------------------------------------------------------
    def describe(self, a: Any) -> str:
        if isinstance(a, A.UseMove):
            where = ""
            if a.target is not None:
                who = self.unit_at(a.target)
                where = f" at {self.unit_name(who)}" if who else f" at {a.target[0]},{a.target[1]}"
            red = " (talent: one step cheaper)" if a.reduce else ""
            return f"{self.move_name(a.move)}{where}{red}"
        if isinstance(a, A.StartMovement):
            return f"{MODE_NAMES.get(a.mode, a.mode)} to {a.to[0]},{a.to[1]}"
        if isinstance(a, A.MoveTo):
            return f"Move on to {a.to[0]},{a.to[1]}"
        if isinstance(a, A.StopMoving):
            return "Stop moving"
        if isinstance(a, A.Ready):
            where = f" at {a.target[0]},{a.target[1]}" if a.target is not None else ""
            return f"Ready {self.move_name(a.move)}{where} {TRIGGER_WORDS.get(a.trigger, a.trigger)}"
        if isinstance(a, A.SpendUnused):
            return "Rise in the order" if a.mode == "rise" else "Lead next round"
        if isinstance(a, A.Defend):
            return "Take it (Reaction)" if a.move is None else f"Defend: {self.move_name(a.move)}"
        if isinstance(a, A.UseDodge):
            return "Use the Dodge" if a.use else "Keep the Dodge"
        if isinstance(a, A.Opening):
            if a.move is None:
                return "Begin without an opening action"
            where = f" at {a.target[0]},{a.target[1]}" if a.target is not None else ""
            return f"Opening: {self.move_name(a.move)}{where}"
        if isinstance(a, A.Judge):
            return _title(a.edge)
        if isinstance(a, EndTurn):
            return "End turn"
        return _title(getattr(a, "kind", type(a).__name__).split(".")[-1])

    # -- log and animation: core facts from presenters.eventlog, bindings events from a table --
    def log_lines(self, events: list) -> list[LogLine]:
        return self.event_log().lines(events, self.state.round)

    def _line(self, e: Any, rnd: int) -> LogLine | None:
        """The line for one event (the words alone, for tests)."""
        return self.event_log().line(e, rnd)

    def event_log(self) -> EventLog:
        """The shared formatter with the bindings words: verbs per movement mode, the
        initiative in sixes, and the table of bindings events (`_texts`)."""
        if self._event_log is None:
            n, mv = self.unit_name, self.move_name
            self._event_log = EventLog(Wording(
                name=n, side_name=self.side_name, moves=MOVE_VERBS,
                initiative="Initiative (sixes)", silent=SILENT, texts=self._texts(),
                tails={
                    "bnd.combatant_moved": lambda e: (f" · {_plural(e.left, 'hex')} left"
                                                      if e.left else ""),
                    "bnd.combatant_pushed": lambda e: (f", {e.remaining} to come"
                                                       if e.remaining else ""),
                    "bnd.damage_dealt": lambda e: f" from {mv(e.source)}",
                    "bnd.initiative_ranked": lambda e: (
                        " · delayed: " + ", ".join(f"{n(c)} until S{s}" for c, s in e.delayed)
                        if e.delayed else ""),
                }))
        return self._event_log

    def _texts(self) -> dict[str, Any]:
        """Our words for each bindings event that is not a core fact (kind -> line or text)."""
        n, mv = self.unit_name, self.move_name
        return {
            "bnd.battle_started": lambda e: LogLine(
                f"Battle begins · {len(e.combatants)} combatants", INFO),
            "bnd.segment_started": lambda e: LogLine(
                f"Round {e.round} · segment {e.segment}: " + " › ".join(n(c) for c in e.order),
                (111, 194, 228), (), e.round),
            "bnd.turn_skipped": lambda e: LogLine(f"{n(e.actor)} waits ({e.reason})", DIMC),
            "bnd.rank_changed": lambda e: LogLine(
                f"{n(e.actor)} moves from rank {e.before} to {e.after} ({e.reason})", INFO),
            "bnd.unused_spent": lambda e: LogLine(
                f"{n(e.actor)} " + ("will rise in the order" if e.mode == "rise"
                                    else "will lead next round"), INFO),
            "bnd.action_started": self._action_started_words,
            "bnd.cooldown_started": lambda e: LogLine(
                f"{mv(e.move)} of {n(e.actor)} is ready again in round {e.ready_round}", DIMC),
            "bnd.action_readied": lambda e: LogLine(
                f"{n(e.actor)} readies {mv(e.move)} {TRIGGER_WORDS.get(e.trigger, e.trigger)}", INFO),
            "bnd.readied_fired": lambda e: LogLine(
                f"{n(e.actor)}'s readied {mv(e.move)} goes off ({n(e.cause)})", WARMC),
            "bnd.readied_lapsed": lambda e: LogLine(f"{n(e.actor)}'s readied {mv(e.move)} lapses", DIMC),
            "bnd.movement_ended": lambda e: (None if e.reason == "done" else LogLine(
                f"{n(e.actor)}'s {MODE_NAMES.get(e.mode, e.mode)} ends ({e.reason})", DIMC)),
            "bnd.movement_suspended": lambda e: LogLine(
                f"{n(e.actor)} cannot move while being pushed", DIMC),
            "bnd.pushback_started": lambda e: LogLine(
                f"{n(e.subject)} is pushed back {_plural(e.hexes, 'hex')} ({e.rate} per segment)",
                (240, 180, 90)),
            "bnd.pushback_ended": lambda e: (None if e.reason == "complete" else LogLine(
                f"{n(e.subject)}'s push stops against an obstacle", DIMC)),
            "bnd.attack_launched": self._attack_launched_words,
            "bnd.attack_stopped": lambda e: LogLine(
                f"{self.attack_words(e.attack)} {STOP_WORDS.get(e.reason, e.reason)}", DIMC),
            "bnd.attack_contacted": lambda e: LogLine(
                f"{self.attack_words(e.attack)} reaches {n(e.target)}"
                + (" (it lands on their turn)" if e.deferred else ""), (240, 180, 90)),
            "bnd.defence_declared": lambda e: (
                LogLine(f"{n(e.actor)} takes it", DIMC) if e.move is None
                else LogLine(f"{n(e.actor)} answers with {mv(e.move)}", INFO)),
            "bnd.attack_resolved": self._attack_resolved_words,
            "bnd.condition_gained": lambda e: LogLine(
                f"{n(e.target)} is {self.condition_name(e.condition).lower()}"
                + (f" until {self.seg_name(e.until)}" if e.until >= 0 else ""), (240, 200, 90)),
            "bnd.condition_ended": lambda e: LogLine(
                f"{n(e.target)} is no longer {self.condition_name(e.condition).lower()}", DIMC),
            "bnd.feature_placed": lambda e: LogLine(
                f"{mv(e.move)} {'rises' if e.what == 'wall' else 'spreads'} over "
                f"{_plural(len(e.cells), 'hex')}", INFO),
            "bnd.feature_faded": lambda e: LogLine("A wall or veil fades", DIMC),
            "bnd.fatigue_checked": lambda e: LogLine(
                f"{n(e.actor)} fatigue check {e.total} vs {e.dc}: "
                f"{'holds' if e.passed else 'exhausted'}", INFO),
        }

    def _action_started_words(self, e: Any) -> LogLine:
        n = self.unit_name
        cost = COST_WORDS.get(e.cost, e.cost)
        if e.move in MODE_NAMES:
            return LogLine(f"{n(e.actor)} starts a {MODE_NAMES[e.move]} ({cost})", (210, 206, 196))
        at = ""
        if e.target is not None:
            who = self.unit_at(e.target)
            at = f" at {n(who)}" if who else f" at {e.target[0]},{e.target[1]}"
        red = ", reduced" if e.reduced else ""
        return LogLine(f"{n(e.actor)} uses {self.move_name(e.move)}{at} ({cost}{red})", WARMC)

    def _attack_launched_words(self, e: Any) -> LogLine:
        n, mv = self.unit_name, self.move_name
        # remembered so later lines can name the attack after it left the state
        self._attacks_seen[e.attack] = (e.actor, e.move, e.target)
        who = n(e.target) if e.target else f"hex {e.aim[0]},{e.aim[1]}"
        mdef = self.move_def(e.move)
        if mdef is not None and mdef.kind == "melee":
            return LogLine(f"{n(e.actor)} strikes at {who} with {mv(e.move)}", WARMC)
        bits = (["cover"] if e.cover else []) + \
            ([f"concealment {e.concealment}"] if e.concealment else []) + \
            ([f"range {e.range_penalty}"] if e.range_penalty else [])
        eta = (self.seg_name(self.state.tick + max(1, e.segments) - 1) if e.segments > 1
               else "this segment")
        extra = f" [{', '.join(bits)}]" if bits else ""
        return LogLine(f"{n(e.actor)}'s {mv(e.move)} flies at {who}, arrives {eta}{extra}", WARMC)

    def _attack_resolved_words(self, e: Any) -> LogLine:
        n = self.unit_name
        target = n(e.target) if e.target else "the hex"
        nums = f" ({e.offence} vs {e.defence})" if e.offence or e.defence else ""
        edge = f", {e.edge}" if e.edge != "none" else ""
        why = f": {', '.join(e.reasons)}" if e.reasons else ""
        if e.outcome == "hit":
            return LogLine(f"{n(e.actor)} hits {target}{nums}{edge}{why}", DMG)
        if e.outcome == "concealed":
            return LogLine(f"{n(e.actor)} misses {target}: lost in concealment", DIMC)
        if e.outcome == "empty":
            return LogLine(f"{n(e.actor)} strikes an empty hex", DIMC)
        return LogLine(f"{n(e.actor)} misses {target}{nums}{edge}{why}", DIMC)

    def animations(self, events: list) -> list[AnimStep]:
        """Animation steps: the core facts from the shared animator (moves, pushes, hits,
        downs); misses, blocked flights and conditions float a word."""
        grey = (200, 206, 214)
        return Animator(downed_text="Down", extra={
            "bnd.attack_resolved": lambda e: (
                AnimStep("float", e.target, text="Miss" if e.outcome == "miss" else "Lost",
                         colour=grey)
                if e.outcome in ("miss", "concealed") and e.target else None),
            "bnd.attack_stopped": lambda e: (
                AnimStep("float", None, text="Blocked", colour=grey, cell=tuple(e.at))
                if e.at is not None else None),
            "bnd.condition_gained": lambda e: AnimStep(
                "float", e.target, text=self.condition_name(e.condition), colour=(240, 200, 90)),
        }).steps(events)


#: verbs of a bindings movement per mode (the shared formatter words the line)
MOVE_VERBS = {"move": "moves", "dash": "dashes", "dodge": "dodges", "swim": "swims",
              "step": "steps", "pushed": "is pushed"}
STOP_WORDS = {"blocked": "is stopped by an obstacle", "short": "falls short",
              "target_gone": "has no one to hit"}
#: bookkeeping the log need not show (segment_started announces each segment's turns)
SILENT = frozenset({"turn_started", "bnd.attack_advanced"})
