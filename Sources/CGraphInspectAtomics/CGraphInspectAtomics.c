// Nothing to compile: the functions are static inline in include/CGraphInspectAtomics.h.
#include "CGraphInspectAtomics.h"
