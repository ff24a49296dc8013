# The compiled core's declarations for hand.py (Cython reads them; Python never does): Bid Whist's
# hand as an extension type built on ``game.Hand``, its fields C struct members.
from ...game cimport Hand
from ...holdings cimport Holdings
from ...tricks cimport Ranking

cdef class BidWhistHand(Hand):
    cdef public dict phase_moves
    cdef public list dealt, kitty, finished, trick, trick_cards, won
    cdef public object calls, high, bidder, level, mode, trump, direction, leader, led, discards
    cdef public Holdings hold
    cdef public Ranking ranking

    cpdef play(self, move, index)
    cpdef check_move(self, move)
    cpdef apply(self, move)
    cpdef _declared(self)
    cpdef _take_kitty(self)
    cpdef _start_play(self)
    cpdef _play(self, Py_ssize_t seat, card)
    cpdef _finish(self)
