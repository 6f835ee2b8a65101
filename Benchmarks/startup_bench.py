#!/usr/bin/env python3
"""Start-up against its floors (issue 24), interleaved, in CPU time (user + system, from wait4).

    startup_bench.py [--rounds 31] [--binary PATH] [--baseline PATH]

Builds the floors into .build-bench/ and times six processes once per round, the order flipping every round
(the first round is a warm-up), output discarded:
  - floor: Benchmarks/c/preview_floor.c, a C program that reads the 100-box pile with jansson and writes a
    preview-shaped JSON of it (gcc -O2, -ljansson);
  - preview: `impulse preview --frames 1 --format json` of the same pile;
  - empty: Benchmarks/startup/empty.swift, an empty Swift program with the Swift runtime linked statically
    (`swiftc -O -static-stdlib`), and the same program as one static executable (`-static-executable`, as the
    release build of impulse is linked on Linux);
  - version: `impulse --version`;
  - lsp: `impulse lsp` reading initialize, initialized, shutdown and exit from a file on its standard input (the
    language server's start, with the threads it starts).
Prints the median CPU and wall time of each, the two ratios, preview / floor and version / empty, and the
preview's phases (IMPULSE_PHASE_TIMINGS=1: parse, decode, semantic rules, sort, simulate, encode; medians of
--rounds more runs, wall time inside the process). Only
figures from the same rounds compare: the machine's speed drifts with the other work on it.
--baseline PATH times another build's preview, --version and lsp in the same rounds (to compare two builds on
a machine whose speed drifts).
The binary: --binary, else $IMPULSE_BIN, else .build-bench/release/impulse (the release build: one static
executable on Linux, as the Makefile builds it).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

import common
from common import BENCH, DATA, ROOT, load_average


def build_floors():
    out = os.path.join(ROOT, ".build-bench")
    os.makedirs(out, exist_ok=True)
    floor = os.path.join(out, "preview_floor")
    empty = os.path.join(out, "empty_swift")
    subprocess.run(["gcc", "-O2", "-o", floor, os.path.join(BENCH, "c", "preview_floor.c"), "-ljansson"],
                   check=True)
    subprocess.run(["swiftc", "-O", "-static-stdlib", "-o", empty, os.path.join(BENCH, "startup", "empty.swift")],
                   check=True)
    empty_static = os.path.join(out, "empty_swift_static")
    subprocess.run(["swiftc", "-O", "-static-executable", "-o", empty_static,
                    os.path.join(BENCH, "startup", "empty.swift")], check=True)
    return floor, empty, empty_static


def lsp_session(path):
    """Writes the messages of a language server's shortest session (initialize to exit) to path."""
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": None, "capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None},
        {"jsonrpc": "2.0", "method": "exit", "params": None},
    ]
    with open(path, "wb") as f:
        for message in messages:
            body = json.dumps(message, separators=(",", ":")).encode()
            f.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=31)
    ap.add_argument("--binary", default=common.IMPULSE)
    ap.add_argument("--baseline", help="another impulse binary, timed in the same rounds")
    a = ap.parse_args()
    pile = os.path.join(DATA, "pile100-startup.dynamics.json")
    os.makedirs(DATA, exist_ok=True)
    subprocess.run([sys.executable, os.path.join(BENCH, "generate.py"), "pile", pile, "--boxes", "100"], check=True)
    floor, empty, empty_static = build_floors()
    session = os.path.join(ROOT, ".build-bench", "lsp_session.bin")
    lsp_session(session)
    commands = {
        "floor (C, jansson)": [floor, pile],
        "impulse preview --frames 1": [a.binary, "preview", "--frames", "1", "--format", "json", pile],
        "empty Swift program": [empty],
        "impulse --version": [a.binary, "--version"],
        "impulse lsp (initialize to exit)": [a.binary, "lsp"],
        "empty Swift program, static executable": [empty_static],
    }
    stdin = {"impulse lsp (initialize to exit)": session}
    if a.baseline:
        for name in list(commands)[1:]:
            if name.startswith("impulse"):
                commands["baseline: " + name] = [a.baseline] + commands[name][1:]
                if name in stdin:
                    stdin["baseline: " + name] = stdin[name]
    samples = {name: ([], []) for name in commands}
    devnull = os.open(os.devnull, os.O_WRONLY)
    load_before = load_average()
    for r in range(a.rounds + 1):
        order = list(commands) if r % 2 == 0 else list(reversed(commands))
        for name in order:
            argv = commands[name]
            start = time.perf_counter()
            actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
            if name in stdin:
                actions.append((os.POSIX_SPAWN_OPEN, 0, stdin[name], os.O_RDONLY, 0))
            pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=actions)
            _, status, usage = os.wait4(pid, 0)
            wall = time.perf_counter() - start
            if os.waitstatus_to_exitcode(status) != 0:
                sys.exit(f"{name} exited with status {os.waitstatus_to_exitcode(status)}")
            if r > 0:
                samples[name][0].append(wall * 1e3)
                samples[name][1].append((usage.ru_utime + usage.ru_stime) * 1e3)
    cpu = {name: statistics.median(c) for name, (_, c) in samples.items()}
    print(f"{a.rounds} interleaved rounds; load average {load_before} before, {load_average()} after\n")
    print("| process | CPU median (user + sys) | wall median |")
    print("|---|---|---|")
    for name, (wall, c) in samples.items():
        print(f"| {name} | {statistics.median(c):.2f} ms | {statistics.median(wall):.2f} ms |")
    names = list(commands)
    print(f"\npreview / floor: {cpu[names[1]] / cpu[names[0]]:.2f}× (goal ≤ 1.1×); "
          f"version / empty: {cpu[names[3]] / cpu[names[2]]:.2f}× (goal ≤ 1.5×), "
          f"{cpu[names[3]] / cpu[names[5]]:.2f}× against the static executable")
    if a.baseline:
        print(f"baseline: preview / floor {cpu['baseline: ' + names[1]] / cpu[names[0]]:.2f}×, "
              f"version / empty {cpu['baseline: ' + names[3]] / cpu[names[2]]:.2f}×")
    phases = {}
    for _ in range(a.rounds):
        run = subprocess.run(commands[names[1]], env=dict(os.environ, IMPULSE_PHASE_TIMINGS="1"),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
        for line in run.stderr.splitlines():
            match = re.fullmatch(r"impulse: (.+) ([0-9.]+) ms", line)
            if match:
                phases.setdefault(match[1], []).append(float(match[2]))
    print("\npreview phases (median wall ms in the process): " +
          ", ".join(f"{phase} {statistics.median(times):.3f}" for phase, times in phases.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
