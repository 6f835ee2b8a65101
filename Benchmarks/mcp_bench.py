#!/usr/bin/env python3
"""MCP server benchmark (issue 25): `lint` of the 5,000-item scene through `impulse mcp`, raw JSON-RPC over pipes.

    mcp_bench.py [--file Benchmarks/data/big5000.dynamics.json] [--calls 30] [--starts 10] [--binary PATH]

Measures, on one scene (default: the 5,000-item scene of the lint benchmark, made by generate.py when missing):
  - start → initialize response (median and max over --starts fresh processes);
  - tools/call `lint` with {"path": FILE}: from writing the request's line to reading the response's line, over
    --calls calls in one session (the server reads the file, lints it and answers every diagnostic with its fixes);
  - the same with {"text": …} (the 2 MB scene inside the request);
  - the server's VmRSS after the calls (from /proc/PID/status).
The binary: --binary, else $IMPULSE_BIN, else .build-bench/release/impulse. Prints a Markdown summary and writes
Benchmarks/results/mcp.json.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import common
from common import DATA, RESULTS, ROOT, load_average


def percentile(xs, p):
    s = sorted(xs)
    k = max(0, min(len(s) - 1, int(-(-p * len(s) // 100)) - 1))
    return s[k]


class Server:
    def __init__(self, binary):
        self.started = time.perf_counter()
        self.proc = subprocess.Popen([binary, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, cwd=ROOT)
        self.next_id = 0

    def request(self, method, params):
        self.next_id += 1
        line = json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}) + "\n"
        start = time.perf_counter()
        self.proc.stdin.write(line.encode())
        self.proc.stdin.flush()
        while True:
            answer = self.proc.stdout.readline()
            if not answer:
                raise SystemExit("the server closed its output")
            message = json.loads(answer)
            if message.get("id") == self.next_id:
                return time.perf_counter() - start, message

    def initialize(self):
        elapsed, message = self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                                       "clientInfo": {"name": "bench", "version": "0"}})
        self.proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        self.proc.stdin.flush()
        return time.perf_counter() - self.started, message

    def rss_mb(self):
        for line in open(f"/proc/{self.proc.pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--file", default=os.path.join(DATA, "big5000.dynamics.json"))
    parser.add_argument("--calls", type=int, default=30)
    parser.add_argument("--starts", type=int, default=10)
    parser.add_argument("--binary", default=common.IMPULSE)
    args = parser.parse_args()
    if not os.path.exists(args.file):
        os.makedirs(os.path.dirname(args.file), exist_ok=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate.py"), "scene", args.file,
                        "--items", "5000"], check=True)
    path = os.path.relpath(args.file, ROOT)
    text = open(args.file).read()

    starts = []
    for _ in range(args.starts):
        server = Server(args.binary)
        elapsed, _ = server.initialize()
        starts.append(elapsed * 1000)
        server.close()

    server = Server(args.binary)
    server.initialize()
    by_path, by_text = [], []
    diagnostics = None
    for _ in range(args.calls):
        elapsed, message = server.request("tools/call", {"name": "lint", "arguments": {"path": path}})
        assert not message["result"]["isError"], message
        diagnostics = len(message["result"]["structuredContent"]["diagnostics"])
        by_path.append(elapsed * 1000)
    for _ in range(args.calls):
        elapsed, message = server.request("tools/call", {"name": "lint", "arguments": {"text": text}})
        assert not message["result"]["isError"], message
        by_text.append(elapsed * 1000)
    rss = server.rss_mb()
    server.close()

    results = {
        "file": path, "bytes": len(text.encode()), "diagnostics": diagnostics, "calls": args.calls,
        "start_ms": {"median": statistics.median(starts), "max": max(starts)},
        "lint_path_ms": {"p50": percentile(by_path, 50), "p99": percentile(by_path, 99), "max": max(by_path)},
        "lint_text_ms": {"p50": percentile(by_text, 50), "p99": percentile(by_text, 99), "max": max(by_text)},
        "rss_mb": rss, "load_average": load_average(),
    }
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "mcp.json"), "w") as out:
        json.dump(results, out, indent=2)
    print(f"| measure | p50 / p99 / max |\n|---|---|")
    print(f"| start → initialize response ({args.starts} processes) | {results['start_ms']['median']:.1f} / — / "
          f"{results['start_ms']['max']:.1f} ms |")
    for key, label in (("lint_path_ms", "path"), ("lint_text_ms", "text")):
        r = results[key]
        print(f"| tools/call lint, {label} ({args.calls} calls, {diagnostics} diagnostics) | "
              f"{r['p50']:.0f} / {r['p99']:.0f} / {r['max']:.0f} ms |")
    print(f"\nServer VmRSS after the calls: {rss:.0f} MB; load average {results['load_average']}")


if __name__ == "__main__":
    main()
