"""The layout draws the architecture: the layers hold (import-linter, pyproject.toml's contracts), no
module imports itself back through others, every package says what it is, the public paths work."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["service.rules", "service.http", "service.pages", "service.cli", "service.i18n", "service.contract"]


def test_the_import_contracts_are_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def _cycles(graph) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module (iterative: no recursion limit)."""
    index, low, on_stack, stack, found, counter = {}, {}, set(), [], [], 0
    for start in sorted(graph.modules):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        component.append(m)
                        if m == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_no_import_cycle_anywhere():
    """Between any modules, a package and its own modules included (the contracts check siblings)."""
    graph = grimp.build_graph("service", "schemas", cache_dir=None)
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    class Graph:
        modules = {"a", "b", "c", "d"}
        edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}

        def find_modules_directly_imported_by(self, m):
            return self.edges.get(m, set())
    assert _cycles(Graph()) == [["a", "b", "c"]]


def test_every_package_says_what_it_is():
    for name in ["service", *PACKAGES]:
        doc = importlib.import_module(name).__doc__ or ""
        assert len(doc.split()) >= 25, f"{name}: a paragraph on what the package is"


def test_the_public_import_paths_still_work():
    import service
    import service.rules
    from service.cli import main

    assert callable(service.create_app) and callable(main)
    assert service.rules.games.GAMES  # the referee as a library
    text = (ROOT / "pyproject.toml").read_text()
    assert 'referee = "service.cli:main"' in text
