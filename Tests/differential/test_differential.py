"""Impulse's preview against pybox2d 2.3.10 driven the way UIKit drives Box2D (`uikit_box2d.py`).

Each scene runs through the real `impulse preview --format json` binary (IMPULSE_BIN, or the debug build) and
through the driver, and the two are compared frame by frame:
- scenes of one impact (bounces, a box landing on its corner, a pendulum hitting a boundary, …): centers
  within 0.05 pt and angles within 0.001 rad over the whole run, and the same contact-began frames;
- stacks and scenes of several bodies in contact: the same, and the same contact-began frames (the issue
  asks 2 pt of stacks);
- one scene per feature of the format (`FORMAT`: collision groups and modes, every attachment kind between
  items, snaps, pushes, the timeline's set, add, remove and pan, reactions, ellipses, paths, item
  properties): the same as scenes of one impact;
- rest: the frame the animator pauses, within 10 frames; piles of 30 and 100 in 20 columns: every frame within
  2 pt, every item's rest frame and the pause within 2 frames; piles of 30 and 500: the same number of resting
  items.

Box2D computes in single precision, Impulse in double, so the two drift apart by about 1e-5 pt over a
second of free flight. Where the engine follows Box2D's order of operations that drift stays harmless: the
scenes below agree to a thousandth of a point over 5 s, rolling, bouncing and wedged in corners. Three
things had to match for that, each found here sub-step by sub-step: the contacts solved newest first, as
Box2D's lists run, with contacts that live as long as Box2D's (while the shapes' fat proxy bounds overlap, so
that the newer of two contacts is the one Box2D has newer: a column of boxes leans as Box2D's does); and an
impact's position pass stopping on its −1.5 slop bound when it lands exactly on it,
as single precision does. Where pybox2d differs from UIKit, the driver makes it do what UIKit does (its damping;
see `uikit_box2d.py`), and `Tests/CLITests/UIKitMeasuredValuesTests` holds the engine to values measured on
UIKit itself.

Two scenes amplify that drift instead: a box tumbling over its corners multiplies whatever it lands with at
each corner impact, roughly tenfold every 40 frames here, and a ball balanced on a ball rolls off it by
whatever nudges it. `UNTIL_KNIFE_EDGE` holds such a scene to the tight tolerance up to its horizon, and
`test_knife_edge_scenes_are_chaotic_in_box2d_itself` shows that the horizon is the scene's, not the engine's:
Box2D against itself, with an item turned by a millionth of a radian or moved by 1e-5 pt, parts by more than
the tolerance within the 5 s.
"""
import json
import math
import os
import subprocess
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uikit_box2d  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks"))
from generate import column_scene, pile_scene  # noqa: E402


def impulse_bin():
    path = os.environ.get("IMPULSE_BIN")
    if path:
        return path
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
    return os.path.join(out.stdout.strip(), "impulse")


def preview(scene, frames, every=1):
    with tempfile.NamedTemporaryFile("w", suffix=".dynamics.json", delete=False) as f:
        json.dump(scene, f)
        path = f.name
    try:
        out = subprocess.run([impulse_bin(), "preview", path, "--format", "json", "--frames", str(frames),
                              "--every", str(every)], capture_output=True, text=True)
    finally:
        os.unlink(path)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def partner(with_):
    if "item" in with_:
        return ("item", with_["item"])
    return ("boundary", with_["boundary"])


def began_frames(events):
    """Per (item, partner), the frames its contacts began."""
    out = {}
    for e in events:
        if e["type"] != "contactBegan":
            continue
        w = e["with"]
        key = (e["item"], partner(w) if isinstance(w, dict) else w)
        out.setdefault(key, []).append(e["frame"])
    return out


def pause_frame(samples):
    """The first frame from which every item rests to the end (None if the run ends moving)."""
    frame = None
    for n, state in enumerate(samples):
        if all(s["resting"] for s in state.values()):
            if frame is None:
                frame = n
        else:
            frame = None
    return frame


def run_both(scene, frames):
    ours = preview(scene, frames)
    reference, events = uikit_box2d.run(scene, frames)
    return ours, reference, events


