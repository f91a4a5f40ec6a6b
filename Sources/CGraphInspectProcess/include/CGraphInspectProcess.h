#ifndef CGRAPHINSPECT_PROCESS_H
#define CGRAPHINSPECT_PROCESS_H

#include <sys/types.h>

/// fork(2), which Swift does not offer on Apple platforms: the test library runs a graph capture
/// in a copy of the test process, so code that ends the process ends only the copy.
pid_t graphinspect_fork(void);

/// Runs `handler` when the process exits through exit(3), with the status it exits with (glibc's
/// on_exit); -1 where the status cannot be known (atexit). Registered last, it runs first.
int graphinspect_at_exit(void (*handler)(int status));

#endif
