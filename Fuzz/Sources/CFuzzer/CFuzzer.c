// Nothing to compile: the target only declares libFuzzer's driver (include/CFuzzer.h), which
// -sanitize=fuzzer links in.
#include "CFuzzer.h"
