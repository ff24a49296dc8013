"""The service as gunicorn runs it, plus an ``X-Worker-Pid`` header: for tests and load runs only.

The header lets the determinism test and the fault test see which worker answered.
"""

import os

from service import create_app

app = create_app()


def application(environ, start_response):
    def start(status, headers, exc_info=None):
        return start_response(status, headers + [("X-Worker-Pid", str(os.getpid()))], exc_info)
    return app(environ, start)
