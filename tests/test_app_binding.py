"""``Referee.create_url_adapter`` keeps one binding of the URL map per host: it must bind exactly as Flask does."""

from __future__ import annotations

import io

from flask import Flask
from hypothesis import given, settings, strategies as st
from werkzeug.test import EnvironBuilder

from service import create_app

APP = create_app()

_HOSTS = st.one_of(st.none(), st.sampled_from([
    "127.0.0.1:8000", "LOCALHOST", "referee.example:443", "referee.example:80", "[::1]:8000",
    "bücher.example", "bad host", "a" * 70 + ".example", "", "x.example:99999"]), st.text(max_size=12))
_PATHS = st.one_of(st.sampled_from([
    "/v1/games/buck-euchre/legal-moves", "/v1/games/b%C3%BCck/state", "/healthz", "/v1/games",
    "/v1/games/sixes", "//v1/games", "/nowhere"]), st.text(min_size=1, max_size=20).map(lambda t: "/" + t))


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
    return request.host, tuple(getattr(adapter, f) for f in fields)


@settings(max_examples=300, deadline=None)
@given(host=_HOSTS, path=_PATHS, query=st.sampled_from(["", "a=1", "q=%C3%BC&x", "ü=1"]),
       scheme=st.sampled_from(["http", "https"]), script=st.sampled_from(["", "/api", "/ä"]),
       method=st.sampled_from(["GET", "POST", "OPTIONS"]), upgrade=st.sampled_from([None, ("keep-alive, Upgrade", "websocket"), ("Upgrade", "h2c"),
                                 ("Upgrade", "websocket"), ("keep-alive", "websocket")]))
def test_a_kept_binding_is_the_one_flask_makes(host, path, query, scheme, script, method, upgrade):
    env = _environ(host, path, query, scheme, script, method, upgrade)
    flask_made = _bound(Flask.create_url_adapter.__get__(APP), dict(env))  # Flask's own method
    for _ in range(2):  # the first request of a host binds and keeps; the second reuses
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
