#!/usr/bin/env python3
"""Expectations and reactions benchmarks (issue 12).

    expect_bench.py corpus [--rounds 3]   # impulse lint --simulate on the 300-file corpus, with and without
                                          # expectations (5 per file), alternating: files per second
    expect_bench.py big [--rounds 3]      # a 5,000-item scene previewed for 10 s, with and without 100
                                          # reactions and 100 expectations, alternating

Writes Benchmarks/results/expect-<part>.json and prints a Markdown summary. The scenes are derived
deterministically from generate.py's corpus (seed 1) and 5,000-item scene (seed 1).

The reactions listen to contacts that happen (items landing on the reference bounds, neighbours touching)
and apply without `once`, so they fire at every such contact; their action sets an idle push (no items, not
active), which changes nothing in the engine: the two runs simulate the same physics, and the difference is
the cost of matching contacts, applying reactions and checking expectations.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

from common import BENCH, DATA, IMPULSE, RESULTS, ROOT, fmt_ms, load_average, machine_notes, median, run

sys.path.insert(0, BENCH)
from generate import dumps  # noqa: E402  (the canonical layout)

GEN = [sys.executable, os.path.join(BENCH, "generate.py")]
CORPUS = os.path.join(DATA, "corpus")
CORPUS_EXPECT = os.path.join(DATA, "corpus-expect")
BIG = os.path.join(DATA, "big5000-sim.dynamics.json")
BIG_REACTING = os.path.join(DATA, "big5000-reacting.dynamics.json")


def write(path, scene):
    with open(path, "w") as f:
        f.write(dumps(scene) + "\n")


def corpus_expectations(scene):
    """Five expectations on a grid scene whose items fall onto the reference bounds."""
    ids = [item["id"] for item in scene["items"]]
    first, last = scene["items"][0], scene["items"][-1]
    return [
        {"type": "rests", "item": first["id"], "by": 2.5},
        {"type": "near", "item": last["id"], "point": last["center"], "within": 1e6, "by": 0},
        {"type": "contact", "item": last["id"], "with": {"boundary": None}, "before": 3},
        {"type": "noContact", "item": ids[0], "with": {"item": ids[-1]}},
        {"type": "pauses", "by": 3},
    ]


def generate():
    if len(glob.glob(os.path.join(CORPUS, "*.dynamics.json"))) != 300:
        subprocess.run(GEN + ["corpus", os.path.relpath(CORPUS, ROOT), "--count", "300", "--seed", "1"],
                       check=True, cwd=ROOT)
    os.makedirs(CORPUS_EXPECT, exist_ok=True)
    for path in sorted(glob.glob(os.path.join(CORPUS, "*.dynamics.json"))):
        with open(path) as f:
            scene = json.load(f)
        scene["$schema"] = os.path.relpath(os.path.join(ROOT, "schemas", "dynamics-scene.schema.json"),
                                           CORPUS_EXPECT)
        scene["expect"] = corpus_expectations(scene)
        write(os.path.join(CORPUS_EXPECT, os.path.basename(path)), scene)

    subprocess.run(GEN + ["scene", BIG, "--items", "5000", "--seed", "1"], check=True)
    with open(BIG) as f:
        scene = json.load(f)
    scene["preview"] = {"duration": 10}
    write(BIG, scene)
    ids = [item["id"] for item in scene["items"]]
    columns = 50  # generate.py's grid at --width 4000: 50 cells of 80 pt
    scene["behaviors"].append({"type": "push", "id": "idle", "items": [], "active": False})
    events = []
    for k in range(50):  # items of the bottom row land on the reference bounds
        item = ids[-1 - k]
        events.append({"on": {"contactBegan": {"item": item, "with": {"boundary": None}}},
                       "set": "idle", "values": {"active": False}})
    for k in range(50):  # an item and the one below it, as the grid falls into a pile
        i = 100 + 97 * k
        events.append({"on": {"contactBegan": {"item": ids[i], "with": {"item": ids[i + columns]}}},
                       "set": "idle", "values": {"active": False}})
    scene["events"] = events
    expect = []
    for k in range(100):
        item = ids[(k * 49) % len(ids)]
        kind = k % 5
        if kind == 0:
            expect.append({"type": "rests", "item": item, "by": 9})
        elif kind == 1:
            expect.append({"type": "near", "item": item, "point": [2000, 2000], "within": 1e6, "by": 1})
        elif kind == 2:
            expect.append({"type": "contact", "item": item, "with": {"item": ids[(k * 49 + columns) % len(ids)]},
                           "before": 10})
        elif kind == 3:
            expect.append({"type": "noContact", "item": item, "with": {"item": ids[(k * 49 + 2500) % len(ids)]}})
        else:
            expect.append({"type": "pauses", "by": 10})
    scene["expect"] = expect
    write(BIG_REACTING, scene)


def alternate(commands, rounds, label):
    """Runs each command once per round, alternating the order; returns the runs by name."""
    runs = {name: [] for name in commands}
    loads = []
    for r in range(rounds):
        order = list(commands.items())
        if r % 2:
            order.reverse()
        for name, cmd in order:
            loads.append(load_average())
            result = run(cmd)
            if result.status not in (0, 1):
                sys.exit(f"{name} failed ({result.status}): {result.stderr.decode()[:2000]}")
            runs[name].append({"wall": result.wall, "cpu": result.cpu, "maxrss_kb": result.maxrss_kb,
                               "stdout": result.stdout.decode()})
            print(f"{label} round {r + 1} {name}: wall {result.wall:.3f} s, cpu {result.cpu:.3f} s", file=sys.stderr)
    return runs, loads


def corpus(rounds):
    notes = machine_notes()
    commands = {
        "expectations": [IMPULSE, "lint", "--simulate", "--format", "json", os.path.relpath(CORPUS_EXPECT, ROOT)],
        "plain": [IMPULSE, "lint", "--simulate", "--format", "json", os.path.relpath(CORPUS, ROOT)],
    }
    runs, loads = alternate(commands, rounds, "corpus")
    report = json.loads(runs["expectations"][0]["stdout"])
    codes = {}
    for f in report["files"]:
        for d in f["diagnostics"]:
            codes[d["code"]] = codes.get(d["code"], 0) + 1
    files = len(report["files"])
    out = {"notes": notes, "loads": loads, "files": files, "codes": codes,
           "commands": {k: " ".join(["impulse"] + v[1:]) for k, v in commands.items()}, "runs": {}}
    for name, rs in runs.items():
        out["runs"][name] = [{k: v for k, v in x.items() if k != "stdout"} for x in rs]
        for key in ("wall", "cpu"):
            out[f"{name}_{key}_median"] = median([x[key] for x in rs])
        out[f"{name}_files_per_second"] = files / out[f"{name}_wall_median"]
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "expect-corpus.json"), "w") as f:
        json.dump(out, f, indent=1)
    print(f"\n### `impulse lint --simulate` on the 300-file corpus, {rounds} alternating rounds (medians)\n")
    print("| corpus | wall | CPU | files per second (wall) | expect.failed |")
    print("|---|---|---|---|---|")
    for name in commands:
        print(f"| {name} | {fmt_ms(out[name + '_wall_median'])} | {fmt_ms(out[name + '_cpu_median'])} | "
              f"{out[name + '_files_per_second']:.1f} | {codes.get('expect.failed', 0) if name == 'expectations' else '–'} |")
    print(f"\nDiagnostics of the corpus with expectations: {json.dumps(codes, sort_keys=True)}")


def big(rounds):
    notes = machine_notes()
    commands = {
        "reactions+expectations": [IMPULSE, "preview", "--every", "600", "--format", "json",
                                   os.path.relpath(BIG_REACTING, ROOT)],
        "plain": [IMPULSE, "preview", "--every", "600", "--format", "json", os.path.relpath(BIG, ROOT)],
    }
    runs, loads = alternate(commands, rounds, "big")
    previews = {name: json.loads(rs[0]["stdout"]) for name, rs in runs.items()}
    reacting = previews["reactions+expectations"]
    scripted = sum(1 for e in reacting["events"] if e["type"] == "scripted")
    same_final = previews["plain"]["final"] == reacting["final"]
    out = {"notes": notes, "loads": loads, "frames": reacting["frames"], "scripted_events": scripted,
           "same_final_state": same_final,
           "expect_failed": sum(1 for d in reacting["diagnostics"] if d["code"] == "expect.failed"),
           "commands": {k: " ".join(["impulse"] + v[1:]) for k, v in commands.items()}, "runs": {}}
    for name, rs in runs.items():
        out["runs"][name] = [{k: v for k, v in x.items() if k != "stdout"} for x in rs]
        for key in ("wall", "cpu"):
            out[f"{name}_{key}_median"] = median([x[key] for x in rs])
    pairs = list(zip(runs["reactions+expectations"], runs["plain"]))
    for key in ("wall", "cpu"):
        out[f"ratio_{key}"] = out[f"reactions+expectations_{key}_median"] / out[f"plain_{key}_median"]
        out[f"ratio_{key}_per_round"] = median([a[key] / b[key] for a, b in pairs])
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "expect-big.json"), "w") as f:
        json.dump(out, f, indent=1)
    print(f"\n### A 5,000-item scene previewed for 10 s ({out['frames']} frames), {rounds} alternating rounds "
          "(medians)\n")
    print("| scene | wall | CPU |")
    print("|---|---|---|")
    for name in commands:
        print(f"| {name} | {fmt_ms(out[name + '_wall_median'])} | {fmt_ms(out[name + '_cpu_median'])} |")
    print(f"\nRatio with/without: wall {out['ratio_wall']:.3f} (per round {out['ratio_wall_per_round']:.3f}), "
          f"CPU {out['ratio_cpu']:.3f} (per round {out['ratio_cpu_per_round']:.3f}). Reactions applied: "
          f"{scripted}; expect.failed: {out['expect_failed']}; same final state: {same_final}.")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("part", choices=["corpus", "big", "all"])
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    generate()
    if a.part in ("corpus", "all"):
        corpus(a.rounds)
    if a.part in ("big", "all"):
        big(a.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
