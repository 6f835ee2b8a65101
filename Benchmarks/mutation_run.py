#!/usr/bin/env python3
"""Mutation run (issue 15): mutated scenes through `impulse lint`, mutating edits through `impulse lsp`.

    mutation_run.py [--scenes 100000] [--edits 10000] [--batch 500] [--seed 15] [--binary PATH]

Seeds: examples/*.dynamics.json, the examples of every rule page (docs/rules/*.md), a crowd of 300 items at one
spot and a 2,000-item scene from generate.py's style. Mutations (seeded, deterministic): byte flips, deleted,
repeated and swapped spans, a token or an extreme number put in (1e-320, 1e999, -0, 9223372036854775807,
frame rates of 1e-10 Hz), deep nesting, invalid UTF-8, a key renamed.

Lint: the scenes are written in batches of --batch files (250) and linted with `impulse lint --format json` (one
process per batch, a 900 s hard limit per batch). A batch must exit 0 or 1, with JSON that parses and names
every file; a crash (a signal, a runtime report on standard error) or the time limit is counted and its batch
kept under Benchmarks/results/mutation-failures/.

LSP: `impulse lsp` sessions of --session-edits edits (500) in turn, each on one seed; each edit is one ranged
didChange made by the same mutators on the document's current text (a random range replaced by mutated bytes, or
an edit at a position past a line's end). A document grown past --max-document bytes (256,000; one mutation adds
200 KB of brackets) is reset: the edit's didChange carries a second change that replaces the whole text with a
fresh seed (counted as a reset), so the server never re-lints megabytes of brackets per edit. Every 10th edit waits for that version's diagnostics and keeps the text; the kept texts are then linted
in one run and each server's diagnostics must equal lint's (code, start line and column). A request storm
(completion, hover, selection ranges, symbols, folding) follows every 50th edit; each must be answered.

--lint-budget / --lsp-budget stop a phase after that many seconds (the counts say how far it got).
Prints the counts (scenes, crashes, hangs, invalid outputs; edits, resets, server deaths, unanswered requests,
mismatches) and writes them to Benchmarks/results/mutation.json (--output). `--edits 0` runs the lint phase
alone, `--skip-lint` the LSP phase alone, so the two can run side by side.
"""
import argparse
import glob
import json
import os
import queue
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
RESULTS = os.path.join(ROOT, "Benchmarks", "results")

EXTREMES = [b"1e-320", b"1e999", b"-0", b"9223372036854775807", b"-1e308", b"0", b"1e-10", b"NaN", b"\"\"",
            b"null", b"true", b"[]", b"{}", b"[1e10, 1e-10]", b"\"\\u0000\"", b"\"\\ud800\""]
TOKENS = [b"{", b"}", b"[", b"]", b",", b":", b"\"", b"\\", b" ", b"\n", b"\"id\"", b"\"items\"", b"\"type\"",
          b"\"collision\"", b"\"gravity\"", b"\"preview\": {\"frameRate\": 1e-10, \"duration\": 1e10}, ",
          b"\"events\": [{\"at\": 0, \"add\": {\"type\": \"gravity\", \"items\": [\"a\"]}}], "]


def seeds():
    scenes = [open(p, "rb").read() for p in sorted(glob.glob(os.path.join(ROOT, "examples", "*.dynamics.json")))]
    for page in sorted(glob.glob(os.path.join(ROOT, "docs", "rules", "*.md"))):
        for block in re.findall(r"```json\n(.*?)```", open(page, encoding="utf-8").read(), re.S):
            scenes.append(block.encode())

    def crowd(count, spread):
        items = ", ".join('{"id": "i%d", "center": [%d, %d], "size": [20, 20]}' % (i, 160 + (i * 7 % spread),
                                                                                  240 + (i * 13 % spread))
                          for i in range(count))
        ids = ", ".join('"i%d"' % i for i in range(count))
        return ('{"format": 1, "referenceView": {"width": 320, "height": 480}, "items": [%s], "behaviors": '
                '[{"type": "gravity", "items": [%s]}, {"type": "collision", "items": [%s], '
                '"translatesReferenceBoundsIntoBoundary": true}]}\n' % (items, ids, ids)).encode()

    scenes.append(crowd(300, 1))
    scenes.append(crowd(2000, 280))
    return scenes


