// The two system calls behind swift-mvi's lock on Linux: waiting on a word and waking one
// waiter. Swift cannot call the variadic `syscall` itself, hence this shim. Nothing else.
#ifndef MVI_FUTEX_H
#define MVI_FUTEX_H

#include <stdint.h>

/// Sleeps while `*word == expected` (returns at once otherwise), until woken. May return
/// spuriously: callers check the word again.
void mvi_futex_wait(uint32_t *word, uint32_t expected);

/// Wakes one thread sleeping in `mvi_futex_wait` on `word`.
void mvi_futex_wake_one(uint32_t *word);

#endif
