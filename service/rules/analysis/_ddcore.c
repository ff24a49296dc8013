/* The compiled double-dummy search core (docs/SOLVER.md).
 *
 * The same search as solver.py's (alpha-beta, partition-search table at trick starts, quick
 * tricks, equivalent cards merged, zero-window root tests), on C integers: each seat's cards are
 * one 32-bit mask of ranks per effective suit ("group"), the table is two flat arrays (buckets by
 * open addressing, each bucket's entries side by side in one array), and no Python object is made per node.
 *
 * It plays the plain ranked trick: follow the effective suit led if able, the strongest trump else
 * the strongest card of the suit led wins; a group of suitless cards (Bid Whist's no-trump jokers)
 * that never win and never set the suit to follow; and two stop rules (the hand stops once the
 * counted side has won ``rem_c`` more tricks or the others ``rem_o``: Court Piece's 7, a misere's
 * first trick). core.py decides which positions it can express (the rest stays with solver.py,
 * which calls this core again from the first trick start it can express).
 *
 * A card is ``group << 5 | rank`` inside (rank 0 the weakest); the Python card ints are mapped by
 * a table given at construction. Nodes are counted as solver.py counts them (a move applied), the
 * budget and the pauses are the caller's.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

#define NG 5          /* effective suits 0-3 and the suitless group */
#define MAXW 6        /* seats */
#define MAXL 24       /* cards a seat may hold */
#define MAXG 21       /* live cards of one group (3 bits of owner each in 64) */
#define MAXT 32       /* tricks */
#define INF 1000
#define PAUSE_EVERY 512  /* solver.PAUSE_EVERY: one count of nodes between pauses for both searches */
#define NOCARD 255
#define JLEAD 200     /* + suit: the free joker led naming that suit */
#define REVEAL 250    /* Court Piece, hidden trump: the face-down card turned up */

#ifndef DDCORE_SHA
#define DDCORE_SHA "unknown"
#endif

#define KW 5  /* the bucket key's words */
typedef struct {  /* a bucket: its entries lie side by side (a walk reads memory in order) */
    uint64_t k[KW];
    int32_t off;          /* the first entry's index */
    uint16_t cnt, cap;    /* entries held, room (0: the slot is free) */
} Slot;

typedef struct {
    uint64_t code[NG];
    uint8_t n[NG];
    int8_t lo, hi;
    uint8_t best;
} Entry;

typedef struct {  /* the trick after its k-th card */
    int16_t seat, cid, led, ws, wc;
    int8_t wt;        /* the winning card counts as a trump (Court Piece: from the reveal on) */
    int8_t mt;        /* must_trump before this card */
} TS;

static PyObject *Exhausted;
static PyObject *shift64;  /* 64, for a hand's cards above the first 64 */

typedef struct {
    PyObject_HEAD
    int W;
    uint8_t seat_at[2 * MAXW];  /* seat_at[w + k] = (w + k) % W: no division in the search */
    uint8_t counted[MAXW], maxer[MAXW];
    int nowin;               /* the suitless group, or -1 */
    int joker;               /* the free joker's group (Five Hundred: wins any trick), or -1 */
    int misere, last_only;   /* a void misere contractor must play it; it may lead the last trick only */
    int led_mask;            /* the suits led so far (a led free joker names one not yet led) */
    /* Court Piece's hidden trump: the caller's face-down card (unplayable until revealed), whether
     * it is revealed, the position in the trick from which trumps count, the seat that revealed
     * and must trump if it cannot follow, whether a reveal counts for the whole trick */
    int hidden, revealed, caller, fd, trump_from, must_trump, whole_trick;
    int tf_saved[MAXT + 1];
    int lm_saved[MAXT + 1];
    int quick;               /* counted == maxer for every seat: quick tricks are bounds */
    int partition;
    uint8_t cmap[96];        /* python card -> cid (NOCARD: not mapped) */
    int16_t rmap[256];       /* cid -> python card */
    /* the position */
    uint32_t hand[MAXW][NG];
    uint8_t len[MAXW][NG];   /* popcounts of hand, kept as cards are played and taken back */
    uint8_t own[NG][32];     /* each card's seat (fixed for a deal: cards only leave hands) */
    uint32_t live[NG];       /* each group's cards in hands */
    uint64_t code[NG];       /* their seats, strongest first, 3 bits each (the table's codes), kept as cards move */
    int trump, leader, tlen, left, rem_c, rem_o;
    TS tr[MAXT + 1][MAXW];
    uint32_t trick_rel[NG];
    /* budget */
    long long nodes, stop_at, max_nodes;
    PyObject *pause;
    int abort;               /* 1 past the budget, 2 a pause raised */
    /* the table */
    Slot *slots;
    uint32_t nslots, used;
    Entry *ents;
    int32_t nents, cap_ents, max_ents;
    uint32_t hist[MAXW][256];
    uint8_t killer[MAXT + 1];  /* the last lead that cut off, by tricks left (DDS's bestMove) */
    long long stores, clears, packs, evicts;
} Core;

static inline int popc(uint32_t x) {  /* SWAR: no libgcc call where the build cannot assume popcnt */
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
static inline int topbit(uint32_t x) { return 31 - __builtin_clz(x); }

/* ---------------------------------------------------------------------------------------------- */
/* the table */

static int tt_alloc(Core *c, uint32_t nslots, int32_t nents) {
    Slot *s = PyMem_Calloc(nslots, sizeof(Slot));
    Entry *e = PyMem_Malloc((size_t)nents * sizeof(Entry));
    if (!s || !e) { PyMem_Free(s); PyMem_Free(e); return -1; }
    PyMem_Free(c->slots); PyMem_Free(c->ents);
    c->slots = s; c->nslots = nslots; c->used = 0;
    c->ents = e; c->nents = 0; c->cap_ents = nents;
    return 0;
}

static void tt_clear(Core *c) {
    memset(c->slots, 0, (size_t)c->nslots * sizeof(Slot));
    c->used = 0; c->nents = 0; c->clears++;
}

static inline uint32_t khash(const uint64_t *k) {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < KW; i++) { h ^= k[i]; h *= 0xBF58476D1CE4E5B9ULL; h ^= h >> 29; }
    return (uint32_t)(h ^ (h >> 32));
}

static int32_t tt_block(Core *c, int32_t n);

static Slot *tt_find(Core *c, const uint64_t *k, int create) {
    uint32_t mask = c->nslots - 1, i = khash(k) & mask;
    for (;;) {
        Slot *s = &c->slots[i];
        if (!s->cap) {
            if (!create) return NULL;
            if ((c->used + 1) * 2 > c->nslots) {  /* grow: rehash the buckets, entries stay */
                uint32_t n2 = c->nslots * 2;
                Slot *ns = PyMem_Calloc(n2, sizeof(Slot));
                if (!ns) return NULL;
                for (uint32_t j = 0; j < c->nslots; j++) {
                    if (c->slots[j].cap) {
                        uint32_t p = khash(c->slots[j].k) & (n2 - 1);
                        while (ns[p].cap) p = (p + 1) & (n2 - 1);
                        ns[p] = c->slots[j];
                    }
                }
                PyMem_Free(c->slots);
                c->slots = ns; c->nslots = n2;
                return tt_find(c, k, 1);
            }
            int32_t off = tt_block(c, 2);
            if (off < 0) return NULL;  /* the entries are full: the caller clears */
            memcpy(s->k, k, sizeof(s->k));
            s->off = off; s->cnt = 0; s->cap = 2; c->used++;
            return s;
        }
        if (!memcmp(s->k, k, sizeof(s->k))) return s;
        i = (i + 1) & mask;
    }
}

/* room for ``n`` entries side by side, or -1 where the table is full */
static int32_t tt_block(Core *c, int32_t n) {
    while (c->nents + n > c->cap_ents) {
        if (c->cap_ents >= c->max_ents) return -1;
        int32_t n2 = c->cap_ents * 2;
        if (n2 > c->max_ents) n2 = c->max_ents;
        Entry *e = PyMem_Realloc(c->ents, (size_t)n2 * sizeof(Entry));
        if (!e) return -1;
        c->ents = e; c->cap_ents = n2;
    }
    int32_t off = c->nents;
    c->nents += n;
    return off;
}

/* the buckets' entries packed again without the blocks left behind by moves; 1 where that frees
 * a quarter of the room (else the caller thins the table, ``tt_evict``) */
static int tt_compact(Core *c) {
    Entry *ne = PyMem_Malloc((size_t)c->cap_ents * sizeof(Entry));
    if (!ne) return 0;
    int32_t n = 0;
    for (uint32_t j = 0; j < c->nslots; j++) {
        Slot *s = &c->slots[j];
        if (!s->cap) continue;
        memcpy(&ne[n], &c->ents[s->off], (size_t)s->cnt * sizeof(Entry));
        s->off = n;
        s->cap = s->cnt ? s->cnt : 1;
        n += s->cap;
    }
    PyMem_Free(c->ents);
    c->ents = ne;
    c->nents = n;
    c->packs++;
    return n <= c->cap_ents / 4 * 3;
}

/* a bucket's tricks left: the sum of its key's first seat's lengths */
static inline int bucket_left(const Slot *s) {
    const uint8_t *kb = (const uint8_t *)s->k;
    int l = 0;
    for (int g = 0; g < NG; g++) l += kb[g];
    return l;
}

/* the table still full after packing: the buckets of the fewest tricks left (the cheapest to search
 * again; a bucket's tricks left are its key's first seat's lengths) are dropped until half the room
 * is free, the rest kept (the whole table was emptied before: the positions after Court Piece's
 * hidden trump's reveal filled it several times over a whole hand). 1 where that worked. */
static int tt_evict(Core *c) {
    int32_t by_left[256] = {0}, keep = c->nents;
    for (uint32_t j = 0; j < c->nslots; j++) {
        Slot *s = &c->slots[j];
        if (s->cap) by_left[bucket_left(s)] += s->cap;
    }
    int top = 0;  /* buckets of fewer than ``top`` tricks left go */
    while (top < 255 && keep > c->cap_ents / 2) keep -= by_left[top++];
    Slot *ns = PyMem_Calloc(c->nslots, sizeof(Slot));
    Entry *ne = PyMem_Malloc((size_t)c->cap_ents * sizeof(Entry));
    if (!ns || !ne) { PyMem_Free(ns); PyMem_Free(ne); return 0; }
    uint32_t mask = c->nslots - 1, used = 0;
    int32_t n = 0;
    for (uint32_t j = 0; j < c->nslots; j++) {
        Slot *s = &c->slots[j];
        if (!s->cap || bucket_left(s) < top) continue;
        uint32_t q = khash(s->k) & mask;
        while (ns[q].cap) q = (q + 1) & mask;
        ns[q] = *s;
        memcpy(&ne[n], &c->ents[s->off], (size_t)s->cnt * sizeof(Entry));
        ns[q].off = n;
        n += s->cap;
        used++;
    }
    PyMem_Free(c->slots); PyMem_Free(c->ents);
    c->slots = ns; c->ents = ne; c->used = used; c->nents = n;
    c->evicts++;
    return 1;
}

/* a new entry at the end of bucket ``s`` (moved to a block twice the size when full), or NULL */
static Entry *tt_append(Core *c, Slot *s) {
    if (s->cnt == s->cap) {
        if (s->cap >= 32768) return NULL;
        int32_t off = tt_block(c, 2 * s->cap);
        if (off < 0) return NULL;
        memcpy(&c->ents[off], &c->ents[s->off], (size_t)s->cnt * sizeof(Entry));
        s->off = off; s->cap *= 2;
    }
    return &c->ents[s->off + s->cnt++];
}

/* the low ``n`` 3-bit owners of a code (n <= MAXG = 21), from a table: the table's entry match reads
 * one per group, and a load was cheaper than the variable shift (CPU -2 % to -4 % on hints) */
static const uint64_t NMASK[MAXG + 1] = {
#define M(n) (~(~0ULL << (3 * (n))))
    M(0), M(1), M(2), M(3), M(4), M(5), M(6), M(7), M(8), M(9), M(10), M(11), M(12), M(13), M(14),
    M(15), M(16), M(17), M(18), M(19), M(20), M(21)
#undef M
};
static inline uint64_t nmask(int n) { return NMASK[n]; }

/* ---------------------------------------------------------------------------------------------- */
/* the position */

static inline int to_act(Core *c) { return c->seat_at[c->leader + c->tlen]; }

static inline TS *cur(Core *c) { return &c->tr[c->left][c->tlen - 1]; }

/* the strength of a card against the trick's led group: trump 64+, the led group its rank, else -1 */
static inline int strength(Core *c, int cid, int led) {
    int g = cid >> 5;
    if (g == c->trump) return 64 + (cid & 31);
    if (g == led) return cid & 31;
    return -1;
}