def deviations(ours, reference):
    """Largest center distance (pt) and angle difference (rad) over all frames and items, with where."""
    worst_center = (0.0, None, None)
    worst_angle = (0.0, None, None)
    for n, sample in enumerate(ours["samples"]):
        for iid, s in sample["items"].items():
            r = reference[n][iid]
            d = math.dist(s["center"], r["center"])
            a = abs(s["angle"] - r["angle"])
            if d > worst_center[0]:
                worst_center = (d, n, iid)
            if a > worst_angle[0]:
                worst_angle = (a, n, iid)
    return worst_center, worst_angle


def ground_scene(items, elasticities=None, boundaries=None, width=400, height=600, reference_bounds=False,
                 extra=()):
    ids = [i["id"] for i in items]
    behaviors = [
        {"type": "gravity", "items": ids},
        {"type": "collision", "items": ids, "boundaries": boundaries or [],
         "translatesReferenceBoundsIntoBoundary": reference_bounds},
    ]
    for iid, e in (elasticities or {}).items():
        behaviors.append({"type": "dynamicItem", "items": [iid], "elasticity": e})
    behaviors.extend(extra)
    return {"format": 1, "name": "differential", "referenceView": {"width": width, "height": height},
            "items": items, "behaviors": behaviors}


FLOOR = [{"id": "floor", "from": [0, 300], "to": [400, 300]}]

# One body and one boundary: bounces at several elasticities, heights and angles.
SINGLE = {
    f"bounce-e{e}-h{h}-a{a}": ground_scene(
        [{"id": "box", "center": [200, 300 - h - 50 * (math.cos(a) + math.sin(a))], "size": [100, 100], "angle": a}],
        {"box": e}, FLOOR)
    for e, h, a in [(0.8, 150, 0), (0.5, 150, 0), (0.2, 150, 0), (0.8, 60, 0), (0.9, 250, 0), (0.8, 150, 0.3),
                    (0.5, 120, 0.785)]
}
SINGLE["ball-bounce"] = ground_scene(
    [{"id": "ball", "center": [200, 80], "size": [40, 40], "collisionBounds": "ellipse"}], {"ball": 0.7}, FLOOR)
SINGLE["ball-on-slope"] = ground_scene(
    [{"id": "ball", "center": [60, 150], "size": [40, 40], "collisionBounds": "ellipse"}],
    boundaries=[{"id": "slope", "from": [0, 200], "to": [400, 320]}], reference_bounds=True,
    extra=[{"type": "dynamicItem", "items": ["ball"], "friction": 0.5, "elasticity": 0.3}])
SINGLE["ball-down-steep-slope"] = ground_scene(
    [{"id": "ball", "center": [40, 60], "size": [30, 30], "collisionBounds": "ellipse"}],
    boundaries=[{"id": "slope", "from": [0, 100], "to": [400, 400]}], reference_bounds=True,
    extra=[{"type": "dynamicItem", "items": ["ball"], "friction": 0.8, "elasticity": 0.5}])
SINGLE["pendulum"] = {
    "format": 1, "name": "pendulum", "referenceView": {"width": 400, "height": 600},
    "items": [{"id": "bob", "center": [100, 100], "size": [30, 30]}],
    "behaviors": [
        {"type": "gravity", "items": ["bob"]},
        {"type": "attachment", "item": "bob", "anchor": [200, 100]},
        {"type": "collision", "items": ["bob"], "boundaries": [{"id": "wall", "from": [250, 0], "to": [250, 400]}]},
        {"type": "dynamicItem", "items": ["bob"], "elasticity": 0.6},
    ]}
SINGLE["ball-hits-wall-spinning"] = {
    "format": 1, "name": "wall", "referenceView": {"width": 400, "height": 600},
    "items": [{"id": "ball", "center": [300, 300], "size": [30, 30], "collisionBounds": "ellipse"}],
    "behaviors": [
        {"type": "gravity", "items": ["ball"]},
        {"type": "collision", "items": ["ball"], "translatesReferenceBoundsIntoBoundary": True},
        {"type": "dynamicItem", "items": ["ball"], "linearVelocity": [150, -300], "angularVelocity": 5,
         "elasticity": 0.6},
    ]}
