"""The HTTP edge: the JSON API under ``/v1`` and the probes, and nothing a person reads as a page.

Thin by design: read the body under its caps (``envelope``, ``limits``), negotiate (``accept``),
call ``service.rules``, serialise (``api``, ``analysis``, ``tournaments``). Every failure leaves as
RFC 9457 problem+json with a stable code (``problems``, ``errors``); tokens seal records
(``tokens``); the access line, request ids and metrics are ``ops``; ``wsgi`` is Flask as the API
runs it. It imports the rules, the shared vocabulary (``service.contract``) and the translations
(``service.i18n``), never the pages or the command line.
"""