/* the trick's state after its card at position ``k`` (seat and card set) from the state before */
static inline void judge(Core *c, int k, int named) {
    TS *t = &c->tr[c->left][k];
    int cid = t->cid, s = t->seat, g = cid >> 5;
    int tr = c->trump >= 0 && g == c->trump && k >= c->trump_from;  /* counts as a trump */
    if (k == 0) {
        t->led = (g == c->nowin) ? -1 : (g == c->joker ? named : g);
        t->ws = s; t->wc = cid; t->wt = (int8_t)tr;
        return;
    }
    TS *p = t - 1;
    t->led = p->led; t->ws = p->ws; t->wc = p->wc; t->wt = p->wt;
    if ((p->wc >> 5) == c->joker) { /* the free joker wins the trick */ }
    else if (g == c->joker) { t->ws = s; t->wc = cid; }
    else if (g != c->nowin) {
        if (t->led < 0) { t->led = g; t->ws = s; t->wc = cid; t->wt = (int8_t)tr; }
        else if (tr) {
            if (!p->wt || (cid & 31) > (p->wc & 31)) { t->ws = s; t->wc = cid; t->wt = 1; }
        } else if (!p->wt && g == t->led && (p->wc >> 5) == g && (cid & 31) > (p->wc & 31)) {
            t->ws = s; t->wc = cid;
        }
    }
}

/* put card ``cid`` of the seat to act into the trick */
static inline void place(Core *c, int cid) {
    int named = -1;
    if (cid >= JLEAD) { named = cid - JLEAD; cid = c->joker << 5; }  /* a led free joker naming a suit */
    int s = to_act(c), g = cid >> 5, r = cid & 31, i = popc(c->live[g] >> r >> 1);
    c->hand[s][g] &= ~(1u << r);
    c->live[g] &= ~(1u << r);
    c->code[g] = (c->code[g] & ((1ULL << 3 * i) - 1)) | (c->code[g] >> 3 * (i + 1) << 3 * i);
    c->len[s][g]--;
    TS *t = &c->tr[c->left][c->tlen];
    t->seat = s; t->cid = cid;
    t->mt = (int8_t)c->must_trump;
    if (s == c->must_trump) c->must_trump = -1;
    judge(c, c->tlen, named);
    c->tlen++;
}

/* after the trick's last card: credit its winner. Returns the gain; *stopped; *rel the winning
 * card where it beat a card of its own group (its rank mattered) */
static inline int finish(Core *c, int *stopped, int *relcid) {
    TS *t = cur(c);
    int w = t->ws, wg = t->wc >> 5;
    *relcid = -1;
    for (int i = 0; i < c->W; i++) {
        TS *x = &c->tr[c->left][i];
        if (x->seat != w && (x->cid >> 5) == wg) { *relcid = t->wc; break; }
    }
    int gain = c->counted[w];
    if (gain) c->rem_c--; else c->rem_o--;
    c->lm_saved[c->left] = c->led_mask;
    c->tf_saved[c->left] = c->trump_from;
    c->trump_from = 0;
    if (t->led >= 0 && t->led < 4) c->led_mask |= 1 << t->led;
    c->left--;
    c->leader = w;
    c->tlen = 0;
    *stopped = c->left == 0 || c->rem_c <= 0 || c->rem_o <= 0;
    return gain;
}

static inline void unfinish(Core *c, int gain, int old_leader) {
    c->left++;
    c->led_mask = c->lm_saved[c->left];
    c->trump_from = c->tf_saved[c->left];
    if (gain) c->rem_c++; else c->rem_o++;
    c->leader = old_leader;
    c->tlen = c->W;
}

static inline void unplace(Core *c) {
    c->tlen--;
    TS *t = &c->tr[c->left][c->tlen];
    int g = t->cid >> 5, r = t->cid & 31, i = popc(c->live[g] >> r >> 1);
    c->hand[(int)t->seat][g] |= 1u << r;
    c->live[g] |= 1u << r;
    c->code[g] = (c->code[g] & ((1ULL << 3 * i) - 1)) | (uint64_t)t->seat << 3 * i | (c->code[g] >> 3 * i << 3 * (i + 1));
    c->len[(int)t->seat][t->cid >> 5]++;
    c->must_trump = t->mt;
}

/* the face-down card turned up by the seat to act: trumps count from here (or the whole trick) */
typedef struct { int revealed, trump, trump_from, must_trump; } RevealSave;

static inline void reveal(Core *c, RevealSave *sv) {
    sv->revealed = c->revealed; sv->trump = c->trump; sv->trump_from = c->trump_from; sv->must_trump = c->must_trump;
    c->revealed = 1;
    c->trump = c->fd >> 5;
    c->trump_from = c->whole_trick ? 0 : c->tlen;
    c->must_trump = to_act(c);
    if (c->whole_trick) for (int k = 0; k < c->tlen; k++) judge(c, k, c->tr[c->left][0].led);
}

static inline void unreveal(Core *c, const RevealSave *sv) {
    c->revealed = sv->revealed; c->trump = sv->trump; c->trump_from = sv->trump_from; c->must_trump = sv->must_trump;
    if (c->whole_trick) for (int k = 0; k < c->tlen; k++) judge(c, k, c->tr[c->left][0].led);
}

/* a lead of the free joker: the suits it may name (a mask), 0 where it may not be led now */
static inline int joker_names(Core *c) {
    int last = c->left == 1, all_led = c->led_mask == 15;
    if (!last && (c->last_only || all_led)) return 0;
    return all_led ? 15 : (~c->led_mask & 15);
}

/* ---------------------------------------------------------------------------------------------- */
/* moves: one card per run of equals, ordered */

typedef struct { int n; uint8_t cid[MAXL + 6]; uint32_t others[MAXL + 6]; } Moves;

/* the current trick's card that keeps apart the cards around it: the winning one */
static inline int trick_live_cid(Core *c) { return c->tlen ? cur(c)->wc : -1; }

/* per group, the reps of ``m`` (the lowest card of each run of ``m`` in ``m | o``), and for each
 * rep the other cards of its run */
static void reps_of(uint32_t m, uint32_t o, int g, Moves *out) {
    while (m) {  /* a run: from m's top card down to the first card of o (gone cards join it) */
        int t = topbit(m);
        uint64_t b = (uint64_t)(o & ((1u << t) - 1)) << 1 | 1;  /* a sentinel below rank 0 */
        uint32_t run = m & ~(uint32_t)((1ULL << (63 - __builtin_clzll(b))) - 1);
        uint32_t low = run & (~run + 1);
        out->cid[out->n] = (uint8_t)(g << 5 | __builtin_ctz(run));
        out->others[out->n] = run & ~low;
        out->n++;
        m &= ~run;
    }
}

static inline int top_rank(uint32_t m) { return m ? topbit(m) : -1; }

/* a lead's weight where four seats play as two partnerships (the bridge-like games), after DDS's
 * published lead ordering: cash where the side can win; prefer suits where the opponents hold
 * fewer cards (a smaller tree); lead through the second hand's top card, not into the fourth's;
 * the partner's ruffs; a previous cut-off's card. */
static int lead_weight4(Core *c, int s, int cid, uint32_t run, int killer) {
    int g = cid >> 5, trump = c->trump;
    if (c->hidden && !c->revealed) trump = c->fd >> 5;  /* a void seat may reveal and ruff any time */
    int lho = (s + 1) & 3, pd = (s + 2) & 3, rho = (s + 3) & 3;
    uint32_t live = c->live[g];
    int nl = c->len[lho][g], nr = c->len[rho][g], np = c->len[pd][g];
    int tricks = c->left;
    int cl = (nl ? nl : tricks + 1) << 2, cr = (nr ? nr : tricks + 1) << 2;
    uint32_t l2 = live;
    int top = topbit(l2); l2 &= ~(1u << top);
    int second = l2 ? topbit(l2) : -1; if (l2) l2 &= ~(1u << second);
    int third = l2 ? topbit(l2) : -1;
    int w1 = c->own[g][top], w2 = second >= 0 ? c->own[g][second] : -1;
    int w3 = third >= 0 ? c->own[g][third] : -1;
    /* DDS's relative rank: 1 for the suit's highest live card, counting down (a weak card weighs
     * more where it is added), of the run's top card as DDS lists a run */
    int r = cid & 31, rt = topbit(run | 1u << r), rrank = popc(live >> rt);
    int seq = run != 0;
    uint32_t ptop = c->hand[pd][g], otop = c->hand[lho][g] | c->hand[rho][g];
    int pd_beats = ptop && topbit(ptop) > (otop ? topbit(otop) : -1);
    int is_top = r == top || (run >> top & 1);  /* the rep of the run holding the top card */
    int w;
    if (trump < 0) {
        int d = -(((cl + cr) << 5) / 19);
        if (!np) d -= 9;
        if (is_top || pd_beats) {
            if (w2 == rho) { if (nr != 1) d -= 1; }
            else if (w2 == lho) d += nl != 1 ? 22 : 16;
            w = ((w2 != lho || nl == 1) && (w2 != rho || nr == 1)) ? d + 45 + rrank : d + 18 + rrank;
            if (killer) w += 126;
        } else {
            if (w1 == rho || w2 == rho) { if (nr != 1) d -= 10; }
            else if (w1 == lho && w2 == pd) { if (np != 1) d += 31; }
            if (w2 == pd && w3 == pd) d += 35;
            else if ((w2 == s && w3 == pd && np > 1) || (w2 == pd && w3 == s && np > 1)) d += 25;
            if ((nl == 1 && w1 == lho) || (nr == 1 && w1 == rho)) w = d + 28 + rrank;
            else if (w1 == s) w = d - 17 + rrank;
            else if (!seq) w = d + 12 + rrank;
            else if (second >= 0 && (run >> second & 1 || r == second)) w = d + 48;
            else w = d + 29 - rrank;
            if (killer) w += 47;
        }
        return w;
    }
    int ht_l = c->hand[lho][trump] != 0, ht_r = c->hand[rho][trump] != 0, ht_p = c->hand[pd][trump] != 0;
    int d = -(((cl + cr) << 5) / 13), bonus = 0, win = 0;
    if (g != trump && ((!nl && ht_l) || (!nr && ht_r))) bonus = -12;
    if (g != trump && !np && ht_p && nr) bonus += 17;
    if (w1 == rho || w2 == rho) { if (nr != 1) bonus -= 12; }
    else if (w1 == lho && w2 == pd) { if (np != 1) bonus += 27; }
    if (g != trump && c->len[s][g] == 1 && c->hand[s][trump] && np > 1 && w1 == pd) bonus += 19;
    d += bonus;
    int tl = ht_l ? topbit(c->hand[lho][trump]) : -1, trr = ht_r ? topbit(c->hand[rho][trump]) : -1;
    int tp = ht_p ? topbit(c->hand[pd][trump]) : -1;
    if (is_top) {
        if (g == trump) win = 1;
        else if (np || !ht_p) win = (nl || !ht_l) && (nr || !ht_r);
        else win = (nl || tp > tl) && (nr || tp > trr);
    } else if (pd_beats) {
        win = g == trump || ((nl || !ht_l) && (nr || !ht_r));
    } else if (g != trump && !np && ht_p) {
        if (!nl && ht_l && !nr && ht_r) win = tp > tl && tp > trr;
        else if (!nl && ht_l) win = tp > tl;
        else if (!nr && ht_r) win = tp > trr;
        else win = 1;
    }
    if (win) {
        if ((nl == 1 && w1 == lho) || (nr == 1 && w1 == rho)) w = d + 35 + rrank;
        else if (w1 == s) w = w2 == pd ? d + 48 + rrank : (is_top ? d + 31 : d - 3 + rrank);
        else if (w1 == pd) w = w2 == s ? d + 42 + rrank : d + 28 + rrank;
        else if (seq && second >= 0 && (r == second || run >> second & 1)) w = d + 40;
        else w = seq ? d + 22 + rrank : d + 11 + rrank;
        if (killer) w += 55;
    } else {
        if (w2 == pd && w3 == pd) d += 20;
        else if ((w2 == s && w3 == pd && np > 1) || (w2 == pd && w3 == s && np > 1)) d += 13;
        if ((nl == 1 && w1 == lho) || (nr == 1 && w1 == rho)) w = d + rrank + 2;
        else if (w1 == s) w = w2 == pd ? d + 33 + rrank : (is_top ? d + 38 : d - 14 + rrank);
        else if (w1 == pd) w = d + 34 + rrank;
        else if (seq && second >= 0 && (r == second || run >> second & 1)) w = d + 35;
        else w = d + 15 - rt;  /* DDS: 17 less the rank (2 to 14) of the run's top card */
        if (killer) w += 18;
    }
    return w;
}

/* DDS's weights (its Moves.cpp) for the second and third hands following suit, four seats as two
 * partnerships, trump and no trump, as one piece: its third hand playing low alone costs nodes, its
 * forcing out the fourth hand's top card alone saves none, together they save (docs/SOLVER.md). A
 * move's rank is its run's top card on DDS's scale (2 to 14); a suit's top card is the top one not
 * played before this trick */
