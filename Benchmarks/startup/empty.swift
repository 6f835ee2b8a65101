// The start-up floor of a Swift process: an empty program, linked as `impulse` is (the Swift runtime statically).
// Benchmarks/startup_bench.py builds it with `swiftc -O -static-stdlib` and times it beside `impulse --version`.
