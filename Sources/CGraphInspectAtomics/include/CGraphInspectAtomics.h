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

#endif
