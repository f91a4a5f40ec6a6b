// The runtime's way to the test library's words for a test process it is about to end
// (`graphinspect_test_process_note` in include/CGraphInspectAtomics.h). The runtime cannot import
// the test library, which depends on it; a weak reference finds it when it is linked, at no cost
// until the process is ending.
#include "CGraphInspectAtomics.h"
#include <stddef.h>

#if defined(__linux__)
// Defined by GraphInspectTesting (`@_cdecl`); absent, the reference is NULL.
extern char *graphinspect_testing_termination_note(void) __attribute__((weak));
#endif

char *graphinspect_test_process_note(void) {
#if defined(__linux__)
    if (graphinspect_testing_termination_note != NULL) return graphinspect_testing_termination_note();
#endif
    return NULL;
}
