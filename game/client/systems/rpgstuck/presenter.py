"""The rpgstuck presenter: an rpgstuck match as the generic battle screen draws it, and map
clicks turned into legal rpgstuck actions.

Owns: tokens (footprints, HP bar with temp HP, condition badges, the reaction left, horde
strength), the initiative tracker, the unit and square panels, the action bar of a turn (Move,
each attack abilitech, Aim, Assail, Avert, Shift, Dash, Stand up, Shove, Hide, Finish, End
turn), the targeting overlays (reach with movement costs and a path preview from the engine's
`rules.reach`; targets with their cover and light, a line of sight), the forecast on hover from
the engine's odds, the called-shot picker when the engine lists called shots, the Block prompt
with its odds, what a side may see (the engine's `view`: unseen enemies are not drawn, their
last known squares are), and the words of each rpgstuck event for the shared log formatter and
animator (game.client.presenters.eventlog).

Must not: decide a rule. Every action it proposes is one of `legal()`; reach, sight, cover,
light, advantage and odds come from engine functions. It never draws (render/ and layers.py do)
and never imports pygame.
"""
from __future__ import annotations

from typing import Any

from game.engine.actions import Concede, EndTurn
from game.engine.events import DiceRolled
from game.engine.systems.rpgstuck import (area, arith, attack, called, flight, grapple,
                                          heights, jumps, limbs, moves, mount, opportunity, rolls,
                                          rules, seize, sight, tools)
from game.engine.systems.rpgstuck import odds as rs_odds
from game.engine.systems.rpgstuck.actions import (Aim, Assail, Attack, Avert, Block, Dash,
                                                  Discern, Dismount, Escape, Finish, Grapple,
                                                  Haul, Hide, Mount, Move, PickUp, Release,
                                                  LongJump, Resist, Seize, Shift, StretchJump, SwapLimb,
                                                  Teleport, Shove, StandUp, AreaAttack,
                                                  UseStep, Fly, HoldAloft, Opportunity)
from game.engine.systems.rpgstuck.attack import AVERT_DIE, BLOCK_STAGE
from game.engine.systems.rpgstuck.forecast import opportunity as forecast_opportunity, predict
from game.engine.systems.rpgstuck.content import part_y
from game.engine.systems.rpgstuck.profiles import (Profile, block_reaction, content_of, is_attack,
                                                   profile)
from game.engine.systems.rpgstuck.state import Creature, RpgState
from game.engine.systems.rpgstuck.terrain import field_of
from game.engine.tactics import pending

from game.client.presenters import (ActionButton, AnimStep, Cell, ClickResult, InitiativeEntry,
                                    LogLine, Overlay, PanelLine, Prompt,
                                    TilePanel, TokenInfo, UnitPanel)
from game.client.presenters.eventlog import (DAMAGE, FORCED, GOOD, INFO, ROLL_FAIL, WARM,
                                             Animator, EventLog, Wording, title)
from game.client.presenters.seatview import SeatViewPresenter
from game.client.presenters.words import pct
from game.client.systems.rpgstuck import looks

#: reach tints: plain 5 ft squares, a path through costly ground, and beyond a walk (Dash)
COST_COLOURS = {1: (120, 220, 140), 2: (240, 190, 80), 3: (240, 110, 80),
                4: (110, 180, 240), 5: (200, 140, 240)}
COVER_MARK = {"half": "½ cover", "threequarter": "¾ cover", "full": "full cover"}
LIGHT_WORDS = {"dark": "darkness", "dim": "dim light", "bright": "bright light"}
SEEN_LINE = (120, 220, 140)
COVER_LINE = (240, 190, 80)
BLIND_LINE = (170, 170, 180)
#: how many action-bar buttons get a number key (1-9)
HOTKEYS = 9
MOVE_VERBS = {"walk": "walks", "shift": "shifts", "pushed": "is pushed", "fall": "falls",
              "climb": "climbs", "swim": "swims", "jump": "jumps", "fly": "flies",
              "teleport": "teleports"}


#: the actions the bar, the map and the prompts offer by their own controls
_ON_THE_BAR = (Move, Shift, Attack, Aim, Assail, Avert, Dash, StandUp, Hide, Shove, Discern,
               Finish, Grapple, Block, Fly, HoldAloft, Opportunity, LongJump, StretchJump,
               AreaAttack, EndTurn, Concede)
#: targeting modes that pick a creature on the map for an action naming its square
_AT_SQUARE = {"shove": Shove, "finish": Finish, "discern": Discern, "grapple": Grapple}
#: conditions that name another creature (its name follows the badge's words)
_WITH_WHOM = {"grappled": "by", "grappling": "", "mounted": "", "ridden": "by", "marked": "by",
              "carried": "by"}


