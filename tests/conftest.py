import pytest

from service import create_app

from .keys import TEST_KEYS


@pytest.fixture(scope="session")
def app():
    return create_app({"TESTING": True, "TOKEN_KEYS": TEST_KEYS})


@pytest.fixture()
def client(app):
    return app.test_client()
