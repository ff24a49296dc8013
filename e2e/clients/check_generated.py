"""What openapi-generator made of openapi.yaml, read from its sources (no Kotlin or Swift compiler here).

``check(kind, folder)`` finds every model, the empty ones (a class or struct with no property: a
body that cannot be sent), and for each union of the contract (a component that is a ``oneOf``) the
type generated for it: a ``sealed interface`` (Kotlin) or an ``enum`` with one case per variant
(Swift). ``python -m e2e.clients.check_generated KIND FOLDER`` prints the findings.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import yaml

SPEC = Path(__file__).resolve().parent.parent.parent / "openapi.yaml"


def unions() -> dict[str, int]:
    """Each union component of the contract and its number of variants."""
    schemas = yaml.load(SPEC.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))["components"]["schemas"]
    return {name: len(s["oneOf"]) for name, s in schemas.items()
            if "oneOf" in s and all("$ref" in m for m in s["oneOf"])}


def _models(folder: Path, suffix: str) -> dict[str, str]:
    return {p.stem: p.read_text() for p in folder.rglob(f"*{suffix}") if "/models/" in str(p).lower()}


def check(kind: str, folder: Path) -> dict:
    problems, found = [], 0
    if kind.startswith("kotlin"):
        models = _models(folder, ".kt")
        for name, text in models.items():
            if re.search(r"\bclass \w+\s*\(\s*\)", text) or ("data class" in text and "val " not in text):
                problems.append(f"empty model {name}")
        for name, variants in unions().items():
            text = models.get(name, "")
            if kind == "kotlin":  # the default (Moshi) library: an interface the variants' fields
                ok = re.search(rf"\binterface {name}\b", text)
            else:  # kotlinx.serialization with the oneOf wrappers: sealed, one wrapper per variant
                ok = re.search(rf"\bsealed interface {name}\b", text) and text.count(f") : {name}") == variants
            found += bool(ok)
            if not ok:
                problems.append(f"union {name} is not a{' sealed' if kind != 'kotlin' else 'n'} interface")
    elif kind == "swift":
        models = _models(folder, ".swift")
        for name, text in models.items():
            struct = re.search(r"public struct \w+:[^{]*\{(.*)", text, re.S)
            if struct and not re.search(r"public (?:var|let) \w+", struct.group(1)):
                problems.append(f"empty model {name}")
        for name, variants in unions().items():
            body = re.search(rf"public (?:indirect )?enum {name}\b[^{{]*\{{(.*?)\n    public func", models.get(name, ""), re.S)
            ok = body and len(re.findall(r"^\s+case \w+\(", body.group(1), re.M)) == variants
            found += bool(ok)
            if not ok:
                problems.append(f"union {name} is not an enum with {variants} cases")
    else:
        raise ValueError(kind)
    return {"models": len(models), "unions": found, "problems": problems}


if __name__ == "__main__":
    print(json.dumps(check(sys.argv[1], Path(sys.argv[2])), indent=1))
