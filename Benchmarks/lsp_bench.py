#!/usr/bin/env python3
"""Language-server benchmark (issue 4): raw JSON-RPC over pipes to the release `impulse lsp`.

    lsp_bench.py [--file Benchmarks/data/big5000.dynamics.json] [--edits 100] [--moves N] [--completions 100]
                 [--fresh-completions 20] [--starts 10] [--binary PATH]

Measures, on one scene (default: the 5,000-item scene of the lint benchmark):
  - start → initialize response: from just before the process is spawned to the response's last byte
    (median and max over --starts fresh processes, each one shut down at once);
  - didOpen → publishDiagnostics, and the server's VmRSS/VmHWM (from /proc/PID/status) after it;
  - didChange → publishDiagnostics latency over --edits single-number edits (a `density` of a dynamicItem
    behavior, an incremental change of the number's range; each waits for the diagnostics of its version);
  - completion latency over --completions requests, alternating a key position (inside a key of a
    dynamicItem behavior) and an item-id position (inside the `item` id of an attachment or a snap), all on one
    document version;
  - completion right after an edit (--fresh-completions, alternating the same two positions): each request
    follows an edit of that line (typing), so it is the first one on its document version.
The server's CPU time per edit, per item move and per completion (every thread, from /proc/PID/task/*/schedstat)
is printed too: less noisy than wall-clock percentiles on a shared machine.
The client announces no pull diagnostics (so the server pushes) and utf-16 positions (the file is ASCII).
The binary: --binary, else $IMPULSE_BIN, else .build-bench/release/impulse.
Python's cyclic garbage collector is off while requests are timed (it runs between phases): a collection over
the tens of thousands of objects this script holds takes milliseconds and used to land inside completion
timings as 4–6 ms spikes.
Writes Benchmarks/results/lsp.json and prints a Markdown summary.
"""
import argparse
import gc
import json
import os
import queue
import re
import subprocess
import sys
import threading
import time

import common
from common import DATA, RESULTS, ROOT, load_average, machine_notes


