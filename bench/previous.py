"""A previous release's computer player, seated beside this one (``bench.players --previous``).

Two versions of ``service`` cannot share one interpreter, so the previous release runs in its own
process: its tree is taken from git (``git archive``), built into a wheel by pip and unpacked, once per
commit (``build/previous/<commit>``; its compiled core as its own build makes it), and a worker there
answers one decision per line: the view and the seed in, its ``decide``'s move and
method out (JSON). The worker checks it imported that tree's ``service``, not this one's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import io
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The worker: the previous release's own decide(); a decision its node cap refuses falls back to
# its basic player, as selfplay.play_hand does.
WORKER = r"""
import json, sys
import service
from pathlib import Path
assert Path(service.__file__).resolve().parent.parent == Path.cwd().resolve(), service.__file__
from service.rules import games
from service.rules.analysis import DEFAULT_REQUEST_CAP, AnalysisRefused
from service.rules.players import basic, decide
print(json.dumps({"ready": service.__version__}), flush=True)
for line in sys.stdin:
    ask = json.loads(line)
    game = games.get(ask["game"])
    try:
        answer = decide(game, ask["view"], ask["level"], seed=ask["seed"], cap=DEFAULT_REQUEST_CAP)
        out = {"move": answer["move"], "method": answer["method"]}
    except AnalysisRefused:
        hand = game.replay(ask["view"])
        out = {"move": basic.decide(game, hand, hand.legal_moves()), "method": "fallback"}
    print(json.dumps(out), flush=True)
"""


class PreviousUnavailable(Exception):
    """No git, no such revision, or its tree does not start: the bench says so and goes on."""


def git(*args: str) -> bytes:
    try:
        return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        detail = getattr(e, "stderr", b"") or b""
        raise PreviousUnavailable(f"git {' '.join(args)}: {detail.decode(errors='replace').strip() or e}") from None


def commit_of(rev: str) -> str:
    return git("rev-parse", "--verify", f"{rev}^{{commit}}").decode().strip()


def same_library(rev: str) -> bool:
    """Whether ``service/rules`` (everything a player is made of) is the same at ``rev`` as in the
    working tree: then the two players are one, and a match between them is level by construction."""
    try:
        subprocess.run(["git", "-C", str(ROOT), "diff", "--quiet", rev, "--", "service/rules"], check=True,
                       capture_output=True)
        return True
    except subprocess.CalledProcessError:
        return False


def tree(rev: str) -> Path:
    """The previous release as installed, once per commit: its source from git, built into a wheel
    by pip (its own build requirements, its compiled core) and unpacked; where the build fails, the
    source itself (pure Python: the same answers, slower)."""
    commit = commit_of(rev)
    where = ROOT / "build" / "previous" / commit
    done = where / "built"
    if done.exists():
        return where / done.read_text().strip()
    src, wheels, site = where / "src", where / "wheel", where / "site"
    src.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(git("archive", "--format=tar", commit))) as tar:
        tar.extractall(src, filter="data")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(src)],
                           capture_output=True, check=False)
    found = sorted(wheels.glob("*.whl")) if built.returncode == 0 else []
    if found:
        with zipfile.ZipFile(found[0]) as wheel:
            wheel.extractall(site)
    done.write_text("site\n" if found else "src\n")
    return site if found else src


class PreviousPlayer:
    """A seat player (``selfplay.play_hand``'s callable kind) answered by the release whose tree
    (``tree(rev)``, or any checkout) is at ``where``."""

    def __init__(self, where: Path, label: str, level: str = "strong"):
        self.label = label
        self.name = f"previous-{level}"
        self.level = level
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER], cwd=where, env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        first = self.proc.stdout.readline()
        if not first:
            raise PreviousUnavailable(f"the tree of {label} did not start: {self.proc.stderr.read().strip()[-400:]}")
        self.version = json.loads(first)["ready"]

    def __call__(self, game, view: dict, seed: str) -> tuple[dict, str]:
        self.proc.stdin.write(json.dumps({"game": game.id, "view": view, "level": self.level, "seed": seed}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise PreviousUnavailable(f"the worker of {self.label} stopped: {self.proc.stderr.read()[-400:]}")
        out = json.loads(line)
        return out["move"], out["method"]

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait()