SINGLE["box-slides-down-slope"] = ground_scene(
    [{"id": "box", "center": [60, 120], "size": [40, 40], "angle": 0.6435}],
    boundaries=[{"id": "slope", "from": [0, 100], "to": [400, 400]}], reference_bounds=True,
    extra=[{"type": "dynamicItem", "items": ["box"], "friction": 0.3}])
SINGLE["box-drops-into-vee"] = {
    "format": 1, "name": "vee", "referenceView": {"width": 400, "height": 600},
    "items": [{"id": "box", "center": [190, 80], "size": [50, 50], "angle": 0.2}],
    "behaviors": [
        {"type": "gravity", "items": ["box"]},
        {"type": "collision", "items": ["box"], "boundaries": [{"id": "vee", "path": [[0, 150], [200, 400], [400, 150]]}]},
        {"type": "dynamicItem", "items": ["box"], "elasticity": 0.4},
    ]}
SINGLE["pendulum-box-on-floor"] = {
    "format": 1, "name": "pendulum", "referenceView": {"width": 400, "height": 600},
    "items": [{"id": "bob", "center": [80, 150], "size": [40, 40]}],
    "behaviors": [
        {"type": "gravity", "items": ["bob"]},
        {"type": "attachment", "item": "bob", "anchor": [200, 100]},
        {"type": "collision", "items": ["bob"], "boundaries": [{"id": "floor", "from": [0, 240], "to": [400, 240]}]},
        {"type": "dynamicItem", "items": ["bob"], "elasticity": 0.5},
    ]}
SINGLE["pushed-into-wall"] = {
    "format": 1, "name": "push", "referenceView": {"width": 400, "height": 300},
    "items": [{"id": "box", "center": [100, 219], "size": [60, 60]}],
    "behaviors": [
        {"type": "gravity", "items": ["box"]},
        {"type": "push", "items": ["box"], "mode": "instantaneous", "direction": [1.5, 0]},
        {"type": "collision", "items": ["box"], "boundaries": [
            {"id": "floor", "from": [0, 250], "to": [400, 250]}, {"id": "wall", "from": [300, 0], "to": [300, 300]}]},
    ]}
SINGLE["continuous-push-into-wall"] = {
    "format": 1, "name": "push", "referenceView": {"width": 400, "height": 300},
    "items": [{"id": "box", "center": [100, 219], "size": [60, 60]}],
    "behaviors": [
        {"type": "gravity", "items": ["box"]},
        {"type": "push", "items": ["box"], "mode": "continuous", "direction": [0.5, 0]},
        {"type": "collision", "items": ["box"], "boundaries": [
            {"id": "floor", "from": [0, 250], "to": [400, 250]}, {"id": "wall", "from": [300, 0], "to": [300, 300]}]},
    ]}

# Several bodies in contact.
MANY = {
    "bouncy-and-dull": json.load(open(os.path.join(ROOT, "examples", "elasticity.dynamics.json"))),
    "boxes-on-shelf": ground_scene(
        [{"id": f"b{i}", "center": [120 + 70 * i, 80 - 40 * i], "size": [50, 50]} for i in range(3)],
        boundaries=[{"id": "shelf", "from": [80, 250], "to": [320, 250]}], reference_bounds=True),
    "box-on-box": ground_scene(
        [{"id": "low", "center": [200, 240], "size": [80, 80]},
         {"id": "high", "center": [215, 80], "size": [60, 60]}],
        boundaries=FLOOR),
    "three-box-stack": ground_scene(
        [{"id": f"b{i}", "center": [200 + 5 * i, 260 - 70 * i], "size": [60, 60]} for i in range(3)],
        boundaries=FLOOR),
    "ball-on-ball": ground_scene(
        [{"id": "low", "center": [200, 270], "size": [60, 60], "collisionBounds": "ellipse"},
         {"id": "high", "center": [205, 100], "size": [40, 40], "collisionBounds": "ellipse"}],
        {"high": 0.6}, FLOOR),
    "ball-on-box": ground_scene(
        [{"id": "box", "center": [200, 240], "size": [100, 100]},
         {"id": "ball", "center": [190, 60], "size": [40, 40], "collisionBounds": "ellipse"}],
        {"ball": 0.5}, FLOOR),
}
for scene in MANY.values():
    scene.pop("$schema", None)