def percentile(xs, p):
    """Nearest-rank percentile (p in 0..100)."""
    s = sorted(xs)
    if not s:
        return float("nan")
    k = max(0, min(len(s) - 1, int(-(-p * len(s) // 100)) - 1))
    return s[k]


class Server:
    def __init__(self):
        self.started = time.perf_counter()
        self.proc = subprocess.Popen([common.IMPULSE, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, cwd=ROOT)
        self.messages = queue.Queue()
        self.next_id = 0
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put((time.perf_counter(), None))
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = out.read(length)
            self.messages.put((time.perf_counter(), json.loads(body)))

    def send(self, message):
        body = json.dumps(message, separators=(",", ":")).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, predicate, timeout=600):
        """The first message satisfying predicate (answering the server's own requests on the way) and its time."""
        deadline = time.perf_counter() + timeout
        while True:
            at, message = self.messages.get(timeout=max(0.001, deadline - time.perf_counter()))
            if message is None:
                raise RuntimeError("the server closed its output")
            if "method" in message and "id" in message:  # a request from the server: answer it
                result = [None] * len(message.get("params", {}).get("items", [])) \
                    if message["method"] == "workspace/configuration" else None
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": result})
                continue
            if predicate(message):
                return at, message

    def response(self, request_id):
        return self.wait(lambda m: m.get("id") == request_id and "method" not in m)

    def status(self):
        fields = {}
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    fields[key] = int(value.split()[0])  # kB
        return fields

    def cpu_seconds(self):
        """The CPU time every thread of the server has run so far (/proc/PID/task/*/schedstat, in ns)."""
        total = 0
        for task in os.listdir(f"/proc/{self.proc.pid}/task"):
            try:
                with open(f"/proc/{self.proc.pid}/task/{task}/schedstat") as f:
                    total += int(f.read().split()[0])
            except OSError:
                pass  # a thread that ended meanwhile
        return total / 1e9

    def stop(self):
        try:
            rid = self.request("shutdown", None)
            self.response(rid)
            self.notify("exit", None)
            self.proc.wait(timeout=30)
        except Exception:
            self.proc.kill()
            self.proc.wait()


CAPABILITIES = {"general": {"positionEncodings": ["utf-16"]},
                "textDocument": {"synchronization": {"dynamicRegistration": False},
                                 "publishDiagnostics": {"versionSupport": True},
                                 "completion": {"completionItem": {"snippetSupport": True}}}}


def initialize(server):
    rid = server.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + ROOT,
                                        "capabilities": CAPABILITIES})
    at, _ = server.response(rid)
    server.notify("initialized", {})
    return at - server.started


def positions(text, pattern, group=1):
    """(line, character, end character, matched text) of each match's group, in an ASCII text."""
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    import bisect
    found = []
    for m in re.finditer(pattern, text):
        start, end = m.span(group)
        line = bisect.bisect_right(line_starts, start) - 1
        found.append((line, start - line_starts[line], end - line_starts[line], m.group(group)))
    return found


def scene_text(path):
    """The scene's text and its file URI; the 5,000-item scene (seed 1) is generated when missing."""
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "generate.py"), "scene", path,
                        "--items", "5000", "--seed", "1"], check=True)
    return open(path).read(), "file://" + os.path.abspath(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--file", default=os.path.join(DATA, "big5000.dynamics.json"))
    ap.add_argument("--edits", type=int, default=100)
    ap.add_argument("--moves", type=int, help="item moves timed (default: as many as --edits)")
    ap.add_argument("--completions", type=int, default=100)
    ap.add_argument("--fresh-completions", type=int, default=20)
    ap.add_argument("--starts", type=int, default=10)
    ap.add_argument("--binary", help="the impulse binary (default: $IMPULSE_BIN, else .build-bench/release/impulse)")
    ap.add_argument("--output", default=os.path.join(RESULTS, "lsp.json"))
    a = ap.parse_args()
    if a.binary:
        common.IMPULSE = os.path.abspath(a.binary)
    text, uri = scene_text(a.file)
    gc.disable()
    out = {"notes": machine_notes(), "file": os.path.relpath(a.file, ROOT), "bytes": len(text.encode())}

    # 1. Start-up: fresh processes, initialize only.
    starts = []
    for _ in range(a.starts):
        server = Server()
        starts.append(initialize(server))
        server.stop()
    out["initialize_s"] = starts

    # 2. Open the scene and wait for its diagnostics.
    server = Server()
    out["initialize_s_main"] = initialize(server)
    opened = time.perf_counter()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "dynamics-scene",
                                                             "version": 1, "text": text}})
    at, published = server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                and m["params"].get("version") == 1)
    out["open_to_diagnostics_s"] = at - opened
    out["open_diagnostics"] = len(published["params"]["diagnostics"])
    time.sleep(0.2)
    out["rss_after_open_kb"] = server.status()

    gc.collect()
    lines = text.split("\n")
    version = 1

    def time_edits(slots, stride, new_text, rss_samples=None, count=None):
        """Replaces the number at slots[(k * stride) % len(slots)] with new_text(k, old), one didChange per edit,
        and returns the latencies until the publishDiagnostics of each version."""
        nonlocal version
        latencies = []
        for k in range(a.edits if count is None else count):
            slot = (k * stride) % len(slots)
            line, start, end, old = slots[slot]
            new = new_text(k, old)
            current = lines[line][start:end]
            lines[line] = lines[line][:start] + new + lines[line][end:]
            version += 1
            sent = time.perf_counter()
            server.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": {"line": line, "character": start},
                                              "end": {"line": line, "character": start + len(current)}},
                                    "text": new}]})
            at, _ = server.wait(lambda m, v=version: m.get("method") == "textDocument/publishDiagnostics"
                                and m["params"].get("version") == v)
            latencies.append(at - sent)
            if rss_samples is not None and (k + 1) % 10 == 0:
                rss_samples.append((k + 1, server.status()["VmRSS"]))
            # Keep the slots right: this one changed length, and so moved the later ones on its line.
            shift = len(new) - len(current)
            slots[slot] = (line, start, start + len(new), new)
            if shift:
                for n, (l, s0, e0, t) in enumerate(slots):
                    if l == line and s0 > start:
                        slots[n] = (l, s0 + shift, e0 + shift, t)
        return latencies

    # 3. Single-number edits: each `density` value of a dynamicItem behavior, replaced by another valid value.
    rss_during_edits = []
    cpu_before = server.cpu_seconds()
    edit_latencies = time_edits(positions(text, r'"density": ([0-9.]+)'), 37,
                                lambda k, old: "2.5" if old != "2.5" else "1.5", rss_during_edits)
    out["edit_cpu_s"] = (server.cpu_seconds() - cpu_before) / max(1, len(edit_latencies))
    out["edit_latencies_s"] = edit_latencies
    out["rss_during_edits_kb"] = rss_during_edits

    # 3b. Moving items: an item's center x nudged by 1 pt (the geometry rules run again on every edit).
    cpu_before = server.cpu_seconds()
    move_latencies = time_edits(positions(text, r'"center": \[([0-9.]+),'), 53,
                                lambda k, old: f"{float(old) + (1 if k % 2 == 0 else -1):g}",
                                count=a.edits if a.moves is None else a.moves)
    out["move_cpu_s"] = (server.cpu_seconds() - cpu_before) / max(1, len(move_latencies))
    out["move_latencies_s"] = move_latencies
    text = "\n".join(lines)

    gc.collect()
    # 4. Completion: inside a dynamicItem key (after its first letter), and inside the item id of an attachment
    #    or a snap (`"item": "item42"`, after its first letter: every item id is a candidate).
    keys = positions(text, r'\n\s+"(elasticity|friction|density)":')
    ids = positions(text, r'\n\s+"item": "(item[0-9]+)"')
    completion = {"key": [], "itemId": []}
    counts = {"key": [], "itemId": []}
    cpu_before = server.cpu_seconds()
    for k in range(a.completions):
        kind = "key" if k % 2 == 0 else "itemId"
        line, start, end, word = (keys if kind == "key" else ids)[(k * 53) % len(keys if kind == "key" else ids)]
        sent = time.perf_counter()
        rid = server.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                         "position": {"line": line, "character": start + 1}})
        at, response = server.response(rid)
        completion[kind].append(at - sent)
        result = response.get("result")
        items = result.get("items", []) if isinstance(result, dict) else (result or [])
        counts[kind].append(len(items))
    out["completion_cpu_s"] = (server.cpu_seconds() - cpu_before) / max(1, a.completions)
    out["completion_s"] = completion
    out["completion_counts"] = {k: (min(v), max(v)) for k, v in counts.items() if v}

    gc.collect()
    # 5. Completion right after an edit: the same positions, each request the first on its version (as when
    #    typing). The edit rewrites the line's indentation (one space out, then back in), which changes nothing.
    fresh = {"key": [], "itemId": []}
    for k in range(a.fresh_completions):
        kind = "key" if k % 2 == 0 else "itemId"
        line, start, end, word = (keys if kind == "key" else ids)[(k * 53) % len(keys if kind == "key" else ids)]
        version += 1
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 1}},
                                "text": " "}]})
        server.wait(lambda m, v=version: m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"].get("version") == v)
        sent = time.perf_counter()
        rid = server.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                         "position": {"line": line, "character": start + 1}})
        at, response = server.response(rid)
        fresh[kind].append(at - sent)
    out["fresh_completion_s"] = fresh
    out["rss_end_kb"] = server.status()
    server.stop()
    out["load_after"] = load_average()
    os.makedirs(os.path.dirname(a.output), exist_ok=True)
    with open(a.output, "w") as f:
        json.dump(out, f, indent=1)

    ms = lambda s: f"{s * 1000:.1f} ms"
    all_completions = completion["key"] + completion["itemId"]
    print(f"\n### Language server on {out['file']} ({out['bytes'] / 1e6:.2f} MB)\n")
    print("| measure | p50 | p99 | max | target |")
    print("|---|---|---|---|---|")
    print(f"| start → initialize response ({len(starts)} processes) | {ms(percentile(starts, 50))} | — | "
          f"{ms(max(starts))} | ≤ 50 ms |")
    print(f"| didOpen → publishDiagnostics (1) | {ms(out['open_to_diagnostics_s'])} | — | — | — |")
    print(f"| didChange → publishDiagnostics ({len(edit_latencies)} edits) | {ms(percentile(edit_latencies, 50))} | "
          f"{ms(percentile(edit_latencies, 99))} | {ms(max(edit_latencies))} | p99 ≤ 15 ms |")
    if move_latencies:
        print(f"| didChange → publishDiagnostics, an item's center moved ({len(move_latencies)} edits) | "
              f"{ms(percentile(move_latencies, 50))} | {ms(percentile(move_latencies, 99))} | "
              f"{ms(max(move_latencies))} | — |")
    for kind in ("key", "itemId"):
        xs = completion[kind]
        print(f"| completion, {kind} position ({len(xs)}; {out['completion_counts'][kind][0]}–"
              f"{out['completion_counts'][kind][1]} items) | {ms(percentile(xs, 50))} | {ms(percentile(xs, 99))} | "
              f"{ms(max(xs))} | p99 ≤ 5 ms |")
    print(f"| completion, all ({len(all_completions)}) | {ms(percentile(all_completions, 50))} | "
          f"{ms(percentile(all_completions, 99))} | {ms(max(all_completions))} | p99 ≤ 5 ms |")
    for kind in ("key", "itemId"):
        xs = fresh[kind]
        if xs:
            print(f"| completion right after an edit, {kind} position ({len(xs)}) | {ms(percentile(xs, 50))} | "
                  f"{ms(percentile(xs, 99))} | {ms(max(xs))} | — |")
    print(f"\nServer CPU (every thread, /proc schedstat): {ms(out['edit_cpu_s'])} per density edit, "
          f"{ms(out['move_cpu_s'])} per item move, {ms(out['completion_cpu_s'])} per completion.")
    r = out["rss_after_open_kb"]
    print("\nServer VmRSS during the edits: " + ", ".join(f"{n} edits {kb / 1024:.0f} MB" for n, kb in rss_during_edits) + ".")
    print(f"\nServer memory after opening: VmRSS {r['VmRSS'] / 1024:.0f} MB, VmHWM {r['VmHWM'] / 1024:.0f} MB "
          f"(target ≤ 64 MB); after the edits and completions: VmRSS {out['rss_end_kb']['VmRSS'] / 1024:.0f} MB, "
          f"VmHWM {out['rss_end_kb']['VmHWM'] / 1024:.0f} MB. Diagnostics on open: {out['open_diagnostics']}.")


if __name__ == "__main__":
    main()
