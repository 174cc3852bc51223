"""Results: who won and why, in how many rounds, a few numbers from the match, and what each
unit dealt and took; Rematch or Menu.

Owns: the end-of-match screen, drawn over the final board (an overlay). The winner and rounds
are read from the match (`match.winner`, the state's `round` if it has one); a system may add
its own lines with its `match_stats(state) -> list[(label, value)]` hook (none by default).
The battle scene may pass the MatchEnded reason, its units (id, name, side) for the
per-unit table and how it names a side (the headline then names the winner as the log did). Rematch starts the same config with a new seed.

Must not: change the finished match.
"""
from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from game.client import resources
from game.client.scene import Transition, push, reset
from game.client.scenes.rest import RestScene
from game.client.ui import draw, saving
from game.client.ui.base import UIScene
from game.client.ui.dialogs import ErrorDialog
from game.engine.match import Match
from game.engine.series import Series

if TYPE_CHECKING:
    from game.client.app import App

UNIT_HEAD = 28          # the per-unit table's heading, in unscaled pixels
UNIT_ROW = 24           # ... and each of its rows
UNIT_PAD = 10           # ... and the room left under it, above the buttons
UNIT_TEXT = 15          # ... its rows' text size
UNIT_GAP = 16           # ... the least room between a unit's name and its line
UNIT_COL_GAP = 24       # ... and between two columns
BOX_W = 680             # the box's width, widened for long unit names while the window has room
BOX_MARGIN = 48         # the box's inner margin either side


def seat_name(match: Match, seat: int) -> str:
    seats = match.config.seats
    if 0 <= seat < len(seats) and seats[seat].name:
        return seats[seat].name
    return f"Player {seat + 1}"


def match_stats(match: Match, side_name: Callable[[int], str] | None = None
                ) -> list[tuple[str, str]]:
    """Label/value lines for the results: rounds, actions, and the system's own if offered;
    the seats, each with the side it played when the battle names sides otherwise."""
    out: list[tuple[str, str]] = []
    rounds = getattr(match.state, "round", None)
    if isinstance(rounds, int):
        out.append(("Rounds", str(rounds)))
    actions = sum(1 for e in match.log if "action" in e)
    out.append(("Actions taken", str(actions)))
    out.extend((str(k), str(v)) for k, v in match.system.match_stats(match.state))
    out.extend(story(match))
    seats = match.config.seats
    def seat(i: int) -> str:
        who = seat_name(match, i)
        side = side_name(i) if side_name is not None else who
        return who + (f" · {side}" if side != who else "")
    out.append(("Seats", "  vs  ".join(
        seat(i) + (f" (AI {s.difficulty})" if s.kind == "ai" else "")
        for i, s in enumerate(seats))))
    return out


def story(match: Match) -> list[tuple[str, str]]:
    """Per seat, from the match's tally (engine: game.engine.tally): damage dealt (what the
    other sides' units took) and taken, units lost; and a luck line, how each seat's dice came
    up against the average of dice of their kind."""
    t = match.tally()
    seats = range(len(match.config.seats))
    side = {}
    for who in set(t.taken) | set(t.rolls) | set(t.downed):
        side[who] = match.system.side_of(match.state, who)
    taken = {s: sum(v for w, v in t.taken.items() if side.get(w) == s) for s in seats}
    out: list[tuple[str, str]] = []
    for s in seats:
        if s not in t.turns and not taken[s] and not any(side.get(w) == s for w in t.downed):
            continue            # a seat that never played (a game master) has no story line
        dealt = sum(v for k, v in taken.items() if k != s)
        # units, not drops: one healed back into the fight may go down again
        lost = len({w for w in t.downed if side.get(w) == s})
        words = [f"dealt {dealt} damage", f"took {taken[s]}"]
        if lost:
            words.append(f"lost {lost}")
        out.append((seat_name(match, s), ", ".join(words)))
    for s in seats:
        mean, n = t.luck([w for w, k in side.items() if k == s])
        if n:
            word = ("above average" if mean > 0.25 else "below average" if mean < -0.25
                    else "about average")
            out.append((f"{seat_name(match, s)}'s dice", f"{word} ({mean:+.1f} sd, {n} roll{'' if n == 1 else 's'})"))
    return out


