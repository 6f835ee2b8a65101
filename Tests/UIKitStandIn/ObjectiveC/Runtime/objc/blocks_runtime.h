// The blocks runtime header that GNUstep's Foundation includes when blocks are on (`GSVersionMacros.h`). Debian's
// GNUstep is built on GCC's Objective-C runtime, which has no such header; GNUstep's library itself exports these
// two functions. For the test build of generated code with `-fblocks` only.

#ifndef IMPULSE_BLOCKS_RUNTIME_H
#define IMPULSE_BLOCKS_RUNTIME_H

void *_Block_copy(const void *block);
void _Block_release(const void *block);

#define Block_copy(x) ((__typeof(x))_Block_copy((const void *)(x)))
#define Block_release(x) _Block_release((const void *)(x))

#endif
