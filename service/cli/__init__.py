"""The ``referee`` command: the referee on files, with no server and no Flask.

``referee replay`` replays match logs, ``referee tournament`` scores a whole event (JSON or CSV),
``referee analyse`` gives a record's double-dummy values (``main``'s docstring says more). Each
subcommand is a module here that reads files, calls ``service.rules`` and prints; the exit status
is 0 when all is well, 1 when the referee refuses, 2 for unreadable input.
"""

from .main import EXIT_OK, EXIT_REFUSED, EXIT_USAGE, main

__all__ = ["main", "EXIT_OK", "EXIT_REFUSED", "EXIT_USAGE"]
