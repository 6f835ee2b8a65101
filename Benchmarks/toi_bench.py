#!/usr/bin/env python3
"""Impacts benchmark (issue 11): Impulse's whole process against pybox2d 2.3.10's stepping alone, both doing
the same work.

    toi_bench.py [--rounds 7]

Scenes, 600 frames at 60 Hz (1199 sub-steps):
- balls: 500 elastic balls (30 pt discs, elasticity 1, no friction, no resistance) falling in a 1400 × 4000 pt
  box: they never rest, in either engine, so both step every ball every sub-step;
- pile100: the 100-box pile of `generate.py pile`.
The reference side is the differential suite's driver (`Tests/differential/uikit_box2d.py`): pybox2d driven
the UIKit way, items of gravity behaviors as bullets; its stepping time is the sum of its calls to Step
(the driver's own Python, its start and `import Box2D` are left out). It runs a second time without bullets
(the raw solver's ratio). Impulse's engine-only time is the `simulate` phase of its own phase report
(`IMPULSE_PHASE_TIMINGS=1`: the run of the 600 frames, wall clock inside the process, as Box2D's `Step` sum
is), so the engine ratio compares the two engines' stepping of the same 600 frames. The older estimate stays
beside it: Impulse runs a second time for one frame (`impulse_start`: the process, decoding, lint and output
of the same scene), and the whole run less that, round by round, gives an engine time in CPU too. The sides alternate in each round; medians are reported. Writes Benchmarks/results/engine-toi.json
and prints a Markdown table.
"""
import argparse
import json
import os
import random
import sys

from common import DATA, IMPULSE, RESULTS, ROOT, VENV_PY, fmt_ms, load_average, machine_notes, median, run
from generate import pile_scene

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(ROOT, "Tests", "differential", "uikit_box2d.py")
FRAMES = 600


def balls_scene(count=500, size=30, width=1400, height=4000, seed=1):
    rng = random.Random(seed)
    columns = 35
    ids = [f"ball{i}" for i in range(count)]
    items = []
    for i, iid in enumerate(ids):
        r, c = divmod(i, columns)
        items.append({"id": iid, "center": [20 + size / 2 + c * 38 + rng.uniform(-3, 3), 40 + r * 45],
                      "size": [size, size], "collisionBounds": "ellipse"})
    return {
        "format": 1, "name": "balls", "referenceView": {"width": width, "height": height}, "items": items,
        "behaviors": [
            {"type": "gravity", "items": ids},
            {"type": "collision", "items": ids, "translatesReferenceBoundsIntoBoundary": True},
            {"type": "dynamicItem", "items": ids, "elasticity": 1, "friction": 0, "resistance": 0,
             "angularResistance": 0},
        ],
        "preview": {"duration": FRAMES / 60, "frameRate": 60},
    }


