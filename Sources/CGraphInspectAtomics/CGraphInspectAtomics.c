// The atomics are static inline in include/CGraphInspectAtomics.h; here are the spin lock's slow
// path and the try-retain of a live object.
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
