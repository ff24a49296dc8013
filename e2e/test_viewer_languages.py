"""The hand viewer in Gujarati, as a browser set to Gujarati shows it: the page's words, the script's
words and the referee's refusal all in the shipped catalogue's Gujarati; codes and reasons unchanged."""

from __future__ import annotations

import random
import shutil

import pytest
from babel.messages.pofile import read_po
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from service import i18n
from service.rules.games import GAMES
from tests.matchlog import play_hand

from .test_viewer import paste, wait_ready


def gujarati(msgid: str) -> str:
    with i18n.po_path("gu").open("rb") as f:
        message = read_po(f).get(msgid)
    assert message is not None and message.string and message.string != msgid, f"no Gujarati for {msgid!r}"
    return message.string


@pytest.fixture(scope="module")
def gu_browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1400,1000", "--no-first-run", "--disable-extensions", "--lang=gu"):
        opts.add_argument(arg)
    opts.add_experimental_option("prefs", {"intl.accept_languages": "gu,en"})
    driver = webdriver.Chrome(options=opts, service=Service(shutil.which("chromedriver")))
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def test_the_viewer_and_a_refusal_in_gujarati(gu_browser, server):
    record = play_hand("sixes", GAMES["sixes"].deal("e2e-gu", {}, 0, None), random.Random(1))
    k = 2
    bad = {**record, "moves": record["moves"][:k] + [{**record["moves"][k], "seat": (record["moves"][k]["seat"] + 1) % 5}]}
    paste(gu_browser, server, bad)
    assert gu_browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "gu"
    assert gu_browser.find_element(By.TAG_NAME, "h1").text == gujarati("Hand viewer")
    wait_ready(gu_browser, "0/0/")
    total = len(bad["moves"])
    step = gujarati("move {step} of {total}").replace("{step}", "0").replace("{total}", str(total))
    assert gu_browser.find_element(By.ID, "step-label").text == step
    gu_browser.find_element(By.ID, "last").click()
    WebDriverWait(gu_browser, 15).until(lambda d: d.find_element(By.ID, "error").is_displayed())
    problem = gu_browser.find_element(By.CSS_SELECTOR, "#error .problem")
    assert problem.get_attribute("data-code") == "illegal_move"
    assert problem.get_attribute("data-reason") == "not_your_turn"
    assert gujarati("Illegal move") in problem.text
    assert "not_your_turn" in problem.text and "is to act" not in problem.text  # the detail is Gujarati
