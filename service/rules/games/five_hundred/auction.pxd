# The compiled core's declarations for auction.py (Cython reads them; Python never does): the auction
# as an extension type, its fields C struct members, the calls the hand makes on each bid through C.
cdef class Auction:
    cdef public Py_ssize_t n, dealer, high
    cdef public Py_ssize_t passed, called  # seat masks: six seats at most
    cdef public dict options
    cdef public list calls
    cdef public object high_bid, high_bidder, to_act
    cdef public bint over, thrown_in, final_call, played_out
    cdef public tuple switches

    cpdef turn_error(self, seat)
    cpdef check_bid(self, seat, bid)
    cpdef legal(self, seat)
    cpdef apply(self, move)
    cpdef _end(self)
