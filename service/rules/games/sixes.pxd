# The compiled core's declarations for sixes.py (Cython reads them; Python never does): the pack's
# building tables and the hand's fields as C struct members, the per-move methods called through C.
from ..game cimport Hand
from ..holdings cimport Holdings

cdef class Build:
    cdef public tuple sequence, seq_card
    cdef public list order, pos, suit, opens
    cdef public object pack, sixes

cdef class SixesHandCore(Hand):
    cdef public list dealt, chips_before, passes, unpaid, low, high, antes, chips
    cdef public Holdings holdings
    cdef public Build build
    cdef public object ante, pot, opener
    cdef public unsigned long long playable  # this pack's cards are below 64

    cpdef play(self, move, index)
    cpdef check(self, move)
    cpdef check_move(self, move)
    cpdef apply(self, move)
    cpdef _lay(self, Py_ssize_t card)
    cpdef _finish(self, winner)
