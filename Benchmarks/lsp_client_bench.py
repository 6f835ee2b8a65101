#!/usr/bin/env python3
"""The language server's latency as a real client sees it (issue 24): pytest-lsp's `LanguageClient` (pygls), the
client the end-to-end tests use, driving the release `impulse lsp` on the 5,000-item scene.

    lsp_client_bench.py [--file Benchmarks/data/big5000.dynamics.json] [--edits 50] [--completions 50]
                        [--rounds 1] [--client visual-studio-code@v1.65.2] [--binary PATH]

The issue's figures were taken this way, so this script reproduces them on the same footing as
`lsp_bench.py`'s raw pipes. Per round, one fresh server, initialized with the capabilities of --client, one of
pytest-lsp's recorded editors: Visual Studio Code 1.65.2 by default (UTF-16 positions, pushed diagnostics, no
completion item defaults), or `neovim@v0.11.0` (it takes LSP 3.17's `itemDefaults.editRange`, so id items come
without a range each; its diagnostics are pulled, so use it for completion figures only: --edits 0 times none).
Before anything is timed, one completion of each kind and one hover are made and timed apart: the first use of
each answer type builds pygls's decoders (about 10 ms, once per client session), which is the client's cost,
not the server's. Then:
  - didChange → publishDiagnostics over --edits single-number edits (a dynamicItem's `density`, an incremental
    change of that number's range; each waits for the diagnostics of its own version, decoded by pygls);
  - completion over --completions requests, alternating a key position (inside a dynamicItem key) and an item-id
    position (inside the `item` id of an attachment or a snap), each right after one of the edits above has been
    published, so the request is the first on its document version, as when typing;
  - what the client alone spends on one item-id answer: the same answer's JSON parsed and decoded again by pygls's
    converter (median of 20), outside any request;
  - the client's own floor: a hover on the indentation of the file's second line, which the server answers with
    null, timed the same way. What pygls spends decoding an answer is in every figure; the floor shows how much.
The server's CPU time (every thread, /proc/PID/task/*/schedstat) per edit and per completion is printed too: it
does not move with the machine's load. Percentiles are nearest-rank over every round's requests.
Writes Benchmarks/results/lsp_client.json and prints a Markdown table.
"""
import argparse
import asyncio
import gc
import json
import os
import time

import common
from common import DATA, RESULTS, ROOT, load_average, machine_notes
from lsp_bench import percentile, positions, scene_text

from lsprotocol import types
from pytest_lsp import client_capabilities
from pytest_lsp.client import make_test_lsp_client


