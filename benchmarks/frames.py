"""The frame section of `make bench`: what one frame of the real client costs on the main thread.

Owns: building mid-game screens headless (a battle on each shipped map with the acting unit
selected and her move range veiled, the card table mid-game), timing whole frames of the app
(`App.step`: update and draw) as CPU time of this thread, and the peer beside them: the same
whole frame with pyscroll's BufferedRenderer drawing the same Tiled map at the same zoom with the
same token sprites in the map view's place, panned the same way (and the two map drawings
alone). Also the client's memory over a long stretch of play between two bots.

Must not: write into the player's own folder (a temporary one holds the autosaves), change how the client draws to look better here, or reach into match state; every
position is reached through `Match.submit` with actions chosen from `legal_actions`.
"""
from __future__ import annotations

import gc
import os
from typing import Any

from benchmarks.report import Row, cpu, median, temporary_home

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

SIZE = (1920, 1080)
#: (system, map) of every shipped battle map the issue names
BATTLE_MAPS = (("gems", "gems_riverbend.tmx"), ("gems", "gems_quarry.tmx"),
               ("bindings", "bindings_pass.tmx"), ("bindings", "bindings_grove.tmx"))


def _app():
    from game.client.app import App
    from game.client.settings import Settings
    return App(SIZE, settings=Settings(window_size=SIZE), fullscreen=False)


def _humans(config: Any) -> Any:
    from game.engine.rules import SeatConfig
    config.seats = [SeatConfig("human", name="Player 1"), SeatConfig("human", name="Player 2")]
    return config


def battle_match(system_id: str, map_name: str, seed: int = 3, actions: int = 40) -> Any:
    """A match on `map_name` a few turns in (random legal play), stopped where a human must
    act on the board, so a unit is selected and her move range shows."""
    from game.engine import registry
    from game.engine.ai.base import make_bot
    from game.engine.ai.runner import ask_bot
    from game.engine.match import Match
    config = _humans(registry.get(system_id).example_config(seed))
    config.map = map_name
    m = Match.new(config)
    bot = make_bot(system_id, "random")
    done = 0
    while not m.over and (done < actions or m.decision.stage != "act"):
        m.submit(ask_bot(m, bot, m.decision.seat))
        done += 1
    return m


