"""The solver: real search over core positions for hints, verdicts and step-through solutions.

`solve` answers with a winning line, a proof that none exists, or "unknown" when the budget
runs out. The window's questions: `hint_from(result, game)` (the hint a verdict gives) and
`position_before(game, undos)` (the way back to a winnable position), or their synchronous
forms `hint` and `last_winnable`; `grade_of(result)` and `deals_of_grade(rules_name, grade)`
for difficulty; `SolverWorker` runs searches off the window's process and raises
`WorkerUnavailable` when it cannot start.

Each name is imported from its module when first used (`eightoff.core.lazy_names`), not
with the package, for start-up cost: `eightoff deal --grade` reads GRADES without loading the
search, and only the window loads the worker (multiprocessing).

The search's hot modules run compiled where mypyc built them from these very sources (see
`compiled`), and as the pure-Python modules otherwise. Which of the two is decided when the
first of them is imported (`_CompiledOrPure`), not with the package: `eightoff deal` reads the
grades here and never loads the loader.
"""

from __future__ import annotations

import _thread
import sys
from typing import TYPE_CHECKING

from eightoff.core.lazy_names import names_from_modules

if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

MAY_BE_COMPILED = ("board", "search", "shorten", "prove", "merged")
"""The modules mypyc may have compiled (the loader's `compiled.COMPILED`, which a test checks
against this one): importing any other decides nothing, so the loader is not loaded for it."""


class _CompiledOrPure:
    """An import hook that finds nothing itself: at the first import of a module here that may be
    compiled, before that module is looked for, it lets `compiled.use_native` put the compiled
    modules first on the package's path (or not), then steps aside."""

    def __init__(self) -> None:
        self.deciding = _thread.allocate_lock()

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        package, _dot, module = name.rpartition(".")
        if package == __name__ and module in MAY_BE_COMPILED:
            with self.deciding:  # a second thread's import waits for the first one's decision
                if self in sys.meta_path:
                    sys.meta_path.remove(self)
                    from eightoff.solver.compiled import use_native  # here, for start-up cost: see above

                    use_native(__path__)
        return None


sys.meta_path.insert(0, _CompiledOrPure())

if TYPE_CHECKING:  # the same names, as mypy sees them
    from eightoff.solver.grade import GRADES, deals_of_grade
    from eightoff.solver.hints import Hint, Rewind, hint, hint_from, last_winnable, position_before
    from eightoff.solver.limits import SOLVED, UNKNOWN, UNSOLVED, Budget, Status
    from eightoff.solver.par import PAR_NODES, decided, line_from, par_from
    from eightoff.solver.solve import SolverBug, SolveResult, grade_of, solve
    from eightoff.solver.worker import SolverWorker, WorkerUnavailable

__getattr__ = names_from_modules(__name__, {
    "grade": ("GRADES", "deals_of_grade"),
    "hints": ("Hint", "Rewind", "hint", "hint_from", "last_winnable", "position_before"),
    "limits": ("SOLVED", "UNKNOWN", "UNSOLVED", "Budget", "Status"),
    "par": ("PAR_NODES", "decided", "line_from", "par_from"),
    "solve": ("SolverBug", "SolveResult", "grade_of", "solve"),
    "worker": ("SolverWorker", "WorkerUnavailable"),
})

__all__ = [
    "GRADES",
    "PAR_NODES",
    "SOLVED",
    "UNKNOWN",
    "UNSOLVED",
    "Budget",
    "Hint",
    "Rewind",
    "SolveResult",
    "SolverBug",
    "SolverWorker",
    "Status",
    "WorkerUnavailable",
    "deals_of_grade",
    "decided",
    "grade_of",
    "hint",
    "hint_from",
    "last_winnable",
    "line_from",
    "par_from",
    "position_before",
    "solve",
]
