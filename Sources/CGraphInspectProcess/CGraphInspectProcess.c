#include "CGraphInspectProcess.h"
#include <stdlib.h>
#include <unistd.h>

static void (*exit_handler)(int status);

#if defined(__GLIBC__)
static void exit_trampoline(int status, void *argument) {
    (void)argument;
    exit_handler(status);
}
#else
static void exit_trampoline(void) {
    exit_handler(-1);
}
#endif

pid_t graphinspect_fork(void) {
    return fork();
}

int graphinspect_at_exit(void (*handler)(int status)) {
    exit_handler = handler;
#if defined(__GLIBC__)
    return on_exit(exit_trampoline, NULL);
#else
    return atexit(exit_trampoline);
#endif
}
