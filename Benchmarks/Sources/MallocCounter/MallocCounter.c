// A malloc counter for the benchmarks: see include/MallocCounter.h.
// glibc exports its allocator under __libc_* names, which is what makes this a few lines.
#define _GNU_SOURCE
#include "MallocCounter.h"
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define MC_SANITIZED 1  // the sanitizer owns malloc: no counting under it
#endif
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(MC_SANITIZED)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static atomic_bool enabled = false;
static atomic_llong allocations = 0;
static atomic_llong heap_bytes = 0;
static atomic_llong frees = 0;

static inline void *counted(void *pointer) {
    if (pointer != NULL && atomic_load_explicit(&enabled, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&heap_bytes, (long long)malloc_usable_size(pointer) + 8, memory_order_relaxed);
    }
    return pointer;
}

void *malloc(size_t size) { return counted(__libc_malloc(size)); }
void *calloc(size_t count, size_t size) { return counted(__libc_calloc(count, size)); }
void *realloc(void *pointer, size_t size) { return counted(__libc_realloc(pointer, size)); }
void free(void *pointer) {
    if (pointer != NULL && atomic_load_explicit(&enabled, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    }
    __libc_free(pointer);
}
void *memalign(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }
void *aligned_alloc(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }
void *valloc(size_t size) { return counted(__libc_valloc(size)); }
void *pvalloc(size_t size) { return counted(__libc_pvalloc(size)); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = counted(__libc_memalign(alignment, size));
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void mc_enable(void) { atomic_store(&enabled, true); }
void mc_disable(void) { atomic_store(&enabled, false); }
void mc_reset(void) {
    atomic_store(&allocations, 0);
    atomic_store(&heap_bytes, 0);
    atomic_store(&frees, 0);
}
int64_t mc_allocations(void) { return atomic_load(&allocations); }
int64_t mc_heap_bytes(void) { return atomic_load(&heap_bytes); }
int64_t mc_frees(void) { return atomic_load(&frees); }

int mc_is_active(void) {
    bool was = atomic_exchange(&enabled, true);
    long long before = atomic_load(&allocations);
    void *volatile pointer = malloc(24);
    long long after = atomic_load(&allocations);
    free(pointer);
    atomic_store(&enabled, was);
    return after > before;
}

#else  // Not glibc, or under a sanitizer: no counting; the runner reports allocations as n/a.

void mc_enable(void) {}
void mc_disable(void) {}
void mc_reset(void) {}
int64_t mc_allocations(void) { return 0; }
int64_t mc_heap_bytes(void) { return 0; }
int64_t mc_frees(void) { return 0; }
int mc_is_active(void) { return 0; }

#endif
