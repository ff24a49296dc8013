"""The compiled core (setup.py, service/rules/build.py): built where it can be, never stale, pure on request.

The rest of the suite runs on whatever build is installed; ``make test`` runs it on the compiled
build and then the core's rule tests again with ``REFEREE_PURE_PYTHON=1``, so the two builds are
held to the same answers.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.machinery
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from service.rules import build

ROOT = Path(__file__).resolve().parent.parent


def core_modules() -> list[str]:
    """setup.py's ``CORE`` list, read without running setup.py."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "CORE" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("setup.py has no CORE list")


def compiler_at_hand() -> bool:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None


def run_python(code: str, cwd: Path = ROOT, env: dict | None = None, timeout: int = 60):
    """``code`` in a fresh interpreter with the tree at ``cwd`` first on the path, compiled core unless
    ``env`` asks for the pure one."""
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(cwd), build.PURE_ENV: "", **(env or {})})


def loaded_from(module: str, env: dict | None = None, cwd: Path = ROOT) -> str:
    done = run_python(f"import importlib, sys; m = importlib.import_module({module!r}); print(m.__file__)", cwd, env)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def is_extension(path: str) -> bool:
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_every_core_module_is_a_real_module():
    for module in core_modules():
        assert build._source(module).is_file(), module


@pytest.mark.skipif(build.pure_requested(), reason="this run asks for the pure core")
@pytest.mark.skipif(not compiler_at_hand(), reason="no C compiler here: the pure core is the build")
def test_where_a_compiler_exists_the_install_built_and_imports_every_core_module_compiled():
    """CI's build: a missing or partial compiled core would otherwise pass unnoticed, slower."""
    assert not build.SOURCE, f"compiled modules imported from source (run `make test` to rebuild): {build.SOURCE}"
    assert sorted(build.COMPILED) == sorted(core_modules())
    for module in ("service.rules.game", "service.rules.games.buck_euchre", "service.rules.analysis.solver"):
        assert is_extension(sys.modules[module].__file__ if module in sys.modules else loaded_from(module))


@pytest.mark.skipif(not build.COMPILED and not build.SOURCE, reason="no compiled core installed")
def test_the_pure_core_on_request():
    for module in ("service.rules.game", "service.rules.games.sixes"):
        assert loaded_from(module, {build.PURE_ENV: "1"}).endswith(".py")


@pytest.mark.skipif(build.pure_requested() or not build.COMPILED, reason="no compiled core in use")
def test_an_edited_source_is_never_shadowed_by_its_stale_extension(tmp_path):
    """A copy of the installed package with one compiled module's source edited: that module runs from
    its source, the others stay compiled."""
    shutil.copytree(ROOT / "service", tmp_path / "service", ignore=shutil.ignore_patterns("__pycache__", "*.c"))
    edited = tmp_path / "service" / "rules" / "games" / "sixes.py"
    edited.write_text(edited.read_text() + "\nEDITED_AFTER_THE_BUILD = True\n")
    assert loaded_from("service.rules.games.sixes", cwd=tmp_path) == str(edited)
    assert is_extension(loaded_from("service.rules.game", cwd=tmp_path))
    code = "import service.rules.games.sixes as m; print(m.EDITED_AFTER_THE_BUILD)"
    done = run_python(code, tmp_path)
    assert done.stdout.strip() == "True", done.stderr


