// Acquire loads and release stores of a pointer, for the runtime's lock-free lookup cache.
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

#endif
