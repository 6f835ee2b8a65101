#!/usr/bin/env python3
"""Tall columns (fidelity): whether columns of boxes stand, and when they rest, in Impulse and in Box2D.

    columns.py pile --boxes 500 [--frames 600]      # generate.py's pile: 20 columns, 25 boxes high at 500
    columns.py column --boxes 25 [--frames 600]     # one column of the pile's boxes in a 400 pt wide view

Runs the scene through `impulse preview --format json` (IMPULSE_BIN, or the debug build) and through the
differential suite's driver (`Tests/differential/uikit_box2d.py`: pybox2d 2.3.10 driven the UIKit way, the items
of gravity behaviors as bullets), and once more through the driver without bullets (the raw solver, which is
what `box2d_pile.py` steps). Prints one line per run: the first frame from which every item rests (None: still
moving at the end), how many rest at the end, the largest sideways drift of any box from its starting x, how
many boxes end outside the view (through the boundary), and the largest angular speed. For the single column
it also prints the first frame at which Impulse and Box2D part by more than the differential suite's 0.05 pt or
0.001 rad.
"""
import argparse
import json
import math
import os
import sys

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH_DIR)
sys.path.insert(0, os.path.join(ROOT, "Tests", "differential"))
sys.path.insert(0, BENCH_DIR)
import uikit_box2d  # noqa: E402
from test_differential import preview  # noqa: E402  (the suite's way of running impulse)
from generate import column_scene, pile_scene  # noqa: E402


def impulse_states(scene, frames):
    return [sample["items"] for sample in preview(scene, frames)["samples"]]


def box2d_states(scene, frames, bullets):
    driver = uikit_box2d.Driver(scene, bullets=bullets, events=False)
    states = [driver.state()]
    for frame in range(1, frames + 1):
        driver.advance(frame)
        states.append(driver.state())
    return states


def summary(states, view):
    start = {iid: s["center"][0] for iid, s in states[0].items()}
    outside = sum(1 for s in states[-1].values()
                  if not (0 <= s["center"][0] <= view["width"] and 0 <= s["center"][1] <= view["height"]))
    rest = None
    for n, state in enumerate(states):
        if all(s["resting"] for s in state.values()):
            rest = n if rest is None else rest
        else:
            rest = None
    return {"all_rest_from_frame": rest, "resting_at_end": sum(1 for s in states[-1].values() if s["resting"]),
            "max_drift_pt": round(max(abs(s["center"][0] - start[i]) for st in states for i, s in st.items()), 2),
            "outside_view_at_end": outside,
            "max_angular_speed": round(max(abs(s.get("angularVelocity", 0)) for st in states for s in st.values()), 2)}


def first_parting(ours, theirs):
    for n, (mine, ref) in enumerate(zip(ours, theirs)):
        for iid, s in mine.items():
            if math.dist(s["center"], ref[iid]["center"]) > 0.05 or abs(s["angle"] - ref[iid]["angle"]) > 0.001:
                return n
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kind", choices=["pile", "column"])
    ap.add_argument("--boxes", type=int, required=True)
    ap.add_argument("--frames", type=int, default=600)
    a = ap.parse_args()
    scene = pile_scene(a.boxes, a.frames) if a.kind == "pile" else column_scene(a.boxes, a.frames)
    ours = impulse_states(scene, a.frames)
    bullets = box2d_states(scene, a.frames, True)
    raw = box2d_states(scene, a.frames, False)
    print(json.dumps({"side": "impulse"} | summary(ours, scene["referenceView"])))
    print(json.dumps({"side": "box2d, bullets (the UIKit way)"} | summary(bullets, scene["referenceView"])))
    print(json.dumps({"side": "box2d, no bullets (raw solver)"} | summary(raw, scene["referenceView"])))
    if a.kind == "column":
        print(json.dumps({"impulse_parts_from_box2d_at_frame": first_parting(ours, bullets)}))


if __name__ == "__main__":
    main()
