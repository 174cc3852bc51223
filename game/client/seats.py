"""AI seats for the client: bots that think without stalling the window, plus AI pacing.

Owns: `AISeat`, which asks a bot for the next action of one seat. The bot thinks in a separate
process (multiprocessing, spawn context) so the battle scene keeps drawing at 60 fps; the scene
calls `request(match)` once, then `poll()` every frame until it returns an action, and submits
that action itself. Only plain JSON text crosses the pipe (`send_bytes`/`recv_bytes`, never
pickled objects): the request is the saved-match document (game.engine.saves.to_document), the
answer the chosen action's record. If no process can be started (or it dies, or times out) the
seat falls back to thinking in-process, a few milliseconds per `poll()`, using the bot's
stepwise `think` generator. Also owns `Pacer`, the minimum on-screen time of each AI action.

Must not: import pygame (the headless selftest uses it), decide a rule, or submit anything: the
chosen action is checked against the match's legal actions and handed back to the scene, which
submits it through `Match.submit` like any click. The bot sees what runner.ask_bot gives it (the
seat's view, the legal actions, runner.bot_rng), in-process or not, so both give the same choice.

The worker finds a match's system the way the game does, by the system id in the saved config
(the registry reads the registration list); a system registered only at run time (a test's toy)
is handed to the worker as an object in `extra_systems`, which the spawn start sends like any
process argument (by its class, which the worker imports), so no module path is spelled here.

Nothing here blocks the frame: the scene starts every AI seat when the match opens (the worker
boots while the first turns are shown), requests are written to the pipe by a sender thread (a
worker still booting, or a large document, would otherwise stall the frame until the pipe
drains), and the in-process fallback thinks in steps (listing the position, then the bot's own
slices), a poll stopping before a step that the last one suggests would
overrun the slice, or that the bot says is long (ai.base.LONG_STEP).

The worker (`_worker_main`) keeps the last match it rebuilt and, when the next request extends
the same log, replays only the new actions; a snapshot mismatch rebuilds from scratch.

Frozen builds: the entry script must call multiprocessing.freeze_support() before anything else
(packaging/launcher.py does), or the worker would start a second copy of the game.
"""
from __future__ import annotations

import json
import multiprocessing
import queue
import threading
import time
import traceback
from typing import Any

from game.engine.actions import ACTIONS
from game.engine.ai.base import LONG_STEP, Thinking, make_bot, run_thinking, think
from game.engine.ai.runner import bot_rng
from game.engine.match import Match
from game.engine.records import RecordError, to_json
from game.engine.rules import IllegalAction, RuleSystem

#: seconds the worker may take for one answer before the seat gives up on the process
DEFAULT_TIMEOUT = 30.0
#: in-process fallback: thinking time per poll(), so a frame stays well under 16 ms. A poll may
#: still end with one step longer than the slice (the longest bot steps are 8-10 ms: one dry run,
#: one exact strike count), so the slice leaves room for one: 4 ms, not the 6 it was
DEFAULT_SLICE = 0.004


# -- the worker process -------------------------------------------------------------------------
def _register_extra(systems: list[RuleSystem]) -> None:
    """Register systems the registration list does not hold (a test's toy)."""
    from game.engine import registry
    for system in systems:
        registry.register(system)


