"""Which reasons each game's operations can answer, found by reading the referee's source (issue 13).

The contract lists, per game and operation, an enum of the `reason`s of its 422 problems and of its
`legal: false` / `valid: false` answers. Typing those lists by hand would drift from the code, so
they are computed here from every raise site, by a static scan of ``service/``:

- ``InvalidRecord("r", …)``: a record reason ``r``, of the game whose module raises it (or of every
  game, for the shared modules), renamed as that game's document names it (``Game.reasons``);
- ``return "r", detail`` (a refusal: how every check says no): a move reason;
- a reason that is not a literal is resolved where it comes from: ``refusal[0]`` is a refusal; an
  ``a if … else b`` is both; a parameter of the enclosing function is every value a caller passes
  (and its default). Anything else fails the scan: a dynamic reason must be resolvable to be listed.

A module belongs to one game (``service/rules/games/<game>…``), to every game (the shared core and the
HTTP layer) or to the tournaments/analysis endpoints only. The precision is the module's: an operation's
list may hold a reason another of the game's operations gives (an enum is what may come, never less);
``tests/test_reasons.py`` checks the scan against the registry of meanings
(``service/rules/reasons.py``), and every reason the test suite sees answered against the enum.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

SERVICE = Path(__file__).resolve().parent.parent / "service"
GAME_DIRS = {"court_piece": "court-piece", "five_hundred": "five-hundred", "bid_whist": "bid-whist",
             "buck_euchre": "buck-euchre", "sixes": "sixes"}
# the exception classes whose first argument is a reason, or (tournaments', analysis') a problem code
RAISERS = {"InvalidRecord": "record", "IllegalMove": "move", "TournamentError": "code", "AnalysisRefused": "code"}
# modules reached only by these endpoints: their reasons are not the game operations'
OWN_ENDPOINTS = {"rules/tournament": "tournaments", "http/tournaments.py": "tournaments",
                 "rules/analysis": "analysis", "http/analysis.py": "analysis", "cli/": "cli"}

# rules modules whose raises reach the client outside ``Game.documented_reasons`` (the match replay
# wraps only each hand's replay): their reasons are answered as raised (found by tests/reason_audit.py)
UNRENAMED = {"rules/match.py"}

# operations (suffix of the operationId) and what they can answer besides the record reasons
REPLAYS = {"State", "LegalMoves", "Move", "ValidateMove", "View", "OpenRecord", "ReplayMatch",
           "ScoreTournament", "Analysis", "Hint"}          # replay a record's moves: illegal_move too
CALCULATORS = {"TrickWinner", "ValidateBid", "Score", "ScoreMatch"}
CALLS = {"ValidateBid"}                                    # replays the auction's calls: illegal_move too


@dataclass(frozen=True)
class Site:
    path: str       # relative to service/
    line: int
    kind: str       # "record" or "move"
    reason: str     # the reason as raised (before a game's renaming)


def _scope(rel: str) -> str | None:
    """The game a module belongs to; None: every game (shared core, HTTP layer)."""
    parts = rel.split("/")
    if parts[:2] == ["rules", "games"] and len(parts) > 2:
        return GAME_DIRS[parts[2].removesuffix(".py")]
    return None


def _endpoint_group(rel: str) -> str:
    for prefix, group in OWN_ENDPOINTS.items():
        if rel.startswith(prefix):
            return group
    return "games"


def _name(func) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _strings(node) -> list[str] | None:
    """The string constants ``node`` may evaluate to, when it is built of them alone (else None)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        a, b = _strings(node.body), _strings(node.orelse)
        return a + b if a is not None and b is not None else None
    return None


