#include "CGraphInspectProcess.h"
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

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

/// Makes this process die when `parent` does (Linux; elsewhere the alarm bounds it), and exits at
/// once when `parent` is already gone.
static void die_with_parent(pid_t parent) {
#if defined(__linux__)
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (getppid() != parent) {
        _exit(70);
    }
}

pid_t graphinspect_fork(unsigned seconds) {
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        // Only async-signal-safe calls here: the copy's one thread may share no lock yet.
        die_with_parent(parent);
        signal(SIGTERM, SIG_DFL);
        signal(SIGALRM, SIG_DFL);
        sigset_t unblocked;
        sigemptyset(&unblocked);
        sigaddset(&unblocked, SIGTERM);
        sigaddset(&unblocked, SIGALRM);
        sigprocmask(SIG_UNBLOCK, &unblocked, NULL);
        if (seconds > 0) {
            alarm(seconds);
        }
    }
    return pid;
}

pid_t graphinspect_spawn(const char *path, char *const arguments[], char *const environment[], int output) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, output, 1);
    posix_spawn_file_actions_adddup2(&actions, output, 2);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    // The child starts with every signal at its default and none blocked, whatever this thread has.
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    pid_t pid = -1;
    int failed = posix_spawn(&pid, path, &actions, &attributes, arguments, environment);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return failed == 0 ? pid : -1;
}

static char *isolated_role = NULL;

/// A fresh process of the test binary started by the test library (`GRAPHINSPECT_ISOLATED_PARENT`
/// names its parent's pid) dies with that parent, from before its first line of Swift code. Both
/// variables are taken out of the environment, so no process it starts in turn inherits them.
__attribute__((constructor)) static void graphinspect_bind_to_parent(void) {
    const char *parent = getenv("GRAPHINSPECT_ISOLATED_PARENT");
    const char *role = getenv("GRAPHINSPECT_ISOLATED_ROLE");
    if (parent == NULL || *parent == '\0' || role == NULL) {
        return;
    }
    die_with_parent((pid_t)atol(parent));
    isolated_role = strdup(role);
    unsetenv("GRAPHINSPECT_ISOLATED_PARENT");
    unsetenv("GRAPHINSPECT_ISOLATED_ROLE");
}

const char *graphinspect_isolated_role(void) {
    return isolated_role;
}

int graphinspect_at_exit(void (*handler)(int status)) {
    exit_handler = handler;
#if defined(__GLIBC__)
    return on_exit(exit_trampoline, NULL);
#else
    return atexit(exit_trampoline);
#endif
}