def mutate(data, rng):
    data = bytearray(data)
    for _ in range(rng.choice([1, 1, 1, 2, 3, 5])):
        if not data:
            data = bytearray(rng.choice(TOKENS))
            continue
        at = rng.randrange(len(data))
        kind = rng.randrange(10)
        if kind == 0:
            data[at] ^= 1 << rng.randrange(8)
        elif kind == 1:
            del data[at:at + rng.randint(1, 40)]
        elif kind == 2:
            span = data[at:at + rng.randint(1, 200)]
            where = rng.randrange(len(data) + 1)
            data[where:where] = span * rng.randint(1, 3)
        elif kind == 3:
            data[at:at] = rng.choice(TOKENS)
        elif kind == 4:
            numbers = [m.span() for m in re.finditer(rb"-?\d+(\.\d+)?([eE][-+]?\d+)?", bytes(data))]
            if numbers:
                start, end = rng.choice(numbers)
                data[start:end] = rng.choice(EXTREMES)
        elif kind == 5:
            depth = rng.choice([10, 3000, 100000])
            data[at:at] = b"[" * depth + b"]" * (depth if rng.random() < 0.8 else 0)
        elif kind == 6:
            data[at:at] = bytes([rng.choice([0x80, 0xC3, 0xED, 0xF5, 0xFF, 0x00])])
        elif kind == 7:
            keys = [m.span() for m in re.finditer(rb"\"[a-zA-Z]+\"\s*:", bytes(data))]
            if keys:
                start, end = rng.choice(keys)
                data[start + 1:start + 2] = bytes([rng.randrange(97, 123)])
        elif kind == 8:
            b = rng.randrange(len(data))
            lo, hi = sorted((at, b))
            data[lo:hi] = data[lo:hi][::-1] if hi - lo < 64 else data[lo:hi]
        else:
            data[at:at] = rng.choice(EXTREMES)
    return bytes(data)


CRASH_MARKS = ["Fatal error", "Stack dump", "Segmentation fault", "Illegal instruction", "Program crashed",
               "Backtrace", "AddressSanitizer"]


def lint_run(binary, count, batch, rng, work, budget=None):
    pool = seeds()
    counts = {"scenes": 0, "batches": 0, "crashes": 0, "hangs": 0, "invalid_outputs": 0, "wall_s": 0.0}
    failures = os.path.join(RESULTS, "mutation-failures")
    started = time.time()
    while counts["scenes"] < count and (budget is None or time.time() - started < budget):
        folder = os.path.join(work, "batch")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        names = []
        for i in range(min(batch, count - counts["scenes"])):
            name = "m%06d.dynamics.json" % (counts["scenes"] + i)
            open(os.path.join(folder, name), "wb").write(mutate(rng.choice(pool), rng))
            names.append(name)
        try:
            done = subprocess.run([binary, "lint", "--format", "json"] + names, cwd=folder, capture_output=True,
                                  timeout=900)
            crashed = done.returncode < 0 or done.returncode > 2 or any(
                m in done.stderr.decode(errors="replace") for m in CRASH_MARKS)
            if crashed:
                counts["crashes"] += 1
            else:
                try:
                    report = json.loads(done.stdout)
                    if len(report["files"]) != len(names):
                        raise ValueError("files missing")
                except Exception:
                    counts["invalid_outputs"] += 1
                    crashed = True
        except subprocess.TimeoutExpired:
            counts["hangs"] += 1
            crashed = True
        if crashed:
            keep = os.path.join(failures, "batch%d" % counts["batches"])
            shutil.copytree(folder, keep, dirs_exist_ok=True)
        counts["scenes"] += len(names)
        counts["batches"] += 1
        if counts["batches"] % 20 == 0:
            print("  lint: %(scenes)d scenes, %(crashes)d crashes, %(hangs)d hangs" % counts, file=sys.stderr)
    counts["wall_s"] = round(time.time() - started, 1)
    return counts


