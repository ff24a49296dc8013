# The compiled core's declarations for tricks.py (Cython reads them; Python never does).
cdef class Ranking:
    cdef public object trump
    cdef public list suit, power, suit_masks

    cpdef follow(self, hand, led_suit)
    cpdef winner(self, cards)
