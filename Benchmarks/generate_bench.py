#!/usr/bin/env python3
"""`impulse generate` benchmark (issue 10).

    generate_bench.py [--rounds 15]
    generate_bench.py --typecheck [--rounds 3] [--items 100,300,2000]

Times `impulse generate swift` and `impulse generate objc` of the 5,000-item scene (`generate.py scene --items
5000 --seed 1`, the lint benchmark's big scene), whole process, in alternating rounds, with `impulse lint` of
the same file as the reference (the generator lints the scene first). Writes Benchmarks/results/generate.json
and prints a Markdown table. Target: swift under 100 ms.

--typecheck (issue 20): generates the Swift of `generate.py scene --items N --seed 1` for each N and times
`swiftc -typecheck -swift-version 6` of it with the support file (`generate swift --support`) against the stand-in
UIKit (Tests/UIKitStandIn, compiled once into a module), the support's `@objc` and `#selector`s spelled for Linux as
the round-trip test does. Reports CPU time (user +
sys of swiftc and its frontend) and peak RSS (GNU time %M), the median of the rounds. Targets: 2,000 items under 30 s
and 2 GB; 300 items under 4x the time of 100. Writes Benchmarks/results/generate-typecheck.json.
"""
import argparse
import json
import os
import subprocess
import sys

from common import DATA, IMPULSE, RESULTS, ROOT, fmt_ms, load_average, machine_notes, median, run

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
BIG = os.path.join(DATA, "big5000.dynamics.json")


def typecheck(rounds, sizes):
    """The type-check benchmark of the generated Swift (see the module's doc)."""
    import glob
    import tempfile
    work = tempfile.mkdtemp(prefix="impulse-typecheck-")
    stand_in = sorted(glob.glob(os.path.join(ROOT, "Tests", "UIKitStandIn", "*.swift")))
    subprocess.run(["swiftc", "-parse-as-library", "-module-name", "UIKit", "-emit-module", "-emit-module-path",
                    os.path.join(work, "UIKit.swiftmodule")] + stand_in, check=True, cwd=work)
    # The runtime every scene's file needs, once, spelled for Linux as the round-trip test does.
    support_run = run([IMPULSE, "generate", "swift", "--support"])
    if support_run.status != 0:
        sys.exit(f"generate --support failed: {support_run.stderr.decode()[:2000]}")
    support = os.path.join(work, "ImpulseSupport.swift")
    with open(support, "w") as f:
        f.write(support_run.stdout.decode().replace("@objc func displayLinkDidFire", "func displayLinkDidFire").replace(
            "#selector(ImpulseDisplayLinkTarget.displayLinkDidFire(_:))", 'Selector("displayLinkDidFire:")').replace(
            "@objc func gestureDidChange", "func gestureDidChange").replace(
            "#selector(ImpulseGestureTarget.gestureDidChange(_:))", 'Selector("gestureDidChange:")'))
    rows = []
    for items in sizes:
        scene = os.path.join(DATA, f"typecheck{items}.dynamics.json")
        if not os.path.exists(scene):
            subprocess.run([sys.executable, os.path.join(BENCH_DIR, "generate.py"), "scene", scene, "--items",
                            str(items), "--seed", "1"], check=True)
        generated = run([IMPULSE, "generate", "swift", scene, "--type-name", f"Scene{items}"])
        if generated.status != 0:
            sys.exit(f"generate {scene} failed: {generated.stderr.decode()[:2000]}")
        text = generated.stdout.decode()
        source = os.path.join(work, f"Scene{items}.swift")
        with open(source, "w") as f:
            f.write(text)
        samples = []
        for _ in range(rounds):
            result = run(["swiftc", "-typecheck", "-swift-version", "6", "-I", work, source, support], cwd=work)
            if result.status != 0:
                sys.exit(f"swiftc -typecheck of {items} items failed: {result.stderr.decode()[:3000]}")
            samples.append({"wall": result.wall, "cpu": result.cpu, "maxrss_kb": result.maxrss_kb})
        rows.append({"items": items, "lines": text.count("\n"), "bytes": len(text), "samples": samples,
                     "load": load_average()})
    with open(os.path.join(RESULTS, "generate-typecheck.json"), "w") as f:
        json.dump({"notes": machine_notes(), "rounds": rounds, "rows": rows}, f, indent=2)
    print(f"`swiftc -typecheck` of the generated Swift against the stand-in UIKit, median of {rounds} rounds\n")
    print("| items | lines | median CPU | median wall | peak RSS | load |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        cpu = median([s["cpu"] for s in row["samples"]])
        wall = median([s["wall"] for s in row["samples"]])
        rss = max(s["maxrss_kb"] or 0 for s in row["samples"])
        print(f"| {row['items']:,} | {row['lines']:,} | {cpu:.2f} s | {wall:.2f} s | {rss / 1024:.0f} MB | "
              f"{row['load'].split()[0]} |")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--typecheck", action="store_true", help="time swiftc -typecheck of the generated Swift")
    parser.add_argument("--items", default="100,300,2000", help="--typecheck: the scene sizes, comma-separated")
    a = parser.parse_args()
    os.makedirs(RESULTS, exist_ok=True)
    os.makedirs(DATA, exist_ok=True)
    if a.typecheck:
        typecheck(a.rounds or 3, [int(n) for n in a.items.split(",")])
        return
    a.rounds = a.rounds or 15
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
