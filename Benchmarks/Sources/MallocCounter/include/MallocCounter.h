// Counts heap allocations made by this process while counting is enabled.
//
// The benchmark executable defines malloc, calloc, realloc, free and the aligned variants
// itself (see MallocCounter.c). The dynamic linker resolves those names in the executable
// before libc, so every allocation in the process, the Swift runtime's included, passes
// through here and is forwarded to glibc's own entry points (__libc_malloc and friends).
// Unlike an LD_PRELOAD interposer, nothing is prefixed to the blocks, so resident-memory
// figures stay true, and nothing has to be preloaded.
#pragma once
#include <stdint.h>

/// Starts counting (counters keep their values; call mc_reset first for a fresh count).
void mc_enable(void);
/// Stops counting.
void mc_disable(void);
/// Zeroes the counters.
void mc_reset(void);
/// Allocations (malloc, calloc, realloc that moved or grew, aligned variants) while enabled.
int64_t mc_allocations(void);
/// Heap bytes of those allocations, as glibc chunks: usable size plus the 8-byte chunk header.
int64_t mc_heap_bytes(void);
/// Frees while enabled.
int64_t mc_frees(void);
/// Whether the counter is really in the allocation path (it allocates once to check).
int mc_is_active(void);
