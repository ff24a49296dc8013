"""The catalogue and the contract change only with a deployment: ETag, Cache-Control and 304."""

import pytest

from .contract import call

CACHED = ["/v1/games", "/v1/games/sixes", "/v1/games/court-piece", "/openapi.yaml", "/openapi.json"]


@pytest.mark.parametrize("path", CACHED)
def test_etag_and_cache_control_then_304_on_if_none_match(client, path):
    first = client.get(path)
    tag = first.headers["ETag"]
    assert first.status_code == 200 and tag.startswith('"') and "max-age=300" in first.headers["Cache-Control"]
    again = client.get(path, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == tag
    other = client.get(path, headers={"If-None-Match": '"stale"'})
    assert other.status_code == 200 and other.data == first.data


def test_tags_differ_per_answer(client):
    tags = {client.get(p).headers["ETag"] for p in CACHED}
    assert len(tags) == len(CACHED)


def test_cached_catalogue_answers_still_conform(client):
    call(client, "GET", "/v1/games")
    call(client, "GET", "/v1/games/five-hundred")
