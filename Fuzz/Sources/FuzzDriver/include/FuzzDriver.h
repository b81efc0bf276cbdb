#ifndef FUZZ_DRIVER_H
#define FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs with their own `main` (LLVM 12 and later): parses
/// libFuzzer's command line and runs `callback` on each input. Provided by the libFuzzer
/// runtime that `-sanitize=fuzzer` links.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