def test_decide_reads_the_manifest_hash_by_hash(tmp_path, monkeypatch):
    """The decision alone, on a fake tree: an extension is used only with a matching source hash."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    for name, text in (("fresh", "A = 1\n"), ("stale", "B = 2\n"), ("unbuilt", "C = 3\n")):
        (pkg / f"{name}.py").write_text(text)
    for name in ("fresh", "stale"):
        (pkg / f"{name}{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    manifest = {"pkg.fresh": hashlib.sha256(b"A = 1\n").hexdigest(),
                "pkg.stale": hashlib.sha256(b"B = 1\n").hexdigest(),
                "pkg.unbuilt": hashlib.sha256(b"C = 3\n").hexdigest()}
    monkeypatch.setattr(build, "ROOT", tmp_path)
    assert build.decide(manifest, pure=False) == (["pkg.fresh"], {"pkg.stale": "its source changed since the build"})
    compiled, sources = build.decide(manifest, pure=True)
    assert compiled == [] and set(sources) == {"pkg.fresh", "pkg.stale"}


def test_decide_sends_back_what_is_built_on_a_module_run_from_source(tmp_path, monkeypatch):
    """An extension whose .pxd cimports another module's extension types cannot be imported beside
    that module's source: it runs from its source too, and so does what is built on it in turn."""
    files = {"pkg/base.py": "A = 1\n", "pkg/base.pxd": "cdef class A:\n    pass\n",
             "pkg/sub/leaf.py": "B = 1\n", "pkg/sub/leaf.pxd": "from libc.math cimport sqrt\nfrom ..base cimport A\n",
             "pkg/sub/top.py": "C = 1\n", "pkg/sub/top.pxd": "from pkg.sub.leaf cimport B\n",
             "pkg/other.py": "D = 1\n"}
    manifest = {}
    for path, text in files.items():
        file = tmp_path / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text)
        if file.suffix == ".py":
            file.with_suffix(importlib.machinery.EXTENSION_SUFFIXES[0]).write_bytes(b"")
            manifest[path[:-3].replace("/", ".")] = hashlib.sha256(text.encode()).hexdigest()
    monkeypatch.setattr(build, "ROOT", tmp_path)
    assert build.cimported("pkg.sub.leaf") == ["pkg.base"]  # libc has no .pxd in this tree
    assert build.decide(manifest, pure=False) == (["pkg.base", "pkg.other", "pkg.sub.leaf", "pkg.sub.top"], {})
    (tmp_path / "pkg" / "base.py").write_text("A = 2\n")
    assert build.decide(manifest, pure=False) == (["pkg.other"], {
        "pkg.base": "its source changed since the build",
        "pkg.sub.leaf": "it is built on pkg.base, which runs from its source",
        "pkg.sub.top": "it is built on pkg.sub.leaf, which runs from its source"})


@pytest.mark.skipif(build.pure_requested() or not build.COMPILED, reason="no compiled core in use")
def test_an_edited_base_takes_the_extensions_built_on_it_to_their_sources(tmp_path):
    """Buck Euchre's compiled hand is an extension type built on ``game.Hand``'s: with game.py edited,
    both run from their sources, and every game still plays."""
    shutil.copytree(ROOT / "service", tmp_path / "service", ignore=shutil.ignore_patterns("__pycache__", "*.c"))
    edited = tmp_path / "service" / "rules" / "game.py"
    edited.write_text(edited.read_text() + "\nEDITED_AFTER_THE_BUILD = True\n")
    code = ("from service.rules import build, games\n"
            "for game in games.GAMES.values():\n"
            "    assert game.replay(game.deal('edited', {}, 0, None)).legal_moves()\n"
            "print(sorted(build.SOURCE))")
    done = run_python(code, tmp_path)
    assert done.returncode == 0, done.stderr
    # every game hand declared on Hand's extension type goes with it (its .pxd says ``cimport Hand``)
    built_on_hand = [str(p.relative_to(ROOT).with_suffix("")).replace("/", ".")
                     for p in (ROOT / "service" / "rules" / "games").rglob("*.pxd") if "cimport Hand" in p.read_text()]
    assert len(built_on_hand) >= 5  # Buck Euchre, Bid Whist, Court Piece, Five Hundred, Sixes
    assert done.stdout.strip() == str(sorted(["service.rules.game", *built_on_hand]))


@pytest.mark.skipif(build.pure_requested() or not build.COMPILED, reason="no compiled core in use")
def test_the_hot_classes_are_extension_types_where_compiled():
    """The point of the typed core: without its .pxd a module still compiles, its classes plain
    Python ones (slower, and nothing else would say so)."""
    from service.rules.game import Hand
    from service.rules.games.bid_whist.hand import BidWhistHand
    from service.rules.games.buck_euchre import BuckEuchreHand
    from service.rules.games.sixes import SixesHandCore
    from service.rules.holdings import Holdings
    from service.rules.tricks import Ranking
    for cls in (Hand, BuckEuchreHand, BidWhistHand, SixesHandCore, Holdings, Ranking):
        assert not cls.__flags__ & (1 << 9), cls  # Py_TPFLAGS_HEAPTYPE: a class made by Python


@pytest.mark.skipif(build.pure_requested() or not build.COMPILED, reason="no compiled core in use")
def test_five_hundreds_hand_and_auction_are_extension_types_where_compiled():
    """Five Hundred's hand folds in the called partner (no mixin) to be one, its auction beside it."""
    from service.rules.games.five_hundred.auction import Auction
    from service.rules.games.five_hundred.hand import FiveHundredHand
    for cls in (FiveHundredHand, Auction):
        assert not cls.__flags__ & (1 << 9), cls  # Py_TPFLAGS_HEAPTYPE: a class made by Python


