"""Issue 30: the newer endpoints, the headers and the pages, hardened. One test (at least) per finding,
each failing without its fix; counted or compared, never timed."""

from __future__ import annotations

import pytest

from .test_tournament_errors import BE, ex


# --- 5: an id with a trailing newline (``re.match`` with ``$``) ---
@pytest.mark.parametrize("bad", ["ann\n", "ann\r\n", "\nann", "ann\nbob"])
def test_an_entrant_id_with_a_line_break_is_refused(client, bad):
    body = {k: v for k, v in ex("1").items() if k != "game"}
    good = body["entrants"][0]["id"]
    body["entrants"][0]["id"] = bad
    for rnd in body["rounds"]:
        for table in rnd["tables"]:
            table["seats"] = [bad if s == good else s for s in table["seats"]]
    resp = client.post(BE, json=body)
    assert resp.status_code == 400 and resp.get_json()["code"] == "invalid_request", resp.get_json()
    assert "entrants" in resp.get_json()["errors"]


def test_the_id_validator_matches_the_whole_string():
    from schemas.tournaments import _ID
    assert _ID("ann") == "ann"
    for bad in ("ann\n", "ann\n\n", "", "-ann", "a" * 65):
        with pytest.raises(Exception):
            _ID(bad)


# --- 4: header amplification (gunicorn joins repeated fields with ",") ---
from service.http.limits import MAX_HEADER_CHARS, MAX_HEADER_ENTRIES  # noqa: E402

DEALS = "/v1/games/buck-euchre/deals"
DEAL = {"seed": "h", "dealer": 0}


def _below_the_edge(app, monkeypatch, key):
    """The values of ``key`` that the app below the WSGI middleware (Flask, werkzeug's parsers) gets."""
    stamp, seen = app.wsgi_app, []
    inner = stamp.wsgi_app

    def recorder(environ, start_response):
        seen.append(environ.get(key))
        return inner(environ, start_response)
    monkeypatch.setattr(stamp, "wsgi_app", recorder)
    return seen


@pytest.mark.parametrize("header, first", [
    ("Accept-Language", "hi"), ("Accept", "application/json"), ("If-None-Match", '"x"'),
    ("Access-Control-Request-Headers", "content-type")])
def test_a_joined_header_is_parsed_only_up_to_its_caps(app, client, monkeypatch, header, first):
    seen = _below_the_edge(app, monkeypatch, "HTTP_" + header.upper().replace("-", "_"))
    joined = ",".join([first] + ["x-" + "a" * 8000] * 95)  # 95 fields of 8 KB, as gunicorn joins them
    many = ",".join([first] + ["en;q=0.1"] * 5000)
    for value in (joined, many):
        if header == "If-None-Match":
            assert client.get("/v1/games", headers={header: value}).status_code == 200
        elif header == "Accept-Language":  # a refusal has words: in the client's first choice, still read
            resp = client.post(DEALS, json={"seed": 5}, headers={header: value})
            assert resp.status_code == 400 and resp.headers["Content-Language"] == "hi", resp.get_json()
        else:
            assert client.post(DEALS, json=DEAL, headers={header: value}).status_code == 201
    assert len(seen) == 2
    for value in seen:
        assert value.startswith(first) and len(value) <= MAX_HEADER_CHARS and value.count(",") < MAX_HEADER_ENTRIES


def test_a_long_content_type_is_cut_before_it_is_parsed(app, client, monkeypatch):
    seen = _below_the_edge(app, monkeypatch, "CONTENT_TYPE")
    resp = client.post(DEALS, data=b'{"seed": "h"}', headers={"Content-Type": "application/json; " + "; ".join(["a=b"] * 150_000)})
    assert resp.status_code == 201
    assert seen[0].startswith("application/json;") and len(seen[0]) <= MAX_HEADER_CHARS


# --- 6 and 9: headers on every answer ---
def test_nosniff_on_every_answer_and_no_store_on_every_post(client):
    answers = [client.get(p) for p in ("/healthz", "/v1/games", "/openapi.yaml", "/viewer", "/viewer/viewer.js",
                                       "/docs", "/problems", "/problems/invalid_json", "/nowhere")]
    posts = [client.post(DEALS, json=DEAL), client.post(DEALS, json={"seal": True}),
             client.post(DEALS, data=b"{", content_type="application/json")]
    for resp in answers + posts:
        assert resp.headers["X-Content-Type-Options"] == "nosniff", resp.request.path
    for resp in posts:  # a seed, every seat's token, a refusal
        assert resp.headers["Cache-Control"] == "no-store"
    assert "seat_tokens" in posts[1].get_json() and posts[0].get_json()["seed"] == "h"


