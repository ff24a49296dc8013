"""The contract itself: valid OpenAPI 3.1, generated from the schemas, covering exactly the routes."""

import re

from openapi_spec_validator import validate

from schemas.games import calculator_schema
from schemas.openapi import build
from service.rules.games import GAMES

from .contract import LOADER, SPEC_FILE, spec


def test_openapi_is_valid():
    validate(spec())


def test_openapi_yaml_is_what_the_generator_prints():
    import yaml
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    assert spec() == yaml.load(yaml.dump(build(), Dumper=dumper, sort_keys=False), Loader=LOADER), \
        "run `make openapi` and commit openapi.yaml"


# Pages and files for people and browsers, not API operations (the contract itself included).
NOT_API = {"/openapi.yaml", "/openapi.json", "/docs", "/docs/init.js", "/docs/assets/<name>", "/viewer", "/viewer/<name>",
           "/viewer/tournament"}


def test_every_served_route_is_in_the_spec_and_every_spec_path_is_served(app):
    served = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static" or rule.rule in NOT_API:
            continue
        if "<game_id>" in rule.rule:
            served |= {rule.rule.replace("<game_id>", g) for g in GAMES
                       if not _calculator_it_lacks(g, rule.rule)}
        else:
            served.add(re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule))
    assert served == set(spec()["paths"])


CALCULATOR_PATHS = {"/trick-winner": "trick_winner", "/bids/validate": "validate_bid", "/score": "score",
                    "/matches/score": "score_match"}


def _calculator_it_lacks(game_id: str, rule: str) -> bool:
    """A calculator a game does not have is served (404 ``not_found``) but not published."""
    if game_id == "sixes" and rule.endswith("/analysis"):  # no tricks to analyse (its hint plays: issue 32)
        return True
    method = CALCULATOR_PATHS.get(rule.removeprefix("/v1/games/<game_id>"))
    return method is not None and calculator_schema(game_id, method) is None


def test_every_operation_has_an_operation_id_and_problem_responses():
    for path, ops in spec()["paths"].items():
        for method, op in ops.items():
            assert re.fullmatch(r"[A-Za-z]+", op["operationId"])
            assert any(code.startswith("4") for code in op["responses"])


def test_docs_and_spec_are_served_offline(client):
    """The page loads Swagger UI from this service only; the browser test checks it renders."""
    page = client.get("/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    refs = re.findall(rb'(?:src|href)="([^"]+)"', page.data)
    assert refs and all(r.startswith(b"/") and not r.startswith(b"//") for r in refs), refs
    for ref in refs:
        asset = client.get(ref.decode())
        assert asset.status_code == 200 and len(asset.data) > 100, ref
    init = client.get("/docs/init.js").get_data(as_text=True)
    assert 'url: "/openapi.yaml"' in init and "validatorUrl: null" in init
    assert b"SwaggerUIBundle" in client.get("/docs/assets/swagger-ui-bundle.js").data
    assert client.get("/docs/assets/__init__.py").status_code == 404
    assert client.get("/openapi.yaml").data == SPEC_FILE.read_bytes()


def test_swagger_ui_assets_name_no_cdn(client):
    """The Swagger UI files themselves load nothing from a CDN (the browser test checks the page)."""
    for name in ("swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "swagger-ui.css", "index.css"):
        data = client.get(f"/docs/assets/{name}").data
        assert not re.search(rb"cdn\.|unpkg\.com|jsdelivr|cdnjs|fonts\.googleapis", data), name


def test_the_variant_examples_are_real_answers_that_fit_their_components():
    """Issue 15's examples in openapi.yaml: each validates against its own component."""
    from schemas.variant_examples import examples

    from .contract import conforms, spec
    for name, example in examples().items():
        assert spec()["components"]["schemas"][name]["example"] == example, name
        conforms(example, name)


def test_openapi_json_is_the_same_contract(client):
    import yaml
    resp = client.get("/openapi.json")
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    assert resp.get_json() == spec()


def test_one_version_number():
    from importlib.metadata import version

    from service import __version__
    assert spec()["info"]["version"] == __version__ == version("card-referee")


def test_every_operation_declares_no_authentication_and_servers_are_relative():
    assert spec()["security"] == [] and spec()["servers"][0]["url"] == "/"
    assert spec()["info"]["license"]["identifier"]


def test_the_compiled_check_and_jsonschema_give_the_same_verdicts(client):
    """tests/contract.py checks answers with a compiled validator; jsonschema is the reference.
    Real answers of every game and kind, and 1,500 of them broken at random places: same verdict."""
    import copy
    import random
    from functools import partial

    from .contract import _component_validator, _validator, passes_compiled
    answers = []
    for game_id in GAMES:
        base = f"/v1/games/{game_id}"
        record = client.post(f"{base}/deals", json={"seed": "verdicts", "dealer": 0}).get_json()
        answers.append((f"{base}/deals", 201, record))
        component = "".join(w.capitalize() for w in game_id.split("-")) + "Record"
        answers.append(("component", component, record))  # ``conforms`` checks components the same way
        for _ in range(6):
            moves = client.post(f"{base}/legal-moves", json={"record": record}).get_json()
            answers.append((f"{base}/legal-moves", 200, moves))
            if not moves["moves"]:
                break
            move = moves["moves"][-1]
            if "from" in move:
                move = {"seat": move["seat"], "type": move["type"], "cards": move["from"][:move["count"]]}
            answer = client.post(f"{base}/moves", json={"record": record, "move": move}).get_json()
            answers.append((f"{base}/moves", 200, answer))
            record = answer["record"]
        for path, body in (("state", {"record": record}), ("views", {"record": record, "seat": 1}),
                           ("moves/validate", {"record": record, "move": {"seat": 9, "type": "pass"}}),
                           ("moves", {"record": record, "move": {"seat": 9, "type": "pass"}})):
            resp = client.post(f"{base}/{path}", json=body)
            answers.append((f"{base}/{path}", resp.status_code, resp.get_json()))
    rng = random.Random(7)
    odd = [None, True, 0, -1, 1.5, "x", "", [], {}, [1], {"x": 1}, 2 ** 60]
    compared = 0
    for path, status, payload in answers:
        if path == "component":
            check = partial(passes_compiled, path, status, None)
            reference = _component_validator(status)
        else:
            check = partial(passes_compiled, path, "post", status)
            reference = _validator(path, "post", status)[0]
        assert check(payload) and reference.is_valid(payload), path
        for _ in range(1500 // len(answers) + 1):
            broken = copy.deepcopy(payload)
            node, key = _random_place(rng, broken)
            if key is None:
                continue
            choice = rng.random()
            if choice < 0.2 and isinstance(node, dict):
                del node[key]
            elif choice < 0.3 and isinstance(node, dict):
                node["unexpected"] = 1
            else:
                node[key] = rng.choice(odd)
            compared += 1
            assert check(broken) == reference.is_valid(broken), (path, status, broken)
    assert compared > 1200


def _random_place(rng, value):
    """A random container inside ``value`` and one of its keys or indices (None when empty)."""
    node, key = value, None
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        if not keys:
            return node, key
        key = rng.choice(keys)
        child = node[key]
        if not isinstance(child, (dict, list)) or not child or rng.random() < 0.35:
            return node, key
        node = child
