// The atomics are static inline in include/CGraphInspectAtomics.h; here are the spin lock's slow
// path, the try-retain of a live object, and which thread is the main one.
#if defined(__linux__)
#define _GNU_SOURCE
#include <unistd.h>
#elif defined(__APPLE__)
#include <pthread.h>
#endif
#include "CGraphInspectAtomics.h"
#include <sched.h>
#include <time.h>

void graphinspect_spin_lock_wait(int *lock) {
    for (unsigned attempt = 0;; attempt++) {
        if (__atomic_load_n(lock, __ATOMIC_RELAXED) == 0 && __atomic_exchange_n(lock, 1, __ATOMIC_ACQUIRE) == 0) return;
        if (attempt < 64) {
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#elif defined(__aarch64__)
            __asm__ __volatile__("yield");
#endif
        } else if (attempt < 128) {
            sched_yield();
        } else {
            struct timespec pause = {0, 50000};
            nanosleep(&pause, NULL);
        }
    }
}

// Exported by the Swift runtime (swift/Runtime/HeapObject.h).
extern void *swift_tryRetain(void *object);

void *graphinspect_try_retain(void *object) {
    return swift_tryRetain(object);
}

int graphinspect_is_main_thread(void) {
#if defined(__linux__)
    return gettid() == getpid();
#elif defined(__APPLE__)
    return pthread_main_np() != 0;
#else
    return 0;
#endif
}
