#include "_MVIFutex.h"

#ifdef __linux__
#include <linux/futex.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

// Private futexes: the word is never shared between processes, which makes the kernel's
// lookup cheaper. Plain (not priority-inheritance) futexes: the lock hands over through the
// word itself, with atomic operations the thread sanitizer sees.
void mvi_futex_wait(uint32_t *word, uint32_t expected) {
    syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

void mvi_futex_wake_one(uint32_t *word) {
    syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#else
// Other systems use the platform's lock (see Lock.swift); these are never called there.
void mvi_futex_wait(uint32_t *word, uint32_t expected) { (void)word; (void)expected; }
void mvi_futex_wake_one(uint32_t *word) { (void)word; }
#endif
