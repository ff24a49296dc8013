"""``make clients``: the four clients generated from openapi.yaml, each by its tool at a pinned version
(e2e/package-lock.json, pyproject.toml's ``clients`` extra) with its default settings, into the
git-ignored ``build/clients/``; and the service started from the Procfile on a loopback port.

The commands are the ones docs/CLIENTS.md gives a client author.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from load.server import free_port

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SPEC = ROOT / "openapi.yaml"
BUILD = ROOT / "build" / "clients"
NODE_BIN = HERE.parent / "node_modules" / ".bin"
VENV_BIN = Path(sys.executable).parent


def run(cmd: list[str], cwd: Path = ROOT, timeout: int = 600, env: dict | None = None) -> str:
    """Run a generator or checker; its whole output on failure."""
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})
    assert proc.returncode == 0, f"{shlex.join(cmd)}\n{proc.stdout[-6000:]}\n{proc.stderr[-6000:]}"
    return proc.stdout + proc.stderr


def fresh(name: str) -> Path:
    out = BUILD / name
    shutil.rmtree(out, ignore_errors=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    return out


def _tool(name: str) -> str:
    path = NODE_BIN / name
    if not path.exists():
        pytest.fail("`make clients` installs the npm tools in e2e/ (npm ci)")
    return str(path)


@pytest.fixture(scope="session")
def typescript_client() -> Path:
    """openapi-typescript's types beside the typed program (openapi-fetch reads the types)."""
    out = fresh("typescript")
    out.mkdir()
    run([_tool("openapi-typescript"), str(SPEC), "-o", str(out / "referee.d.ts")])
    for name in ("play.ts", "tsconfig.json"):
        shutil.copy(HERE / "typescript" / name, out / name)
    (out / "package.json").write_text('{"private": true, "type": "module"}\n')  # ES modules: top-level await
    (out / "tsconfig.docs.json").write_text('{"extends": "./tsconfig.json", "files": ["docs_example.ts", "referee.d.ts"]}\n')
    (out / "node_modules").symlink_to(HERE.parent / "node_modules")
    return out


@pytest.fixture(scope="session")
def python_client() -> Path:
    """openapi-python-client's package ``referee_client`` (the config only names the package and
    runs no formatter afterwards: ruff is not a dependency)."""
    out = fresh("python")
    log = run([str(VENV_BIN / "openapi-python-client"), "generate", "--path", str(SPEC), "--meta", "none",
               "--output-path", str(out / "referee_client"), "--config", str(HERE.parent / "openapi-python-client.yaml")])
    assert "Warning" not in log, log  # every path and schema generated
    return out


def openapi_generator(generator: str, folder: str, *options: str) -> tuple[Path, str]:
    out = fresh(folder)
    log = run([str(VENV_BIN / "openapi-generator-cli"), "generate", "-i", str(SPEC), "-g", generator,
               "-o", str(out), *options], timeout=900)
    return out, log


@pytest.fixture(scope="session")
def kotlin_client() -> tuple[Path, str]:
    """The default settings: the Moshi library, which models a union as a plain interface."""
    return openapi_generator("kotlin", "kotlin")


@pytest.fixture(scope="session")
def kotlin_sealed_client() -> tuple[Path, str]:
    """The one setting that gives a sealed interface per union: kotlinx.serialization with its
    oneOf wrappers (docs/CLIENTS.md)."""
    return openapi_generator("kotlin", "kotlin-sealed", "--additional-properties",
                             "serializationLibrary=kotlinx_serialization,generateOneOfAnyOfWrappers=true")


@pytest.fixture(scope="session")
def swift_client() -> tuple[Path, str]:
    """swift6: openapi-generator's current Swift generator (swift5 is deprecated)."""
    return openapi_generator("swift6", "swift")


def procfile_command() -> tuple[dict, list[str]]:
    """The Procfile's ``web`` process: its variables and its command."""
    line = next(l for l in (ROOT / "Procfile").read_text().splitlines() if l.startswith("web:"))
    words = shlex.split(line.removeprefix("web:"))
    env = {}
    while words and "=" in words[0] and not words[0].startswith("-"):
        key, value = words.pop(0).split("=", 1)
        env[key] = value
    return env, words


@pytest.fixture(scope="session")
def server():
    """The service as the Procfile starts it, on a free port of the loopback address only."""
    env, cmd = procfile_command()
    port = free_port()
    env.update({"HOST": "127.0.0.1", "PORT": str(port), "WEB_CONCURRENCY": "2", "LOG_LEVEL": "warning",
                "REFEREE_ACCESS_LOG": "0"})
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{os.environ['PATH']}"
    BUILD.parent.mkdir(exist_ok=True)
    log = open(BUILD.parent / "clients-server.log", "wb")
    proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, **env}, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, (BUILD.parent / "clients-server.log").read_text()[-3000:]
            try:
                with urllib.request.urlopen(url + "/healthz", timeout=1):
                    break
            except OSError:
                assert time.monotonic() < deadline, "the Procfile's service did not answer in time"
                time.sleep(0.2)
        yield url
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
