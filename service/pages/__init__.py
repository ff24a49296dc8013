"""What a person reads in a browser: the hand and standings viewer, the problem pages, the API reference.

The pages hold no rules: the viewer asks the JSON API for every position, the problem pages render
``service.contract.problems``, the reference renders the contract (``/openapi.yaml``). Each module is
one Flask blueprint; every page comes in the client's language (``service.i18n``). It imports the
rules, the shared vocabulary and the translations, never the HTTP edge or the command line.
"""