class _Worker:
    """The worker's state: the last rebuilt match, reused when the next request extends it."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.config_key = ""

    def rebuild(self, doc: dict) -> Match:
        from game.engine import saves
        config_key = json.dumps(doc.get("config"), sort_keys=True)
        log = doc.get("actions") or []
        m = self.match
        if (m is not None and config_key == self.config_key and len(log) >= len(m.log)
                and log[:len(m.log)] == m.log):
            try:
                for entry in log[len(m.log):]:
                    m.apply_log_entry(entry)
                if m.snapshot() == doc.get("snapshot"):
                    return m
            except (IllegalAction, RecordError, ValueError, KeyError, TypeError):
                pass                 # the cached match cannot follow this log: rebuild it below
        self.match = saves.from_document(doc, "<seat request>")
        self.config_key = config_key
        return self.match

    def answer(self, msg: dict) -> dict:
        match = self.rebuild(msg["document"])
        seat = int(msg["seat"])
        bot = make_bot(match.config.system, str(msg["difficulty"]))
        legal = match.legal_actions()
        gen = think(bot, match.view(seat), list(legal), bot_rng(match, seat))
        action = run_thinking(gen)
        if action not in legal:
            return {"id": msg["id"], "error": f"the bot chose an illegal action {to_json(action)!r}"}
        return {"id": msg["id"], "action": to_json(action)}


def _worker_main(conn, extra_systems: list[RuleSystem], system_id: str = "") -> None:
    """Entry point of the AI process: answer JSON requests on `conn` until told to quit. The
    system and its bots are imported before "ready", so the first answer is not slowed by it."""
    try:
        _register_extra(list(extra_systems))
        if system_id:
            from game.engine.ai.base import load_bots
            load_bots(system_id)
    except Exception as exc:
        conn.send_bytes(json.dumps({"op": "fatal", "error": f"{exc.__class__.__name__}: {exc}"})
                        .encode())
        return
    worker = _Worker()
    from game.engine.runtime import settle
    settle()              # the rules and bots stay loaded for good: out of every full collection
    conn.send_bytes(b'{"op": "ready"}')
    while True:
        try:
            raw = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            msg = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            conn.send_bytes(json.dumps({"id": None, "error": f"bad request: {exc}"}).encode())
            continue
        op = msg.get("op")
        if op == "quit":
            return
        if op == "ping":
            reply = {"op": "pong", "id": msg.get("id")}
        elif op == "choose":
            try:
                reply = worker.answer(msg)
            except Exception as exc:
                reply = {"id": msg.get("id"), "error": f"{exc.__class__.__name__}: {exc}",
                         "trace": traceback.format_exc(limit=6)}
        else:
            reply = {"id": msg.get("id"), "error": f"unknown op {op!r}"}
        try:
            conn.send_bytes(json.dumps(reply).encode("utf-8"))
        except (BrokenPipeError, OSError):
            return


# -- the client side ----------------------------------------------------------------------------
class AISeat:
    """One AI-controlled seat. Typical use by the battle scene:

        seat = AISeat(system_id, seat=1, difficulty="normal")   # starts the process at once
        ...each frame, when match.decision.seat == 1 and nothing is animating:
        if not seat.busy: seat.request(match)
        action = seat.poll()
        if action is not None and pacer.ready(): match.submit(action); pacer.shown()
        ...on undo, load or leaving the scene: seat.cancel(); on exit: seat.close()

    `mode` is "process" or "inline" (the fallback); `notice` says why a fallback happened.
    """

    def __init__(self, system_id: str, seat: int, difficulty: str = "normal", *,
                 use_process: bool = True, timeout: float = DEFAULT_TIMEOUT,
                 slice_seconds: float = DEFAULT_SLICE,
                 extra_systems: tuple[RuleSystem, ...] = ()):
        self.system_id = system_id
        self.seat = seat
        self.difficulty = difficulty
        self.timeout = timeout
        self.slice_seconds = slice_seconds
        self.extra_systems = tuple(extra_systems)
        self.mode = "inline"
        self.notice = ""
        self._proc = None
        self._conn = None
        self._ready = False
        self._next_id = 0
        self._pending: int | None = None        # id of the request we wait for
        self._sent_at = 0.0
        self._match: Match | None = None
        self._log_len = -1
        self._waits = 0
        self._gen: Thinking | None = None       # in-process thinking
        self._step_cost = 0.0                   # seconds the last step of in-process thinking took
        self._outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self._sender: threading.Thread | None = None
        self._send_error: str = ""              # set by the sender thread when a write fails
        if use_process:
            self._start_process()
        if self.mode == "inline":
            # thinking in-process from the start: load the bot's module now, as the scene opens,
            # rather than in the first frame that asks it (a system's AI module takes 5-10 ms)
            make_bot(system_id, difficulty)

    # -- process management ---------------------------------------------------------------------
    def _start_process(self) -> None:
        try:
            ctx = multiprocessing.get_context("spawn")
            parent, child = ctx.Pipe(duplex=True)
            proc = ctx.Process(target=_worker_main,
                               args=(child, list(self.extra_systems), self.system_id),
                               name=f"strife-ai-seat{self.seat}", daemon=True)
            proc.start()
            child.close()
        except Exception as exc:                # no processes here: think in-process instead
            self._fallback(f"the AI process could not start ({exc.__class__.__name__}: {exc})")
            return
        self._proc, self._conn, self.mode = proc, parent, "process"
        self._outbox = queue.SimpleQueue()
        self._send_error = ""
        self._sender = threading.Thread(target=self._send_loop, args=(parent, self._outbox),
                                        name=f"strife-ai-send{self.seat}", daemon=True)
        self._sender.start()

    def _send_loop(self, conn, outbox: "queue.SimpleQueue[bytes | None]") -> None:
        """The sender thread: write each queued request to the worker, in order; None ends it.
        Only this thread writes to the pipe while it runs, so messages never interleave."""
        while True:
            data = outbox.get()
            if data is None:
                return
            try:
                conn.send_bytes(data)
            except (OSError, ValueError) as exc:    # the worker went away; poll() falls back
                self._send_error = exc.__class__.__name__
                return

    def _fallback(self, why: str) -> None:
        self.notice = why
        self.mode = "inline"
        self._stop_process()
        if self._pending is not None and self._match is not None:
            self._pending = None
            self._gen = None             # the next poll starts thinking in-process

    def _stop_process(self) -> None:
        conn, proc, sender = self._conn, self._proc, self._sender
        self._conn = self._proc = self._sender = None
        self._ready = False
        if sender is not None:
            self._outbox.put(b'{"op": "quit"}')     # after any request still queued
            self._outbox.put(None)
            sender.join(timeout=1.0)
        if conn is not None:
            conn.close()         # also ends a sender still blocked on a worker that stopped
        if proc is not None:
            proc.join(timeout=1.0)
            if proc.is_alive():
                proc.terminate()
                proc.join(timeout=1.0)

    def wait_ready(self, timeout: float = 20.0) -> bool:
        """Block until the worker has started (tests and the selftest; the client never waits)."""
        end = time.monotonic() + timeout
        while self.mode == "process" and not self._ready and time.monotonic() < end:
            self._read_replies(0.05)
        return self.mode == "process" and self._ready

    # -- the scene's API ------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """A request is open (its answer not yet returned by poll)."""
        return self._match is not None

    def request(self, match: Match) -> None:
        """Start thinking about `match`'s current decision for this seat. Replaces any open
        request. The match must not change until poll() answers or cancel() is called."""
        decision = match.decision
        if decision is None or decision.seat != self.seat:
            raise ValueError(f"seat {self.seat} is not the one to decide now")
        self.cancel()
        self._match, self._log_len = match, len(match.log)
        self._waits = 0                         # polls answered "not yet" (see poll)
        if self.mode == "process" and self._conn is not None:
            from game.engine import saves
            self._next_id += 1
            msg = {"op": "choose", "id": self._next_id, "seat": self.seat,
                   "difficulty": self.difficulty, "document": saves.to_document(match)}
            # the text is made here, from the match as it is now; the sender thread only writes
            self._outbox.put(json.dumps(msg).encode("utf-8"))
            self._pending, self._sent_at = self._next_id, time.monotonic()
        # else: the first poll starts thinking in-process (see _step_inline)

    def poll(self) -> Any | None:
        """The chosen action once ready (exactly once per request), else None. Never blocks for
        more than about `slice_seconds`."""
        match = self._match
        if match is None:
            return None
        if len(match.log) != self._log_len:      # the match moved on: the question is stale
            self.cancel()
            return None
        if self.mode == "process":
            got = self._read_replies(0.0)
            if got is not None:
                return self._deliver(got)
            if self._send_error:
                self._fallback(f"the AI process stopped ({self._send_error})")
            elif self._proc is not None and not self._proc.is_alive():
                self._fallback("the AI process ended unexpectedly")
            elif self._pending is not None and time.monotonic() - self._sent_at > self.timeout:
                self._fallback(f"the AI process did not answer within {self.timeout:.0f} s")
            if self.mode == "process":
                self._waits += 1
                if self._waits == 2 and not match.system.checks_by_part:
                    # while the worker thinks, a frame after the one that sent the request
                    # lists the position's legal actions (made once per position and kept by
                    # the match), so the frame the answer arrives in checks it against a made
                    # list instead of making one (up to 6 ms of a grid battle's frame); a
                    # system that lists one kind of action alone checks the answer that way
                    match.legal_actions()
                return None
        return self._step_inline()

    def cancel(self) -> None:
        """Forget the open request (its late answer, if any, is ignored)."""
        self._pending = None
        self._gen = None
        self._match = None
        self._log_len = -1

    def close(self) -> None:
        """Stop the worker process. The seat can still think in-process afterwards."""
        self.cancel()
        self._stop_process()
        self.mode = "inline"

    def __del__(self) -> None:  # a forgotten seat must not leave a process behind
        try:
            self._stop_process()
        except (OSError, ValueError):   # the pipe or process is already gone at interpreter exit
            pass

    # -- internals ------------------------------------------------------------------------------
    def _read_replies(self, wait: float) -> dict | None:
        """Read every waiting reply; return the one answering the open request, if any."""
        conn = self._conn
        found = None
        try:
            while conn is not None and conn.poll(wait):
                wait = 0.0
                reply = json.loads(conn.recv_bytes().decode("utf-8"))
                if reply.get("op") == "ready":
                    self._ready = True
                elif reply.get("op") == "fatal":
                    self._fallback(f"the AI process failed to start: {reply.get('error')}")
                    return None
                elif self._pending is not None and reply.get("id") == self._pending:
                    found = reply
        except (EOFError, OSError, ValueError) as exc:
            self._fallback(f"the AI process stopped ({exc.__class__.__name__})")
            return None
        return found

    def _deliver(self, reply: dict) -> Any | None:
        match = self._match
        self._pending = None
        if "action" in reply and match is not None:
            try:
                action = ACTIONS.from_json(reply["action"])
            except ValueError as exc:
                action, err = None, f"unreadable answer ({exc})"
            else:
                # is_legal lists only the part of the legal actions that holds this kind where
                # the system can: the whole list can cost a frame (bindings' sight lines)
                err = "" if match.is_legal(action) else "an illegal answer"
            if not err:
                self.cancel()
                return action
        else:
            err = reply.get("error", "no answer")
        # the process could not answer this one: think in-process for it
        self.notice = f"the AI process failed on one decision ({err}); thought in-process instead"
        self._gen = None
        return self._step_inline()

    def _thinking(self, match: Match, bot: Any) -> Thinking:
        """The in-process decision as steps: the position's legal list, then the view and the
        bot's own slices of thinking."""
        legal = match.legal_actions()
        yield None
        return (yield from think(bot, match.view(self.seat), list(legal),
                                 bot_rng(match, self.seat)))

    def _step_inline(self) -> Any | None:
        match, gen = self._match, self._gen
        if match is None:
            return None
        if gen is None:
            # made outside the bot's failure boundary below: a bot that cannot be made is the
            # game's bug, not a decision to play randomly (its module is loaded when the seat
            # starts in-process, so this is quick)
            self._gen = gen = self._thinking(match, make_bot(self.system_id, self.difficulty))
            self._step_cost = 0.0
        start = time.perf_counter()
        end = start + self.slice_seconds
        try:
            while True:
                before = time.perf_counter()
                said = next(gen)
                now = time.perf_counter()
                self._step_cost = now - before
                if said is LONG_STEP:
                    return None      # the bot's next step is long: it starts the next poll
                # stop before a step that would overrun the slice if it costs what the last one did
                if now + self._step_cost >= end and now > start:
                    return None
        except StopIteration as stop:
            action = stop.value
        except Exception as exc:                 # a bot bug must not crash the client
            self.notice = f"the AI failed ({exc.__class__.__name__}: {exc}); it played randomly"
            action = None
        legal = match.legal_actions()
        if action not in legal:
            rng = bot_rng(match, self.seat)
            action = legal[rng.randint(0, len(legal) - 1)] if legal else None
        self.cancel()
        return action


class Pacer:
    """The minimum time each AI action stays on screen before the next one is submitted.

    `base` seconds per action are scaled by the animation-speed setting's factor
    (settings.ANIMATION_SPEEDS: slow 1.6, normal 1.0, fast 0.5, instant 0). A click or key
    calls `skip()` so the next action may go at once. Times come from the caller (`now`) or
    time.monotonic(), so tests need no sleeping."""

    def __init__(self, factor: float = 1.0, base: float = 0.45):
        self.base = base
        self.factor = max(0.0, factor)
        self._next_at = 0.0

    @property
    def delay(self) -> float:
        return self.base * self.factor

    def set_factor(self, factor: float) -> None:
        self.factor = max(0.0, factor)

    def shown(self, now: float | None = None) -> None:
        """An AI action was just submitted and is being shown."""
        self._next_at = (time.monotonic() if now is None else now) + self.delay

    def ready(self, now: float | None = None) -> bool:
        return (time.monotonic() if now is None else now) >= self._next_at

    def remaining(self, now: float | None = None) -> float:
        return max(0.0, self._next_at - (time.monotonic() if now is None else now))

    def skip(self) -> None:
        self._next_at = 0.0
