"""The pygame client: scenes that turn clicks into engine actions and events into pictures.

May import game.engine; the engine never imports this package. It never decides a rule: what
is allowed comes from `legal_actions`, what happened from events, the truth from state.
"""
