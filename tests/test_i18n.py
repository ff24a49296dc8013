"""Messages in en, gu, hi, ur (issue 13): the catalogues are complete, keep every placeholder, and the
service answers in the negotiated language without changing a code or a reason.

The answers' tests use a pseudo-translation (every msgid wrapped in ⟦ ⟧, placeholders kept), so they
test the machinery whatever the translators have delivered; ``test_every_message_*`` test the real
catalogues that ship.
"""

from __future__ import annotations

import ast
import gettext
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from service import i18n
from service.rules import games
from service.rules.messages import M, placeholders

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("gu", "hi", "ur")
KEYWORDS = {"M": None, "N_": None, "Option": (4,), "_Option": (4,), "T": None}  # the Makefile's
SCRIPTS = {"gu": r"[\u0A80-\u0AFF]", "hi": r"[\u0900-\u097F]", "ur": r"[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]"}


@cache
def template():
    with (i18n.LOCALE_DIR / "messages.pot").open("rb") as f:
        return read_po(f)


@cache
def catalogue(lang):
    with i18n.po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def test_the_template_holds_every_message_of_the_code():
    """`make messages` is current: what pybabel finds in the code (babel.cfg) is the committed template."""
    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    found = {msg for _, _, msg, *_ in extract_from_dir(str(ROOT), method_map, options_map, KEYWORDS)
             if isinstance(msg, str) and msg}
    pot = {m.id for m in template() if m.id}
    assert found - pot == set(), "run `make messages`: the template lacks these"
    assert pot - found == set(), "run `make messages`: the template holds messages the code no longer has"


def test_every_catalogue_is_up_to_date_with_the_template():
    pot = {m.id for m in template() if m.id}
    for lang in TRANSLATED:
        ids = {m.id for m in catalogue(lang) if m.id}
        assert pot - ids == set(), f"{lang}: run `make messages` (msgids missing from the .po)"


def _tokens(text: str) -> list[str]:
    """What a translation must keep: {placeholders} and HTML tags (sorted: word order may change)."""
    return sorted(re.findall(r"\{[A-Za-z_][A-Za-z0-9_]*\}|</?[a-z]+[^>]*>", text))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_keeps_its_placeholders(lang):
    wrong = {m.id: m.string for m in catalogue(lang) if m.id and m.string and _tokens(m.id) != _tokens(m.string)}
    assert wrong == {}, f"{lang}: translations that lose or add a placeholder or tag"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_has_a_translation(lang):
    """The issue's test: every message of every game in every language, in that language's script.

    Fails until the translators' catalogues are merged in full (an English copy is not a translation).
    """
    script = re.compile(SCRIPTS[lang])
    missing, fuzzy, english = [], [], []
    for m in catalogue(lang):
        if not m.id:
            continue
        if not m.string:
            missing.append(m.id)
        elif m.fuzzy:
            fuzzy.append(m.id)
        elif _has_words(m.id) and not script.search(m.string):
            english.append(m.id)
    assert (len(missing), len(fuzzy), len(english)) == (0, 0, 0), (
        f"{lang}: {len(missing)} untranslated, {len(fuzzy)} fuzzy, {len(english)} not in the language's script; "
        f"first: {(missing + fuzzy + english)[:3]}")


def _has_words(msgid: str) -> bool:
    """Whether a msgid holds words to translate (not only placeholders, codes, field paths or cards)."""
    text = re.sub(r"^[\w.\[\]{}]+:", " ", msgid)  # a field path it starts with ("options: {detail}")
    text = re.sub(r"\{[^}]*\}|`[^`]*`|<code>.*?</code>|<[^>]+>", " ", text)
    return re.search(r"[A-Za-z]{3,}", text) is not None


# --- every refusal's words are a message ------------------------------------------------------
REFUSALS = {"InvalidRecord": 1, "IllegalMove": 1, "NotApplicable": 1, "RefereeError": 1, "ApiProblem": 2,
            "TournamentError": 1, "AnalysisRefused": 1}


