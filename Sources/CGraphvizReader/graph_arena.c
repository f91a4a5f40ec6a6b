// A cgraph memory discipline that gives each graph regions of its own.
//
// Every object cgraph makes for a graph (nodes, edges, subgraphs, attribute records, the layout's
// per-object records, interned strings, dictionaries) is allocated through the graph's memory
// discipline. With the default one (malloc), the first render in a process lays those objects out
// one after another in fresh memory; once that graph is freed, the next one's objects land in the
// thousands of free chunks it left behind, scattered, and layout, which walks nodes and edges many
// times, slows down: ten renders of one 2,000-node picture in one process took 1.22 s the first
// time and up to 1.65 s later, for the same instructions. From regions of its own every graph is
// laid out as the first one was, and the regions go back to the system whole when it is closed.
//
// Allocation bumps a pointer; a free or resize of the newest allocation is undone in place (the
// common case: growing an array, a temporary string); other frees wait for the graph's close.
// cgraph expects zeroed memory, and gets it: a region comes zeroed from mmap and whatever is
// given back is zeroed again. Under AddressSanitizer each allocation carries its size, freed and
// unused memory is poisoned, so use after free and overflows inside a graph are still reported.

#include "graph_arena.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GRAPH_ARENA_ASAN 1
#endif
#endif
#ifdef GRAPH_ARENA_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
// A header before each allocation holding its size, and a gap after it that stays poisoned.
enum { HEADER = 16, GAP = 16 };
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
enum { HEADER = 0, GAP = 0 };
#endif

enum { ALIGN = 16, REGION = 1 << 20 };

typedef struct region {
    struct region *next;  // the region made before this one
    size_t size;          // bytes mapped, this header included
    size_t used;          // bytes handed out, this header included
} region;

typedef struct {
    region *newest;
    char *last;           // the newest allocation, while it can still be undone; else NULL
    char *first;          // the first allocation: the graph's Agclos_t, freed last of all
} arena;

static size_t rounded(size_t n, size_t to) { return (n + to - 1) / to * to; }

static const size_t first_offset = (sizeof(region) + ALIGN - 1) / ALIGN * ALIGN;

// The arenas not yet released, oldest first; only changed inside Graphviz calls, which callers
// serialise. Usually one: the graph being rendered.
static arena **open_list = NULL;
static size_t open_count = 0, open_capacity = 0;

size_t graphinspect_open_arenas(void) { return open_count; }

static void *arena_open(Agdisc_t *disc) {
    (void)disc;
    if (open_count == open_capacity) {
        size_t capacity = open_capacity ? open_capacity * 2 : 4;
        arena **grown = realloc(open_list, capacity * sizeof(arena *));
        if (!grown) return NULL;
        open_list = grown;
        open_capacity = capacity;
    }
    arena *a = calloc(1, sizeof(arena));
    if (a) open_list[open_count++] = a;
    return a;
}

static int add_region(arena *a, size_t need) {
    size_t size = need + first_offset > REGION ? rounded(need + first_offset, 4096) : REGION;
    void *memory = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0);
    if (memory == MAP_FAILED) return 0;
    region *r = memory;
    r->next = a->newest;
    r->size = size;
    r->used = first_offset;
    POISON((char *)r + first_offset, size - first_offset);
    a->newest = r;
    a->last = NULL;
    return 1;
}

static void *arena_alloc(void *state, size_t request) {
    arena *a = state;
    // cdt's holders (the link that puts an object in a set, e.g. an edge in a subgraph) are made
    // and freed through whichever graph cgraph's global Ag_dictop_G last named, or with plain
    // malloc and free when it names none: one made here could be handed to free(). They, and
    // anything of their size, come from malloc; arena_free sends them back there (see owns).
    if (request == sizeof(Dthold_t)) return calloc(1, request);
    size_t step = rounded(HEADER + request + GAP, ALIGN);
    if (step < request) return NULL;  // overflow
    if (!a->newest || a->newest->size - a->newest->used < step) {
        if (!add_region(a, step)) return NULL;
    }
    char *block = (char *)a->newest + a->newest->used;
    a->newest->used += step;
    char *p = block + HEADER;
#ifdef GRAPH_ARENA_ASAN
    UNPOISON(block, HEADER + request);
    *(size_t *)block = request;
    POISON(block, HEADER);
#endif
    UNPOISON(p, request);
    a->last = p;
    if (!a->first) a->first = p;
    return p;
}

/// Whether `p` is the newest allocation, still at the end of the newest region.
static int is_last(arena *a, char *p) { return p && p == a->last; }

/// The offset in the newest region where the allocation at `p` starts (its header included).
static size_t offset_of(arena *a, char *p) { return (size_t)(p - HEADER - (char *)a->newest); }

