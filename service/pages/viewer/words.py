"""The viewer's words in the client's language: its pages translated where served, its scripts' words
as a JSON (``/viewer/words.json``, and as ``/viewer/words.js`` for the pages' ``t()``).

A page marks an element whose content is words with ``data-i18n`` (its inner HTML, tags and all, is
the msgid) and attributes with words with ``data-i18n-attr="title placeholder"``. The same reading
serves ``pybabel extract`` (``extract_html``, babel.cfg) and the page (``translate_page``), so what is
extracted is what is translated.
"""

from __future__ import annotations

from html import escape, unescape
from html.parser import HTMLParser

_VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())


class _Marks(HTMLParser):
    """(start, end, lineno, kind, text) of every marked content or attribute, by offsets in the source."""

    def __init__(self, source: str):
        super().__init__(convert_charrefs=False)
        self.source = source
        self.line_starts = [0]
        for i, ch in enumerate(source):
            if ch == "\n":
                self.line_starts.append(i + 1)
        self.stack: list[tuple[str, int | None, int]] = []  # tag, content start (marked only), lineno
        self.marks: list[tuple[int, int, int, str, str]] = []
        self.feed(source)
        self.close()

    def _offset(self) -> int:
        line, col = self.getpos()
        return self.line_starts[line - 1] + col

    def handle_starttag(self, tag, attrs):
        start = self._offset()
        text = self.get_starttag_text() or ""
        end = start + len(text)
        attrs = dict(attrs)
        for name in (attrs.get("data-i18n-attr") or "").split():
            value = attrs.get(name)
            if value:
                self._attr(start, text, name, value)
        if tag in _VOID:
            return
        self.stack.append((tag, end if "data-i18n" in attrs else None, self.getpos()[0]))

    def _attr(self, tag_start: int, tag_text: str, name: str, value: str) -> None:
        for quote in ('"', "'"):
            needle = f"{name}={quote}"
            i = tag_text.find(needle)
            if i >= 0:
                s = tag_start + i + len(needle)
                e = self.source.index(quote, s)
                self.marks.append((s, e, self.getpos()[0], "attr", value))
                return

    def handle_startendtag(self, tag, attrs):
        start = self._offset()
        text = self.get_starttag_text() or ""
        attrs = dict(attrs)
        for name in (attrs.get("data-i18n-attr") or "").split():
            if attrs.get(name):
                self._attr(start, text, name, attrs[name])

    def handle_endtag(self, tag):
        end = self._offset()
        while self.stack:
            open_tag, content_start, lineno = self.stack.pop()
            if open_tag == tag:
                if content_start is not None:
                    inner = self.source[content_start:end]
                    self.marks.append((content_start, end, lineno, "content", " ".join(inner.split())))
                return


def marks(source: str) -> list[tuple[int, int, int, str, str]]:
    return sorted(_Marks(source).marks)


def extract_html(fileobj, keywords, comment_tags, options):
    """Babel extraction method for the viewer's pages (babel.cfg): each marked text, as its msgid."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for _s, _e, lineno, _kind, text in marks(source):
        yield lineno, None, text, []


def translate_page(source: str, gettext) -> str:
    """The page with every marked text in the language of ``gettext``."""
    out, last = [], 0
    for start, end, _lineno, kind, text in marks(source):
        translated = gettext(text)
        if kind == "attr":
            translated = escape(unescape(translated), quote=True) if translated != text else source[start:end]
        elif translated == text:
            translated = source[start:end]  # untranslated: the page exactly as written
        out.append(source[last:start])
        out.append(translated)
        last = end
    out.append(source[last:])
    return "".join(out)