def server_cpu_seconds(pid):
    """The server's user + system time so far, threads that ended included (/proc/PID/stat, in clock ticks:
    summed over many requests, the ticks that fall inside them estimate their CPU without bias)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def published(client, uri, version):
    """Waits until the diagnostics of `version` of `uri` arrive."""
    while True:
        params = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if params.uri == uri and params.version == version:
            return params


async def one_round(a, text, uri):
    client = make_test_lsp_client()
    for method in (types.CLIENT_REGISTER_CAPABILITY, types.CLIENT_UNREGISTER_CAPABILITY,
                   types.WORKSPACE_CODE_LENS_REFRESH, types.WORKSPACE_INLAY_HINT_REFRESH):
        client.feature(method)(lambda *_: None)
    await client.start_io(common.IMPULSE, "lsp")
    pid = client._server.pid
    capabilities = client_capabilities(a.client)
    await client.initialize_session(types.InitializeParams(capabilities=capabilities, root_uri="file://" + ROOT))
    pulls = capabilities.text_document is not None and capabilities.text_document.diagnostic is not None
    if pulls and a.edits:
        raise SystemExit(f"{a.client} pulls diagnostics: time its completions only (--edits 0)")
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="dynamics-scene", version=1, text=text)))

    lines = text.split("\n")
    densities = positions(text, r'"density": ([0-9.]+)')
    keys = positions(text, r'\n\s+"(elasticity|friction|density)":')
    ids = positions(text, r'\n\s+"item": "(item[0-9]+)"')
    version = 1
    result = {"edit_s": [], "completion_s": {"key": [], "itemId": []}, "floor_s": [], "first_s": []}
    edit_cpu = completion_cpu = 0.0

    def replace(line, start, end, new):
        nonlocal version
        version += 1
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=line, character=start),
                                  end=types.Position(line=line, character=end)), text=new)]))
        lines[line] = lines[line][:start] + new + lines[line][end:]

    async def settled(version):
        """The version is linted: its diagnostics pushed, or (a pulling client) pulled."""
        if pulls:
            await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
                text_document=types.TextDocumentIdentifier(uri=uri)))
        else:
            await published(client, uri, version)

    await settled(1)
    # The first completion of each kind and the first hover, timed apart (pygls builds its decoders).
    for table in (keys, ids):
        line, start, _, _ = table[0]
        sent = time.perf_counter()
        await client.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=start + 1)))
        result["first_s"].append(time.perf_counter() - sent)
    await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=0)))

    gc.collect()
    gc.disable()
    for k in range(max(a.edits, a.completions)):
        if k < a.edits:
            # A density typed over: another valid value of the same length, so the other slots stay put.
            line, start, end, _ = densities[(k * 37) % len(densities)]
            old = lines[line][start:end]
            new = ("2.5" if old != "2.5" else "1.5") if len(old) == 3 else ("2" if old != "2" else "3")
            before = server_cpu_seconds(pid)
            sent = time.perf_counter()
            replace(line, start, end, new)
            await published(client, uri, version)
            result["edit_s"].append(time.perf_counter() - sent)
            edit_cpu += server_cpu_seconds(pid) - before
        if k < a.completions:
            kind = "key" if k % 2 == 0 else "itemId"
            table = keys if kind == "key" else ids
            line, start, _, _ = table[(k * 53) % len(table)]
            # Make the request the first on its version: rewrite the line's first space, which changes nothing.
            replace(line, 0, 1, " ")
            await settled(version)
            before = server_cpu_seconds(pid)
            sent = time.perf_counter()
            answer = await client.text_document_completion_async(types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=line, character=start + 1)))
            result["completion_s"][kind].append(time.perf_counter() - sent)
            completion_cpu += server_cpu_seconds(pid) - before
            items = answer.items if isinstance(answer, types.CompletionList) else (answer or [])
            assert items, f"no completion at {line}:{start + 1}"
            if kind == "itemId":
                last_id_answer = answer
            sent = time.perf_counter()
            await client.text_document_hover_async(types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=0)))
            result["floor_s"].append(time.perf_counter() - sent)
    gc.enable()
    if a.completions > 1:
        # What the client alone spends on an item-id answer: the same answer's JSON, parsed and decoded again.
        raw = json.dumps(client.protocol._converter.unstructure(last_id_answer))
        decodes = []
        for _ in range(20):
            started = time.perf_counter()
            client.protocol._converter.structure(json.loads(raw), types.CompletionList)
            decodes.append(time.perf_counter() - started)
        result["id_answer_bytes"] = len(raw)
        result["id_answer_decode_s"] = sorted(decodes)[len(decodes) // 2]
    result["edit_cpu_s"] = edit_cpu / max(1, a.edits)
    result["completion_cpu_s"] = completion_cpu / max(1, a.completions)
    await client.shutdown_session()
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--file", default=os.path.join(DATA, "big5000.dynamics.json"))
    ap.add_argument("--edits", type=int, default=50)
    ap.add_argument("--completions", type=int, default=50)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--client", default="visual-studio-code@v1.65.2",
                    help="pytest-lsp's recorded editor capabilities, e.g. neovim@v0.11.0")
    ap.add_argument("--binary", help="the impulse binary (default: $IMPULSE_BIN, else .build-bench/release/impulse)")
    ap.add_argument("--output", default=os.path.join(RESULTS, "lsp_client.json"))
    a = ap.parse_args()
    if a.binary:
        common.IMPULSE = os.path.abspath(a.binary)
    text, uri = scene_text(a.file)
    out = {"notes": machine_notes(), "file": os.path.relpath(a.file, ROOT), "bytes": len(text.encode()),
           "binary": common.IMPULSE, "client": a.client, "rounds": []}
    for _ in range(a.rounds):
        out["rounds"].append(asyncio.run(one_round(a, text, uri)))
    out["load_after"] = load_average()
    os.makedirs(os.path.dirname(a.output), exist_ok=True)
    with open(a.output, "w") as f:
        json.dump(out, f, indent=1)

    ms = lambda s: f"{s * 1000:.1f} ms"
    edits = [x for r in out["rounds"] for x in r["edit_s"]]
    floor = [x for r in out["rounds"] for x in r["floor_s"]]
    print(f"\n### Language server through pytest-lsp ({a.client}) on {out['file']} ({out['bytes'] / 1e6:.2f} MB), "
          f"{a.rounds} round(s)\n")
    print("| measure | p50 | p99 | max | server CPU per request | budget |")
    print("|---|---|---|---|---|---|")
    edit_cpu = sorted(r["edit_cpu_s"] for r in out["rounds"])[len(out["rounds"]) // 2]
    completion_cpu = sorted(r["completion_cpu_s"] for r in out["rounds"])[len(out["rounds"]) // 2]
    if edits:
        print(f"| didChange → publishDiagnostics ({len(edits)}) | {ms(percentile(edits, 50))} | "
              f"{ms(percentile(edits, 99))} | {ms(max(edits))} | {ms(edit_cpu)} | p99 ≤ 15 ms |")
    every = []
    for kind in ("key", "itemId"):
        xs = [x for r in out["rounds"] for x in r["completion_s"][kind]]
        every += xs
        print(f"| completion, {kind} position ({len(xs)}) | {ms(percentile(xs, 50))} | {ms(percentile(xs, 99))} | "
              f"{ms(max(xs))} | — | — |")
    print(f"| completion, both ({len(every)}) | {ms(percentile(every, 50))} | {ms(percentile(every, 99))} | "
          f"{ms(max(every))} | {ms(completion_cpu)} | p99 ≤ 5 ms |")
    firsts = [x for r in out["rounds"] for x in r["first_s"]]
    if firsts:
        print(f"| the first completion of each kind, before timing ({len(firsts)}; pygls builds its decoders) | "
              f"{ms(percentile(firsts, 50))} | — | {ms(max(firsts))} | — | — |")
    decodes = [r["id_answer_decode_s"] for r in out["rounds"] if "id_answer_decode_s" in r]
    if decodes:
        print(f"| the client decoding one item-id answer alone ({out['rounds'][0]['id_answer_bytes'] / 1000:.0f} KB) | "
              f"{ms(percentile(decodes, 50))} | — | {ms(max(decodes))} | — | — |")
    print(f"| the client's floor: a hover answered null ({len(floor)}) | {ms(percentile(floor, 50))} | "
          f"{ms(percentile(floor, 99))} | {ms(max(floor))} | — | — |")
    print(f"\nload average after: {out['load_after']}")


if __name__ == "__main__":
    main()
