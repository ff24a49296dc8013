"""The contract and a browsable reference, both served from installed packages: no CDN, works offline.

``/docs`` is Swagger UI rendering ``/openapi.yaml``, with "Try it out" sending real requests to this
same service. The Swagger UI files come from the ``flask-swagger-ui`` wheel, which vendors Swagger UI
5 (``dist/``); only its static files are used, not its blueprint. ``swagger-ui-bundle`` was the first
candidate but ships Swagger UI 4.15, which cannot render an OpenAPI 3.1 document such as ours. The
online validator badge is switched off (``validatorUrl: null``) so the page never calls out.
"""

from __future__ import annotations

from pathlib import Path

import flask_swagger_ui
from flask import Blueprint, Response, abort, send_from_directory

from ..contract.document import cacheable, spec_json, spec_text
from .headers import policy, secure, style_hash

docs = Blueprint("docs", __name__)
SWAGGER_DIR = Path(flask_swagger_ui.__file__).resolve().parent / "dist"
# The only files the page needs; anything else in the package's folder is not served.
# (Not its OAuth2 redirect page: the service has no OAuth, and that page runs an inline script.)
_ASSETS = frozenset({"swagger-ui.css", "index.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js",
                     "favicon-32x32.png", "favicon-16x16.png"})


@docs.get("/openapi.yaml")
def openapi_yaml():
    return cacheable(spec_text(), "application/yaml")


@docs.get("/openapi.json")
def openapi_json():
    return cacheable(spec_json(), "application/json")


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card referee: API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/docs/assets/index.css">
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png" sizes="32x32">
</head><body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="/docs/init.js"></script>
</body></html>
"""

# Kept out of the page itself so a strict Content-Security-Policy (script-src 'self') allows it.
_INIT = """window.ui = SwaggerUIBundle({
  url: "/openapi.yaml",
  dom_id: "#swagger-ui",
  validatorUrl: null,
  deepLinking: true,
  tryItOutEnabled: true,
  displayOperationId: true,
  defaultModelsExpandDepth: 0,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  plugins: [SwaggerUIBundle.plugins.DownloadUrl],
  layout: "StandaloneLayout"
});
"""


# "Try it out" sends its requests to this same service. Swagger UI draws its logo as an inline SVG
# holding one <style>: that text is allowed by its hash (e2e/test_security_headers.py sees it applied).
_LOGO_STYLE = ".logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}"
_CSP = policy(styles="'self' " + style_hash(_LOGO_STYLE))


@docs.get("/docs")
def reference():
    return secure(Response(_PAGE, mimetype="text/html"), _CSP)


@docs.get("/docs/init.js")
def reference_init():
    return Response(_INIT, mimetype="text/javascript")


@docs.get("/docs/assets/<name>")
def reference_asset(name):
    if name not in _ASSETS:
        abort(404)
    return send_from_directory(SWAGGER_DIR, name, max_age=86400)
