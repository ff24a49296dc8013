# The compiled core's declarations for hand.py (Cython reads them; Python never does): Five Hundred's
# hand as an extension type built on ``game.Hand``, its fields C struct members (the called partner's
# included: ``partner.py`` sets them), the per-move methods called through C.
from ...game cimport Hand
from ...holdings cimport Holdings
from ...tricks cimport Ranking
from .auction cimport Auction

cdef class FiveHundredHand(Hand):
    cdef public Py_ssize_t num_sides
    cdef public tuple side_of
    cdef public dict position
    cdef public Auction auction
    cdef public object dead, bid, contractor, joker_suit, leader, led_suit
    cdef public list deal_hands, kitty, active, tricks, trick, tricks_by_seat
    cdef public Holdings hold
    cdef public Ranking ranking
    cdef public bint misere, free_joker, nominate_open, exposed, calling, played_out
    cdef public int led_mask  # the four suits' bits
    cdef public object partner_card, partner_seat
    cdef public bint partner_known, partner_revealed
    cdef list _in_order

    cpdef play(self, move, index)
    cpdef check(self, move)
    cpdef check_move(self, move)
    cpdef apply(self, move)
    cpdef _check_play(self, move)
    cpdef _joker_lead_error(self, named)
    cpdef _follow_error(self, held, card)
    cpdef _play(self, dict move)
    cpdef _legal_plays(self, Py_ssize_t seat)
