"""What every edge says alike: the problem codes (``problems``) and the contract document (``document``).

The HTTP edge answers with the codes, the problem pages explain them, the command line names them in
its own problem+json; the contract is served by the API and rendered by the reference page. Kept
apart so that none of those edges imports another's internals. ``problems`` is free of Flask (the
command line reads it); ``document`` serves the contract and so uses Flask.
"""
