#ifndef GRAPHINSPECT_GRAPH_ARENA_H
#define GRAPHINSPECT_GRAPH_ARENA_H
#include <graphviz/cgraph.h>
#include <stddef.h>

/// A memory discipline giving each root graph regions of its own, so a graph's objects are laid
/// out together however fragmented the heap is (see graph_arena.c for why). agclose releases them
/// when it gets to the end; graphinspect_close makes sure.
extern Agmemdisc_t graphinspect_arena_discipline;

/// Whether the arena `state` (a graph's `clos->state.mem`, read before agclose) is still open:
/// after agclose, only if agclose gave up part way.
int graphinspect_arena_is_open(const void *state);

/// Releases an open arena and everything in it.
void graphinspect_arena_release(void *state);

/// Releases every arena opened after the first `count` still open: what a failed parse left.
void graphinspect_arena_release_opened_after(size_t count);

/// How many arenas are open: one per graph not yet closed (for tests: a graph the parser gave up on
/// is released too).
size_t graphinspect_open_arenas(void);

/// Bytes the arena of `graph`'s root has handed out, 0 if it has none (for tests: the objects of
/// a graph read by graphinspect_read live in one).
size_t graphinspect_arena_bytes(Agraph_t *graph);

#endif
