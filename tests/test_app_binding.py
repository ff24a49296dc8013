"""``Referee``'s shortcuts answer exactly as Flask does: the URL map bound once per host, the rule
each path matched, hooks skipped only where none is registered, answers started without a copy."""

from __future__ import annotations

import io

import pytest
from flask import Flask, Response, after_this_request, appcontext_tearing_down, request_tearing_down
from hypothesis import given, settings, strategies as st
from werkzeug.test import EnvironBuilder

from service import create_app
from service.http.wsgi import Answer

APP = create_app()

_HOSTS = st.one_of(st.none(), st.sampled_from([
    "127.0.0.1:8000", "LOCALHOST", "referee.example:443", "referee.example:80", "[::1]:8000",
    "bücher.example", "bad host", "a" * 70 + ".example", "", "x.example:99999"]), st.text(max_size=12))
_PATHS = st.one_of(st.sampled_from([
    "/v1/games/buck-euchre/legal-moves", "/v1/games/b%C3%BCck/state", "/healthz", "/v1/games",
    "/v1/games/sixes", "//v1/games", "/nowhere", "/v1/games/", "/v1/games/sixes/", "/docs",
    "/v1/games/sixes/legal-moves/", "/metrics"]), st.text(min_size=1, max_size=20).map(lambda t: "/" + t))


def _environ(host, path, query, scheme, script, method, upgrade) -> dict:
    env = EnvironBuilder(path="/", method=method, base_url=f"{scheme}://127.0.0.1:8000").get_environ()
    env.pop("HTTP_HOST", None)
    if host is not None:
        env["HTTP_HOST"] = host.encode("utf-8").decode("latin-1")  # a WSGI string, as a server gives it
    env["PATH_INFO"] = path.encode("utf-8").decode("latin-1")
    env["QUERY_STRING"] = query.encode("utf-8").decode("latin-1")
    env["SCRIPT_NAME"] = script
    env["wsgi.input"] = io.BytesIO()
    if upgrade is not None:
        env["HTTP_CONNECTION"], env["HTTP_UPGRADE"] = upgrade
    return env


def _bound(create_url_adapter, env):
    """What a request's binding holds: the adapter's fields, the host Flask set, or the refusal."""
    request = APP.request_class(env)
    try:
        adapter = create_url_adapter(request)
    except Exception as exc:  # an untrusted host: Flask's RequestContext turns it into a 400
        return type(exc).__name__
    fields = ("server_name", "script_name", "subdomain", "url_scheme", "path_info", "default_method",
              "query_args", "websocket")
    return request.host, tuple(getattr(adapter, f) for f in fields), _matched(adapter, True), _matched(adapter, False)


def _matched(adapter, return_rule: bool):
    """The rule (or endpoint) and arguments a binding matches, or the refusal it raises."""
    try:
        found, args = adapter.match(return_rule=return_rule)
    except Exception as exc:  # 404, 405 (with the methods it allows) or a redirect (with its URL)
        return type(exc).__name__, getattr(exc, "new_url", None), sorted(getattr(exc, "valid_methods", None) or ())
    return found, args


@settings(max_examples=300, deadline=None)
@given(host=_HOSTS, path=_PATHS, query=st.sampled_from(["", "a=1", "q=%C3%BC&x", "ü=1"]),
       scheme=st.sampled_from(["http", "https"]), script=st.sampled_from(["", "/api", "/ä"]),
       method=st.sampled_from(["GET", "POST", "OPTIONS", "HEAD", "post", "BREW"]), upgrade=st.sampled_from([None, ("keep-alive, Upgrade", "websocket"), ("Upgrade", "h2c"),
                                 ("Upgrade", "websocket"), ("keep-alive", "websocket")]))
def test_a_kept_binding_is_the_one_flask_makes(host, path, query, scheme, script, method, upgrade):
    env = _environ(host, path, query, scheme, script, method, upgrade)
    flask_made = _bound(Flask.create_url_adapter.__get__(APP), dict(env))  # Flask's own method
    for _ in range(2):  # the first request of a host binds and keeps, and its route; the second reuses both
        assert _bound(APP.create_url_adapter, dict(env)) == flask_made


def test_the_same_host_on_other_paths_routes_each_path():
    client = APP.test_client()
    assert client.get("/healthz").status_code == 200
    assert client.get("/v1/games/sixes").get_json()["id"] == "sixes"
    assert client.get("/v1/games/nowhere").status_code == 404
    assert client.get("/healthz", base_url="https://other.example").status_code == 200


def test_untrusted_hosts_are_refused_every_time():
    app = create_app({"TRUSTED_HOSTS": ["referee.example"]})
    client = app.test_client()
    assert client.get("/healthz", base_url="http://referee.example").status_code == 200
    for _ in range(2):
        assert client.get("/healthz", base_url="http://evil.example").status_code == 400
    assert not app._bindings


def test_bindings_kept_are_bounded():
    app = create_app()
    client = app.test_client()
    for i in range(300):
        assert client.get("/healthz", headers={"Host": f"h{i}.example"}).status_code == 200
    assert len(app._bindings) == 256


def test_a_kept_route_gives_each_request_its_own_arguments():
    env = _environ("127.0.0.1:8000", "/v1/games/sixes/state", "", "http", "", "POST", None)
    first = APP.create_url_adapter(APP.request_class(dict(env))).match(return_rule=True)[1]
    first["game_id"] = "changed by a hook"
    again = APP.create_url_adapter(APP.request_class(dict(env))).match(return_rule=True)[1]
    assert again == {"game_id": "sixes"}


