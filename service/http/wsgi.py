"""Flask as the API runs it: the answer class and the app class, with what Flask would otherwise work
out again on every request remembered once (docs/PERFORMANCE.md)."""

from __future__ import annotations

from flask import Flask, Response, appcontext_tearing_down, request_tearing_down
from flask.globals import request_ctx
from flask.sessions import NullSession, SecureCookieSessionInterface
from werkzeug.datastructures import Headers
from werkzeug.routing import MapAdapter



class _NoSessions(SecureCookieSessionInterface):
    """The API keeps no sessions (it sets no ``SECRET_KEY``): every request shares one null session,
    which refuses writes as Flask's own does, instead of a new one built per request."""

    _null = NullSession()

    def open_session(self, app, request):
        return super().open_session(app, request) if app.secret_key else self._null


# What Flask's binding of the URL map reads from the environ besides the path, query and method.
_BINDING_KEYS = ("HTTP_HOST", "SERVER_NAME", "SERVER_PORT", "wsgi.url_scheme", "SCRIPT_NAME",
                 "HTTP_CONNECTION", "HTTP_UPGRADE")
_BINDINGS_LIMIT = 256  # hosts are the client's to name: past this many, new ones are bound afresh
_ROUTES_LIMIT = 1024  # paths too: past this many, the routes found so far are forgotten
_ROUTE_PATH_LIMIT = 256  # a longer path is matched afresh every time


class Answer(Response):
    """Flask's response, started without a second copy of its headers where nothing needs fixing.

    Werkzeug copies the headers of every answer and reads them back to fix a ``Location``, a
    ``Content-Location`` or a body-less status. An answer of bytes with none of these (every JSON
    answer of the API) is started with its own headers, as werkzeug would start it.
    """

    @classmethod
    def of_json(cls, body: bytes, status: int = 200) -> "Answer":
        """``Answer(body, status, content_type="application/json")``, the very same object, built
        without werkzeug's checks of the two header values it makes itself (a constant and a
        length): each header set by name is checked for newlines and looked up in the list first.
        ``tests/test_app_binding.py`` checks that both build the same fields."""
        answer = cls.__new__(cls)
        headers = answer.headers = Headers()
        headers._list = [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
        answer.status = status
        answer.direct_passthrough = False
        answer._on_close = []
        answer.response = [body]
        return answer

    def get_wsgi_response(self, environ):
        status, body = self.status_code, self.response
        if (type(body) is list and not self._on_close and not self.direct_passthrough
                and not 100 <= status < 200 and status != 204 and status != 304
                and environ["REQUEST_METHOD"] != "HEAD"):
            items = self.headers.to_wsgi_list()
            sized = False
            for key, _ in items:
                key = key.lower()
                if key == "content-length":
                    sized = True
                elif key == "location" or key == "content-location":
                    break
            else:
                if sized and all(type(chunk) is bytes for chunk in body):
                    return body, self.status, items
        return super().get_wsgi_response(environ)


class _KnownRoutes(MapAdapter):
    """A binding that remembers which rule each path and method matched (``Referee``)."""

    def match(self, path_info=None, method=None, return_rule=False, query_args=None, websocket=None):
        path = self.path_info
        if path_info is not None or method is not None or websocket is not None or len(path) > _ROUTE_PATH_LIMIT:
            return super().match(path_info, method, return_rule, query_args, websocket)
        routes = self.routes
        key = (self.binding, path, self.default_method, return_rule)
        found = routes.get(key)
        if found is None:
            found = super().match(None, None, return_rule, query_args)  # a refusal (404, 405, redirect) raises
            if len(routes) >= _ROUTES_LIMIT:
                routes.clear()
            routes[key] = found
        return found[0], dict(found[1])  # the request's own arguments: a hook may change them


class Referee(Flask):
    """Flask with the answers it otherwise works out again on every request, and its hooks skipped
    where none is registered (the API registers none; CORS adds two)."""

    session_interface = _NoSessions()
    response_class = Answer

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._sync: dict = {}
        self._bindings: dict = {}
        self._routes: dict = {}

    def create_url_adapter(self, request):
        """The URL map bound to a request's host once per host, not once per request.

        Flask reads the host from the environ, checks its characters and IDNA-encodes it for every
        request, which cost more than matching the route. The answer depends only on the environ's
        host, port, scheme, script name and upgrade headers and on the config; a request that agrees
        with one already bound gets that binding with its own path, query and method, as
        ``Map.bind_to_environ`` would make it. A refused host (``TRUSTED_HOSTS``) is never kept.
        """
        config = self.config
        if request is None or config["TRUSTED_HOSTS"] is not None:
            return super().create_url_adapter(request)
        env = request.environ
        key = (config["SERVER_NAME"], *map(env.get, _BINDING_KEYS))
        bound = self._bindings.get(key)
        if bound is None:
            adapter = super().create_url_adapter(request)
            if adapter is not None and len(self._bindings) < _BINDINGS_LIMIT:
                self._bindings[key] = (request.host, adapter)
            return adapter
        host, adapter = bound
        request.host = host
        path, query = env.get("PATH_INFO"), env.get("QUERY_STRING")
        known = _KnownRoutes(adapter.map, adapter.server_name, adapter.script_name, adapter.subdomain,
                             adapter.url_scheme, "/" if path is None else _wsgi_text(path),
                             env["REQUEST_METHOD"], None if query is None else _wsgi_text(query))
        known.binding, known.routes = key, self._routes
        return known

    def preprocess_request(self):
        if self.url_value_preprocessors or self.before_request_funcs:
            return super().preprocess_request()
        return None

    def process_response(self, response):
        ctx = request_ctx._get_current_object()
        if self.after_request_funcs or getattr(ctx, "_after_request_functions", True) \
                or not self.session_interface.is_null_session(getattr(ctx, "_session", None)):
            return super().process_response(response)
        return response

    def do_teardown_request(self, *exc):
        if self.teardown_request_funcs or not exc:
            return super().do_teardown_request(*exc)
        request_tearing_down.send(self, _async_wrapper=self.ensure_sync, exc=exc[0])

    def do_teardown_appcontext(self, *exc):
        if self.teardown_appcontext_funcs or not exc:
            return super().do_teardown_appcontext(*exc)
        appcontext_tearing_down.send(self, _async_wrapper=self.ensure_sync, exc=exc[0])

    def ensure_sync(self, func):
        """Whether a view or hook is ``async`` is asked once per function, not once per request."""
        sync = self._sync.get(func)
        if sync is None:
            sync = super().ensure_sync(func)
            if len(self._sync) < 4096:  # views, hooks and handlers: a fixed set
                self._sync[func] = sync
        return sync


def _wsgi_text(value: str) -> str:
    """A WSGI string (bytes as latin-1) as the text the client sent, as werkzeug reads it."""
    return value if value.isascii() else value.encode("latin-1").decode(errors="replace")
