"""Property-based fuzzing from openapi.yaml: no 5xx, and every answer conforms to the contract.

`make test` runs schemathesis's examples and fuzzing phases; `make fuzz` (CI runs it after `make
test`) its coverage phase: every keyword's boundary values, each required field missing, each wrong
type — some 27,000 cases drawn while the tests are collected, in every worker, which would double
this module's share of `make test` (a third of its CPU) and take it over its three minutes.
"""

import os

import schemathesis
from schemathesis.checks import negative_data_rejection, positive_data_acceptance
from hypothesis import HealthCheck, settings

from service import create_app

from .keys import TEST_KEYS

schema = schemathesis.openapi.from_wsgi("/openapi.yaml", create_app({"TESTING": True, "TOKEN_KEYS": TEST_KEYS}))
COVERAGE = os.environ.get("REFEREE_FUZZ_COVERAGE") == "1"
phases = schema.config.phases
phases.coverage.enabled = COVERAGE
phases.examples.enabled = phases.fuzzing.enabled = not COVERAGE
# a tournament body nests whole records several levels deep: generating one costs seconds, so these
# operations get fewer examples (their refusals are tested one by one in test_tournament_errors.py)
tournaments = schema.include(path_regex="/tournaments/")
schema = schema.exclude(path_regex="/tournaments/")


@schema.parametrize()
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_api_conforms_and_never_fails(case):
    # Schema-valid records are mostly impossible games (a card twice...), which the referee must
    # refuse with 422: so a valid-looking request may be rejected; every other check applies.
    # moves/validate answers every move it can read, even one with a value outside the listed ones
    # (the documents call those illegal moves, e.g. `invalid_suit`), with 200 `legal: false`.
    excluded = [positive_data_acceptance]
    if case.path.endswith("/moves/validate"):
        excluded.append(negative_data_rejection)
    case.call_and_validate(excluded_checks=excluded)


@tournaments.parametrize()
@settings(max_examples=5, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_tournaments_conform_and_never_fail(case):
    case.call_and_validate(excluded_checks=[positive_data_acceptance])


calculators = schema.include(path_regex=r"/(trick-winner|bids/validate|score|matches/score)$")
# schemathesis's own "positive data accepted" check, on: a body valid for the contract is answered
# 200, or 422 for an impossible game the schema cannot express (a card twice), never 400 (issue 11)
calculators.config.checks.positive_data_acceptance.expected_statuses = ["200", "422"]


@calculators.parametrize()
@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_calculators_accept_every_body_the_contract_allows(case):
    case.call_and_validate()  # every check, positive_data_acceptance included
