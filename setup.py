"""The build backend's one job beyond pyproject.toml: the solver's compiled modules.

`pip install .`, `pipx install .` and every wheel build run this through setuptools. Where a
C compiler works, mypyc (mypy is in build-system.requires) compiles the search's hot modules
(`COMPILED` in eightoff/solver/compiled.py) into the package's `native-modules` folder, with
a digest of the sources they came from; `compiled.py` uses them only while that digest
matches the sources installed beside them. Where none works, or the build fails, the build
says so in one line and the package installs as pure Python, which answers the same, slower.

`EIGHTOFF_PURE_PYTHON=1` builds no compiled modules (the packaging tests that look at other
things do so, for time). An editable install compiles nothing either: `scripts/build-fast`
(which runs this same build) puts a developer's modules into the venv instead, never beside
the sources. Each module is named as it is compiled, so the minute a build takes shows.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import Distribution, Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
GROUP = "eightoff.solver.fast"
"""mypyc's name for the library its compiled modules share (`eightoff/solver/fast__mypyc`)."""
PLACEHOLDER = Extension(f"{GROUP}__mypyc", sources=[])
"""Stands for the compiled modules until `build_extensions` knows them: with it the wheel is
tagged for this platform and setuptools runs `build_ext` at all."""


def loader() -> ModuleType:
    """eightoff/solver/compiled.py, read by its path: it needs only the standard library, and
    the package's own dependencies are not installed where a wheel is built."""
    path = ROOT / "eightoff" / "solver" / "compiled.py"
    spec = importlib.util.spec_from_file_location("eightoff_compiled_loader", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LOADER = loader()


def say(line: str) -> None:
    print(f"eightoff: {line}", file=sys.stderr, flush=True)


class BuildSolver(build_ext):
    """build_ext that decides whether to compile the solver, and has `CompileNamed` do it."""

    def build_extensions(self) -> None:
        folder = Path(self.build_lib, *GROUP.split(".")[:-1], LOADER.BUNDLED)
        why_not = self.why_not()
        self.extensions = []  # what is built, `CompileNamed` builds: nothing is left for this one
        if why_not is not None:
            say(f"the solver stays pure Python: {why_not}")
            return
        try:
            say(f"compiling the solver with mypyc: {', '.join(LOADER.COMPILED)} (a minute or two)")
            # The digest of the sources as mypyc reads them: a source edited during the build
            # must not stamp the modules compiled from its earlier text as its own.
            digest = LOADER.sources_digest()
            compiling = Distribution({"name": "eightoff-solver", "ext_modules": self.mypyc_extensions()})
            command = CompileNamed(compiling)
            command.build_lib, command.build_temp = self.build_lib, self.build_temp
            compiling.command_obj["build_ext"] = command
            compiling.run_command("build_ext")
            (folder / LOADER.SOURCES_FILE).write_text(digest + "\n", encoding="ascii")
        except (Exception, SystemExit) as error:  # setuptools reports a compiler's failure as either
            for built in folder.glob("*"):
                built.unlink()
            lines = str(error).strip().splitlines()
            say(f"the solver stays pure Python: its compiled modules failed to build "
                f"({lines[-1][:200] if lines else type(error).__name__})")
            return
        say(f"the solver is compiled ({len(LOADER.COMPILED)} modules)")

    def why_not(self) -> str | None:
        """Why this build compiles nothing, or None when it will try."""
        if os.environ.get(LOADER.PURE_VARIABLE):
            return f"{LOADER.PURE_VARIABLE} is set"
        if self.inplace or getattr(self, "editable_mode", False):
            return "an editable install compiles nothing (scripts/build-fast does, into the venv)"
        try:
            import mypyc.build  # noqa: F401
        except ImportError:
            return "mypyc (it comes with mypy) is not installed"
        with tempfile.TemporaryDirectory() as work:
            probe = Path(work, "probe.c")
            probe.write_text("int main(void) { return 0; }\n", encoding="ascii")
            try:
                self.compiler.compile([str(probe)], output_dir=work)
            except Exception:  # every way a compiler can be missing or broken
                return "no working C compiler"
        return None

    def mypyc_extensions(self) -> list[Extension]:
        from mypyc.build import mypycify

        target = Path(self.build_temp) / "mypyc"
        os.chdir(ROOT)  # mypy reads its settings from pyproject.toml and the modules by these paths
        extensions: list[Extension] = mypycify(
            [f"eightoff/solver/{name}.py" for name in LOADER.COMPILED],
            opt_level="3", target_dir=str(target), group_name=GROUP, multi_file=True,
        )
        for extension in extensions:  # multi_file writes the group's headers under the group's path
            extension.include_dirs.append(str(target / Path(*GROUP.split(".")[:-1])))
        return extensions


class CompileNamed(build_ext):
    """build_ext for mypyc's extensions: into the package's `native-modules` folder, one C file
    at a time, saying which module each one is."""

    def get_ext_fullpath(self, ext_name: str) -> str:
        path = Path(super().get_ext_fullpath(ext_name))
        return str(path.parent / LOADER.BUNDLED / path.name)

    def build_extensions(self) -> None:
        self.compiler.compile = self.naming(self.compiler.compile)
        super().build_extensions()

    def naming(self, compile_sources: Any) -> Any:
        target = Path(self.build_temp) / "mypyc"

        def compile_each(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            runtime = [source for source in sources
                       if Path(source).parent == target and not Path(source).name.startswith("__native")]
            if runtime:
                say(f"  compiling mypyc's runtime ({len(runtime)} files)")
            objects: list[str] = []
            for source in sources:
                module = module_in(source)
                if module is not None:
                    say(f"  compiling {module}")
                objects += compile_sources([source], *args, **kwargs)
            return objects

        return compile_each


def module_in(source: str) -> str | None:
    """The solver module whose code a C file of mypyc's holds, if one does:
    '__native_eightoff___solver___board.c' -> 'board'."""
    prefix = "__native_" + "___".join(GROUP.split(".")[:-1]) + "___"
    stem = Path(source).stem
    return stem[len(prefix):] if stem.startswith(prefix) else None

if __name__ == "__main__":
    pure = bool(os.environ.get(LOADER.PURE_VARIABLE))
    setup(ext_modules=[] if pure else [PLACEHOLDER], cmdclass={"build_ext": BuildSolver})
