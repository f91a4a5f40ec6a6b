// A deterministic replacement for agmemread.
//
// cgraph's default ID discipline uses the address of each interned name as the object's ID, and
// orders subgraphs by ID: sibling clusters then come out in an order that depends on malloc history,
// and the same DOT renders to different SVG bytes within one process. This discipline gives named
// objects even IDs in order of first appearance and anonymous ones odd IDs from a per-graph counter.
#include "graphinspect_read.h"
#include "graph_arena.h"
#include <graphviz/gvc.h>
#include <stdlib.h>
#include <string.h>

// The names and tables are allocated through the graph's memory discipline, so with an arena
// they go with it, even when agclose gives up before closing the ID discipline.
typedef struct {
    Agraph_t *graph;
    char **names;      // names[i] has ID 2 * (i + 1)
    size_t count;
    size_t capacity;
    size_t *table;     // open addressing: index + 1 into names, 0 for empty
    size_t slots;
    IDTYPE anonymous;  // next odd ID
    int closed;        // set by id_close: agclose got that far
} id_state;

static size_t hash_name(const char *s) {
    size_t h = 1469598103934665603ULL;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static int grow(id_state *st) {
    size_t slots = st->slots ? st->slots * 2 : 64;
    size_t *table = agalloc(st->graph, slots * sizeof(size_t));  // zeroed
    if (!table) return 0;
    for (size_t i = 0; i < st->count; i++) {
        size_t at = hash_name(st->names[i]) & (slots - 1);
        while (table[at]) at = (at + 1) & (slots - 1);
        table[at] = i + 1;
    }
    agfree(st->graph, st->table);
    st->table = table;
    st->slots = slots;
    return 1;
}

static void *id_open(Agraph_t *g, Agdisc_t *disc) {
    (void)disc;
    id_state *st = agalloc(g, sizeof(id_state));
    if (!st) return NULL;
    st->graph = g;
    st->anonymous = 1;
    return st;
}

static long id_map(void *state, int objtype, char *str, IDTYPE *id, int createflag) {
    (void)objtype;
    id_state *st = state;
    if (!str) {
        *id = st->anonymous;
        st->anonymous += 2;
        return 1;
    }
    if (st->slots) {
        size_t at = hash_name(str) & (st->slots - 1);
        while (st->table[at]) {
            size_t index = st->table[at] - 1;
            if (strcmp(st->names[index], str) == 0) {
                *id = (IDTYPE)(2 * (index + 1));
                return 1;
            }
            at = (at + 1) & (st->slots - 1);
        }
    }
    if (!createflag) return 0;
    if ((st->count + 1) * 2 > st->slots && !grow(st)) return 0;
    if (st->count == st->capacity) {
        size_t capacity = st->capacity ? st->capacity * 2 : 64;
        char **names = agrealloc(st->graph, st->names, st->capacity * sizeof(char *), capacity * sizeof(char *));
        if (!names) return 0;
        st->names = names;
        st->capacity = capacity;
    }
    size_t length = strlen(str) + 1;
    char *copy = agalloc(st->graph, length);
    if (!copy) return 0;
    memcpy(copy, str, length);
    st->names[st->count] = copy;
    size_t at = hash_name(copy) & (st->slots - 1);
    while (st->table[at]) at = (at + 1) & (st->slots - 1);
    st->table[at] = st->count + 1;
    st->count++;
    *id = (IDTYPE)(2 * st->count);
    return 1;
}

static long id_alloc(void *state, int objtype, IDTYPE request) {
    (void)state; (void)objtype; (void)request;
    return 0;
}

static void id_free(void *state, int objtype, IDTYPE id) {
    // Names live until the graph is closed.
    (void)state; (void)objtype; (void)id;
}

static char *id_print(void *state, int objtype, IDTYPE id) {
    (void)objtype;
    id_state *st = state;
    if (id % 2 != 0 || id == 0 || id / 2 > st->count) return NULL;
    return st->names[id / 2 - 1];
}

static void id_close(void *state) {
    id_state *st = state;
    Agraph_t *graph = st->graph;
    st->closed = 1;  // read by graphinspect_close before the arena goes; the state is not reused
    for (size_t i = 0; i < st->count; i++) agfree(graph, st->names[i]);
    agfree(graph, st->names);
    agfree(graph, st->table);
    agfree(graph, st);
}

static void id_register(void *state, int objtype, void *obj) {
    (void)state; (void)objtype; (void)obj;
}

static Agiddisc_t deterministic_ids = { id_open, id_map, id_alloc, id_free, id_print, id_close, id_register };

typedef struct {
    const char *data;
    size_t length;
    size_t position;
} memory_reader;

static int memory_read(void *chan, char *buffer, int size) {
    memory_reader *reader = chan;
    size_t left = reader->length - reader->position;
    size_t count = left < (size_t)size ? left : (size_t)size;
    memcpy(buffer, reader->data + reader->position, count);
    reader->position += count;
    return (int)count;
}

// cgraph keeps pointers to the disciplines for the graph's life, so they are static. Callers
// serialise all Graphviz use (GraphvizRenderer's lock), so filling `io` here is race-free.
static Agiodisc_t io;

// Exported by libcgraph but not declared in its header: flushes the scanner's buffer; closes a
// graph's string dictionary.
extern void aglexbad(void);
extern int agstrclose(Agraph_t *graph);

static int use_arena = 1;

void graphinspect_read_with_malloc(void) { use_arena = 0; }

Agraph_t *graphinspect_read(const char *dot) {
    io.afread = memory_read;
    io.putstr = AgIoDisc.putstr;
    io.flush = AgIoDisc.flush;
    // The graph's objects live in an arena of its own (graph_arena.c), so a render is as fast
    // in a long-lived process as in a fresh one.
    Agdisc_t disc = { use_arena ? &graphinspect_arena_discipline : &AgMemDisc, &deterministic_ids, &io };
    memory_reader reader = { dot, strlen(dot), 0 };
    // The scanner's buffer and line counter are global and survive parses: whatever followed the
    // previous graph's closing brace would be read first, and errors would name the wrong line.
    aglexbad();
    agreadline(1);
    size_t before = graphinspect_open_arenas();
    Agraph_t *graph = agread(&reader, &disc);
    // On a syntax error the parser closes what it made; if that close gave up, release its arena.
    if (!graph) graphinspect_arena_release_opened_after(before);
    return graph;
}

int graphinspect_close(Agraph_t *graph) {
    Agraph_t *root = agroot(graph);
    void *memory = root->clos->disc.mem == &graphinspect_arena_discipline ? root->clos->state.mem : NULL;
    id_state *ids = root->clos->disc.id == &deterministic_ids ? root->clos->state.id : NULL;
    int status = agclose(root);
    if (memory && graphinspect_arena_is_open(memory)) {
        // agclose gave up part way: the graph's memory is still there. Close what it did not get
        // to that lives outside the arena (the string dictionary, whose header cdt takes from
        // malloc; agclose closes it right after the IDs), then release the arena.
        if (ids && !ids->closed) agstrclose(root);
        graphinspect_arena_release(memory);
    }
    return status;
}

void graphinspect_keep_scale(Agraph_t *graph) {
    if (GD_drawing(graph)) {
        GD_drawing(graph)->size.x = 0;
        GD_drawing(graph)->size.y = 0;
        GD_drawing(graph)->filled = 0;
    }
}
