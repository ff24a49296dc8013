"""The hand viewer in a real browser: load, step, and check what it shows against the referee."""

from __future__ import annotations

import json
import random
import urllib.parse

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from service.rules.games import GAMES
from tests.matchlog import match_log, play_hand

GAMES_IDS = ["buck-euchre", "bid-whist", "five-hundred", "court-piece", "sixes"]


def wait_ready(driver, key: str, timeout: float = 15):
    """The viewer marks ``body[data-ready]`` with hand/step/seat once a position is drawn."""
    try:
        WebDriverWait(driver, timeout).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == key)
    except TimeoutException:
        logs = [e["message"][-300:] for e in driver.get_log("browser")]
        raise AssertionError(f"the viewer never showed {key}; browser log: {logs}") from None


def seat_cards(driver, seat: int) -> list[str]:
    box = driver.find_element(By.CSS_SELECTOR, f'#table .seat[data-seat="{seat}"]')
    return [c.get_attribute("data-card") for c in box.find_elements(By.CSS_SELECTOR, ".cards .card")]


def first_play_index(record) -> int:
    return next(i for i, m in enumerate(record["moves"]) if m["type"] == "play")


def paste(driver, server, doc):
    driver.get(f"{server}/viewer")
    box = driver.find_element(By.ID, "input")
    # Typing a long record key by key is slow: set the value as a user's paste would.
    driver.execute_script("arguments[0].value = arguments[1];", box, json.dumps(doc))
    driver.find_element(By.ID, "load").click()


@pytest.mark.parametrize("game_id", GAMES_IDS)
def test_load_a_record_and_step_to_the_first_card_played(browser, server, game_id):
    game = GAMES[game_id]
    record = play_hand(game_id, game.deal(f"e2e-{game_id}", {}, 0, None), random.Random(game_id))
    paste(browser, server, record)
    wait_ready(browser, "0/0/")
    n = len(record["moves"])
    assert browser.find_element(By.ID, "step-label").text == f"move 0 of {n}"
    # before any move every seat holds its dealt cards
    for seat, cards in enumerate(record["deal"]["hands"]):
        assert sorted(seat_cards(browser, seat)) == sorted(cards)
    # step forward one move with the button, then jump to just after the first card played
    browser.find_element(By.ID, "next").click()
    wait_ready(browser, "0/1/")
    assert browser.find_element(By.ID, "step-label").text == f"move 1 of {n}"
    k = first_play_index(record)
    browser.find_element(By.CSS_SELECTOR, f'#moves li[data-step="{k + 1}"]').click()
    wait_ready(browser, f"0/{k + 1}/")
    move = record["moves"][k]
    state = game.replay({**record, "moves": record["moves"][:k + 1]}).state()
    assert move["card"] not in seat_cards(browser, move["seat"])
    for seat in range(len(record["deal"]["hands"])):  # every seat holds what it was dealt less what it gave up
        if "hands" in state:
            assert sorted(seat_cards(browser, seat)) == sorted(state["hands"][seat])
        else:  # Five Hundred lists no hands: ten each, less the cards played (the kitty and discard net out)
            played = sum(c["seat"] == seat for t in state["tricks"] + [state["current_trick"]] for c in t["cards"])
            assert len(seat_cards(browser, seat)) == 10 - played
    if game_id == "sixes":
        layout = browser.find_element(By.ID, "layout").get_attribute("innerHTML")
        assert f'data-card="{move["card"]}"' in layout
        assert browser.find_element(By.ID, "pot").text == f"pot: {state['pot']} chips"
    else:
        played = browser.find_elements(By.CSS_SELECTOR, "#trick .played")
        assert [(int(p.get_attribute("data-seat")), p.find_element(By.CSS_SELECTOR, ".card").get_attribute("data-card"))
                for p in played] == [(c["seat"], c["card"]) for c in state["current_trick"]["cards"]]
    assert browser.find_element(By.CSS_SELECTOR, '#facts dd[data-field="phase"]').text == state["phase"]
    # the last position: the hand is scored
    browser.find_element(By.ID, "last").click()
    wait_ready(browser, f"0/{n}/")
    result = game.replay(record).state()["result"]
    assert browser.find_element(By.ID, "deltas").text == f"this hand: {json.dumps(result['deltas'], separators=(',', ':'))}"
    after = result.get("scores", result.get("chips"))
    assert browser.find_element(By.ID, "scores-after").text == f"after this hand: {json.dumps(after, separators=(',', ':'))}"


