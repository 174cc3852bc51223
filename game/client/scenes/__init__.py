"""The client's generic screens. Each module holds one scene (title, new match, load, settings,
pause, results, hand-off); battle.py is the map battle screen every map system plays on, and
match_scene.py what it shares with a system's own table scene (game.client.systems).

Must not: switch scenes directly (a scene returns a Transition and the app applies it), name a
rule system, or import the app or the system packages (they are reached through `app.screens`).
"""