def phase_seconds(stderr, phase):
    """The seconds of one phase in `impulse: <phase> <milliseconds> ms` lines (IMPULSE_PHASE_TIMINGS=1)."""
    prefix = f"impulse: {phase} "
    for line in stderr.decode().splitlines():
        if line.startswith(prefix) and line.endswith(" ms"):
            return float(line[len(prefix):-3]) / 1e3
    sys.exit(f"no '{phase}' phase in impulse's report: {stderr.decode()[:2000]}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=7)
    a = ap.parse_args()
    if not os.access(IMPULSE, os.X_OK):
        sys.exit(f"no release impulse at {IMPULSE}")
    os.makedirs(DATA, exist_ok=True)
    scenes = {"balls": balls_scene(), "pile100": pile_scene(100, FRAMES)}
    out = {"notes": machine_notes(), "frames": FRAMES, "scenes": {}}
    for name, scene in scenes.items():
        path = os.path.join(DATA, f"toi-{name}.dynamics.json")
        with open(path, "w") as f:
            json.dump(scene, f)
        rel = os.path.relpath(path, ROOT)
        commands = {
            "impulse": [IMPULSE, "preview", "--every", str(FRAMES), "--format", "json", rel],
            "impulse_start": [IMPULSE, "preview", "--frames", "1", "--format", "json", rel],
            "box2d": [VENV_PY, os.path.relpath(DRIVER, ROOT), rel, "--frames", str(FRAMES)],
            "box2d_raw": [VENV_PY, os.path.relpath(DRIVER, ROOT), rel, "--frames", str(FRAMES), "--no-bullets"],
        }
        runs = {k: [] for k in commands}
        first = {}
        loads = []
        for r in range(a.rounds):
            order = list(commands.items())
            if r % 2:
                order.reverse()
            for side, cmd in order:
                loads.append(load_average())
                result = run(cmd, env=dict(os.environ, IMPULSE_PHASE_TIMINGS="1") if side == "impulse" else None)
                if result.status != 0:
                    sys.exit(f"{side} failed ({result.status}): {result.stderr.decode()[:2000]}")
                entry = {"wall": result.wall, "cpu": result.cpu}
                if side.startswith("box2d"):
                    report = json.loads(result.stdout)
                    entry["stepping"] = report["stepping_s"]
                    entry["stepping_cpu"] = report["stepping_cpu_s"]
                if side == "impulse":
                    entry["simulate"] = phase_seconds(result.stderr, "simulate")
                runs[side].append(entry)
                first.setdefault(side, result.stdout)
                print(f"{name} round {r + 1} {side}: wall {result.wall:.3f} s, cpu {result.cpu:.3f} s"
                      + (f", stepping {entry['stepping']:.3f} s" if "stepping" in entry else ""), file=sys.stderr)
        preview = json.loads(first["impulse"])
        e = {
            "commands": {k: " ".join(v) for k, v in commands.items()},
            "runs": runs, "loads": loads,
            "impulse_resting": sum(1 for v in preview["final"].values() if v["resting"]),
            "box2d_resting": json.loads(first["box2d"])["resting"],
            "box2d_raw_resting": json.loads(first["box2d_raw"])["resting"],
            "items": len(scene["items"]),
            "impulse_wall": median([x["wall"] for x in runs["impulse"]]),
            "impulse_cpu": median([x["cpu"] for x in runs["impulse"]]),
            "box2d_stepping": median([x["stepping"] for x in runs["box2d"]]),
            "box2d_raw_stepping": median([x["stepping"] for x in runs["box2d_raw"]]),
            "box2d_stepping_cpu": median([x["stepping_cpu"] for x in runs["box2d"]]),
            "box2d_raw_stepping_cpu": median([x["stepping_cpu"] for x in runs["box2d_raw"]]),
        }
        engine = [(x["wall"] - y["wall"], x["cpu"] - y["cpu"]) for x, y in zip(runs["impulse"], runs["impulse_start"])]
        e["impulse_engine_wall"] = median([w for w, _ in engine])
        e["impulse_engine_cpu"] = median([c for _, c in engine])
        e["impulse_simulate"] = median([x["simulate"] for x in runs["impulse"]])
        e["simulate_ratio"] = e["box2d_stepping"] / e["impulse_simulate"]
        e["engine_ratio"] = e["box2d_stepping"] / e["impulse_engine_wall"]
        e["engine_ratio_cpu"] = e["box2d_stepping_cpu"] / e["impulse_engine_cpu"]
        e["ratio"] = e["box2d_stepping"] / e["impulse_wall"]
        e["ratio_cpu"] = e["box2d_stepping_cpu"] / e["impulse_cpu"]
        e["ratio_raw"] = e["box2d_raw_stepping"] / e["impulse_wall"]
        e["ratio_raw_cpu"] = e["box2d_raw_stepping_cpu"] / e["impulse_cpu"]
        out["scenes"][name] = e
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "engine-toi.json"), "w") as f:
        json.dump(out, f, indent=1)
    print(f"\n### Impacts: {FRAMES} frames, {a.rounds} alternating rounds (medians)\n")
    print("| scene | impulse whole process (wall / CPU) | pybox2d stepping, bullets (wall / CPU) | ratio (wall / CPU) | "
          "pybox2d stepping, no bullets (wall / CPU) | raw-solver ratio (wall / CPU) | "
          "resting: impulse / box2d / box2d raw |")
    print("|---|---|---|---|---|---|---|")
    for name, e in out["scenes"].items():
        print(f"| {name} ({e['items']} items) | {fmt_ms(e['impulse_wall'])} / {fmt_ms(e['impulse_cpu'])} | "
              f"{fmt_ms(e['box2d_stepping'])} / {fmt_ms(e['box2d_stepping_cpu'])} | "
              f"{e['ratio']:.2f}× / {e['ratio_cpu']:.2f}× | "
              f"{fmt_ms(e['box2d_raw_stepping'])} / {fmt_ms(e['box2d_raw_stepping_cpu'])} | "
              f"{e['ratio_raw']:.2f}× / {e['ratio_raw_cpu']:.2f}× | "
              f"{e['impulse_resting']} / {e['box2d_resting']} / {e['box2d_raw_resting']} |")
    print("\n| scene | impulse `simulate` phase (wall) | pybox2d `Step` alone, bullets (wall / CPU) | "
          "engine ratio (wall) | impulse whole less 1 frame (wall / CPU) | its ratio (wall / CPU) |")
    print("|---|---|---|---|---|---|")
    for name, e in out["scenes"].items():
        print(f"| {name} | {fmt_ms(e['impulse_simulate'])} | "
              f"{fmt_ms(e['box2d_stepping'])} / {fmt_ms(e['box2d_stepping_cpu'])} | {e['simulate_ratio']:.2f}× | "
              f"{fmt_ms(e['impulse_engine_wall'])} / {fmt_ms(e['impulse_engine_cpu'])} | "
              f"{e['engine_ratio']:.2f}× / {e['engine_ratio_cpu']:.2f}× |")
    loads = [x for e in out["scenes"].values() for x in e["loads"]]
    print(f"\nLoad averages seen during the runs: {loads[0]} … {loads[-1]}")


if __name__ == "__main__":
    main()
