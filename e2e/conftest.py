"""``make e2e``: the service as deployed (gunicorn, 2 workers) on a free loopback port, and a headless
Chromium (Debian's ``chromium`` and ``chromium-driver``) driven through Selenium."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from load.server import Gunicorn

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def server():
    """The base URL of a running referee, started as ``make run`` starts it."""
    with Gunicorn(app="service:create_app()", unset=("PROMETHEUS_MULTIPROC_DIR",),
                  env={"LOG_LEVEL": "info"}) as running:
        yield running.url


@pytest.fixture(scope="session")
def file_server():
    """Another origin serving JSON files with CORS, as a tournament's file server would:
    ``file_server(path, body)`` publishes ``body`` and answers its URL. Paths under ``/nocors/`` are
    served without CORS, as a host that does not allow other pages to read its files."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    files: dict[str, bytes] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            body = files.get(self.path)
            self.send_response(200 if body is not None else 404)
            self.send_header("Content-Type", "application/json")
            if not self.path.startswith("/nocors/"):
                self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Content-Length", str(len(body or b"")))
            self.end_headers()
            self.wfile.write(body or b"")

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()

    def publish(path: str, body: bytes) -> str:
        files[path] = body
        return f"http://127.0.0.1:{httpd.server_address[1]}{path}"
    try:
        yield publish
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="session")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not binary or not driver_path:
        pytest.fail("chromium and chromedriver are needed: `make e2e` installs Debian's chromium and chromium-driver")
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1400,1000", "--no-first-run", "--disable-extensions"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=opts, service=Service(driver_path))
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
