#ifndef GRAPHINSPECT_CGRAPHVIZ_SHIM_H
#define GRAPHINSPECT_CGRAPHVIZ_SHIM_H
// Graphviz's layout-and-render API (gvc) and graph API (cgraph), from libgraphviz-dev.
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
