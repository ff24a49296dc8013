"""marshmallow's messages in a problem's ``errors`` (``invalid_request``), as msgids.

marshmallow writes them in English; those that carry no value are translated by their exact text
where the problem is rendered (``service.http.problems``). Those with a value formatted in (``Length must
be 4.``) stay English: marshmallow formats them before we see them.
"""

from __future__ import annotations

from ..rules.messages import N_

FIELD_MESSAGES = (
    N_("Unknown field."), N_("Invalid input type."), N_("Missing data for required field."),
    N_("Field may not be null."), N_("Invalid value."), N_("Invalid input."), N_("Invalid type."),
    N_("Not a valid integer."), N_("Not a valid string."), N_("Not a valid boolean."), N_("Not a valid list."),
    N_("Not a valid mapping type."), N_("Not a valid number."), N_("Not a valid tuple."),
    N_("Not an integer."), N_("Number too large."), N_("String does not match expected pattern."),
    N_("Special numeric values (nan or infinity) are not permitted."),
)
