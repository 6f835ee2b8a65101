// The start-up floor of a Swift process: an empty program. Benchmarks/startup_bench.py builds it twice, with the
// Swift runtime linked statically (`swiftc -O -static-stdlib`) and as one static executable
// (`-static-executable`, as impulse's release build is linked on Linux), and times both beside `impulse --version`.
