// Acquire loads, release stores and compare-exchange of a pointer, for the runtime's lock-free
// lookup cache and cache-hit reporting.
// (Swift's Synchronization module would do, but needs macOS 15 / iOS 18; these compile wherever
// clang does.) Header-only: static inline, so calls compile to plain loads and stores.
#ifndef CGRAPHINSPECT_ATOMICS_H
#define CGRAPHINSPECT_ATOMICS_H

static inline const void *_Nullable graphinspect_load_acquire(const void *_Nullable const *_Nonnull slot) {
    return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

static inline void graphinspect_store_release(const void *_Nullable *_Nonnull slot, const void *_Nullable value) {
    __atomic_store_n(slot, value, __ATOMIC_RELEASE);
}

/// Stores `desired` if the slot holds `expected`; returns whether it did.
static inline _Bool graphinspect_compare_exchange(const void *_Nullable *_Nonnull slot, const void *_Nullable expected, const void *_Nullable desired) {
    return __atomic_compare_exchange_n(slot, &expected, desired, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/// An integer counter: acquire load, release store, relaxed add.
static inline long graphinspect_load_acquire_long(const long *_Nonnull slot) {
    return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

static inline void graphinspect_store_release_long(long *_Nonnull slot, long value) {
    __atomic_store_n(slot, value, __ATOMIC_RELEASE);
}

static inline void graphinspect_add_long(long *_Nonnull slot, long value) {
    __atomic_fetch_add(slot, value, __ATOMIC_RELAXED);
}

/// A lock for critical sections of a few dozen instructions that take no system call on the hot
/// path (a trace writer's copy into its mapping): one atomic exchange to take it, a release store
/// to give it back (pthread_mutex_lock and _unlock took two atomic operations and 57 instructions
/// of calls). A waiter spins a little, then yields its time slice, then sleeps 50 µs at a time,
/// so a holder that blocks (a pipe that is full) costs waiters no more than a mutex would.
void graphinspect_spin_lock_wait(int *_Nonnull lock);

/// Retains a native Swift object unless its deinitialisation has begun: the object, retained
/// once, or NULL. Swift's runtime entry point (`swift_tryRetain`, what loading a weak reference
/// uses), for the library's own objects, which hold no weak reference to themselves: a search
/// among the live objects (`HolderSearch`) takes only those it can keep whole while it reads them.
void *_Nullable graphinspect_try_retain(void *_Nonnull object);

/// Whether the calling thread is the process's main thread (on Linux, the thread whose kernel id
/// is the process id; on Apple platforms, `pthread_main_np`), for `RecordingThread`.
int graphinspect_is_main_thread(void);

static inline void graphinspect_spin_lock(int *_Nonnull lock) {
    if (__atomic_exchange_n(lock, 1, __ATOMIC_ACQUIRE) == 0) return;
    graphinspect_spin_lock_wait(lock);
}

static inline void graphinspect_spin_unlock(int *_Nonnull lock) {
    __atomic_store_n(lock, 0, __ATOMIC_RELEASE);
}

/// What a test process prints when graphinspect ends it for a defect outside any isolated scope:
/// which test was running and how to make the next such end fail that test alone. The test library
/// (GraphInspectTesting) words it; NULL where it is not linked (an app), or where no test runs.
/// Linux: a weak reference, resolved only when the test library is in the binary (a Mach-O
/// weak reference to an absent symbol does not link, so elsewhere it is always NULL).
char *_Nullable graphinspect_test_process_note(void);

#endif
