"""The gu_masters presenter: a gu_masters match as the generic battle screen draws it, and map
clicks turned into legal gu_masters actions.

Owns: tokens (footprints, HP bar, the essence meter, reactions left as pips, the primeval
stone count, status badges with the engine's words, the altitude of fliers, the final-stand
and dying marker with its token counts), the initiative tracker, the unit and square panels
(skills, attributes, heights, ground), the action bar (Move, Strike, Sprint, Stand up, any
other action the engine lists under More, End turn), reach with metres and path (the
engine's `moves.reach`), strike targets with the forecast on hover (the engine's
`forecast.strike_forecast`: hit after the defender's best reaction, damage after reduction,
chances to drop or kill, each test modifier named by its source), the strike picker, the
reaction prompts with each answer's exact odds (`forecast.reaction_odds`) and cost, and the
words of every gu_masters event for the shared log formatter and animator, percentile tests
as players read them (roll, target, degrees, each modifier).

Must not: decide a rule. Every action it proposes is one of `legal()`; reach, odds and
damage come from engine functions. It never draws (render/ and layers.py do) and never
imports pygame.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Concede, EndTurn
from game.engine.systems.gu_masters import forecast as fc
from game.engine.systems.gu_masters import (activate, areagu, breath, falling, holds,
                                            maneuvers, moves, reactions, statuses, ticks)
from game.engine.systems.gu_masters import flight as flight_rules
from game.engine.systems.gu_masters import gu as gu_rules
from game.engine.systems.gu_masters import rules as gu_system_rules
from game.engine.systems.gu_masters import killer as killer_rules
from game.engine.systems.gu_masters.activate import Killer, ReleaseMove
from game.engine.systems.gu_masters.aperture import Absorb, Detonate
from game.engine.systems.gu_masters.grips import BreakFree, Carry, Grapple, Throw
from game.engine.systems.gu_masters.hiding import Hide
from game.engine.systems.gu_masters.breath import Submerge, Surface
from game.engine.systems.gu_masters.maneuvers import (Dive, DiveFinish, DiveStrike, Evade,
                                                      Flew, Fly, Land, TakeFlight)
from game.engine.systems.gu_masters.ticks import OrderEffect
from game.engine.systems.gu_masters.events import Damaged, Moved
from game.engine.systems.gu_masters.content import content
from game.engine.systems.gu_masters.actions import (Activate, DodgeMove, GoesFirst, Jump, Move,
                                                    Opportunity, React, Release, Sprint,
                                                    StandUp, Strike)
from game.engine.systems.gu_masters.dying import DEATH_AT, STAND_AT
from game.engine.systems.gu_masters.state import Creature, GuState
from game.engine.tactics import pending

from game.client.presenters import (ActionButton, AnimStep, Cell, ClickResult, InitiativeEntry,
                                    LogLine, Overlay, PanelLine, Prompt, SubMenu,
                                    TilePanel, TokenInfo, UnitPanel)
from game.client.presenters.eventlog import (DAMAGE, DOWN, FORCED, GOOD, INFO, NOTE, ROLL_FAIL,
                                             WARM, Animator, EventLog, Wording, title)
from game.client.presenters.seatview import SeatViewPresenter
from game.client.presenters.words import pct
from game.client.systems.gu_masters import guwords, holdui, looks
from game.engine.systems.gu_masters.holding import HOLD_STAGE, Hold

#: reach tints: 1 m a square, and a path through costlier ground (difficult, water, climbing)
COST_COLOURS = {1: (120, 220, 140), 2: (240, 190, 80)}
HOTKEYS = 9
MOVE_VERBS = {"walk": "walks", "dodge": "dodges", "jump": "jumps", "knockback": "is knocked",
              "fly": "flies", "dive": "dives", "fall": "falls", "climb": "climbs",
              "swim": "swims", "land": "lands"}
STRIKE_WORDS = {"weapon": "", "multi": "multi-weapon", "punch": "Punch", "kick": "Kick",
                "bite": "Bite"}
REACTION_WORDS = {"dodge": "Dodge", "parry": "Parry", "shield": "Shield Gu",
                  "take": "Take the hit", "detonate": "Detonate", "held": "Held action"}
CONDITION_WORDS = {"up": "is up", "final_stand": "makes a final stand", "dying": "is dying",
                   "dead": "is dead"}
#: the actions the bar, the map and the prompts offer by their own controls
_ON_THE_BAR = (Move, Strike, Sprint, StandUp, TakeFlight, Land, Hold, EndTurn, Concede)
#: the actions the Gu bar (gubar.py) offers: not repeated under More
_ON_THE_GU_BAR = (Activate, Release, Killer, ReleaseMove)
#: targeting modes that pick a square on the map for an action naming it: mode -> (kind,
#: button label, what it does)
_AT_SQUARE: dict[str, tuple[type, str, str]] = {
    "jump": (Jump, "Jump", "Jump to a square: a standing jump, or a long one after a run-up"),
    # GU-31..33, GU-65: each listed by square and height (or ending), so the map offers the
    # squares and a click on one asks which height; a flier's list runs to hundreds, far too
    # many for the More menu
    "fly": (Fly, "Fly", "Fly in a straight line to a square, at a height you pick there; "
                        "one maneuver"),
    "dive": (Dive, "Dive", "Dive down to a square, on the ground or 1 m above it: a Flying "
                           "test, then one strike at a foe beside it; one maneuver"),
    "carry": (Carry, "Carry", "Carry the one you hold to a square: an Athletics test with its "
                              "weight, and all of your movement"),
}


NO_ANSWER = "No reaction left to stop it"
ROUND_REACTIONS = 2           # GU-18: two reactions a round, back at each turn's start (GU-GM-39)
JUMP_KINDS = {"up": "Jump up", "standing": "Standing jump", "long": "Long jump"}
#: the question of a stage the generic prompt asks (others: the stage's name)
STAGE_TITLES = {"dive_strike": "Strike at the dive's end?", "dive_finish": "End the dive",
                "initiative": "Who goes first?", "counter": "Counter-attack?"}
STAGE_TEXTS = {"dive_strike": "{who} ends its dive beside a foe: one strike, or none.",
               "dive_finish": "{who} lands from the dive (a Flying test: on a failure it is "
                              "prone) or rises 1 m."}
#: targeting modes of the Gu bar: "gu:<gu id>" aims a Gu, "km:<killer move id>" a killer move
GU_MODE, KILLER_MODE = "gu:", "km:"


@dataclass(frozen=True, slots=True)
class GuSlot:
    """One entry of the Gu bar: a Gu (or killer move) of the selected creature. `line` is the
    small print under the name (cost, reach, state); `spec` what pressing it does (a targeting
    mode, an action at once, or disabled); `tip` the hover's lines."""

    id: str
    name: str
    line: str
    spec: ActionButton
    tip: tuple[str, ...]
    kept: bool = False                 # sustained now: pressing it releases it
    killer: bool = False


COMPASS = {(0, -1): "north", (1, -1): "north-east", (1, 0): "east", (1, 1): "south-east",
           (0, 1): "south", (-1, 1): "south-west", (-1, 0): "west", (-1, -1): "north-west"}


def compass(dx: int, dy: int) -> str:
    return COMPASS.get((max(-1, min(1, dx)), max(-1, min(1, dy))), f"{dx},{dy}")


def signed(v: int) -> str:
    return f"{v:+d}"


def part_words(part: str) -> str:
    """A called shot's part as a player reads it ("item:sword" -> "sword")."""
    return part.split(":", 1)[-1].replace("_", " ")