def test_trump_and_tricks_won_are_shown(browser, server):
    record = play_hand("buck-euchre", GAMES["buck-euchre"].deal("e2e-trump", {}, 0, None), random.Random(7))
    state = GAMES["buck-euchre"].replay(record).state()
    paste(browser, server, record)
    wait_ready(browser, "0/0/")
    browser.find_element(By.ID, "last").click()
    wait_ready(browser, f"0/{len(record['moves'])}/")
    names = {"S": "♠ spades", "H": "♥ hearts", "D": "♦ diamonds", "C": "♣ clubs"}  # one notation: symbols
    expected = names[state["trump"]] if state["trump"] else "no trump"
    assert browser.find_element(By.CSS_SELECTOR, '#facts dd[data-field="trump"]').text == expected
    for seat, won in enumerate(state["tricks_won"]):
        box = browser.find_element(By.CSS_SELECTOR, f'#table .seat[data-seat="{seat}"] .won')
        assert box.text == f"tricks won: {won}"


def test_a_seat_view_shows_backs_for_the_others(browser, server):
    record = play_hand("bid-whist", GAMES["bid-whist"].deal("e2e-view", {}, 0, None), random.Random(3))
    paste(browser, server, record)
    wait_ready(browser, "0/0/")
    select = browser.find_element(By.ID, "as-seat")
    select.find_element(By.CSS_SELECTOR, 'option[value="2"]').click()
    wait_ready(browser, "0/0/2")
    assert sorted(seat_cards(browser, 2)) == sorted(record["deal"]["hands"][2])
    for other in (0, 1, 3):
        cards = seat_cards(browser, other)
        assert cards and all(c == "" for c in cards)  # backs, as many as the seat holds


def test_a_match_log_by_url_parameter(browser, server, file_server):
    log = match_log("court-piece", seed="e2e-url", until_over=True)
    answer = GAMES["court-piece"].replay_match(log)
    src = file_server("/logs/court-piece.json", json.dumps(log).encode())
    browser.get(f"{server}/viewer?src={urllib.parse.quote(src)}&hand_index=1&step=3")
    wait_ready(browser, "1/3/")
    rows = browser.find_elements(By.CSS_SELECTOR, "#running-scores tr")[1:]
    assert [json.loads(r.find_elements(By.TAG_NAME, "td")[1].text) for r in rows] == answer["running_scores"]
    assert browser.find_element(By.ID, "match-winner").text == f"Match over. Winner: {answer['winner']}"
    assert browser.find_element(By.ID, "step-label").text.startswith("move 3 of ")


def test_a_match_log_from_a_file(browser, server, tmp_path):
    log = match_log("five-hundred", seed="e2e-file", hands=1)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(log["hands"]))  # a plain list of records
    browser.get(f"{server}/viewer")
    browser.find_element(By.ID, "file").send_keys(str(path))
    wait_ready(browser, "0/0/")
    record = log["hands"][0]
    for seat, cards in enumerate(record["deal"]["hands"]):
        assert sorted(seat_cards(browser, seat)) == sorted(cards)


def test_an_illegal_move_is_shown_with_its_index(browser, server):
    record = play_hand("sixes", GAMES["sixes"].deal("e2e-bad", {}, 0, None), random.Random(1))
    k = 2
    bad = {**record, "moves": record["moves"][:k] + [{**record["moves"][k], "seat": (record["moves"][k]["seat"] + 1) % 5}]}
    paste(browser, server, bad)
    wait_ready(browser, "0/0/")
    browser.find_element(By.ID, "last").click()
    WebDriverWait(browser, 15).until(lambda d: d.find_element(By.ID, "error").is_displayed())
    problem = browser.find_element(By.CSS_SELECTOR, "#error .problem")
    assert problem.get_attribute("data-code") == "illegal_move"
    assert problem.get_attribute("data-reason") == "not_your_turn"
    assert f"at move_index {k} (move #{k + 1})" in problem.text  # the API's index, labelled
    wait_ready(browser, f"0/{k + 1}/")  # the position just before the illegal move is still shown
    assert browser.find_element(By.CSS_SELECTOR, '#facts dd[data-field="phase"]').text == "playing"


