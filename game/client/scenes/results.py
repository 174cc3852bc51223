"""Results: who won, in how many rounds, a few numbers from the match; Rematch or Menu.

Owns: the end-of-match screen, drawn over the final board (an overlay). The winner and rounds
are read from the match (`match.winner`, the state's `round` if it has one); a system may add
its own lines with its `match_stats(state) -> list[(label, value)]` hook (none by default). The battle scene
may pass the MatchEnded reason. Rematch starts the same config with a new seed.

Must not: change the finished match.
"""
from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING

import pygame

from game.client.scene import Transition, push, reset
from game.client.scenes.rest import RestScene
from game.client.ui import draw, saving
from game.client.ui.base import UIScene
from game.client.ui.dialogs import ErrorDialog
from game.engine.match import Match
from game.engine.series import Series

if TYPE_CHECKING:
    from game.client.app import App


def seat_name(match: Match, seat: int) -> str:
    seats = match.config.seats
    if 0 <= seat < len(seats) and seats[seat].name:
        return seats[seat].name
    return f"Player {seat + 1}"


def match_stats(match: Match) -> list[tuple[str, str]]:
    """Label/value lines for the results: rounds, actions, and the system's own if offered."""
    out: list[tuple[str, str]] = []
    rounds = getattr(match.state, "round", None)
    if isinstance(rounds, int):
        out.append(("Rounds", str(rounds)))
    actions = sum(1 for e in match.log if "action" in e)
    out.append(("Actions taken", str(actions)))
    out.extend((str(k), str(v)) for k, v in match.system.match_stats(match.state))
    out.extend(story(match))
    seats = match.config.seats
    out.append(("Seats", "  vs  ".join(
        f"{seat_name(match, i)}" + (f" (AI {s.difficulty})" if s.kind == "ai" else "")
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
        lost = sum(1 for w in t.downed if side.get(w) == s)
        words = [f"dealt {dealt} damage", f"took {taken[s]}"]
        if lost:
            words.append(f"lost {lost}")
        out.append((seat_name(match, s), ", ".join(words)))
    for s in seats:
        mean, n = t.luck([w for w, k in side.items() if k == s])
        if n:
            word = ("above average" if mean > 0.25 else "below average" if mean < -0.25
                    else "about average")
            out.append((f"{seat_name(match, s)}'s dice", f"{word} ({mean:+.1f} sd, {n} rolls)"))
    return out


class ResultsScene(UIScene):
    overlay = True

    def __init__(self, app: "App", match: Match, reason: str = ""):
        super().__init__(app)
        self.match = match
        self.reason = reason
        self.stats = match_stats(match)

    @property
    def headline(self) -> str:
        w = self.match.winner
        if w is None:
            return "A draw" if self.match.over else "No winner yet"
        return f"{seat_name(self.match, w)} wins"

    def box(self) -> pygame.Rect:
        sw, sh = self.app.size
        r = pygame.Rect(0, 0, self.px(680), self.px(240 + 34 * len(self.stats)))
        r.center = (sw // 2, sh // 2)
        return r

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
        draw.text(surface, self.headline, (box.centerx, box.y + px(48)), px(40), draw.TEXT,
                  bold=True, anchor="midtop")
        y = box.y + px(104)
        if self.reason:
            draw.text(surface, self.reason, (box.centerx, y), px(17), draw.COOL, anchor="midtop")
        y += px(32)
        draw.ornament(surface, (box.centerx, y), px(200))
        y += px(18)
        for label, value in self.stats:
            draw.text(surface, label, (box.x + px(48), y), px(17), draw.TEXT_DIM, shadow=False)
            draw.text(surface, value, (box.right - px(48), y), px(17), draw.TEXT, bold=True,
                      anchor="topright", shadow=False)
            y += px(34)

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