#define FRK(i) (topbit(mv->others[i] | 1u << (mv->cid[i] & 31)) + 2)
#define FHI(m) ((m) ? topbit(m) + 2 : 0)
#define FLO(m) ((m) ? __builtin_ctz(m) + 2 : 0)
static void follow_weights(Core *c, int s, const Moves *mv, int32_t *wt) {
    int L = c->leader, lho = (L + 1) & 3, pd = (L + 2) & 3, rho = (L + 3) & 3;
    TS *t = cur(c);
    int ls = t->led, trump = c->trump, n = mv->n;
    uint32_t ag[NG];  /* the cards not played before this trick */
    memcpy(ag, c->live, sizeof ag);
    for (int k = 0; k < c->tlen; k++) { int x = c->tr[c->left][k].cid; ag[x >> 5] |= 1u << (x & 31); }
    int ft = trump >= 0 && ag[trump] != 0;  /* DDS: a trump contract with a trump left */
    int wsuit = t->wc >> 5, wrank = (t->wc & 31) + 2, high = (t->ws - L) & 3;
    int m0 = (c->tr[c->left][0].cid & 31) + 2;
    uint32_t (*H)[NG] = c->hand;
#define RREL(g, i) popc(ag[g] >> (FRK(i) - 2))
    if (c->tlen == 1 && ft) {
        int max3 = FHI(H[pd][ls]), maxpd = FHI(H[rho][ls]), min3 = FLO(H[pd][ls]), minpd = FLO(H[rho][ls]);
        for (int k = 0; k < n; k++) {
            int rk = FRK(k), rr = RREL(ls, k), seq = mv->others[k] != 0, win = 0, w;
            if (ls == trump) {
                if (maxpd > m0 && maxpd > max3) win = 1;
                else if (rk > m0 && rk > max3) win = 1;
            } else if (rk > m0 && rk > max3) {
                if (max3 || !c->len[pd][trump]) win = 1;
                else if (!maxpd && c->len[rho][trump] && H[rho][trump] > H[pd][trump]) win = 1;
            } else if (maxpd > m0 && maxpd > max3) {
                if (max3 || !c->len[pd][trump]) win = 1;
            } else if (m0 > maxpd && m0 > max3 && m0 > rk) {
                if (!maxpd && c->len[rho][trump]) {
                    if (max3 || !c->len[pd][trump]) win = 1;
                    else if (H[rho][trump] > H[pd][trump]) win = 1;
                }
            } else if (!maxpd && c->len[rho][trump]) win = 1;
            if (win) {
                if (min3 > rk) w = 40 + rr;
                else if (maxpd > m0 && H[L][ls] > H[rho][ls]) w = 41 + rr;
                else if (rk > m0) {
                    if (rk < maxpd) w = 78 - rk;
                    else if (rk > max3) w = 73 - rk;
                    else if (seq) w = 62 - rk;
                    else w = 49 - rk;
                } else if (maxpd > 0) w = 47 - rk;
                else w = 40 - rk;
            } else if (rk < min3 || rk < minpd) w = -9 + rr;
            else if (rk < m0) w = -16 + rr;
            else if (seq) w = 22 - rk;
            else w = 10 - rk;
            wt[k] = w;
        }
        return;
    }
    if (c->tlen == 1) {
        int max3 = FHI(H[pd][ls]), maxpd = FHI(H[rho][ls]);
        int min3 = FLO(H[pd][ls]), minpd = FLO(H[rho][ls]);
        for (int k = 0; k < n; k++) {
            int rk = FRK(k), rr = RREL(ls, k);
            if (maxpd > m0 && maxpd > max3) wt[k] = -rk;
            else if (rk > m0 && rk > max3) wt[k] = 81 - rk;
            else if (min3 > rk || minpd > rk) wt[k] = -3 + rr;
            else if (rk < m0) wt[k] = -11 + rr;
            else if (mv->others[k]) wt[k] = 10 + rr;
            else wt[k] = 13 - rk;
        }
        return;
    }
    {  /* the third hand */
        uint32_t c4 = H[rho][ls];
        int max4 = FHI(c4), min4 = FLO(c4), max3 = FHI(H[s][ls]);
        int m1 = wrank, m1s = wsuit;  /* the trick's winning card so far */
        /* DDS's RankForcesAce: the cheapest card above the fourth hand's next card outside its top
         * run (removed: the cards of earlier tricks), or else above the second hand's winning card */
        int force = -1;
        {
            int sec = -1;
            if (c4) {
                uint32_t below = ag[ls] & ((1u << topbit(c4)) - 1);
                while (below) {
                    int y = topbit(below);
                    if (!(c4 >> y & 1)) { uint32_t r4 = c4 & ((1u << y) - 1); sec = r4 ? topbit(r4) + 2 : -1; break; }
                    below &= ~(1u << y);
                }
            }
            int bar = -1;  /* no card outside the top run: nothing to force */
            if (sec > 0) bar = sec > m1 ? sec : high == 1 ? m1 : -1;
            if (bar > 0) for (int k = 0; k < n; k++) if (FRK(k) > bar && (force < 0 || FRK(k) < FRK(force))) force = k;
        }
        if (ft) {
            if (ls == trump) {
                if ((high == 0 && m0 > max4) || max3 < min4 || max3 < m1) {
                    for (int k = 0; k < n; k++) wt[k] = -FRK(k);
                } else if (max3 > max4) {
                    for (int k = 0; k < n; k++) wt[k] = (FRK(k) > max4 && FRK(k) > m1) ? 58 - FRK(k) : -FRK(k);
                } else {
                    for (int k = 0; k < n; k++) wt[k] = -FRK(k);
                    if (force >= 0) wt[force] += 20;
                }
            } else if (m1s == trump) {
                for (int k = 0; k < n; k++) wt[k] = -FRK(k);
            } else if (high == 0) {
                if (!max4 || m0 > max4 || max3 < min4 || max3 < m1) {
                    for (int k = 0; k < n; k++) wt[k] = -FRK(k);
                } else if (max3 > max4) {
                    for (int k = 0; k < n; k++) wt[k] = FRK(k) > max4 ? 58 - FRK(k) : -FRK(k);
                } else {
                    for (int k = 0; k < n; k++) wt[k] = (FRK(k) > m1 && FRK(k) > max4) ? 60 - FRK(k) : -FRK(k);
                    if (force >= 0) wt[force] += 20;
                }
            } else if (!max4) {
                for (int k = 0; k < n; k++) wt[k] = FRK(k) > m1 ? 20 - FRK(k) : -FRK(k);
            } else if (max3 < min4 || max3 < m1) {
                for (int k = 0; k < n; k++) wt[k] = -FRK(k);
            } else if (max3 > max4) {
                for (int k = 0; k < n; k++) wt[k] = (FRK(k) > m1 && FRK(k) > max4) ? 58 - FRK(k) : -FRK(k);
            } else {
                for (int k = 0; k < n; k++) wt[k] = (FRK(k) > m1 && FRK(k) > max4) ? 60 - FRK(k) : -FRK(k);
                if (force >= 0) wt[force] += 20;
            }
            return;
        }
        if (high == 0 && m0 > max4) {
            for (int k = 0; k < n; k++) wt[k] = -FRK(k);
            if (!c->len[L][ls] && c->own[ls][topbit(ag[ls])] == s) {
                /* partner's card was its last: overtake to run the suit (DDS's GetTopNumber) */
                int opp = c->len[rho][ls] - 1, l2 = c->len[lho][ls];
                if (l2 > opp) opp = l2;
                int mno = 0;
                while (mno < n - 1 && FRK(mno + 1) > m0) mno++;
                /* our top run, the cards of earlier tricks and the partner's card removed */
                uint32_t mine = H[s][ls], gaps = ag[ls] & ~mine & ~(1u << (c->tr[c->left][0].cid & 31));
                int top = topbit(mine), cnt = 0;
                for (int y = top; y >= 0; y--) {
                    if (mine >> y & 1) cnt++;
                    else if (gaps >> y & 1) break;
                }
                if (opp <= cnt - 1) wt[mno] += 20;
            }
            return;
        }
        if (max3 < min4 || max3 < m1) { for (int k = 0; k < n; k++) wt[k] = -FRK(k); return; }
        int kb = (max4 > max3 && max4 > m1) ? force : -1;
        for (int k = 0; k < n; k++) wt[k] = (FRK(k) > m1 && FRK(k) > max4) ? 60 - FRK(k) : -FRK(k);
        if (kb >= 0) wt[kb] += 20;
        return;
    }
#undef RREL
#undef FRK
#undef FHI
#undef FLO
}

/* following: a card that beats the trick so far but not every answer comes before the low cards
 * (as DDS's following weights); a discard's weight: two less per card of its group (a short group
 * first), less from a guarded second card or a bare top card (DDS's) */
