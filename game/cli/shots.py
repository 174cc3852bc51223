"""`python -m game shots DIR [--size WxH] [--only NAME,...]`: every scene rendered headless to PNG.

Owns: the list of menu and dialog screens to photograph, in a throw-away user folder (so the
load screen shows a sample save and a corrupt one, and nothing touches the player's saves).
Each system's play screens come from its client registration (`shots(app) -> [(name, scene)]`,
game.client.systems), so adding a system never needs this file. The menus' sample match is the
first registered system's example; pause and results are photographed over the first play
screen (or over a plain table if there is none).

Exit status 1 when any shot failed (the failure is printed, the other shots still run).

Must not: write outside DIR and its temporary user folder.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Callable


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    return w, h


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="strife-table shots",
                                     description="Render every scene to PNG files.")
    parser.add_argument("dir", help="folder for the PNG files")
    parser.add_argument("--size", type=_size, default=(1280, 720), help="window size (1280x720)")
    parser.add_argument("--only", default="", help="comma-separated shot names")
    parser.add_argument("--ui-scale", type=float, default=1.0, help="the UI scale setting (1.0)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    out = Path(args.dir)
    out.mkdir(parents=True, exist_ok=True)
    before = os.environ.get("STRIFE_TABLE_HOME")
    with tempfile.TemporaryDirectory(prefix="strife-shots-") as home:
        os.environ["STRIFE_TABLE_HOME"] = home
        try:
            return _shoot(out, args.size, {n for n in args.only.split(",") if n}, args.ui_scale)
        finally:
            if before is None:
                os.environ.pop("STRIFE_TABLE_HOME", None)
            else:
                os.environ["STRIFE_TABLE_HOME"] = before


def _shoot(out: Path, size: tuple[int, int], only: set[str], ui_scale: float = 1.0) -> int:
    from game import paths
    from game.client.app import App
    from game.client.scene import Scene, push, reset
    from game.client.scenes.handoff import HandoffScene
    from game.client.scenes.load import LoadScene
    from game.client.scenes.match_scene import MatchScene
    from game.client.scenes.new_match import HouseRulesDialog, NewMatchScene
    from game.client.scenes.pause import PauseScene
    from game.client.scenes.results import ResultsScene
    from game.client.scenes.settings import SettingsScene
    from game.client.scenes.title import TitleScene
    from game.client.settings import Settings
    from game.client.systems import CLIENT_SYSTEMS
    from game.client.ui import draw
    from game.client.ui.dialogs import ConfirmDialog, ErrorDialog
    from game.client.ui.saving import SaveDialog
    from game.engine import registry, saves
    from game.engine.match import Match

    app = App(size, settings=Settings(window_size=size, ui_scale=ui_scale), fullscreen=False)
    failures: list[str] = []
    written: list[str] = []

    class Table(Scene):
        """A stand-in backdrop for overlays when no battle scene exists."""

        def draw(self, surface):
            draw.table_background(surface)

    # a match to pause, save and finish: the first registered system's example (a failure is
    # printed and makes the exit status 1; the other shots still run)
    match = None
    try:
        match = Match.new(registry.get(CLIENT_SYSTEMS[0].id).example_config(7))
    except Exception:
        traceback.print_exc()
        failures.append(f"match: {CLIENT_SYSTEMS[0].id} could not set up its example match")

    # every system's own play screens, from its client registration
    battle_shots: list[tuple[str, Scene]] = []
    for reg in CLIENT_SYSTEMS:
        try:
            battle_shots += list(reg.shots(app))
        except Exception:
            traceback.print_exc()
            failures.append(f"{reg.id}: its shots() failed")

    # sample saves for the load screen: a good one (if a match exists) and a corrupt one
    saves_dir = paths.saves_dir()
    saves_dir.mkdir(parents=True, exist_ok=True)
    broken = saves_dir / "broken.json"
    broken.write_text('{"format": "strife-table-save", "vers', "utf-8")
    os.utime(broken, (1.6e9, 1.6e9))    # older than the good saves, so it is not listed first
    if match is not None:
        saves.save(match, saves_dir / "before-the-bridge.json", label="Before the bridge")
        saves.save(match, saves_dir / "autosave.json", label=f"Autosave - {match.system.name}")

    def finished() -> Match:
        """A copy of the backdrop battle's match (else the example match) ended by a
        concession (when the system allows one), so the results screen shows a winner of the
        very battle behind it."""
        from game.engine.actions import Concede
        from game.engine.rules import IllegalAction
        b = backdrop()
        done = saves.from_document(saves.to_document(b.match if isinstance(b, MatchScene)
                                                     else match))
        decision = done.decision
        if decision is not None:
            try:
                done.submit(Concede(decision.seat))
            except IllegalAction:
                pass            # the system has no concession: the screen says no winner yet
        return done

    def backdrop() -> Scene:
        return battle_shots[0][1] if battle_shots else Table(app)

    def units() -> list[tuple[str, str, int]]:
        """The backdrop battle's units for the results' per-unit table."""
        scene = backdrop()
        return scene.results_units() if isinstance(scene, MatchScene) else []

    def recap() -> list[str]:
        return ["Garnet moved 4 squares to the ford", "Garnet attacks Jasper: hit for 5",
                "Jasper is disarmed; the spear lies at C7", "Player 1 ended the turn"]

    plan: list[tuple[str, Callable[[], list[Scene]]]] = [
        ("title", lambda: [TitleScene(app)]),
        ("new_match", lambda: [TitleScene(app), NewMatchScene(app)]),
        ("settings", lambda: [TitleScene(app), SettingsScene(app)]),
        ("load", lambda: [TitleScene(app), LoadScene(app)]),
        ("error_dialog", lambda: [TitleScene(app), ErrorDialog(
            app, "This save cannot be loaded",
            f"File: {saves_dir / 'broken.json'}\nProblem: the file is not valid JSON (truncated "
            "or corrupt at line 1, column 37)", detail="The file was left as it is.")]),
        ("handoff", lambda: [backdrop(), HandoffScene(app, "Player 2", recap())]),
    ]
    if match is not None:
        rules = match.system.house_rules
        plan += [
            ("house_rules", lambda: [TitleScene(app), NewMatchScene(app),
                                     HouseRulesDialog(app, rules, {})]),
            ("pause", lambda: [backdrop(), PauseScene(app, match)]),
            ("save_dialog", lambda: [backdrop(), PauseScene(app, match), SaveDialog(app, match)]),
            ("confirm_dialog", lambda: [backdrop(), ConfirmDialog(
                app, "End the turn?", "Two of your units can still act this turn.",
                tag="end_turn", ok_label="End turn", prompt_id="end_turn_unused")]),
            ("results", lambda: [backdrop(), ResultsScene(
                app, finished(), "The other side conceded", units(),
                side_name=b.side_name if isinstance(b := backdrop(), MatchScene) else None)]),
        ]
    plan += [(name, (lambda s=scene: [s])) for name, scene in battle_shots]

    for name, make in plan:
        if only and name not in only:
            continue
        try:
            scenes = make()
            app.apply(reset(scenes[0]))
            for scene in scenes[1:]:
                app.apply(push(scene))
            app.settle(4)
            if name == "handoff":
                app.step(dt=0.5)
            if app._fatal or (app.top is not scenes[-1]):
                raise RuntimeError(f"the scene failed; see {app.log_path()}")
            path = out / f"{name}.png"
            app.screenshot(path)
            written.append(str(path))
        except Exception as exc:
            traceback.print_exc()
            failures.append(f"{name}: {exc}")
            app._fatal = None
    for path in written:
        print(path)
    for f in failures:
        print(f"FAILED {f}", file=sys.stderr)
    return 1 if failures else 0
