"""Court Piece / Rung (``court-piece``): single sar, double sar, hidden trump, Rung Royal extras.

Everything here follows ``shared/rules/court-piece.md``. Cards are the core's small ints
(``suit * 16 + rank``, ace = 15 highest), hands are kept as ``Holdings`` so that a full record and
a seat's view replay through the same code.

The package reads by what changes together: ``deck`` (the pack, card spellings, a trick's winner),
``options``, ``draw`` (the first-hand draw), ``hand`` (choosing trumps, the play, the double-sar
pile, the result; an extension type where compiled) with its ``checks`` (the rarer moves' checks
and listing) and ``views`` (what a seat may see), functions of the hand rather than mixins,
``scoring``, ``game`` (reading a record, dealing) and ``calculators``.
"""

from .calculators import Calculators
from .deck import (ACE, CARD_INDEX, ORDER, PACK, _spellings, card_name, parse_card, suit_name,
                   trick_winner_index)
from .draw import check_draw, draw_json, run_draw
from .game import CourtPiece
from .hand import CourtPieceHand
from .options import (FACE_DOWN_MODES, MATCH_FIELDS, MODE_OPTIONS, MODES, OPTIONS, PILE_MODES, RECORD_FIELDS,
                      parse_court_piece_options)
from .scoring import score_outcome

GAME = CourtPiece()
