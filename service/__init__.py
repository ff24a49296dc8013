"""The card-game referee over HTTP. ``create_app`` is the WSGI app factory."""

from .app import create_app

__all__ = ["create_app"]