#define UNSURE 100
#define DISC_NOWIN 20
static void gen_moves(Core *c, int s, int hint, Moves *mv) {
    mv->n = 0;
    int led = c->tlen ? cur(c)->led : -1;
    int lo_g = 0, hi_g = NG - 1;
    uint32_t pm[NG];
    for (int g = 0; g < NG; g++) pm[g] = c->hand[s][g];
    int rv = 0;  /* the reveal is a legal move */
    if (c->hidden && !c->revealed) {
        if (s == c->caller) pm[c->fd >> 5] &= ~(1u << (c->fd & 31));
        rv = c->tlen ? !(led >= 0 && pm[led]) : s == c->caller;
    }
    if (s == c->must_trump) {
        if (led >= 0 && pm[led]) lo_g = hi_g = led;
        else if (c->trump >= 0 && pm[c->trump]) lo_g = hi_g = c->trump;
    } else if (led >= 0 && pm[led]) lo_g = hi_g = led;
    else if (c->tlen && c->misere && c->joker >= 0 && c->hand[s][c->joker]) lo_g = hi_g = c->joker;
    int tl = trick_live_cid(c);
    for (int g = lo_g; g <= hi_g; g++) {
        uint32_t m = pm[g];
        if (!m) continue;
        if (g == c->joker) {
            if (c->tlen) { mv->cid[mv->n] = (uint8_t)(g << 5); mv->others[mv->n++] = 0; }
            else {
                int names = joker_names(c);
                for (int x = 0; x < 4; x++)
                    if (names >> x & 1) { mv->cid[mv->n] = (uint8_t)(JLEAD + x); mv->others[mv->n++] = 0; }
            }
            continue;
        }
        uint32_t o = c->live[g] & ~c->hand[s][g];  /* the other seats' cards (hands are disjoint) */
        if (tl >= 0 && (tl >> 5) == g) o |= 1u << (tl & 31);
        reps_of(m, o, g, mv);
    }
    if (mv->n < 2) {
        if (rv && c->tlen && mv->n == 1) { mv->cid[1] = mv->cid[0]; mv->others[1] = mv->others[0]; mv->cid[0] = REVEAL; mv->others[0] = 0; mv->n = 2; }
        else if (rv) { mv->cid[mv->n] = REVEAL; mv->others[mv->n++] = 0; }
        return;
    }
    /* scores (solver.py's ordering, DDS-like) */
    int32_t score[MAXL + 6];
    int side = c->counted[s];
    int W = c->W, trump = c->trump;
    int four = W == 4 && c->counted[(s + 2) & 3] == side && c->counted[(s + 1) & 3] != side
               && c->counted[(s + 3) & 3] != side;
    if ((c->tlen == 0 || cur(c)->led < 0) && four) {
        /* a lead, or a card after suitless jokers only, which names the suit as a lead does: a
         * lead's weights (7 % fewer nodes on Bid Whist's hints) */
        int kc = c->tlen ? -1 : c->killer[c->left];
        for (int i = 0; i < mv->n; i++) {
            int cid = mv->cid[i], g = cid >> 5, sc;
            if (cid >= JLEAD) sc = 200;
            else if (g == c->nowin) sc = -200;
            else sc = lead_weight4(c, s, cid, mv->others[i], cid == kc);
            uint32_t h = c->hist[s][cid];
            score[i] = sc * 4096 + (int32_t)(h < 4095 ? h : 4095);
        }
    } else if (c->tlen == 0) {
        uint32_t others[NG] = {0}, opp[NG] = {0};
        for (int w = 0; w < W; w++) {
            if (w == s) continue;
            for (int g = 0; g < NG; g++) {
                others[g] |= c->hand[w][g];
                if (c->counted[w] != side) opp[g] |= c->hand[w][g];
            }
        }
        for (int i = 0; i < mv->n; i++) {
            int g = mv->cid[i] >> 5, r = mv->cid[i] & 31, sc;
            if (mv->cid[i] >= JLEAD) { sc = 400 + 31; }
            else if (g == c->nowin) { sc = -100; }
            else {
                int top_other = top_rank(others[g]), top_opp = top_rank(opp[g]);
                int ruffed = 0, mate_wins = 0, mate_ruffs = 0;
                for (int w = 0; w < W; w++) {
                    if (w == s) continue;
                    int void_ = !c->hand[w][g];
                    int has_t = trump >= 0 && g != trump && c->hand[w][trump];
                    if (c->counted[w] != side) { if (void_ && has_t) ruffed = 1; }
                    else {
                        if (top_rank(c->hand[w][g]) > top_opp) mate_wins = 1;
                        if (void_ && has_t) mate_ruffs = 1;
                    }
                }
                if (r > top_other && !ruffed) sc = 400 + r;
                else if (ruffed) sc = -400 - r;
                else if (mate_wins || mate_ruffs) sc = 200 - r;
                else sc = -r;
                /* as DDS: a suit where the other side holds fewer cards makes a smaller tree (a void
                 * counts as many), and the lead that last cut off with as many tricks left */
                int oc = 0;
                for (int w = 0; w < W; w++) if (c->counted[w] != side) { int n = c->len[w][g]; oc += n ? n : c->left + 1; }
                sc -= oc * 6;
                if (mv->cid[i] == c->killer[c->left]) sc += 40;
            }
            uint32_t h = c->hist[s][mv->cid[i]];
            score[i] = sc * 4096 + (int32_t)(h < 4095 ? h : 4095);
        }
    } else if (four && c->tlen < 3 && c->quick && c->joker < 0 && cur(c)->led >= 0
               && (c->tr[c->left][0].cid >> 5) == cur(c)->led && c->hand[s][cur(c)->led]) {
        /* the second and third hands following the suit led: DDS's weights (measured: the fourth
         * hand's and a void hand's made no difference, or more nodes). Court Piece's hidden trump
         * too (before the reveal as no trump) and Bid Whist with its suitless jokers live, which
         * never win: 7 % and 8 % fewer nodes on their hints */
        int32_t wt[MAXL + 6];
        follow_weights(c, s, mv, wt);
        for (int i = 0; i < mv->n; i++) {
            uint32_t h = c->hist[s][mv->cid[i]];
            score[i] = wt[i] * 4096 + (int32_t)(h < 4095 ? h : 4095);
        }
    } else {
        TS *t = cur(c);
        int led2 = t->led;
        int curk = strength(c, t->wc, led2);
        if (led2 < 0) curk = -1;
        if ((t->wc >> 5) == c->joker) curk = 500;
        int cur_seat = t->ws;
        int amax = -1, pmax = -1, o = s;
        for (int k = 0; k < W - c->tlen - 1; k++) {
            o = c->seat_at[o + 1];
            int kk;
            if (led2 >= 0 && c->hand[o][led2]) kk = strength(c, led2 << 5 | topbit(c->hand[o][led2]), led2);
            else if (trump >= 0 && c->hand[o][trump]) kk = 64 + topbit(c->hand[o][trump]);
            else kk = -1;
            if (c->joker >= 0 && c->hand[o][c->joker] && !(led2 >= 0 && c->hand[o][led2])) kk = 500;
            if (led2 < 0) kk = 200;  /* any suited card may still set the suit: never safe */
            if (c->counted[o] == side) { if (kk > pmax) pmax = kk; }
            else if (kk > amax) amax = kk;
        }
        int ours_safe = c->counted[cur_seat] == side && curk > amax;
        /* a partner still to play beats the trick and every opponent's answer: play low */
        if (pmax > amax && pmax > curk && led2 >= 0) ours_safe = 1;
        /* a discard (void in the suit led, no winning card): after DDS's discard weights, not
         * from a guarded second card nor a bare top card; but from a short group (DDS prefers
         * a long one: measured, 7 % more nodes over whole Bid Whist hands) */
        int disc[NG] = {0};
        if (four && led2 >= 0 && !c->hand[s][led2])
            for (int g = 0; g < NG; g++) {
                int n = c->len[s][g];
                if (!n || g == led2 || g == trump) continue;
                uint32_t l = c->live[g];
                int top = topbit(l);
                uint32_t l2 = l & ~(1u << top);
                if (trump < 0) {
                    disc[g] = (n << 6) / 27;
                    if (n == 2 && l2 && c->own[g][topbit(l2)] == s) disc[g] -= 6;
                    else if (n == 1 && c->own[g][top] == s) disc[g] -= 8;
                } else {
                    disc[g] = (n << 6) / 24;
                    if (n == 2 && l2 && c->own[g][topbit(l2)] == s) disc[g] -= 2;
                }
            }
        for (int i = 0; i < mv->n; i++) {
            int cid = mv->cid[i], g = cid >> 5;
            /* the trump suit's cards are the dearest before the reveal too (trumps once revealed) */
            int cheap = (g == trump || (c->hidden && !c->revealed && g == (c->fd >> 5))) * 64 + (cid & 31);
            int k = (g == c->nowin) ? -1 : (g == c->joker ? 500 : (led2 < 0 ? 100 : strength(c, cid, led2)));
            int wins = k > curk || (k == 500 && curk < 500), sc;
            if (ours_safe) sc = wins ? -200 - cheap : -cheap;
            else if (wins && k > amax) sc = 400 - cheap;
            else if (wins) sc = UNSURE - cheap;
            else sc = -cheap;
            if (four && !wins && led2 >= 0 && g != led2 && g != trump && g != c->joker)
                sc += g == c->nowin ? DISC_NOWIN : disc[g];
            uint32_t h = c->hist[s][cid];
            score[i] = sc * 4096 + (int32_t)(h < 4095 ? h : 4095);
        }
    }
    if (hint >= 0) {
        for (int i = 0; i < mv->n; i++) if (mv->cid[i] == hint) {
            if (c->tlen == 0 && four) score[i] += 20 * 4096;  /* weighted leads: a bonus, as DDS */
            else score[i] = INT32_MAX;
            break;
        }
    }
    /* insertion sort, highest first (stable: ties keep the generation order) */
    for (int i = 1; i < mv->n; i++) {
        int32_t sc = score[i]; uint8_t cd = mv->cid[i]; uint32_t ot = mv->others[i];
        int j = i - 1;
        while (j >= 0 && score[j] < sc) {
            score[j + 1] = score[j]; mv->cid[j + 1] = mv->cid[j]; mv->others[j + 1] = mv->others[j]; j--;
        }
        score[j + 1] = sc; mv->cid[j + 1] = cd; mv->others[j + 1] = ot;
    }
    if (rv && c->tlen) {
        /* a follower's reveal first: its line leads to positions after the reveal, where the
         * bounds are sure and the table's entries many (a third of the nodes over whole hands of
         * the reveal second, a fifth of it last) */
        for (int i = mv->n; i > 0; i--) { mv->cid[i] = mv->cid[i - 1]; mv->others[i] = mv->others[i - 1]; }
        mv->cid[0] = REVEAL; mv->others[0] = 0; mv->n++;
    } else if (rv) { mv->cid[mv->n] = REVEAL; mv->others[mv->n++] = 0; }  /* the caller's lead: after the cards */
}

/* ---------------------------------------------------------------------------------------------- */
/* Court Piece before the reveal, four seats: how many of ``n`` rounds of the hidden suit ``g`` led
 * plain from the top by ``L`` (not the caller) no opponent can win. Round i is not safe where the
 * second hand holds no playable card of it (it may reveal; then the caller's face-down card, or
 * any card of it the fourth hand still holds, is a trump) and the second hand is the caller or the
 * fourth still holds one; or where the fourth hand is the caller and holds none playable */
static int plain_rounds(Core *c, int L, int g, int n) {
    int y1 = (L + 1) & 3, y2 = (L + 3) & 3;
    int a1 = c->len[y1][g] - (y1 == c->caller), a2 = c->len[y2][g] - (y2 == c->caller);
    for (int i = 1; i <= n; i++)
        if ((a1 < i && (y1 == c->caller || c->len[y2][g] >= i)) || (a2 < i && y2 == c->caller)) return i - 1;
    return n;
}

/* ``m``'s ``k``-th highest card (k >= 1, m holding k or more): a proof that ``m`` holds a group's
 * top ``k`` cards reads down to it, not to the next card (whose owner the lengths and the count
 * already settle) */
static inline uint32_t kth_top(uint32_t m, int k) {
    while (--k) m &= ~(1u << topbit(m));
    return 1u << topbit(m);
}

/* hand ``h``'s sure tricks in group ``g`` with ``h`` on lead, ``trump`` the suit that ruffs and
 * ``nr`` seats that may ruff (their lengths bound the count); *rb the rank its proof read (0: none):
 * the lowest of its top cards (``wide``: the next card down, before Court Piece's reveal) */
static int cash_group(Core *c, int h, int g, int trump, const int *ruff, int nr, uint32_t *rb, int wide) {
    uint32_t m = c->hand[h][g], om = c->live[g] & ~m;  /* the other seats' cards */
    *rb = 0;
    if (!m) return 0;
    int w, top = -1;
    if (om) {
        top = topbit(om);
        w = popc(m >> top >> 1);  /* m's cards above every other card of the group */
        if (!w) return 0;
    } else w = c->len[h][g];
    int cnt, k;  /* the tricks, and how many of the top cards (all h's) they need */
    if (g == trump || !nr) {
        int longest = 0;
        if (om) for (int x = 0; x < c->W; x++) if (x != h) { int n = c->len[x][g]; if (n > longest) longest = n; }
        /* the others out of the group after ``longest`` rounds: the rest of h's cards win too */
        if (w >= longest) { cnt = c->len[h][g]; k = longest; } else cnt = k = w;
    } else {
        cnt = w;
        for (int i = 0; i < nr; i++) { int n = c->len[ruff[i]][g]; if (n < cnt) cnt = n; }
        k = cnt;
    }
    if (om && cnt) *rb = wide ? 1u << top : kth_top(m, k);
    return cnt;
}

/* bounds without search: the leader's quick tricks, counted until ``need`` (a cut reads only what
 * it needs). ``hs``: Court Piece's hidden trump's suit before the reveal (else -1): its cards ruff
 * (a void seat may reveal and trump). Led before the reveal, its card is plain, and a low one
 * played after a reveal in that trick beats it: the leader cashes it as the caller (revealing
 * first), else only the rounds ``plain_rounds`` allows; he leads it low to a partner's winners
 * where one of the two is the caller (who reveals first when he leads it; as the partner, his
 * first card must win: his best playable one, or the face-down one where he has none playable) or
 * while every opponent must follow it. The crossings of two partnerships (DDS's) only where the
 * trump is known. */