# --- 7: Vary: Origin wherever the CORS headers depend on the origin ---
@pytest.mark.parametrize("origins", [{"https://app.example"}, {"*"}])
@pytest.mark.parametrize("origin", ["https://app.example", "https://evil.example", None])
@pytest.mark.parametrize("path", ["/v1/games", "/openapi.yaml", "/openapi.json", "/healthz", "/problems"])
def test_every_answer_varies_with_origin_when_cors_is_on(origins, origin, path):
    from service import create_app
    client = create_app({"TESTING": True, "CORS_ORIGINS": frozenset(origins)}).test_client()
    headers = {"Origin": origin} if origin else {}
    resp = client.get(path, headers=headers)
    assert "Origin" in resp.headers.get("Vary", ""), (path, origin, dict(resp.headers))
    etag = resp.headers.get("ETag")
    if etag:  # the 304 a shared cache revalidates with says so too
        again = client.get(path, headers={**headers, "If-None-Match": etag})
        assert again.status_code == 304 and "Origin" in again.headers.get("Vary", "")
    posted = client.post(DEALS, json=DEAL, headers=headers)
    assert "Origin" in posted.headers.get("Vary", "")


# --- 8: werkzeug's own refusals say what was wrong ---
def test_a_bad_host_is_bad_host_not_invalid_json(client):
    for host in ("a" * 300, "a" * 64 + ".example"):
        resp = client.get("/healthz", headers={"Host": host})
        problem = resp.get_json()
        assert resp.status_code == 400 and problem["code"] == "bad_host" and "Host" in problem["detail"]
        assert resp.headers["X-Content-Type-Options"] == "nosniff"


def test_a_body_cut_short_is_incomplete_body(app):
    """The client went before its ``Content-Length`` was read (werkzeug's ``ClientDisconnected``)."""
    import io
    from werkzeug.test import EnvironBuilder
    env = EnvironBuilder(path="/v1/games/buck-euchre/deals", method="POST", data=b'{"seed": "h"}',
                         content_type="application/json").get_environ()
    env["CONTENT_LENGTH"], env["wsgi.input"] = "100", io.BytesIO(b'{"seed": "h"}')
    env.pop("wsgi.input_terminated", None)  # werkzeug's own reader: it counts the bytes against the length
    status = []
    body = b"".join(app(env, lambda s, h, e=None: status.append(s)))
    import orjson
    assert status[0].startswith("400") and orjson.loads(body)["code"] == "incomplete_body"


def test_a_range_past_the_end_is_its_own_code(client):
    resp = client.get("/docs/assets/index.css", headers={"Range": "bytes=999999999-"})
    assert resp.status_code == 416 and resp.get_json()["code"] == "range_not_satisfiable"


def test_every_code_answered_has_its_page(client):
    from service.contract.problems import PROBLEMS
    for code in ("bad_host", "incomplete_body", "bad_request", "range_not_satisfiable"):
        assert client.get(f"/problems/{code}").status_code == 200 and code in PROBLEMS


# --- 6: the pages' security headers (in a browser: e2e/test_security_headers.py) ---
PAGES = ("/viewer", "/viewer/tournament", "/docs", "/problems", "/problems/bad_host")


@pytest.mark.parametrize("path", PAGES)
def test_every_page_has_a_policy_and_cannot_be_framed(client, path):
    resp = client.get(path, headers={"Accept": "text/html"})
    assert resp.mimetype == "text/html"
    csp = dict(d.strip().split(" ", 1) for d in resp.headers["Content-Security-Policy"].split(";"))
    assert csp["script-src"] == "'self'" and csp["object-src"] == "'none'" and csp["frame-ancestors"] == "'none'"
    assert "'unsafe-inline'" not in resp.headers["Content-Security-Policy"]
    assert resp.headers["X-Frame-Options"] == "DENY" and resp.headers["Referrer-Policy"] == "no-referrer"
    assert "<script>" not in resp.get_data(as_text=True)  # every script is a file of the service's own


def test_named_embedders_may_frame_the_pages(monkeypatch):
    from service import create_app
    monkeypatch.setenv("REFEREE_FRAME_ANCESTORS", "https://club.example, https://x.test/ 'unsafe-inline';evil")
    resp = create_app({"TESTING": True}).test_client().get("/viewer")
    assert resp.headers["Content-Security-Policy"].endswith("frame-ancestors https://club.example https://x.test")
    assert "X-Frame-Options" not in resp.headers


def test_the_oauth_redirect_page_is_not_served(client):
    assert client.get("/docs/assets/oauth2-redirect.html").status_code == 404


@pytest.mark.parametrize("path", ["/problems", "/problems/bad_host"])
def test_a_problem_page_varies_with_accept(client, path):
    for accept in ("text/html", "application/json"):
        assert "Accept" in client.get(path, headers={"Accept": accept}).headers["Vary"]