def test_routes_kept_are_bounded_and_long_paths_never_kept():
    app = create_app()
    client = app.test_client()
    for i in range(1100):
        assert client.post(f"/v1/games/g{i}/state", json={}).status_code == 404  # unknown game, matched route
        assert len(app._routes) <= 1024
    app._routes.clear()
    long = "x" * 300
    assert client.post(f"/v1/games/{long}/state", json={}).status_code == 404
    assert client.get(f"/{long}").status_code == 404
    assert not app._routes


def test_hooks_registered_run_as_flask_runs_them():
    app = create_app()
    ran = []

    @app.url_value_preprocessor
    def preprocess(endpoint, values):
        ran.append(("preprocess", endpoint, dict(values or {})))

    @app.before_request
    def before():
        ran.append("before")

    @app.after_request
    def after(response):
        response.headers["X-After"] = "yes"
        return response

    @app.teardown_request
    def teardown(exc):
        ran.append(("teardown", exc))

    @app.teardown_appcontext
    def teardown_app(exc):
        ran.append(("teardown_app", exc))

    answer = app.test_client().get("/v1/games/sixes")
    assert answer.status_code == 200 and answer.headers["X-After"] == "yes"
    assert ran == [("preprocess", "api.game_entry", {"game_id": "sixes"}), "before", ("teardown", None),
                   ("teardown_app", None)]


def test_signals_and_after_this_request_reach_a_hookless_app():
    app = create_app()
    seen = []

    @app.get("/probe")
    def probe():
        @after_this_request
        def mark(response):
            response.headers["X-Marked"] = "1"
            return response
        return {"ok": True}

    def on_request(sender, exc, **extra):
        seen.append(("request", sender is app, exc))

    def on_app(sender, exc, **extra):
        seen.append(("app", sender is app, exc))
    with request_tearing_down.connected_to(on_request, app), appcontext_tearing_down.connected_to(on_app, app):
        answer = app.test_client().get("/probe")
    assert answer.headers["X-Marked"] == "1"
    assert seen == [("request", True, None), ("app", True, None)]


_STATUSES = [200, 201, 204, 304, 101, 404, 412, 422, 500, 99]
_HEADERS = st.lists(st.sampled_from([("Location", "/elsewhere/ü"), ("Content-Location", "/här"),
                                     ("X-Other", "1"), ("Content-Language", "en"), ("location", "x")]),
                    max_size=3, unique=True)
_BODIES = st.one_of(st.binary(max_size=20), st.text(max_size=20),
                    st.lists(st.one_of(st.binary(max_size=8), st.text(max_size=8)), max_size=3))


@settings(max_examples=400, deadline=None)
@given(status=st.sampled_from(_STATUSES), headers=_HEADERS, body=_BODIES,
       method=st.sampled_from(["GET", "POST", "HEAD"]), drop_length=st.booleans(),
       on_close=st.booleans(), passthrough=st.booleans())
def test_an_answer_starts_as_werkzeug_starts_it(status, headers, body, method, drop_length, on_close, passthrough):
    env = EnvironBuilder(path="/x", method=method).get_environ()
    started = []
    for cls in (Response, Answer):
        resp = cls(body, status, headers=headers, content_type="application/json")
        if drop_length:
            resp.headers.pop("Content-Length", None)
        if on_close:
            resp.call_on_close(lambda: None)
        resp.direct_passthrough = passthrough
        app_iter, status_line, items = resp.get_wsgi_response(env)
        started.append((list(app_iter), status_line, items))
        if hasattr(app_iter, "close"):
            app_iter.close()
    assert started[1] == started[0]


@pytest.mark.parametrize("path", ["/v1/games/sixes/state", "/v1/games"])
def test_every_answer_is_one_the_app_class_builds(path):
    answer = APP.test_client().open(path, method="POST" if path.endswith("state") else "GET", json={})
    assert answer.status_code in (200, 400, 422) and answer.headers["Content-Length"] == str(len(answer.data))


def _fields(value) -> dict:
    """An object's fields, each header list as its items: what two answers must agree on."""
    return {k: v._list if k == "headers" else v for k, v in vars(value).items()}


@settings(max_examples=200, deadline=None)
@given(body=st.binary(max_size=300), status=st.sampled_from([200, 201, 400, 404, 413, 422, 500, 503]))
def test_a_json_answer_is_the_answer_werkzeug_builds(body, status):
    """``Answer.of_json`` builds exactly the object ``Answer(body, status, content_type=...)`` builds:
    the same fields with the same values, headers in the same order, and it starts the same."""
    plain, fast = Answer(body, status, content_type="application/json"), Answer.of_json(body, status)
    assert _fields(fast) == _fields(plain) and type(fast.headers) is type(plain.headers)
    env = EnvironBuilder(path="/x", method="POST").get_environ()
    assert [list(a) if i == 0 else a for i, a in enumerate(fast.get_wsgi_response(env))] == \
        [list(a) if i == 0 else a for i, a in enumerate(plain.get_wsgi_response(env))]
    fast.headers["X-Late"] = "1"  # what Flask and the hooks do later to an answer works on it too
    assert fast.headers["X-Late"] == "1" and fast.headers["Content-Length"] == str(len(body))