static int quick_tricks(Core *c, uint32_t rel[NG], int need, int hs) {
    int L = c->leader, W = c->W, trump = hs >= 0 ? hs : c->trump;
    int ruffers[MAXW], nr = 0;
    if (trump >= 0) for (int w = 0; w < W; w++) if (w != L && c->hand[w][trump]) ruffers[nr++] = w;
    if (c->joker >= 0)
        for (int w = 0; w < W; w++)
            if (w != L && c->hand[w][c->joker] && !(trump >= 0 && c->hand[w][trump])) ruffers[nr++] = w;
    int t = 0, tl[NG] = {0};
    uint32_t lrel[NG] = {0};
    for (int g = 0; g < NG; g++) {
        if (g == c->nowin || g == c->joker) continue;
        tl[g] = cash_group(c, L, g, trump, ruffers, nr, &lrel[g], hs >= 0);
        if (g == hs && L != c->caller && tl[g]) tl[g] = plain_rounds(c, L, g, tl[g]);
        if (tl[g] && t < need) { rel[g] |= lrel[g]; t += tl[g]; }  /* to a cut: only what it read */
    }
    if (t < need && hs < 0 && W == 4 && c->joker < 0 && c->counted[(L + 2) & 3] == c->counted[L]
        && c->counted[(L + 1) & 3] != c->counted[L] && c->counted[(L + 3) & 3] != c->counted[L]) {
        /* a group whose top two cards are the leader's and the partner's, one each, both holding
         * two or more: the hand with the second plays it first (the other plays low), then the
         * leader leads to the top card, and where the opponents hold two or fewer the longer hand
         * takes the rest (DDS's QuickTricks). The lead may end with the partner: one such group,
         * cashed last, and only where the partner keeps its cards of it through the leader's
         * other tricks. */
        int P = (L + 2) & 3, o1 = (L + 1) & 3, o3 = (L + 3) & 3, bx = 0, bg = -1;
        int safe = trump < 0 || !(c->hand[o1][trump] | c->hand[o3][trump]);
        uint32_t bb = 0;
        for (int g = 0; g < NG; g++) {
            if (g == c->nowin || (g != trump && !safe)) continue;
            uint32_t m = c->hand[L][g], pm = c->hand[P][g], o = c->hand[o1][g] | c->hand[o3][g];
            int lL = c->len[L][g], lP = c->len[P][g];
            if (!m || !pm || !o || lL < 2 || lP < 2 || t - tl[g] > c->left - lP) continue;
            uint32_t all = m | pm | o;
            int top = topbit(all), sec = topbit(all & ~(1u << top));
            if (!((m >> top & 1) && (pm >> sec & 1)) && !((pm >> top & 1) && (m >> sec & 1))) continue;
            int x = 2;
            if (c->len[o1][g] <= 2 && c->len[o3][g] <= 2 && (lP <= 2 || lL <= 2)) x = lL > lP ? lL : lP;
            if (x - tl[g] > bx) { bx = x - tl[g]; bg = g; bb = 1u << top | 1u << sec; }
        }
        if (bx) { t += bx; rel[bg] |= bb; }
    }
    if (t >= need) return t < c->left ? t : c->left;
    /* a low lead to a partner's winners (the partner keeps the lead in that suit): a bound of its
     * own, never added to the leader's cashing */
    for (int mate = 0; mate < W; mate++) {
        if (mate == L || c->counted[mate] != c->counted[L]) continue;
        int mr[MAXW], nm = 0;
        for (int i = 0; i < nr; i++) if (ruffers[i] != mate) mr[nm++] = ruffers[i];
        if ((trump >= 0 && c->hand[L][trump]) || (c->joker >= 0 && c->hand[L][c->joker])) mr[nm++] = L;
        /* where four seats play as two partnerships, after the crossing the partner cashes its
         * sure tricks of the other groups too, and before it the leader cashes its own where the
         * partner can follow or spare a card that is not one of its tricks (DDS's QuickTricks) */
        int four = hs < 0 && W == 4 && mate == ((L + 2) & 3) && c->counted[(L + 1) & 3] != c->counted[L]
                   && c->counted[(L + 3) & 3] != c->counted[L];
        int pc[NG] = {0};
        uint32_t prel[NG] = {0};
        if (four)
            for (int g = 0; g < NG; g++) {
                if (g == c->nowin || g == c->joker) continue;
                pc[g] = cash_group(c, mate, g, trump, mr, nm, &prel[g], 0);
            }
        int best = 0;
        uint32_t brel[NG] = {0};
        for (int g = 0; g < NG; g++) {
            if (g == c->nowin || g == c->joker) continue;
            uint32_t low = c->hand[L][g], mm = c->hand[mate][g];
            if (!low || !mm) continue;
            uint32_t rest2 = c->live[g] & ~mm;
            int top = topbit(rest2);  /* rest2 holds the leader's low card */
            if (g == hs && mate == c->caller) {
                /* the first round he follows with his best playable card of it, or (none) reveals
                 * and plays the face-down one; then he reveals on lead */
                uint32_t pl = mm & ~(1u << (c->fd & 31));
                if (!((pl ? topbit(pl) : (c->fd & 31)) > top)) continue;
            }
            int w = popc(mm >> top >> 1);
            int n;
            uint32_t r[NG] = {0};
            if (!w && four) {
                /* the leader holds the top: it cashes what is above the partner's top card, then
                 * a low card crosses to that card, above every opponent's (DDS's "Kx opposite Ax") */
                int ptop = topbit(mm), k = tl[g];
                uint32_t opp = c->hand[(L + 1) & 3][g] | c->hand[(L + 3) & 3][g];
                if ((opp && topbit(opp) > ptop) || !(low & ((1u << ptop) - 1))) continue;
                if (c->len[L][g] <= k || c->len[mate][g] <= k) k = 0;
                for (int i = 0; i < nm; i++) if (c->len[mr[i]][g] < k + 1) k = -1;
                if (k < 0) continue;
                n = k + 1;
                r[g] = 1u << ptop;
                goto crossed;
            }
            if (!w) continue;
            int need_top;  /* how many of the partner's top cards the count needs */
            if (g == trump || !nm) {
                int longest = 0;
                for (int x = 0; x < W; x++) if (x != mate) { int k = c->len[x][g]; if (k > longest) longest = k; }
                n = w >= longest ? popc(mm) : w;
                need_top = w >= longest ? longest : w;
                if (g == hs && L != c->caller && mate != c->caller)  /* led plain: while no opponent may reveal */
                    for (int x = 0; x < W; x++)
                        if (c->counted[x] != c->counted[L]) { int k = c->len[x][g] - (x == c->caller); if (k < n) n = k; }
            } else {
                n = w;
                for (int i = 0; i < nm; i++) { int k = c->len[mr[i]][g]; if (k < n) n = k; }
                need_top = n;
            }
            if (!n) continue;  /* an opponent ruffs the crossing */
            r[g] = hs >= 0 ? 1u << top : kth_top(mm, need_top);  /* the partner's top cards */
        crossed:
            if (four) {
                /* the partner's other groups, each kept (its tricks) or given up (its cards spare);
                 * the leader's first, as many as the partner's spare cards allow: every card but
                 * those it wins tricks with (it follows the leader's winners with them, or
                 * discards them) */
                int px[NG], np = 0, bn = n, bk = 0;
                for (int x = 0; x < NG; x++) if (x != g && pc[x]) px[np++] = x;
                for (int keep = 0; keep < 1 << np && bn < need; keep++) {
                    int k = n, spare = c->len[mate][g] - n;
                    for (int x = 0; x < NG; x++) if (x != g) spare += c->len[mate][x];
                    for (int i = 0; i < np; i++) if (keep >> i & 1) { k += pc[px[i]]; spare -= pc[px[i]]; }
                    for (int x = 0; x < NG; x++)
                        if (x != g && tl[x] && !pc[x] && tl[x] <= spare) { k += tl[x]; spare -= tl[x]; }
                    if (k > bn) { bn = k; bk = keep; }
                }
                if (bn > n) {
                    int spare = c->len[mate][g] - n;
                    for (int x = 0; x < NG; x++) if (x != g) spare += c->len[mate][x];
                    for (int i = 0; i < np; i++)
                        if (bk >> i & 1) { r[px[i]] |= prel[px[i]]; n += pc[px[i]]; spare -= pc[px[i]]; }
                    for (int x = 0; x < NG; x++)
                        if (x != g && tl[x] && !pc[x] && tl[x] <= spare) { r[x] |= lrel[x]; n += tl[x]; spare -= tl[x]; }
                }
            }
            if (n > best) { best = n; memcpy(brel, r, sizeof r); }
        }
        if (best > t) {  /* the bound is this partner's now: only what it read */
            t = best;
            memcpy(rel, brel, NG * sizeof(uint32_t));
        }
    }
    return t < c->left ? t : c->left;
}

/* each side's most trumps one seat holds above every trump of the other side: sure tricks for that
 * side wherever every card is played (one seat's count: partners' top trumps may fall together).
 * Each count's proof reads down to the lowest of those trumps (none where the other side has no
 * trump: the lengths settle it): ``rel_ours``, ``rel_theirs`` */
static void top_trumps(Core *c, int *ours, int *theirs, uint32_t rel_ours[NG], uint32_t rel_theirs[NG]) {
    *ours = *theirs = 0;
    int t = c->trump;
    if (t < 0) return;
    uint32_t side[2] = {0, 0};
    for (int w = 0; w < c->W; w++) side[c->counted[w]] |= c->hand[w][t];
    if (!side[0] && !side[1]) return;
    for (int w = 0; w < c->W; w++) {
        uint32_t h = c->hand[w][t], opp = side[!c->counted[w]];
        int n = opp ? popc(h >> topbit(opp) >> 1) : popc(h);
        int *best = c->counted[w] ? ours : theirs;
        if (n > *best) {
            *best = n;
            (c->counted[w] ? rel_ours : rel_theirs)[t] = opp ? kth_top(h, n) : 0;
        }
    }
}

/* where no trump and no suitless card is live and one side holds every live group's top card, that
 * side wins a trick whatever is led (DDS's later tricks): 1 the counted side, 0 the other, -1 none */
static int all_tops(Core *c, uint32_t rel[NG]) {
    const uint32_t *live = c->live;
    if (c->trump >= 0 && live[c->trump]) return -1;
    if (c->nowin >= 0 && live[c->nowin]) return -1;
    if (c->joker >= 0 && live[c->joker]) return -1;
    int side = -1;
    uint32_t tops[NG] = {0};
    for (int g = 0; g < NG; g++) {
        if (!live[g]) continue;
        uint32_t b = 1u << topbit(live[g]);
        int w = 0;
        while (!(c->hand[w][g] & b)) w++;
        int h = c->counted[w];
        if (side < 0) side = h; else if (side != h) return -1;
        tops[g] = b;
    }
    if (side >= 0) for (int g = 0; g < NG; g++) rel[g] |= tops[g];
    return side;
}

/* where no trump and no suitless card is live, four seats play as two partnerships and the
 * leader's side can lead the groups it holds the top of for fewer rounds than the tricks left
 * (each round takes a card from both of its hands that hold the group), the other side surely
 * wins a trick: the leader's side must then lead a group the other side holds the top of (DDS's
 * later tricks). Under a stop: an upper bound of the counted side's tricks always, a lower bound where
 * the other side leads and cannot reach its stop first. 1 the counted side, 0 the other, -1 none */
static int later_one(Core *c, uint32_t rel[NG]) {
    int L = c->leader;
    if (c->W != 4 || c->counted[L] != c->counted[(L + 2) & 3] || c->counted[L] == c->counted[(L + 1) & 3]
        || c->counted[(L + 1) & 3] != c->counted[(L + 3) & 3])
        return -1;
    const uint32_t *live = c->live;
    if ((c->trump >= 0 && live[c->trump]) || (c->nowin >= 0 && live[c->nowin]) || (c->joker >= 0 && live[c->joker]))
        return -1;
    int y = c->counted[L], sum = 0;
    uint32_t tops[NG] = {0};
    for (int g = 0; g < NG; g++) {
        if (!live[g]) continue;
        int t = topbit(live[g]), hh = c->own[g][t];
        if (c->counted[hh] == y) {
            int a = c->len[hh][g], b = c->len[(hh + 2) & 3][g];
            sum += a > b ? a : b;
        } else if (live[g] & ~c->hand[hh][g]) tops[g] = 1u << t;  /* the other side's tops stay its */
    }
    /* the other side's trick comes before the leader's side reaches a stop of its own */
    if (!sum || sum >= c->left || (!y && sum >= c->rem_o)) return -1;
    for (int g = 0; g < NG; g++) rel[g] |= tops[g];
    return !y;
}

/* within a trick, where two sides play (four seats as two partnerships, or any sides of three,
 * five or six seats, the free joker a card that wins where played): the side that surely wins it (the
 * side of the strongest card among the trick's winning card and each seat still to play's best
 * legal card: that seat plays it and nothing after it beats it), and the tricks it surely wins from
 * here: this one and, where no other seat holds a trump (as DDS's QuickTricksSecondHand with no
 * trump), the winner's second top card of the suit led, its top cards of the other groups and the
 * groups nobody else holds; only as many as a cut needs (alpha, beta). *side the winning side
 * (counted or not). */
#define JOKER_WINS 500
static int sure_trick(Core *c, int s, int alpha, int beta, int *side, uint32_t rel[NG]) {
    int trump = c->trump, W = c->W;
    TS *t = cur(c);
    int ss = t->led;
    if (ss < 0) return 0;
    int jk = c->joker;  /* Five Hundred's free joker wins any trick it is played to (JOKER_WINS) */
    int best = (t->wc >> 5) == jk ? JOKER_WINS : strength(c, t->wc, ss), bcard = t->wc, bseat = t->ws, inhand = 0;
    int ks[MAXW], o = s;
    for (int k = 0; k < W - c->tlen; k++, o = c->seat_at[o + 1]) {
        int kk = -1, cd = -1;
        if (c->hand[o][ss]) { cd = ss << 5 | topbit(c->hand[o][ss]); kk = strength(c, cd, ss); }
        else if (jk >= 0 && c->hand[o][jk]) { cd = jk << 5 | topbit(c->hand[o][jk]); kk = JOKER_WINS; }
        else if (trump >= 0 && c->hand[o][trump]) { cd = trump << 5 | topbit(c->hand[o][trump]); kk = 64 + (cd & 31); }
        ks[k] = kk;
        if (kk > best) { best = kk; bcard = cd; bseat = o; inhand = 1; }
    }
    int win = c->counted[bseat];
    /* the strongest of the other side, its cards in the trick included (a lower trump it played
     * loses to the winner's by rank): where only the winner's side has a trump, any trump of it wins */
    int omax = -1;
    for (int k = 0; k < c->tlen; k++) {
        TS *x = &c->tr[c->left][k];
        if (c->counted[x->seat] != win) {
            int kk = (x->cid >> 5) == jk ? JOKER_WINS : strength(c, x->cid, ss);
            if (kk > omax) omax = kk;
        }
    }
    o = s;
    for (int k = 0; k < W - c->tlen; k++, o = c->seat_at[o + 1])
        if (c->counted[o] != win && ks[k] > omax) omax = ks[k];
    if (!(best >= 64 && omax < 64)) rel[bcard >> 5] |= 1u << (bcard & 31);
    *side = win;
    int need = win ? beta : c->left - alpha < c->rem_o ? c->left - alpha : c->rem_o;  /* tricks that make a cut */
    if (need <= 1) return 1;
    int hh = bseat, q = 1;
    if (trump >= 0 && (c->live[trump] & ~c->hand[hh][trump]))  /* no other seat may ruff (nor be made to ruff the winner's cards) */
        return 1;
    if (jk >= 0 && (c->live[jk] & ~c->hand[hh][jk]))  /* nor play the free joker to one of the winner's leads */
        return 1;
    rel[bcard >> 5] |= 1u << (bcard & 31);  /* which seat wins now matters: it leads next */
    /* no trump to fear: the winner keeps the lead and cashes on (without the card it wins with) */
    uint32_t own[NG];
    for (int g = 0; g < NG; g++) own[g] = c->hand[hh][g];
    if (inhand) own[bcard >> 5] &= ~(1u << (bcard & 31));
    uint32_t live = own[ss] | (c->live[ss] & ~c->hand[hh][ss]);
    if (own[ss] && (own[ss] >> topbit(live) & 1)) { q++; rel[ss] |= 1u << topbit(live); }
    for (int g = 0; g < NG && q < need; g++) {
        if (g == ss || g == c->nowin || g == jk || !own[g]) continue;
        uint32_t oc = c->live[g] & ~c->hand[hh][g];
        if (!oc) q += popc(own[g]);
        else {
            int top = topbit(own[g] | oc);
            if (own[g] >> top & 1) { q++; rel[g] |= 1u << top; }
        }
    }
    return q;
}

