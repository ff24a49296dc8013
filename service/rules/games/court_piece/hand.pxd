# The compiled core's declarations for hand.py (Cython reads them; Python never does): Court Piece's
# hand as an extension type built on ``game.Hand``, its fields C struct members (every one: tests,
# the views and the analysis adapter read and set them, and an extension type has no ``__dict__``),
# the per-move chain called through C.
from ...game cimport Hand
from ...holdings cimport Holdings

cdef class CourtPieceHand(Hand):
    cdef public object mode, draw_raw, deciding, caller, trump, trump_suit, face_down, luck_card
    cdef public object leader, trump_from, revealed_at, pair_seat, must_trump
    cdef public bint hidden, double, passed, revealed, face_down_set, face_down_luck, luck
    cdef public bint trump_changed, pair_ace
    cdef public Py_ssize_t f, p, cards_played
    cdef public list dealt, trick, tricks, won, pile, events
    cdef public Holdings holdings

    cpdef play(self, move, index)
    cpdef checked_play(self, move, index)
    cpdef emitted(self, list events, index)
    cpdef check_move(self, move)
    cpdef apply(self, move)
    cpdef playable(self, seat)
    cpdef legal_mask(self, seat, pm=*)
    cpdef settle(self)
    cpdef open_trump_counts(self)
    cpdef play_card(self, seat, card)
    cpdef finish_trick(self)
    cpdef make_result(self, redeal)
