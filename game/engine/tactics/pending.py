"""The stack of pending decisions: mid-action choices the engine waits for (STYLE habit 4).

Owns: `Pending` (one stage a seat must answer before play goes on), the stack operations every
system uses on its `state.pending` list (`push`, `top`, `pop`, `resume`, `clear`) and the
record's JSON. Systems change and read the stack only through these, so its rules live here once.
The last entry is answered first, so a choice raised while answering another (a reaction to a
reaction) is settled before the one beneath it resumes.

A system routes an answer either by the acting piece (`actor`: the grid systems) or by the module
that raised the stage (`handler`: e.g. a card game's flow or its effects); a Pending uses one of
the two, and its JSON holds exactly the fields that system writes, so saves keep their shape.

Must not: know any system's stages or decide anything; `data` is opaque JSON-able text for the
system that pushed it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.stateclone import clone_slots


@dataclass(slots=True)
class Pending:
    """A stage (`stage`, e.g. "defend") that `seat` must answer. `actor` is the piece it is
    about, `handler` the module that answers it (systems routing by module set it, others leave
    it None); `data` carries what the stage needs (JSON-able)."""

    stage: str
    seat: int
    actor: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    handler: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"stage": self.stage, "seat": self.seat}
        if self.handler is None:
            out["actor"] = self.actor
        else:
            out["handler"] = self.handler
        out["data"] = _copy_json(self.data)
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Pending":
        return cls(str(d["stage"]), int(d["seat"]), d.get("actor"), dict(d.get("data") or {}),
                   d.get("handler"))


Pending.__deepcopy__ = clone_slots  # type: ignore[attr-defined]


def _copy_json(value: Any) -> Any:
    """A copy of stage data as asdict() would make it (containers copied, atoms shared)."""
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_copy_json(v) for v in value)
    return value


def push(stack: list[Pending], pending: Pending) -> Pending:
    """Open a stage on top of the stack; it is answered before anything beneath it."""
    stack.append(pending)
    return pending


def top(stack: list[Pending]) -> Pending | None:
    """The stage being answered now, or None when nothing waits."""
    return stack[-1] if stack else None


def pop(stack: list[Pending], stage: str | None = None) -> Pending:
    """Close the top stage (checking it is `stage` when given) and return it."""
    if not stack:
        raise IndexError("no pending decision to close")
    if stage is not None and stack[-1].stage != stage:
        raise ValueError(f"the open stage is {stack[-1].stage!r}, not {stage!r}")
    return stack.pop()


def resume(stack: list[Pending]) -> Pending | None:
    """After an answer: the stage that now waits again (the one beneath), or None."""
    return top(stack)


def clear(stack: list[Pending]) -> None:
    """Drop every open stage (the match ended, or the turn they belonged to was cut short)."""
    stack.clear()


def stack_to_json(stack: list[Pending]) -> list[Any]:
    """The stack as JSON-able data (anything that is not a Pending is copied as it is, as
    dataclasses.asdict would)."""
    return [p.to_json() if isinstance(p, Pending) else _copy_json(p) for p in stack]


def stack_from_json(data: list[dict[str, Any]]) -> list[Pending]:
    return [Pending.from_json(d) for d in data]