/* ---------------------------------------------------------------------------------------------- */
/* the search */

static int search(Core *c, int alpha, int beta, uint32_t rel[NG]);

static inline int count_node(Core *c) {
    c->nodes++;
    if (c->nodes > c->stop_at) {
        if (c->nodes > c->max_nodes) { c->abort = 1; return -1; }
        if (c->pause != NULL && c->pause != Py_None) {
            PyObject *r = PyObject_CallNoArgs(c->pause);
            if (!r) { c->abort = 2; return -1; }
            Py_DECREF(r);
            long long next = c->stop_at + PAUSE_EVERY;
            c->stop_at = next < c->max_nodes ? next : c->max_nodes;
        } else c->stop_at = c->max_nodes;
    }
    return 0;
}

/* the owners of each group's live cards, strongest first, 3 bits each; live masks; the bucket key */
static void abstract(Core *c, uint64_t code[NG], uint32_t live[NG], uint64_t key[KW]) {
    uint8_t kb[8 * KW];
    _Static_assert(sizeof c->len <= 32, "the lengths fit the key's first 32 bytes");
    memset(kb, 0, sizeof kb);
    memcpy(kb, c->len, sizeof c->len);  /* kb[w * NG + g]: the same layout (unused seats' stay 0) */
    memcpy(live, c->live, sizeof c->live);
    memcpy(code, c->code, sizeof c->code);
    int lf = c->left + 1;
    kb[32] = (uint8_t)c->leader;
    kb[33] = (uint8_t)(c->rem_c < lf ? c->rem_c : lf);
    kb[34] = (uint8_t)(c->rem_o < lf ? c->rem_o : lf);
    kb[35] = (uint8_t)(c->trump + 1);
    if (c->joker >= 0 && live[c->joker]) kb[36] = (uint8_t)(1 + c->led_mask);
    if (c->hidden) { kb[37] = (uint8_t)(c->revealed ? 255 : c->fd); kb[38] = (uint8_t)(c->must_trump + 1); }
    memcpy(key, kb, sizeof kb);
}

/* the live cards an entry covers: each group's strongest n */
static inline void covered(const uint8_t n[NG], const uint32_t live[NG], uint32_t rel[NG]) {
    for (int g = 0; g < NG; g++) {
        uint32_t l = live[g], r = 0;
        for (int i = 0; i < n[g] && l; i++) { int t = topbit(l); r |= 1u << t; l &= ~(1u << t); }
        rel[g] = r;
    }
}

static void store(Core *c, const uint64_t key[KW], const uint64_t code[NG], const uint32_t live[NG],
                  const uint32_t rel[NG], int lo, int hi, int best) {
    uint8_t n[NG];
    uint64_t ec[NG];
    for (int g = 0; g < NG; g++) {
        uint32_t rl = c->partition ? (rel[g] & live[g]) : live[g];
        if (rl) {
            uint32_t low = rl & (~rl + 1);
            n[g] = (uint8_t)popc(live[g] & ~(low - 1));
        } else n[g] = 0;
        ec[g] = code[g] & nmask(n[g]);
    }
    c->stores++;
    Slot *s = tt_find(c, key, 1);
    if (s) {
        Entry *base = &c->ents[s->off];
        for (int j = s->cnt - 1; j >= 0; j--) {
            Entry *e = &base[j];
            if (!memcmp(e->n, n, NG) && !memcmp(e->code, ec, sizeof ec)) {
                if (lo > e->lo) e->lo = (int8_t)lo;
                if (hi < e->hi) e->hi = (int8_t)hi;
                if (best >= 0) e->best = (uint8_t)best;
                return;
            }
        }
    }
    Entry *e = s ? tt_append(c, s) : NULL;
    if (!e && c->cap_ents >= c->max_ents && (tt_compact(c) || tt_evict(c))) {
        s = tt_find(c, key, 1);
        e = s ? tt_append(c, s) : NULL;
    }
    if (!e) {  /* full: start again (sound: the table only ever saves work) */
        tt_clear(c);
        s = tt_find(c, key, 1);
        e = s ? tt_append(c, s) : NULL;
        if (!e) return;
    }
    memcpy(e->code, ec, sizeof ec);
    memcpy(e->n, n, NG);
    e->lo = (int8_t)(lo > 127 ? 127 : lo);
    e->hi = (int8_t)(hi > 127 ? 127 : hi);
    e->best = (uint8_t)(best >= 0 ? best : NOCARD);
}

static int search(Core *c, int alpha, int beta, uint32_t rel[NG]) {
    uint64_t key[KW], code[NG];
    uint32_t live[NG];
    int is_start = c->tlen == 0, hint = -1, a0 = alpha, b0 = beta;
    memset(rel, 0, NG * sizeof(uint32_t));
    if (is_start) {
        int cap = c->left < c->rem_c ? c->left : c->rem_c;
        if (cap <= 0 || beta <= 0) return 0;
        if (alpha >= cap) return cap;
        if (c->left == 1 && !(c->hidden && !c->revealed)) {  /* the last trick: every seat plays its one card */
            int s = c->leader;
            for (int k = 0; k < c->W; k++) {
                int g = 0;
                while (!c->hand[s][g]) g++;
                place(c, g << 5 | topbit(c->hand[s][g]));
                s = c->seat_at[s + 1];
            }
            int stopped, rc, old = c->leader;
            int gain = finish(c, &stopped, &rc);
            if (rc >= 0) rel[rc >> 5] |= 1u << (rc & 31);
            unfinish(c, gain, old);
            for (int k = 0; k < c->W; k++) unplace(c);
            return gain;
        }
        abstract(c, code, live, key);
        int lo = 0, hi = cap, near = -1;
        uint8_t lo_n[NG] = {0}, hi_n[NG] = {0};
        Slot *sl = tt_find(c, key, 0);
        if (sl) {
            Entry *base = &c->ents[sl->off];
            for (int j = sl->cnt - 1; j >= 0; j--) {  /* the newest first */
                Entry *e = &base[j];
                uint64_t d = 0;  /* every group compared: no branch to mispredict per group */
                for (int g = 0; g < NG; g++) d |= (code[g] & nmask(e->n[g])) ^ e->code[g];
                if (!d) {
                    int cutoff = 0;
                    if (e->lo > lo) {
                        lo = e->lo; memcpy(lo_n, e->n, NG);
                        cutoff = lo >= beta;
                    }
                    if (!cutoff && e->hi < hi) {
                        hi = e->hi; memcpy(hi_n, e->n, NG);
                        cutoff = hi <= alpha;
                    }
                    if (cutoff) {
                        covered(e->n, live, rel);
                        if (j != sl->cnt - 1) {  /* the entry that cut moves to the front: found sooner */
                            Entry t = *e; *e = base[sl->cnt - 1]; base[sl->cnt - 1] = t;
                        }
                        return lo >= beta ? lo : hi;
                    }
                    if (e->best != NOCARD) hint = e->best;
                } else if (e->best != NOCARD) near = e->best;
            }
            if (hint < 0) hint = near;
            if (lo >= hi) {
                uint8_t n[NG];
                for (int g = 0; g < NG; g++) n[g] = lo_n[g] > hi_n[g] ? lo_n[g] : hi_n[g];
                covered(n, live, rel);
                return lo;
            }
        }
        /* an unrevealed trump may yet ruff anything; a revealer at the lead must lead trump */
        int sure = !(c->hidden && !c->revealed) && c->must_trump < 0;
        if (c->quick && sure) {
            uint32_t qr[NG] = {0};
            int t = quick_tricks(c, qr, c->counted[c->leader] ? beta
                                        : c->left - alpha < c->rem_o ? c->left - alpha : c->rem_o, -1);
            if (t) {
                if (c->counted[c->leader]) {
                    int slo = t < cap ? t : cap;
                    if (slo >= beta) {
                        store(c, key, code, live, qr, slo, INF, -1);
                        memcpy(rel, qr, sizeof qr);
                        return slo;
                    }
                    if (slo > lo) lo = slo;
                } else {
                    int shi = t >= c->rem_o ? 0 : c->left - t;  /* the others' stop: nothing more counted */
                    if (shi <= alpha) {
                        store(c, key, code, live, qr, 0, shi, -1);
                        memcpy(rel, qr, sizeof qr);
                        return shi;
                    }
                    if (shi < hi) hi = shi;
                }
            }
            {
                /* the top trumps: sure tricks in a full play-out. The others' bound the counted
                 * side's tricks from above even where a stop may end the hand first (the counted
                 * side's tricks then are no more than in that play-out); the counted side's own
                 * bound them from below where the others cannot reach their stop (they take at
                 * most the tricks left but those: the hand plays on until the counted side's stop
                 * or the last card). The tops' bound is about this trick, played either way; the
                 * later tricks' has its own test. */
                uint32_t to_[NG] = {0}, tt_[NG] = {0}, ar[NG] = {0};
                int ours, theirs;
                top_trumps(c, &ours, &theirs, to_, tt_);
                if (ours <= c->left - c->rem_o) ours = 0;
                int side = (ours < 1 || c->left - theirs > c->left - 1) ? all_tops(c, ar) : -1;
                if (side < 0 && (ours < 1 || c->left - theirs > c->left - 1)) side = later_one(c, ar);
                int slo = ours, shi = c->left - theirs;
                uint32_t *rlo = to_, *rhi = tt_;
                if (side == 1 && slo < 1) { slo = 1; rlo = ar; }
                if (side == 0 && shi > c->left - 1) { shi = c->left - 1; rhi = ar; }
                if (slo > cap) slo = cap;
                if (slo > lo) {
                    lo = slo;
                    if (lo >= beta) {  store(c, key, code, live, rlo, lo, INF, -1); memcpy(rel, rlo, NG * 4); return lo; }
                }
                if (shi < hi) {
                    hi = shi;
                    if (hi <= alpha) {  store(c, key, code, live, rhi, 0, hi, -1); memcpy(rel, rhi, NG * 4); return hi; }
                }
            }
        }
        else if (c->quick && c->hidden && !c->revealed) {
            /* before the reveal: the leader's quick tricks with the hidden suit's cards as ruffs */
            uint32_t qr[NG] = {0};
            int t = quick_tricks(c, qr, INF, c->fd >> 5);
            if (t && c->counted[c->leader]) {
                int slo = t < cap ? t : cap;
                if (slo >= beta) { store(c, key, code, live, qr, slo, INF, -1); memcpy(rel, qr, sizeof qr); return slo; }
                if (slo > lo) lo = slo;
            } else if (t) {
                int shi = c->left - t;
                if (shi <= alpha) { store(c, key, code, live, qr, 0, shi, -1); memcpy(rel, qr, sizeof qr); return shi; }
                if (shi < hi) hi = shi;
            }
        }
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
        a0 = alpha; b0 = beta;
    }
    int s = to_act(c);
    /* four seats: two partnerships (not Five Hundred's free joker); three, five and six seats: any
     * two sides (one seat against a coalition, or teams), the free joker too. Four seats: at the
     * second card only, where DDS tries it (later in the trick it cost more than it saved: 8 %
     * more CPU over whole hands for 1-4 % fewer nodes); more seats: at every card */
    if ((c->tlen == 1 || (c->tlen > 1 && c->W != 4)) && c->quick && c->must_trump < 0 && !(c->hidden && (!c->revealed || c->trump_from))
        && (c->W != 4 || (c->joker < 0 && c->counted[s] == c->counted[(s + 2) & 3]
                          && c->counted[s] != c->counted[(s + 1) & 3]))) {
        uint32_t qr[NG] = {0};
        int side = 0, q = sure_trick(c, s, alpha, beta, &side, qr);
        if (q) {
            int cap = c->left < c->rem_c ? c->left : c->rem_c;
            if (side) {
                int lo = q < cap ? q : cap;
                if (lo >= beta) { memcpy(rel, qr, sizeof qr); return lo; }
            } else {
                int hi = q >= c->rem_o ? 0 : c->left - q < cap ? c->left - q : cap;
                if (hi <= alpha) { memcpy(rel, qr, sizeof qr); return hi; }
            }
        }
    }
    int maximize = c->maxer[s];
    int best = maximize ? -INF : INF, best_move = -1;
    Moves mv;
    gen_moves(c, s, hint, &mv);
    uint32_t acc[NG] = {0}, cut[NG], r[NG];
    int have_cut = 0;
    int skip_below[NG] = {0};  /* a group's cards below this rank are skipped (DDS's MakeNext) */
    for (int i = 0; i < mv.n; i++) {
        int m = mv.cid[i];
        uint32_t whole = 0;
        if (m < JLEAD && (m & 31) < skip_below[m >> 5]) continue;
        if (count_node(c)) return 0;
        int v;
        if (m == REVEAL) {
            RevealSave sv;
            reveal(c, &sv);
            v = search(c, alpha, beta, r);
            unreveal(c, &sv);
            if (c->abort) return 0;
            goto judged;
        }
        place(c, m);
        if (c->tlen == c->W) {
            int stopped, rc, old = c->leader;
            int gain = finish(c, &stopped, &rc);
            if (stopped) { v = gain; memset(r, 0, sizeof r); }
            else v = gain + search(c, alpha - gain, beta - gain, r);
            if (rc >= 0) r[rc >> 5] |= 1u << (rc & 31);
            unfinish(c, gain, old);
        } else {
            v = search(c, alpha, beta, r);
        }
        unplace(c);
        if (c->abort) return 0;
        /* a class's other card mattered below: at a cut the proof holds with any card of the
         * group below its lowest relevant rank; where every move is refuted the class is kept
         * whole (its card relevant), else a position where a small card splits it would share
         * the entry with a move no proof covered */
        if (mv.others[i] && (r[m >> 5] & mv.others[i])) whole = 1u << (m & 31);
    judged:
        if (maximize) {
            if (v > best) {
                best = v; best_move = m;
                if (v > alpha) {
                    alpha = v;
                    if (alpha >= beta) { memcpy(cut, r, sizeof r); have_cut = 1; }
                }
            }
        } else {
            if (v < best) {
                best = v; best_move = m;
                if (v < beta) {
                    beta = v;
                    if (alpha >= beta) { memcpy(cut, r, sizeof r); have_cut = 1; }
                }
            }
        }
        if (have_cut) {
            if (c->tlen == 0) c->killer[c->left] = (uint8_t)m;
            uint32_t *h = &c->hist[s][m];
            int n = 1;
            for (int x = 0; x < NG; x++) n += c->len[s][x];
            if (*h < 1000000) *h += n;
            break;
        }
        for (int x = 0; x < NG; x++) acc[x] |= r[x];
        if (m < JLEAD) { acc[m >> 5] |= whole; r[m >> 5] |= whole; }
        if (m < JLEAD && (m >> 5) != c->joker && !skip_below[m >> 5]) {
            /* the result read no rank of this group at or below the card played: any lower card of
             * the group leads to a position equal in every rank the proof read */
            uint32_t rg = r[m >> 5];
            int low = rg ? __builtin_ctz(rg) : 32;
            if ((m & 31) < low) skip_below[m >> 5] = low;
        }
    }
    if (have_cut) memcpy(rel, cut, sizeof cut); else memcpy(rel, acc, sizeof acc);
    if (is_start) {
        int lo, hi;
        if (best <= a0) { lo = 0; hi = best; }
        else if (best >= b0) { lo = best; hi = INF; }
        else lo = hi = best;
        store(c, key, code, live, rel, lo, hi, best <= a0 ? -1 : best_move);  /* a fail-low's move is no hint */
    }
    return best;
}

