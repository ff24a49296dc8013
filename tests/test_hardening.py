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