/// Unmaps every region and frees the arena.
static void release(arena *a) {
    for (size_t i = 0; i < open_count; i++) {
        if (open_list[i] == a) {
            memmove(open_list + i, open_list + i + 1, (open_count - i - 1) * sizeof(arena *));
            open_count--;
            break;
        }
    }
    region *r = a->newest;
    while (r) {
        region *next = r->next;
        UNPOISON(r, r->size);
        munmap(r, r->size);
        r = next;
    }
    free(a);
}

int graphinspect_arena_is_open(const void *state) {
    for (size_t i = 0; i < open_count; i++) {
        if (open_list[i] == state) return 1;
    }
    return 0;
}

void graphinspect_arena_release(void *state) { release(state); }

void graphinspect_arena_release_opened_after(size_t count) {
    while (open_count > count) release(open_list[open_count - 1]);
}

/// Whether `p` lies in one of the arena's regions. What does not came from malloc: the holders
/// (above), and any that cgraph took from malloc while Ag_dictop_G named no graph and frees
/// through this one. Those go back to malloc. The newest regions are looked at first.
static int owns(const arena *a, const char *p) {
    for (const region *r = a->newest; r; r = r->next) {
        if (p > (const char *)r && p < (const char *)r + r->size) return 1;
    }
    return 0;
}

static void arena_free(void *state, void *pointer) {
    arena *a = state;
    char *p = pointer;
    if (!p) return;
    if (!owns(a, p)) {
        free(p);
        return;
    }
    if (p == a->first) {  // agclose's last act: the graph is gone
        release(a);
        return;
    }
    if (is_last(a, p)) {
        size_t start = offset_of(a, p);
        UNPOISON((char *)a->newest + start, a->newest->used - start);
        memset((char *)a->newest + start, 0, a->newest->used - start);
        POISON((char *)a->newest + start, a->newest->used - start);
        a->newest->used = start;
        a->last = NULL;
        return;
    }
#ifdef GRAPH_ARENA_ASAN
    UNPOISON(p - HEADER, HEADER);
    size_t size = *(size_t *)(p - HEADER);
    POISON(p - HEADER, HEADER + size);
#endif
}

static void *arena_resize(void *state, void *pointer, size_t old, size_t request) {
    arena *a = state;
    char *p = pointer;
    if (!p) return arena_alloc(state, request);
    if (!owns(a, p)) {  // from malloc (see owns): resized as cgraph's default discipline would
        char *grown = realloc(p, request);
        if (grown && request > old) memset(grown + old, 0, request - old);
        return grown;
    }
    if (is_last(a, p)) {
        size_t start = offset_of(a, p);
        size_t step = rounded(HEADER + request + GAP, ALIGN);
        if (step >= request && a->newest->size - start >= step) {
            // Past the allocation's end everything is zero (the arena's invariant); a shrunk
            // allocation zeroes what it gives back, so that stays true.
            size_t end = start + step;
            size_t was = a->newest->used;
            if (request < old) {
                UNPOISON(p + request, old - request);
                memset(p + request, 0, old - request);
            }
            POISON(p, (was > end ? was : end) - start - HEADER);
            UNPOISON(p, request);
#ifdef GRAPH_ARENA_ASAN
            UNPOISON(p - HEADER, HEADER);
            *(size_t *)(p - HEADER) = request;
            POISON(p - HEADER, HEADER);
#endif
            a->newest->used = end;
            return p;
        }
    }
    char *moved = arena_alloc(state, request);
    if (!moved) return NULL;
    memcpy(moved, p, old < request ? old : request);
    arena_free(state, p);
    return moved;
}

// No close function: given one, agclose skips the graph's own teardown ("free entire heap") and
// so never frees the dictionaries' headers, which cdt takes from malloc, nor closes the ID
// discipline. Without one, agclose tears the graph down as usual (its frees cost next to nothing
// here) and frees the graph's Agclos_t last, which releases the regions. Graphviz 2.42's agclose
// sometimes gives up before that (it returns -1 for two clusters, an edge between them and a node
// alone in one, laid out with newrank): graphinspect_close and graphinspect_read then release
// what it left (see graph_arena.h).
Agmemdisc_t graphinspect_arena_discipline = {
    arena_open, arena_alloc, arena_resize, arena_free, NULL,
};

size_t graphinspect_arena_bytes(Agraph_t *graph) {
    Agraph_t *root = agroot(graph);
    if (root->clos->disc.mem != &graphinspect_arena_discipline) return 0;
    arena *a = root->clos->state.mem;
    size_t total = 0;
    for (region *r = a->newest; r; r = r->next) total += r->used - first_offset;
    return total;
}