/* ---------------------------------------------------------------------------------------------- */
/* Python */

static int Core_init(Core *c, PyObject *args, PyObject *kw) {
    Py_buffer cmap, counted, maxer;
    int nowin, partition = 1, max_ents = 1 << 19, joker = -1, misere = 0, last_only = 0;
    static char *kwlist[] = {"cmap", "counted", "maxer", "nowin", "partition", "max_entries", "joker",
                             "misere", "last_only", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*y*y*i|piipp", kwlist, &cmap, &counted, &maxer, &nowin,
                                     &partition, &max_ents, &joker, &misere, &last_only))
        return -1;
    int ok = cmap.len <= 96 && counted.len == maxer.len && counted.len >= 2 && counted.len <= MAXW;
    if (ok) {
        memset(c->cmap, NOCARD, sizeof c->cmap);
        for (int i = 0; i < 256; i++) c->rmap[i] = -1;
        for (Py_ssize_t i = 0; i < cmap.len; i++) {
            uint8_t v = ((uint8_t *)cmap.buf)[i];
            c->cmap[i] = v;
            if (v != NOCARD) c->rmap[v] = (int16_t)i;
        }
        c->W = (int)counted.len;
        for (int i = 0; i < 2 * MAXW; i++) c->seat_at[i] = (uint8_t)(i % c->W);
        c->quick = 1;
        for (int w = 0; w < c->W; w++) {
            c->counted[w] = ((uint8_t *)counted.buf)[w] != 0;
            c->maxer[w] = ((uint8_t *)maxer.buf)[w] != 0;
            if (c->counted[w] != c->maxer[w]) c->quick = 0;
        }
    }
    PyBuffer_Release(&cmap); PyBuffer_Release(&counted); PyBuffer_Release(&maxer);
    if (!ok) { PyErr_SetString(PyExc_ValueError, "bad core shape"); return -1; }
    c->nowin = nowin;
    c->hidden = c->revealed = c->trump_from = 0;
    c->caller = c->must_trump = -1;
    c->fd = 0; c->whole_trick = 0;
    c->joker = joker;
    c->misere = misere;
    c->last_only = last_only;
    c->partition = partition;
    c->max_ents = max_ents < 1024 ? 1024 : max_ents;
    c->max_nodes = c->stop_at = (long long)1 << 62;
    c->trump = -1;
    Py_CLEAR(c->pause);
    if (!c->slots && tt_alloc(c, 1 << 12, 1 << 12) < 0) { PyErr_NoMemory(); return -1; }
    memset(c->hist, 0, sizeof c->hist);
    memset(c->killer, NOCARD, sizeof c->killer);
    return 0;
}

static void Core_dealloc(Core *c) {
    PyMem_Free(c->slots); PyMem_Free(c->ents);
    Py_CLEAR(c->pause);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

static int card_cid(Core *c, long card) {
    if (card < 0 || card >= 96) return -1;
    int v = c->cmap[card];
    return v == NOCARD ? -1 : v;
}

/* load(hands, trick, leader, left, rem_c, rem_o, trump): hands per seat in turn order (card-int
 * masks), the current trick's cards from its leader on. False where a card is not mapped, a seat
 * holds too many cards or a group has too many live cards: the caller searches in Python. */
static PyObject *Core_load(Core *c, PyObject *args) {
    PyObject *hands, *trick;
    int leader, left, rem_c, rem_o, trump, led_mask = 0, named = -1;
    if (!PyArg_ParseTuple(args, "OOiiiii|ii", &hands, &trick, &leader, &left, &rem_c, &rem_o, &trump,
                          &led_mask, &named)) return NULL;
    PyObject *hs = PySequence_Fast(hands, "hands"), *ts = NULL;
    if (!hs) return NULL;
    int ok = PySequence_Fast_GET_SIZE(hs) == c->W && leader >= 0 && leader < c->W && left >= 1
             && left <= MAXT && trump >= -1 && trump < NG;
    memset(c->hand, 0, sizeof c->hand);
    memset(c->len, 0, sizeof c->len);  /* the seats past W too: the table's key copies them all */
    for (int w = 0; ok && w < c->W; w++) {
        PyObject *h = PySequence_Fast_GET_ITEM(hs, w);
        if (!PyLong_Check(h)) { ok = 0; break; }
        for (int base = 0; base < 96 && ok; base += 64) {
            PyObject *sh = base ? PyNumber_Rshift(h, shift64) : (Py_INCREF(h), h);
            if (!sh) { Py_DECREF(hs); return NULL; }
            uint64_t x = PyLong_AsUnsignedLongLongMask(sh);
            Py_DECREF(sh);
            if (x == (uint64_t)-1 && PyErr_Occurred()) { Py_DECREF(hs); return NULL; }
            while (x) {
                int b = __builtin_ctzll(x);
                x &= x - 1;
                int cid = card_cid(c, base + b);
                if (cid < 0) { ok = 0; break; }
                c->hand[w][cid >> 5] |= 1u << (cid & 31);
            }
        }
    }
    Py_DECREF(hs);
    if (!ok) Py_RETURN_FALSE;
    for (int w = 0; w < c->W; w++)
        for (int g = 0; g < NG; g++) {
            c->len[w][g] = (uint8_t)popc(c->hand[w][g]);
            for (uint32_t m = c->hand[w][g]; m; m &= m - 1) c->own[g][__builtin_ctz(m)] = (uint8_t)w;
        }
    c->trump = trump; c->left = left; c->rem_c = rem_c; c->rem_o = rem_o;
    c->leader = leader; c->tlen = 0;
    c->led_mask = led_mask & 15;
    ts = PySequence_Fast(trick, "trick");
    if (!ts) return NULL;
    Py_ssize_t tn = PySequence_Fast_GET_SIZE(ts);
    if (tn >= c->W) { Py_DECREF(ts); Py_RETURN_FALSE; }
    int tcid[MAXW];
    for (Py_ssize_t i = 0; i < tn; i++) {
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(ts, i));
        int cid = card_cid(c, card);
        if (cid < 0) { Py_DECREF(ts); PyErr_Clear(); Py_RETURN_FALSE; }
        int s = (c->leader + (int)i) % c->W;
        c->hand[s][cid >> 5] |= 1u << (cid & 31);  /* place takes it from the hand */
        c->len[s][cid >> 5]++;
        c->own[cid >> 5][cid & 31] = (uint8_t)s;
        tcid[i] = cid;
    }
    for (int g = 0; g < NG; g++) {
        uint32_t l = 0;
        for (int w = 0; w < c->W; w++) l |= c->hand[w][g];
        if (popc(l) > MAXG) { Py_DECREF(ts); Py_RETURN_FALSE; }
        c->live[g] = l;
        uint64_t cd = 0;
        for (int n = 0; l; n++) { int r = topbit(l); cd |= (uint64_t)c->own[g][r] << (3 * n); l &= ~(1u << r); }
        c->code[g] = cd;
    }
    for (Py_ssize_t i = 0; i < tn; i++) {
        int cid = tcid[i];
        if (i == 0 && (cid >> 5) == c->joker) {
            if (named < 0 || named > 3) { Py_DECREF(ts); Py_RETURN_FALSE; }
            cid = JLEAD + named;
        }
        place(c, cid);
    }
    Py_DECREF(ts);
    /* every seat's count, and each group's live cards, within the table's codes */
    int n0 = -1;
    for (int w = 0; w < c->W; w++) {
        int n = 0;
        for (int g = 0; g < NG; g++) n += c->len[w][g];
        if (n > MAXL) Py_RETURN_FALSE;
        int owed = (w - c->leader + c->W) % c->W < c->tlen ? 0 : 1;  /* still to play this trick */
        if (n0 < 0) n0 = n - owed;
        else if (n - owed != n0) Py_RETURN_FALSE;
    }
    if (n0 + 1 != left) Py_RETURN_FALSE;
    for (int g = 0; g < NG; g++) {
        uint32_t l = 0;
        for (int w = 0; w < c->W; w++) l |= c->hand[w][g];
        if (popc(l) + c->tlen > MAXG) Py_RETURN_FALSE;
    }
    Py_RETURN_TRUE;
}

/* set_hidden(hidden, revealed, caller, face_down, trump_from, must_trump, whole_trick): Court
 * Piece's hidden-trump state, before ``load`` (seats as turn-order indices, -1 none) */
static PyObject *Core_set_hidden(Core *c, PyObject *args) {
    int hidden, revealed, caller, fd, trump_from, must_trump, whole;
    if (!PyArg_ParseTuple(args, "ppiiiip", &hidden, &revealed, &caller, &fd, &trump_from, &must_trump, &whole))
        return NULL;
    int cid = hidden ? card_cid(c, fd) : 0;
    if (hidden && (cid < 0 || caller < 0 || caller >= c->W)) Py_RETURN_FALSE;
    c->hidden = hidden; c->revealed = revealed; c->caller = caller; c->fd = cid < 0 ? 0 : cid;
    c->trump_from = trump_from; c->must_trump = must_trump; c->whole_trick = whole;
    Py_RETURN_TRUE;
}

static int budget_args(Core *c, long long nodes, long long stop_at, long long max_nodes, PyObject *pause) {
    c->nodes = nodes; c->stop_at = stop_at; c->max_nodes = max_nodes; c->abort = 0;
    Py_XINCREF(pause);
    Py_XSETREF(c->pause, pause);
    return 0;
}