def test_nonsense_is_refused_politely(browser, server):
    browser.get(f"{server}/viewer")
    browser.find_element(By.ID, "input").send_keys("{not json")
    browser.find_element(By.ID, "load").click()
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "error").is_displayed())
    assert browser.find_element(By.ID, "error").text.startswith("Not JSON")


# --- the variants' display (variants.js, issue 15) ------------------------------------------------

def symbols(card: str) -> str:
    """A card as the viewer writes it (cards.js): "10♦", "J♠", jokers by name."""
    jokers = {"JK": "Joker", "RJ": "Big joker", "BJ": "Little joker"}
    if card in jokers:
        return jokers[card]
    rank = card[:-1]
    return ("10" if rank == "T" else rank) + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]]


def _text(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def test_the_called_card_and_the_partner_once_revealed(browser, server):
    game = GAMES["five-hundred"]
    options = {"players": 5, "call_partner": True}
    rng = random.Random(15)
    for i in range(40):  # a hand with a call whose card someone holds
        record = play_hand("five-hundred", game.deal(f"e2e-partner-{i}", options, 0, None), rng)
        hand = game.replay(record)
        if hand.result.get("partner") and hand.result["partner"]["seat"] is not None:
            break
    call = next(i for i, m in enumerate(record["moves"]) if m["type"] == "call_partner")
    card = record["moves"][call]["card"]
    played = next(i for i, m in enumerate(record["moves"]) if m["type"] == "play" and m["card"] == card)
    paste(browser, server, {**record, "moves": record["moves"][:call + 1]})
    wait_ready(browser, "0/0/")
    browser.find_element(By.ID, "last").click()
    wait_ready(browser, f"0/{call + 1}/")
    assert _text(browser, "called-card") == f"called card: {symbols(card)}"
    # the record shows who holds it; a seat that cannot know sees it unrevealed
    outsider = next(s for s in range(5) if s not in (hand.contractor, hand.result["partner"]["seat"]))
    browser.find_element(By.CSS_SELECTOR, f'#as-seat option[value="{outsider}"]').click()
    wait_ready(browser, f"0/{call + 1}/{outsider}")
    assert _text(browser, "partner") == "partner: not yet revealed"
    paste(browser, server, {**record, "moves": record["moves"][:played + 1]})
    wait_ready(browser, "0/0/")
    browser.find_element(By.ID, "last").click()
    wait_ready(browser, f"0/{played + 1}/")
    assert _text(browser, "partner") == f"partner: seat {hand.result['partner']['seat']} (revealed)"


def test_the_sported_kitty_and_the_sixes_payments(browser, server):
    bw = GAMES["bid-whist"]
    record = bw.deal("e2e-sported", {"kitty": "sported"}, 0, None)
    paste(browser, server, record)
    wait_ready(browser, "0/0/")
    browser.find_element(By.CSS_SELECTOR, '#as-seat option[value="1"]').click()
    wait_ready(browser, "0/0/1")
    assert _text(browser, "sported-kitty") == "sported kitty (face up for all): " + " ".join(map(symbols, record["deal"]["kitty"]))
    sixes = GAMES["sixes"]
    record = play_hand("sixes", sixes.deal("e2e-ante", {"ante": 2, "pay_per_card": True}, 0, None), random.Random(2))
    result = sixes.replay(record).result
    paste(browser, server, record)
    wait_ready(browser, "0/0/")
    assert _text(browser, "ante") == "ante: 2 a seat, paid into the pot before the opening"
    browser.find_element(By.ID, "last").click()
    wait_ready(browser, f"0/{len(record['moves'])}/")
    assert _text(browser, "antes") == f"antes paid: {json.dumps(result['antes'], separators=(',', ':'))}"
    assert _text(browser, "card-payments") == \
        f"paid per card left: {json.dumps(result['card_payments'], separators=(',', ':'))}"
