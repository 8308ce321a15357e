"""The core stands alone: it imports with pygame made unimportable."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

CHECK = """
import sys
from pathlib import Path
sys.modules["pygame"] = None
import eightoff.core.cards, eightoff.core.deals, eightoff.core.game, eightoff.core.move_table
import eightoff.core.notation, eightoff.core.position, eightoff.core.rules
from eightoff.core.game import Game
from eightoff.core.variants import STANDARD
print(len(Game.new(1, STANDARD).legal_moves()))
assert not any(name == "pygame" or name.startswith("pygame.") for name in sys.modules if sys.modules[name])
"""


class TestCoreImport:
    def test_core_imports_without_pygame(self) -> None:
        result = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == "49"

    def test_pygame_really_is_blocked_by_the_check(self) -> None:
        blocked = "import sys\nsys.modules['pygame'] = None\nimport pygame"
        result = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True, timeout=60)
        assert result.returncode != 0 and "import of pygame halted" in result.stderr


CORE = Path(__file__).resolve().parents[2] / "eightoff" / "core"
CLOCK_CALLS = {"now", "today", "utcnow", "astimezone", "localtime", "gmtime", "monotonic", "perf_counter",
               "time", "time_ns", "tzset"}
"""What reads a clock or the time zone: the core calls none of them (the store reads the clock)."""


def clock_reads(source: str) -> list[str]:
    """The calls in `source` that read a clock or the time zone, and imports of `time`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        called = node.func if isinstance(node, ast.Call) else None
        if isinstance(called, ast.Attribute) and called.attr in CLOCK_CALLS:
            found.append(f"{node.lineno}: {ast.unparse(called)}")
        if isinstance(node, ast.Import) and any(alias.name == "time" for alias in node.names):
            found.append(f"{node.lineno}: import time")
    return found


def test_a_clock_read_is_found() -> None:
    source = "import time\nfrom datetime import datetime\nx = datetime.now()\ny = x.astimezone()\n"
    assert clock_reads(source) == ["1: import time", "3: datetime.now", "4: x.astimezone"]


def test_the_core_reads_no_clock() -> None:
    found = [f"{path.name}:{line}" for path in sorted(CORE.rglob("*.py"))
             for line in clock_reads(path.read_text(encoding="utf-8"))]
    assert found == []
