"""The viewer's double-dummy panel (service/pages/viewer/static/analysis.js) in a real browser: at a
card-play position of a full record it shows every legal move's value as …/analysis answers it."""

from __future__ import annotations

import json
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from .test_viewer import paste, wait_ready

EXAMPLES = json.loads((Path(__file__).resolve().parent.parent / "tests" / "data"
                       / "analysis_examples.json").read_text())


def values_shown(driver) -> dict[str, str]:
    items = driver.find_elements(By.CSS_SELECTOR, "#analysis-now .dd-moves li")
    return {li.text.split(":")[0]: li.get_attribute("data-value") for li in items}


def test_the_panel_shows_each_legal_moves_value(browser, server):
    example = EXAMPLES[0]  # Bid Whist downtown, 2 tricks left: 9S 1, 5H 0
    record = example["record"]
    paste(browser, server, record)
    wait_ready(browser, "0/0/")
    assert browser.find_element(By.ID, "analysis").get_attribute("hidden") is not None  # bidding
    browser.find_element(By.ID, "last").click()
    wait_ready(browser, f"0/{len(record['moves'])}/")
    WebDriverWait(browser, 20).until(lambda d: values_shown(d))
    expected = {e["move"]["card"]: str(e["value"]) for e in example["expected"]["moves"]}
    assert values_shown(browser) == expected
    best = browser.find_elements(By.CSS_SELECTOR, "#analysis-now .dd-best")
    assert [b.text.split(":")[0] for b in best] == ["9S"]


def test_the_panel_is_hidden_for_a_seat_view(browser, server):
    record = EXAMPLES[8]["record"]
    paste(browser, server, record)
    wait_ready(browser, "0/0/")
    browser.find_element(By.ID, "last").click()
    wait_ready(browser, f"0/{len(record['moves'])}/")
    WebDriverWait(browser, 20).until(lambda d: values_shown(d))
    seat = browser.find_element(By.ID, "as-seat")
    browser.execute_script("arguments[0].value = '1'; arguments[0].dispatchEvent(new Event('change'));", seat)
    wait_ready(browser, f"0/{len(record['moves'])}/1")
    assert browser.find_element(By.ID, "analysis").get_attribute("hidden") is not None
