# The compiled core's declarations for game.py (Cython reads them; Python never does): ``Hand`` as an
# extension type whose fields are C struct members and whose per-move methods are called through C.
cdef class Hand:
    cdef public object game, options, dealer, match, viewer, n, pack, phase, to_act, result, seed
    cdef public list moves
    cdef bint _checks_disabled  # whether the class has a ``disabled`` of its own

    cpdef check_move(self, move)
    cpdef apply(self, move)
    cpdef check(self, move)
    cpdef play(self, move, index)
    cpdef play_one(self, kind, Py_ssize_t seat, card, move, index)
    cpdef recorded(self, move, events, index)
