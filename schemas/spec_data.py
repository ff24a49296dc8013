"""The rules documents' examples as data the project owns: ``schemas/spec_examples.json``.

The rules documents (``<game>.md`` in the specification's rules folder, outside this repository)
are the spec; a clone of this repository alone has no such folder, so what the contract and the
tests take from them lives here: per game, every labelled worked example (number, kind, input,
expected), every JSON block of the "Worked examples" section under its example's name, every "API
bodies" example (path, input, expected) and every example of the "Variants" section (label, input,
expected), each exactly as the document writes it.

``python -m schemas.spec_data --rules DIR`` (``make spec-data REFEREE_SPEC_RULES=DIR``) rewrites
the snapshot from the documents; ``--check`` only compares, exit 1 when they differ. Nothing reads
a folder outside the repository unless told where it is: ``tests/test_spec_data.py`` runs the same
comparison where ``REFEREE_SPEC_RULES`` names the folder and says plainly when it does not.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from functools import cache
from pathlib import Path

SPEC_FILE = Path(__file__).with_name("spec_examples.json")
RULES_ENV = "REFEREE_SPEC_RULES"  # the rules documents' folder, where the specification is at hand
GAME_IDS = ("buck-euchre", "bid-whist", "five-hundred", "court-piece", "sixes")


def rules_dir() -> Path | None:
    """The rules documents' folder ``REFEREE_SPEC_RULES`` names, or None."""
    named = os.environ.get(RULES_ENV)
    return Path(named) if named else None


@cache
def load() -> dict:
    """game id -> {"worked", "worked_blocks", "bodies", "variants"} (the snapshot)."""
    return json.loads(SPEC_FILE.read_text(encoding="utf-8"))


# --- reading the documents (only where they are at hand) ---
def _split(text: str) -> tuple[str, str]:
    """(the document up to its "Variants", that section): variants come with examples of their own."""
    rules, _, rest = text.partition("\n## Variants")
    return rules, rest.split("\n## ", 1)[0]


def _worked(rules: str) -> list[dict]:
    """Every "### Example N: … (`kind`)" with its first JSON block's input and expected."""
    heading = re.compile(r"^### Example (\d+): [^\n]*\(`([a-z_]+)`\)\n(.*?)```json\n(.*?)```", re.S | re.M)
    found = []
    for number, kind, _, block in heading.findall(rules):
        data = json.loads(block)
        found.append({"number": number, "kind": kind, "input": data["input"], "expected": data.get("expected")})
    return found


_WORKED_LABEL = re.compile(r"^### (Example \d+)|^\*\*(E?\d+)\b", re.M)


def _worked_blocks(text: str) -> list[dict]:
    """Every JSON block of the "Worked examples" section, named by the example it belongs to
    (``Example 7``, ``E3``), with its input and expected where it has them (some blocks are a deal)."""
    if "\n## Worked examples" not in text:
        return []
    section = text.split("\n## Worked examples", 1)[1].split("\n## ", 1)[0]
    found, label = [], None
    marks = [(m.start(), m.group(1) or m.group(2)) for m in _WORKED_LABEL.finditer(section)]
    for block in re.finditer(r"```json\n(.*?)```", section, re.S):
        label = next((name for at, name in reversed(marks) if at < block.start()), None)
        data = json.loads(block.group(1))
        found.append({"label": label, "json": data})
    return found


def _bodies(rules: str, game_id: str) -> list[dict]:
    """Every ``{"input", "expected"}`` of the "API bodies" section, under the calculator path it shows."""
    if "\n## API bodies" not in rules:
        return []
    section = rules.split("\n## API bodies", 1)[1].split("\n## ", 1)[0]
    heading = re.compile(r"\*\*`POST /v1/games/" + re.escape(game_id) + r"(/[a-z/-]+)`\*\*")
    marks = list(heading.finditer(section))
    found = []
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(section)
        for block in re.findall(r"```json\n(.*?)```", section[mark.end():end], re.S):
            data = json.loads(block)
            for d in (data if isinstance(data, list) else [data]):
                found.append({"path": mark.group(1), "input": d["input"], "expected": d.get("expected")})
    return found


# a variant example's label: "#### Variant example HR1:", "**VA1: …**", "*V1.2 Made with a partner*"
_LABEL = re.compile(r"(?:Variant example |\*\*|(?<![*\w])\*)([A-Z]{1,3}\d+(?:\.\d+)?)\b")


def _variants(text: str) -> list[dict]:
    """Every ``{"input", …}`` of the "Variants" section, named by the label written before it."""
    found, last = [], 0
    for block in re.finditer(r"```json\n(.*?)```", text, re.S):
        labels = _LABEL.findall(text[last:block.start()])
        label = labels[-1] if labels else f"{len(found) + 1}"
        last = block.end()
        data = json.loads(block.group(1))
        items = [d for d in (data if isinstance(data, list) else [data]) if isinstance(d, dict) and "input" in d]
        for i, item in enumerate(items):
            name = label if len(items) == 1 else f"{label}{'abcdefghij'[i]}"
            found.append({"label": name.replace(".", "_"), "input": item["input"],
                          "expected": item.get("expected") or {}})
    return found


def extract(folder: Path) -> dict:
    out = {}
    for game_id in GAME_IDS:
        text = (folder / f"{game_id}.md").read_text(encoding="utf-8")
        rules, variants = _split(text)
        out[game_id] = {"worked": _worked(rules), "worked_blocks": _worked_blocks(text),
                        "bodies": _bodies(rules, game_id), "variants": _variants(variants)}
    return out


def dumps(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m schemas.spec_data", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", type=Path, default=rules_dir(),
                        help=f"the rules documents' folder (default: ${RULES_ENV})")
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 on a difference")
    args = parser.parse_args(argv)
    if args.rules is None or not args.rules.is_dir():
        print(f"no rules documents at {args.rules} (--rules DIR or ${RULES_ENV}): nothing to read",
              file=sys.stderr)
        return 2
    text = dumps(extract(args.rules))
    if args.check:
        same = SPEC_FILE.exists() and SPEC_FILE.read_text(encoding="utf-8") == text
        print(f"{SPEC_FILE.name} {'matches' if same else 'differs from'} {args.rules}")
        return 0 if same else 1
    SPEC_FILE.write_text(text, encoding="utf-8")
    print(f"wrote {SPEC_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
