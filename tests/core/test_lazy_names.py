"""A package's names load their module on first use, once, and a name it lacks is an
AttributeError, as for any module."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import json, sys
import eightoff.solver
before = "eightoff.solver.grade" in sys.modules
found = eightoff.solver.GRADES
module = sys.modules.get("eightoff.solver.grade")
print(json.dumps([before, module is not None, found is module.GRADES, "GRADES" in vars(eightoff.solver)]))
"""


def test_a_name_loads_its_module_when_first_used_and_is_kept() -> None:
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout) == [False, True, True, True]


def test_a_name_the_package_lacks_is_an_attribute_error() -> None:
    import eightoff.solver

    with pytest.raises(AttributeError, match="'eightoff.solver' has no attribute 'Sovle'"):
        eightoff.solver.Sovle  # noqa: B018
    assert not hasattr(eightoff.solver, "dirs")


def test_from_import_finds_the_name() -> None:
    from eightoff.solver import GRADES

    assert GRADES == ("easy", "medium", "hard", "expert")


SHADOW = """
import json, sys
import eightoff.solver.solve
from eightoff.solver import solve
print(json.dumps([callable(solve), solve is sys.modules["eightoff.solver.solve"].solve]))
"""


def test_a_name_like_its_module_stays_the_name_once_the_module_is_imported() -> None:
    """`solve` (a function in solve.py) is the function, even when solve.py was imported first."""
    result = subprocess.run([sys.executable, "-c", SHADOW], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout) == [True, True]