static PyObject *finish_call(Core *c, PyObject *result) {
    Py_CLEAR(c->pause);
    if (c->abort == 2) { Py_XDECREF(result); return NULL; }
    if (c->abort == 1) {
        Py_XDECREF(result);
        PyErr_SetNone(Exhausted);
        return NULL;
    }
    return result;
}

/* search(alpha, beta, nodes, stop_at, max_nodes, pause) -> the value, fail-soft in (alpha, beta) */
static PyObject *Core_search(Core *c, PyObject *args) {
    int alpha, beta;
    long long nodes, stop_at, max_nodes;
    PyObject *pause;
    if (!PyArg_ParseTuple(args, "iiLLLO", &alpha, &beta, &nodes, &stop_at, &max_nodes, &pause)) return NULL;
    budget_args(c, nodes, stop_at, max_nodes, pause);
    uint32_t rel[NG];
    int v = search(c, alpha, beta, rel);
    return finish_call(c, PyLong_FromLong(v));
}

static int child(Core *c, int m, int alpha, int beta);

/* the exact value in [lo, hi] by zero-window tests from the guess ``g`` (MTD(f)): of root move
 * ``m``, or of the position itself where ``m`` < 0 */
static int mtd(Core *c, int m, int lo, int hi, int g) {
    uint32_t rel[NG];
    while (lo < hi) {
        int b = g > lo + 1 ? g : lo + 1;
        if (b > hi) b = hi;
        int v = m < 0 ? search(c, b - 1, b, rel) : child(c, m, b - 1, b);
        if (c->abort) break;
        if (v < b) hi = v; else lo = v;
        g = v;
    }
    return lo;
}

/* one root move's fail-soft value in (alpha, beta) */
static int child(Core *c, int m, int alpha, int beta) {
    uint32_t r[NG];
    if (count_node(c)) return 0;
    int v;
    if (m == REVEAL) {
        RevealSave sv;
        reveal(c, &sv);
        v = search(c, alpha, beta, r);
        unreveal(c, &sv);
        return v;
    }
    place(c, m);
    if (c->tlen == c->W) {
        int stopped, rc, old = c->leader;
        int gain = finish(c, &stopped, &rc);
        v = stopped ? gain : gain + search(c, alpha - gain, beta - gain, r);
        unfinish(c, gain, old);
    } else v = search(c, alpha, beta, r);
    unplace(c);
    return v;
}

/* the counted tricks of one line where every seat plays its first-ordered move (no nodes) */
static int estimate(Core *c, int m) {
    int cids[MAXT * MAXW + 4], olds[MAXT * MAXW + 4], gains[MAXT * MAXW + 4], n = 0, total = 0;
    RevealSave sv = {0, 0, 0, 0};
    int revealed_at = -1;
    for (;;) {
        if (m == REVEAL) {  /* at most once in a line */
            reveal(c, &sv);
            revealed_at = n;
            Moves mv;
            gen_moves(c, to_act(c), -1, &mv);
            m = mv.cid[0];
            if (m == REVEAL) break;
            continue;
        }
        place(c, m);
        cids[n] = -1;
        int stopped = 0;
        if (c->tlen == c->W) {
            int rc;
            olds[n] = c->leader;
            gains[n] = finish(c, &stopped, &rc);
            total += gains[n];
            cids[n] = 1;
        }
        n++;
        if (stopped) break;
        Moves mv;
        gen_moves(c, to_act(c), -1, &mv);
        m = mv.cid[0];
    }
    while (n--) {
        if (cids[n] == 1) unfinish(c, gains[n], olds[n]);
        unplace(c);
        if (n == revealed_at) { unreveal(c, &sv); revealed_at = -1; }
    }
    if (revealed_at >= 0) unreveal(c, &sv);
    return total;
}

/* values(moves, nodes, stop_at, max_nodes, pause[, lo, hi]) -> each root card's exact value (a list in the
 * order given), by zero-window tests per class of equivalent cards */
static PyObject *Core_values(Core *c, PyObject *args) {
    PyObject *moves, *pause;
    long long nodes, stop_at, max_nodes;
    int lo0 = 0, hi0 = INF;  /* bounds the caller knows for every value */
    if (!PyArg_ParseTuple(args, "OLLLO|ii", &moves, &nodes, &stop_at, &max_nodes, &pause, &lo0, &hi0)) return NULL;
    PyObject *ms = PySequence_Fast(moves, "moves");
    if (!ms) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(ms);
    int cids[64];
    if (n > 64) { Py_DECREF(ms); PyErr_SetString(PyExc_ValueError, "too many moves"); return NULL; }
    for (Py_ssize_t i = 0; i < n; i++) {
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(ms, i));
        cids[i] = (card >= 400 && card < 404 && c->joker >= 0) ? JLEAD + (int)(card - 400)
                  : (card == 100 && c->hidden) ? REVEAL : card_cid(c, card);
        if (cids[i] < 0) { Py_DECREF(ms); PyErr_SetString(PyExc_ValueError, "a move is not a mapped card"); return NULL; }
    }
    Py_DECREF(ms);
    budget_args(c, nodes, stop_at, max_nodes, pause);
    int s = to_act(c);
    int vals[64];
    for (int i = 0; i < n; i++) vals[i] = -1;
    /* the classes: every legal card's run (gen_moves' reps and their others) */
    Moves mv;
    mv.n = 0;
    {
        int tl = trick_live_cid(c);
        for (int g = 0; g < NG; g++) {  /* only the classes of the moves given are searched */
            if (g == c->joker) continue;
            uint32_t m = c->hand[s][g];
            if (c->hidden && !c->revealed && s == c->caller && g == (c->fd >> 5)) m &= ~(1u << (c->fd & 31));
            if (!m) continue;
            uint32_t o = c->live[g] & ~c->hand[s][g];
            if (tl >= 0 && (tl >> 5) == g) o |= 1u << (tl & 31);
            reps_of(m, o, g, &mv);
        }
        for (int i = 0; i < n; i++)  /* the free joker's moves: each its own class */
            if (cids[i] >= JLEAD || (cids[i] >> 5) == c->joker) { mv.cid[mv.n] = (uint8_t)cids[i]; mv.others[mv.n++] = 0; }
    }
    {
        /* the classes in the search's own order: the likeliest best first (its line fills the
         * table the others' searches read) */
        Moves ord;
        gen_moves(c, s, -1, &ord);
        int rank[256];
        for (int i = 0; i < 256; i++) rank[i] = 255;
        for (int i = 0; i < ord.n; i++) rank[ord.cid[i]] = i;
        for (int i = 1; i < mv.n; i++) {
            uint8_t cd = mv.cid[i]; uint32_t ot = mv.others[i];
            int j = i - 1;
            while (j >= 0 && rank[mv.cid[j]] > rank[cd]) { mv.cid[j + 1] = mv.cid[j]; mv.others[j + 1] = mv.others[j]; j--; }
            mv.cid[j + 1] = cd; mv.others[j + 1] = ot;
        }
    }
    int cap = c->left < c->rem_c ? c->left : c->rem_c;
    int guess = -1;
    for (int k = 0; k < mv.n && !c->abort; k++) {
        int rep = mv.cid[k];
        int used = 0;
        for (int i = 0; i < n; i++) if (cids[i] == rep || (cids[i] < JLEAD && (cids[i] >> 5) == (rep >> 5) && (mv.others[k] >> (cids[i] & 31) & 1))) used = 1;
        if (!used) continue;
        int lo = lo0 > 0 ? lo0 : 0, hi = hi0 < cap ? hi0 : cap;
        /* a bound given is the likeliest value: the first test at it */
        int g = hi < cap ? hi : lo > 0 ? lo + 1 : guess >= 0 ? guess : estimate(c, rep);
        lo = mtd(c, rep, lo, hi, g);
        if (guess < 0 || (c->maxer[s] ? lo > guess : lo < guess)) guess = lo;  /* the best so far: most moves share it */
        for (int i = 0; i < n; i++)
            if (cids[i] == rep || (cids[i] < JLEAD && (cids[i] >> 5) == (rep >> 5) && (mv.others[k] >> (cids[i] & 31) & 1))) vals[i] = lo;
    }
    PyObject *out = NULL;
    if (!c->abort) {
        out = PyList_New(n);
        for (Py_ssize_t i = 0; out && i < n; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(vals[i]));
    }
    return finish_call(c, out);
}

/* value(nodes, stop_at, max_nodes, pause) -> the loaded position's value (its best move's), by
 * zero-window tests on the root itself: where only the best is wanted, fewer nodes than values() */
static PyObject *Core_value(Core *c, PyObject *args) {
    PyObject *pause;
    long long nodes, stop_at, max_nodes;
    if (!PyArg_ParseTuple(args, "LLLO", &nodes, &stop_at, &max_nodes, &pause)) return NULL;
    budget_args(c, nodes, stop_at, max_nodes, pause);
    int cap = c->left < c->rem_c ? c->left : c->rem_c, lo = 0, hi = cap;
    Moves mv;
    gen_moves(c, to_act(c), -1, &mv);
    lo = mtd(c, -1, lo, hi, mv.n ? estimate(c, mv.cid[0]) : 0);
    return finish_call(c, c->abort ? NULL : PyLong_FromLong(lo));
}

static PyObject *Core_clear(Core *c, PyObject *Py_UNUSED(a)) {
    tt_clear(c);
    memset(c->hist, 0, sizeof c->hist);
    memset(c->killer, NOCARD, sizeof c->killer);
    Py_RETURN_NONE;
}

/* (leader, cards in the trick, tricks left, rem_c, rem_o, each seat's group masks): for tests */
static PyObject *Core_state(Core *c, PyObject *Py_UNUSED(a)) {
    PyObject *hs = PyList_New(c->W);
    for (int w = 0; hs && w < c->W; w++) {
        PyObject *t = PyTuple_New(NG);
        for (int g = 0; t && g < NG; g++) PyTuple_SET_ITEM(t, g, PyLong_FromUnsignedLong(c->hand[w][g]));
        PyList_SET_ITEM(hs, w, t);
    }
    return Py_BuildValue("(iiiiiN)", c->leader, c->tlen, c->left, c->rem_c, c->rem_o, hs);
}

static PyObject *Core_get_nodes(Core *c, void *x) { return PyLong_FromLongLong(c->nodes); }
static PyObject *Core_get_stop_at(Core *c, void *x) { return PyLong_FromLongLong(c->stop_at); }
static PyObject *Core_get_entries(Core *c, void *x) { return PyLong_FromLong(c->nents); }
static PyObject *Core_get_clears(Core *c, void *x) { return PyLong_FromLongLong(c->clears); }
static PyObject *Core_get_packs(Core *c, void *x) { return PyLong_FromLongLong(c->packs); }
static PyObject *Core_get_evicts(Core *c, void *x) { return PyLong_FromLongLong(c->evicts); }

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "nodes counted by the last call", NULL},
    {"stop_at", (getter)Core_get_stop_at, NULL, "the node count of the next pause", NULL},
    {"entries", (getter)Core_get_entries, NULL, "table entry places in use (each bucket's block, moved blocks until packed again)", NULL},
    {"clears", (getter)Core_get_clears, NULL, "times the full table was emptied", NULL},
    {"packs", (getter)Core_get_packs, NULL, "times the full table was packed again", NULL},
    {"evicts", (getter)Core_get_evicts, NULL, "times the full table dropped its buckets of the fewest tricks left", NULL},
    {NULL}
};

static PyMethodDef Core_methods[] = {
    {"load", (PyCFunction)Core_load, METH_VARARGS, "set the position (False: not expressible)"},
    {"search", (PyCFunction)Core_search, METH_VARARGS, "the value at the loaded position"},
    {"values", (PyCFunction)Core_values, METH_VARARGS, "each root card's exact value"},
    {"value", (PyCFunction)Core_value, METH_VARARGS, "the position's value"},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS, "empty the table and the history"},
    {"set_hidden", (PyCFunction)Core_set_hidden, METH_VARARGS, "Court Piece's hidden-trump state"},
    {"state", (PyCFunction)Core_state, METH_NOARGS, "the loaded position as the core holds it"},
    {NULL}
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "service.rules.analysis._ddcore.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A double-dummy search with its table (reusable across positions of one ranking).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef moddef = {PyModuleDef_HEAD_INIT, "_ddcore", "The compiled double-dummy core.", -1, NULL};

PyMODINIT_FUNC PyInit__ddcore(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moddef);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    PyModule_AddObject(m, "Core", (PyObject *)&CoreType);
    shift64 = PyLong_FromLong(64);
    if (!shift64) return NULL;
    Exhausted = PyErr_NewException("service.rules.analysis._ddcore.Exhausted", NULL, NULL);
    Py_INCREF(Exhausted);
    PyModule_AddObject(m, "Exhausted", Exhausted);
    PyModule_AddStringConstant(m, "SOURCE_SHA256", DDCORE_SHA);
    PyModule_AddIntConstant(m, "PAUSE_EVERY", PAUSE_EVERY);
    return m;
}
