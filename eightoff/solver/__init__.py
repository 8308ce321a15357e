"""The solver: real search over core positions for hints, verdicts and step-through solutions.

`solve` answers with a winning line, a proof that none exists, or "unknown" when the budget
runs out. The window's questions: `hint_from(result)` (the hint a verdict gives) and
`position_before(game, undos)` (the way back to a winnable position), or their synchronous
forms `hint` and `last_winnable`; `grade_of(result)` and `deals_of_grade(rules_name, grade)`
for difficulty; `SolverWorker` runs searches off the window's process and raises
`WorkerUnavailable` when it cannot start.

Each name is imported from its module when first used (`eightoff.core.lazy_names`), not
with the package, for start-up cost: `eightoff deal --grade` reads GRADES without loading the
search, and only the window loads the worker (multiprocessing).

The search's hot modules run compiled when `scripts/build-fast` has built them from these very
sources (see `compiled`), and as the pure-Python modules otherwise.
"""

from typing import TYPE_CHECKING

from eightoff.core.lazy_names import names_from_modules
from eightoff.solver.compiled import use_native

use_native(__path__)

if TYPE_CHECKING:  # the same names, as mypy sees them
    from eightoff.solver.grade import GRADES, deals_of_grade
    from eightoff.solver.hints import Hint, Rewind, hint, hint_from, last_winnable, position_before
    from eightoff.solver.limits import SOLVED, UNKNOWN, UNSOLVED, Budget, Status
    from eightoff.solver.par import PAR_NODES, decided, par_from
    from eightoff.solver.solve import SolverBug, SolveResult, grade_of, solve
    from eightoff.solver.worker import SolverWorker, WorkerUnavailable

__getattr__ = names_from_modules(__name__, {
    "grade": ("GRADES", "deals_of_grade"),
    "hints": ("Hint", "Rewind", "hint", "hint_from", "last_winnable", "position_before"),
    "limits": ("SOLVED", "UNKNOWN", "UNSOLVED", "Budget", "Status"),
    "par": ("PAR_NODES", "decided", "par_from"),
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
    "par_from",
    "position_before",
    "solve",
]
