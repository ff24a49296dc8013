"""Validate real responses against openapi.yaml, so the contract and the code cannot drift apart."""

from functools import cache
from pathlib import Path

import fastjsonschema
import jsonschema
import yaml
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: the spec is large
SPEC_FILE = Path(__file__).resolve().parent.parent / "openapi.yaml"


@cache
def spec() -> dict:
    return yaml.load(SPEC_FILE.read_text(), Loader=LOADER)


def _consts_as_enum(node):
    """The contract's documented enums (``oneOf`` of distinct ``const`` + ``description``) as the
    ``enum`` they equal: the same verdict, without trying every branch for every value."""
    if isinstance(node, list):
        return [_consts_as_enum(v) for v in node]
    if not isinstance(node, dict):
        return node
    branches = node.get("oneOf")
    if branches and all(isinstance(b, dict) and "const" in b and set(b) <= {"const", "description", "title"}
                        for b in branches):
        values = [b["const"] for b in branches]
        if len(set(map(repr, values))) == len(values):
            rest = {k: _consts_as_enum(v) for k, v in node.items() if k != "oneOf"}
            return {**rest, "enum": values}
    return {k: _consts_as_enum(v) for k, v in node.items()}


@cache
def _validation_spec() -> dict:
    return _consts_as_enum(spec())


@cache
def _registry():
    return Registry().with_resource("urn:spec", Resource.from_contents(_validation_spec(),
                                                                       default_specification=DRAFT202012))


def _fix_refs(node):
    if isinstance(node, dict):
        return {k: ("urn:spec" + v if k == "$ref" and v.startswith("#") else _fix_refs(v)) for k, v in node.items()}
    if isinstance(node, list):
        return [_fix_refs(v) for v in node]
    return node


def response_schema(path: str, method: str, status: int) -> dict:
    op = _validation_spec()["paths"][path][method.lower()]
    resp = op["responses"][str(status)]
    content = resp["content"]
    return _fix_refs(next(iter(content.values()))["schema"]), next(iter(content))


@cache
def _validator(path: str, method: str, status: int):
    """One validator per answer of the contract: built once, its references resolved once."""
    schema, mime = response_schema(path, method, status)
    return jsonschema.Draft202012Validator(schema, registry=_registry()), mime


@cache
def _compiled() -> dict:
    """Every answer of the contract as one compiled check (fastjsonschema), keyed as ``_validator``.

    One module for all answers: each component's check is generated once and shared, so the
    whole contract compiles in about a second, and a check runs some 20 times faster than
    ``jsonschema`` walking the schema. ``jsonschema`` stays the reference: it words every failure,
    and tests/test_contract.py checks that the two give the same verdicts.
    """
    spec = _validation_spec()
    keys, schemas = [], {}
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            for status, response in (operation.get("responses") or {}).items() if isinstance(operation, dict) else ():
                if "content" in response:
                    keys.append((path, method, int(status)))
                    schemas[str(len(schemas))] = next(iter(response["content"].values()))["schema"]
    components = sorted(spec["components"]["schemas"])
    keys += [("component", name) for name in components]
    schemas.update({str(len(schemas) + i): {"$ref": f"#/components/schemas/{name}"} for i, name in enumerate(components)})
    root = {"components": spec["components"], "answers": schemas,
            "anyOf": [{"$ref": f"#/answers/{i}"} for i in schemas]}
    namespace: dict = {}
    exec(compile(fastjsonschema.compile_to_code(root, use_default=False),
                 "<openapi.yaml>", "exec"), namespace)
    return {key: namespace[f"validate___answers_{i}"] for i, key in enumerate(keys)}


def passes_compiled(path: str, method: str, status: int | None, payload) -> bool:
    """``path`` ``method`` ``status``'s answer schema, or (``"component"``, name, None) a component's."""
    try:
        _compiled()[(path, method.lower(), status) if status is not None else (path, method)](payload)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


def check_response(path: str, method: str, resp) -> None:
    """Assert ``resp`` (a Flask test response) is what the contract promises for ``path``."""
    assert resp.status_code < 500, resp.get_data(as_text=True)
    validator, mime = _validator(path, method, resp.status_code)
    assert resp.mimetype == mime, (resp.mimetype, mime)
    payload = resp.get_json()
    if not passes_compiled(path, method, resp.status_code, payload):
        validator.validate(payload)  # the reference words the failure
        raise AssertionError(f"only the compiled check refuses this answer of {method} {path}: {payload!r}"[:2000])


def call(client, method: str, path: str, **kwargs):
    resp = client.open(path, method=method, **kwargs)
    check_response(path, method, resp)
    return resp


def conforms(payload, component: str) -> None:
    """A piece of an answer against one component of openapi.yaml (whole answers: ``call``)."""
    if not passes_compiled("component", component, None, payload):
        _component_validator(component).validate(payload)  # the reference words the failure
        raise AssertionError(f"only the compiled check refuses this {component}: {payload!r}"[:2000])


@cache
def _component_validator(component: str):
    schema = _fix_refs({"$ref": f"#/components/schemas/{component}"})
    return jsonschema.Draft202012Validator(schema, registry=_registry())


def post(client, path: str, body=None, **kwargs):
    """A POST whose answer is checked against the contract; the response itself is returned."""
    if body is not None:
        kwargs["json"] = body
    return call(client, "POST", path, **kwargs)


def post_ok(client, path: str, body, status: int = 200):
    """A POST that must answer ``status``; its JSON, checked against the contract."""
    resp = post(client, path, body)
    assert resp.status_code == status, resp.get_json()
    return resp.get_json()
