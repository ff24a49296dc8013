"""The standings page and the director's hand viewer in headless Chromium, against the real service."""

from __future__ import annotations

import copy
import json
import os
import urllib.parse
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from service.rules.games import GAMES
from tests.test_tournaments import EXAMPLES, path_of
from tests.tournament_events import duplicate_event

from .test_viewer import seat_cards, wait_ready

SHOTS = Path(os.environ.get("REFEREE_SCREENSHOTS", "/tmp/referee-screenshots"))


def event_of(n):
    ex = EXAMPLES[n]
    return {"game": path_of(ex).split("/")[3], **copy.deepcopy(ex["input"])}


def full_shot(driver, name: str) -> None:
    """The whole page, for a person to look at (not committed; REFEREE_SCREENSHOTS, default /tmp)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1400, min(max(height, 1000), 4000))
    driver.save_screenshot(str(SHOTS / name))
    driver.set_window_size(1400, 1000)


def wait_page(driver, value="standings", timeout=20):
    WebDriverWait(driver, timeout).until(
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == value)


def paste_event(driver, server, doc):
    driver.get(f"{server}/viewer/tournament")
    box = driver.find_element(By.ID, "input")
    driver.execute_script("arguments[0].value = arguments[1];", box, json.dumps(doc))
    driver.find_element(By.ID, "load").click()


def standings(driver):
    rows = driver.find_elements(By.CSS_SELECTOR, "#standings tr")[1:]
    return [[td.text for td in r.find_elements(By.TAG_NAME, "td")] for r in rows]


def test_duplicate_standings_and_boards_side_by_side(browser, server):
    paste_event(browser, server, event_of("4"))
    wait_page(browser)
    expected = EXAMPLES["4"]["expected"]
    rows = standings(browser)
    assert [(r[0], r[1]) for r in rows] == [(s["rank_label"], s["entrant"]) for s in expected["standings"]]
    assert rows[0][-2:] == ["100.00 %", "-4"]
    board = browser.find_element(By.CSS_SELECTOR, '#boards .board[data-board="1"]')
    assert "top 4" in board.find_element(By.TAG_NAME, "h3").text
    for r in expected["boards"][0]["results"]:  # every table's row holds every position's matchpoints
        cell = board.find_element(By.CSS_SELECTOR, f'tr[data-table="{r["table"]}"] '
                                                    f'td[data-key="matchpoints"][data-position="{r["position"]}"]')
        assert cell.text == str(r["matchpoints"])
    full_shot(browser, "standings-duplicate.png")


def test_matches_standings_from_a_file_shared_ranks(browser, server, tmp_path):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event_of("2")))
    browser.get(f"{server}/viewer/tournament")
    browser.find_element(By.ID, "file").send_keys(str(path))
    wait_page(browser)
    rows = standings(browser)
    assert [r[0] for r in rows] == ["=1"] * 4 + ["=5"] * 4
    full_shot(browser, "standings-matches.png")
    table0 = browser.find_element(By.CSS_SELECTOR, '#tables .etable[data-round="0"][data-table="0"]')
    assert "North (seat 0): Ava (ava), team 0 (N-S)" in table0.text
    assert "won by position 0" in table0.text


def test_from_the_standings_to_a_hand_at_its_table_by_src(browser, server, file_server):
    event = duplicate_event("bid-whist", boards=2, tables=2, seed="e2e-dup")
    names = {e["id"]: e["name"] for e in event["entrants"]}
    src = file_server("/events/bid-whist.json", json.dumps(event).encode())
    browser.get(f"{server}/viewer/tournament?src={urllib.parse.quote(src)}")
    wait_page(browser)
    link = browser.find_element(By.CSS_SELECTOR, '#boards .board[data-board="2"] tr[data-table="1"] a.hand-link')
    browser.get(link.get_attribute("href"))
    wait_ready(browser, "1/0/")  # table 1's second entry is board 2: hand_index 1, before any move
    table = event["rounds"][0]["tables"][1]
    record = table["hands"][1]
    for seat in range(4):  # seats around the table with their compass name, team and entrant
        box = browser.find_element(By.CSS_SELECTOR, f'#table .seat[data-seat="{seat}"]')
        assert box.find_element(By.CSS_SELECTOR, ".seat-name").text == \
            ["North", "East", "South", "West"][seat] + f" (seat {seat})"
        tags = box.find_element(By.CSS_SELECTOR, ".tags").text
        assert f"team {seat % 2} ({'N-S' if seat % 2 == 0 else 'E-W'})" in tags
        assert names[table["seats"][seat]] in tags
        assert sorted(seat_cards(browser, seat)) == sorted(record["deal"]["hands"][seat])
    assert "Round 0, table 1 of the event" in browser.find_element(By.ID, "event-table").text
    mid = len(record["moves"]) // 2 + 1  # mid-play: a trick on the table, some tricks behind
    browser.find_element(By.CSS_SELECTOR, f'#moves li[data-step="{mid}"]').click()
    wait_ready(browser, f"1/{mid}/")
    full_shot(browser, "hand-viewer-director.png")
    # to the end: every trick one under another with its leader and winner
    browser.find_element(By.ID, "last").click()
    wait_ready(browser, f"1/{len(record['moves'])}/")
    state = GAMES["bid-whist"].replay(record).state()
    tricks = browser.find_elements(By.CSS_SELECTOR, "#tricks-list li")
    assert [(int(t.get_attribute("data-leader")), int(t.get_attribute("data-winner"))) for t in tricks] == \
        [(t["leader"], t["winner"]) for t in state["tricks"]]
    assert all("♠" in t.text or "♥" in t.text or "♦" in t.text or "♣" in t.text or "oker" in t.text for t in tricks)
    moves = browser.find_element(By.ID, "moves").text
    assert "TD" not in moves and "10♦" in moves or "TD" not in json.dumps(record["moves"])  # symbols only
    trump = browser.find_element(By.CSS_SELECTOR, '#facts dd[data-field="trump"]').text
    contract = state["contract"]
    assert trump == ("no trump" if contract["trump"] is None else
                     {"S": "♠ spades", "H": "♥ hearts", "D": "♦ diamonds", "C": "♣ clubs"}[contract["trump"]])


def test_a_refused_events_problem_links_to_exactly_that_move(browser, server):
    paste_event(browser, server, event_of("7"))
    wait_page(browser, "problem")
    problem = browser.find_element(By.CSS_SELECTOR, "#error .problem")
    assert problem.get_attribute("data-code") == "illegal_move"
    assert "round 0, table 0, hand 0, move 0" in problem.text
    link = problem.find_element(By.CSS_SELECTOR, "a.hand-link")
    assert "hand_index=0" in link.get_attribute("href") and "move_index=0" in link.get_attribute("href")
    link.click()
    WebDriverWait(browser, 15).until(lambda d: d.find_element(By.ID, "error").is_displayed())
    marked = browser.find_element(By.CSS_SELECTOR, "#moves li.at")
    assert marked.get_attribute("data-move-index") == "0"
    assert browser.find_element(By.CSS_SELECTOR, "#error .problem").get_attribute("data-reason") == "not_your_turn"
    assert "at move_index 0 (move #1)" in browser.find_element(By.ID, "error").text


def test_a_deep_link_to_a_seats_view(browser, server, file_server):
    event = duplicate_event("buck-euchre", boards=1, tables=2, seed="e2e-seat")
    src = file_server("/events/seat.json", json.dumps(event).encode())
    browser.get(f"{server}/viewer?src={urllib.parse.quote(src)}&round=0&table=1&hand_index=0&step=2&seat=3")
    wait_ready(browser, "0/2/3")
    assert seat_cards(browser, 3) and all(seat_cards(browser, 3))
    for other in (0, 1, 2):
        assert all(c == "" for c in seat_cards(browser, other))
    href = browser.find_element(By.ID, "permalink").get_attribute("href")
    assert "seat=3" in href and "step=2" in href and "table=1" in href
    browser.get(href)  # the link shows the same
    wait_ready(browser, "0/2/3")


def test_a_src_refused_by_the_other_host_says_so_and_what_to_do(browser, server, file_server):
    src = file_server("/nocors/event.json", json.dumps(event_of("1")).encode())
    for page in ("/viewer/tournament", "/viewer"):
        browser.get(f"{server}{page}?src={urllib.parse.quote(src)}")
        WebDriverWait(browser, 15).until(lambda d: d.find_element(By.ID, "error").is_displayed())
        box = browser.find_element(By.CSS_SELECTOR, "#error .cors")
        assert box.get_attribute("data-reason") == "cors"
        assert "CORS" in box.text and "Access-Control-Allow-Origin" in box.text and "or a file" in box.text


def test_a_refused_match_log_jumps_to_the_hand_and_move_it_names(browser, server):
    from tests.matchlog import match_log
    log = match_log("buck-euchre", seed="e2e-jump", hands=2)
    moves = log["hands"][1]["moves"]
    moves[2] = {**moves[2], "seat": (moves[2]["seat"] + 1) % 4}  # out of turn at hand_index 1, move_index 2
    browser.get(f"{server}/viewer")
    box = browser.find_element(By.ID, "input")
    browser.execute_script("arguments[0].value = arguments[1];", box, json.dumps(log))
    browser.find_element(By.ID, "load").click()
    wait_ready(browser, "0/0/")
    button = WebDriverWait(browser, 15).until(lambda d: d.find_element(By.ID, "go-to-problem"))
    assert button.text == "show hand_index 1, move_index 2"
    button.click()
    wait_ready(browser, "1/2/")
    assert browser.find_element(By.CSS_SELECTOR, "#moves li.at").get_attribute("data-move-index") == "2"
    assert "at move_index 2 (move #3)" in browser.find_element(By.ID, "error").text


def test_double_dummy_column_and_the_costly_move_in_the_hand_viewer(browser, server):
    """The page's box asks for "double_dummy"; each hand's tricks possible / taken, and the first
    costly move linked to the position before it in the hand viewer (TOURNAMENTS.md)."""
    from tests.test_tournament_double_dummy import known_event
    doc = {"game": "buck-euchre", **known_event()}
    del doc["double_dummy"]
    browser.get(f"{server}/viewer/tournament")
    box = browser.find_element(By.ID, "input")
    browser.execute_script("arguments[0].value = arguments[1];", box, json.dumps(doc))
    browser.find_element(By.ID, "double-dummy").click()
    browser.find_element(By.ID, "load").click()
    wait_page(browser)
    table0 = browser.find_element(By.CSS_SELECTOR, '#tables .etable[data-round="0"][data-table="0"]')
    cells = table0.find_elements(By.CSS_SELECTOR, 'td[data-key="double_dummy"]')
    assert cells[0].text == "4 / 2 · move_index 14: seat 0 played JC (AC kept it), cost 2"
    assert cells[1].text == "2 / 1 · move_index 12: seat 0 played AS (AC kept it), cost 1"
    sheet = browser.find_element(By.CSS_SELECTOR, '#tables .etable[data-table="1"] td[data-key="double_dummy"]')
    assert sheet.text == "—"
    full_shot(browser, "standings-double-dummy.png")
    link = cells[0].find_element(By.CSS_SELECTOR, "a.hand-link")
    href = link.get_attribute("href")
    assert "hand_index=0" in href and "move_index=14" in href
    link.click()
    wait_ready(browser, "0/14/")  # the position before the costly move, the move marked
    assert browser.find_element(By.CSS_SELECTOR, "#moves li.at").get_attribute("data-move-index") == "14"
