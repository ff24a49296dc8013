"""``result.next_match``: the next hand's ``match``, typed as the game's own ``match`` with every field set.

One way to chain hands in every game (issue 13): a finished hand's ``next_match`` is exactly the
``match`` its next deal request (or record) takes, and ``next_dealer`` its ``dealer``; ``null`` once
the match is over (there is no next hand: a deal with those scores is ``match_already_over``).
"""

from __future__ import annotations

import copy

from marshmallow import Schema, missing

from .fields import nested

DESCRIPTION = ("the `match` object to send with the next hand (its deal request or record), as it is: "
               "every field set; with `next_dealer` as that hand's `dealer`. `null` once the match is over")


def next_match_field(prefix: str, match: type[Schema]):
    """A required, nullable ``next_match`` of schema ``{prefix}NextMatch``: ``match``'s fields, all required."""
    declared = {}
    for name, field in match._declared_fields.items():
        field = copy.deepcopy(field)
        field.required = True
        field.load_default = field.dump_default = missing
        declared[name] = field
    schema = Schema.from_dict(declared, name=f"{prefix}NextMatch")
    return nested(schema, nullable=True, description=DESCRIPTION)
