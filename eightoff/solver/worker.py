"""The solver off the window's back: searches run in a separate process, one at a time.

A process, not a thread (a search would hold the GIL against the window's frames), started
at the first request as a fresh interpreter; the two talk over a socket pair. A newer request
supersedes the older one, the `notify` callback wakes the window when an answer is ready, and
answers are cached. The worker ends with its window at its socket's end-of-file, and keeps its
memory within a budget during a search and a smaller one between searches (`guard`).

The longer reasons: docs/notes.md, `eightoff.solver.worker`."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from contextlib import suppress
from multiprocessing.connection import Connection, Pipe, wait
from pathlib import Path
from typing import NamedTuple

from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.solver.board import engine_for
from eightoff.solver.guard import cap_memory, peak_bytes, resident_bytes, resident_gauge, unblock_signals
from eightoff.solver.limits import Budget, Status
from eightoff.solver.result import SolveResult
from eightoff.solver.solve import solve

CACHE_SIZE = 4096
CLOSE_TIMEOUT = 1.0
WORKER_MEMORY = 144 << 20
"""The worker's whole resident size at most during a search: sized so that the window decides
every deal the command line decides in 2 s (the figures: docs/solver.md, "Tuning")."""
IDLE_MOST = 32 << 20
"""The worker's resident size between searches at most: one that a search left above it is
ended and started afresh on the next request; it ends only a worker whose heap stayed
fragmented (the figures: docs/solver.md, "Tuning")."""
STATE_BYTES = 800
"""Where the resident size cannot be read (no /proc), the cap on boards kept stands in for it:
what a kept board costs the worker's search, at the high end (docs/notes.md, "Tuning figures")."""
ROOM_FOR_STATES = 0.9
"""The share of the room the boards may take; past the rest, the address-space cap answers
"unknown"."""
ADDRESS_HEADROOM = 0.25
"""How far past the memory budget, as a share of the room, the address space may grow. The
resident size is what ends a search (`STOP_SLACK`); the address-space cap is only the backstop
for a search that grows faster than the gauge looks. The address space runs ahead of the
resident size (arenas mapped but not yet touched, freed heap not given back), so a cap at the
budget itself ended a Raglan search too big for the worker by a failed allocation, which Python
can only answer by aborting the process ("fatal: out of memory"), before the gauge stopped it."""
STOP_SLACK = 3 << 20
"""A search stops this far below the worker's budget: what it may add between two looks at
the resident size (every 128 boards of a best-first search, every 2,048 of a proof)."""
WORKER_ARGUMENT = "--eightoff-solver-worker"
"""How a frozen build (no `python -m`) is told to serve as the worker (eightoff/__main__.py)."""
UNKNOWN_RESULT = SolveResult(Status.UNKNOWN, (), 0.0, 0, 0)


class Footprint(NamedTuple):
    """The worker's memory as it measured it once a search was over (0 where /proc is not
    there)."""

    resident: int
    """Its resident size now, the search's boards dropped: what it would idle at."""
    peak: int
    """Its largest resident size so far (VmHWM): whether its budget held."""


NO_FOOTPRINT = Footprint(0, 0)


Message = tuple[int, Position | None, Rules | None, float | None, int | None]
"""A request to the worker: its number, the position (None: a cancel), the rules, and the
search's limits in seconds and boards (None: no limit)."""


class WorkerUnavailable(RuntimeError):
    """The solver's process could not be started (process or memory limits, a broken
    install): the window goes on without solver features and says why."""


