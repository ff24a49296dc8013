"""Redocly's recommended ruleset (pinned in package.json) finds nothing in openapi.yaml."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def test_redocly_recommended_lint_is_clean():
    redocly = HERE / "node_modules" / ".bin" / "redocly"
    if not redocly.exists():
        pytest.fail("`make e2e` installs the npm tools in e2e/ (npm ci)")
    out = subprocess.run([str(redocly), "lint", "--format=json", "--extends=recommended",
                          str(HERE.parent / "openapi.yaml")], capture_output=True, text=True, timeout=300)
    report = json.loads(out.stdout)
    assert report["totals"] == {"errors": 0, "warnings": 0, "ignored": 0}, report["problems"][:10]