class GuMastersPresenter(SeatViewPresenter):
    """Reads a gu_masters `Match`; see the module docstring."""

    cost_colours = COST_COLOURS
    board_stages = ("act", reactions.DODGE_STAGE, areagu.AREA_STEP, maneuvers.DRIFT_STAGE)
    keys_hint = ("1-9 actions · click a foe to strike · Space ends",
                 "Right click backs out · wheel zoom · WASD pan")
    tile_hint = "Point at a square: its ground, height and cover"

    side_colours = looks.SIDE_COLOURS
    side_colour_names = looks.SIDE_NAMES

    def __init__(self, match: Any):
        super().__init__(match)
        self._fc_key: Any = None
        self._fc: dict[tuple, fc.StrikeForecast] = {}

    # -- what the viewing seat may see (GU-13) --------------------------------------------------
    def seen(self) -> GuState:
        return super().seen()

    def _shown(self, c: Creature) -> bool:
        """Drawn as a token: on the board, and not an enemy hidden from the viewing seat (the
        view keeps an acting one as a ghost on the square where it hid: not drawn, marked)."""
        return c.on_board and not (self.seat is not None and c.side != self.seat and c.hidden)

    def last_known(self) -> list[tuple[Cell, int, str]]:
        """(square, footprint, name) where the viewing seat last saw each enemy now hidden
        from it (GU-13; the engine keeps the square in `seen_at`)."""
        if self.seat is None or self.state.over:
            return []
        key = str(self.seat)
        out = []
        for c in self.state.creatures.values():
            if c.side != self.seat and c.hidden and c.on_board and key in c.seen_at:
                x, y = c.seen_at[key]
                out.append(((x, y), c.size, self.unit_name(c.id)))
        return sorted(out)

    def _unseen_by_foes(self, uid: str) -> bool:
        """Whether the other side cannot see `uid` now: its moves stay out of the shared log
        (both seats read it) and off the map's animations (GU-13)."""
        c = self.state.creatures.get(uid)
        return c is not None and c.hidden and c.on_board

    # -- names and looks -----------------------------------------------------------------------
    @staticmethod
    def gu_name(gid: str) -> str:
        """A Gu's (or killer move's) name from the content; an id it lacks reads as words."""
        cont = content()
        if gid.startswith(gu_rules.KILLER):                # a killer move as events name it
            gid = gid[len(gu_rules.KILLER):]
        got = cont.gu.get(gid) or cont.killer_moves.get(gid)
        return got.name if got is not None else title(gid)

    def fall_damage(self, metres: int) -> int:
        """The engine's fall damage for `metres` under this match's table (GU-117,
        GU-GM-27)."""
        return falling.fall_damage(metres, fall_mode=str(self.state.house.get("fall_mode",
                                                                              "total")))

    @staticmethod
    def weapon_name(wid: str) -> str:
        got = content().weapons.get(wid)
        return got.name if got is not None else title(wid)

    def acting_unit(self) -> str | None:
        st = self.state
        return None if st.over else st.acting.id

    def creature(self, uid: str | None) -> Creature | None:
        if uid is None:
            return None
        c = self.seen().creatures.get(uid)
        return c if c is not None and self._shown(c) else None

    # -- badges ----------------------------------------------------------------------------------
    def status_words(self, c: Creature) -> list[tuple[str, str, str]]:
        """(letters, name, what it does) of each status `c` carries, the words from the
        engine's status table (statuses.badges); a status that table does not know (a hold,
        a flight) shows its name."""
        out = []
        for s in c.statuses:
            letters, _colour = looks.status_look(s.id)
            if s.id in statuses.RULES:
                turns = s.turns if s.turns and s.turns > 0 else None
                b = statuses.badges([statuses.Status(s.id, stacks=max(1, s.value),
                                                     turns=turns)])[0]
                name, words = b.label, b.summary
            else:
                name, words = title(s.id), ""
                if s.value:
                    name += f" {s.value}"
            if s.source and s.source in self.state.creatures:
                words = (words + "; " if words else "") + f"from {self.unit_name(s.source)}"
            if s.id == "bleeding" and s.value > 1:
                letters += str(s.value)
            out.append((letters, name, words))
        return out

    def life_words(self, c: Creature) -> tuple[str, str] | None:
        """The final-stand or dying marker (GU-109..116) and its tokens, or None when up."""
        if c.condition not in looks.LIFE:
            return None
        letters = looks.LIFE[c.condition][0]
        per, pred = c.tokens
        if c.condition == "final_stand":
            return (letters, f"Final stand: no melee, no movement; any damage to HP and it is "
                             f"dying. Perseverance {per}/{STAND_AT}, Predicament {pred}/{DEATH_AT}")
        if c.condition == "dying":
            return (f"{letters}{per}/{pred}",
                    f"Dying, unconscious: a Perseverance test at the end of each of its turns. "
                    f"Perseverance tokens {per}/{STAND_AT} (a final stand at {STAND_AT}), "
                    f"Predicament tokens {pred}/{DEATH_AT} (death at {DEATH_AT})")
        return letters, "Dead"

    def breath_words(self, c: Creature) -> tuple[str, str] | None:
        """Under water (GU-40): "Br" and the turns of breath left, or "Dr" and the turns left
        before it drowns once its breath has run out; None above water."""
        if not breath.under_water(self.state, c):
            return None
        span = breath.span(c)
        if breath.aquatic(c):
            return "Br", "Under water: it breathes water"
        left = breath.left(c)
        if left > 0:
            return (f"Br{left}", f"Under water, holding its breath: {left} of {span} turns "
                                 "left, then it falls unconscious")
        drown = max(0, 2 * span - c.breath_out)
        return (f"Dr{drown}", f"Under water, out of breath and unconscious: it drowns in "
                              f"{drown} turns unless brought up for air")

    def _badges(self, c: Creature) -> tuple[tuple[str, str], ...]:
        out: list[tuple[str, str]] = []
        life = self.life_words(c)
        if life is not None:
            out.append(life)
        if c.stones:
            out.append((f"S{c.stones}", f"{c.stones} primeval stone{'s' if c.stones != 1 else ''}"
                                        " carried (absorbing one refills essence)"))
        if c.hidden:
            out.append(("H", "Hidden: the other side does not know where it is"))
        if c.shield:
            out.append((f"Sh{c.shield}", f"Shield: the next {c.shield} damage is stopped"))
        air = self.breath_words(c)
        if air is not None:
            out.append(air)
        held = holdui.held_badge(self, c)
        if held is not None:
            out.append(held)
        for letters, name, words in self.status_words(c):
            out.append((letters, f"{name}: {words}" if words else name))
        return tuple(out)

    # -- board contents ------------------------------------------------------------------------
    def tokens(self, seat: int | None = None) -> list[TokenInfo]:
        """The creatures the viewing seat (`self.seat`, set by the scene) may see."""
        st = self.seen()
        acting = None if st.over else st.acting.id
        out = []
        for c in st.creatures.values():
            if not self._shown(c):
                continue
            colour, glyph = looks.creature_look(c.entry, c.name)
            bars = ((c.essence, c.essence_max, looks.ESSENCE),) if c.essence_max else ()
            out.append(TokenInfo(c.id, self.unit_name(c.id), c.side, c.x, c.y, c.size, c.hp,
                                 c.max_hp, colour=colour, badges=self._badges(c),
                                 altitude=c.altitude if c.altitude > 0 else None,
                                 acting=c.id == acting, glyph=glyph, bars=bars,
                                 pips=(c.reactions, ROUND_REACTIONS) if c.conscious else (0, 0)))
        return out

    def initiative(self) -> tuple[list[InitiativeEntry], int]:
        st = self.seen()            # a hidden enemy is not in the viewing seat's order
        out = []
        for i, cid in enumerate(st.order):
            c = st.creatures[cid]
            colour, _ = looks.creature_look(c.entry, c.name)
            out.append(InitiativeEntry(cid, self.unit_name(cid), c.side, colour,
                                       current=i == st.index and not st.over,
                                       down=not c.conscious))
        return out, st.round

    def unit_at(self, cell: Cell) -> str | None:
        for c in self.seen().creatures.values():
            if self._shown(c) and cell in c.cells():
                return c.id
        return None

    # -- panels ----------------------------------------------------------------------------------
    def unit_panel(self, unit_id: str) -> UnitPanel | None:
        c = self.creature(unit_id)
        if c is None:
            return None
        st = self.state
        kind = "Gu Master" if c.essence_max else "Beast"
        stats = []
        if c.essence_max:
            stats += [("Essence", f"{c.essence}/{c.essence_max}",
                       f"Primeval essence: pays for Gu; +{c.essence_regen} at the start of "
                       "each turn"),
                      ("Stones", str(c.stones), "Primeval stones carried")]
        stats += [("Move", f"{c.movement} m", "Movement per turn (1 m a square)"),
                  ("Reactions", f"{c.reactions}/{ROUND_REACTIONS}",
                   "Reactions left this round: dodge, parry, shield Gu, attacks of "
                   "opportunity")]
        air = self.breath_words(c)
        if air is not None:
            stats.append(("Breath", f"{breath.left(c)}/{breath.span(c)} turns", air[1]))
        if c.altitude:
            stats.append(("Altitude", f"{c.altitude} m", "Height above the ground it flies over"))
            stats.append(("Fall", f"{self.fall_damage(c.altitude)} dmg",
                          f"What a fall from {c.altitude} m deals if it loses its flight"))
        sections: list[tuple[str, list[PanelLine]]] = []
        conds = []
        life = self.life_words(c)
        if life is not None:
            per, pred = c.tokens
            conds.append(PanelLine(f"tokens {per}/{STAND_AT} Perseverance, {pred}/{DEATH_AT} "
                                   "Predicament", title(c.condition), colour=DAMAGE,
                                   tooltip=life[1]))
        for letters, name, words in self.status_words(c):
            conds.append(PanelLine(words or name, name, tooltip=words))
        if c.held:
            conds.append(PanelLine(holdui.held_note(self, c), "Holding", colour=WARM,
                                   tooltip="Fired as a reaction when its trigger comes; lapses "
                                           "at the start of its next turn"))
        if conds:
            sections.append(("Conditions", conds))
        if not st.over and st.acting.id == c.id and not st.pending:
            t = st.turn
            left = moves.movement_now(st, c)
            turn = [PanelLine("spent" if t.action else "ready", "Combat action", dim=t.action),
                    PanelLine("spent" if t.bonus else "ready", "Bonus action", dim=t.bonus),
                    PanelLine(f"{left} m left" + (" (sprinting)" if t.sprint else ""),
                              "Movement", dim=left <= 0)]
            if t.strikes:
                turn.append(PanelLine(f"{t.strikes} more", f"{title(t.strike_kind)} strikes",
                                      colour=WARM))
            sections.append(("This turn", turn))
        cont = content()
        gear = []
        for w in c.weapons:
            wp = cont.weapons.get(w)
            gear.append(PanelLine(f"{self.weapon_name(w)}" + (
                f" · {wp.damage} {wp.type} · reach {wp.reach_m} m" if wp else ""), "Weapon",
                tooltip=wp.description if wp else ""))
        for g in c.gu:
            gu = cont.gu.get(g)
            gear.append(PanelLine(f"{self.gu_name(g)}" + (
                f" · rank {gu.rank} · {gu.cost} essence" if gu else ""), "Gu",
                tooltip=gu.description if gu else ""))
        if gear:
            sections.append(("Carried", gear))
        skills = [PanelLine(str(v), k) for k, v in c.skills.items()]
        sections.append(("Skills", skills))
        attrs = [PanelLine(str(v), k) for k, v in c.attrs.items()]
        sections.append(("Attributes", attrs))
        return UnitPanel(c.id, self.unit_name(c.id), f"{c.size_class} {kind}", c.side,
                         looks.creature_look(c.entry, c.name)[0], c.hp, c.max_hp, stats=stats,
                         sections=sections)

    def tile_panel(self, cell: Cell) -> TilePanel | None:
        board = self.board()
        if not board.in_bounds(*cell):
            return None
        p = board.prop
        lines = []
        if p(*cell, "wall", False):
            lines.append(PanelLine("Wall", "Ground"))
        else:
            lines.append(PanelLine(title(p(*cell, "terrain", "normal") or "normal"), "Ground",
                                   tooltip="Difficult ground and water cost 2 m a step"))
        height = p(*cell, "elevation_m", 0) or 0
        lines.append(PanelLine(f"{height} m", "Height"))
        cover = p(*cell, "cover", "none") or "none"
        if cover != "none":
            lines.append(PanelLine(title(cover), "Cover"))
        me = self._mine()
        if me is not None and not p(*cell, "wall", False):
            drop = (p(me.x, me.y, "elevation_m", 0) or 0) + me.altitude - height
            if drop > 0:
                lines.append(PanelLine(f"{drop} m below {self.unit_name(me.id)}: a fall deals "
                                       f"{self.fall_damage(drop)}", "Drop",
                                       colour=DAMAGE if self.fall_damage(drop) else None,
                                       tooltip="Falls of more than 2 m hurt; a dive or a jump "
                                               "down may land softer"))
        if p(*cell, "climbable", False):
            lines.append(PanelLine("climbable face", "Climb"))
        if p(*cell, "hide", False):
            lines.append(PanelLine("a place to hide", "Hide"))
        return TilePanel(f"Square {cell[0]}, {cell[1]}", lines)

    # -- the action bar --------------------------------------------------------------------------
    def _mine(self) -> Creature | None:
        """The acting creature when its seat plays on the map (not during a prompt)."""
        st = self.state
        if st.over or pending.top(st.pending) is not None:
            return None
        return st.acting

    def _strikes(self) -> list[Strike]:
        """Every strike on offer, plain and called (GU-59: `part` names a called shot's aim)."""
        return [a for a in self.legal() if isinstance(a, Strike)]

    def buttons(self, selected: str | None, mode: str | None) -> list[ActionButton]:
        legal = self.legal()
        kinds = {type(a) for a in legal}
        out: list[ActionButton] = []
        me = self._mine()
        if me is not None:
            left = moves.movement_now(self.state, me)
            walk_tip = ("Walk up to {left} m; difficult ground, water and climbing cost more"
                        .format(left=left))
            strike_tip = ("Melee: a weapon, several weapons, a punch, a kick or a bite; Close "
                          "Combat against the defender's reaction")
            if Move not in kinds:
                walk_tip += "\n" + self._not_now(Move(me.id, me.x, me.y),
                                                  "no square it can walk to")
            if Strike not in kinds:
                foe = next((o for o in self.state.living() if o.side != me.side), None)
                probe = Strike(me.id, foe.id, "punch") if foe is not None else None
                strike_tip += "\n" + self._not_now(
                    probe, "its combat action is spent" if self.state.turn.action
                    else "no foe within reach of a strike")
            out.append(ActionButton("move", "Move", enabled=Move in kinds, mode="move",
                                    tooltip=walk_tip))
            out.append(ActionButton("strike", "Strike", enabled=Strike in kinds, mode="strike",
                                    tooltip=strike_tip))
            for kind, ident, label, tip in (
                    (Sprint, "sprint", "Sprint", "Combat action: triple movement this turn"),
                    (StandUp, "stand", "Stand up", "Costs half your movement"),
                    (TakeFlight, "take_flight", "Take flight",
                     "Rise half your flying speed straight up; your first maneuver, and no "
                     "walking after it this turn")):
                got = [a for a in legal if isinstance(a, kind)]
                if len(got) == 1:
                    out.append(ActionButton(ident, label, action=got[0], tooltip=tip))
                elif got:                                # GU-22: by which flight Gu
                    out.append(ActionButton(ident, label, actions=tuple(
                        (self.describe(a), a) for a in got), tooltip=tip))
            for ident, (kind, label, tip) in _AT_SQUARE.items():
                if any(isinstance(a, kind) and self._square_of(a) for a in legal):
                    out.append(ActionButton(ident, label, mode=ident, tooltip=tip))
            # after the maneuvers on the map: a second click where Take flight was lands on
            # Fly (a mode), never on Land
            land = next((a for a in legal if isinstance(a, Land)), None)
            if land is not None:
                out.append(ActionButton("land", "Land", action=land,
                                        tooltip="Come down where you are; one maneuver"))
            hold = holdui.hold_button(self, legal)           # GU-71: what, then on what
            if hold is not None:
                out.append(hold)
            other = [a for a in legal if not isinstance(a, _ON_THE_BAR + _ON_THE_GU_BAR)
                     and not (self._square_of(a) and any(isinstance(a, k)
                                                         for k, _, _ in _AT_SQUARE.values()))]
            if other:
                entries = self._more_entries(me, other)
                out.append(ActionButton("more", "More", actions=entries,
                                        tooltip="Other actions: " + ", ".join(
                                            label.split(" — ")[0] for label, _ in entries)))
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

    def _not_now(self, probe: Any, otherwise: str) -> str:
        """Why a greyed button's actions are not listed: the engine's refusal when it names a
        rule of the creature's state (GU-110: a final stand), else `otherwise`."""
        why = gu_system_rules.validate(self.state, probe) if probe is not None else None
        if why is not None and why.rule == "GU-110":
            return f"Not now: {why.words} ({why.rule})"
        return f"Not now: {otherwise}"

    def _more_entries(self, me: Creature, other: list) -> tuple[tuple[str, Any], ...]:
        """The More menu: each action in our words with its odds where it rolls, the choices
        that come in a set (which Gu to detonate, which way to throw) one step further down."""
        st = self.state
        out: list[tuple[str, Any]] = []
        blasts = [a for a in other if isinstance(a, Detonate)]
        throws = [a for a in other if isinstance(a, Throw)]
        for a in other:
            if isinstance(a, (Detonate, Throw)):
                continue
            label = self.describe(a)
            if isinstance(a, Grapple):                                       # GU-62
                d = st.creatures[a.target]
                label += (f" — Athletics {me.skills.get('Athletics', 0)} against "
                          f"{d.skills.get('Athletics', 0)}: {pct(fc.grapple_odds(st, me, d))}")
            elif isinstance(a, BreakFree):                                   # GU-68
                g = holds.holder_of(st, me)
                if g is not None:
                    label += f" — Athletics against {self.unit_name(g.id)}: " \
                             f"{pct(fc.break_free_odds(st, me, g))}"
            elif isinstance(a, Hide):                                        # GU-13
                n, p = fc.hide_odds(st, me)
                label = (f"Hide — {n} {'foes test' if n != 1 else 'foe tests'} Awareness: "
                         f"unseen by all "
                         f"{pct(p)}" if n else "Hide — no foe can see it")
            elif isinstance(a, Evade):                                       # GU-35
                f = fc.flying_forecast(st, me)
                label = (f"Evade — Flying test {pct(f.succeeds)}: attacks at it "
                         f"+{flight_rules.evade_penalty(f.flying)} until its next turn")
            out.append((label, a))
        if throws:                                                           # GU-66/67
            d = holds.held_by(st, me)
            metres, crash = fc.throw_reach(st, me, d[0]) if d else (0, 0)
            out.append(("Throw the held one…", SubMenu(
                "Throw which way?", tuple((title(compass(a.dx, a.dy)), a) for a in throws),
                f"Up to {metres} m; striking a wall or a creature: {crash} force damage to "
                "both")))
        if blasts:                                                           # GU-91
            out.append(("Detonate a Gu…", SubMenu(
                "Detonate which Gu?", tuple((self.gu_name(a.gu), a) for a in blasts),
                "Destroys your own Gu for good; nothing else happens")))
        return tuple(out)

    def default_mode(self) -> str | None:
        return "move"

    def mode_note(self, mode: str | None) -> str | None:
        if mode == "strike":
            return "Point at a foe for the odds; click to strike (right click backs out)"
        u = self.usable(mode)
        if u is not None:
            if u.target == "area":
                return (f"{u.name}: point at a tinted square to see the area; click to set it "
                        "off (right click backs out)")
            return f"{u.name}: point at a target for the odds; click to use it (right click " \
                   "backs out)"
        return None

    def unused_actions(self) -> str | None:
        me = self._mine()
        if me is None:
            return None
        if self._strikes() and not self.state.turn.action:
            return f"{self.unit_name(me.id)} can still strike. End the turn anyway?"
        return None

    # -- the Gu bar -------------------------------------------------------------------------------
    @staticmethod
    def usable(mode: str | None) -> Any:
        """The Gu or killer move (content) a Gu-bar targeting mode aims, or None."""
        if mode and mode.startswith(GU_MODE):
            return content().gu.get(mode[len(GU_MODE):])
        if mode and mode.startswith(KILLER_MODE):
            return content().killer_moves.get(mode[len(KILLER_MODE):])
        return None

    def _gu_actions(self, mode: str) -> list:
        """The listed Activate (or Killer) actions of a Gu-bar mode: one per aim."""
        if mode.startswith(GU_MODE):
            gid = mode[len(GU_MODE):]
            return [a for a in self.legal() if isinstance(a, Activate) and a.gu == gid]
        kid = mode[len(KILLER_MODE):]
        return [a for a in self.legal() if isinstance(a, Killer) and a.move == kid]

    def activations_left(self, c: Creature) -> int:
        """Activations `c` may still spend this turn (GU-42): the turn's budget once its
        combat action went on a Gu, else what a first activation would open."""
        t = self.state.turn
        return t.activations if t.action else activate.budget(self.state, c)

    def gu_bar(self, selected: str | None, live: bool = True) -> tuple[str, list[GuSlot]]:
        """The heading (its essence, and on its turn the activations left) and the entries of
        the Gu bar for the selected creature: each Gu it
        carries and each killer move it knows, with cost, reach and state; usable (a targeting
        mode, or at once for a Gu on itself; Release for one kept up) only on its own turn and
        as the engine lists it, else greyed with the engine's reason. `live` False (another
        seat's turn): read only, and the legal list is not worked out for it."""
        c = self.creature(selected)
        entry = content().creatures.get(c.entry) if c is not None else None
        moves_known = entry.killer_moves if entry is not None else ()
        if c is None or not (c.gu or moves_known):
            return "", []
        me = self._mine() if live else None
        mine = me is not None and me.id == c.id
        legal = self.legal() if mine else []
        head = f"{c.essence}/{c.essence_max} essence"
        if mine:
            n = self.activations_left(c)
            head += f" · {n} activation{'s' if n != 1 else ''} left"
        out: list[GuSlot] = []
        for gid in dict.fromkeys(c.gu):
            g = content().gu.get(gid)
            if g is None:
                continue
            out.append(self._gu_slot(c, g, mine, legal))
        for kid in moves_known:
            k = content().killer_moves.get(kid)
            if k is not None:
                out.append(self._killer_slot(c, k, mine, legal))
        return head, out

    def _about(self, u: Any, c: Creature) -> list[str]:
        """The hover's lines that say what a Gu or killer move is and does."""
        lines = [u.description] if u.description else []
        lines.append("Does: " + "; ".join(guwords.effect_words(u)))
        lines.append(f"Reach: {guwords.reach_words(u)}")
        if u.skill:
            skill = activate.skill_name(u.skill)
            lines.append(f"Test: {skill} {c.skills.get(skill, 0)}")
        elif u.target != "self" and activate.harmful(u):
            lines.append("No attack test: it lands unless dodged or shielded")
        elif u.target != "self":                      # a heal or a shield for its own side
            lines.append("No test: it takes effect on a creature of its side")
        lines += [w[:1].upper() + w[1:] for w in guwords.keyword_words(u)]
        return lines

    def best_aim(self, mode: str | None) -> str:
        """For a Gu-bar card's targeting mode: the forecast of its best creature aim now (asked
        when the card is pointed at, not for every card of every position: each forecast lands
        the blow on copies of the state)."""
        me = self._mine()
        u = self.usable(mode)
        if me is None or u is None or u.target != "creature" or mode is None:
            return ""
        uid = mode[len(GU_MODE):] if mode.startswith(GU_MODE) else \
            gu_rules.KILLER + mode[len(KILLER_MODE):]
        return self._best_aim(me, uid, self._gu_actions(mode))

    def _best_aim(self, c: Creature, uid: str, acts: list) -> str:
        """The forecast of the best creature aim among `acts` (the engine's gu_forecast)."""
        best = None
        for a in acts:
            d = self.state.creatures.get(a.target) if a.target else None
            if d is None or d.side == c.side:
                continue
            f = fc.gu_forecast(self.state, c, d, uid)
            score = float(f.hit) * f.landing.dealt
            if best is None or score > best[0]:
                best = (score, d, f)
        if best is None:
            return ""
        return f"Best now: {self.unit_name(best[1].id)}: {self._odds_line(best[2])}"

    def _gu_slot(self, c: Creature, g: Any, mine: bool, legal: list) -> GuSlot:
        st = self.state
        kept = g.id in c.sustained
        tip = self._about(g, c)
        cost = f"Costs {g.cost} essence (has {c.essence})"
        if g.upkeep:
            cost += f", then {g.upkeep} at the start of each turn while kept up"
        tip.insert(0, cost)
        ident = GU_MODE + g.id
        line = f"{g.cost} ess · {guwords.card_words(g)}"
        enabled, mode, action, why = False, None, None, ""
        if kept:
            line = f"kept up · {g.upkeep} a turn"
            action = next((a for a in legal if isinstance(a, Release) and a.gu == g.id), None)
            why = "Kept up now: click to release it (free)" if action is not None else \
                "Kept up now (released on its user's turn)"
            enabled = action is not None
        elif g.use == "passive":
            line = "passive"
            why = "Works by itself: never activated"
        else:
            acts = [a for a in legal if isinstance(a, Activate) and a.gu == g.id]
            if acts:
                enabled = True
                if g.target == "self":
                    action = acts[0]
                    why = "Click to activate it on itself"
                else:
                    mode = ident
                    why = ("Click, then pick a tinted square: the area is drawn as you point"
                           if g.target == "area" else "Click, then pick a foe: the odds show "
                                                      "as you point" if activate.harmful(g)
                           else "Click, then pick a creature of its side")
            elif not mine:
                why = "Usable on its own turn"
            else:
                refused = activate.gu_refusal(st, c, g.id)
                if refused is not None:
                    why = f"Not now: {refused[0]} ({refused[1]})"
                elif "shield" in g.keywords:
                    why = "Raised as a reaction when a hit comes"
                else:
                    why = "Not now: no target in reach"
        tip.append(why)
        spec = ActionButton(ident, g.name, "", enabled, "\n".join(tip), mode, action)
        return GuSlot(g.id, g.name, line, spec, tuple(tip), kept=kept)

    def _killer_slot(self, c: Creature, k: Any, mine: bool, legal: list) -> GuSlot:
        st = self.state
        kept = gu_rules.KILLER + k.id in c.sustained
        price = killer_rules.cost(k, c.gu, c.essence, gu_rules.activations(c),
                                  sustaining=gu_rules.sustaining_moves(c))
        tip = self._about(k, c)
        parts = ", ".join(f"{self.gu_name(g)}" + (f" x{n}" if n > 1 else "")
                          for g, n in k.components.items())
        tip.insert(0, f"Costs {price.essence} essence and {price.soul} soul "
                      f"({k.activations} activations; has {c.essence} essence, "
                      f"{c.soul} soul)")
        tip.insert(1, f"Killer move built from {parts}")
        ident = KILLER_MODE + k.id
        line = f"{price.essence} ess · {price.soul} soul"
        enabled, mode, action, why = False, None, None, ""
        if kept:
            line = "kept up"
            action = next((a for a in legal if isinstance(a, ReleaseMove) and a.move == k.id),
                          None)
            enabled = action is not None
            why = "Kept up now: click to release it (free)"
        else:
            acts = [a for a in legal if isinstance(a, Killer) and a.move == k.id]
            if acts:
                enabled = True
                if k.target == "self":
                    action = acts[0]
                    why = "Click to use it"
                else:
                    mode = ident
                    why = ("Click, then pick a tinted square: the area is drawn as you point"
                           if k.target == "area" else "Click, then pick a target: the odds "
                                                      "show as you point")
            elif not mine:
                why = "Usable on its own turn"
            else:
                refused = activate.killer_refusal(st, c, k.id)
                why = f"Not now: {refused[0]} ({refused[1]})" if refused is not None else \
                    "Not now: no target in reach"
        tip.append(why)
        spec = ActionButton(ident, k.name, "", enabled, "\n".join(tip), mode, action)
        return GuSlot(k.id, k.name, line, spec, tuple(tip), kept=kept, killer=True)

    def _gu_overlay(self, mode: str, me: Creature, hover: Cell | None) -> Overlay:
        """A Gu's targeting: the creatures it may be aimed at, or the squares an area may be
        set off at (tinted) with the area drawn where the pointer is (areagu.shape), the
        creatures it would catch outlined."""
        u = self.usable(mode)
        ov = Overlay(size=1, cost_digits=False)
        acts = self._gu_actions(mode)
        if u is None:
            return ov
        ov.range_cells = self._in_reach(me, activate.reach_of(u))
        if u.target == "area":
            ov.cells = {(a.x, a.y): 1 for a in acts}
            ov.veil = bool(ov.cells)
            ov.legend = ((1, "set it off here"),)
            if hover in ov.cells:
                area = areagu.shape(self.state, me, u, hover)
                if area is not None:
                    ov.area = [tuple(p) for p in area.cells]
                    caught = [o for o in areagu.caught(self.state, area) if self._shown(o)]
                    ov.target_block = [cell for o in caught for cell in o.cells()]
            return ov
        for a in acts:
            d = self.creature(a.target)
            if d is not None:
                ov.targets.update(d.cells())
        if hover in ov.targets:
            d = self.creature(self.unit_at(hover))
            if d is not None:
                ov.target_block = d.cells()
        return ov

    def _in_reach(self, me: Creature, metres: int) -> set[Cell]:
        """The squares within `metres` of the user on the map's plan (a hint drawn under the
        targets; whether a creature may be aimed at is the legal list's, in 3D)."""
        board = self.board()
        out: set[Cell] = set()
        if metres <= 0:
            return out
        for x in range(me.x - metres, me.x + me.size + metres):
            for y in range(me.y - metres, me.y + me.size + metres):
                if board.in_bounds(x, y):
                    out.add((x, y))
        return out - set(me.cells())

    def _gu_click(self, mode: str, cell: Cell) -> ClickResult:
        u = self.usable(mode)
        acts = self._gu_actions(mode)
        if u is not None and u.target == "area":
            got = next((a for a in acts if (a.x, a.y) == cell), None)
            return ClickResult(action=got) if got is not None else ClickResult(
                message="Pick a tinted square: the area must catch a foe, in reach and sight")
        on = self.unit_at(cell)
        got = next((a for a in acts if on is not None and a.target == on), None)
        if got is not None:
            return ClickResult(action=got)
        return ClickResult(message="Pick a creature it may be aimed at (outlined)")

    def _gu_forecast(self, mode: str, cell: Cell) -> str | None:
        u = self.usable(mode)
        me = self._mine()
        if u is None or me is None:
            return None
        acts = self._gu_actions(mode)
        uid = mode[len(GU_MODE):] if mode.startswith(GU_MODE) else \
            gu_rules.KILLER + mode[len(KILLER_MODE):]
        if u.target == "area":
            a = next((a for a in acts if (a.x, a.y) == cell), None)
            if a is None:
                return None
            area = areagu.shape(self.state, me, u, cell)
            caught = [o for o in areagu.caught(self.state, area)] if area is not None else []
            names = [self.unit_name(o.id) + (" (itself)" if o.id == me.id else
                                             " (a friend)" if o.side == me.side else "")
                     for o in caught if self._shown(o)]
            lines = [f"Catches: {', '.join(names) or 'nobody it can see'}",
                     "Does: " + "; ".join(guwords.effect_words(u))]
            if u.skill:
                skill = activate.skill_name(u.skill)
                lines.append(f"One {skill} test ({me.skills.get(skill, 0)}) for the whole "
                             "area; a miss sets off nothing")
            lines.append("Each one caught may dodge out (if half its movement gets it out) "
                         "or raise a shield Gu")
            return f"{self.describe(a)}\n" + "\n".join(lines)
        on = self.unit_at(cell)
        a = next((a for a in acts if on is not None and a.target == on), None)
        if a is None:
            return None
        d = self.state.creatures[a.target]
        if d.side == me.side:
            return f"{self.describe(a)}\nDoes: " + "; ".join(guwords.effect_words(u))
        f = fc.gu_forecast(self.state, me, d, uid)
        return f"{self.describe(a)}\n" + "\n".join(self._forecast_lines(f, d))

    # -- targeting -------------------------------------------------------------------------------
    def _reach(self) -> dict[Cell, tuple[int, list[Cell]]]:
        me = self._mine()
        if me is None:
            return {}
        ends = {(a.x, a.y) for a in self.legal() if isinstance(a, Move)}
        return {cell: got for cell, got in moves.reach(self.state, me).items() if cell in ends}

    @staticmethod
    def _square_of(a: Any) -> Cell | None:
        """The square an action goes to, for one the map offers as a square (a jump straight
        up goes nowhere on the map: it is listed under More)."""
        if getattr(a, "up", 0):
            return None
        x, y = getattr(a, "x", -1), getattr(a, "y", -1)
        return (x, y) if x >= 0 and y >= 0 else None

    def _square_actions(self, mode: str) -> dict[Cell, list]:
        """The listed actions of a square mode by the square they go to (a Fly or a Dive has
        one per height or ending there)."""
        kind = _AT_SQUARE[mode][0]
        out: dict[Cell, list] = {}
        for a in self.legal():
            if isinstance(a, kind):
                sq = self._square_of(a)
                if sq is not None:
                    out.setdefault(sq, []).append(a)
        return out

    def _dodge_cells(self) -> dict[Cell, DodgeMove]:
        return {(a.x, a.y): a for a in self.legal() if isinstance(a, DodgeMove)}

    def _target_cells(self) -> dict[Cell, list[Strike]]:
        out: dict[Cell, list[Strike]] = {}
        for a in self._strikes():
            d = self.creature(a.target)
            if d is None:
                continue
            for cell in d.cells():
                out.setdefault(cell, []).append(a)
        return out

    def _human_decides(self) -> bool:
        """Whether a human seat decides now: the map's targeting is for her only (a computer
        seat's reach and legal list are never worked out in a frame)."""
        if self.state.over:
            return False
        dec = self.match.decision
        return dec is not None and self.match.config.seats[dec.seat].kind == "human"

    def overlay(self, mode: str | None, selected: str | None, hover: Cell | None) -> Overlay:
        if not self._human_decides():
            return Overlay()
        dodge = self._dodge_cells()
        if dodge:
            stage = pending.top(self.state.pending)
            c = self.state.creatures[stage.actor]
            glide = stage.stage == maneuvers.DRIFT_STAGE
            ov = Overlay(cells={cell: 1 for cell in dodge}, veil=True, size=c.size,
                         cost_digits=False, legend=((1, "glide here (its own square: stay)"
                                                     if glide else "step out of the way"),))
            return ov
        me = self._mine()
        if me is None:
            return Overlay()
        if self.usable(mode) is not None:
            return self._gu_overlay(mode, me, hover)
        ov = Overlay()
        if mode in _AT_SQUARE:
            ov.cells = {sq: 1 for sq in self._square_actions(mode)}
            ov.veil, ov.size, ov.cost_digits = True, me.size, False
            ov.legend = ((1, _AT_SQUARE[mode][1].lower()),)
            return ov
        if mode in (None, "move"):
            reach = self._reach()
            for cell, (cost, path) in reach.items():
                ov.cells[cell] = 1 if cost <= len(path) else 2
            ov.veil = bool(ov.cells)
            ov.size, ov.cost_digits = me.size, False
            ov.legend = ((1, "1 m a square"), (2, "costlier steps"))
            if hover in reach:
                cost, path = reach[hover]
                ov.path = [(me.x, me.y)] + [tuple(p) for p in path]
                ov.marks = {hover: f"{cost} m"}
        if mode in (None, "move", "strike"):
            targets = self._target_cells()
            ov.targets.update(targets)
            if hover in targets:
                d = self.creature(self.unit_at(hover))
                if d is not None:
                    ov.target_block = d.cells()
        return ov

    # -- clicks ----------------------------------------------------------------------------------
    def click(self, mode: str | None, selected: str | None, cell: Cell) -> ClickResult:
        dodge = self._dodge_cells()
        if dodge:
            if cell in dodge:
                return ClickResult(action=dodge[cell])
            return ClickResult(message="Step to a tinted square")
        me = self._mine()
        if me is None:
            on = self.unit_at(cell)
            return ClickResult(select=on) if on else ClickResult()
        if self.usable(mode) is not None:
            return self._gu_click(mode, cell)
        if mode in _AT_SQUARE:
            got = self._square_actions(mode).get(cell)
            if not got:
                return ClickResult(message="Pick a tinted square")
            if len(got) == 1:
                return ClickResult(action=got[0])
            return ClickResult(menu=tuple((self._height_label(a), a) for a in got),
                               message=f"{_AT_SQUARE[mode][1]} to {cell[0]},{cell[1]}: "
                                       "at which height?")
        if mode in (None, "move"):
            for a in self.legal():
                if isinstance(a, Move) and (a.x, a.y) == cell:
                    return ClickResult(action=a)
        if mode in (None, "move", "strike"):
            got = self._target_cells().get(cell)
            if got:
                return self._strike_click(got)
        on = self.unit_at(cell)
        if on is not None and on != me.id:
            return ClickResult(select=on)
        return ClickResult(message="Nothing to do there") if on is None else ClickResult()

    def _strike_click(self, got: list[Strike]) -> ClickResult:
        if len(got) == 1:
            return ClickResult(action=got[0])
        d = self.creature(got[0].target)
        # the plain strikes first, then the called shots (GU-59), each line with its odds
        ordered = sorted(got, key=lambda a: bool(a.part))
        menu = tuple((self._strike_label(a), a) for a in ordered)
        return ClickResult(menu=menu, message=f"Strike {self.unit_name(d.id if d else None)}\n"
                                              "Choose the strike or a part to aim at; each "
                                              "line has its odds")

    def _strike_label(self, a: Strike) -> str:
        f = self.strike_odds(a)
        dmg = f.landing.dealt
        return f"{self.describe(a)} — lands {pct(f.hit)} · {dmg} dmg"

    # -- odds ------------------------------------------------------------------------------------
    def strike_odds(self, a: Strike) -> fc.StrikeForecast:
        """The engine's forecast of a listed strike, kept for this position."""
        key = self.match.version
        if key != self._fc_key:
            self._fc, self._fc_key = {}, key
        part = a.part
        k = (a.actor, a.target, a.strike, a.weapon, part)
        got = self._fc.get(k)
        if got is None:
            st = self.state
            got = fc.strike_forecast(st, st.creatures[a.actor], st.creatures[a.target],
                                     a.strike, a.weapon, part=part)
            self._fc[k] = got
        return got

    def forecast(self, mode: str | None, selected: str | None, cell: Cell) -> str | None:
        dodge = self._dodge_cells()
        if dodge:
            if cell not in dodge:
                return None
            stage = pending.top(self.state.pending)
            if stage is not None and stage.stage == maneuvers.DRIFT_STAGE:
                c = self.state.creatures[stage.actor]
                if cell == (c.x, c.y):
                    return f"Stay at {cell[0]},{cell[1]}\nHovers where it was knocked to"
                return (f"Glide to {cell[0]},{cell[1]}\nUp to {stage.data['metres']} m at its "
                        "height: half its flying speed (GU-118)")
            return f"Dodge to {cell[0]},{cell[1]}"
        me = self._mine()
        if me is None:
            return None
        if mode in (None, "move"):
            reach = self._reach()
            if cell in reach:
                cost, path = reach[cell]
                extra = "" if cost <= len(path) else " (difficult ground, water or climbing)"
                return (f"Walk to {cell[0]},{cell[1]}\n{cost} m of "
                        f"{moves.movement_now(self.state, me)} m{extra}")
        if self.usable(mode) is not None:
            return self._gu_forecast(mode, cell)
        if mode in _AT_SQUARE:
            got = self._square_actions(mode).get(cell)
            if not got:
                return None
            if isinstance(got[0], Jump):
                return self._jump_words(me, got[0])
            if isinstance(got[0], Fly):
                return self._fly_words(me, cell, got)
            if isinstance(got[0], Dive):
                return self._dive_words(me, cell, got)
            if isinstance(got[0], Carry):
                return self._carry_words(me, got[0])
            return self.describe(got[0])
        if mode in (None, "move", "strike"):
            got = self._target_cells().get(cell)
            if got:
                return self.strike_forecast(got)
        return None

    def _maneuvers_left(self, me: Creature) -> str:
        w = maneuvers.wings(self.state, me)
        if w is None:
            return ""
        left = w.maneuvers - self.state.turn.maneuvers
        return f"One maneuver of the {left} left this turn (flight by {self.gu_name(w.source)})"

    def _height_label(self, a: Any) -> str:
        """A choice of the height picker: the height over the ground there, and how it compares
        with where the flier is now."""
        if isinstance(a, Dive):
            return "Dive to the ground" if a.altitude == 0 else f"Dive to {a.altitude} m above it"
        if isinstance(a, Fly):
            me = self.state.creatures[a.actor]
            board = self.board()
            here = (board.prop(me.x, me.y, "elevation_m", 0) or 0) + me.altitude
            there = (board.prop(a.x, a.y, "elevation_m", 0) or 0) + a.altitude
            change = "level" if there == here else \
                f"{abs(there - here)} m {'up' if there > here else 'down'}"
            return f"Fly at {a.altitude} m above the ground ({change})"
        return self.describe(a)

    def _fly_words(self, me: Creature, cell: Cell, got: list) -> str:
        heights = ", ".join(str(a.altitude) for a in sorted(got, key=lambda a: a.altitude))
        lines = [f"Fly to {cell[0]},{cell[1]}",
                 f"At {heights} m above the ground there" + (" (click to pick)"
                                                             if len(got) > 1 else ""),
                 "No test; leaving a foe's reach lets it strike (GU-89)"]
        left = self._maneuvers_left(me)
        return "\n".join(lines + ([left] if left else []))

    def _dive_words(self, me: Creature, cell: Cell, got: list) -> str:
        f = fc.dive_forecast(self.state, me)
        fail = (f"drops {f.fail_drop} m to the ground, {f.fail_damage} force damage"
                if f.fail_lands else f"drops {f.fail_drop} m and stays in the air")
        lines = [f"Dive to {cell[0]},{cell[1]}",
                 f"Flying test {f.flying}: succeeds {pct(f.succeeds)}",
                 f"On a failure it {fail}",
                 "Then one strike at a foe beside it, and a landing (another Flying test) "
                 "or a rise of 1 m"]
        left = self._maneuvers_left(me)
        return "\n".join(lines + ([left] if left else []))

    def _carry_words(self, me: Creature, a: Carry) -> str:
        held = holds.held_by(self.state, me)
        if not held:
            return self.describe(a)
        d = held[0]
        p = fc.carry_odds(self.state, me, d)
        return (f"Carry {self.unit_name(d.id)} to {a.x},{a.y}\n"
                f"Athletics test with its weight ({d.weight} kg): succeeds {pct(p)}\n"
                "Uses all of this turn's movement; on a failure nobody moves")

    def _jump_words(self, me: Creature, a: Jump) -> str:
        """The hover of a listed jump: the engine's jump forecast (GU-25..27, GU-117): its
        kind, cost and reach, the height gained or dropped, and a fall's damage and chances."""
        f = fc.jump_forecast(self.state, me, a)
        lines = [f"{JUMP_KINDS.get(f.kind, title(f.kind))}: {f.cost} m of movement, "
                 f"{f.metres} m across · lands {pct(f.lands)}"]
        if f.rise > 0:
            lines.append(f"Up {f.rise} m")
        if f.fall:
            bits = [f"falls {f.fall} m: {f.damage} dmg", f"{f.hp_after} of {me.hp} HP left"]
            if f.dead:
                bits.append(f"{pct(f.dead)} to die")
            elif f.dying:
                bits.append(f"{pct(f.dying)} to be left dying")
            elif f.final_stand:
                bits.append(f"{pct(f.final_stand)} final stand")
            lines.append(" · ".join(bits))
        elif f.rise < 0:
            lines.append(f"Down {-f.rise} m: no fall damage")
        return f"{self.describe(a)}\n" + "\n".join(lines)

    def strike_forecast(self, got: list[Strike]) -> str:
        """The hover's words for the strikes on one target: the best one's odds first, then
        each term they count, then the other strikes in a line each."""
        plain = [a for a in got if not a.part] or got     # called shots: in the picker
        fs = [(self.strike_odds(a), a) for a in plain]
        fs.sort(key=lambda p: -float(p[0].hit) * p[0].landing.dealt)
        f, a = fs[0]
        d = self.state.creatures[a.target]
        lines = self._forecast_lines(f, d)
        for g, b in fs[1:4]:
            lines.append(f"{self.describe(b)}: {self._odds_line(g)}")
        if len(fs) > 4:
            lines.append(f"and {len(fs) - 4} more strikes (click for all)")
        aimed = len(got) - len(plain)
        if aimed:
            lines.append(f"Click to strike, or to aim at one of {aimed} parts (a called shot)")
        return f"{self.describe(a)}\n" + "\n".join(lines)

    def _forecast_lines(self, f: fc.StrikeForecast, d: Creature) -> list[str]:
        """The hover's lines of one forecast: the odds, the test and each modifier by its
        source, the defender's answers, the damage after each stage."""
        lines = [self._odds_line(f)]
        if f.auto_hit and f.kind == "gu" and not f.skill:
            lines.append("No attack test: it lands unless answered")
        elif f.auto_hit:
            lines.append(f"{self.unit_name(d.id)} cannot move: the strike hits without a roll")
        else:
            terms = [f"{f.skill} {f.target_number}"]
            terms += [f"{src} {signed(v)}" for src, v in f.modifiers]
            if f.disadvantage:
                terms.append("disadvantage")
            lines.append("Roll d100 under: " + " · ".join(terms) + f" (hits {pct(f.odds.roll_hits)})")
        if f.reactions or f.shield:
            # a dodge or parry may stop the hit; a shield Gu never does, it takes the damage
            words = [f"{REACTION_WORDS[r].lower()} {pct(f.odds.after[r])}"
                     for r in f.reactions if r in f.odds.after]
            if f.shield:
                words.append(f"{REACTION_WORDS['shield'].lower()} takes {f.landing.shield_taken}")
            after = " · ".join(words)
            best = f"shield Gu {self.gu_name(f.shield)}" if f.shield else \
                REACTION_WORDS.get(f.odds.best, 'none').lower()
            lines.append(f"After a reaction: {after}; best: {best}")
        else:
            lines.append(NO_ANSWER)
        ld = f.landing
        taken = [f"{step} -{amount}" for step, amount in ld.stages if amount]
        if ld.shield_taken and not any(step == "shield" for step, _ in ld.stages):
            taken.insert(0, f"shield -{ld.shield_taken}")
        rolled = f"{ld.rolled} {ld.dtype}".strip() if ld.rolled else ld.dtype
        lines.append(f"Damage {rolled}" + (f", {', '.join(taken)}" if taken else "")
                     + f": {ld.dealt} dealt · {ld.hp_after} of {d.hp} HP left")
        return lines

    @staticmethod
    def _odds_line(f: fc.StrikeForecast) -> str:
        bits = [f"Hit {pct(f.hit)}", f"{f.landing.dealt} dmg"]
        if f.dead:
            bits.append(f"{pct(f.dead)} to kill")
        if f.drop:
            bits.append(f"{pct(f.drop)} to drop")
        if f.dying and not f.drop:
            bits.append(f"{pct(f.dying)} to leave it dying")
        return " · ".join(bits)

    # -- prompts ---------------------------------------------------------------------------------
    def prompt(self) -> Prompt | None:
        st = self.state
        stage = pending.top(st.pending)
        if stage is None or stage.stage in self.board_stages:
            return None
        legal = [a for a in self.legal() if not isinstance(a, Concede)]
        d = st.creatures.get(stage.actor)
        if stage.stage == reactions.REACT_STAGE:
            return self._react_prompt(stage, d, legal)
        if stage.stage == areagu.AREA_STAGE:
            return self._area_prompt(stage, d, legal)
        if stage.stage == ticks.EFFECTS_STAGE:
            return self._effects_prompt(d, legal)
        if stage.stage == reactions.OPPORTUNITY_STAGE:
            return self._opportunity_prompt(stage, d, legal)
        if stage.stage == HOLD_STAGE:
            return holdui.held_prompt(self, stage, d, legal)
        counter = stage.stage == reactions.COUNTER_STAGE
        opts = [self._strike_option(a, d, stage.data, counter) for a in legal]
        if counter:
            target = stage.data["target"]
            # its "none" answer is the opportunity's "let it go": here it strikes no counter
            opts = [(f"No counter-attack — {self.unit_name(target)} goes unanswered", a,
                     "Costs nothing more: the parry already spent the reaction")
                    if isinstance(a, Opportunity) and not a.strike else o
                    for o, a in ((o, o[1]) for o in opts)]
            return Prompt("Counter-attack?", f"{self.unit_name(d.id)} parried "
                                             f"{self.unit_name(target)} and may strike back.",
                          tuple(opts))
        dec = self.match.decision
        head = STAGE_TITLES.get(stage.stage, title(stage.stage) + "?")
        text = STAGE_TEXTS.get(stage.stage, "").format(who=self.unit_name(d.id if d else None))
        # the strikes with their odds first, "no strike" last
        opts.sort(key=lambda o: not (isinstance(o[1], DiveStrike) and o[1].strike))
        return Prompt(head, text or (self.decision_words(dec) if dec is not None else ""),
                      tuple(opts))

    def _strike_option(self, a: Any, d: Creature, data: dict[str, Any], counter: bool
                       ) -> tuple[str, Any, str]:
        """A prompt's answer: a strike out of turn (an attack of opportunity, a counter) with
        the engine's odds for it; anything else by its words."""
        if isinstance(a, DiveFinish):                                         # GU-33, GU-36
            if not a.land:
                return self.describe(a), a, "No test: it stays in the air, 1 m up"
            f = fc.flying_forecast(self.state, d)
            return (f"{self.describe(a)} — Flying test {pct(f.succeeds)}", a,
                    f"Flying {f.flying}: on a failure it lands prone")
        if not (isinstance(a, (Opportunity, DiveStrike)) and a.strike):
            return self.describe(a), a, ""
        st = self.state
        f = fc.strike_forecast(st, d, st.creatures[a.target], a.strike, a.weapon,
                               disadvantage=bool(data.get("disadvantage")), counter=counter)
        tip = ("A counter-attack after a parry: it costs no further reaction" if counter else
               "The dive's one strike (GU-33)" if isinstance(a, DiveStrike) else
               f"Spends a reaction ({d.reactions} left this round)")
        return f"{self.describe(a)} — {self._odds_line(f)}", a, tip

    def _opportunity_prompt(self, stage: Any, d: Creature, legal: list) -> Prompt:
        """A foe stepped or flew out of `d`'s melee reach (GU-88/89, or dodged out, GU-85):
        each strike `d` may make at it with the engine's forecast (the chance it lands after
        the mover's best answer, the damage after shields and reduction, the chance to drop
        it), what it costs (one of the round's two reactions, GU-18), and letting it go."""
        st = self.state
        data = stage.data
        mover = st.creatures[data["target"]]
        who, whom = self.unit_name(d.id), self.unit_name(mover.id)
        left = d.reactions
        cost = (f"Spends 1 of {who}'s reactions: {left - 1} of {ROUND_REACTIONS} left "
                f"this round after it")
        strikes: list[tuple[tuple[str, Any, str], float]] = []
        keep: list[tuple[str, Any, str]] = []
        for a in legal:
            if not isinstance(a, Opportunity):
                continue
            if not a.strike:
                keep.append((f"Let {whom} go — keeps {left} of {ROUND_REACTIONS} reactions", a,
                             f"No strike: {who} keeps its reactions for later this round."))
                continue
            f = fc.strike_forecast(st, d, mover, a.strike, a.weapon,
                                   disadvantage=bool(data.get("disadvantage")))
            lines = self._forecast_lines(f, mover)[1:]
            if not (f.reactions or f.shield) and st.turn.actor == mover.id:
                lines = [f"It is {whom}'s own turn: it cannot react to stop it (GU-76)"
                         if ln == NO_ANSWER else ln for ln in lines]
            tip = "\n".join([cost + "."] + lines)
            odds_words = self._odds_line(f)
            if not (f.drop or f.dead or f.dying):
                odds_words += " · cannot drop it"
            strikes.append(((f"{self.describe(a)} — {odds_words}", a, tip),
                            float(f.hit) * f.landing.dealt))
        strikes.sort(key=lambda o: -o[1])            # the likeliest damage first
        how = "dodges" if data.get("disadvantage") else (
            "flies" if mover.altitude > 0 else "moves")
        text = (f"{whom} {how} out of {who}'s reach: one strike at it (a weapon or a punch, "
                f"never a kick), or let it go.")
        if data.get("disadvantage"):
            text += " A dodge's step: the strike rolls two d100 and keeps the worse."
        text += f" {cost}."
        return Prompt("Attack of opportunity?", text, tuple(o for o, _ in strikes) + tuple(keep))

    def _react_prompt(self, stage: Any, d: Creature, legal: list) -> Prompt:
        blow = stage.data
        st = self.state
        stops = fc.reaction_odds(st, blow, d)
        att = self.unit_name(blow["attacker"])
        kind = blow["kind"]
        what = STRIKE_WORDS.get(kind) or (self.weapon_name(blow["weapon"]) if blow.get("weapon")
                                          else title(kind))
        land = fc.landing(st, blow)
        rolled = (f"rolled {blow['raw']} ({signed(blow['dos'])} degrees)" if blow["rolled"]
                  else "hits without a roll")
        options: list[tuple[str, Any, str]] = []
        for a in legal:
            if not isinstance(a, React) or a.reaction == "detonate":
                continue
            name = REACTION_WORDS.get(a.reaction, title(a.reaction))
            if a.reaction == "take":
                options.append((f"{name} — {land.dealt} dmg", a,
                                f"Keeps the reactions left ({d.reactions}).\n"
                                f"{land.dealt} damage: {land.hp_after} of {d.hp} HP left"))
                continue
            if a.reaction == "shield":
                options.append(self._shield_option(a, d, blow))
                continue
            p = stops.get(a.reaction)
            label = f"{name} — stops it {pct(p)}" if p is not None else name
            cost = f"Spends a reaction ({d.reactions} left this round)."
            how = {"dodge": "Dodge against the attack roll; then a step out of reach",
                   "parry": "Close Combat at +10 against the attack roll; then a counter-attack",
                   }.get(a.reaction, "")
            options.append((label, a, f"{cost}\n{how}".strip()))
        blast = holdui.detonation_option(self, d, legal)              # GU-91
        if blast is not None:
            options.insert(len(options) - 1, blast)
        text = (f"{att} hits {self.unit_name(d.id)} with {what}: {rolled}. "
                f"Unanswered it deals {land.dealt} damage ({land.hp_after} of {d.hp} HP left).")
        return Prompt("React?", text, tuple(options))

    def _shield_option(self, a: React, d: Creature, blow: dict[str, Any]
                       ) -> tuple[str, Any, str]:
        """A shield Gu as an answer (GU-80): the hit lands on its shield first; the label says
        the damage that still gets through, the tip its essence and the reaction it costs
        (the engine's landing with that shield raised)."""
        g = content().gu[a.gu]
        got = fc.landing(self.state, blow, a.gu)
        return (f"{g.name} — {got.dealt} dmg gets through", a,
                f"Shield Gu: costs {g.cost} essence (has {d.essence}) and a reaction "
                f"({d.reactions} left this round).\nIts shield takes {got.shield_taken}; "
                f"{got.dealt} damage: {got.hp_after} of {d.hp} HP left")

    def _area_prompt(self, stage: Any, d: Creature, legal: list) -> Prompt:
        """A creature caught in an area answers (GU-83/84, GU-161): dodge out with the
        engine's odds, a shield Gu, or take it."""
        blow = stage.data
        st = self.state
        land = fc.landing(st, blow)
        what = self.gu_name(blow["gu"][len(gu_rules.KILLER):] if blow["gu"].startswith(
            gu_rules.KILLER) else blow["gu"])
        u = gu_rules.usable(blow["gu"])
        rolled = (f"rolled {blow['raw']} ({signed(blow['dos'])} degrees)" if blow["rolled"]
                  else "no attack test")
        options: list[tuple[str, Any, str]] = []
        for a in legal:
            if not isinstance(a, React) or a.reaction == "detonate":
                continue
            if a.reaction == "dodge":
                p = fc.area_dodge_odds(st, blow, d)
                how = ("Dodge against the area's roll; then a step out of it" if blow["rolled"]
                       else "No roll to beat: it steps out of the area")
                options.append((f"Dodge out — gets out {pct(p)}", a,
                                f"Spends a reaction ({d.reactions} left this round).\n{how}"))
            elif a.reaction == "shield":
                options.append(self._shield_option(a, d, blow))
            else:
                # a Gu that poisons or sets a status does more than its damage (Poison Mist
                # deals none at once): say what taking it brings
                also = guwords.after_damage_words(u) if u is not None else []
                dmg = f"{land.dealt} dmg" if land.dealt or not also else ""
                label = " + ".join(w for w in (dmg, "; ".join(also)) if w)
                options.append((f"Take it — {label}", a,
                                f"Keeps the reactions left ({d.reactions}).\n"
                                f"{land.dealt} damage: {land.hp_after} of {d.hp} HP left"
                                + (f"\nAlso: {'; '.join(also)}" if also else "")))
        blast = holdui.detonation_option(self, d, legal)              # GU-91
        if blast is not None:
            options.insert(len(options) - 1, blast)
        also = guwords.after_damage_words(u)
        text = (f"{self.unit_name(d.id)} is caught in {self.unit_name(blow['attacker'])}'s "
                f"{what} ({rolled}). Unanswered it deals {land.dealt} damage "
                f"({land.hp_after} of {d.hp} HP left)"
                + (f" and brings {'; '.join(also)}." if also else "."))
        return Prompt("Caught in an area", text, tuple(options))

    def _effects_prompt(self, d: Creature, legal: list) -> Prompt:
        """GU-16: the bearer of two or more start-of-turn effects picks which comes next;
        each answer names the damage it deals (statuses.start_of_turn, the engine's)."""
        hits = {h.source: h for h in statuses.start_of_turn(ticks.carried(d))}
        options = []
        for a in legal:
            if not isinstance(a, OrderEffect):
                continue
            h = hits.get(a.effect)
            kind = f" {h.type}" if h is not None and h.type not in ("", "none") else ""
            dmg = f" — {h.amount}{kind} dmg" if h is not None else ""
            tip = ("Direct: no shield or reduction takes it" if h is not None and h.direct
                   else "Shields and reduction count")
            options.append((self.describe(a) + dmg, a, tip))
        return Prompt("Which effect first?", f"{self.unit_name(d.id)}'s turn starts with "
                      f"{len(options)} effects that deal damage: pick the order, one at a "
                      "time.", tuple(options))

    def prompt_focus(self) -> list[str]:
        stage = pending.top(self.state.pending)
        if stage is None:
            return []
        other = stage.data.get("attacker") or stage.data.get("target") or stage.data.get(
            "from") or stage.data.get("by")
        return [other] if other in self.state.creatures else []

    # -- words -----------------------------------------------------------------------------------
    def describe(self, a: Any) -> str:
        n = self.unit_name
        held = holdui.describe(self, a)
        if held is not None:
            return held
        if isinstance(a, Move):
            return f"Walk to {a.x},{a.y}"
        if isinstance(a, Strike):
            words = self._strike_words(a.strike, a.weapon, a.target)
            return words + (f" at the {part_words(a.part)}" if a.part else "")
        if isinstance(a, Sprint):
            return "Sprint (triple movement)"
        if isinstance(a, StandUp):
            return "Stand up"
        if isinstance(a, React):
            return REACTION_WORDS.get(a.reaction, title(a.reaction)) + (
                f" ({self.gu_name(a.gu)})" if a.gu else "")
        if isinstance(a, DodgeMove):
            return f"Step to {a.x},{a.y}"
        if isinstance(a, Opportunity):
            if not a.strike:
                return f"Let {n(a.target)} go"
            return self._strike_words(a.strike, a.weapon, a.target)
        if isinstance(a, Activate):
            at = ""
            if a.target:
                at = " on itself" if a.target == a.actor else f" at {n(a.target)}"
            elif a.x >= 0:
                at = f" at {a.x},{a.y}"
            return f"Activate {self.gu_name(a.gu)}{at}"
        if isinstance(a, Release):
            return f"Stop sustaining {self.gu_name(a.gu)}"
        if isinstance(a, Killer):
            at = f" at {n(a.target)}" if a.target else f" at {a.x},{a.y}" if a.x >= 0 else ""
            return f"Killer move {self.gu_name(a.move)}{at}"
        if isinstance(a, ReleaseMove):
            return f"Stop sustaining {self.gu_name(a.move)}"
        if isinstance(a, Hide):
            return "Hide"
        if isinstance(a, Submerge):
            left = breath.left(self.state.creatures[a.actor])
            return f"Go under water (holds its breath {left} turns)"
        if isinstance(a, Surface):
            return "Come up for air"
        if isinstance(a, OrderEffect):
            return f"{self._effect_name(a.effect)} first"
        if isinstance(a, Grapple):
            return f"Grapple {n(a.target)}"
        if isinstance(a, Carry):
            return f"Carry the held one to {a.x},{a.y}"
        if isinstance(a, Throw):
            return f"Throw the held one {compass(a.dx, a.dy)}"
        if isinstance(a, BreakFree):
            return "Break free"
        if isinstance(a, TakeFlight):
            return f"Take flight ({self.gu_name(a.wings)})"
        if isinstance(a, Fly):
            return f"Fly to {a.x},{a.y} at {a.altitude} m"
        if isinstance(a, Dive):
            return f"Dive to {a.x},{a.y}, ending at {a.altitude} m"
        if isinstance(a, Evade):
            return "Evade (harder to hit until its next turn)"
        if isinstance(a, Land):
            return "Land"
        if isinstance(a, DiveStrike):
            return (self._strike_words(a.strike, a.weapon, a.target) + " (end of the dive)"
                    if a.target else "No strike at the dive's end")
        if isinstance(a, DiveFinish):
            return "Land from the dive" if a.land else "Rise 1 m"
        if isinstance(a, Absorb):
            return f"Absorb {a.stones} primeval stone{'s' if a.stones != 1 else ''}"
        if isinstance(a, Detonate):
            return f"Detonate {self.gu_name(a.gu)}"
        if isinstance(a, Jump):
            return f"Jump {a.up} m up" if a.up else f"Jump to {a.x},{a.y}"
        if isinstance(a, GoesFirst):
            return f"{n(a.actor)} goes first"
        if isinstance(a, EndTurn):
            return "End turn"
        if isinstance(a, Concede):
            return "Concede"
        return self.unnamed_action(a)

    def _effect_name(self, effect: str) -> str:
        """A start-of-turn effect as the turn_effects stage names it: a status id, or the
        creature (or Gu) that poisoned it (GU-16)."""
        if effect in self.state.creatures:
            return f"Poison from {self.unit_name(effect)}"
        if effect in content().gu:
            return f"Poison of {self.gu_name(effect)}"
        return title(effect)

    def _strike_words(self, kind: str, weapon: str, target: str) -> str:
        whom = self.unit_name(target)
        if kind == "gu":                        # `weapon` names the Gu or killer move
            return f"{self.gu_name(weapon)} at {whom}"
        if kind == "weapon":
            return f"{self.weapon_name(weapon)} at {whom}"
        if kind == "multi":
            return f"{self.weapon_name(weapon)} (multi-weapon) at {whom}"
        return f"{STRIKE_WORDS.get(kind) or title(kind)} {whom}"

    def unnamed_action(self, a: Any) -> str:
        """An action this presenter has no words for yet: its kind and the names it carries,
        so it is still offered (a test checks the engine's actions have words of their own)."""
        bits = []
        for field in getattr(a, "__slots__", ()):
            v = getattr(a, field, None)
            if field == "actor" or v in (None, "", -1, 0):
                continue
            bits.append(self.unit_name(v) if isinstance(v, str) and v in self.state.creatures
                        else title(str(v)))
        return title(type(a).__name__) + (f" ({', '.join(bits)})" if bits else "")

    def _hidden_move(self, e: Any) -> bool:
        return super()._hidden_move(e) or (
            isinstance(e, Flew) and bool(e.path) and self._unseen_by_foes(e.who))

    def log_lines(self, events: list) -> list[LogLine]:
        """The shared log's lines, but: a flight's move is told once, by its maneuver's line
        with the height (gu.flew), not also as a move; and soul paid for a killer move or taken
        by a soul Gu reads as soul lost, not as 0 damage."""
        kept = [e for e in events if not (isinstance(e, Moved) and e.mode in ("fly", "dive")
                                          and not self._hidden_move(e))]
        out: list[LogLine] = []
        for e in kept:
            if isinstance(e, Damaged) and e.dtype == "soul":                  # GU-48/49
                lost = sum(amount for step, amount in e.stages if step == "soul") or e.rolled
                why = self.gu_name(e.gu) if e.gu else e.source \
                    if e.source not in self.state.creatures else f"from {self.unit_name(e.source)}"
                out.append(LogLine(f"{self.unit_name(e.victim)} loses {lost} soul ({why})",
                                   DAMAGE))
                continue
            through = e.rolled - sum(amount for _, amount in e.stages) \
                if isinstance(e, Damaged) else 0
            if isinstance(e, Damaged) and e.hp == 0 and e.amount == 0 and through > 0:
                # GU-109/111: HP stay at 0, but what got through still counts (a final stand
                # ends in dying): say that, not "0 damage"
                tail = self._damage_tail(dataclasses.replace(e, amount=through))
                out.append(LogLine(f"{self.unit_name(e.victim)} takes {through} damage at 0 HP"
                                   f"{tail}", DAMAGE))
                continue
            out += super().log_lines([e])
        return out

    def event_log(self) -> EventLog:
        if self._event_log is None:
            self._event_log = EventLog(Wording(
                name=self.unit_name,
                side_name=self.side_name,
                moves=MOVE_VERBS, downed="drops", texts=self._texts(),
                initiative="Initiative (degrees)", tails={"gu.damaged": self._damage_tail}))
        return self._event_log

    def tested_line(self, e: Any) -> LogLine:
        """A percentile test as players read it: 'Wolf Close Combat (bite Gu Master): 34 vs
        50, success by 2 degrees', and on hover the die, each modifier with its source, the
        modified roll and the target."""
        n = self.unit_name
        purpose = self._purpose(e.purpose)
        mods = tuple((src, signed(v)) for src, v in e.modifiers)
        dice = " and ".join(map(str, e.raws)) + f" (kept {e.raw})" if len(e.raws) > 1 \
            else str(e.raw)
        terms = (("d100", dice),) + mods + (("Roll", str(e.modified)),
                                            (e.skill, str(e.target)))
        if e.auto:
            verdict = {"fail": "fails outright", "hit": "hits without a roll"}.get(e.auto,
                                                                                e.auto)
        else:
            word = "success" if e.success else "failure"
            verdict = f"{word} by {abs(e.dos)} degree{'s' if abs(e.dos) != 1 else ''}"
            if e.critical:
                verdict += ", critical"
            if e.fumble:
                verdict += ", fumble"
        terms += (("Result", verdict),)
        shown = e.modified if e.modifiers else e.raw
        text = f"{n(e.who)} {e.skill}{purpose}: {shown} vs {e.target}, {verdict}"
        return LogLine(text, WARM if e.success else ROLL_FAIL, terms)

    def _purpose(self, purpose: str) -> str:
        """' (bite at Wolf)': the purpose the engine gives a test ("<strike kind> <target>",
        "<Gu> <target>", "<Gu> area", "held race <id>", ...) with creatures and Gu named."""
        if not purpose:
            return ""
        words = purpose.split()
        first, rest = words[0], words[1:]
        aimed = bool(rest) and rest[0] in self.state.creatures
        if first in STRIKE_WORDS:
            first = (STRIKE_WORDS[first] or "strike").lower() + (" at" if aimed else "")
        elif first in content().gu or first in content().killer_moves:
            first = self.gu_name(first) + (" at" if aimed else "")
        else:
            first = first.replace("_", " ")
        named = [self.unit_name(w) if w in self.state.creatures else w.replace("_", " ")
                 for w in rest]
        return f" ({' '.join([first] + named)})"

    def _texts(self) -> dict[str, Any]:
        n = self.unit_name

        def struck(e: Any) -> LogLine | None:
            what = self._strike_words(e.strike, e.weapon, e.target)
            if e.hit:
                return LogLine(f"{n(e.attacker)}: {what} hits", WARM)
            return LogLine(f"{n(e.attacker)}: {what} misses", ROLL_FAIL)

        def reacted(e: Any) -> LogLine:
            left = f"({e.left} reaction{'s' if e.left != 1 else ''} left)"
            if e.reaction == reactions.OPPORTUNITY:          # a strike follows, not a stop
                return LogLine(f"{n(e.who)} strikes at {n(e.against)} as it leaves its reach "
                               f"{left}", INFO)
            if e.reaction == "held":                                     # GU-72/90
                return LogLine(f"{n(e.who)} fires its held action at {n(e.against)}'s deed "
                               f"{left}", WARM)
            if e.reaction == "detonate":                                 # GU-91
                return LogLine(f"{n(e.who)} detonates {self.gu_name(e.gu)} as a reaction "
                               f"{left}", INFO)
            name = REACTION_WORDS.get(e.reaction, title(e.reaction)).lower()
            how = "and stops the blow" if e.success else "but the blow lands"
            return LogLine(f"{n(e.who)} reacts with {name} against {n(e.against)} {how} {left}",
                           GOOD if e.success else INFO)

        def status(e: Any) -> LogLine:
            name = title(e.status) + (f" {e.value}" if e.value else "")
            if e.status == "shield":                                      # GU-X-09
                return LogLine(f"{n(e.who)} has a shield of {e.value} until its next turn"
                               if e.gained else f"{n(e.who)}'s shield is gone", INFO)
            if e.gained:
                turns = f" for {e.turns} turn{'s' if e.turns != 1 else ''}" if e.turns > 0 else ""
                return LogLine(f"{n(e.who)} is now {name.lower()}{turns}", FORCED)
            return LogLine(f"{n(e.who)} is no longer {title(e.status).lower()}", NOTE)

        def condition(e: Any) -> LogLine:
            words = CONDITION_WORDS.get(e.condition, f"is {title(e.condition).lower()}")
            # the engine's reason without the part that says the condition again
            said = {"final_stand": "made a final stand", "dying": "dying"}.get(e.condition)
            parts = [p for p in e.why.split(", ") if p and p != said]
            why = f" ({', '.join(parts)})" if parts else ""
            return LogLine(f"{n(e.who)} {words}{why}", DOWN if e.condition != "up" else GOOD)

        def essence(e: Any) -> LogLine | None:
            if e.why == "regen":
                return LogLine(f"{n(e.who)} regains {e.delta} essence ({e.essence})", NOTE)
            if e.why.startswith("upkeep "):                              # GU-45
                return LogLine(f"{n(e.who)} pays {abs(e.delta)} essence to keep up "
                               f"{self.gu_name(e.why[len('upkeep '):])} · {e.essence} left",
                               INFO)
            if e.delta < 0:
                return LogLine(f"{n(e.who)} spends {abs(e.delta)} essence on "
                               f"{self.gu_name(e.why)} · {e.essence} left", INFO)
            return LogLine(f"{n(e.who)} gains {e.delta} essence ({e.why}) · "
                           f"{e.essence} left", INFO)

        def injured(e: Any) -> LogLine:
            limb = f"; {part_words(e.limb.replace(':', ' '))} unusable" if e.limb else ""
            drops = f"; drops {', '.join(self.weapon_name(w) for w in e.dropped)}" \
                if e.dropped else ""
            return LogLine(f"{n(e.who)} is injured: {e.label}{limb}{drops}", DAMAGE)

        def grappled(e: Any) -> LogLine:
            if e.held:
                return LogLine(f"{n(e.grappler)} grabs {n(e.target)}", FORCED)
            why = f" ({e.why})" if e.why else ""
            return LogLine(f"{n(e.grappler)}'s hold on {n(e.target)} ends{why}", FORCED)

        def area(e: Any) -> LogLine:
            if not e.hit:
                return LogLine(f"{n(e.who)} sets off {self.gu_name(e.gu)}, but it misses: "
                               "nothing happens", ROLL_FAIL)
            whom = ", ".join(n(c) for c in e.caught) or "nobody"
            return LogLine(f"{n(e.who)} sets off {self.gu_name(e.gu)} over {len(e.cells)} "
                           f"square{'s' if len(e.cells) != 1 else ''}: it catches {whom}", WARM)

        def hid(e: Any) -> LogLine:
            if e.hidden:
                return LogLine(f"{n(e.who)} hides: the other side loses sight of it", INFO)
            return LogLine(f"{n(e.who)} tries to hide but is spotted by "
                           f"{', '.join(n(w) for w in e.spotted_by) or 'a watcher'}", NOTE)

        def revealed(e: Any) -> LogLine:
            why = f" ({e.why})" if e.why else ""
            return LogLine(f"{n(e.who)} is found at {e.x},{e.y}{why}", FORCED)

        def flew(e: Any) -> LogLine:
            at = f" at {e.altitude} m" if e.altitude else ""
            end = f" to {e.path[-1][0]},{e.path[-1][1]}" if e.path else ""
            words = {"take_flight": f"takes flight{at}", "fly": f"flies{end}{at}",
                     "dive": f"dives{end}" + (f", ending{at}" if at else ""),
                     "evade": f"evades: attacks at it {signed(e.penalty)}" if e.penalty
                     else "evades", "land": "lands", "rise": f"rises{at}",
                     "drift": f"drifts{end}{at}", "fall": f"falls{end}"}
            what = words.get(e.maneuver, f"{title(e.maneuver).lower()}{end}{at}")
            if not e.success:
                return LogLine(f"{n(e.who)} fails a {title(e.maneuver).lower()} maneuver"
                               f"{end}", ROLL_FAIL)
            return LogLine(f"{n(e.who)} {what}", INFO)

        def thrown(e: Any) -> LogLine:
            into = ""
            if e.hit:
                what = n(e.hit) if e.hit in self.state.creatures else title(e.hit).lower()
                into = f" into {what}: {e.damage} force damage to both"
            return LogLine(f"{n(e.thrower)} throws {n(e.target)} {len(e.path)} m{into}",
                           FORCED)

        def held_breath(e: Any) -> LogLine | None:
            words = {"under": ("goes under water", INFO),
                     "up": ("comes up for air", GOOD),
                     "held": (f"holds its breath under water ({max(0, e.span - e.out)} of "
                              f"{e.span} turns left)" if e.out < e.span else
                              f"lies under water without air (drowns in "
                              f"{max(0, 2 * e.span - e.out)} turns)", NOTE),
                     "out": ("runs out of breath and falls unconscious", DOWN),
                     "drowned": ("drowns", DOWN)}
            text, kind = words.get(e.what, (e.what, INFO))
            return LogLine(f"{n(e.who)} {text}", kind)

        return {
            "gu.breath": held_breath,
            **holdui.log_texts(self),
            "gu.area": area,
            "gu.hid": hid,
            "gu.revealed": revealed,
            "gu.flew": flew,
            "gu.thrown": thrown,
            "gu.tested": self.tested_line,
            "gu.struck": struck,
            "gu.detonated": lambda e: LogLine(f"{n(e.who)} detonates its {self.gu_name(e.gu)}",
                                              DAMAGE),
            "gu.absorbed": lambda e: LogLine(
                f"{n(e.who)} absorbs {e.stones} primeval stone{'s' if e.stones != 1 else ''}: "
                f"+{e.gained} essence" + (f", {e.lost} over the maximum lost" if e.lost else "")
                + f" · {e.left} left", GOOD),
            "gu.injured": injured,
            "gu.grappled": grappled,
            "gu.reacted": reacted,
            "gu.status": status,
            "gu.condition": condition,
            "gu.essence": essence,
            "gu.sprint": lambda e: LogLine(f"{n(e.who)} sprints ({e.movement} m this turn)",
                                           INFO),
            "gu.activated": lambda e: LogLine(
                f"{n(e.who)} activates {self.gu_name(e.gu)}"
                + (f" at {n(e.target)}" if e.target else ""), INFO),
            "gu.sustain": lambda e: LogLine(f"{n(e.who)} stops sustaining {self.gu_name(e.gu)}"
                                            + (f" ({e.why})" if e.why else ""), NOTE),
            "gu.stood": lambda e: LogLine(f"{n(e.who)} stands up ({e.cost} m)", INFO),
        }

    def _damage_tail(self, e: Any) -> str:
        """' (9 rending, from Gu Master; shield -3)': the rolled amount, its type, the source,
        and what each stage of the pipeline took."""
        bits = []
        if e.rolled and e.rolled != e.amount:
            bits.append(f"{e.rolled} {e.dtype}".strip())
        elif e.dtype:
            bits.append(e.dtype)
        if e.gu:                                  # the blow's line names who used it
            bits.append(self.gu_name(e.gu))
        elif e.source and e.source in self.state.creatures:
            bits.append(f"from {self.unit_name(e.source)}")
        elif e.source:
            bits.append(e.source.replace("_", " "))
        for step, amount in e.stages:
            if amount:
                bits.append(f"{step} -{amount}")
        return f" ({', '.join(bits)})" if bits else ""

    def animations(self, events: list) -> list[AnimStep]:
        # a hidden creature's moves are not played: the other seat would see where it went
        events = [e for e in events if not self._hidden_move(e)]
        float_ = lambda unit, text, colour: AnimStep("float", unit, text=text, colour=colour)  # noqa: E731
        return Animator(downed_text="Down", extra={
            "gu.struck": lambda e: None if e.hit else float_(e.target, "Miss",
                                                             (200, 206, 214)),
            "gu.reacted": lambda e: float_(e.who, REACTION_WORDS.get(e.reaction, title(
                e.reaction)) + ("!" if e.success else ""), (150, 210, 255)),
            "gu.condition": lambda e: float_(e.who, title(e.condition), (255, 200, 120))
            if e.condition == "final_stand" else None,
        }).steps(events)