# Columns: each box lands on the one below within a few sub-steps, and the contacts between them end and begin
# again as they bounce. Box2D keeps a contact while the shapes' fat proxy bounds overlap, so which contact of
# a box is the newer one (and is solved first) depends on those bounds, not on where the shapes touch.
MANY["column-of-5"] = column_scene(5, 300)
MANY["column-of-10"] = column_scene(10, 300)


def scene(items, behaviors, events=(), width=400, height=600):
    out = {"format": 1, "name": "format", "referenceView": {"width": width, "height": height},
           "items": items, "behaviors": behaviors}
    if events:
        out["events"] = list(events)
    return out


def box(iid, x, y, w=40, h=40, **extra):
    return dict({"id": iid, "center": [x, y], "size": [w, h]}, **extra)


# One scene per feature of the format the driver drives (README.md lists what it cannot).
FORMAT = {
    "groups-ignore-each-other": scene(
        [box("a", 200, 100), box("b", 205, 270), box("c", 210, 150)],
        [{"type": "gravity", "items": ["a", "b", "c"]},
         {"type": "collision", "items": ["a", "b"], "boundaries": FLOOR},
         {"type": "collision", "items": ["c"], "boundaries": [{"id": "shelf", "from": [0, 260], "to": [400, 260]}]}]),
    "mode-items-fall-through-boundaries": scene(
        [box("low", 200, 200), box("high", 210, 120)],
        [{"type": "gravity", "items": ["low", "high"]},
         {"type": "collision", "items": ["low", "high"], "mode": "items", "boundaries": FLOOR},
         {"type": "attachment", "item": "low", "anchor": [200, 100], "frequency": 2, "damping": 0.5}]),
    "mode-boundaries-pass-through-each-other": scene(
        [box("low", 200, 200), box("high", 210, 100)],
        [{"type": "gravity", "items": ["low", "high"]},
         {"type": "collision", "items": ["low", "high"], "mode": "boundaries", "boundaries": FLOOR}]),
    "rod-between-items": scene(
        [box("hub", 200, 100, **{}), box("bob", 300, 100, 30, 30)],
        [{"type": "gravity", "items": ["bob"]},
         {"type": "dynamicItem", "items": ["hub"], "anchored": True},
         {"type": "attachment", "item": "bob", "attachedTo": "hub", "attachedOffset": [10, 0]}]),
    "spring-between-items": scene(
        [box("a", 150, 150), box("b", 260, 170, 30, 50)],
        [{"type": "gravity", "items": ["a", "b"]},
         {"type": "attachment", "item": "b", "attachedTo": "a", "offset": [0, -10], "length": 80, "frequency": 1.5,
          "damping": 0.2},
         {"type": "collision", "items": ["a", "b"], "boundaries": FLOOR}]),
    "pin-between-items": scene(
        [box("door", 200, 150, 120, 20), box("post", 140, 150, 20, 20)],
        [{"type": "gravity", "items": ["door"]},
         {"type": "dynamicItem", "items": ["post"], "anchored": True},
         {"type": "attachment", "kind": "pin", "item": "door", "offset": [-60, 0], "attachedTo": "post",
          "frictionTorque": 0.02}]),
    "fixed-between-items": scene(
        [box("a", 200, 100), box("b", 245, 80, 30, 30)],
        [{"type": "gravity", "items": ["a", "b"]},
         {"type": "attachment", "kind": "fixed", "item": "b", "attachedTo": "a", "offset": [-20, 0],
          "attachedOffset": [25, -20]},
         {"type": "collision", "items": ["a", "b"], "boundaries": FLOOR}]),
    "sliding-on-a-rail": scene(
        [box("cart", 150, 150, 50, 30)],
        [{"type": "gravity", "items": ["cart"]},
         {"type": "attachment", "kind": "sliding", "item": "cart", "anchor": [100, 100], "axis": [1, 1]}]),
    "limit-between-items": scene(
        [box("a", 200, 100), box("b", 230, 140, 30, 30)],
        [{"type": "gravity", "items": ["b"]},
         {"type": "dynamicItem", "items": ["a"], "anchored": True},
         {"type": "attachment", "kind": "limit", "item": "b", "attachedTo": "a", "length": 120}]),
    "snap-moved": scene(
        [box("card", 100, 100, 80, 50, angle=0.3)],
        [{"type": "snap", "id": "snap", "item": "card", "point": [250, 200], "damping": 0.3}],
        [{"at": 0.75, "set": "snap", "values": {"point": [150, 300]}}]),
    "pushes-switched": scene(
        [box("steady", 100, 100, 60, 40), box("kick", 100, 300, 40, 40)],
        [{"type": "push", "id": "steady", "items": ["steady"], "angle": 0.5, "magnitude": 0.4, "offset": [0, 10]},
         {"type": "push", "id": "kick", "items": ["kick"], "mode": "instantaneous", "direction": [0.5, -0.2]},
         {"type": "collision", "items": ["steady", "kick"], "translatesReferenceBoundsIntoBoundary": True}],
        [{"at": 0.5, "set": "steady", "values": {"active": False}},
         {"at": 1, "set": "kick", "values": {"active": True, "direction": [-0.3, 0]}}]),
    "timeline-set-add-remove": scene(
        [box("box", 200, 100), box("late", 300, 100, 30, 30)],
        [{"type": "gravity", "id": "gravity", "items": ["box"]},
         {"type": "attachment", "id": "rod", "item": "box", "anchor": [150, 60]},
         {"type": "collision", "id": "floor", "items": ["box"], "boundaries": FLOOR}],
        [{"at": 0.5, "set": "gravity", "values": {"angle": 1.2, "magnitude": 0.8}},
         {"at": 1, "remove": "rod"},
         {"at": 1.5, "add": {"type": "gravity", "id": "more", "items": ["late"]}},
         {"at": 1.5, "set": "floor", "values": {"items": ["box", "late"]}}]),
    "pan-drags-an-anchor": scene(
        [box("card", 200, 200)],
        [{"type": "attachment", "id": "finger", "item": "card", "anchor": [200, 200], "frequency": 3, "damping": 0.7}],
        [{"at": 0.25, "pan": "finger", "path": [[200, 200], [300, 250], [250, 350]], "duration": 1}]),
    "reaction-to-a-contact": scene(
        [box("ball", 200, 100, 30, 30)],
        [{"type": "gravity", "items": ["ball"]},
         {"type": "collision", "items": ["ball"], "boundaries": FLOOR}],
        [{"on": {"contactBegan": {"item": "ball", "with": {"boundary": "floor"}}}, "once": True,
          "add": {"type": "push", "items": ["ball"], "mode": "instantaneous", "direction": [0.2, -0.1]}}]),
    "flat-ellipse-lands": scene(
        [box("lens", 200, 100, 80, 30, collisionBounds="ellipse", angle=0.2)],
        [{"type": "gravity", "items": ["lens"]},
         {"type": "collision", "items": ["lens"], "boundaries": FLOOR},
         {"type": "dynamicItem", "items": ["lens"], "elasticity": 0.4}]),
    "path-item-lands": scene(
        [box("wedge", 200, 100, 60, 40, collisionBounds={"path": [[-30, 20], [30, 20], [10, -20], [-20, -15]]})],
        [{"type": "gravity", "items": ["wedge"]},
         {"type": "collision", "items": ["wedge"], "boundaries": FLOOR}]),
    "item-properties": scene(
        [box("slider", 100, 250, 40, 40), box("heavy", 250, 100, 50, 50)],
        [{"type": "gravity", "items": ["slider", "heavy"]},
         {"type": "collision", "items": ["slider", "heavy"], "boundaries": FLOOR},
         {"type": "dynamicItem", "items": ["slider"], "linearVelocity": [300, 0], "friction": 0.6,
          "allowsRotation": False, "resistance": 2},
         {"type": "dynamicItem", "items": ["heavy"], "density": 3, "angularVelocity": 2, "angularResistance": 5}]),
}


