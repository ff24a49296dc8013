"""A message as a value: an English template with named placeholders, rendered late.

The referee stays pure (no Flask, no Babel here): a refusal carries ``M("{seat} must follow suit",
seat=2)``, which reads as English wherever it is printed (logs, the CLI, ``str(exc)``) and which the
HTTP edge renders in the language the client negotiated (``service.i18n``). The template is the
gettext msgid, found by ``pybabel extract`` (keyword ``M``; babel.cfg), so every template is in the
catalogue and a translation keeps the same placeholders.
"""

from __future__ import annotations

import string

_FORMATTER = string.Formatter()


class M(str):
    """A message template plus its parameters; as a ``str`` it is the English text.

    Subclassing ``str`` keeps every caller that treats a detail as text (``len``, slicing,
    concatenation, comparisons in tests) working unchanged; ``template`` and ``params`` let a
    translator's catalogue render it again in another language.
    """

    __slots__ = ("template", "params")

    def __new__(cls, template: str, **params):
        self = str.__new__(cls, template.format_map(params) if params else template.replace("{{", "{").replace("}}", "}"))
        self.template = template
        self.params = params
        return self

    def translate(self, gettext) -> str:
        """The message in the language of ``gettext`` (a ``str -> str``); nested messages too.

        A translation that names a placeholder the template lacks falls back to the English: a
        broken catalogue must never turn a refusal into a 500 (a test keeps the sets equal).
        """
        try:
            return render(gettext(self.template), self.params, gettext)
        except (KeyError, IndexError, ValueError):
            return str(self)

    def __reduce__(self):
        return (_rebuild, (self.template, self.params))


def _rebuild(template, params):
    return M(template, **params)


def render(template: str, params: dict, gettext) -> str:
    if gettext is not None:
        params = {k: (v.translate(gettext) if isinstance(v, M) else v) for k, v in params.items()}
    return template.format_map(params)


def placeholders(template: str) -> frozenset[str]:
    """The named fields of a template (``{seat}`` -> ``seat``); a test compares them per language."""
    return frozenset(name.split(".")[0].split("[")[0] for _, name, _, _ in _FORMATTER.parse(template)
                     if name is not None)


def N_(text: str) -> str:
    """Marks a constant for extraction (a game's name, a page's words); translated where shown."""
    return text


__all__ = ["M", "N_", "placeholders", "render"]
