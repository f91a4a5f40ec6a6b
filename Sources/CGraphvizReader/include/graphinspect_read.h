#ifndef GRAPHINSPECT_READ_H
#define GRAPHINSPECT_READ_H
#include <graphviz/cgraph.h>

/// Parses DOT like agmemread, but with an ID discipline that numbers named objects in the order
/// they first appear, so layouts and renders do not depend on where malloc put their names; and
/// with the graph's objects in an arena of its own (graph_arena.h). Close it with graphinspect_close.
Agraph_t *graphinspect_read(const char *dot);

/// agclose, then releases the graph's arena if agclose gave up before releasing it (Graphviz 2.42
/// does for some graphs with clusters laid out with newrank). Returns agclose's status.
int graphinspect_close(Agraph_t *graph);

/// From now on, graphinspect_read gives graphs cgraph's default memory discipline (malloc) instead
/// of an arena: only for the benchmark, which measures what the arena changes in a process of its
/// own. Call it before any Graphviz use.
void graphinspect_read_with_malloc(void);

/// After layout: forget the graph's `size`, so rendering draws it at its natural scale. Set with
/// `ratio=compress`, `size` makes dot pack a layout towards that width; left in place, it would
/// then also shrink whatever did not fit, text included.
void graphinspect_keep_scale(Agraph_t *graph);

#endif
