#!/usr/bin/env python3
"""`impulse generate` benchmark (issue 10).

    generate_bench.py [--rounds 15]

Times `impulse generate swift` and `impulse generate objc` of the 5,000-item scene (`generate.py scene --items
5000 --seed 1`, the lint benchmark's big scene), whole process, in alternating rounds, with `impulse lint` of
the same file as the reference (the generator lints the scene first). Writes Benchmarks/results/generate.json
and prints a Markdown table. Target: swift under 100 ms.
"""
import argparse
import json
import os
import subprocess
import sys

from common import DATA, IMPULSE, RESULTS, ROOT, fmt_ms, load_average, machine_notes, median, run

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
BIG = os.path.join(DATA, "big5000.dynamics.json")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    a = parser.parse_args()
    os.makedirs(RESULTS, exist_ok=True)
    if not os.path.exists(BIG):
        subprocess.run([sys.executable, os.path.join(BENCH_DIR, "generate.py"), "scene", BIG, "--items", "5000",
                        "--seed", "1"], check=True)
    scene = os.path.relpath(BIG, ROOT)
    commands = {
        "generate swift": [IMPULSE, "generate", "swift", scene],
        "generate objc": [IMPULSE, "generate", "objc", scene],
        "lint": [IMPULSE, "lint", scene],
    }
    runs = {name: [] for name in commands}
    loads = []
    sizes = {}
    for r in range(a.rounds):
        order = list(commands.items())
        if r % 2:
            order.reverse()
        for name, cmd in order:
            loads.append(load_average())
            result = run(cmd)
            if result.status != 0:
                sys.exit(f"{name} failed ({result.status}): {result.stderr.decode()[:2000]}")
            runs[name].append({"wall": result.wall, "cpu": result.cpu, "maxrss_kb": result.maxrss_kb})
            sizes[name] = len(result.stdout)
    out = {"notes": machine_notes(), "scene": scene, "rounds": a.rounds, "runs": runs, "loads": loads,
           "output_bytes": sizes}
    with open(os.path.join(RESULTS, "generate.json"), "w") as f:
        json.dump(out, f, indent=2)
    print(f"`impulse generate` of {scene} ({os.path.getsize(BIG) / 1e6:.2f} MB), {a.rounds} alternating rounds, "
          f"load {loads[0].split()[0]}–{loads[-1].split()[0]}\n")
    print("| command | median wall | min wall | median CPU | max RSS | output |")
    print("|---|---|---|---|---|---|")
    for name, samples in runs.items():
        walls = [s["wall"] for s in samples]
        cpus = [s["cpu"] for s in samples]
        rss = max(s["maxrss_kb"] or 0 for s in samples)
        print(f"| `impulse {name}` | {fmt_ms(median(walls))} | {fmt_ms(min(walls))} | {fmt_ms(median(cpus))} | "
              f"{rss / 1024:.0f} MB | {sizes[name] / 1e6:.2f} MB |")


if __name__ == "__main__":
    main()