# Scenes that amplify single precision's drift (see above) before 5 s: the last frame compared tightly. A ball
# balanced on a ball rolls off it by however it is nudged: Box2D against itself, with the upper ball moved by
# 1e-5 pt (less than single precision resolves there), parts within 100 frames.
UNTIL_KNIFE_EDGE = {
    "bounce-e0.8-h150-a0.3": 175,
    "ball-on-ball": 275,
    "flat-ellipse-lands": 110,
    # Ten boxes high, the column leans and sways; Box2D against itself parts from frame 83.
    "column-of-10": 80,
}


@pytest.mark.parametrize("name", sorted(SINGLE))
def test_single_impact_follows_box2d_frame_for_frame(name):
    scene = SINGLE[name]
    frames = UNTIL_KNIFE_EDGE.get(name, 300)
    ours, reference, events = run_both(scene, frames)
    (dc, fc, ic), (da, fa, ia) = deviations(ours, reference)
    assert dc <= 0.05, f"center of {ic} off by {dc:.4f} pt at frame {fc}"
    assert da <= 0.001, f"angle of {ia} off by {da:.5f} rad at frame {fa}"
    assert began_frames(ours["events"]) == began_frames(events)
    theirs = pause_frame(reference)
    mine = ours["pausedAt"]["frame"] if ours["pausedAt"] else None
    if frames == 300:
        assert (mine is None) == (theirs is None), (mine, theirs)
        if mine is not None:
            assert abs(mine - theirs) <= 10, (mine, theirs)