class RpgStuckPresenter(SeatViewPresenter):
    """Reads an rpgstuck `Match`; see the module docstring."""

    cost_colours = COST_COLOURS
    #: tint keys of the squares a leap reaches (RS-107) and of those it reaches on a check
    #: (SM-06), beside 1 and 2 for walking
    JUMP, JUMP_CHECK = 4, 5
    keys_hint = ("1-9 actions · click a foe to attack · Space ends",
                 "Right click backs out · wheel zoom · WASD pan")
    tile_hint = "Point at a square: its ground, cover and light"

    side_colours = looks.SIDE_COLOURS
    side_colour_names = looks.SIDE_NAMES

    # -- what the viewing seat may see ---------------------------------------------------------
    def seen(self) -> RpgState:
        return super().seen()

    def _shown(self, c: Creature) -> bool:
        """Drawn as a token: on the board and not an unseen enemy the view keeps only because
        it is acting (it stands on its last known square, marked hidden)."""
        if c.status not in ("up", "unconscious") or c.x < 0:
            return False
        return not (self.seat is not None and c.side != self.seat and c.hidden)

    def creature(self, uid: str | None) -> Creature | None:
        """A creature the viewing seat may see (None for one it may not)."""
        if uid is None:
            return None
        c = self.seen().creatures.get(uid)
        return c if c is not None and self._shown(c) else None

    def dropped_tools(self) -> list[tuple[Cell, str]]:
        """(square, "Ogre's Club") for every tool lying on the map (AMB-09); a tool on the
        ground is in plain sight, so every seat sees it."""
        out = []
        for c in self.state.creatures.values():
            for part, (x, y) in sorted(c.dropped.items()):
                out.append(((x, y), f"{self.unit_name(c.id)}'s "
                                    f"{self._anatomy_name(c.id, part)}"))
        return out

    def last_known(self) -> list[tuple[Cell, int, str]]:
        """(square, footprint, name) where the viewing seat last saw each enemy it no longer
        perceives (issue #13: last known positions are marked)."""
        if self.seat is None or self.state.over:
            return []
        seen = self.seen()
        out = []
        for cid, (x, y) in seen.last_seen.get(str(self.seat), {}).items():
            c = seen.creatures.get(cid)
            if c is not None and self._shown(c):
                continue
            real = self.state.creatures.get(cid)
            if real is None or real.status not in ("up", "unconscious"):
                continue
            # name and size are what the side saw of it, not where it is now
            out.append(((x, y), real.size, self.unit_name(cid)))
        return sorted(out)

    def light(self) -> dict[Cell, str]:
        """Each square that is not brightly lit and its light (RS-101, map sources counted)."""
        f = field_of(self.board())
        return {cell: f.light_at(cell) for cell in f.cells() if f.light_at(cell) != "bright"}

    # -- names and looks -----------------------------------------------------------------------
    def acting_unit(self) -> str | None:
        st = self.state
        return None if st.over else st.acting.id

    def _horde(self, c: Creature) -> bool:
        entry = content_of(self.state).creatures.get(c.entry)
        return entry is not None and entry.traits.horde

    def _badges(self, c: Creature) -> tuple[tuple[str, str], ...]:
        out: list[tuple[str, str]] = []
        if c.status == "unconscious":
            out.append(("KO", "Unconscious: out of the fight"))
        if c.hidden:
            out.append(("H", "Hidden: the other side does not know where it is"))
        if self._horde(c):
            s = rolls.horde_strength(c.hp, c.max_hp)
            out.append((f"+{s}", f"Horde strength +{s} to hit and damage (by its HP in thirds)"))
        if c.up and block_reaction(self.state, c) is not None:
            if attack.can_block(self.state, c):
                out.append(("R", "Reaction ready: it can Block an attack"))
        seen: set[str] = set()
        for cond in c.conditions:
            if cond.id in seen:
                continue
            seen.add(cond.id)
            letters, words = looks.condition_look(cond.id)
            if cond.id in _WITH_WHOM and cond.source and cond.source != c.id:
                words = f"{words} ({_WITH_WHOM[cond.id]} {self.unit_name(cond.source)})".replace(
                    "( ", "(")
            if cond.id == "cripple":
                letters, words = f"C{c.total('cripple')}", f"{words} by {c.total('cripple')} ft"
            out.append((letters, words))
        return tuple(out)

    # -- board contents --------------------------------------------------------------------------
    def tokens(self, seat: int | None = None) -> list[TokenInfo]:
        st = self.seen()
        acting = None if st.over else st.order[st.index]
        out = []
        for c in st.creatures.values():
            if not self._shown(c):
                continue
            colour, glyph = looks.creature_look(c.entry, c.name)
            out.append(TokenInfo(c.id, self.unit_name(c.id), c.side, c.x, c.y, c.size, c.hp, c.max_hp,
                                 temp_hp=c.temp_hp, colour=colour, badges=self._badges(c),
                                 altitude=c.altitude if c.aloft else None,    # B-25, in ft
                                 acting=c.id == acting, glyph=glyph))
        return out

    def initiative(self) -> tuple[list[InitiativeEntry], int]:
        st = self.seen()
        out = []
        for i, cid in enumerate(st.order):
            c = st.creatures[cid]
            if not self._shown(c) and c.status in ("up", "unconscious"):
                continue          # an unseen enemy's slot is not shown (RS-104)
            rider = mount.rider_of(st, c)
            if rider is not None and self._shown(rider) and i > 0 and st.order[i - 1] == rider.id:
                continue          # RS-131, B-17: a ridden mount shares its rider's slot
            current = not st.over and i == st.index
            name = self.unit_name(cid)
            steed = mount.mount_of(st, c)
            if steed is not None and i + 1 < len(st.order) and st.order[i + 1] == steed.id:
                current = not st.over and st.index in (i, i + 1)
                name = f"{name} on {self.unit_name(steed.id)}"
            colour, _ = looks.creature_look(c.entry, c.name)
            out.append(InitiativeEntry(cid, name, c.side, colour, current=current, down=not c.up))
        return out, st.round

    def unit_at(self, cell: Cell) -> str | None:
        for c in self.seen().creatures.values():
            if self._shown(c) and c.x <= cell[0] < c.x + c.size and c.y <= cell[1] < c.y + c.size:
                return c.id
        return None

    # -- panels ----------------------------------------------------------------------------------
    def unit_panel(self, unit_id: str) -> UnitPanel | None:
        c = self.creature(unit_id)
        if c is None:
            return None
        st = self.state
        entry = content_of(st).creatures.get(c.entry)
        kind = (f"Level {c.level} hero" if c.pc else f"Tier {c.tier} monster")
        if entry is not None and entry.traits.horde:
            kind = f"Tier {c.tier} horde"
        size = (entry.size if entry is not None else "").capitalize()
        stats = [("AC", str(c.ac), "Armour Class: what weapon attacks must reach"),
                 ("Ref", str(c.reflex), "Reflex: what area and dodgeable attacks must reach"),
                 ("Will", str(c.will), "Will: what mind attacks must reach"),
                 ("Speed", f"{c.speed} ft", "Walking speed per turn (5 ft a square)")]
        if c.fly:
            stats.append(("Fly", f"{c.fly} ft", "Flying speed: its movement while in the air; "
                                                "5 ft up or down costs 5 ft"))
        if c.aloft:
            dice = moves.fall_dice(c.altitude)
            stats.append(("Up", f"{c.altitude} ft",
                          "Altitude above the floor under it; losing flight it falls all of it"
                          + (f" ({dice}d6)" if dice else " (too low to hurt)")))
        if c.temp_hp:
            stats.append(("Temp", str(c.temp_hp), "Temporary HP: lost before HP"))
        sections: list[tuple[str, list[PanelLine]]] = []
        if not st.over and st.acting.id == c.id:
            t = st.turn
            turn = [PanelLine("ready" if rules.can_major(st) else "spent", "Major",
                              dim=not rules.can_major(st)),
                    PanelLine("ready" if t.minor else ("the major can stand in" if
                                                      rules.can_minor(st) else "spent"),
                              "Minor", dim=not rules.can_minor(st)),
                    PanelLine(f"{t.move_left} ft left", "Move", dim=t.move_left < 5)]
            if t.aim:
                die = arith.aim_die(st, c).label()
                turn.append(PanelLine(f"{t.aim} × {die} on the next attack roll", "Aim",
                                      colour=WARM))
            if t.assail:
                turn.append(PanelLine("the next damage roll adds the mod again", "Assail",
                                      colour=WARM))
            sections.append(("This turn", turn))
        reaction = []
        if block_reaction(st, c) is not None:
            ready = attack.can_block(st, c)
            reaction.append(PanelLine("Block ready" if ready else "spent this round",
                                      "Reaction", colour=GOOD if ready else None, dim=not ready,
                                      tooltip="Block: a Block die against one attack roll"))
        if reaction:
            sections.append(("Reaction", reaction))
        acts = []
        for aid in c.actions:
            if not is_attack(st, aid):
                continue
            p = profile(st, c, aid)
            acts.append(PanelLine(self._profile_words(c, p), p.name,
                                  tooltip=p.entry.description if p.entry.description else ""))
        if acts:
            sections.append(("Attacks", acts))
        parts = self._anatomy_lines(c)
        if parts:
            sections.append(("Called shots", parts))
        conds = [PanelLine(words, letters) for letters, words in self._badges(c)
                 if letters != "R" and not letters.startswith("+")]
        if conds:
            sections.append(("Conditions", conds))
        return UnitPanel(c.id, self.unit_name(c.id), f"{size} {kind}".strip(), c.side,
                         looks.creature_look(c.entry, c.name)[0], c.hp, c.max_hp, stats=stats,
                         sections=sections)

    def _anatomy_lines(self, c: Creature) -> list[PanelLine]:
        """The creature's body parts a called shot may aim at (RS-44/45): each one's Y (the
        defence and crit-range change) and HP of its own; secret parts only once the viewing
        side found them (RS-57)."""
        cont = content_of(self.state)
        entry = cont.creatures.get(c.entry)
        if entry is None:
            return []
        found = set(self.seen().secrets.get(str(self.seat), {}).get(c.id, [])) \
            if self.seat is not None else {p.part for p in entry.secrets}
        out = []
        for part, secret in [(p, False) for p in entry.anatomy] + \
                            [(p, True) for p in entry.secrets]:
            if secret and part.part not in found and part.name not in found:
                continue
            kind = cont.anatomy.get(part.part)
            if kind is None:
                continue
            bits = [f"Y {part_y(part, kind)}"]
            if part.count > 1:
                bits.append(f"×{part.count}")
            if part.hp:
                bits.append(f"{part.hp} HP")
            bits.append(kind.effect.replace("_", " "))
            out.append(PanelLine(" · ".join(bits), part.name or kind.name,
                                 colour=WARM if secret else None,
                                 tooltip=(kind.description or "") + (" (a secret your side "
                                                                     "found)" if secret else "")))
        return out

    @staticmethod
    def _profile_words(c: Creature, p: Profile) -> str:
        where = f"reach {p.reach * 5} ft" if p.melee else f"range {p.reach * 5} ft"
        to_hit = f"{p.to_hit:+d}" if p.to_hit is not None else f"{p.stat}+P"
        many = f" ×{p.attacks}" if p.attacks > 1 else ""
        targets = f", up to {p.targets} targets" if p.targets > 1 else ""
        return f"{p.cost} · {where} · {to_hit} vs {p.vs.upper() if p.vs == 'ac' else p.vs.capitalize()} · {p.damage}{many}{targets}"

    def tile_panel(self, cell: Cell) -> TilePanel | None:
        board = self.board()
        if not board.in_bounds(*cell):
            return None
        f = field_of(board)
        lines = [PanelLine(f.terrain_at(cell).capitalize() if not f.is_wall(cell) else "Wall",
                           "Ground")]
        cover = f.cover_at(cell)
        if cover != "none":
            lines.append(PanelLine(f"{COVER_MARK[cover]} object", "Cover",
                                   tooltip="Stands in its square; gives cover to lines past it"))
        light = f.light_at(cell)
        lines.append(PanelLine(LIGHT_WORDS[light].capitalize(), "Light",
                               colour=(150, 170, 230) if light != "bright" else None,
                               tooltip="Dim light hampers sight-based Perception; in darkness "
                                       "a creature without darkvision sees nothing"))
        if f.elevation_at(cell):
            lines.append(PanelLine(f"{f.elevation_at(cell)} ft", "Height"))
        if f.pit_depth_at(cell):
            lines.append(PanelLine(f"{f.pit_depth_at(cell)} ft deep", "Pit", colour=DAMAGE))
        me = self.creature(self.acting_unit())
        if me is not None and cell not in me.cells() and not f.is_wall(cell):
            got = sight.cover_between(f, me.cells(), [cell])
            lines.append(PanelLine(COVER_MARK.get(got, "no cover"), f"From {self.unit_name(me.id)}",
                                   tooltip="The cover this square has against the acting "
                                           "creature (corner lines)"))
        for (x, y), size, name in self.last_known():
            if x <= cell[0] < x + size and y <= cell[1] < y + size:
                lines.append(PanelLine(f"{name} was last seen here", "Seen", colour=WARM))
        for at, what in self.dropped_tools():
            if at == cell:
                lines.append(PanelLine(f"{what} lies here", "Tool", colour=WARM,
                                       tooltip="Knocked out of its wielder's hands: a minor "
                                               "action picks it up from here or next to it"))
        return TilePanel(f"Square {cell[0]}, {cell[1]}", lines)

    # -- the action bar --------------------------------------------------------------------------
    def _mine(self) -> Creature | None:
        """The acting creature when the deciding seat plays it on the map (not during a Block
        prompt)."""
        st = self.state
        if st.over or pending.top(st.pending) is not None:
            return None
        return st.acting

    def _attacks(self, ability: str | None = None) -> list[Attack]:
        return [a for a in self.legal() if isinstance(a, Attack)
                and (ability is None or a.ability == ability)]

    def primary_attack(self) -> str | None:
        """The attack a plain click on an enemy uses: the first of the creature's abilitechs
        that can be used now."""
        got = self._attacks()
        if not got:
            return None
        me = self.state.acting
        order = {aid: i for i, aid in enumerate(me.actions)}
        return min((a.ability for a in got), key=lambda aid: order.get(aid, 99))

    def buttons(self, selected: str | None, mode: str | None) -> list[ActionButton]:
        legal = self.legal()
        st = self.state
        kinds = {type(a) for a in legal}
        out: list[ActionButton] = []
        me = self._mine()
        if me is not None and self.creature(me.id) is not None:   # not an unseen enemy's
            t = st.turn
            out.append(ActionButton("move", "Move", enabled=Move in kinds, mode="move",
                                    tooltip=f"Walk up to {t.move_left} ft; difficult ground, "
                                            "climbing and swimming cost more"))
            seen_ab: list[str] = []
            for aid in me.actions:
                if not is_attack(st, aid) or aid in seen_ab:
                    continue
                seen_ab.append(aid)
                p = profile(st, me, aid)
                usable = any(a.ability == aid for a in legal if isinstance(a, Attack))
                why = "" if usable else " (nothing in reach, or no action left for it)"
                out.append(ActionButton(f"atk:{aid}", p.name, enabled=usable, mode=f"atk:{aid}",
                                        tooltip=self._profile_words(me, p) + why))
            out += self._area_buttons(me, legal)
            for kind, ident, label, tip in (
                    (Aim, "aim", "Aim", f"Minor: a {arith.aim_die(st, me).label()} Aim die on "
                                        "your next attack roll"),
                    (Assail, "assail", "Assail", "Minor: your next damage roll adds its mod again"),
                    (Avert, "avert", "Avert", f"Minor: the first attack roll against you before "
                                              f"your next turn gets a d{AVERT_DIE} Block die"),
                    (Dash, "dash", "Dash", "Major: move again as far as your speed"),
                    (StandUp, "stand", "Stand up", "Costs half your speed"),
                    (Hide, "hide", "Hide", "Major: Stealth against the enemies' passive "
                                           "Perception; needs that no enemy can see you")):
                got = next((a for a in legal if isinstance(a, kind)), None)
                if got is not None or kind in (Aim, Dash):
                    out.append(ActionButton(ident, label, enabled=got is not None, action=got,
                                            tooltip=tip))
            for kind, ident, label, tip in (
                    (Shift, "shift", "Shift", "Minor: step one square without using movement"),
                    (Shove, "shove", "Shove", "Major: Athletics against a creature next to you: "
                                              "push it 10 ft or knock it prone"),
                    (Discern, "discern", "Discern", "Perception against a creature's DC: find "
                                                    "one of its secrets"),
                    (Grapple, "grapple", "Grapple", "Major: opposed Athletics to take hold of "
                                                    "a creature within reach"),
                    (Finish, "finish", "Finish", "Major: kill an unconscious enemy next to you")):
                if kind in kinds:
                    out.append(ActionButton(ident, label, mode=ident, tooltip=tip))
            jumps_now = self._jumps()
            if jumps_now:
                out.append(ActionButton("jump", "Jump", mode="jump", tooltip=(
                    f"Leap in a straight line, up to {jumps.longest_ft(st, me)} ft now "
                    "(your Strength score with a 10 ft run-up walked this turn, half "
                    "without), over a pit or a gap; paid from movement")))
            out += self._flight_buttons(me, legal)
            # any other action the engine lists (a newer one this bar has no button of its
            # own for yet) is still offered, by its description, never left out
            other = [a for a in legal if not isinstance(a, _ON_THE_BAR)]
            if other:
                out.append(ActionButton("more", "More", actions=tuple(
                    (self.describe(a), a) for a in other),
                    tooltip="Other actions: " + ", ".join(
                        sorted({self.describe(a) for a in other}))))
        # number keys for the first nine, in order
        numbered = []
        for i, b in enumerate(out):
            key = str(i + 1) if i < HOTKEYS else ""
            numbered.append(ActionButton(b.id, b.label, key, b.enabled, b.tooltip, b.mode,
                                         b.action, b.actions, b.confirm, b.primary))
        end = next((a for a in legal if isinstance(a, EndTurn)), None)
        numbered.append(ActionButton("end_turn", "End turn", "", end is not None,
                                     "End this creature's turn (Space)", action=end,
                                     primary=True))
        return numbered

    def _area_buttons(self, me: Creature, legal: list) -> list[ActionButton]:
        """An area abilitech (Psi Pulse's burst, RS-85; one attack per foe in range, RS-87) as a
        button of its own: no target to pick, so the tooltip names whom the engine's area
        catches now (those this seat sees), and a friend in a burst is asked about first."""
        out: list[ActionButton] = []
        st = self.state
        for a in legal:
            if not isinstance(a, AreaAttack) or a.unit != me.id:
                continue
            p = profile(st, me, a.ability)
            caught = [d for d, _times in area.caught(st, me, p) if self.creature(d.id)]
            names = ", ".join(self.unit_name(d.id) for d in caught) or "nobody in sight"
            friends = [self.unit_name(d.id) for d in caught if d.side == me.side]
            confirm = (f"{p.name} also hits {', '.join(friends)}. Use it?" if friends else "")
            to_hit = f"{p.to_hit:+d}" if p.to_hit is not None else f"{p.stat}+P"
            vs = p.vs.upper() if p.vs == "ac" else p.vs.capitalize()
            whom = ("each creature" if p.entry.area == "burst" else "each foe you see")
            miss = (f"; {p.entry.damage_on_miss} damage on a miss" if p.entry.damage_on_miss
                    else "")
            out.append(ActionButton(
                f"area:{a.ability}", p.name, action=a, confirm=confirm,
                tooltip=f"{p.cost.capitalize()}: {to_hit} vs {vs}, {p.damage} to {whom} within "
                        f"{area.radius_ft(p)} ft{miss}\nCatches now: {names}"))
        return out

    def _flight_buttons(self, me: Creature, legal: list) -> list[ActionButton]:
        """B-25: for a flier, 5 ft up, 5 ft down (or land), and every height its movement pays
        in a menu; each the engine's own Fly action."""
        if not me.fly:
            return []
        flights = {a.altitude: a for a in legal if isinstance(a, Fly) and a.unit == me.id}
        up, down = flights.get(me.altitude + 5), flights.get(me.altitude - 5)
        why = flight.refusal(self.state, me, Fly(me.id, me.altitude + 5))
        note = f" (not now: {why[0]})" if why is not None else ""
        out = [ActionButton("rise", "Rise", enabled=up is not None, action=up,
                            tooltip=f"Fly 5 ft up for 5 ft of movement; now {me.altitude} ft "
                                    f"up" + note),
               ActionButton("sink", "Land" if me.altitude == 5 else "Descend",
                            enabled=down is not None, action=down,
                            tooltip=(f"Fly 5 ft down for 5 ft of movement; now {me.altitude} ft "
                                     "up" if me.aloft else "On the ground already"))]
        if len(flights) > 2:
            out.append(ActionButton("altitude", "Altitude", actions=tuple(
                (self.describe(a), a) for _h, a in sorted(flights.items())),
                tooltip="Fly straight up or down to any height your movement pays for"))
        return out

    def default_mode(self) -> str | None:
        return "move"

    def keep_mode(self, action: Any, mode: str | None) -> bool:
        # Aim and Assail prepare the attack the player was choosing a target for
        return isinstance(action, (Aim, Assail)) and mode is not None

    def mode_note(self, mode: str | None) -> str | None:
        if mode is not None and mode.startswith("atk:"):
            return "Point at a target for the odds; click to attack (right click backs out)"
        if mode == "shift":
            return "Click a square next to you to step there"
        if mode == "jump":
            return "Click a square to leap there; point at one for its cost"
        return None

    def unused_actions(self) -> str | None:
        me = self._mine()
        if me is None:
            return None
        if rules.can_major(self.state) and self._attacks():
            return f"{self.unit_name(me.id)} can still attack. End the turn anyway?"
        return None

    # -- targeting -------------------------------------------------------------------------------
    def _reach(self) -> dict[Cell, tuple[int, list[Cell]]]:
        me = self._mine()
        if me is None:
            return {}
        moves = {(a.x, a.y) for a in self.legal() if isinstance(a, Move)}
        return {cell: got for cell, got in rules.reach(self.state, me).items() if cell in moves}

    def _target_cells(self, ability: str | None) -> dict[Cell, list[Attack]]:
        """Clickable squares of the legal attacks (of `ability`, or any) -> those attacks. A
        seen target's whole footprint is clickable; a guessed square is just that square."""
        out: dict[Cell, list[Attack]] = {}
        for a in self._attacks(ability):
            for cell in a.targets:
                for sq in self._footprint(tuple(cell)):
                    out.setdefault(sq, []).append(a)
        return out

    def _footprint(self, cell: Cell) -> list[Cell]:
        uid = self.unit_at(cell)
        c = self.creature(uid)
        return c.cells() if c is not None else [cell]

    def _anchor(self, cell: Cell) -> Cell:
        """The square an attack names for what is drawn at `cell` (a creature's top-left)."""
        c = self.creature(self.unit_at(cell))
        return (c.x, c.y) if c is not None else cell

    def overlay(self, mode: str | None, selected: str | None, hover: Cell | None) -> Overlay:
        me = self._mine()
        if me is None:
            return Overlay()
        if mode in (None, "move"):
            reach = self._reach()
            cells = {}
            for cell, (cost, path) in reach.items():
                cells[cell] = 1 if cost <= 5 * len(path) else 2
            legend = [(1, "5 ft a square"), (2, "costlier steps")]
            leaps = {cell: a for cell, a in self._jumps().items() if cell not in reach}
            for cell, a in leaps.items():
                cells[cell] = self.JUMP if isinstance(a, LongJump) else self.JUMP_CHECK
            legend += self._jump_legend(leaps)
            ov = Overlay(cells=cells, veil=bool(cells), size=me.size, cost_digits=False,
                         legend=tuple(legend))
            if hover in reach:
                cost, path = reach[hover]
                ov.path = [(me.x, me.y)] + [tuple(p) for p in path]
                ov.marks = {hover: f"{cost} ft"}
            elif hover in leaps:
                self._mark_jump(ov, me, hover)
            primary = self.primary_attack()
            if primary is not None:
                self._mark_targets(ov, me, primary, hover)
            return ov
        if mode == "jump":
            leaps = self._jumps()
            ov = Overlay(cells={cell: self.JUMP if isinstance(a, LongJump) else self.JUMP_CHECK
                                for cell, a in leaps.items()}, veil=True, size=me.size,
                         cost_digits=False, legend=self._jump_legend(leaps))
            if hover in leaps:
                self._mark_jump(ov, me, hover)
            return ov
        if mode == "shift":
            cells = {(a.x, a.y): 1 for a in self.legal() if isinstance(a, Shift)}
            return Overlay(cells=cells, veil=True, size=me.size, cost_digits=False,
                           legend=((1, "one free step"),))
        if mode in _AT_SQUARE:
            kind = _AT_SQUARE[mode]
            ov = Overlay()
            for a in self.legal():
                if isinstance(a, kind):
                    ov.targets.update(self._footprint((a.x, a.y)))
            if hover in ov.targets:
                ov.target_block = self._footprint(hover)
            return ov
        if mode.startswith("atk:"):
            ov = Overlay()
            self._mark_targets(ov, me, mode[4:], hover)
            return ov
        return Overlay()

    def _jumps(self) -> dict[Cell, Any]:
        """The leaps the engine lists for the acting creature, by landing square (RS-107,
        SM-06)."""
        me = self._mine()
        return {(a.x, a.y): a for a in self.legal()
                if isinstance(a, (LongJump, StretchJump)) and me is not None and a.unit == me.id}

    def _jump_legend(self, leaps: dict[Cell, Any]) -> tuple[tuple[int, str], ...]:
        kinds = {type(a) for a in leaps.values()}
        return tuple(x for x, kind in (((self.JUMP, "a jump"), LongJump),
                                       ((self.JUMP_CHECK, "a jump on a check"), StretchJump))
                     if kind in kinds)

    def _jump_cost(self, me: Creature, cell: Cell) -> tuple[int, int | None, Cell | None]:
        """(feet, Athletics DC or None, the square a failure comes down on) of the engine's
        leap to `cell` (jumps.landings / jumps.stretches)."""
        got = jumps.stretches(self.state, me).get(cell)
        if got is not None:
            return got[0], got[1], got[2]
        return jumps.landings(self.state, me)[cell], None, None

    def _mark_jump(self, ov: Overlay, me: Creature, cell: Cell) -> None:
        """The leap's straight line from `me` to `cell` and its cost on the landing square."""
        n = max(abs(cell[0] - me.x), abs(cell[1] - me.y))
        sx, sy = (cell[0] - me.x) // n, (cell[1] - me.y) // n
        ov.path = [(me.x + sx * k, me.y + sy * k) for k in range(n + 1)]
        ov.marks = {cell: f"{self._jump_cost(me, cell)[0]} ft"}

    def _jump_words(self, me: Creature, cell: Cell) -> str:
        """The hover of a leap: its cost of the movement left, and for a longer one on a check
        its DC, the chance (the engine's odds) and where a miss lands."""
        cost, dc, short = self._jump_cost(me, cell)
        left = self.state.turn.move_left
        if dc is None or short is None:
            return (f"Jump to {cell[0]},{cell[1]}\n{cost} ft of {left} ft · a leap in a "
                    "straight line")
        chance = rs_odds.check(me.skills["athletics"], dc)
        below = field_of(self.board()).floor_at(short) < field_of(self.board()).floor_at(
            (me.x, me.y))
        return (f"Jump further to {cell[0]},{cell[1]}\n{cost} ft of {left} ft · Athletics DC "
                f"{dc}: {pct(chance)}\nOn a miss you come down at {short[0]},{short[1]}"
                + (" and fall" if below else ""))

    def _mark_targets(self, ov: Overlay, me: Creature, ability: str, hover: Cell | None) -> None:
        """Targets of `ability` tinted; for the hovered one its footprint outlined and the line
        of sight from the attacker (their cover and light: `target_tags`)."""
        f = field_of(self.board())
        targets = self._target_cells(ability)
        ov.targets.update(targets)
        if hover in targets:
            anchor = self._anchor(hover)
            ov.target_block = self._footprint(anchor)
            ov.pixel_lines = [self._sight_line(f, me, anchor)]

    def target_tags(self, mode: str | None) -> list[tuple[Cell, int, str]]:
        """While a target is being chosen: (anchor, footprint, words) for each target with cover
        or in dim light or darkness against the acting creature, and for a guessed square; the
        map writes them above the tokens (sight.cover_between, the field's light)."""
        me = self._mine()
        if me is None or self.creature(me.id) is None:
            return []
        if mode is not None and mode.startswith("atk:"):
            ability: str | None = mode[4:]
        elif mode in (None, "move"):
            ability = self.primary_attack()
        else:
            return []
        if ability is None:
            return []
        f = field_of(self.board())
        out = []
        for anchor in sorted({self._anchor(c) for c in self._target_cells(ability)}):
            c = self.creature(self.unit_at(anchor))
            if c is None:
                out.append((anchor, 1, "last seen"))
                continue
            bits = []
            cover = sight.cover_between(f, me.cells(), c.cells())
            if cover in COVER_MARK:
                bits.append(COVER_MARK[cover])
            light = min((f.light_at(k) for k in c.cells()), key=("dark", "dim", "bright").index)
            if light != "bright":
                bits.append(LIGHT_WORDS[light])
            if bits:
                out.append((anchor, c.size, " · ".join(bits)))
        return out

    def _sight_line(self, f: Any, me: Creature, anchor: Cell
                    ) -> tuple[tuple[float, float], tuple[float, float], tuple[int, int, int]]:
        """From the attacker's centre to the target's, in map pixels, coloured by what lies
        between: clear, cover, or a target the side cannot see."""
        board = self.board()
        tw, th = board.tile_width, board.tile_height
        c = self.creature(self.unit_at(anchor))
        size = c.size if c is not None else 1
        a = ((me.x + me.size / 2) * tw, (me.y + me.size / 2) * th)
        b = ((anchor[0] + size / 2) * tw, (anchor[1] + size / 2) * th)
        if c is None or not arith.sees_creature(self.state, me, c, anchor):
            colour = BLIND_LINE
        elif sight.cover_between(f, me.cells(), c.cells()) != "none":
            colour = COVER_LINE
        else:
            colour = SEEN_LINE
        return a, b, colour

    # -- clicks ----------------------------------------------------------------------------------
    def click(self, mode: str | None, selected: str | None, cell: Cell) -> ClickResult:
        me = self._mine()
        if me is None:
            on = self.unit_at(cell)
            return ClickResult(select=on) if on else ClickResult()
        legal = self.legal()
        if mode in (None, "move"):
            for a in legal:
                if isinstance(a, Move) and (a.x, a.y) == cell:
                    return ClickResult(action=a)
            leap = self._jumps().get(cell)
            if leap is not None:
                return ClickResult(action=leap)
            primary = self.primary_attack()
            if primary is not None and cell in self._target_cells(primary):
                return self._attack_click(primary, cell)
        elif mode == "jump":
            leap = self._jumps().get(cell)
            if leap is not None:
                return ClickResult(action=leap)
        elif mode == "shift":
            for a in legal:
                if isinstance(a, Shift) and (a.x, a.y) == cell:
                    return ClickResult(action=a)
        elif mode in _AT_SQUARE:
            anchor = self._anchor(cell)
            kind = _AT_SQUARE[mode]
            got = [a for a in legal if isinstance(a, kind) and (a.x, a.y) == anchor]
            if len(got) == 1:
                return ClickResult(action=got[0])
            if got:
                return ClickResult(menu=tuple((self.describe(a), a) for a in got),
                                   message=f"{title(mode)} {self.unit_name(self.unit_at(cell))}")
        elif mode.startswith("atk:") and cell in self._target_cells(mode[4:]):
            return self._attack_click(mode[4:], cell)
        on = self.unit_at(cell)
        if on is not None and on != me.id:
            return ClickResult(select=on)
        return ClickResult(message="Nothing to do there") if on is None else ClickResult()

    def _attack_click(self, ability: str, cell: Cell) -> ClickResult:
        """One attack on the square: submit it. Several (a called shot per body part, Cleave's
        second target): a picker, each line with its odds."""
        anchor = self._anchor(cell)
        got = [a for a in self._attacks(ability) if anchor in {tuple(t) for t in a.targets}]
        # a single-target attack on this square first, then the others
        got.sort(key=lambda a: (len(a.targets), a.part != "", a.part, a.targets))
        if len(got) == 1:
            return ClickResult(action=got[0])
        menu = tuple((self._attack_label(a), a) for a in got)
        head = f"{profile(self.state, self.state.acting, ability).name} · {self.unit_name(self.unit_at(cell)) if self.unit_at(cell) else 'that square'}"
        body = ("Choose the target and, for a called shot, the body part" if any(a.part for a in got)
                else "Choose the targets")
        return ClickResult(menu=menu, message=f"{head}\n{body}")

    def _part_name(self, a: Attack) -> str:
        """The name a called shot's part goes by on its target's stat block ("Focus" for a
        Tool), from the engine's list of parts (called.find)."""
        st = self.state
        c = st.creatures.get(a.unit)
        d = self.creature(self.unit_at(tuple(a.targets[0])))
        if c is not None and d is not None:
            aimed = called.find(st, c.side, d, profile(st, c, a.ability), a.part)
            if aimed is not None:
                return aimed.name
        return title(a.part)

    def _anatomy_name(self, target: str, part: str) -> str:
        """What part `part` of `target` is called on its stat block ("Club" for its Tool)."""
        d = self.state.creatures.get(target)
        return tools.part_name(self.state, d, part) if d is not None else title(part)

    def _attack_label(self, a: Attack) -> str:
        """A picker line: what it is and its odds (hit, damage on a hit, crit, drop) when the
        target is seen, all from the engine's forecast."""
        words = self.describe(a)
        odds = []
        for cell in dict.fromkeys(tuple(t) for t in a.targets):
            d = self.creature(self.unit_at(cell))
            if d is None:
                continue
            f = self.odds(self.state.acting, a.ability, d, a.part, a.trade)
            dmg = f"{_span(f.exact.hit_damage)} dmg"           # the forecast's range on a hit
            odds.append(f"hit {pct(f.hit)} · {dmg} · crit {pct(f.crit)} · drop {pct(f.drop)}"
                        if len(a.targets) == 1 else f"hit {pct(f.hit)} · {dmg}")
        line = f"{words} — {' / '.join(odds)}" if odds else words
        effect = self._part_effect(a) if a.part else ""
        return f"{line} · {effect}" if effect else line

    def _part_effect(self, a: Attack) -> str:
        """What a hit on the aimed part does, in a few words, and its HP left when it has some."""
        st = self.state
        c = st.creatures.get(a.unit)
        d = self.creature(self.unit_at(tuple(a.targets[0])))
        if c is None or d is None:
            return ""
        aimed = called.find(st, c.side, d, profile(st, c, a.ability), a.part)
        if aimed is None:
            return ""
        words = looks.PART_EFFECTS.get(aimed.kind.effect, "")
        if aimed.kind.effect == "cripple":
            # RS-54/55: whether this attack can cripple at all, as called.on_hit decides it
            prof = profile(st, c, a.ability)
            if not called.has_effect_beyond_damage(prof):
                words = f"no cripple: {prof.name} only deals damage"
            elif aimed.needed > prof.attacks:
                words = f"no cripple: it takes {aimed.needed} legs hit in one use"
            else:
                words = f"cripples ({aimed.kind.cripple}) for a round"
        if aimed.hp:
            left = max(called.part_hp_left(d, aimed, n) for n in called.intact_copies(d, aimed))
            words = f"{words} ({left} HP)" if words else f"{left} HP"
        return words

    # -- odds ------------------------------------------------------------------------------------
    def odds(self, c: Creature, ability: str, d: Creature, part: str = "",
             trade: bool = False) -> Any:
        """The engine's forecast (forecast.predict) of `c` using `ability` on `d` with the Aim
        dice waiting (aimed at `part` for a called shot): floats for the words, `exact` the
        odds module's record of one roll."""
        return predict(self.state, c, ability, d, aim=self.state.turn.aim, part=part,
                       trade=trade)

    def block_odds(self, plan: dict[str, Any], d: Creature, blocked: bool) -> Any:
        """The exact odds (arith.attack_odds, the door to the odds module) of the coming roll
        of a declared attack on `d` with its Block die (`blocked`) or without: the Block
        prompt's two answers. Every other term is the one the attack will use."""
        st = self.state
        c = st.creatures[plan["attacker"]]
        p = profile(st, c, plan["ability"])
        cell = (d.x, d.y)
        reaction = block_reaction(st, d)
        block = [arith.block_die(st, d, reaction.block_die)] if blocked and reaction else []
        if d.has("averting"):
            block.append(arith.block_die(st, d, AVERT_DIE))
        aim = [arith.aim_die(st, c)] * int(plan.get("aim", 0))
        return arith.attack_odds(st, c, p, d, net=attack.advantage(st, c, d, p, cell), aim=aim,
                                 block=block, cover=arith.cover(st, c, cell, p.vs))

    def forecast(self, mode: str | None, selected: str | None, cell: Cell) -> str | None:
        me = self._mine()
        if me is None:
            return None
        if mode in (None, "move"):
            reach = self._reach()
            if cell in reach:
                cost, path = reach[cell]
                extra = "" if cost <= 5 * len(path) else " (some steps cost more than 5 ft)"
                return (f"Walk to {cell[0]},{cell[1]}\n{cost} ft of {self.state.turn.move_left} ft"
                        f"{extra}")
            if cell in self._jumps():
                return self._jump_words(me, cell)
            primary = self.primary_attack()
            if primary is not None and cell in self._target_cells(primary):
                return self.attack_forecast(me, primary, cell)
            if primary is None and me.actions:
                primary = next((aid for aid in me.actions if is_attack(self.state, aid)), None)
            return self._height_refusal(me, primary, cell) if primary else None
        if mode == "jump":
            return self._jump_words(me, cell) if cell in self._jumps() else None
        if mode is not None and mode.startswith("atk:"):
            if cell in self._target_cells(mode[4:]):
                return self.attack_forecast(me, mode[4:], cell)
            return self._height_refusal(me, mode[4:], cell)
        if mode in ("shove", "grapple") and cell in self.overlay(mode, selected, None).targets:
            return self._contest_words(me, mode, cell)
        return None

    def _contest_words(self, me: Creature, mode: str, cell: Cell) -> str:
        """The hover of a Shove or a grab: who checks what against what, and the engine's exact
        chance (arith.shove_odds, grapple.grapple_odds)."""
        d = self.creature(self.unit_at(cell))
        assert d is not None
        st = self.state
        skill = arith.defence_skill(d)
        theirs = f"its {title(skill)} {d.skills[skill]:+d}"
        mine = f"Your Athletics {me.skills['athletics']:+d}"
        if mode == "shove":
            return (f"Shove {self.unit_name(d.id)}: {pct(arith.shove_odds(st, me, d))}\n"
                    f"{mine} against {theirs}; push it 10 ft or knock it prone")
        net = grapple.attempt_net(st, me, d)
        odds_now = "" if not net else f" at {-net}x disadvantage"
        return (f"Grab {self.unit_name(d.id)}: {pct(grapple.grapple_odds(st, me, d))} to hold it\n"
                f"{mine}{odds_now} against {theirs}; held, it cannot move away")

    def _height_refusal(self, me: Creature, ability: str, cell: Cell) -> str | None:
        """Over an enemy across the map but too high or low for the attack (B-25): the engine's
        own reason for refusing it."""
        uid = self.unit_at(cell)
        d = self.creature(uid)
        if d is None or d.side == me.side or not (d.aloft or me.aloft):
            return None
        target = (d.x, d.y)
        if not heights.flat_only(self.state, me, target):
            return None
        why = rules.validate(self.state, Attack(me.id, ability, (target,)))
        if why is None or why.rule != "RS-B-25":
            return None
        return f"{profile(self.state, me, ability).name} cannot reach\n{why.words}"

    def attack_forecast(self, me: Creature, ability: str, cell: Cell) -> str:
        """The hover's words for an attack: odds from the engine, then every term they count."""
        st = self.state
        p = profile(st, me, ability)
        anchor = self._anchor(cell)
        d = self.creature(self.unit_at(anchor))
        if d is None:
            who = next((name for (x, y), _s, name in self.last_known() if (x, y) == anchor),
                       "something")
            return (f"{p.name} at the square where {who} was last seen\n"
                    "You cannot see it: the roll has disadvantage, and misses if nobody is "
                    "there")
        f = self.odds(me, ability, d)
        lines = [f"Hit {pct(f.hit)} · crit {pct(f.crit)} · {pct(f.drop)} to drop"]
        dmg = _span(f.exact.hit_damage)
        crit = _span(f.exact.crit_damage)
        many = f" a roll, {p.attacks} rolls" if p.attacks > 1 else ""
        lines.append(f"{dmg} dmg on a hit, {crit} on a crit{many} · "
                     f"{f.expected:.1f} expected")
        net = attack.advantage(st, me, d, p, anchor)
        terms = [f"vs {p.vs.upper() if p.vs == 'ac' else p.vs.capitalize()} {getattr(d, p.vs)}"]
        if net:
            terms.append(("advantage" if net > 0 else "disadvantage")
                         + (f" ×{abs(net)}" if abs(net) > 1 else ""))
        if st.turn.aim:
            terms.append(f"Aim {st.turn.aim}×{arith.aim_die(st, me).label()}")
        reaction = block_reaction(st, d)
        if reaction is not None and attack.can_block(st, d):
            terms.append(f"may Block {arith.block_die(st, d, reaction.block_die).label()}")
        if d.has("averting"):
            terms.append(f"Avert {arith.block_die(st, d, AVERT_DIE).label()}")
        cover = arith.cover(st, me, anchor, p.vs)
        if cover:
            terms.append(f"cover −{cover}")
        lines.append(" · ".join(terms))
        if d.aloft or me.aloft:                          # B-25: measured with the height
            reach_ft = p.reach * heights.FT
            lines.append(f"{heights.apart(st, me, d)} · {heights.distance_ft(st, me, d)} ft away "
                         f"of {p.name}'s {reach_ft} ft")
        f_ = field_of(self.board())
        light = min((f_.light_at(k) for k in d.cells()), key=("dark", "dim", "bright").index)
        seen_cover = sight.cover_between(f_, me.cells(), d.cells())
        place = [COVER_MARK[seen_cover]] if seen_cover in COVER_MARK else []
        if light != "bright":
            place.append(f"in {LIGHT_WORDS[light]}")
        if place:
            lines.append("Target: " + ", ".join(place))
        hp = f"{d.hp}/{d.max_hp} HP" + (f" + {d.temp_hp} temp" if d.temp_hp else "")
        lines.append(f"{self.unit_name(d.id)}: {hp} · {p.name} deals {p.damage}")
        return f"{p.name} on {self.unit_name(d.id)}\n" + "\n".join(lines)

    # -- prompts ---------------------------------------------------------------------------------
    def prompt(self) -> Prompt | None:
        st = self.state
        stage = pending.top(st.pending)
        if stage is None:
            return None
        if stage.stage == opportunity.STAGE:
            return self._opportunity_prompt(stage)
        if stage.stage == flight.HOLD_STAGE:
            return self._hold_prompt(stage)
        if stage.stage != BLOCK_STAGE:
            # any other stage (resisting a grapple when the table asks): its legal answers
            d = self.match.decision
            return Prompt(title(stage.stage) + "?", d.prompt if d is not None else "",
                          tuple((self.describe(a), a, "") for a in self.legal()
                                if not isinstance(a, Concede)))
        plan = stage.data
        c = st.creatures[plan["attacker"]]
        d = st.creatures[stage.actor]
        p = profile(st, c, plan["ability"])
        with_block = self.block_odds(plan, d, True)
        without = self.block_odds(plan, d, False)
        reaction = block_reaction(st, d)
        die = arith.block_die(st, d, reaction.block_die).label() if reaction else "d4"
        options: list[tuple[str, Any, str]] = []
        for a in self.legal():
            if not isinstance(a, Block):
                continue
            f = with_block if a.block else without
            odds = (f"hit {pct(f.attack.hit)} · crit {pct(f.attack.crit)} · "
                    f"{_span(f.hit_damage)} dmg · {pct(f.drop)} to drop")
            label = f"Block ({die}) — {odds}" if a.block else f"Take it — {odds}"
            odds = (f"Crit {pct(f.attack.crit)} · {pct(f.drop)} to drop · "
                    f"{_span(f.hit_damage)} dmg on a hit")
            tip = (f"Spends {self.unit_name(d.id)}'s reaction for this round.\n{odds}"
                   if a.block else f"Keeps the reaction.\n{odds}")
            options.append((label, a, tip))
        text = (f"{self.unit_name(c.id)} attacks {self.unit_name(d.id)} with {p.name}. A Block "
                f"die comes off the roll: hit {pct(without.attack.hit)} becomes "
                f"{pct(with_block.attack.hit)}.")
        return Prompt("Block?", text, tuple(options))

    def _opportunity_prompt(self, stage: Any) -> Prompt:
        """B-26 option: the enemy left behind may strike once with its reaction; each attack
        with the engine's odds."""
        st = self.state
        o, d = st.creatures[stage.actor], st.creatures[stage.data["target"]]
        options: list[tuple[str, Any, str]] = []
        for a in self.legal():
            if not isinstance(a, Opportunity):
                continue
            if not a.ability:
                options.append(("Let it go", a, "Keeps the reaction for this round"))
                continue
            f = forecast_opportunity(st, o, a.ability, d)
            name = profile(st, o, a.ability).name
            options.append((f"{name} — hit {pct(f.hit)} · crit {pct(f.crit)} · "
                            f"{_span(f.exact.hit_damage)} dmg · {pct(f.drop)} to drop", a,
                            f"Spends {self.unit_name(o.id)}'s reaction for this round.\n"
                            f"One roll, no Aim: hit {pct(f.hit)}, crit {pct(f.crit)}, "
                            f"{_span(f.exact.hit_damage)} damage on a hit, {pct(f.drop)} to "
                            f"drop {self.unit_name(d.id)}"))
        text = (f"{self.unit_name(d.id)} is leaving {self.unit_name(o.id)}'s reach. One attack "
                f"as it goes, paid with the reaction?")
        return Prompt("Opportunity attack?", text, tuple(options))

    def _hold_prompt(self, stage: Any) -> Prompt:
        """RS-75 (c): the holder of a flier that lost its flight answers for it."""
        st = self.state
        h, d = st.creatures[stage.actor], st.creatures[stage.data["target"]]
        options = tuple((self.describe(a), a, "") for a in self.legal()
                        if isinstance(a, HoldAloft))
        dice = moves.fall_dice(d.altitude)
        text = (f"{self.unit_name(d.id)} lost its flight {d.altitude} ft up in "
                f"{self.unit_name(h.id)}'s grip" + (f" (a fall: {dice}d6)" if dice else "")
                + ". Let it go, fall with it, or hold it up?")
        return Prompt("Hold it up?", text, options)

    def prompt_focus(self) -> list[str]:
        stage = pending.top(self.state.pending)
        if stage is not None and stage.stage in (opportunity.STAGE, flight.HOLD_STAGE):
            return [stage.data["target"]]
        if stage is None or stage.stage != BLOCK_STAGE:
            return []
        return [stage.data["attacker"]]

    # -- words -----------------------------------------------------------------------------------
    def describe(self, a: Any) -> str:
        n = self.unit_name
        if isinstance(a, Move):
            return f"Walk to {a.x},{a.y}"
        if isinstance(a, Shift):
            return f"Shift to {a.x},{a.y}"
        if isinstance(a, Attack):
            st = self.state
            c = st.creatures.get(a.unit)
            name = profile(st, c, a.ability).name if c is not None else title(a.ability)
            whom = []
            for cell in a.targets:
                uid = self.unit_at(tuple(cell))
                whom.append(n(uid) if uid else f"{cell[0]},{cell[1]}")
            part = f" at the {self._part_name(a)}" if a.part else ""
            trade = " (crit range paid for the aim)" if a.trade else ""
            if len(whom) == 2 and whom[0] == whom[1]:
                whom = [f"{whom[0]} twice"]
            return f"{name} {' and '.join(whom)}{part}{trade}"
        if isinstance(a, Shove):
            return (f"Knock {n(self.unit_at((a.x, a.y)))} prone" if a.prone
                    else f"Push {n(self.unit_at((a.x, a.y)))} 10 ft")
        if isinstance(a, Finish):
            return f"Finish {n(self.unit_at((a.x, a.y)))}"
        if isinstance(a, Discern):
            return ("Scrutinize " if a.scrutinize else "Discern ") + n(self.unit_at((a.x, a.y)))
        if isinstance(a, Block):
            return "Block" if a.block else "Take the hit"
        if isinstance(a, Grapple):
            c, d = self.state.creatures.get(a.unit), self.state.at(a.x, a.y)
            if c is None or d is None:
                return f"Grab {n(self.unit_at((a.x, a.y)))}"
            return f"Grab {n(d.id)} ({pct(grapple.grapple_odds(self.state, c, d))})"
        if isinstance(a, Escape):
            c, h = self.state.creatures.get(a.unit), self.state.creatures.get(a.grappler)
            if c is None or h is None:
                return f"Break free of {n(a.grappler)}"
            return f"Break free of {n(a.grappler)} ({pct(grapple.escape_odds(self.state, c, h))})"
        if isinstance(a, Release):
            return f"Let go of {n(a.target)}"
        if isinstance(a, Resist):
            return f"Resist with {title(a.skill)}"
        if isinstance(a, Mount):
            return f"Climb onto {n(a.mount)}"
        if isinstance(a, Dismount):
            return f"Get down at {a.x},{a.y}"
        if isinstance(a, Haul):
            return f"Haul {n(a.target)} to {a.x},{a.y}"
        if isinstance(a, LongJump):
            return f"Jump to {a.x},{a.y}"
        if isinstance(a, StretchJump):                    # SM-06: the check and its odds
            c = self.state.creatures.get(a.unit)
            got = jumps.stretches(self.state, c).get((a.x, a.y)) if c is not None else None
            if got is None:
                return f"Jump further to {a.x},{a.y}"
            chance = rs_odds.check(c.skills["athletics"], got[1])
            return (f"Jump further to {a.x},{a.y} (Athletics DC {got[1]}, "
                    f"{pct(chance)}; short of it on a miss)")
        if isinstance(a, SwapLimb):
            c = self.state.creatures.get(a.unit)
            limb = limbs.name(self.state, c, a.limb) if c is not None and 0 < a.limb <= len(
                limbs.grapple_limbs(self.state, c)) else f"limb {a.limb}"
            return f"Hold {n(a.target)} with {limb}"
        if isinstance(a, Teleport):
            st = self.state
            c = st.creatures.get(a.unit)
            name = profile(st, c, a.ability).name if c is not None else title(a.ability)
            return f"{name} to {a.x},{a.y}"
        if isinstance(a, PickUp):
            whose = "your" if a.unit == a.owner else f"{n(a.owner)}'s"
            return f"Pick up {whose} {self._anatomy_name(a.owner, a.part).lower()}"
        if isinstance(a, Seize):
            words = f"Seize {n(a.target)}'s {self._anatomy_name(a.target, a.part).lower()}"
            c, d = self.state.creatures.get(a.unit), self.state.creatures.get(a.target)
            if c is None or d is None or a.part not in {p.key for p in
                                                        seize.seizable(self.state, c, d)}:
                return words
            return f"{words} ({pct(seize.seize_odds(self.state, c, d, a.part))})"
        if isinstance(a, Aim):
            return "Aim (a d4 on the next attack roll)"
        if isinstance(a, Assail):
            return "Assail (stat again on next damage)"
        if isinstance(a, Avert):
            return "Avert (Block d4 on the next attack at you)"
        if isinstance(a, Dash):
            return "Dash (move your speed again)"
        if isinstance(a, StandUp):
            return "Stand up (half your speed)"
        if isinstance(a, Hide):
            return "Hide (Stealth check)"
        if isinstance(a, AreaAttack):
            c = self.state.creatures.get(a.unit)
            if c is None:
                return f"{title(a.ability)} (everyone in the area)"
            p = profile(self.state, c, a.ability)
            if p.entry.area != "burst":                 # RS-87: one attack per foe in range
                return f"{p.name} (every foe in range)"
            return f"{p.name} (everyone in the area)"
        if isinstance(a, UseStep):
            step = content_of(self.state).steps.get(a.step)
            return f"Call on {step.name if step is not None else title(a.step)}"
        if isinstance(a, Fly):
            c = self.state.creatures.get(a.unit)
            was = c.altitude if c is not None else 0
            if a.altitude == 0:
                return f"Land ({was} ft down)"
            verb = "up" if a.altitude > was else "down"
            return f"Fly {verb} to {a.altitude} ft ({abs(a.altitude - was)} ft of movement)"
        if isinstance(a, HoldAloft):
            if a.how == "let_go":
                return f"Let {n(a.target)} fall"
            if a.how == "fall":
                return f"Fall with {n(a.target)}"
            stage = pending.top(self.state.pending)
            c = self.state.creatures.get(a.unit)
            if stage is None or stage.stage != flight.HOLD_STAGE or c is None:
                return f"Hold {n(a.target)} up"
            dc = int(stage.data["dc"])
            chance = rs_odds.check(c.skills["athletics"], dc)
            return (f"Hold {n(a.target)} up (Athletics against {dc}, {pct(chance)}; both fall "
                    f"on a miss)")
        if isinstance(a, Opportunity):
            if not a.ability:
                return f"Let {n(a.target)} go"
            c = self.state.creatures.get(a.unit)
            name = profile(self.state, c, a.ability).name if c is not None else title(a.ability)
            return f"{name} {n(a.target)} as it leaves"
        if isinstance(a, Concede):
            return "Concede"
        if isinstance(a, EndTurn):
            return "End turn"
        return self.unnamed_action(a)

    def unnamed_action(self, a: Any) -> str:
        """An action this presenter has no words for yet: its kind, so it is still offered
        (a test checks every rpgstuck action has words of its own)."""
        return title(type(a).__name__)

    def _unseen_by_foes(self, uid: str) -> bool:
        """Whether the other side cannot perceive `uid` now (its moves stay out of the shared
        log and off the map's animations: the log is read by both seats)."""
        c = self.state.creatures.get(uid)
        if c is None or c.status not in ("up", "unconscious"):
            return False
        return not arith.side_sees(self.state, 1 - c.side, c)

    def _log_event(self, e: Any) -> Any:
        if isinstance(e, DiceRolled) and e.actor in self.state.creatures:
            # the engine's roll text opens with the creature's name: the numbered one here
            name = self.state.creatures[e.actor].name
            if e.text.startswith(name + " ") and self.unit_name(e.actor) != name:
                return DiceRolled(e.roll, e.actor, self.unit_name(e.actor) + e.text[len(name):])
        return e

    def event_log(self) -> EventLog:
        if self._event_log is None:
            self._event_log = EventLog(Wording(
                name=self.unit_name,
                side_name=self.side_name,
                moves=MOVE_VERBS, downed="falls unconscious", texts=self._texts(),
                tails={"rs.damaged": self._damage_tail}))
        return self._event_log

    def _texts(self) -> dict[str, Any]:
        n = self.unit_name

        def rolled(e: Any) -> LogLine:
            terms = tuple((label, f"{v:+d}" if i else str(v))
                          for i, (label, v) in enumerate(e.terms))
            terms += (("Total", str(e.total)), (e.against, str(e.defense)))
            # a miss names nobody (RS-103: the square may have been empty): the creature
            # drawn there, if the reader sees one
            uid = e.target or self.unit_at(tuple(e.cell))
            who = n(uid) if uid else f"the square {e.cell[0]},{e.cell[1]}"
            if e.crit:
                return LogLine(f"{n(e.attacker)} crits {who}: {e.total} vs {e.against} "
                               f"{e.defense} (natural {e.natural})", DAMAGE, terms)
            if e.hit:
                return LogLine(f"{n(e.attacker)} hits {who}: {e.total} vs {e.against} "
                               f"{e.defense}", WARM, terms)
            return LogLine(f"{n(e.attacker)} misses {who}: {e.total} vs {e.against} "
                           f"{e.defense}", ROLL_FAIL, terms)

        def declared(e: Any) -> LogLine:
            c = self.state.creatures.get(e.attacker)
            name = profile(self.state, c, e.ability).name if c is not None else title(e.ability)
            part = f" at the {title(e.part).lower()}" if e.part else ""
            return LogLine(f"{n(e.attacker)} uses {name}{part}", INFO)

        return {
            "rs.declared": declared,
            "rs.attack_rolled": rolled,
            "rs.blocked": lambda e: LogLine(f"{n(e.defender)} blocks with a {e.die}"
                                            + (f" (covers {e.covers} rolls)" if e.covers > 1
                                               else ""), INFO),
            "rs.killed": lambda e: LogLine(f"{n(e.victim)} dies ({e.how})", DAMAGE),
            "rs.condition": lambda e: (
                f"{n(e.creature)} is now {looks.condition_look(e.condition)[1].split(':')[0].lower()}"
                if e.gained else
                f"{n(e.creature)} is no longer {looks.condition_look(e.condition)[1].split(':')[0].lower()}"),
            "rs.minor": lambda e: (
                f"{n(e.creature)} strikes at an opening (reaction)" if e.what == "opportunity"
                else f"{n(e.creature)} takes {title(e.what)} ({e.cost})"),
            "rs.check": lambda e: LogLine(
                f"{n(e.creature)} {title(e.skill)}"
                + (f" to {e.purpose.replace('_', ' ')}" if e.purpose else "")
                + f": {e.total} vs {e.against}, " + ("success" if e.success else "failure"),
                WARM if e.success else ROLL_FAIL),
            "rs.secret_found": lambda e: LogLine(f"{n(e.finder)} finds {n(e.creature)}'s "
                                                 f"{title(e.part).lower()}", GOOD),
            "rs.spotted": lambda e: LogLine(f"{n(e.creature)} is spotted", FORCED),
            "rs.grapple_started": lambda e: LogLine(f"{n(e.grappler)} grabs {n(e.target)} "
                                                    f"({e.ft} ft)", FORCED),
            "rs.grapple_ended": lambda e: LogLine(
                f"{n(e.grappler)}'s hold on {n(e.target)} ends"
                + {"let go": " (let go)", "escaped": " (escaped)", "holder moved": " (pushed away)",
                   "pushed out of reach": " (pushed out of reach)",
                   "teleported": " (teleported away)", "limb lost": " (its limb is lost)",
                   "down": " (down)"}.get(e.why, ""), FORCED),
            "rs.part_hit": lambda e: LogLine(
                f"The called shot strikes {n(e.creature)}'s {e.part.lower()}"
                + (f": {e.to_part} to the part, {e.hp_left} HP left" if e.hp_left is not None
                   else "")
                + (" — destroyed" if e.broken else ""), DAMAGE if e.broken else WARM),
            "rs.tool_dropped": lambda e: LogLine(
                f"{n(e.creature)}'s {e.part.lower()} flies out of its hands to {e.x},{e.y}"
                if not e.picked_by else
                f"{n(e.picked_by)} picks up {n(e.creature)}'s {e.part.lower()}", FORCED),
            "rs.part_seized": lambda e: LogLine(
                f"{n(e.grappler)} seizes {n(e.target)}'s {e.part.lower()}" if e.kept else
                f"{n(e.grappler)} lets go of {n(e.target)}'s {e.part.lower()}", FORCED),
            "rs.mounted": lambda e: f"{n(e.rider)} mounts {n(e.mount)} ({e.cost} ft)",
            "rs.altitude": lambda e: LogLine(self._altitude_words(e),
                                             DAMAGE if e.how == "fell" else INFO),
            "rs.held_aloft": lambda e: LogLine(
                {"let_go": f"{n(e.holder)} lets {n(e.target)} fall",
                 "fall": f"{n(e.holder)} falls with {n(e.target)}"}.get(
                    e.how, f"{n(e.holder)} holds {n(e.target)} up" if e.kept
                    else f"{n(e.holder)} cannot hold {n(e.target)} up"), FORCED),
            "rs.dismounted": lambda e: LogLine(
                f"{n(e.rider)} " + {"dismounted": "dismounts from", "fell off": "falls off",
                                    "moved off": "is knocked off"}.get(e.why, "leaves")
                + f" {n(e.mount)}", INFO if e.why == "dismounted" else FORCED),
        }

    def _altitude_words(self, e: Any) -> str:
        """B-25 in the log: taking off, rising, sinking, landing, being carried, falling."""
        n = self.unit_name(e.creature)
        if e.how == "fell":
            return f"{n} falls {e.was} ft"
        if e.how == "carried":
            return f"{n} is carried to {e.altitude} ft" if e.altitude else f"{n} is set down"
        if e.how == "flight":
            return f"{n} flies on, now {e.altitude} ft above the ground"
        if e.altitude == 0:
            return f"{n} lands ({e.cost} ft)"
        if e.was == 0:
            return f"{n} takes off to {e.altitude} ft ({e.cost} ft)"
        return f"{n} flies {'up' if e.altitude > e.was else 'down'} to {e.altitude} ft ({e.cost} ft)"

    def _damage_tail(self, e: Any) -> str:
        """' (4 into temp HP, ×2, claw)': what temp HP took, the percentage applied and the
        abilitech (or other source) that dealt it."""
        bits = []
        if e.temp:
            bits.append(f"{e.temp} into temp HP")
        if e.percent != 100:
            bits.append(f"×{e.percent / 100:g}")
        if e.source:
            a = content_of(self.state).abilitechs.get(e.source)
            bits.append(a.name if a is not None else e.source.replace("_", " "))
        return f" ({', '.join(bits)})" if bits else ""

    def animations(self, events: list) -> list[AnimStep]:
        shown = [e for e in events if not self._hidden_move(e)]
        float_ = lambda unit, text, colour: AnimStep("float", unit, text=text, colour=colour)  # noqa: E731
        return Animator(downed_text="Down", extra={
            "rs.attack_rolled": lambda e: (
                float_(e.target, "Crit!", (255, 200, 120)) if e.crit and e.target
                else None if e.hit or self.unit_at(tuple(e.cell)) is None
                else float_(self.unit_at(tuple(e.cell)), "Miss", (200, 206, 214))),
            "rs.blocked": lambda e: float_(e.defender, "Block", (150, 210, 255)),
            "rs.spotted": lambda e: float_(e.creature, "Spotted", (240, 180, 90)),
            "rs.altitude": lambda e: (float_(e.creature, "Falls!", (240, 150, 110))
                                      if e.how == "fell" else None),
        }).steps(shown)


def _span(dist: dict[int, Any]) -> str:
    """'3–8' (or '5'): the least and the most of a damage distribution."""
    lo, hi = min(dist), max(dist)
    return str(lo) if lo == hi else f"{lo}–{hi}"
