// libFuzzer's driver entry point (compiler-rt's FuzzerInterface.h). SwiftPM links an executable
// target's entry as `<Target>_main`, so each target starts libFuzzer itself through this call.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
