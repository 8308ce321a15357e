"""The solver: real search over core positions for hints, verdicts and step-through solutions.

`solve.solve` answers with a winning line, a proof that none exists, or "unknown" when the
budget runs out; `hints` turns verdicts into the window's hints and rewinds, `grade` and `par`
into difficulty, and `worker.SolverWorker` runs searches off the window's process.

The search's hot modules run compiled where mypyc built them from these very sources, and as
the pure-Python modules otherwise: `compiled.use_native` decides it here, before any of them
is imported, by putting the compiled folder first on this package's path (or not).
"""

from eightoff.solver.compiled import use_native

use_native(__path__)
