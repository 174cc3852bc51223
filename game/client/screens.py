"""Where scenes go: the screens a scene may open without importing the scenes above it.

Owns: `Screens`, which the app holds as `app.screens`: the title (every "back to the menu"),
the play screen of a match (the battle screen with the system's presenter, or the system's own
table scene, as its client registration says), and look-ups in the client registrations. A
scene that leads to one of these asks `self.app.screens`, so scenes, dialogs and the save code
never import each other in a circle and never name a system.

Must not: hold state beyond the app it serves, or be imported by scenes, render or ui (they
receive it through the app). Its imports of scenes and systems are inside the methods, so the
title opens without loading every system.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.client.registration import MAP, ClientSystem

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.scene import Scene


class Screens:
    def __init__(self, app: "App"):
        self.app = app

    def title(self) -> "Scene":
        from game.client.scenes.title import TitleScene
        return TitleScene(self.app)

    def client_systems(self) -> tuple[ClientSystem, ...]:
        from game.client.systems import CLIENT_SYSTEMS
        return CLIENT_SYSTEMS

    def client_system(self, system_id: str) -> ClientSystem:
        from game.client.systems import client_system
        return client_system(system_id)

    def shared_maps(self, system_id: str) -> tuple[str, ...]:
        """Maps without a `system` property that `system_id` also plays (its registration's);
        none for a system the client has no registration for (Start then says so)."""
        for reg in self.client_systems():
            if reg.id == system_id:
                return reg.shared_maps
        return ()

    def play(self, match: Any, save_path: str | Path | None = None) -> "Scene":
        """The play screen of `match`, as its system's client registration says."""
        reg = self.client_system(match.config.system)
        if reg.kind == MAP:
            from game.client.scenes.battle import BattleScene
            return BattleScene(self.app, match, save_path=save_path)
        assert reg.load_table is not None   # ClientSystem checks this when it is made
        return reg.load_table()(self.app, match, save_path=save_path)
