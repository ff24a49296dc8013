# The compiled core's declarations for holdings.py (Cython reads them; Python never does).
cdef class Holdings:
    cdef public list held, known
    cdef public object gone  # a mask of up to 67 bits (jokers): a Python int

    cpdef add(self, Py_ssize_t seat, card)
    cpdef remove(self, Py_ssize_t seat, card, public=*)
