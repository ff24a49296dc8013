"""The translations: messages in English, Gujarati, Hindi and Urdu, chosen by ``Accept-Language``.

This package holds the catalogues (``locale/``), the word tables whose msgids the code marks
(``field_words``, ``catalogue_terms``) and the negotiation below; the HTTP edge and the pages render
through it, the rules only mark their words (``service.rules.messages``).

The referee writes its words in English, as gettext msgids: a refusal's detail is a message value
(``service.rules.messages.M``: a template and its parameters), a page's or the catalogue's words are
constants marked ``N_``. ``pybabel extract`` (``make messages``, babel.cfg) gathers them into
``service/i18n/locale/messages.pot``; each language's ``.po`` beside it is package data, read once per
process through Babel into a ``gettext`` ``Translations``. At the edge, a message is
rendered in the language the client negotiated (RFC 9110, 12.5.4: q-values, ``gu-IN`` -> ``gu``,
``*``), English when it names none of ours, and the answer says which (``Content-Language``) and
that it depends on the header (``Vary: Accept-Language``). Codes and reasons never change.
"""

from __future__ import annotations

import gettext as _gettext
from functools import cache
from io import BytesIO
from pathlib import Path

from babel import negotiate_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from ..rules.messages import M

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DEFAULT = "en"
LANGUAGES = ("en", "gu", "hi", "ur")  # English first: what ``*`` and no header get
DOMAIN = "messages"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The language's catalogue as gettext ``Translations`` (English: the msgids themselves).

    Read from the ``.po`` (compiled in memory by Babel) so that the text catalogue the translators
    write is the only file: no compiled ``.mo`` to keep in step. Fuzzy entries are not used.
    """
    if lang == DEFAULT or lang not in LANGUAGES:
        return _gettext.NullTranslations()
    path = po_path(lang)
    if not path.is_file():
        return _gettext.NullTranslations()
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buf = BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return Translations(buf, domain=DOMAIN)


def negotiate(header: str | None) -> str:
    """The language for an ``Accept-Language`` value: best q first, a region falls back to its language."""
    if not header:
        return DEFAULT
    from werkzeug.datastructures import LanguageAccept
    from werkzeug.http import parse_accept_header
    accept = parse_accept_header(header, LanguageAccept)  # sorted by q, q=0 left out of the values
    refused = {v.lower() for v, q in _raw_q(header) if q == 0}
    preferred = []
    for value, _q in accept:
        value = value.lower()
        if value == "*":
            preferred.extend(lang for lang in LANGUAGES if lang not in refused)
            break
        preferred.append(value)
    return negotiate_locale(preferred, [lang for lang in LANGUAGES if lang not in refused], sep="-") or DEFAULT


def _raw_q(header: str):
    """(value, q) of every entry, q=0 ones included (werkzeug drops them, but they refuse ``*``)."""
    for part in header.split(","):
        value, _, params = part.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            k, _, v = p.strip().partition("=")
            if k.strip().lower() == "q":
                try:
                    q = float(v)
                except ValueError:
                    q = 1.0
        yield value.strip(), q


def current() -> str:
    """The negotiated language of the request being answered (English outside a request)."""
    from flask import after_this_request, g, has_request_context, request
    if not has_request_context():
        return DEFAULT
    lang = g.get("referee_lang")
    if lang is None:
        lang = g.referee_lang = negotiate(request.headers.get("Accept-Language"))
        after_this_request(mark)  # the answer carries words: it says which language (only such answers pay)
    return lang


def translate(text, lang: str | None = None):
    """A message or msgid in ``lang`` (the request's by default); anything else unchanged."""
    if lang is None:
        lang = current()
    if lang == DEFAULT:
        return str(text) if isinstance(text, M) else text
    gettext = translations(lang).gettext
    if isinstance(text, M):
        return text.translate(gettext)
    if isinstance(text, str) and text:
        return gettext(text)
    return text


def direction(lang: str) -> str:
    """The script's direction, for a page's ``dir``: Urdu is written right to left."""
    return "rtl" if lang == "ur" else "ltr"


def catalogue_words(entry: dict, lang: str) -> dict:
    """A game's catalogue entry with its words in ``lang``: name, deck, option meanings, move types."""
    from .catalogue_terms import MOVE_TYPES
    moves = MOVE_TYPES.get(entry["id"], {})
    out = dict(entry)
    out["name"] = translate(entry["name"], lang)
    out["deck"] = translate(entry["deck"], lang)
    out["options"] = [{**o, "meaning": translate(o["meaning"], lang)} for o in entry["options"]]
    out["move_types"] = [{**m, "description": translate(moves[m["type"]], lang)} if m["type"] in moves else m
                         for m in entry["move_types"]]
    return out


def mark(response):
    """``Content-Language`` and ``Vary: Accept-Language`` on an answer that carries words."""
    from flask import g
    response.headers["Content-Language"] = g.get("referee_lang") or DEFAULT
    response.vary.add("Accept-Language")
    return response


def viewer_messages(lang: str) -> dict[str, str]:
    """The viewer's words in ``lang``: msgid -> text, for the page's ``t()`` (only its own msgids)."""
    return _viewer_messages(lang)


@cache
def _viewer_messages(lang: str) -> dict[str, str]:
    gettext = translations(lang).gettext
    out = {}
    for msgid in viewer_msgids():
        text = gettext(msgid)
        if text != msgid:
            out[msgid] = text
    return out


@cache
def viewer_msgids() -> tuple[str, ...]:
    """The msgids the template found in the viewer's files (its ``#:`` locations)."""
    pot = LOCALE_DIR / f"{DOMAIN}.pot"
    with pot.open("rb") as f:
        catalog = read_po(f)
    return tuple(m.id for m in catalog if m.id and any(loc.startswith("service/pages/viewer/") for loc, _ in m.locations))


__all__ = ["LANGUAGES", "DEFAULT", "negotiate", "translate", "translations", "catalogue_words", "current",
           "mark", "direction", "viewer_messages", "po_path", "LOCALE_DIR"]
