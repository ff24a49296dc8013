"""The compiled core: the referee's hottest modules compiled by Cython in pure-Python mode.

The sources stay plain Python and are the only truth; Cython turns each listed module into a C
extension beside it, which Python imports in preference to the ``.py``. The hottest classes (the
hand, its holdings, the trick ranking) are extension types: their fields and per-move methods are
declared for C in a ``.pxd`` beside their module, which Python never reads, and a few locals' C
types are ``@cython.locals`` decorators, no-ops in Python (``service/rules/_cython.py`` stands in
where Cython is not installed). Every other setting lives in ``pyproject.toml``. Where Cython or a
C compiler is missing, the extensions are skipped (they are ``optional``) and the same sources run
as they are. ``service/rules/build.py`` imports an extension only where the manifest written here
says it was built from the very source now beside it, so an edited source is never shadowed by a
stale build (docs/PERFORMANCE.md, "The compiled core").
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
# What the profiles name (docs/PERFORMANCE.md): the replay and play of a hand, the deal, the solver.
# Each module compiled costs seconds of C compilation in every fresh install.
CORE = [
    "service.rules.cards",
    "service.rules.game",
    "service.rules.holdings",
    "service.rules.tricks",
    "service.rules.shuffle",
    "service.rules.options",
    "service.rules.match",
    "service.rules.jsonscan",
    "service.rules.games.buck_euchre",
    "service.rules.games.sixes",
    "service.rules.games.bid_whist.game",
    "service.rules.games.bid_whist.hand",
    "service.rules.games.bid_whist.ranking",
    "service.rules.games.court_piece.game",
    "service.rules.games.court_piece.hand",
    "service.rules.games.court_piece.checks",
    "service.rules.games.court_piece.deck",
    "service.rules.games.court_piece.draw",
    "service.rules.games.five_hundred.game",
    "service.rules.games.five_hundred.hand",
    "service.rules.games.five_hundred.auction",
    "service.rules.games.five_hundred.ranking",
    "service.rules.analysis.solver",
]
# Python's own -O3 -g compiles Cython's large C files four times slower than this, for a core that
# runs about as fast (docs/PERFORMANCE.md, "The compiled core")
CFLAGS = os.environ.get("REFEREE_CFLAGS", "-O1 -g0").split()
MANIFEST = "_compiled.json"  # in service/rules: {module: sha256 of the source it was built from}


def source(module: str) -> Path:
    return HERE.joinpath(*module.split(".")).with_suffix(".py")


def digest(module: str) -> str:
    return hashlib.sha256(source(module).read_bytes()).hexdigest()


class BuildCore(build_ext):
    """build_ext, then the manifest of what was really built (an optional extension may have failed)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:  # the modules compile independently: one compiler per core
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        for ext in self.extensions:  # an earlier build's file must not pass for this build's
            Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
        super().run()
        # one built on the extension types of one that failed is listed all the same: build.py reads
        # the .pxd files (shipped with the package) and sends it to its source with its base
        built = {ext.name: digest(ext.name) for ext in self.extensions
                 if ext.name != DDCORE and Path(self.get_ext_fullpath(ext.name)).exists()}
        path = self._manifest()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(built, indent=1, sort_keys=True) + "\n")
        print(f"compiled core: {len(built)} of {len(self.extensions)} modules", file=sys.stderr)

    def build_extensions(self) -> None:
        # cythonized here, not as setup.py is read: pip reads it three times per install
        self.extensions = cythonized(self.extensions)
        super().build_extensions()

    def _manifest(self) -> Path:
        return Path(self.get_ext_fullpath("service.rules.game")).parent / MANIFEST

    def get_outputs(self) -> list[str]:
        return [*super().get_outputs(), str(self._manifest())] if self.extensions else super().get_outputs()


# The double-dummy search core (docs/SOLVER.md): plain C, no Cython needed. Its source's SHA-256 is
# compiled in, so that service/rules/analysis/core.py never runs a build older than the source.
DDCORE = "service.rules.analysis._ddcore"
DDCORE_FLAGS = os.environ.get("REFEREE_DDCORE_CFLAGS", "-O3 -g0").split()  # -O2: 4-5 % more CPU a node


def ddcore() -> Extension:
    path = HERE.joinpath(*DDCORE.split(".")).with_suffix(".c")
    sha = hashlib.sha256(path.read_bytes()).hexdigest()
    return Extension(DDCORE, [str(path.relative_to(HERE))], extra_compile_args=DDCORE_FLAGS,
                     define_macros=[("DDCORE_SHA", f'"{sha}"')], optional=True)


def extensions() -> list:
    """The modules with their Python sources (BuildCore has Cython turn them into C), and the core."""
    # optional: no C compiler, a warning, and the module runs from its source
    return [*(Extension(m, [str(source(m).relative_to(HERE))], extra_compile_args=CFLAGS, optional=True)
              for m in CORE), ddcore()]


def cythonized(exts: list) -> list:
    """The extensions, each module's now built from the C that Cython makes of its source."""
    modules = [ext for ext in exts if ext.name != DDCORE]
    try:
        from Cython.Build import cythonize
    except ImportError:  # a build without Cython: the pure core
        print("compiled core: Cython is not installed; the core stays pure Python", file=sys.stderr)
        return [ext for ext in exts if ext.name == DDCORE]
    # annotation_typing off: an annotation stays documentation, as in Python (Cython would otherwise
    # refuse a str subclass where ``-> str`` is written, or truncate an ``int`` that outgrows C's)
    # force: the C is made again each build, so a change of directives can never keep a stale one
    made = cythonize(modules, language_level=3, nthreads=os.cpu_count() or 1, quiet=True, force=True,
                     build_dir="build/cython",
                     compiler_directives={"binding": True, "annotation_typing": False})
    c_sources = {ext.name: ext.sources for ext in made}
    for ext in modules:
        ext.sources = c_sources[ext.name]
    return exts


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildCore})