def unit_story(match: Match, units: Sequence[tuple[str, str, int]]) -> list[list[tuple[str, str]]]:
    """Per side (a column each, in side order), each unit's (name, line) from the match's tally:
    damage dealt (only when the system's events name units as the source, not a move or
    card), damage taken, and whether it went down. `units` are (id, name, side) as the screen
    that played the match knows them."""
    t = match.tally()
    ids = {uid for uid, _, _ in units}
    names_dealers = any(src in ids for src in t.dealt)
    by_side: dict[int, list[tuple[str, str]]] = {}
    for uid, name, side in units:
        words = []
        if names_dealers:
            words.append(f"dealt {t.dealt.get(uid, 0)}")
        words.append(f"took {t.taken.get(uid, 0)}")
        if uid in t.downed:
            words.append("down")
        by_side.setdefault(side, []).append((name, " · ".join(words)))
    return [by_side[side] for side in sorted(by_side)]


class ResultsScene(UIScene):
    overlay = True

    def __init__(self, app: "App", match: Match, reason: str = "",
                 units: Sequence[tuple[str, str, int]] = (),
                 side_name: Callable[[int], str] | None = None):
        super().__init__(app)
        self.match = match
        self.reason = reason
        #: a side as the battle named it (its log's last line): the headline and the per-unit
        #: table's columns say the same; the seat's name when the scene gives none
        self.side_name = side_name or (lambda side: seat_name(match, side))
        self.stats = match_stats(match, side_name)
        #: per side, (unit name, what it dealt and took) - empty for a game without units
        self.units = unit_story(match, units) if units else []
        self.unit_sides = sorted({side for _, _, side in units})    # the side of each column
        self.drawn: list[pygame.Rect] = []      # the lines drawn last frame (tests check them)

    def unit_rows(self) -> int:
        """Rows of the per-unit table that fit the window (the longest side's units at most)."""
        want = max((len(col) for col in self.units), default=0)
        if not want:
            return 0
        room = (self.app.size[1] - self.px(24) - self._base_height()
                - self.px(UNIT_HEAD + UNIT_PAD))
        return max(0, min(want, room // self.px(UNIT_ROW)))

    def _base_height(self) -> int:
        return self.px(240 + 34 * len(self.stats))

    @property
    def headline(self) -> str:
        w = self.match.winner
        if w is None:
            return "A draw" if self.match.over else "No winner yet"
        return f"{self.side_name(w)} wins"

    def box(self) -> pygame.Rect:
        sw, sh = self.app.size
        rows = self.unit_rows()
        extra = self.px(UNIT_HEAD + UNIT_PAD) + rows * self.px(UNIT_ROW) if rows else 0
        r = pygame.Rect(0, 0, min(max(self.px(BOX_W), self._units_width()), sw - self.px(24)),
                        self._base_height() + extra)
        r.center = (sw // 2, sh // 2)
        return r

    def _units_width(self) -> int:
        """The box width at which every unit's name and line sit side by side at full size."""
        if not self.units:
            return 0
        px = self.px
        plain, bold = resources.font(px(UNIT_TEXT)), resources.font(px(UNIT_TEXT), True)
        need = max(plain.size(name)[0] + px(UNIT_GAP) + bold.size(line)[0]
                   for col in self.units for name, line in col)
        cols = len(self.units)
        return cols * need + px(UNIT_COL_GAP) * (cols - 1) + 2 * px(BOX_MARGIN)

    def unit_column_width(self) -> int:
        """Each side's column of the per-unit table, in pixels."""
        cols = max(1, len(self.units))
        inner = self.box().w - 2 * self.px(BOX_MARGIN)
        return (inner - self.px(UNIT_COL_GAP) * (cols - 1)) // cols

    def build(self) -> None:
        box = self.box()
        px = self.px
        bw = px(200)
        self.button(pygame.Rect(box.x + px(32), box.bottom - px(76), bw, px(50)), "Menu",
                    self.menu)
        if self.in_series:
            self.button(pygame.Rect(box.right - px(32) - bw, box.bottom - px(76), bw, px(50)),
                        "Rest", self.rest, object_id="#primary",
                        tooltip="The series goes on: rest, then the next battle")
            return
        self.button(pygame.Rect(box.right - px(32) - bw, box.bottom - px(76), bw, px(50)),
                    "Rematch", self.rematch, object_id="#primary",
                    tooltip="Same system, map, seats and house rules; new dice")
        if self.match.system.offers_series and self.match.over:
            self.button(pygame.Rect(box.centerx - bw // 2, box.bottom - px(76), bw, px(50)),
                        "Go on as a series", self.start_series,
                        tooltip="The first side keeps its wounds and spent uses: rest, "
                                "then fight again")

    @property
    def in_series(self) -> bool:
        """Whether this match is the battle of the series being played."""
        series = self.app.series
        return series is not None and series.match is self.match and self.match.over

    def rest(self) -> Transition:
        self.app.series.finish_battle()
        return reset(RestScene(self.app, self.app.series))

    def start_series(self) -> Transition:
        """A series whose first battle is this one, for seat 0's side."""
        series = Series.start(self.match.config)
        series.match = self.match
        series.finish_battle()
        self.app.series = series
        return reset(RestScene(self.app, series))

    def draw(self, surface: pygame.Surface) -> None:
        draw.dim(surface, 190)
        px = self.app.px
        box = self.box()
        draw.panel(surface, box, border=draw.WARM_DIM, radius=px(14), width=2)
        draw.text(surface, "MATCH OVER", (box.centerx, box.y + px(24)), px(16), draw.WARM,
                  bold=True, anchor="midtop")
        # a side's own name may be long ("The Ogre's Larder wins"): shrunk to the box if need be
        head, hsize = draw.fitted(self.headline, px(40), box.w - px(48), bold=True)
        draw.text(surface, head, (box.centerx, box.y + px(48)), hsize, draw.TEXT, bold=True,
                  anchor="midtop")
        drawn = self.drawn = []
        y = box.y + px(104)
        if self.reason:
            # why it ended (a called time explains who was ahead): shrunk, then cut, to fit
            words, size = draw.fitted(self.reason, px(17), box.w - px(48), smallest=px(13))
            drawn.append(draw.text(surface, words, (box.centerx, y), size, draw.COOL,
                                   anchor="midtop"))
        y += px(32)
        draw.ornament(surface, (box.centerx, y), px(200))
        y += px(18)
        for label, value in self.stats:
            lr = draw.text(surface, label, (box.x + px(48), y), px(17), draw.TEXT_DIM,
                           shadow=False)
            # a long value (the seats with their sides' names) keeps off its label
            words, size = draw.fitted(value, px(17), box.w - px(96) - lr.w - px(16), bold=True)
            drawn += [lr, draw.text(surface, words, (box.right - px(48), y), size, draw.TEXT,
                                    bold=True, anchor="topright", shadow=False)]
            y += px(34)
        rows = self.unit_rows()
        if rows:
            self._draw_units(surface, box, y, rows)

    def _draw_units(self, surface: pygame.Surface, box: pygame.Rect, y: int, rows: int) -> None:
        """Each side's units in a column: name on the left, dealt/taken/down on the right."""
        px = self.px
        drawn = self.drawn
        gap = px(UNIT_COL_GAP)
        colw = self.unit_column_width()
        for i, col in enumerate(self.units):
            x = box.x + px(BOX_MARGIN) + i * (colw + gap)
            # each column is headed by the seat whose units it lists
            head, hsize = draw.fitted(f"{self.side_name(self.unit_sides[i]).upper()}'S UNITS",
                                      px(13), colw, bold=True)
            drawn.append(draw.text(surface, head, (x, y + px(4)), hsize, draw.WARM, bold=True,
                                   shadow=False))
            ry0 = y + px(UNIT_HEAD)
            for j, (name, line) in enumerate(col[:rows]):
                if j == rows - 1 and len(col) > rows:
                    name, line = f"and {len(col) - rows + 1} more", ""
                ry = ry0 + j * px(UNIT_ROW)
                # full size where the box could widen; a window too narrow still shrinks them
                value, vsize = draw.fitted(line, px(UNIT_TEXT), colw * 3 // 5, bold=True)
                vr = draw.text(surface, value, (x + colw, ry), vsize, draw.TEXT, bold=True,
                               anchor="topright", shadow=False)
                label, lsize = draw.fitted(name, px(UNIT_TEXT), colw - vr.w - px(UNIT_GAP))
                drawn += [vr, draw.text(surface, label, (x, ry), lsize, draw.TEXT_DIM,
                                        shadow=False)]

    def menu(self) -> Transition:
        return reset(self.app.screens.title())

    def rematch(self) -> Transition:
        config = copy.deepcopy(self.match.config)
        config.seed = random.randrange(1, 1_000_000)    # client-side choice of a fresh seed
        try:
            match = Match.new(config)
            scene = saving.battle_scene(self.app, match)
        except (ValueError, OSError) as exc:    # the map or config refused; a bug goes to the app's handler
            self.app.log_exception(exc)
            return push(ErrorDialog(self.app, "The rematch cannot start", str(exc)))
        return reset(scene)

    def on_back(self) -> Transition:
        return self.menu()