def first_parting(samples, reference):
    """The first frame at which two runs part by more than the single-impact tolerance, or None."""
    for n, (mine, theirs) in enumerate(zip(samples, reference)):
        for iid, s in mine.items():
            r = theirs[iid]
            if math.dist(s["center"], r["center"]) > 0.05 or abs(s["angle"] - r["angle"]) > 0.001:
                return n
    return None


@pytest.mark.parametrize("name", sorted(UNTIL_KNIFE_EDGE))
def test_knife_edge_scenes_are_chaotic_in_box2d_itself(name):
    scene = SINGLE.get(name) or MANY.get(name) or FORMAT[name]
    reference, _ = uikit_box2d.run(json.loads(json.dumps(scene)), 300)
    partings = []
    # The first item turned by a millionth of a radian, the last moved by 1e-5 pt, either way.
    for turn, shift in ((1e-6, 0), (-1e-6, 0), (0, 1e-5), (0, -1e-5)):
        nudged = json.loads(json.dumps(scene))
        nudged["items"][0]["angle"] = nudged["items"][0].get("angle", 0) + turn
        nudged["items"][-1]["center"][0] += shift
        samples, _ = uikit_box2d.run(nudged, 300)
        partings.append(first_parting(samples, reference))
    assert any(p is not None for p in partings), f"Box2D reproduces itself over 5 s: {name} is no knife edge"


@pytest.mark.parametrize("name", sorted(MANY))
def test_bodies_in_contact_follow_box2d(name):
    scene = MANY[name]
    frames = UNTIL_KNIFE_EDGE.get(name, 300)
    ours, reference, events = run_both(scene, frames)
    (dc, fc, ic), _ = deviations(ours, reference)
    # The issue asks 2 pt of stacks; in Box2D's contact order they hold to the single-impact tolerance.
    assert dc <= 0.05, f"center of {ic} off by {dc:.3f} pt at frame {fc}"
    assert began_frames(ours["events"]) == began_frames(events)
    theirs = pause_frame(reference)
    mine = ours["pausedAt"]["frame"] if ours["pausedAt"] else None
    if frames == 300:
        assert (mine is None) == (theirs is None), (mine, theirs)
        if mine is not None:
            assert abs(mine - theirs) <= 10, (mine, theirs)


