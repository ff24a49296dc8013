import pytest

from service import create_app

from .keys import TEST_KEYS


@pytest.fixture(scope="session")
def app():
    return create_app({"TESTING": True, "TOKEN_KEYS": TEST_KEYS})


@pytest.fixture()
def client(app):
    return app.test_client()


# every answer of every test is checked against the contract's code and reason enums (issue 13)
from . import reason_audit  # noqa: E402

reason_audit.install()


@pytest.fixture(autouse=True)
def _answers_within_the_contracts_enums():
    start = len(reason_audit.MISSES)
    yield
    misses = reason_audit.MISSES[start:]
    if misses:
        pytest.fail("answers outside the contract's enums:\n" + "\n".join(sorted(set(misses))[:20]), pytrace=False)
