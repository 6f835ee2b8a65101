// libFuzzer's entry for programs that have their own `main` (a SwiftPM executable's `main` is its module's
// entry point, so libFuzzer's own `main` cannot be linked): runs the fuzzer with the command line's options
// and calls `callback` on every input.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