class _Scan(ast.NodeVisitor):
    def __init__(self, rel: str, calls: dict):
        self.rel, self.calls, self.sites, self.unresolved, self.stack = rel, calls, [], [], []

    def visit_FunctionDef(self, node):
        self.stack.append(node)
        self.generic_visit(node)
        self.stack.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Return(self, node):
        value = node.value
        if isinstance(value, ast.Tuple) and len(value.elts) == 2 and self.stack:
            found = _strings(value.elts[0])
            if found and _looks_like_reason(found):
                self.sites += [Site(self.rel, node.lineno, "move", r) for r in found]
        self.generic_visit(node)

    def visit_Call(self, node):
        kind = RAISERS.get(_name(node.func))
        if kind and node.args:
            self._reason(node, node.args[0], kind)
        if _name(node.func) == "TournamentError":  # (code, detail, reason): the reason of a refused event
            given = node.args[2] if len(node.args) > 2 else next((k.value for k in node.keywords if k.arg == "reason"), None)
            if given is not None:
                self._reason(node, given, "event")
        self.generic_visit(node)

    def _reason(self, node, arg, kind):
        found = _strings(arg)
        if found is not None:
            self.sites += [Site(self.rel, node.lineno, kind, r) for r in found]
        elif (isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Name) and arg.value.id == "refusal"
              and isinstance(arg.slice, ast.Constant) and arg.slice.value == 0):
            self.sites.append(Site(self.rel, node.lineno, kind, "<refusal>"))
        elif isinstance(arg, ast.Attribute) and arg.attr == "reason":
            pass  # a wrapped referee error's own reason, listed where that error is raised
        elif isinstance(arg, ast.Attribute) and arg.attr == "code" and kind == "code":
            # a wrapped referee error passed on with its own code (tournaments: a table's bad record)
            self.sites += [Site(self.rel, node.lineno, kind, c) for c in ("invalid_record", "illegal_move")]
        elif isinstance(arg, ast.Name) and self.stack and (
                (values := self._parameter(arg.id)) is not None or (values := self._loop(arg.id)) is not None):
            self.sites += [Site(self.rel, node.lineno, kind, r) for r in values]
        else:
            self.unresolved.append(f"{self.rel}:{node.lineno}: {ast.unparse(arg)}")

    def _parameter(self, name: str) -> list[str] | None:
        """Every value the enclosing function's parameter ``name`` takes: its default and each caller's."""
        func = self.stack[-1]
        params = [a.arg for a in func.args.posonlyargs + func.args.args]
        if name not in params:
            return None
        i = params.index(name)
        defaults = dict(zip(params[len(params) - len(func.args.defaults):], func.args.defaults))
        values = []
        if name in defaults:
            values += _strings(defaults[name]) or []
        for call, caller in self.calls.get(func.name, []):
            given = call.args[i] if i < len(call.args) else next(
                (k.value for k in call.keywords if k.arg == name), None)
            if given is None or (isinstance(given, ast.Attribute) and given.attr == "reason"):
                continue  # not given, or a wrapped error's reason (listed where it is raised)
            found = _strings(given)
            if found is None and isinstance(given, ast.JoinedStr) and caller is not None:
                found = _formatted(given, caller)
            if found is None:
                return None
            values += found
        return values


    def _loop(self, name: str) -> list[str] | None:
        """``for name, … in table`` where ``table`` is a tuple of tuples, written there or assigned in the same function."""
        func = self.stack[-1]
        for loop in ast.walk(func):
            if not (isinstance(loop, ast.For) and isinstance(loop.target, ast.Tuple)
                    and isinstance(loop.iter, (ast.Name, ast.Tuple, ast.List))):
                continue
            names = [t.id if isinstance(t, ast.Name) else None for t in loop.target.elts]
            if name not in names:
                continue
            i = names.index(name)
            if not isinstance(loop.iter, ast.Name):
                rows = [_strings(row.elts[i]) if isinstance(row, ast.Tuple) else None for row in loop.iter.elts]
                if all(rows):
                    return [v for row in rows for v in row]
                continue
            for assign in ast.walk(func):
                if (isinstance(assign, ast.Assign) and any(isinstance(t, ast.Name) and t.id == loop.iter.id
                                                            for t in assign.targets)
                        and isinstance(assign.value, (ast.Tuple, ast.List))):
                    rows = [_strings(row.elts[i]) if isinstance(row, ast.Tuple) else None for row in assign.value.elts]
                    if all(rows):
                        return [v for row in rows for v in row]
        return None


def _formatted(node: ast.JoinedStr, func) -> list[str] | None:
    """``f"changes_{key}"`` inside ``for key in ("a", "b")``: every string it can be."""
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant):
            parts.append([value.value])
        elif isinstance(value, ast.FormattedValue) and isinstance(value.value, ast.Name):
            loops = [n for n in ast.walk(func) if isinstance(n, ast.For) and isinstance(n.target, ast.Name)
                     and n.target.id == value.value.id and isinstance(n.iter, (ast.Tuple, ast.List))]
            options = [_strings(e) for e in loops[0].iter.elts] if len(loops) == 1 else [None]
            if not all(options):
                return None
            parts.append([o for opt in options for o in opt])
        else:
            return None
    out = [""]
    for choices in parts:
        out = [a + b for a in out for b in choices]
    return out