def battle_scene(app: Any, system_id: str, map_name: str) -> Any:
    from game.client.scene import reset
    from game.client.scenes.battle import BattleScene
    m = battle_match(system_id, map_name)
    s = BattleScene(app, m)
    app.apply(reset(s))
    s.viewer = m.decision.seat
    s._turn_started()
    reach = s.presenter.overlay(s.effective_mode(), s.selected, None)
    cells = sorted(reach.cells) if reach is not None else []
    s.pin_cell = cells[len(cells) // 2] if cells else None
    return s


def time_frames(app: Any, frames: int, each=None) -> list[float]:
    """CPU seconds of `frames` whole frames (`each(i)` runs before frame i, untimed)."""
    out = []
    gc.collect()
    for i in range(frames):
        if each is not None:
            each(i)
        t0 = cpu()
        app.step()
        out.append(cpu() - t0)
    return out


def _pan(view: Any):
    """Pan back and forth along the map by a few pixels a frame (held arrow keys)."""
    def each(i: int) -> None:
        step = 6 if (i // 40) % 2 == 0 else -6
        view.pan(step, step / 2)
    return each


# -- the peer ------------------------------------------------------------------------------------
# Same work on both sides: our frame is the whole window (top bar, map, sidebar, action bar, log,
# pygame-gui, the flip), so the peer's frame is that same window with the map view's drawing (map
# art, overlays, items, tokens, map layers) handed to pyscroll, which draws the same map at the
# same zoom into the same rect with the same token sprites. Everything around the map is drawn by
# the same code on both sides; the map alone (ours: BoardView.draw, with its overlays and layers
# that pyscroll does not draw) is timed too and printed beside the ratio.
class _Pyscroll:
    """pyscroll's BufferedRenderer and a sprite group showing `scene`'s map and tokens."""

    def __init__(self, scene: Any) -> None:
        import pyscroll
        import pytmx
        from game import paths
        from game.client.render import sprites
        view = scene.view
        tmx = pytmx.load_pygame(str(paths.resolve_map(scene.match.config.map)))
        data = pyscroll.TiledMapData(tmx)
        self.zoom = view.tile / tmx.tilewidth
        layer = pyscroll.BufferedRenderer(data, view.rect.size, zoom=self.zoom)
        self.group = pyscroll.PyscrollGroup(map_layer=layer)
        px = int(view.tile + 0.999)
        for tok in scene.presenter.tokens(scene.viewer):
            spr = pygame.sprite.Sprite()
            spr.image = sprites.unit_token(tok.colour, tok.side, view.side_colour(tok.side), px,
                                           tok.arms, glow=tok.acting, edge=tok.outline,
                                           emblem=view.emblem)
            spr.rect = spr.image.get_rect(topleft=(tok.x * tmx.tilewidth, tok.y * tmx.tileheight))
            self.group.add(spr)
        self.target = scene.app.screen.subsurface(view.rect)
        self.centre = [(view.cam[0] + view.rect.w / 2) / self.zoom,
                       (view.cam[1] + view.rect.h / 2) / self.zoom]

    def pan(self, i: int) -> None:
        """The same steps as `_pan`, in pyscroll's map pixels."""
        step = 6 if (i // 40) % 2 == 0 else -6
        self.centre[0] += step / self.zoom
        self.centre[1] += step / 2 / self.zoom

    def draw(self) -> None:
        self.group.center(self.centre)
        self.group.draw(self.target)


def pyscroll_map_frames(scene: Any, frames: int, pan: bool) -> list[float]:
    """pyscroll drawing the map and tokens alone (and the flip), still or panned."""
    peer = _Pyscroll(scene)
    out = []
    gc.collect()
    for i in range(frames):
        if pan:
            peer.pan(i)
        t0 = cpu()
        peer.draw()
        pygame.display.flip()
        out.append(cpu() - t0)
    return out


def pyscroll_frames(scene: Any, frames: int, pan: bool) -> list[float]:
    """Whole frames of the app (`App.step`) with pyscroll drawing the map and tokens in the map
    view's place, still or panned the same way; everything else on screen as in ours."""
    peer = _Pyscroll(scene)
    view = scene.view
    ours = view.draw

    def draw(*_args: Any, **_kw: Any) -> None:
        peer.draw()

    view.draw = draw                   # an instance attribute: the class's method stays
    try:
        return time_frames(scene.app, frames, peer.pan if pan else None)
    finally:
        del view.draw
        assert view.draw == ours


def _map_timer(view: Any) -> list[float]:
    """Time the map view's own drawing inside our frames (BoardView.draw), into the list
    returned, until `del view.draw`."""
    spent: list[float] = []
    ours = view.draw

    def draw(*args: Any, **kw: Any) -> None:
        t0 = cpu()
        ours(*args, **kw)
        spent.append(cpu() - t0)

    view.draw = draw
    return spent


# -- the rows ------------------------------------------------------------------------------------
def battle_rows(app: Any, quick: bool) -> list[Row]:
    frames = 60 if quick else 400
    rows = []
    for system_id, map_name in BATTLE_MAPS:
        s = battle_scene(app, system_id, map_name)
        time_frames(app, 5)                        # warm: first frames fill the caches
        map_t = _map_timer(s.view)
        still = time_frames(app, frames // 2)
        del s.view.draw
        peer_still = pyscroll_frames(s, frames // 2, pan=False)
        peer_map = pyscroll_map_frames(s, frames // 2, pan=False)
        # the shipped maps fit a 1920x1080 window: zoom in one step so there is room to pan
        s.view.zoom_by(1, s.view.rect.center)
        time_frames(app, 2)
        map_t += _map_timer(s.view)
        panning = time_frames(app, frames // 2, _pan(s.view))
        del s.view.draw
        peer_panning = pyscroll_frames(s, frames // 2, pan=True)
        peer_map += pyscroll_map_frames(s, frames // 2, pan=True)
        ours = median(still + panning) * 1e3
        peer = median(peer_still + peer_panning) * 1e3
        ours_map, pys_map = median(map_t) * 1e3, median(peer_map) * 1e3
        name = map_name.removesuffix(".tmx")
        hexes = "; hex map drawn square by pyscroll" if system_id == "bindings" else ""
        rows.append(Row("frame", f"battle frame {name} (still {median(still) * 1e3:.2f}, "
                        f"panning {median(panning) * 1e3:.2f})", ours, "ms", 2.0,
                        peer=peer, peer_name="pyscroll", note=hexes.removeprefix("; ")))
        rows.append(Row("frame", f"battle frame {name}: ours / pyscroll", ours / peer if peer else 0.0,
                        "x", 1.5, note=f"whole frames, pyscroll drawing the map; map alone "
                        f"ours {ours_map:.2f} ms, pyscroll {pys_map:.2f} ms{hexes}"))
    return rows


def card_table_scene(app: Any) -> Any:
    from game.client.scene import reset
    from game.client.systems.gemwielders.shots import new_match, play_until
    from game.client.systems.gemwielders.table import CardTableScene
    m = new_match(3)
    s = CardTableScene(app, m)
    app.apply(reset(s))
    s.viewer = 0
    play_until(s, lambda mm: mm.state.turn >= 6 and mm.state.phase == "main")
    s.viewer = m.decision.seat
    return s


def card_row(app: Any, quick: bool) -> Row:
    card_table_scene(app)
    time_frames(app, 5)
    times = time_frames(app, 60 if quick else 400)
    return Row("frame", "card table frame mid-game", median(times) * 1e3, "ms", 3.0)


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def memory_row(app: Any, quick: bool) -> Row:
    """Bindings on the pass, two random bots playing through the scene's own submit (one move
    every few frames, animations skipped), one frame per step; the resident size at the end of a
    warm-up against the end. Matches that end start again, as a player's next game would.

    The resident size is read every 10 frames, and each end is the median of its last stretch's
    readings (SPAN frames): one reading swings by 5-10% within a match as the C library hands
    freed memory back (at match open, after each autosave) and the heap fills again, so a
    single one told more about its moment than about the trend. The note gives the range of
    every reading after the warm-up."""
    from game.client.scene import reset
    from game.client.scenes.battle import BattleScene
    from game.engine.ai.base import make_bot
    from game.engine.ai.runner import ask_bot
    # the warm-up fills what is meant to fill (the log's 500 lines, the text cache up to its
    # budget, the engine's geometry caches start): growth after it is what would climb
    frames, warm = (1500, 1000) if quick else (12000, 3000)
    span = 500 if quick else 1000
    every = 10
    readings: list[tuple[int, float]] = []
    bot = make_bot("bindings", "random")
    state: dict[str, Any] = {}

    def start(seed: int) -> None:
        # as in the client, nothing holds the finished match's scene while the next one opens
        # (its collection must find the old match unreachable)
        state.pop("scene", None)
        m = battle_match("bindings", "bindings_pass.tmx", seed=seed, actions=0)
        s = BattleScene(app, m)
        app.apply(reset(s))
        s.viewer = m.decision.seat          # no hand-off curtain over the board
        state["scene"], state["seed"] = s, seed

    def each(i: int) -> None:
        if state["scene"].match.over:
            start(state["seed"] + 1)
            return
        s = state["scene"]
        m = s.match
        if i % 3 == 0:
            s.view.skip()
            s.viewer = m.decision.seat
            s.submit(ask_bot(m, bot, m.decision.seat), from_ai=True)
            # the next seat looks at the table: no hand-off curtain between two bots
            s.viewer = m.decision.seat if m.decision is not None else s.viewer
        s.pin_cell = ((i // 7) % m.state.board.width, (i // 11) % m.state.board.height) \
            if hasattr(m.state, "board") else None

    def read(i: int) -> None:
        each(i)
        if i % every == every - 1:
            readings.append((i, _rss_mb()))

    start(1)
    time_frames(app, warm, read)
    time_frames(app, frames - warm, lambda i: read(i + warm))
    before = median([mb for i, mb in readings if warm - span <= i < warm])
    after = median([mb for i, mb in readings if i >= frames - span])
    later = [mb for i, mb in readings if i >= warm]
    growth = (after - before) / before * 100
    return Row("frame", f"client memory over {frames - warm} frames of bot play "
               f"({before:.0f} -> {after:.0f} MB)", growth, "%", 5.0,
               note=f"resident size, medians of each end's last {span} frames (all readings "
                    f"after the warm-up {min(later):.0f}-{max(later):.0f} MB); includes the "
                    "engine's bounded geometry caches")


def rows(quick: bool) -> list[Row]:
    with temporary_home():               # the battles' turn-start autosaves go there
        app = _app()
        out = battle_rows(app, quick)
        out.append(card_row(app, quick))
        out.append(memory_row(app, quick))
        for scene in list(reversed(app.stack)):
            app._close(scene)            # the last autosave finishes before the folder goes
        app.stack.clear()
    return out


if __name__ == "__main__":
    import sys
    from benchmarks.report import format_row
    for row in rows("--quick" in sys.argv):
        print(format_row(row))