@pytest.mark.skipif(build.pure_requested() or not build.COMPILED, reason="no compiled core in use")
def test_court_pieces_hand_is_an_extension_type_where_compiled():
    """Court Piece's hand folds its checks and views in (functions of the hand, no mixins) to be one,
    every field declared: no instance ``__dict__`` to fall back on."""
    from service.rules.games.court_piece.hand import CourtPieceHand
    assert not CourtPieceHand.__flags__ & (1 << 9)  # Py_TPFLAGS_HEAPTYPE: a class made by Python
    assert "__dict__" not in dir(CourtPieceHand)


def test_the_pure_core_needs_no_cython_installed():
    """Run from source where ``import cython`` fails, the core takes the stand-in (``_cython.py``)."""
    code = ("import sys; sys.modules['cython'] = None\n"
            "import random\n"
            "from service.rules import games, holdings\n"
            "assert holdings.cython.__name__ == 'service.rules._cython'\n"
            "rng = random.Random(1)\n"
            "for game in games.GAMES.values():\n"
            "    hand = game.replay(game.deal('no-cython', {}, 0, None))\n"
            "    while hand.phase != 'done':\n"
            "        move = rng.choice(hand.legal_moves())\n"
            "        if 'count' in move:\n"
            "            move = {k: v for k, v in move.items() if k not in ('count', 'from')} | "
            "{'cards': rng.sample(move['from'], move['count'])}\n"
            "        hand.play(game.parse_move(move, hand.n, hand.pack, None, 'm'), len(hand.moves))\n"
            "print('ok')")
    done = run_python(code, env={build.PURE_ENV: "1"}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


# Every game's random hands through the library, each answer written down: the same script under the
# compiled and the pure core must print the same bytes (then its digest is compared).
TRANSCRIPT = r'''
import hashlib, json, random, sys
from service.rules import games, RefereeError
from service.rules.analysis import analyse
out = hashlib.sha256()
def note(*parts):
    out.update(json.dumps(parts, sort_keys=True, default=str).encode())
rng = random.Random(16)
for game_id, game in games.GAMES.items():
    for h in range(12):
        record = game.deal(f"core-{game_id}-{h}", {}, h % game.players(game.parse_options({})), None)
        hand = game.replay(record)
        while hand.phase != "done":
            legal = hand.legal_moves()
            note(game_id, h, hand.state())
            wrong = {"type": "play", "seat": rng.randrange(hand.n), "card": rng.choice(["AS", "7H", "JD", "2C", "RJ"])}
            try:
                game.replay({**hand.to_record(), "moves": [*hand.to_record()["moves"], wrong]})
                note("accepted", wrong)
            except RefereeError as exc:
                note("refused", wrong, exc.code, str(exc))
            move = rng.choice(legal)
            if "count" in move and "from" in move:
                move = {k: v for k, v in move.items() if k not in ("count", "from")} | {"cards": rng.sample(move["from"], move["count"])}
            hand.play(game.parse_move(move, hand.n, hand.pack, None, "m"), len(hand.moves))
            if game_id != "sixes" and hand.phase == "playing" and sum(map(len, hand.state()["hands"])) in (12, 16):
                try:
                    note("analysis", analyse(game, hand, max_nodes=20_000))
                except Exception as exc:
                    note("analysis refused", type(exc).__name__, str(exc))
        note(game_id, h, hand.state(), hand.to_record())
print(out.hexdigest())
'''


@pytest.mark.skipif(not build.COMPILED, reason="no compiled core in use")
def test_the_compiled_and_the_pure_core_answer_alike(tmp_path):
    """Random hands of every game, a refused move at every turn, double-dummy values near the end."""
    script = tmp_path / "transcript.py"
    script.write_text(TRANSCRIPT)
    digests = {}
    # the double-dummy search core (_ddcore.c) counts other nodes by design: both runs on solver.py
    # here, the Cython build against the sources; tests/test_analysis_core.py compares its values
    for pure in ("", "1"):
        done = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True, timeout=300,
                              env={**os.environ, "PYTHONPATH": str(ROOT), build.PURE_ENV: pure,
                                   "REFEREE_DDCORE": "0"})
        assert done.returncode == 0, done.stderr
        digests[pure] = done.stdout.strip()
    assert digests[""] == digests["1"]
