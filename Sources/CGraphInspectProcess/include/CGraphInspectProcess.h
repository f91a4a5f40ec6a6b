#ifndef CGRAPHINSPECT_PROCESS_H
#define CGRAPHINSPECT_PROCESS_H

#include <sys/types.h>

/// fork(2), which Swift does not offer on Apple platforms: the test library runs a graph capture
/// in a copy of the test process, so code that ends the process ends only the copy.
///
/// The copy is bounded before any Swift code runs in it: it dies with its parent (Linux), its
/// SIGTERM ends it whatever the test process had set, and after `seconds` (when not 0) the kernel
/// ends it (SIGALRM), even if its one thread waits for ever on a lock another thread held at the
/// fork. So no copy outlives the test run, whatever ends that.
pid_t graphinspect_fork(unsigned seconds);

/// Starts `path` with `arguments` and `environment` (NULL-terminated), its standard output and
/// error written to the file open as `output`; the child's pid, or -1 with errno set.
pid_t graphinspect_spawn(const char *path, char *const arguments[], char *const environment[], int output);

/// What a fresh process of the test binary was started to do (`GRAPHINSPECT_ISOLATED_ROLE`, read
/// and taken out of the environment as the process starts), or NULL in any other process.
const char *graphinspect_isolated_role(void);

/// Runs `handler` when the process exits through exit(3), with the status it exits with (glibc's
/// on_exit); -1 where the status cannot be known (atexit). Registered last, it runs first.
int graphinspect_at_exit(void (*handler)(int status));

#endif