def test_every_refusal_detail_is_a_message_template():
    """No raise site or ``(reason, detail)`` refusal writes its words as a plain or f-string: each is ``M``."""
    bad = []
    for path in sorted((ROOT / "service").rglob("*.py")) + sorted((ROOT / "schemas").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            detail = None
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                i = REFUSALS.get(name)
                if i is not None and len(node.args) > i:
                    detail = node.args[i]
            elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and len(node.value.elts) == 2:
                reason, detail = node.value.elts
                if not (isinstance(reason, ast.Constant) and isinstance(reason.value, str)):
                    detail = None
            if isinstance(detail, ast.JoinedStr) or isinstance(detail, ast.Constant) and isinstance(detail.value, str) \
                    and " " in detail.value:
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert bad == []


def test_a_message_reads_as_english_and_renders_in_another_language():
    m = M("seat {seat} must follow {suit}", seat=2, suit=M("hearts"))
    assert m == "seat 2 must follow hearts" and isinstance(m, str)
    words = {"seat {seat} must follow {suit}": "{suit} ફોલો કરો, બેઠક {seat}", "hearts": "લાલ"}
    assert m.translate(lambda s: words.get(s, s)) == "લાલ ફોલો કરો, બેઠક 2"
    # a broken translation (a placeholder renamed) falls back to English rather than failing
    assert m.translate(lambda s: "{seet}" if s.startswith("seat") else s) == "seat 2 must follow hearts"
    assert placeholders("{where}: {value} is not a seat 0-{n}") == {"where", "value", "n"}


@pytest.mark.parametrize("header, lang", [
    (None, "en"), ("", "en"), ("gu", "gu"), ("gu-IN", "gu"), ("GU-in", "gu"), ("hi-IN,hi;q=0.9,en;q=0.8", "hi"),
    ("ur-PK, en;q=0.1", "ur"), ("fr, de;q=0.5", "en"), ("*", "en"), ("en;q=0, *", "gu"), ("gu;q=0, hi", "hi"),
    ("en;q=0.2, ur;q=0.8", "ur"), ("fr, gu;q=0.1", "gu"), ("gu;q=0", "en"), ("x;q=oops, hi", "hi"),
])
def test_negotiation_follows_rfc_9110(header, lang):
    assert i18n.negotiate(header) == lang


# --- the answers, with a pseudo-translation ----------------------------------------------------------
class Pseudo(gettext.NullTranslations):
    """Every msgid as ⟦msgid⟧ (placeholders untouched): shows which words went through the catalogue."""

    def gettext(self, message):
        return f"⟦{message}⟧"


def _clear_caches():
    from service.http import api
    from service.pages import viewer
    for cached in (api._catalogue_bytes, viewer._page, i18n._viewer_messages):
        cached.cache_clear()


@pytest.fixture
def pseudo(monkeypatch):
    real = i18n.translations
    monkeypatch.setattr(i18n, "translations", lambda lang: Pseudo() if lang == "gu" else real(lang))
    _clear_caches()
    yield
    _clear_caches()


GU = {"Accept-Language": "gu-IN,gu;q=0.9,en;q=0.5"}


def _words_headers(resp, lang):
    assert resp.headers["Content-Language"] == lang
    assert "Accept-Language" in resp.headers.get("Vary", "")


def test_a_problem_in_gujarati_keeps_its_code_reason_and_values(client, pseudo):
    record = {"game": "buck-euchre", "dealer": 7, "deal": {}, "moves": []}
    en = client.post("/v1/games/buck-euchre/state", json={"record": record})
    gu = client.post("/v1/games/buck-euchre/state", json={"record": record}, headers=GU)
    assert en.status_code == gu.status_code == 422
    _words_headers(en, "en")
    _words_headers(gu, "gu")
    a, b = en.get_json(), gu.get_json()
    assert {k: v for k, v in a.items() if k not in ("title", "detail")} == \
        {k: v for k, v in b.items() if k not in ("title", "detail")}
    assert b["title"] == f"⟦{a['title']}⟧"
    assert b["detail"].startswith("⟦") and "7" in b["detail"] and "record.dealer" in b["detail"]
    assert "⟦" not in a["detail"]


def test_an_illegal_move_and_a_legal_false_answer_in_gujarati(client, pseudo):
    deal = client.post("/v1/games/sixes/deals", json={"seed": "i18n", "dealer": 0}).get_json()
    moves = client.post("/v1/games/sixes/legal-moves", json={"record": deal}).get_json()
    seat = moves["seat"]
    wrong = {"seat": (seat + 1) % 5, "type": "pass"}
    gu = client.post("/v1/games/sixes/moves/validate", json={"record": deal, "move": wrong}, headers=GU)
    en = client.post("/v1/games/sixes/moves/validate", json={"record": deal, "move": wrong})
    a, b = en.get_json(), gu.get_json()
    assert a["legal"] is b["legal"] is False and a["reason"] == b["reason"] == "not_your_turn"
    assert b["detail"] != a["detail"] and "⟦" in b["detail"] and str(seat) in b["detail"]
    _words_headers(gu, "gu")
    bad = client.post("/v1/games/sixes/moves", json={"record": deal, "move": wrong}, headers=GU).get_json()
    assert bad["code"] == "illegal_move" and bad["reason"] == "not_your_turn" and bad["detail"].startswith("⟦")


def test_request_level_problems_and_http_errors_in_gujarati(client, pseudo):
    resp = client.get("/v1/games/chess", headers=GU)
    assert resp.status_code == 404 and resp.get_json()["code"] == "unknown_game"
    assert resp.get_json()["title"] == "⟦Unknown game⟧" and "'chess'" in resp.get_json()["detail"]
    _words_headers(resp, "gu")
    resp = client.get("/nowhere", headers=GU)
    assert resp.get_json()["code"] == "not_found" and resp.get_json()["detail"].startswith("⟦")
    resp = client.post("/v1/games/sixes/state", data="{", content_type="application/json", headers=GU)
    assert resp.get_json()["code"] == "invalid_json" and resp.get_json()["title"] == "⟦Invalid JSON⟧"


def test_the_catalogue_in_gujarati(client, pseudo):
    en = client.get("/v1/games").get_json()["games"]
    gu_resp = client.get("/v1/games", headers=GU)
    _words_headers(gu_resp, "gu")
    gu = gu_resp.get_json()["games"]
    assert [g["id"] for g in en] == [g["id"] for g in gu]
    for a, b in zip(en, gu):
        assert b["name"] == f"⟦{a['name']}⟧"
        assert [o["name"] for o in a["options"]] == [o["name"] for o in b["options"]]
        assert all(o["meaning"].startswith("⟦") for o in b["options"])
        assert [m["type"] for m in a["move_types"]] == [m["type"] for m in b["move_types"]]
        assert all(m["description"].startswith("⟦") for m in b["move_types"])
    assert client.get("/v1/games", headers=GU).headers["ETag"] != client.get("/v1/games").headers["ETag"]


def test_every_catalogue_word_is_in_the_template():
    ids = {m.id for m in template() if m.id}
    from service.i18n.catalogue_terms import MOVE_TYPES
    for game in games.GAMES.values():
        entry = game.catalogue()
        deck = game.deck_description()
        assert {entry["name"], getattr(deck, "template", deck)} <= ids
        assert {o["meaning"] for o in entry["options"]} <= ids
        assert {m["type"] for m in entry["move_types"]} == set(MOVE_TYPES[game.id]), game.id
        assert set(MOVE_TYPES[game.id].values()) <= ids


def test_problem_pages_in_gujarati(client, pseudo):
    html = client.get("/problems/illegal_move", headers={**GU, "Accept": "text/html"})
    _words_headers(html, "gu")
    text = html.get_data(as_text=True)
    assert '<html lang="gu"' in text and "⟦Illegal move⟧" in text and "⟦What it means⟧" in text
    data = client.get("/problems/illegal_move", headers={**GU, "Accept": "application/json"}).get_json()
    assert data["code"] == "illegal_move" and data["status"] == 422 and data["fix"].startswith("⟦")
    urdu = client.get("/problems", headers={"Accept-Language": "ur"}).get_data(as_text=True)
    assert 'dir="rtl"' in urdu


def test_the_viewer_in_gujarati(client, pseudo):
    page = client.get("/viewer", headers=GU)
    _words_headers(page, "gu")
    text = page.get_data(as_text=True)
    assert '<html lang="gu"' in text and "⟦Hand viewer⟧" in text and 'title="⟦Back one move (←)⟧"' in text
    assert client.get("/viewer").get_data(as_text=True).count("⟦") == 0
    words = client.get("/viewer/words.json", headers=GU).get_json()
    assert words["move {step} of {total}"] == "⟦move {step} of {total}⟧"
    assert all(k in i18n.viewer_msgids() for k in words)
    script = client.get("/viewer/words.js", headers=GU)
    assert script.get_data(as_text=True).startswith("window.REFEREE_WORDS = {")
    _words_headers(script, "gu")


def test_only_an_answer_with_words_names_its_language(client):
    """A plain answer (numbers and card names) carries no ``Content-Language`` and does not vary with
    ``Accept-Language``; a refusal in words does, in every request of the same client."""
    record = client.post("/v1/games/sixes/deals", json={"seed": "words"}).get_json()
    for _ in range(2):
        plain = client.post("/v1/games/sixes/legal-moves", json={"record": record}, headers=GU)
        assert plain.status_code == 200
        assert "Content-Language" not in plain.headers and "Accept-Language" not in plain.headers.get("Vary", "")
        refused = client.post("/v1/games/sixes/legal-moves", json={"record": {**record, "dealer": 99}}, headers=GU)
        assert refused.status_code == 422
        _words_headers(refused, "gu")
