"""The card-game referee over HTTP. ``create_app`` is the WSGI app factory.

``create_app`` is loaded on first use (PEP 562), so ``import service.rules`` (the referee as a
library) and the ``referee`` command never import Flask.
"""

__all__ = ["create_app", "__version__"]

__version__ = "0.1.0"  # the one place: pyproject, the contract's info.version and the CLI read it


def __getattr__(name):
    if name == "create_app":
        from .app import create_app
        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