def states_for(room: int) -> int:
    """Boards a search may keep in `room` bytes above the worker's idle size."""
    return max(1, int(room * ROOM_FOR_STATES) // STATE_BYTES)


def serve(descriptor: int, memory: int | None, states: int | None) -> None:
    """The worker process: solve each request unless a newer one has come; end at the
    socket's end-of-file (the window is gone); a search that runs out of room answers
    "unknown"."""
    connection = Connection(descriptor)
    stop: Callable[[], bool] = connection.poll
    if memory is not None:
        room = max(0, memory - resident_bytes())
        cap_memory(room + int(room * ADDRESS_HEADROOM))
        gauge = resident_gauge()
        if gauge is None:
            states = states if states is not None else states_for(room)
        else:
            stop = _full_or_asked(connection.poll, gauge, memory - STOP_SLACK)
    while True:
        try:
            message = _latest(connection)
        except (EOFError, OSError):
            return
        if message is None:
            return
        request, position, rules, seconds, nodes = message
        if position is None or rules is None:
            continue  # cancelled
        try:
            result = solve(position, rules, Budget(seconds=seconds, nodes=nodes, stop=stop, states=states))
        except MemoryError:
            result = UNKNOWN_RESULT
        _give_back(engine_for.cache_clear)
        try:
            connection.send((request, result, Footprint(resident_bytes(), peak_bytes())))
        except OSError:
            return


def _full_or_asked(asked: Callable[[], bool], resident: Callable[[], int], most: int) -> Callable[[], bool]:
    """What ends a search early: a newer message, or the process's resident size past `most`.
    The memory is measured rather than estimated from boards kept, because a board costs what
    its search keeps of it: a best-first record 800 bytes, a depth-first proof's key 150
    (FreeCell 11982's proof, 61,643 keys, fits the worker twice over, but as boards counted
    at 800 it ran out at a third of the way, and the window said "winnable?" where the
    command line proves the deal lost in half a second)."""

    def stop() -> bool:
        return asked() or resident() > most

    return stop


def _latest(connection: Connection) -> Message | None:
    """The newest message (block for one, then drain): older requests are superseded."""
    message = connection.recv()
    while message is not None and connection.poll():
        message = connection.recv()
    return message  # type: ignore[no-any-return]


def _give_back(drop_engines: Callable[[], None]) -> None:
    """After a search: drop the engines, whose caches outlive a search (up to 200,000 safe-move
    answers each), and collect the cycles, so the freed heap can go back to the system before
    the resident size is read for `IDLE_MOST`."""
    drop_engines()
    gc.collect()


BOOT = ("import sys; sys.path.append(sys.argv.pop(1)); "
        "from eightoff.solver.worker import main; main(sys.argv[1:])")
"""The worker's interpreter imports the eightoff it finds first, else the window's (its folder
is appended, so it never hides a module of the standard library)."""


def worker_command(descriptor: int, memory: int | None, states: int | None) -> list[str]:
    """The command that starts the worker on the socket `descriptor` (a frozen build runs
    itself with WORKER_ARGUMENT); 0 stands for None."""
    numbers = [str(number or 0) for number in (descriptor, memory, states)]
    if getattr(sys, "frozen", False):
        return [sys.executable, WORKER_ARGUMENT, *numbers]
    return [sys.executable, "-c", BOOT, str(Path(__file__).resolve().parents[2]), *numbers]


def main(arguments: list[str]) -> None:
    """The worker's process: FD MEMORY STATES, as `worker_command` writes them."""
    descriptor, memory, states = (int(argument) for argument in arguments[:3])
    unblock_signals()
    serve(descriptor, memory or None, states or None)


class SolverWorker:
    def __init__(
        self,
        notify: Callable[[], None] | None = None,
        cache_size: int = CACHE_SIZE,
        memory: int | None = WORKER_MEMORY,
        states: int | None = None,
        idle: int | None = IDLE_MOST,
    ) -> None:
        """`memory`: the process's whole resident size at most (None: no cap); `states`: the
        search's cap on boards kept (None: what fits in the memory, else the search's own);
        `idle`: the resident size above which a worker is ended after its answer (None: never)."""
        self._notify = notify
        self._memory = memory
        self._states = states
        self._idle = idle
        self.footprint = NO_FOOTPRINT
        """The worker's memory after its latest answer (benchmarks and tests read it)."""
        self._cache_size = cache_size
        self._cache: OrderedDict[tuple[Position, Rules], SolveResult] = OrderedDict()
        self._process: subprocess.Popen[bytes] | None = None
        self._connection: Connection | None = None
        self._request = 0
        self._tag: Hashable = None
        self._pending = False
        self._asked: dict[int, tuple[Position, Rules]] = {}
        self._sent: Message | None = None
        self._leaving: list[subprocess.Popen[bytes]] = []
        """Workers told to leave and not yet seen gone (`_retire` does not wait for them)."""
        self._ready: tuple[Hashable, SolveResult] | None = None
        self._drained = threading.Event()
        self._watcher: threading.Thread | None = None
        self._stop_pipe: tuple[int, int] | None = None

    # ----- the window's side ----------------------------------------------------------------

    @property
    def pending(self) -> bool:
        """Whether a request is waiting for its result (poll on a timer only while true)."""
        return self._pending or self._ready is not None

    def submit(self, position: Position, rules: Rules, time_limit: float | None, tag: Hashable,
               nodes: int | None = None) -> None:
        """Ask for a solve within `time_limit` seconds and `nodes` boards (None: no limit);
        supersedes (cancels) any earlier request. `tag` comes back with the result so the
        window can tell what it asked for. Raises `WorkerUnavailable` when the process cannot
        be started."""
        self._request += 1
        self._tag = tag
        self._pending = False
        self._ready = None
        known = self._cache.get((position, rules))
        if known is not None:
            self._cache.move_to_end((position, rules))
            self._tell_worker((self._request, None, rules, None, None))  # a search running is stale
            self._ready = (tag, known)
            if self._notify is not None:
                self._notify()
            return
        connection = self._start()
        recent = self._request - 8
        self._asked = {request: asked for request, asked in self._asked.items() if request > recent}
        self._asked[self._request] = (position, rules)
        self._sent = (self._request, position, rules, time_limit, nodes)
        connection.send(self._sent)
        self._pending = True

    def poll(self) -> tuple[Hashable, SolveResult] | None:
        """The result of the latest request once it is ready, else None. Never blocks."""
        try:
            if self._ready is not None:
                ready, self._ready = self._ready, None
                return ready
            while self._connection is not None and self._connection.poll():
                try:
                    request, result, self.footprint = self._connection.recv()
                except (EOFError, OSError):
                    return self._lost()
                self._remember(request, result)
                answered = request == self._request and self._pending
                self._pending = self._pending and not answered
                if self._idle is not None and self.footprint.resident > self._idle:
                    self._retire()
                if answered:
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
        self._tell_worker((self._request, None, None, None, None))
        self._pending = False
        self._ready = None

    @property
    def pid(self) -> int | None:
        """The worker process's id while it runs (benchmarks and tests look at it)."""
        return None if self._process is None or self._process.poll() is not None else self._process.pid

    def fileno(self) -> int | None:
        """Readable when the worker has sent something; None before the first request."""
        return None if self._connection is None else self._connection.fileno()

    def close(self) -> None:
        """Stop the process and the helper thread; the worker starts afresh if used again."""
        self.cancel()
        self._shutdown()

    def _shutdown(self, wait: bool = True) -> None:
        """Tell the worker to leave; `wait` for it (and any left before) to be gone, else only
        reap those already gone, so that ending a worker never holds up the window's frame."""
        process, connection = self._process, self._connection
        self._process = self._connection = None
        if connection is not None:
            with suppress(OSError):
                connection.send(None)
        if process is not None:
            self._leaving.append(process)
        for leaving in self._leaving if wait else ():
            _end(leaving)
        self._leaving = [leaving for leaving in self._leaving if leaving.poll() is None]
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

    def _tell_worker(self, message: Message) -> None:
        """A cancel: the search running (if any) sees a message has come and stops."""
        if self._connection is not None:
            with suppress(OSError):
                self._connection.send(message)

    def _start(self) -> Connection:
        if self._connection is not None and self._process is not None and self._process.poll() is None:
            return self._connection
        self._shutdown()
        self._connection, theirs = Pipe()
        try:
            self._process = subprocess.Popen(
                worker_command(theirs.fileno(), self._memory, self._states),
                pass_fds=(theirs.fileno(),),
                stdin=subprocess.DEVNULL,
            )
        except (OSError, ValueError) as error:
            self._connection.close()
            self._process = self._connection = None
            raise WorkerUnavailable(f"the solver's process could not start: {error}") from error
        finally:
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
        assert self._notify is not None
        while True:
            if stop in wait([connection, stop]):
                return
            self._drained.clear()
            self._notify()
            self._drained.wait()

    def _retire(self) -> None:
        """End a worker that a search left large (its memory goes back with the process); a
        request sent after the one it answered goes to a fresh worker at once."""
        self._shutdown(wait=False)
        if self._pending and self._sent is not None:
            self._start().send(self._sent)

    def _lost(self) -> tuple[Hashable, SolveResult] | None:
        """The process died (killed from outside?): report "unknown" and start afresh next time."""
        process, self._process = self._process, None
        if process is not None:
            _end(process)
        was_pending, self._pending = self._pending, False
        self._shutdown()
        return (self._tag, UNKNOWN_RESULT) if was_pending else None

    def _remember(self, request: int, result: SolveResult) -> None:
        """Cache verdicts (stale ones are true too) and, for a win, every position on the line."""
        asked = self._asked.pop(request, None)
        if asked is None or result.status == Status.UNKNOWN:
            return
        position, rules = asked
        self._store(position, rules, result)
        for index, move in enumerate(result.moves[:-1]):
            position = position.apply(move)
            rest = result.moves[index + 1 :]
            self._store(position, rules, SolveResult(Status.SOLVED, rest, 0.0, 0, 0))

    def _store(self, position: Position, rules: Rules, result: SolveResult) -> None:
        self._cache[position, rules] = result
        self._cache.move_to_end((position, rules))
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)


def _end(process: subprocess.Popen[bytes]) -> None:
    """Wait for the worker to leave after its goodbye; end it if it does not."""
    try:
        process.wait(CLOSE_TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(CLOSE_TIMEOUT)

