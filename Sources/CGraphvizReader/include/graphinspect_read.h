#ifndef GRAPHINSPECT_READ_H
#define GRAPHINSPECT_READ_H
#include <graphviz/cgraph.h>

/// Parses DOT like agmemread, but with an ID discipline that numbers named objects in the order
/// they first appear, so layouts and renders do not depend on where malloc put their names.
Agraph_t *graphinspect_read(const char *dot);

#endif
