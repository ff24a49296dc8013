"""The security headers of the HTML pages (issue 30): a Content-Security-Policy each page satisfies,
who may frame it, and no referrer.

Every page loads its scripts and styles from this service (no inline script anywhere: the reference
starts Swagger UI from ``/docs/init.js``; the problem pages' one ``<style>`` is allowed by its hash),
so ``script-src 'self'`` holds. The viewer pages fetch ``?src=URL`` from any host that allows them
(CORS), so their ``connect-src`` is open to http(s); the other pages talk only to this service.
``e2e/test_security_headers.py`` loads every page in headless Chromium and checks that no violation is
reported while each page does its work.

No page may be framed (``frame-ancestors 'none'``, and ``X-Frame-Options: DENY`` for older
browsers) unless the operator names the sites that embed them in ``REFEREE_FRAME_ANCESTORS``
(space- or comma-separated origins, e.g. ``https://club.example``): then those, and no
``X-Frame-Options``, which cannot name a site.
"""

from __future__ import annotations

import base64
import hashlib
import os

from flask import Response, current_app

FRAME_ENV = "REFEREE_FRAME_ANCESTORS"


def style_hash(css: str) -> str:
    """A CSP source for one inline ``<style>`` element's exact text."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(css.encode("utf-8")).digest()).decode("ascii") + "'"


def frame_ancestors(value: str | None = None) -> str:
    """``REFEREE_FRAME_ANCESTORS`` as the directive's sources; ``'none'`` when it names nobody.

    Only origins (scheme, host, optional port) are taken: a value holding ``;`` or a quote could
    otherwise add directives to the policy."""
    value = os.environ.get(FRAME_ENV, "") if value is None else value
    sources = [s.rstrip("/") for s in value.replace(",", " ").split()
               if s.startswith(("https://", "http://")) and not any(c in s for c in ";'\"")]
    return " ".join(sources) or "'none'"


def policy(connect: str = "'self'", styles: str = "'self'") -> str:
    return ("default-src 'self'; script-src 'self'; style-src " + styles + "; img-src 'self' data:; "
            "connect-src " + connect + "; object-src 'none'; base-uri 'none'; form-action 'none'")


def secure(resp: Response, csp: str) -> Response:
    """An HTML page's answer with its policy, its framing rule and no referrer."""
    ancestors = current_app.config.get("FRAME_ANCESTORS") or "'none'"
    resp.headers["Content-Security-Policy"] = f"{csp}; frame-ancestors {ancestors}"
    if ancestors == "'none'":
        resp.headers["X-Frame-Options"] = "DENY"
    resp.headers["Referrer-Policy"] = "no-referrer"
    return resp