def rest_frames(samples):
    """Per item, the first frame from which it rests to the end (None if it ends moving)."""
    out = {}
    for iid in samples[0]:
        frame = None
        for n, state in enumerate(samples):
            if state[iid]["resting"]:
                if frame is None:
                    frame = n
            else:
                frame = None
        out[iid] = frame
    return out


def test_a_column_rests_in_the_frame_box2d_rests():
    ours, reference, _ = run_both(MANY["column-of-5"], 300)
    mine_rest = rest_frames([sample["items"] for sample in ours["samples"]])
    theirs_rest = rest_frames(reference)
    assert mine_rest == theirs_rest
    assert ours["pausedAt"] is not None and ours["pausedAt"]["frame"] == pause_frame(reference)


# Piles that come to rest: every frame within the 2 pt of stacks (they hold to a fraction of that), every
# item's rest frame and the animator's pause within 2 frames, and the same resting count. The piles stand in 20
# columns 10 pt apart: each column is an island of its own, which Box2D puts to sleep on its own; the columns
# are alike, so in Box2D and in Impulse they all fall asleep in the same frame (82 for 100 boxes; 83 in Impulse
# while its contacts lived only while the shapes' tight bounds overlapped: the boxes of a column bounce on each
# other, and the contacts' order, which decides the bounces, was not Box2D's).
@pytest.mark.parametrize("boxes", [30, 100])
def test_piles_settle_where_box2d_settles(boxes):
    frames = 300
    scene = pile_scene(boxes, frames)
    ours, reference, _ = run_both(scene, frames)
    (dc, fc, ic), _ = deviations(ours, reference)
    assert dc <= 2, f"center of {ic} off by {dc:.3f} pt at frame {fc}"
    mine_rest = rest_frames([sample["items"] for sample in ours["samples"]])
    theirs_rest = rest_frames(reference)
    for iid, theirs in theirs_rest.items():
        mine = mine_rest[iid]
        assert theirs is not None and mine is not None and abs(mine - theirs) <= 2, (iid, mine, theirs)
    theirs = pause_frame(reference)
    mine = ours["pausedAt"]["frame"] if ours["pausedAt"] else None
    assert theirs is not None and mine is not None and abs(mine - theirs) <= 2, (mine, theirs)
    assert sum(1 for s in ours["final"].values() if s["resting"]) == sum(1 for s in reference[-1].values() if s["resting"])


# The 500-box pile of bullets never rests in Box2D (impacts inside the pile keep it moving, and spill boxes
# through the boundary); Impulse before the time of impact followed Box2D had it at rest by frame 235. Frame
# 240 tells the two apart at a quarter of the cost of 600 frames.
@pytest.mark.parametrize("boxes,frames", [(30, 600), (500, 240)])
def test_piles_rest_as_many_items_as_box2d(boxes, frames):
    scene = pile_scene(boxes, frames)
    ours = preview(scene, frames, every=frames)
    driver = uikit_box2d.Driver(scene)
    driver.run_quietly(frames)
    theirs = sum(1 for s in driver.state().values() if s["resting"])
    mine = sum(1 for s in ours["final"].values() if s["resting"])
    assert mine == theirs


@pytest.mark.parametrize("name", sorted(FORMAT))
def test_each_feature_of_the_format_follows_box2d(name):
    scene = FORMAT[name]
    frames = UNTIL_KNIFE_EDGE.get(name, 300)
    ours, reference, events = run_both(scene, frames)
    (dc, fc, ic), (da, fa, ia) = deviations(ours, reference)
    assert dc <= 0.05, f"center of {ic} off by {dc:.4f} pt at frame {fc}"
    assert da <= 0.001, f"angle of {ia} off by {da:.5f} rad at frame {fa}"
    assert began_frames(ours["events"]) == began_frames(events)
    theirs = pause_frame(reference)
    mine = ours["pausedAt"]["frame"] if ours["pausedAt"] else None
    if frames == 300:
        assert (mine is None) == (theirs is None), (mine, theirs)
        if mine is not None:
            assert abs(mine - theirs) <= 10, (mine, theirs)
