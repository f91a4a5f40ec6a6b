#ifndef GRAPHINSPECT_GRAPH_ARENA_H
#define GRAPHINSPECT_GRAPH_ARENA_H
#include <graphviz/cgraph.h>
#include <stddef.h>

/// A memory discipline giving each root graph regions of its own, so a graph's objects are laid
/// out together however fragmented the heap is (see graph_arena.c for why). agclose releases them.
extern Agmemdisc_t graphinspect_arena_discipline;

/// How many arenas are open: one per graph not yet closed (for tests: a graph the parser gave up on
/// is released too).
size_t graphinspect_open_arenas(void);

/// Bytes the arena of `graph`'s root has handed out, 0 if it has none (for tests: the objects of
/// a graph read by graphinspect_read live in one).
size_t graphinspect_arena_bytes(Agraph_t *graph);

#endif
