"""Start and stop a gunicorn of the service on a free loopback port (tests and ``make load``)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Gunicorn:
    """``gunicorn -c gunicorn.conf.py APP`` with its own port and environment, as deployed.

    The one launcher for the determinism, load, deployment and browser tests. ``unset`` drops
    inherited variables (a test's own ``PROMETHEUS_MULTIPROC_DIR``, say) so gunicorn.conf.py sets them
    up as in production.
    """

    def __init__(self, workers: int = 2, env: dict | None = None, app: str = "load.wsgi:application",
                 unset: tuple[str, ...] = ()):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        environ = {k: v for k, v in os.environ.items() if k not in unset}
        environ.update({"HOST": "127.0.0.1", "PORT": str(self.port), "WEB_CONCURRENCY": str(workers),
                        "PYTHONPATH": str(ROOT), "LOG_LEVEL": "warning", **(env or {})})
        # stdout and stderr to a file, not a pipe: the service writes a JSON access line per request,
        # and a pipe nobody drains would fill and stall every worker.
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"), app],
            cwd=ROOT, env=environ, stdout=self.log, stderr=subprocess.STDOUT)
        try:
            self.wait_ready()
        except RuntimeError:
            self.stop()
            raise

    def log_text(self) -> str:
        """Everything the server has written so far (gunicorn's lines and the access log)."""
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def wait_ready(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("gunicorn exited: " + self.log_text()[-3000:])
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("gunicorn did not answer in time")

    def workers(self) -> list[int]:
        """The worker pids (children of the master), from /proc: no extra dependency."""
        out = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
                if ppid == self.proc.pid:
                    out.append(int(entry.name))
        return sorted(out)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def rss_kib(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None