class Server:
    def __init__(self, binary, cwd):
        self.proc = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=cwd)
        self.q = queue.Queue()
        self.next_id = 0
        self.stderr = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=lambda: [self.stderr.append(l) for l in self.proc.stderr], daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.q.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            self.q.put(json.loads(out.read(length)))

    def send(self, message):
        body = json.dumps(message, separators=(",", ":")).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def wait(self, predicate, timeout=60):
        end = time.time() + timeout
        while True:
            message = self.q.get(timeout=max(0.01, end - time.time()))
            if message is None:
                raise EOFError("the server ended")
            if predicate(message):
                return message

    def request(self, method, params, timeout=60):
        self.next_id += 1
        i = self.next_id
        self.send({"jsonrpc": "2.0", "id": i, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == i and "method" not in m, timeout)


LINE_BREAK = re.compile(rb"\r\n|\r|\n")  # LSP's line ends, and the CLI's


def utf16_position(text, offset):
    """The LSP position (utf-16) of a byte offset in text (bytes); lines end at \\r\\n, \\r or \\n."""
    breaks = list(LINE_BREAK.finditer(text, 0, offset))
    start = breaks[-1].end() if breaks else 0
    column = text[start:offset].decode("utf-8", errors="replace")
    return {"line": len(breaks), "character": len(column.encode("utf-16-le")) // 2}


def lsp_run(binary, count, rng, work, budget=None, max_document=256_000, session_edits=500):
    pool = [s for s in seeds() if len(s) < 200_000]
    counts = {"edits": 0, "resets": 0, "sessions": 0, "server_deaths": 0, "unanswered": 0, "checked_versions": 0,
              "mismatches": 0, "wall_s": 0.0}
    started = time.time()
    checks = []  # (text, server diagnostics)
    versions = []  # the document version of each check
    uri_base = "file://" + work + "/doc%d.dynamics.json"
    session = 0
    while counts["edits"] < count and (budget is None or time.time() - started < budget):
        server = Server(binary, work)
        try:
            server.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
            server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
            uri = uri_base % session
            session += 1
            text = rng.choice(pool)
            version = 1
            server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": uri, "languageId": "json", "version": 1, "text": text.decode("utf-8", errors="replace")}}})
            text = text.decode("utf-8", errors="replace").encode()
            counts["sessions"] += 1
            for _ in range(min(session_edits, count - counts["edits"])):
                version += 1
                start = rng.randrange(len(text) + 1)
                end = min(len(text), start + rng.choice([0, 1, 1, 2, 5, 40, 400]))
                replacement = mutate(text[start:end] or rng.choice(TOKENS), rng)
                replacement = replacement.decode("utf-8", errors="replace").encode()
                # Keep the range on character boundaries (a position cannot split a character).
                while 0 < start < len(text) and (text[start] & 0xC0) == 0x80:
                    start -= 1
                while end < len(text) and (text[end] & 0xC0) == 0x80:
                    end += 1
                # Nor between the two bytes of a \r\n (no position stands there).
                if 0 < start < len(text) and text[start - 1:start + 1] == b"\r\n":
                    start -= 1
                if 0 < end < len(text) and text[end - 1:end + 1] == b"\r\n":
                    end += 1
                begin, finish = utf16_position(text, start), utf16_position(text, end)
                if rng.random() < 0.02:  # past the end of the line: clamps to the line's end
                    found = LINE_BREAK.search(text, start)
                    line_end = found.start() if found else len(text)
                    begin = finish = {"line": begin["line"], "character": 2147483647}
                    start = end = line_end
                text = text[:start] + replacement + text[end:]
                changes = [{"range": {"start": begin, "end": finish}, "text": replacement.decode("utf-8")}]
                if len(text) > max_document:
                    # Grown past the limit (the bracket mutators add up to 200 KB at a time): the same
                    # change event, then one more in the same didChange that puts a fresh seed in place
                    # of the whole text, so the server still applies the mutation before the reset.
                    fresh = rng.choice(pool).decode("utf-8", errors="replace").encode()
                    whole = {"start": {"line": 0, "character": 0}, "end": utf16_position(text, len(text))}
                    changes.append({"range": whole, "text": fresh.decode("utf-8")})
                    text = fresh
                    counts["resets"] += 1
                server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                    "textDocument": {"uri": uri, "version": version}, "contentChanges": changes}})
                counts["edits"] += 1
                if counts["edits"] % 10 == 0:
                    published = server.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                            and m["params"].get("version") == version)
                    checks.append((text, published["params"]["diagnostics"]))
                    versions.append(version)
                    counts["checked_versions"] += 1
                if counts["edits"] % 50 == 0:
                    middle = utf16_position(text, rng.randrange(len(text) + 1))
                    doc = {"uri": uri}
                    for method, params in [
                        ("textDocument/completion", {"textDocument": doc, "position": middle}),
                        ("textDocument/hover", {"textDocument": doc, "position": middle}),
                        ("textDocument/selectionRange", {"textDocument": doc, "positions": [middle]}),
                        ("textDocument/documentSymbol", {"textDocument": doc}),
                        ("textDocument/foldingRange", {"textDocument": doc}),
                    ]:
                        try:
                            server.request(method, params, timeout=60)
                        except (queue.Empty, TimeoutError):
                            counts["unanswered"] += 1
            server.request("shutdown", None)
            server.send({"jsonrpc": "2.0", "method": "exit"})
            server.proc.wait(timeout=30)
        except (EOFError, queue.Empty, TimeoutError, BrokenPipeError):
            counts["server_deaths"] += 1
            failures = os.path.join(RESULTS, "mutation-failures")
            os.makedirs(failures, exist_ok=True)
            open(os.path.join(failures, "lsp-session%d.txt" % session), "wb").write(
                text + b"\n---\n" + b"".join(server.stderr[-20:]))
            server.proc.kill()
        print("  lsp: %(edits)d edits, %(server_deaths)d deaths" % counts, file=sys.stderr)

    # Lint every kept text in one run; compare code and start position (utf-16 = columns in these texts only
    # when they are ASCII up to the position; compare lines and, for ASCII lines, columns).
    folder = os.path.join(work, "checks")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    names = []
    for i, (text, _) in enumerate(checks):
        name = "c%05d.dynamics.json" % i
        open(os.path.join(folder, name), "wb").write(text)
        names.append(name)
    for first in range(0, len(names), 500):
        chunk = names[first:first + 500]
        done = subprocess.run([binary, "lint", "--format", "json"] + chunk, cwd=folder, capture_output=True,
                              timeout=600)
        report = json.loads(done.stdout)
        for name, entry in zip(chunk, report["files"]):
            text, served = checks[int(name[1:6])]
            lines = LINE_BREAK.split(text)

            def column(line, scalar_column):
                source = lines[line].decode("utf-8", errors="replace") if line < len(lines) else ""
                return len(source[:scalar_column].encode("utf-16-le")) // 2

            expected = sorted((d["code"], d["range"]["start"]["line"] - 1,
                               column(d["range"]["start"]["line"] - 1, d["range"]["start"]["column"] - 1))
                              for d in entry["diagnostics"])
            actual = sorted((d["code"], d["range"]["start"]["line"], d["range"]["start"]["character"])
                            for d in served)
            if expected != actual:
                counts["mismatches"] += 1
                failures = os.path.join(RESULTS, "mutation-failures")
                os.makedirs(failures, exist_ok=True)
                open(os.path.join(failures, "mismatch-" + name), "wb").write(text)
                open(os.path.join(failures, "mismatch-" + name + ".txt"), "w").write(
                    "version %d\nserver %r\nlint   %r\n" % (versions[int(name[1:6])], actual, expected))
    counts["wall_s"] = round(time.time() - started, 1)
    return counts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenes", type=int, default=100_000)
    parser.add_argument("--edits", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=250)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--lint-budget", type=float, help="stop the lint phase after this many seconds")
    parser.add_argument("--lsp-budget", type=float, help="stop the LSP phase after this many seconds")
    parser.add_argument("--max-document", type=int, default=256_000,
                        help="an LSP document grown past this many bytes is replaced by a fresh seed")
    parser.add_argument("--session-edits", type=int, default=500, help="edits per language-server session")
    parser.add_argument("--skip-lint", action="store_true", help="run the LSP phase only")
    parser.add_argument("--output", default="mutation.json",
                        help="the counts' file under Benchmarks/results/ (two phases can run as two processes)")
    parser.add_argument("--binary", default=os.environ.get("IMPULSE_BIN",
                                                           os.path.join(ROOT, ".build-bench", "release", "impulse")))
    args = parser.parse_args()
    args.binary = os.path.abspath(args.binary)
    os.makedirs(RESULTS, exist_ok=True)
    work = tempfile.mkdtemp(prefix="impulse-mutation-")
    try:
        lint = lint_run(args.binary, 0 if args.skip_lint else args.scenes, args.batch, random.Random(args.seed),
                        work, args.lint_budget)
        lsp = lsp_run(args.binary, args.edits, random.Random(args.seed + 1), work, args.lsp_budget,
                      args.max_document, args.session_edits)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    result = {"seed": args.seed, "lint": lint, "lsp": lsp}
    json.dump(result, open(os.path.join(RESULTS, args.output), "w"), indent=2)
    print(json.dumps(result, indent=2))
    failed = lint["crashes"] + lint["hangs"] + lint["invalid_outputs"] + lsp["server_deaths"] + lsp["unanswered"] \
        + lsp["mismatches"]
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
