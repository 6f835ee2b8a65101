#!/usr/bin/env python3
"""Interleaved whole-process timing of several commands on one file (A/B comparisons of two builds).

    python3 Benchmarks/ab.py ROUNDS FILE "COMMAND A" "COMMAND B" ...

Each command is run as `COMMAND… ARGS FILE` (ARGS from the environment variable AB_ARGS, default `lint`;
FILE may be "" for none), output discarded, once per round, the order flipping every round; the first round
is a warm-up. Prints the median wall and CPU (user + system, from wait4) time of each command. On a machine
whose speed drifts, only commands timed in the same rounds compare.
"""
import os
import statistics
import sys
import time

rounds, path, commands = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
arguments = os.environ.get("AB_ARGS", "lint").split()
samples = {command: ([], []) for command in commands}
devnull = os.open(os.devnull, os.O_WRONLY)
for r in range(rounds + 1):
    for command in (commands if r % 2 == 0 else list(reversed(commands))):
        argv = command.split() + arguments + ([path] if path else [])
        start = time.perf_counter()
        pid = os.posix_spawnp(argv[0], argv, os.environ,
                              file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
        _, _, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - start
        if r > 0:
            samples[command][0].append(wall * 1e3)
            samples[command][1].append((usage.ru_utime + usage.ru_stime) * 1e3)
for command, (wall, cpu) in samples.items():
    print(f"{command}: wall median {statistics.median(wall):.1f} ms (min {min(wall):.1f}), "
          f"CPU median {statistics.median(cpu):.1f} ms")