def _looks_like_reason(values: list[str]) -> bool:
    return all(v and v.replace("_", "").isalnum() and v.islower() for v in values)


@cache
def scan() -> tuple[tuple[Site, ...], tuple[str, ...]]:
    """Every raise site of a reason under ``service/``, and the reasons it could not resolve."""
    trees = {p.relative_to(SERVICE).as_posix(): ast.parse(p.read_text(encoding="utf-8"))
             for p in sorted(SERVICE.rglob("*.py"))}
    calls: dict[str, list] = {}  # function name -> (call, the function it is made in)
    for tree in trees.values():
        funcs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        inner = {id(c): f for f in funcs for c in ast.walk(f) if isinstance(c, ast.Call)}  # innermost last
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func):
                calls.setdefault(_name(node.func), []).append((node, inner.get(id(node))))
    sites, unresolved = [], []
    for rel, tree in trees.items():
        visitor = _Scan(rel, calls)
        visitor.visit(tree)
        sites += visitor.sites
        unresolved += visitor.unresolved
    return tuple(sites), tuple(unresolved)


@cache
def game_reasons(game_id: str, group: str = "games") -> dict[str, tuple[str, ...]]:
    """``{"record": …, "move": …}``: the game's reasons of each kind, as its answers spell them."""
    from service.rules.games import GAMES
    game = GAMES[game_id]
    record, move = set(), set()
    for site in scan()[0]:
        scope, where = _scope(site.path), _endpoint_group(site.path)
        if (scope is not None and scope != game_id) or where not in ("games", group):
            continue
        if site.reason == "<refusal>" or site.kind == "code":
            continue  # a refusal's reasons are the move sites themselves
        if site.kind == "move":
            move.add(site.reason)
        elif site.kind == "event":  # a refused event's reason (tournaments only)
            record.add(site.reason)
        elif site.path.startswith("rules/") and site.path not in UNRENAMED:  # under Game.documented_reasons
            record.add(game.reasons.get(site.reason, site.reason))
        else:  # the HTTP layer's own (too_many_moves): never renamed
            record.add(site.reason)
    return {"record": tuple(sorted(record)), "move": tuple(sorted(move))}


def operation_reasons(game_id: str, operation: str) -> dict[str, tuple[str, ...]]:
    """For one game's operation (operationId without the game prefix): the reasons of its 422
    ``invalid_record`` and ``illegal_move`` problems and of its ``legal``/``valid: false`` answer."""
    found = game_reasons(game_id, group_of(operation))
    moves = operation in REPLAYS or operation in CALLS
    return {"invalid_record": found["record"],
            "illegal_move": found["move"] if moves else (),
            "answer": found["move"] if operation in ("ValidateMove", "ValidateBid") else ()}


# the problem codes of the HTTP layer, by status (service/http/api.py, service/http/errors.py; tests/test_reasons.py
# checks every literal ``ApiProblem(status, code)`` is here); a game's own path is never `unknown_game`
STATUS_CODES = {400: ("invalid_json", "invalid_request", "bad_host", "incomplete_body", "bad_request"), 403: ("seat_forbidden",),
                404: ("not_found",), 406: ("not_acceptable",), 413: ("payload_too_large",),
                415: ("unsupported_media_type",), 503: ("sealing_unavailable",)}
TOKEN_CODES = ("invalid_token", "token_expired")


def group_of(operation: str) -> str:
    return "tournaments" if operation == "ScoreTournament" else "analysis" if operation in ("Analysis", "Hint") \
        else "games"


@cache
def group_codes(group: str) -> tuple[str, ...]:
    """The 422 codes an endpoint group's own modules raise (tournaments', analysis')."""
    return tuple(sorted({s.reason for s in scan()[0] if s.kind == "code" and _endpoint_group(s.path) == group}))


def operation_codes(operation: str, statuses, takes_tokens: bool) -> dict[int, tuple[str, ...]]:
    """status -> the problem codes one operation can answer with it."""
    out = {}
    for status in statuses:
        if status == 422:
            codes = {"invalid_record"} | set(group_codes(group_of(operation)))
            if operation in REPLAYS or operation in CALLS:
                codes.add("illegal_move")
            if takes_tokens:
                codes.update(TOKEN_CODES)
            out[status] = tuple(sorted(codes))
        elif status in STATUS_CODES:
            out[status] = STATUS_CODES[status]
    return out
