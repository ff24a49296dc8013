"""Every catalogue says each concept in the players' words (issue 35; the tables beside the catalogues).

The glossary ships as data beside the catalogues (``service/i18n/locale/glossary``): ``concepts.csv``
tells which English msgids name a concept (a regular expression on the msgid with its codes taken
out, and the game it belongs to), and one table per language gives the concept's word and the words
not to use. A translation of a msgid that names a concept must hold the word and none of the
avoided words; no translation leaves an English word in running text (a quoted value, a code, a
placeholder, a card, an acronym or a name the glossary keeps is not running text); placeholders are
the msgid's; no entry is empty or fuzzy. The catalogues are read with Babel's own parser.
"""

from __future__ import annotations

import csv
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from service import i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = i18n.LOCALE_DIR  # the catalogues, where the service reads them
GLOSSARY_DIR = LOCALE_DIR / "glossary"
LANGUAGES = ("gu", "hi", "ur")
LETTER = {"gu": "\u0A80-\u0AFF", "hi": "\u0900-\u097F", "ur": "\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF"}
# endings written onto a word (Gujarati's postpositions, the plural and oblique forms), so that an
# avoided word is found inflected and not inside another word (સર in સરખા, سر in دوسرا)
ENDINGS = {"gu": "માંથી|માંનો|માંની|માંનું|માંનાં|માંના|માં|નો|ની|નું|નાં|ના|થી|ને|નેય|ે|ો|ોમાંથી|ોમાં|ોનો|ોની|ોનું|ોનાં|ોના|ોથી|ોને",
           "hi": "ों|ें|े|ियाँ|ियों", "ur": "وں|یں|ے"}
GAME_DIRS = {"court_piece": "court-piece", "bid_whist": "other", "five_hundred": "other",
             "buck_euchre": "other", "sixes": "other"}
COURT_PIECE_CUES = re.compile(r"court piece|\brung\b|\brang\b|\bsar\b|hidden (?:trump|rung|rang)|\bkot\b|luck card"
                              r"|chooser|deciding seat|\bcaller\b|\breveal|change.trump|call.trump|face.down", re.I)
OTHER_CUES = re.compile(r"euchre|whist|five hundred|sixes|\bkitty\b|\bmakers?\b|order.up|turn(?:ed)?.up|uptown"
                        r"|downtown|misere|contract|\bbooks?\b|no.trumps?|joker|name.trump", re.I)
CODE_SPANS = re.compile(r"`[^`]*`|<code>.*?</code>|<[^>]+>|\S*[_\[\]/{}]\S*|\S+\.\S+")
QUOTED = re.compile(r"`[^`]*`|<code>.*?</code>|<[^>]+>|\"[^\"]*\"|'[^']*'|“[^”]*”|«[^»]*»")
LATIN = re.compile(r"[A-Za-z]+")
CODE_CHUNK = re.compile(r"[_./\[\]{}=+*<>0-9]")
# the field a message is about, named first (``seat must be an integer``, ``match: unknown field``)
LEADING_FIELD = re.compile(r"^([a-z_]+)(?=(?:\[[^\]]*\])*(?:\.[\w{}\[\]]+)*(?::| must\b| may\b| is\b| has\b| exists\b))")
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


@cache
def concepts() -> dict[str, tuple[re.Pattern | None, str, re.Pattern | None]]:
    with (GLOSSARY_DIR / "concepts.csv").open(encoding="utf-8", newline="") as f:
        return {r["concept"]: (re.compile(r["names"], re.I) if r["names"] else None, r["game"],
                               re.compile(r["implied"], re.I) if r["implied"] else None)
                for r in csv.DictReader(f)}


def _words(cell: str) -> list[str]:
    return [w.strip() for w in cell.split("|") if w.strip()]


