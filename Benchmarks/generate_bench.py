#!/usr/bin/env python3
"""`impulse generate` benchmark (issue 10).

    generate_bench.py [--rounds 15]
    generate_bench.py --typecheck [--rounds 3] [--items 100,300,2000]
    generate_bench.py --objc [--rounds 5] [--items 2000]

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

--objc: for each N, times `impulse generate objc` of `generate.py scene --items N --seed 1` into a folder (the
scene's .h/.m and the support pair), then `clang -fsyntax-only -fobjc-arc` of the scene's .m with the flags of
Tests/CLITests/GeneratedObjectiveCTests.swift (GNUstep's Foundation, the Objective-C stand-in of UIKit); the one
known error of GCC's runtime header is accepted, any other diagnostic fails. Prints the lines of the .h and .m, CPU
time and peak RSS, the median of the rounds. Writes Benchmarks/results/generate-objc.json.
"""
import argparse
import json
import os
import subprocess
import sys

from common import DATA, IMPULSE, RESULTS, ROOT, fmt_ms, load_average, machine_notes, median, run

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
BIG = os.path.join(DATA, "big5000.dynamics.json")


def sized_scene(items):
    """The path of `generate.py scene --items N --seed 1`, made the first time it is asked for."""
    scene = os.path.join(DATA, f"typecheck{items}.dynamics.json")
    if not os.path.exists(scene):
        subprocess.run([sys.executable, os.path.join(BENCH_DIR, "generate.py"), "scene", scene, "--items",
                        str(items), "--seed", "1"], check=True)
    return scene


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
        scene = sized_scene(items)
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


def objc_flags(work):
    """clang's flags for `-fsyntax-only -fobjc-arc` of generated Objective-C, as GeneratedObjectiveCTests has them."""
    stand_in = os.path.join(ROOT, "Tests", "UIKitStandIn", "ObjectiveC")
    flags = ["clang", "-fsyntax-only", "-fobjc-arc", "-fobjc-runtime=gnustep-2.0", "-fblocks", "-Wall", "-Wextra",
             "-isystem", os.path.join(stand_in, "Runtime")]
    gnustep = subprocess.run(["gnustep-config", "--objc-flags"], capture_output=True, text=True, check=True).stdout
    for word in gnustep.split():
        if word in ("-MMD", "-MP", "-I."):
            continue
        flags += ["-isystem", word[2:]] if word.startswith("-I") else [word]
    gcc = subprocess.run(["gcc", "-print-file-name=include"], capture_output=True, text=True).stdout.strip()
    return flags + ["-isystem", gcc, "-I", stand_in, "-I", work]


def objc(rounds, sizes):
    """The Objective-C benchmark: generation and clang's ARC check of the generated .m (see the module's doc)."""
    import tempfile
    work = tempfile.mkdtemp(prefix="impulse-objc-")
    flags = objc_flags(work)
    rows = []
    for items in sizes:
        scene = sized_scene(items)
        name = f"Scene{items}"
        generate, check = [], []
        for _ in range(rounds):
            result = run([IMPULSE, "generate", "objc", scene, "--type-name", name, "-o", work])
            if result.status != 0:
                sys.exit(f"generate objc {scene} failed: {result.stderr.decode()[:2000]}")
            generate.append({"wall": result.wall, "cpu": result.cpu, "maxrss_kb": result.maxrss_kb})
            result = run(flags + [os.path.join(work, name + ".m")], cwd=work)
            problems = [line for line in result.stderr.decode().splitlines()
                        if (": error:" in line or ": warning:" in line)
                        and not ("/objc/runtime.h:" in line and "member reference base type 'id'" in line)]
            if problems:
                sys.exit("clang: " + "\n".join(problems[:20]))
            check.append({"wall": result.wall, "cpu": result.cpu, "maxrss_kb": result.maxrss_kb})
        lines = {ext: open(os.path.join(work, name + ext)).read().count("\n") for ext in (".h", ".m")}
        rows.append({"items": items, "lines": lines, "generate": generate, "clang": check, "load": load_average()})
    with open(os.path.join(RESULTS, "generate-objc.json"), "w") as f:
        json.dump({"notes": machine_notes(), "impulse": IMPULSE, "rounds": rounds, "rows": rows}, f, indent=2)
    print(f"`impulse generate objc` and `clang -fsyntax-only -fobjc-arc` of the .m, median of {rounds} rounds\n")
    print("| items | .h lines | .m lines | generate CPU (wall) | generate RSS | clang CPU (wall) | clang RSS | load |")
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        def cell(samples):
            cpu, wall = median([s["cpu"] for s in samples]), median([s["wall"] for s in samples])
            return f"{cpu:.2f} s ({wall:.2f} s) | {max(s['maxrss_kb'] or 0 for s in samples) / 1024:.0f} MB"
        print(f"| {row['items']:,} | {row['lines']['.h']:,} | {row['lines']['.m']:,} | {cell(row['generate'])} | "
              f"{cell(row['clang'])} | {row['load'].split()[0]} |")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--typecheck", action="store_true", help="time swiftc -typecheck of the generated Swift")
    parser.add_argument("--objc", action="store_true", help="time generate objc and clang's ARC check of the .m")
    parser.add_argument("--items", default=None, help="--typecheck, --objc: the scene sizes, comma-separated")
    a = parser.parse_args()
    os.makedirs(RESULTS, exist_ok=True)
    os.makedirs(DATA, exist_ok=True)
    if a.typecheck:
        typecheck(a.rounds or 3, [int(n) for n in (a.items or "100,300,2000").split(",")])
        return
    if a.objc:
        objc(a.rounds or 5, [int(n) for n in (a.items or "2000").split(",")])
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
