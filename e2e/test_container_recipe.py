"""The Dockerfile's steps without docker: its COPY lines into an empty folder, its `pip install .`
into a fresh virtualenv, its CMD started with its ENV (on loopback), then its HEALTHCHECK command.
Catches a file the image would lack or a package the install would miss."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import time
import venv
from pathlib import Path

from load.server import ROOT, free_port


def _instructions():
    text = re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text())
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            kind, rest = line.split(None, 1)
            yield kind.upper(), rest


def _json_or_shell(value: str) -> list[str]:
    import json
    value = value.strip()
    return json.loads(value) if value.startswith("[") else ["sh", "-c", value]


def test_the_image_recipe_installs_and_passes_its_health_check(tmp_path):
    app, env = tmp_path / "app", {}
    app.mkdir()
    cmd = health = None
    for kind, value in _instructions():
        if kind == "ENV":
            env.update(dict(pair.split("=", 1) for pair in shlex.split(value)))
        elif kind == "COPY":
            *sources, dest = shlex.split(value)
            for s in sources:
                target = app / Path(s).name if dest.rstrip("/") in ("", ".") else app / dest
                (shutil.copytree if (ROOT / s).is_dir() else shutil.copy)(ROOT / s, target)
        elif kind == "HEALTHCHECK":
            health = _json_or_shell(value.split("CMD", 1)[1])
        elif kind == "CMD":
            cmd = _json_or_shell(value)
    assert cmd and health
    run_steps = [v for k, v in _instructions() if k == "RUN"]
    assert any("pip install ." in r for r in run_steps)

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bin_dir = env_dir / "bin"
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "."], cwd=app, check=True, timeout=600)
    assert (bin_dir / "referee").exists()

    port = free_port()
    run_env = {"PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", **env, "HOST": "127.0.0.1", "PORT": str(port)}
    server = subprocess.Popen(cmd, cwd=app, env=run_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            check = subprocess.run(health, cwd=app, env=run_env, capture_output=True, timeout=10)
            if check.returncode == 0:
                break
            assert server.poll() is None, server.stderr.read().decode()[-2000:]
            assert time.monotonic() < deadline, check.stderr.decode()[-2000:]
            time.sleep(0.3)
        for page in ("/docs", "/viewer", "/openapi.yaml"):  # the non-Python files made it into the image
            probe = [str(bin_dir / "python"), "-c", f"import urllib.request; urllib.request.urlopen('http://127.0.0.1:{port}{page}', timeout=5)"]
            subprocess.run(probe, check=True, timeout=30)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
