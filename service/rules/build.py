"""Which build of the core runs: each compiled module only where it was built from the source beside it.

``setup.py`` compiles the hottest modules with Cython and writes ``_compiled.json``: each module's
name and the SHA-256 of the source it was built from. Python would import an extension in
preference to its ``.py`` whatever their age; the finder installed here sends a module back to its
source when that source has changed since the build (a stale extension must never answer for code
that is no longer there), or when ``REFEREE_PURE_PYTHON`` asks for the pure core, which CI tests
beside the compiled one. An extension whose ``.pxd`` cimports another module's extension types
(Buck Euchre's hand is built on ``game.Hand``) goes back to its source with that module: it could
not even be imported beside that module's source. Never compiled itself: it decides for the others.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent  # the folder holding the ``service`` package
MANIFEST = HERE / "_compiled.json"
PURE_ENV = "REFEREE_PURE_PYTHON"


def _source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def _has_extension(module: str) -> bool:
    base = ROOT.joinpath(*module.split("."))
    return any(base.with_name(base.name + suffix).is_file() for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def _manifest() -> dict[str, str]:
    try:
        built = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return {}
    return built if isinstance(built, dict) else {}


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


_CIMPORT = re.compile(r"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+cimport\b", re.M)


def cimported(module: str) -> list[str]:
    """The modules of this tree whose extension types ``module``'s ``.pxd`` cimports."""
    try:
        text = _source(module).with_suffix(".pxd").read_text()
    except OSError:
        return []
    names = []
    for dots, name in _CIMPORT.findall(text):
        package = module.split(".")[:-len(dots)] if dots else []  # ``..game`` in a.b.c is a.game
        names.append(".".join(package + ([name] if name else [])))
    return [n for n in names if _source(n).with_suffix(".pxd").is_file()]  # not libc, cpython...


def decide(manifest: dict[str, str], pure: bool) -> tuple[list[str], dict[str, str]]:
    """(modules to import compiled, {module: why its source is imported instead})."""
    compiled, sources = [], {}
    for module, digest in sorted(manifest.items()):
        source = _source(module)
        if not _has_extension(module):
            continue  # nothing shadows the source
        if pure:
            sources[module] = f"{PURE_ENV} is set"
        elif not source.is_file() or hashlib.sha256(source.read_bytes()).hexdigest() != digest:
            sources[module] = "its source changed since the build"
        else:
            compiled.append(module)
    left = True
    while left:  # each module sent to its source may take others with it
        left = False
        for module in list(compiled):
            base = next((m for m in cimported(module) if m not in compiled), None)
            if base is not None:
                compiled.remove(module)
                sources[module] = f"it is built on {base}, which runs from its source"
                left = True
    return compiled, sources


class _SourceFinder:
    """A meta path finder that imports the listed modules from their ``.py``, never their extension."""

    def __init__(self, modules: dict[str, str]):
        self.modules = modules

    def find_spec(self, name, path=None, target=None):
        if name not in self.modules:
            return None
        return importlib.util.spec_from_file_location(name, _source(name))


COMPILED, SOURCE = decide(_manifest(), pure_requested())
if SOURCE:
    sys.meta_path.insert(0, _SourceFinder(SOURCE))


def summary() -> str:
    """What runs, in a few words, for the benches' headers."""
    if COMPILED and not SOURCE:
        return f"compiled ({len(COMPILED)} modules, Cython)"
    if COMPILED:
        return f"partly compiled ({len(COMPILED)} modules; {len(SOURCE)} from source)"
    return "pure Python" + (f" ({PURE_ENV})" if pure_requested() else "")
