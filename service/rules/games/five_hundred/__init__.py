"""Five Hundred (Australian rules, Avondale schedule), 2 to 6 players — ``five-hundred``.

The rules are ``shared/rules/five-hundred.md``. Cards are the core's ints (``suit * 16 + rank`` with
suits S H D C = 0..3, the joker 64); the document's suit order S C D H appears only in listings and
in the canonical deck order.

Local mechanisms the core may want to hoist (see the report): the document's own ``invalid_record``
reason strings (``invalid_option``, ``invalid_dealer``, ``invalid_match``, ``invalid_card``,
``invalid_move``) are produced by overriding ``start``/``parse_move``; an option type that may be
``null`` and one with only a minimum (``_Option``); a free joker (no suit, wins every trick) on top of
``tricks.Ranking``.

The package reads by what changes together: ``tables`` (bids, packs, options, sides), ``ranking``
(card powers under a contract), ``auction``, ``hand`` (phases, checks, play, result, views),
``scoring`` (points and match end), ``game`` (reading a record, dealing) and ``calculators``;
``partner`` is the called-partner variant (``call_partner``).
"""

from .auction import Auction
from .calculators import Calculators
from .game import _MOVE_FIELDS, FiveHundred
from .hand import _MISSING, FiveHundredHand, _suit_letter
from .ranking import _build_ranking, ranking_for, trick_winner_index
from .partner import check_call, partner_result, partner_state, revealed_by, take_call
from .scoring import match_end, settle, settle_played_out, trick_points
from .tables import (
    _ASC, _DENOMS, _FAST_BY_PACK, _FAST_CARDS, ALL_SUITS, ALLOW_OPTION, BIDS, INT_LETTER, LETTERS,
    MISERE_FAMILY, OPTIONS, PACKS, POSITION, RUNG, SEVENS, SUIT_INT, TRICKS_BID, TRUMP_OF, VALUE, _Option,
    _order, calls_partner, plays_out, sides_of,
)

GAME = FiveHundred()
