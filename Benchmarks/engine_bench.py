#!/usr/bin/env python3
"""Engine benchmarks (issue 3).

    engine_bench.py pile [--rounds 7]    # 100 and 500 falling boxes, 600 frames: impulse preview vs pybox2d
    engine_bench.py small [--runs 30]    # a 50-item scene's 3-second preview, whole process (hyperfine):
                                         # text, json, svg and html

Writes Benchmarks/results/engine-<part>.json and prints a Markdown summary.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

from common import DATA, IMPULSE, RESULTS, ROOT, VENV_PY, fmt_ms, load_average, machine_notes, median, run

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
GENERATE = [sys.executable, os.path.join(BENCH_DIR, "generate.py")]


def pile(rounds, sizes=(100, 500), frames=600):
    notes = machine_notes()
    out = {"notes": notes, "frames": frames, "sizes": {}}
    for n in sizes:
        scene = os.path.join(DATA, f"pile{n}.dynamics.json")
        subprocess.run(GENERATE + ["pile", scene, "--boxes", str(n), "--frames", str(frames)], check=True)
        impulse_cmd = [IMPULSE, "preview", "--every", str(frames), "--format", "json", os.path.relpath(scene, ROOT)]
        box2d_cmd = [VENV_PY, os.path.relpath(os.path.join(BENCH_DIR, "box2d_pile.py"), ROOT),
                     "--boxes", str(n), "--frames", str(frames)]
        runs = {"impulse": [], "box2d": []}
        first = {}
        loads = []
        for r in range(rounds):
            order = [("impulse", impulse_cmd), ("box2d", box2d_cmd)]
            if r % 2:
                order.reverse()
            for name, cmd in order:
                loads.append(load_average())
                result = run(cmd)
                if result.status != 0:
                    sys.exit(f"{name} failed ({result.status}): {result.stderr.decode()[:2000]}")
                runs[name].append({"wall": result.wall, "cpu": result.cpu, "maxrss_kb": result.maxrss_kb})
                first.setdefault(name, result.stdout)
                print(f"{n} boxes round {r + 1} {name}: wall {result.wall:.3f} s, cpu {result.cpu:.3f} s",
                      file=sys.stderr)
        preview = json.loads(first["impulse"])
        box2d = json.loads(first["box2d"])
        # Once more, untimed, to find when Box2D's last box falls asleep.
        box2d["all_asleep_frame"] = json.loads(run(box2d_cmd + ["--report-sleep"]).stdout)["all_asleep_frame"]
        final = preview["final"]
        entry = {
            "commands": {"impulse": " ".join(["impulse"] + impulse_cmd[1:]),
                         "box2d": " ".join([".venv/bin/python"] + box2d_cmd[1:])},
            "runs": runs, "loads": loads,
            "impulse_frames": preview["frames"],
            "impulse_resting": sum(1 for v in final.values() if v["resting"]),
            "impulse_paused_at": preview["pausedAt"],
            "impulse_contact_events": len(preview["events"]),
            "impulse_lowest_center": max(v["center"][1] for v in final.values()),
            "box2d": box2d,
        }
        for name in runs:
            for key in ("wall", "cpu"):
                entry[f"{name}_{key}_median"] = median([x[key] for x in runs[name]])
        for key in ("wall", "cpu"):
            entry[f"ratio_{key}"] = entry[f"box2d_{key}_median"] / entry[f"impulse_{key}_median"]
            entry[f"ratio_{key}_per_round"] = median([b[key] / i[key] for i, b in zip(runs["impulse"], runs["box2d"])])
        out["sizes"][str(n)] = entry
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "engine-pile.json"), "w") as f:
        json.dump(out, f, indent=1)

    print(f"\n### Falling boxes, {frames} frames at 60 Hz ({2 * frames - 1} sub-steps), whole process, "
          f"{rounds} alternating rounds\n")
    print("| boxes | impulse wall | impulse CPU | pybox2d wall | pybox2d CPU | ratio wall (box2d/impulse) | ratio CPU | "
          "impulse resting | Box2D sleeping | impulse max RSS |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for n, e in out["sizes"].items():
        print(f"| {n} | {fmt_ms(e['impulse_wall_median'])} | {fmt_ms(e['impulse_cpu_median'])} | "
              f"{fmt_ms(e['box2d_wall_median'])} | {fmt_ms(e['box2d_cpu_median'])} | {e['ratio_wall']:.2f}× "
              f"(per round {e['ratio_wall_per_round']:.2f}×) | {e['ratio_cpu']:.2f}× (per round "
              f"{e['ratio_cpu_per_round']:.2f}×) | {e['impulse_resting']}/{n} (paused at frame "
              f"{(e['impulse_paused_at'] or {}).get('frame')}) | {e['box2d']['sleeping']}/{n} (all asleep after frame "
              f"{e['box2d'].get('all_asleep_frame')}) | "
              f"{max(x['maxrss_kb'] for x in e['runs']['impulse']) / 1024:.0f} MB |")
    print("\npybox2d's stepping alone (inside its process, first round): " + ", ".join(
        f"{n} boxes {e['box2d']['stepping_s'] * 1000:.0f} ms" for n, e in out["sizes"].items()) +
        "; the rest of its whole-process time is Python's start and `import Box2D`.")


def small(runs):
    notes = machine_notes()
    scene = os.path.join(DATA, "scene50.dynamics.json")
    subprocess.run(GENERATE + ["scene", scene, "--items", "50", "--seed", "1", "--material-chunk", "10",
                               "--width", "400"], check=True)
    rel = os.path.relpath(scene, ROOT)
    out = {"notes": notes, "load_before": load_average()}
    commands = {"json": [IMPULSE, "preview", "--format", "json", rel],
                "text": [IMPULSE, "preview", rel],
                "svg": [IMPULSE, "preview", "--format", "svg", rel],
                "html": [IMPULSE, "preview", "--format", "html", rel]}
    check = run(commands["json"])
    preview = json.loads(check.stdout)
    out["frames"] = preview["frames"]
    out["diagnostics"] = preview["diagnostics"]
    hyperfine = shutil.which("hyperfine")
    for label, cmd in commands.items():
        if hyperfine:
            export = os.path.join(RESULTS, f"hyperfine-preview50-{label}.json")
            os.makedirs(RESULTS, exist_ok=True)
            subprocess.run([hyperfine, "-N", "--warmup", "3", "--runs", str(runs), "--export-json", export,
                            "--style", "none", " ".join(cmd)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
            h = json.load(open(export))["results"][0]
            out[label] = {"tool": "hyperfine", "median": h["median"], "mean": h["mean"], "min": h["min"],
                          "stddev": h["stddev"], "user_mean": h["user"], "system_mean": h["system"]}
        samples = [run(cmd) for _ in range(runs)]
        out[label + "_python"] = {"wall_median": median([s.wall for s in samples]),
                                  "cpu_median": median([s.cpu for s in samples]),
                                  "maxrss_kb": max(s.maxrss_kb for s in samples)}
    out["load_after"] = load_average()
    with open(os.path.join(RESULTS, "engine-small.json"), "w") as f:
        json.dump(out, f, indent=1)
    print(f"\n### A 50-item scene's 3-second preview ({out['frames']} frames), whole process, {runs} runs "
          f"(load average {out['load_before']} → {out['load_after']})\n")
    print("| command | hyperfine median | hyperfine min | user+sys mean | wall median (wait4) | CPU median (wait4) | max RSS |")
    print("|---|---|---|---|---|---|---|")
    for label, cmd in commands.items():
        h = out.get(label, {})
        p = out[label + "_python"]
        hm = fmt_ms(h["median"]) if h else "—"
        hmin = fmt_ms(h["min"]) if h else "—"
        hcpu = fmt_ms(h["user_mean"] + h["system_mean"]) if h else "—"
        print(f"| `{' '.join(['impulse'] + cmd[1:])}` | {hm} | {hmin} | {hcpu} | {fmt_ms(p['wall_median'])} | "
              f"{fmt_ms(p['cpu_median'])} | {p['maxrss_kb'] / 1024:.0f} MB |")
    # The pictures against the json preview (target: within 1.5x), by the medians of each tool.
    for label in ("svg", "html"):
        ratios = []
        if out.get(label) and out.get("json"):
            ratios.append(f"hyperfine {out[label]['median'] / out['json']['median']:.2f}x")
        ratios.append(f"wall {out[label + '_python']['wall_median'] / out['json_python']['wall_median']:.2f}x")
        print(f"\n{label} / json: " + ", ".join(ratios) + " (target: within 1.5x)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("part", choices=["pile", "small", "all"])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--runs", type=int, default=30)
    a = ap.parse_args()
    if not os.access(IMPULSE, os.X_OK):
        sys.exit(f"no release impulse at {IMPULSE}")
    if subprocess.run([IMPULSE, "preview", "--help"], capture_output=True).returncode != 0:
        sys.exit("impulse preview is not available in this build")
    if a.part in ("pile", "all"):
        pile(a.rounds)
    if a.part in ("small", "all"):
        small(a.runs)


if __name__ == "__main__":
    main()