@cache
def glossary(lang: str) -> list[dict]:
    with (GLOSSARY_DIR / f"{lang}.csv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        assert r["concept"] in concepts(), f"{lang}.csv: {r['concept']!r} is not in concepts.csv"
        r["avoid"], r["except"] = _words(r["avoid"]), _words(r["except"])
    return rows


@cache
def kept() -> frozenset[str]:
    """Latin words a translation keeps as they are: JSON's literals, units, names (kept.txt)."""
    text = (GLOSSARY_DIR / "kept.txt").read_text(encoding="utf-8")
    return frozenset(w for line in text.splitlines() for w in line.split("#")[0].split())


@cache
def catalogue(lang: str):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def messages(lang: str):
    """(message, msgid, msgstr) of every entry, plural forms one by one."""
    for m in catalogue(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, (tuple, list)) else (m.id,)
        strs = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
        for i, s in enumerate(strs):
            yield m, ids[min(i, len(ids) - 1)], s


def game_of(message, msgid: str) -> str:
    """court-piece or other: where the message is written, else what it speaks of."""
    games = {GAME_DIRS.get(part) for path, _ in message.locations for part in Path(path).parts} - {None}
    if len(games) == 1:
        return games.pop()
    return "court-piece" if COURT_PIECE_CUES.search(msgid) and not OTHER_CUES.search(msgid) else "other"


def avoided(lang: str, text: str, word: str) -> bool:
    pattern = rf"(?<![{LETTER[lang]}]){re.escape(word)}(?:{ENDINGS[lang]})?(?![{LETTER[lang]}])"
    return re.search(pattern, text) is not None


def glossary_misses(lang: str, entries=None) -> list[str]:
    misses = []
    for message, msgid, msgstr in messages(lang) if entries is None else entries:
        if not msgstr:
            continue
        words = LEADING_FIELD.sub(" ", CODE_SPANS.sub(" ", msgid))
        game = game_of(message, msgid)
        found, said = {}, set()  # an avoided word is told once per message, under its first concept
        for row in glossary(lang):
            names, concept_game, implied = concepts()[row["concept"]]
            if names is not None and not names.search(words) or concept_game and concept_game != game:
                if row["only"] and not (implied and implied.search(words)) and avoided(lang, msgstr, row["word"]):
                    found[f"{row['concept']}: {row['word']} where the msgid names no {row['concept']}"] = None
                continue
            text = msgstr
            for phrase in row["except"]:
                text = text.replace(phrase, " ")
            if row["word"] and row["word"] not in text:
                found[f"{row['concept']}: no {row['word']}"] = None
            for w in row["avoid"]:
                if avoided(lang, text, w) and w not in said:
                    said.add(w)
                    found[f"{row['concept']}: {w}"] = None
        misses += [f"{what} in {msgid!r} -> {msgstr!r}" for what in found]
    return misses


def english_in_running_text(msgid: str, msgstr: str) -> list[str]:
    """The Latin words of a translation that are neither quoted nor a code, an acronym, a card or a kept name."""
    field = LEADING_FIELD.match(msgid)
    found = []
    for chunk in QUOTED.sub(" ", msgstr).split():
        if CODE_CHUNK.search(chunk.strip(",;:!?()")):
            continue  # a path, a field, a value with its digits: code
        for token in LATIN.findall(chunk):
            if not (token.isupper() or token in kept() or field and token == field.group(1)):
                found.append(token)
    return found


def english_misses(lang: str) -> list[str]:
    return [f"{words} in {msgid!r} -> {msgstr!r}" for _, msgid, msgstr in messages(lang)
            if msgstr and (words := english_in_running_text(msgid, msgstr))]


def entry_misses(lang: str) -> list[str]:
    misses = []
    for message, msgid, msgstr in messages(lang):
        if not msgstr:
            misses.append(f"empty: {msgid!r}")
        elif message.fuzzy:
            misses.append(f"fuzzy: {msgid!r}")
        elif sorted(PLACEHOLDER.findall(msgid)) != sorted(PLACEHOLDER.findall(msgstr)):
            misses.append(f"placeholders differ: {msgid!r} -> {msgstr!r}")
    return misses


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_concept_is_said_in_the_glossary_word(lang):
    misses = glossary_misses(lang)
    assert misses == [], f"{lang}: {len(misses)} translations off the glossary:\n" + "\n".join(misses)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_english_word_is_left_in_running_text(lang):
    misses = english_misses(lang)
    assert misses == [], f"{lang}: {len(misses)} translations with English in running text:\n" + "\n".join(misses)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_is_translated_with_its_placeholders(lang):
    misses = entry_misses(lang)
    assert misses == [], f"{lang}: " + "\n".join(misses)


def test_the_glossary_ships_with_the_package():
    """pyproject.toml's package-data takes the tables with the catalogues."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "locale/glossary/*" in text
    for lang in LANGUAGES:
        assert [r for r in glossary(lang) if r["word"] or r["avoid"]], f"{lang}.csv is empty"


@pytest.mark.parametrize("msgid, msgstr, lang, expected", [
    # the trick in seed 000's word; સર only in the variant names; not inside another word
    ("play a card to the trick", "સરમાં એક પત્તું ચાલો", "gu", 2),  # no હાથ, and સર
    ("play a card to the trick", "હાથમાં એક પત્તું ચાલો", "gu", 0),
    ("in single sar every trick counts", "સિંગલ સરમાં દરેક હાથ ગણાય", "gu", 0),
    ("two equal tricks", "બે સરખા હાથ", "gu", 0),
    ("the hand is over", "હાથ પૂરો થયો", "gu", 2),  # હાથ for a deal, and where no trick is named
    ("only the caller may reveal when leading", "હાથ શરૂ કરતી વખતે ફક્ત રંગ બોલનાર જ રંગ બતાવી શકે", "gu", 0),
    ("void in the led suit while holding the joker", "ચાલેલો સૂટ નથી અને જોકર હાથમાં છે", "gu", 1),
    # Court Piece's trump is રંગ, the other games' ટ્રમ્પ, decided by where the message is written
    ("only the caller may change trump", "ફક્ત રંગ બોલનાર જ ટ્રમ્પ બદલી શકે", "gu", 1),
    ("the winning bidder names the trump suit", "જીતનાર ટ્રમ્પનો સૂટ બોલે છે", "gu", 0),
    ("the winning bidder names the trump suit", "जीतने वाला रंग बोलता है", "hi", 2),
    ("deal.hands must be 4 hands of 5 cards", "deal.hands 5 پتوں کی 4 بازیاں ہونی چاہئیں", "ur", 1),
])
def test_the_glossary_check_catches_a_miss(msgid, msgstr, lang, expected):
    """The rule on made-up translations: what it must catch, and words it must leave alone."""
    located = [("service/rules/games/court_piece/checks.py", 1)] if "caller" in msgid else []
    misses = glossary_misses(lang, [(Message(msgid, msgstr, locations=located), msgid, msgstr)])
    assert len(misses) == expected, misses


@pytest.mark.parametrize("msgid, msgstr, expected", [
    ("direction must be uptown or downtown", "direction uptown કે downtown હોવું જોઈએ", ["uptown", "downtown"]),
    ("direction must be uptown or downtown", "direction \"uptown\" કે \"downtown\" હોવું જોઈએ", []),
    ("play the hand against the maker", "मेकर के विरुद्ध बाज़ी खेलें", []),  # in the script: the glossary's check
    ("calls[{value}]: only pass, order_up and name_trump are calls", "calls[{value}]: ફક્ત pass, order_up જ", ["pass"]),
    ("Send `Content-Type: application/json`.", "`Content-Type: application/json` મોકલો.", []),
    ("24 cards: 9 T J Q K A in S H D C", "24 પત્તાં: S H D C માં 9 T J Q K A", []),
    ("the match ends when a team's score is <= -target", "સ્કોર <= -target થાય", ["target"]),
])
def test_the_english_check_tells_running_text_from_codes(msgid, msgstr, expected):
    assert english_in_running_text(msgid, msgstr) == expected
