"""The wheel as a user installs it: built from the checkout, installed into a fresh virtualenv and
started outside the checkout, it serves everything (contract, docs, viewer) and becomes ready."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import venv

from load.server import ROOT, free_port


def _get(url: str, headers: dict | None = None) -> tuple[int, bytes]:
    return _get_with_headers(url, headers)[:2]


def _get_with_headers(url: str, headers: dict | None = None) -> tuple[int, bytes, dict]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=5) as resp:
            return resp.status, resp.read(), dict(resp.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(), dict(exc.headers)


def _gujarati(msgid: str) -> str:
    """The checkout's Gujarati catalogue's translation of ``msgid`` (what the wheel must serve)."""
    from babel.messages.pofile import read_po
    with (ROOT / "service" / "i18n" / "locale" / "gu" / "LC_MESSAGES" / "messages.po").open("rb") as f:
        message = read_po(f).get(msgid)
    assert message is not None and message.string and message.string != msgid, f"no Gujarati for {msgid!r}"
    return message.string


def test_the_installed_wheel_serves_everything_from_outside_the_checkout(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(ROOT)],
                   check=True, timeout=600)
    [wheel] = wheels.glob("card_referee-*.whl")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bin_dir = env_dir / "bin"
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], check=True, timeout=600)

    port, away = free_port(), tmp_path / "elsewhere"
    away.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PROMETHEUS_MULTIPROC_DIR")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    server = subprocess.Popen([str(bin_dir / "gunicorn"), "--bind", f"127.0.0.1:{port}", "service:create_app()"],
                              cwd=away, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                status, _ = _get(base + "/healthz")
                break
            except OSError:
                assert server.poll() is None, server.stderr.read().decode()[-2000:]
                time.sleep(0.2)
        assert _get(base + "/readyz")[0] == 200
        assert _get(base + "/openapi.yaml") == (200, (ROOT / "openapi.yaml").read_bytes())
        assert _get(base + "/openapi.json")[0] == 200
        for page in ("/docs", "/docs/assets/swagger-ui-bundle.js", "/viewer", "/viewer/viewer.js"):
            assert _get(base + page)[0] == 200, page
        # the message catalogues are package data: a Gujarati problem from the installed wheel
        status, raw, headers = _get_with_headers(base + "/v1/games/chess", {"Accept-Language": "gu-IN, en;q=0.5"})
        answer = json.loads(raw)
        assert status == 404 and answer["code"] == "unknown_game"
        assert headers["Content-Language"] == "gu" and "Accept-Language" in headers["Vary"]
        assert answer["title"] == _gujarati("Unknown game")
        where = subprocess.run([str(bin_dir / "python"), "-c", "import service; print(service.__file__)"],
                               cwd=away, env=env, capture_output=True, text=True, check=True).stdout
        assert str(env_dir) in where and str(ROOT) not in where
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
