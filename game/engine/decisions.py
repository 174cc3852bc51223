"""Decisions: who must choose what next.

Owns: the `Decision` record that `Match.submit` returns after every action and `Match.decision`
reports at any time. A stage is a verb (`act`, `choose_blocks`, `choose_arm`, `choose_side`,
`rule`) telling the client which prompt to show; the choices themselves are always
`legal_actions`.

Must not: call out to a human or a bot. The engine waits for the next action instead.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Decision:
    seat: int              # the seat whose answer the engine waits for
    stage: str             # what kind of choice: "act" for a normal turn, else a mid-action stage
    actor: str | None      # the unit concerned, if any
    prompt: str            # a short question for the UI, in our own words

    def to_json(self) -> dict:
        return {"seat": self.seat, "stage": self.stage, "actor": self.actor, "prompt": self.prompt}
