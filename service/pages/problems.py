"""``/problems/{code}``: what each problem ``code`` means and how to fix the request.

Every problem's ``type`` is ``/problems/<code>``, a reference that resolves on the service that
answered (RFC 9457, 3.1.1), so a developer who meets a code can open its page. A page is HTML for a
browser and JSON for a client that asks for it.
"""

from __future__ import annotations

from html import escape

import orjson
from flask import Blueprint, Response, abort, request

from .. import i18n
from ..contract.problems import PROBLEM_TYPE, PROBLEMS
from ..rules.messages import M, N_
from .headers import policy, secure, style_hash

problem_pages = Blueprint("problem_pages", __name__)


def type_uri(code: str) -> str:
    return PROBLEM_TYPE + code


def describe(code: str, lang: str = i18n.DEFAULT) -> dict:
    """A code's page as data, its words in ``lang`` (``code``, ``type`` and ``status`` never change)."""
    status, title, meaning, fix = PROBLEMS[code]
    tr = i18n.translate
    return {"code": code, "type": type_uri(code), "status": status, "title": tr(title, lang),
            "meaning": tr(meaning, lang), "fix": tr(fix, lang)}


_STYLE = """body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}
code{background:#f3f3f3;padding:0 .2em}dt{font-weight:600;margin-top:1em}"""
_CSP = policy(styles=style_hash(_STYLE))  # the one inline style, by its hash; no script at all
_PAGE = """<!doctype html>
<html lang="{lang}" dir="{dir}"><head><meta charset="utf-8"><title>{title}</title>
<style>""" + _STYLE.replace("{", "{{").replace("}", "}}") + """</style></head><body>
{body}
<p><a href="/problems">{every}</a> · <a href="/docs">{reference}</a></p>
</body></html>
"""


def _html(lang: str, title: str, body: str) -> Response:
    tr = i18n.translate
    page = _PAGE.format(lang=lang, dir=i18n.direction(lang), body=body,
                        title=escape(tr(M("{title}: card referee problems", title=title), lang)),
                        every=escape(tr(N_("Every problem code"), lang)), reference=escape(tr(N_("API reference"), lang)))
    return _negotiated(secure(Response(page, mimetype="text/html"), _CSP))


def _negotiated(resp: Response) -> Response:
    """HTML or JSON by ``Accept``: a cache must keep the two apart (issue 30). Set here, not in an
    ``after_request`` hook: any hook sends every API answer through Flask's slower path."""
    resp.vary.add("Accept")
    return resp


def _wants_json() -> bool:
    best = request.accept_mimetypes.best_match(["text/html", "application/json", "application/problem+json"])
    return best in ("application/json", "application/problem+json")


def _code_html(text: str) -> str:
    """Backticks as <code>, everything else escaped."""
    parts = escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))


@problem_pages.get("/problems")
def index():
    lang = i18n.current()
    pages = [describe(c, lang) for c in PROBLEMS]
    if _wants_json():
        return _negotiated(Response(orjson.dumps({"problems": pages}), mimetype="application/json"))
    rows = "".join(f'<dt><a href="{d["type"]}"><code>{d["code"]}</code></a> ({d["status"]})</dt>'
                   f'<dd>{_code_html(d["meaning"])}</dd>' for d in pages)
    tr = i18n.translate
    intro = _code_html(tr(N_("Every error is RFC 9457 problem+json with one of these `code`s."), lang))
    body = f"<h1>{escape(tr(N_('Problem codes'), lang))}</h1><p>{intro}</p><dl>{rows}</dl>"
    return _html(lang, tr(N_("Problem codes"), lang), body)


@problem_pages.get("/problems/<code>")
def page(code):
    if code not in PROBLEMS:
        abort(404)
    lang = i18n.current()
    d = describe(code, lang)
    if _wants_json():
        return _negotiated(Response(orjson.dumps(d), mimetype="application/json"))
    tr = i18n.translate
    body = (f"<h1><code>{code}</code>: {escape(d['title'])}</h1>"
            f"<p>{escape(tr(M('HTTP status {status}.', status=d['status']), lang))}</p>"
            f"<dl><dt>{escape(tr(N_('What it means'), lang))}</dt><dd>{_code_html(d['meaning'])}</dd>"
            f"<dt>{escape(tr(N_('How to fix the request'), lang))}</dt><dd>{_code_html(d['fix'])}</dd></dl>")
    return _html(lang, d["title"], body)
