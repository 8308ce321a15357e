"""The solver off the window's back: searches run in a separate process, one at a time.

A process, not a thread: a search is pure Python and would hold the GIL against the window's
frames. The process starts on the first request (never at import), with the "spawn" method so
that it shares nothing with the window's SDL state. A newer request supersedes the older one:
a shared counter names the request the window still wants, and the search asks it every few
hundred boards, so a stale search ends within milliseconds.

Waking the window: pass `notify` (called from a helper thread when a result is ready to be
`poll`ed; the window posts itself an event from it), or wait on `fileno()` with select, or
poll on a timer only while `pending` is true. Results for positions seen before, and for every
position along a winning line already found, come from a cache at once.

Bounds (see `guard`): the process dies within a fraction of a second of its window, even when
the window is killed with SIGKILL; its memory may grow by `MEMORY_LIMIT` at most, and a search
keeps at most `WORKER_STATES` boards, past which the answer is "unknown".

multiprocessing, the guard and the search are imported where they are used (start-up cost):
the window imports this module before its first frame and starts the process after it.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from contextlib import suppress
from functools import partial
from typing import TYPE_CHECKING, Any

from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.solver.solve import SOLVED, UNKNOWN, UNSOLVED, SolveResult

if TYPE_CHECKING:
    import multiprocessing.process
    from multiprocessing.connection import Connection

CACHE_SIZE = 4096
CLOSE_TIMEOUT = 1.0
MEMORY_LIMIT = 1 << 30
"""Bytes the worker's address space may grow by; past it a search ends as "unknown"."""
WORKER_STATES = 1_000_000
"""The search's own cap on boards kept (~430 MB), well inside `MEMORY_LIMIT`."""


class WorkerUnavailable(RuntimeError):
    """The solver's process could not be started (process or memory limits, a broken
    install): the window goes on without solver features and says why."""


def _is_stale(wanted: Any, request: int) -> bool:
    return bool(wanted.value != request)


def _serve(connection: Connection, wanted: Any, parent: int, memory_limit: int | None, states: int) -> None:
    """The worker process: solve each request unless the window has moved on; die with the
    window; a search that runs out of memory answers "unknown"."""
    # Here, for the window's start-up cost: only the worker's own process searches.
    from eightoff.solver.guard import cap_memory, die_with_parent
    from eightoff.solver.search import Budget
    from eightoff.solver.solve import solve

    die_with_parent(parent)
    if memory_limit is not None:
        cap_memory(memory_limit)
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        request, position, rules, seconds = message
        if wanted.value != request:
            continue
        stale = partial(_is_stale, wanted, request)
        try:
            result = solve(position, rules, Budget(seconds=seconds, stop=stale, states=states))
        except MemoryError:
            result = SolveResult(UNKNOWN, (), 0.0, 0, 0)
        try:
            connection.send((request, result))
        except OSError:
            return


