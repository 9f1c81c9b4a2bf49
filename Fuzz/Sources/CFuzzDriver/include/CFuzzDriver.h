#ifndef C_FUZZ_DRIVER_H
#define C_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, LLVM 11 and later), linked by `-sanitize=fuzzer`. The fuzzing
/// build calls it from the executable's entry point: SwiftPM links executables on Linux with
/// `main` pointing at `beckon_fuzz_main`, so libFuzzer's own `main` is not used.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
