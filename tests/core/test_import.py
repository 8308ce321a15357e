"""The core stands alone: it imports with pygame made unimportable."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import sys
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
