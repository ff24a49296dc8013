"""Every HTML page under its Content-Security-Policy in headless Chromium (issue 30): each page does its
work (a record stepped through, a record fetched from another host, an event scored, the reference
rendered and "Try it out" sent, the problem pages styled) and the browser reports no violation."""

from __future__ import annotations

import json
import random
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from service.rules.games import GAMES
from tests.matchlog import play_hand

from .test_docs import test_try_it_out_sends_a_real_request as try_it_out
from .test_standings import event_of, paste_event, wait_page
from .test_viewer import paste, wait_ready

# every violation the page's document sees, kept where the test can read it (CDP runs this before any
# of the page's own scripts, and a policy does not apply to it)
LISTEN = """window.__violations = [];
document.addEventListener("securitypolicyviolation",
    e => window.__violations.push(e.violatedDirective + " " + e.blockedURI));"""


@pytest.fixture()
def watched(browser):
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": LISTEN})
    browser.get_log("browser")  # drop what earlier tests left
    yield browser
    browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
    browser.get("about:blank")
    browser.get_log("browser")  # the violation provoked on purpose is not left for the next test to read


def no_violation(driver) -> None:
    seen = driver.execute_script("return window.__violations || null")
    assert seen == [], seen
    logged = [e["message"] for e in driver.get_log("browser") if "Content Security Policy" in e["message"]]
    assert not logged, logged


def _record():
    return play_hand("buck-euchre", GAMES["buck-euchre"].deal("csp", {}, 0, None), random.Random(1))


def test_the_viewer_works_under_its_policy(watched, server, file_server):
    paste(watched, server, _record())
    wait_ready(watched, "0/0/")
    watched.find_element(By.ID, "next").click()
    wait_ready(watched, "0/1/")
    no_violation(watched)
    src = file_server("/csp-record.json", json.dumps(_record()).encode())  # another origin, with CORS
    watched.get(f"{server}/viewer?src={urllib.parse.quote(src)}&step=2")
    wait_ready(watched, "0/2/")
    no_violation(watched)


def test_the_standings_work_under_their_policy(watched, server):
    paste_event(watched, server, event_of("4"))
    wait_page(watched)
    no_violation(watched)


def test_the_reference_works_under_its_policy(watched, server):
    try_it_out(watched, server)
    no_violation(watched)


@pytest.mark.parametrize("path", ["/problems", "/problems/bad_host"])
def test_the_problem_pages_are_styled_under_their_policy(watched, server, path):
    watched.get(server + path)
    WebDriverWait(watched, 10).until(lambda d: d.find_elements(By.TAG_NAME, "h1"))
    # the inline style, allowed by its hash, applies (max-width 44rem)
    assert watched.execute_script("return getComputedStyle(document.body).maxWidth") == "704px"
    no_violation(watched)


def test_a_policy_blocks_what_it_should(watched, server):
    """The listener is not blind: an inline script the page did not ship is refused and reported."""
    watched.get(server + "/problems")
    watched.execute_script("const s = document.createElement('script'); s.textContent = 'window.__ran = 1';"
                           "document.body.appendChild(s);")
    WebDriverWait(watched, 5).until(lambda d: d.execute_script("return window.__violations.length"))
    assert watched.execute_script("return window.__ran") is None


def test_every_page_answers_with_its_headers(server):
    for path in ("/viewer", "/viewer/tournament", "/docs", "/problems", "/problems/bad_host"):
        with urllib.request.urlopen(server + path) as resp:
            assert "frame-ancestors 'none'" in resp.headers["Content-Security-Policy"]
            assert resp.headers["X-Frame-Options"] == "DENY" and resp.headers["X-Content-Type-Options"] == "nosniff"
            assert resp.headers["Referrer-Policy"] == "no-referrer"
