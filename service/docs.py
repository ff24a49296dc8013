"""The contract and a browsable reference, both served from the package: no CDN, works offline."""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path

import yaml
from flask import Blueprint, Response

docs = Blueprint("docs", __name__)
SPEC_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"


@cache
def spec_text() -> str:
    return SPEC_PATH.read_text(encoding="utf-8")


@docs.get("/openapi.yaml")
def openapi_yaml():
    return Response(spec_text(), mimetype="application/yaml")


@cache
def _reference_page() -> str:
    spec = yaml.safe_load(spec_text())
    rows = []
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            rows.append(f"<tr><td><code>{method.upper()}</code></td><td><code>{html.escape(path)}</code></td>"
                        f"<td>{html.escape(op.get('summary', ''))}</td></tr>")
    schemas = "".join(f'<li id="{html.escape(n)}"><details><summary><code>{html.escape(n)}</code></summary>'
                      f"<pre>{html.escape(yaml.safe_dump(s, sort_keys=False))}</pre></details></li>"
                      for n, s in spec["components"]["schemas"].items())
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(spec['info']['title'])}</title>
<style>body{{font:15px system-ui,sans-serif;max-width:70em;margin:2em auto;padding:0 1em}}
td{{padding:.2em .6em;border-bottom:1px solid #ddd}}pre{{background:#f6f6f6;padding:.5em}}</style></head>
<body><h1>{html.escape(spec['info']['title'])} {html.escape(spec['info']['version'])}</h1>
<p>{html.escape(spec['info'].get('description', ''))}</p><p>The full contract: <a href="/openapi.yaml">openapi.yaml</a>.</p>
<h2>Operations</h2><table>{''.join(rows)}</table><h2>Schemas</h2><ul>{schemas}</ul></body></html>"""


@docs.get("/docs")
def reference():
    return Response(_reference_page(), mimetype="text/html")
