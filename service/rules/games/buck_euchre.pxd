# The compiled core's declarations for buck_euchre.py (Cython reads them; Python never does).
from ..game cimport Hand
from ..holdings cimport Holdings
from ..tricks cimport Ranking

cdef class BuckEuchreHand(Hand):
    cdef public list dealt, stock, dropped, deciders, participants, tricks, trick, tricks_won
    cdef public object turn_up, trump, maker, turned_down, picked_up, calls, leader
    cdef public Holdings holdings
    cdef list _after  # who plays after each seat

    cpdef play(self, move, index)
    cpdef play_one(self, kind, Py_ssize_t seat, card, move, index)
    cpdef check_move(self, move)
    cpdef apply(self, move)
    cpdef _play(self, Py_ssize_t seat, card)
    cpdef _left(self)
    cpdef _start_dropping(self, trump, maker)
    cpdef _after_dropping(self)
    cpdef _start_play(self, participants)
    cpdef _next_participant(self, Py_ssize_t seat)
    cpdef _finish(self, played_out)