class SolverWorker:
    def __init__(
        self,
        notify: Callable[[], None] | None = None,
        cache_size: int = CACHE_SIZE,
        memory_limit: int | None = MEMORY_LIMIT,
        states: int = WORKER_STATES,
    ) -> None:
        self._notify = notify
        self._memory_limit = memory_limit
        self._states = states
        self._cache_size = cache_size
        self._cache: OrderedDict[tuple[Position, Rules], SolveResult] = OrderedDict()
        self._process: multiprocessing.process.BaseProcess | None = None
        self._connection: Connection | None = None
        self._wanted: Any = None
        self._request = 0
        self._tag: Hashable = None
        self._pending = False
        self._asked: dict[int, tuple[Position, Rules]] = {}
        self._ready: tuple[Hashable, SolveResult] | None = None
        self._drained = threading.Event()
        self._watcher: threading.Thread | None = None
        self._stop_pipe: tuple[int, int] | None = None

    # ----- the window's side ----------------------------------------------------------------

    @property
    def pending(self) -> bool:
        """Whether a request is waiting for its result (poll on a timer only while true)."""
        return self._pending or self._ready is not None

    def submit(self, position: Position, rules: Rules, time_limit: float | None, tag: Hashable) -> None:
        """Ask for a solve; supersedes (cancels) any earlier request. `tag` comes back with the
        result so the window can tell what it asked for. Raises `WorkerUnavailable` when the
        process cannot be started."""
        self._request += 1
        self._tag = tag
        self._pending = False
        self._ready = None
        known = self._cache.get((position, rules))
        if known is not None:
            self._cache.move_to_end((position, rules))
            if self._wanted is not None:
                self._wanted.value = self._request
            self._ready = (tag, known)
            if self._notify is not None:
                self._notify()
            return
        connection = self._start()
        self._wanted.value = self._request
        recent = self._request - 8
        self._asked = {request: asked for request, asked in self._asked.items() if request > recent}
        self._asked[self._request] = (position, rules)
        connection.send((self._request, position, rules, time_limit))
        self._pending = True

    def poll(self) -> tuple[Hashable, SolveResult] | None:
        """The result of the latest request once it is ready, else None. Never blocks."""
        try:
            if self._ready is not None:
                ready, self._ready = self._ready, None
                return ready
            while self._connection is not None and self._connection.poll():
                try:
                    request, result = self._connection.recv()
                except (EOFError, OSError):
                    return self._lost()
                self._remember(request, result)
                if request == self._request and self._pending:
                    self._pending = False
                    return self._tag, result
            return None
        finally:
            self._drained.set()

    def wait(self, timeout: float | None = None) -> tuple[Hashable, SolveResult] | None:
        """Block until the latest result is ready (for the command line and tests)."""
        ready = self.poll()
        while ready is None and self._pending and self._connection is not None:
            if not self._connection.poll(timeout):
                return None
            ready = self.poll()
        return ready

    def cancel(self) -> None:
        """Forget the latest request; its search stops within milliseconds."""
        self._request += 1
        if self._wanted is not None:
            self._wanted.value = self._request
        self._pending = False
        self._ready = None

    def fileno(self) -> int | None:
        """Readable when the worker has sent something; None before the first request."""
        return None if self._connection is None else self._connection.fileno()

    def close(self) -> None:
        """Stop the process and the helper thread; the worker starts afresh if used again."""
        self.cancel()
        self._shutdown()

    def _shutdown(self) -> None:
        process, connection = self._process, self._connection
        self._process = self._connection = None
        if connection is not None:
            with suppress(OSError):
                connection.send(None)
        if process is not None:
            process.join(CLOSE_TIMEOUT)
            if process.is_alive():
                process.terminate()
                process.join(CLOSE_TIMEOUT)
        if self._stop_pipe is not None:
            os.write(self._stop_pipe[1], b"x")
            self._drained.set()
            if self._watcher is not None:
                self._watcher.join(CLOSE_TIMEOUT)
            for descriptor in self._stop_pipe:
                os.close(descriptor)
            self._stop_pipe = self._watcher = None
        if connection is not None:
            connection.close()

    def __enter__(self) -> SolverWorker:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # ----- inside -----------------------------------------------------------------------------

    def _start(self) -> Connection:
        if self._connection is not None and self._process is not None and self._process.is_alive():
            return self._connection
        self._shutdown()
        import multiprocessing  # here: the window's first frame does not wait for it (start-up)

        context = multiprocessing.get_context("spawn")
        try:
            self._wanted = context.RawValue("q", self._request)
            self._connection, theirs = context.Pipe()
            self._process = context.Process(
                target=_serve,
                args=(theirs, self._wanted, os.getpid(), self._memory_limit, self._states),
                name="eightoff-solver",
                daemon=True,
            )
            self._process.start()
        except (OSError, RuntimeError, ValueError) as error:
            self._process = self._connection = None
            raise WorkerUnavailable(f"the solver's process could not start: {error}") from error
        theirs.close()
        if self._notify is not None:
            self._stop_pipe = os.pipe()
            self._drained.clear()
            self._watcher = threading.Thread(
                target=self._watch, args=(self._connection, self._stop_pipe[0]), daemon=True
            )
            self._watcher.start()
        return self._connection

    def _watch(self, connection: Connection, stop: int) -> None:
        """Call `notify` once per batch of results, then sleep until the window has polled."""
        from multiprocessing.connection import wait

        assert self._notify is not None
        while True:
            if stop in wait([connection, stop]):
                return
            self._drained.clear()
            self._notify()
            self._drained.wait()

    def _lost(self) -> tuple[Hashable, SolveResult] | None:
        """The process died (killed from outside?): report "unknown" and start afresh next time."""
        process, self._process = self._process, None
        if process is not None:
            process.join(CLOSE_TIMEOUT)
        was_pending, self._pending = self._pending, False
        self._shutdown()
        return (self._tag, SolveResult(UNKNOWN, (), 0.0, 0, 0)) if was_pending else None

    def _remember(self, request: int, result: SolveResult) -> None:
        """Cache verdicts (stale ones are true too) and, for a win, every position on the line."""
        asked = self._asked.pop(request, None)
        if asked is None or result.status not in (SOLVED, UNSOLVED):
            return
        position, rules = asked
        self._store(position, rules, result)
        for index, move in enumerate(result.moves[:-1]):
            position = position.apply(move)
            rest = result.moves[index + 1 :]
            self._store(position, rules, SolveResult(SOLVED, rest, 0.0, 0, 0))

    def _store(self, position: Position, rules: Rules, result: SolveResult) -> None:
        self._cache[position, rules] = result
        self._cache.move_to_end((position, rules))
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
