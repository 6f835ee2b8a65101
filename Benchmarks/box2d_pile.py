#!/usr/bin/env python3
"""The engine benchmark's other side: pybox2d (Box2D 2.3) stepping the pile scene the way UIKit Dynamics does.

    box2d_pile.py --boxes 100 [--frames 600]

Same geometry as `generate.py pile` (boxes of 50x50 pt, 60 pt apart, rows 75 pt apart, 20 columns, in a
reference view whose bounds are a boundary 1 pt outside them). Units: 1 m = 100 pt, y down, gravity
10 m/s² (UIKit's magnitude 1 = 1000 pt/s²). Boxes: 0.5 m squares of density 1 kg/m² (0.25 kg, the mass
UIKit gives a 50x50 pt item of density 1), friction 0.2, restitution 0.2, linear and angular damping 0.1;
the boundary's edges have friction 0.2 and restitution 0.2. The animator's clock: a 60 Hz frame adds
1/60 s to an accumulator and fixed sub-steps of h = float(1/120) run while it holds at least h, so n
frames run 2n − 1 sub-steps (1199 for 600 frames), each with 8 velocity and 3 position iterations.

Prints one JSON line: boxes, steps, how many bodies sleep (not awake) at the end, and the time spent
stepping (the process's whole time is measured from outside).
"""
import argparse
import json
import os
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import PILE_BOX, pile_geometry  # noqa: E402

import Box2D  # noqa: E402
from Box2D import b2EdgeShape, b2FixtureDef, b2PolygonShape, b2World  # noqa: E402

PT = 0.01  # metres per point


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--boxes", type=int, default=100)
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--report-sleep", action="store_true",
                    help="also find the first frame after which every box sleeps (slower: not for timing)")
    a = ap.parse_args()

    width, height, centers = pile_geometry(a.boxes)
    world = b2World(gravity=(0, 10), doSleep=True)
    # The reference bounds, 1 pt outside the view, as four edges of one static body.
    left, top, right, bottom = -1 * PT, -1 * PT, (width + 1) * PT, (height + 1) * PT
    ground = world.CreateStaticBody()
    corners = [(left, top), (right, top), (right, bottom), (left, bottom)]
    for k in range(4):
        ground.CreateFixture(b2FixtureDef(shape=b2EdgeShape(vertices=[corners[k], corners[(k + 1) % 4]]),
                                          friction=0.2, restitution=0.2))
    half = PILE_BOX / 2 * PT
    bodies = []
    for x, y in centers:
        body = world.CreateDynamicBody(position=(x * PT, y * PT), linearDamping=0.1, angularDamping=0.1)
        body.CreateFixture(b2FixtureDef(shape=b2PolygonShape(box=(half, half)), density=1.0,
                                        friction=0.2, restitution=0.2))
        bodies.append(body)
    assert abs(bodies[0].mass - 0.25) < 1e-6, bodies[0].mass

    h = struct.unpack("f", struct.pack("f", 1 / 120))[0]  # 1/120 rounded to single precision, as UIKit's clock
    steps = 2 * a.frames - 1  # ceil(120 n / 60) - 1 sub-steps after n frames at 60 Hz
    all_asleep_frame = None
    start = time.perf_counter()
    if a.report_sleep:
        for step in range(1, steps + 1):
            world.Step(h, 8, 3)
            # after frame n, 2n - 1 sub-steps have run
            if step % 2 == 1 and all_asleep_frame is None and not any(b.awake for b in bodies):
                all_asleep_frame = (step + 1) // 2
    else:
        for _ in range(steps):
            world.Step(h, 8, 3)
    stepping = time.perf_counter() - start
    sleeping = sum(1 for b in bodies if not b.awake)
    lowest = max(b.position.y for b in bodies) / PT
    print(json.dumps({"boxes": a.boxes, "steps": steps, "sleeping": sleeping, "stepping_s": round(stepping, 4),
                      "lowest_center_pt": round(lowest, 2), "box2d": Box2D.__version__}
                     | ({"all_asleep_frame": all_asleep_frame} if a.report_sleep else {})))


if __name__ == "__main__":
    main()
