"""/docs in a real browser: Swagger UI renders openapi.yaml, loads nothing from elsewhere, and "Try it out" works."""

from __future__ import annotations

from urllib.parse import urlsplit

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from tests.contract import spec


def test_the_reference_renders_every_operation_offline(browser, server):
    browser.get(f"{server}/docs")
    WebDriverWait(browser, 20).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".opblock")) > 0)
    operations = sum(len(ops) for ops in spec()["paths"].values())
    assert len(browser.find_elements(By.CSS_SELECTOR, ".opblock")) == operations
    origin = urlsplit(server).netloc
    loaded = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert loaded and all(urlsplit(u).netloc == origin for u in loaded if not u.startswith("data:")), loaded
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def test_try_it_out_sends_a_real_request(browser, server):
    browser.get(f"{server}/docs#/default/healthz")
    block = WebDriverWait(browser, 20).until(EC.presence_of_element_located((By.ID, "operations-default-healthz")))
    if "is-open" not in block.get_attribute("class"):
        block.find_element(By.CSS_SELECTOR, ".opblock-summary").click()
    WebDriverWait(browser, 10).until(lambda d: block.find_elements(By.CSS_SELECTOR, ".try-out__btn"))
    try_out = block.find_element(By.CSS_SELECTOR, ".try-out__btn")
    if "cancel" not in try_out.get_attribute("class"):
        try_out.click()
    WebDriverWait(browser, 10).until(lambda d: block.find_elements(By.CSS_SELECTOR, ".execute"))
    block.find_element(By.CSS_SELECTOR, ".execute").click()
    status = WebDriverWait(browser, 10).until(
        lambda d: block.find_elements(By.CSS_SELECTOR, ".live-responses-table tbody .response-col_status"))
    assert status[0].text.strip().startswith("200")
    body = block.find_element(By.CSS_SELECTOR, ".live-responses-table tbody .response-col_description pre").text
    assert '"status": "ok"' in body or '"status":"ok"' in body
