"""The client's screens. Each module holds one scene (title, new match, load, settings, pause,
results, hand-off); battle.py and battle_* belong to the battle screen.

Must not: switch scenes directly; a scene returns a Transition and the app applies it.
"""
