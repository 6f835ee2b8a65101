"""Runs a scene on pybox2d 2.3.10 the way UIKit Dynamics drives its Box2D, frame by frame.

This is the reference side of the differential suite: `test_differential.py` runs the same scene through
`impulse preview --format json` and compares the two. Only what the suite's scenes use is supported: items
(rectangles, discs, convex paths), gravity, collision (one group of items; the reference bounds, segments and
closed paths as boundaries), dynamicItem properties and start velocities, pushes, and distance attachments to
a fixed anchor.

How UIKit drives Box2D (what this driver reproduces):
- 1 m = 100 pt, y down; gravity magnitude 1 is 10 m/s². Gravity acts only on items of a gravity behavior
  (the other bodies get a gravity scale of 0).
- The clock: each frame of 1/60 s adds to an accumulator; sub-steps of h = float(1/120) run while it holds
  at least h, so after frame n, ⌈120·n/60⌉ − 1 sub-steps have run. Each is `Step(h, 8, 3)`.
- The animator pauses at the end of a frame in which every item rests, and then runs no sub-steps (a continuous
  push, whose force would wake its item at the next step, does not resume it).
- Items of a gravity or push behavior are bullets (continuous collision against every body, not only
  against static ones).
- An item's polygon is its full outline, as `b2PolygonShape::SetAsBox` builds it, with the shape's own
  radius b2_polygonRadius (1 pt) around it; a square ellipse is a disc of the item's radius. Boundaries are
  edges (or chains, for loops) of Box2D's default radius. (A 100 pt box dropped onto a segment rests with its
  center at y = 248.216629 on UIKit, measured; this is that shape.)
- Mass is density × width × height / 10 000 kg for every outline; the inertia is the outline's own.
- Boundaries have friction 0.2 and restitution 0.2.
- Damping: UIKit multiplies velocity by 1/(1 + h·c) per sub-step for resistance c (measured, and Box2D 2.3's
  sources), while pybox2d 2.3.10's b2Island multiplies by clamp(1 − h·c′, 0, 1) for the body's damping c′.
  The driver hands pybox2d c′ = c/(1 + h·c), for which 1 − h·c′ = 1/(1 + h·c): the same factor, up to single
  precision rounding, and never clamped.
"""
import math
import struct
import time

import Box2D
from Box2D import (b2ChainShape, b2CircleShape, b2ContactListener, b2EdgeShape, b2FixtureDef,
                   b2PolygonShape, b2World)

PT = 0.01  # metres per point
SUBSTEP = struct.unpack("f", struct.pack("f", 1 / 120))[0]

DEFAULTS = {"elasticity": 0.2, "friction": 0.2, "density": 1.0, "resistance": 0.1,
            "angularResistance": 0.1, "allowsRotation": True, "anchored": False}


def substeps_after(frame, frame_rate=60):
    """⌈120·n/f⌉ − 1, in integers (the animator's clock)."""
    return max(0, -(-120 * frame // frame_rate) - 1)


def box2d_damping(resistance):
    """The damping c′ pybox2d needs to damp by UIKit's 1/(1 + h·c): 1 − h·c′ = 1/(1 + h·c)."""
    c = max(0.0, resistance)
    return c / (1 + SUBSTEP * c)


def rectangle_inertia_per_mass(w, h):
    return (w * w + h * h) / 12


class Listener(b2ContactListener):
    """Nets each sub-step's touches per (item, partner) as Impulse does: a partner is another item or one
    boundary (a loop's segments are one boundary)."""

    def __init__(self, driver):
        super().__init__()
        self.driver = driver

    def BeginContact(self, contact):
        self.driver.touch(contact, +1)

    def EndContact(self, contact):
        self.driver.touch(contact, -1)


class Driver:
    def __init__(self, scene, bullets=True, events=True):
        self.scene = scene
        self.use_bullets = bullets
        self.world = b2World(gravity=(0, 0), doSleep=True)
        self.listener = Listener(self) if events else None
        if events:
            self.world.contactListener = self.listener
        self.bodies = {}  # id -> body
        self.order = []
        self.counts = {}
        self.deltas = {}
        self.events = []
        self.substep = 0
        self.stepping = 0.0  # seconds spent in Box2D's Step, wall and CPU
        self.stepping_cpu = 0.0
        self._build()

    # Scene -> world

    def _properties(self, item_id):
        p = dict(DEFAULTS)
        velocity = [0.0, 0.0]
        angular = 0.0
        for b in self.scene.get("behaviors", []):
            if b["type"] == "dynamicItem" and item_id in b["items"]:
                for k in DEFAULTS:
                    if k in b:
                        p[k] = b[k]
                if "linearVelocity" in b:
                    velocity = [velocity[0] + b["linearVelocity"][0], velocity[1] + b["linearVelocity"][1]]
                angular += b.get("angularVelocity", 0.0)
        return p, velocity, angular

    def _gravity(self):
        vector = None
        for b in self.scene.get("behaviors", []):
            if b["type"] != "gravity":
                continue
            if "direction" in b:
                vector = b["direction"]
            else:
                angle = b.get("angle", math.pi / 2)
                magnitude = b.get("magnitude", 1.0)
                vector = [magnitude * math.cos(angle), magnitude * math.sin(angle)]
        return vector

    def _build(self):
        scene = self.scene
        behaviors = scene.get("behaviors", [])
        named = set()
        for b in behaviors:
            named.update(b.get("items", []))
            if "item" in b:
                named.add(b["item"])
        gravity_items = {i for b in behaviors if b["type"] == "gravity" for i in b["items"]}
        push_items = {i for b in behaviors if b["type"] == "push" for i in b["items"]}
        g = self._gravity() or [0, 0]
        self.world.gravity = (10 * g[0], 10 * g[1])

        for item in scene["items"]:
            iid = item["id"]
            if iid not in named:
                continue
            p, velocity, angular = self._properties(iid)
            w, h = item["size"]
            cx, cy = item["center"]
            kind = item.get("collisionBounds", "rectangle")
            body_def = dict(position=(cx * PT, cy * PT), angle=item.get("angle", 0.0),
                            linearDamping=box2d_damping(p["resistance"]),
                            angularDamping=box2d_damping(p["angularResistance"]),
                            fixedRotation=not p["allowsRotation"],
                            bullet=self.use_bullets and (iid in gravity_items or iid in push_items))
            body = (self.world.CreateStaticBody if p["anchored"] else self.world.CreateDynamicBody)(**body_def)
            body.gravityScale = 1.0 if iid in gravity_items else 0.0
            if kind == "ellipse" and w == h:
                shape = b2CircleShape(radius=0.5 * w * PT)
                inertia_per_mass = (0.5 * w) ** 2 / 2
            elif isinstance(kind, dict):
                raise NotImplementedError("paths")
            else:
                shape = b2PolygonShape(box=(0.5 * w * PT, 0.5 * h * PT))
                inertia_per_mass = rectangle_inertia_per_mass(w, h)
            body.CreateFixture(b2FixtureDef(shape=shape, density=1.0, friction=max(0, p["friction"]),
                                            restitution=max(0, p["elasticity"])))
            body.userData = iid
            if not p["anchored"]:
                mass = p["density"] * w * h / 10_000
                md = body.massData
                md.mass = mass
                md.center = (0, 0)
                md.I = mass * inertia_per_mass * PT * PT if p["allowsRotation"] else 0.0
                body.massData = md
                body.linearVelocity = (velocity[0] * PT, velocity[1] * PT)
                body.angularVelocity = angular
            self.bodies[iid] = body
            self.order.append(iid)

        ground = self.world.CreateStaticBody()
        ground.userData = None
        self.ground = ground
        width, height = scene["referenceView"]["width"], scene["referenceView"]["height"]
        for b in behaviors:
            if b["type"] != "collision":
                continue
            fixture = dict(friction=0.2, restitution=0.2)
            if b.get("translatesReferenceBoundsIntoBoundary"):
                ins = b.get("insets", {})
                x0 = ins.get("left", 0) - 1
                y0 = ins.get("top", 0) - 1
                x1 = width - ins.get("right", 0) + 1
                y1 = height - ins.get("bottom", 0) + 1
                loop = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
                f = ground.CreateFixture(b2FixtureDef(
                    shape=b2ChainShape(vertices_loop=[(x * PT, y * PT) for x, y in loop]), **fixture))
                f.userData = ("boundary", None)
            for boundary in b.get("boundaries", []):
                if "path" in boundary:
                    pts = [(x * PT, y * PT) for x, y in boundary["path"]]
                    shape = b2ChainShape(vertices_loop=pts)
                else:
                    shape = b2EdgeShape(vertices=[(boundary["from"][0] * PT, boundary["from"][1] * PT),
                                                  (boundary["to"][0] * PT, boundary["to"][1] * PT)])
                f = ground.CreateFixture(b2FixtureDef(shape=shape, **fixture))
                f.userData = ("boundary", boundary["id"])

        for b in behaviors:
            if b["type"] == "attachment" and "anchor" in b and b.get("kind", "distance") == "distance":
                body = self.bodies[b["item"]]
                off = b.get("offset", [0, 0])
                anchor_a = body.GetWorldPoint((off[0] * PT, off[1] * PT))
                anchor_b = (b["anchor"][0] * PT, b["anchor"][1] * PT)
                joint = self.world.CreateDistanceJoint(bodyA=body, bodyB=ground, anchorA=anchor_a, anchorB=anchor_b,
                                                       collideConnected=True)
                if "length" in b:
                    joint.length = b["length"] * PT
                joint.frequency = b.get("frequency", 0.0)
                joint.dampingRatio = b.get("damping", 0.0)
        self.pushes = [b for b in behaviors if b["type"] == "push"]
        for push in self.pushes:
            push["_pending"] = push.get("mode", "continuous") == "instantaneous" and push.get("active", True)

    # Events

    def _partner(self, fixture):
        data = fixture.userData
        if isinstance(data, tuple):
            return data
        return ("item", fixture.body.userData)

    def touch(self, contact, delta):
        a, b = contact.fixtureA, contact.fixtureB
        pa, pb = self._partner(a), self._partner(b)
        if pa[0] == "boundary":
            key = (pb[1], pa)
        elif pb[0] == "boundary":
            key = (pa[1], pb)
        else:
            first, second = sorted([pa[1], pb[1]], key=self.order.index)
            key = (first, ("item", second))
        self.deltas[key] = self.deltas.get(key, 0) + delta

    def _resolve(self, frame):
        for key, delta in self.deltas.items():
            old = self.counts.get(key, 0)
            new = old + delta
            self.counts[key] = new
            if old <= 0 < new:
                self.events.append({"frame": frame, "type": "contactBegan", "item": key[0], "with": key[1]})
            elif old > 0 >= new:
                self.events.append({"frame": frame, "type": "contactEnded", "item": key[0], "with": key[1]})
        self.deltas = {}

    # Running

    def _force(self, push):
        if "direction" in push:
            return push["direction"]
        angle, magnitude = push.get("angle", 0.0), push.get("magnitude", 0.0)
        return [magnitude * math.cos(angle), magnitude * math.sin(angle)]

    def _apply_pushes(self):
        for push in self.pushes:
            fx, fy = self._force(push)
            if fx == 0 and fy == 0:
                continue
            offset = push.get("offset", [0, 0])
            instantaneous = push.get("mode", "continuous") == "instantaneous"
            if instantaneous and not push["_pending"]:
                continue
            if not instantaneous and not push.get("active", True):
                continue
            for iid in push["items"]:
                body = self.bodies[iid]
                point = (body.position[0] + offset[0] * PT, body.position[1] + offset[1] * PT)
                if instantaneous:
                    body.ApplyLinearImpulse((fx, fy), point, True)
                else:
                    body.ApplyForce((fx, fy), point, True)
            push["_pending"] = False

    def step(self):
        self.substep += 1
        self._apply_pushes()
        # Only Box2D's own Step is timed (the benchmarks' "stepping alone"), not this driver's Python around it.
        wall, cpu = time.perf_counter(), time.process_time()
        self.world.Step(SUBSTEP, 8, 3)
        self.stepping += time.perf_counter() - wall
        self.stepping_cpu += time.process_time() - cpu

    def state(self):
        out = {}
        for iid in self.order:
            b = self.bodies[iid]
            out[iid] = {"center": [b.position[0] / PT, b.position[1] / PT], "angle": b.angle,
                        "velocity": [b.linearVelocity[0] / PT, b.linearVelocity[1] / PT],
                        "angularVelocity": b.angularVelocity,
                        "resting": b.type == Box2D.b2_staticBody or not b.awake}
        return out

    def paused(self):
        """Every dynamic body asleep: the animator pauses at the end of such a frame and steps no more (nothing in
        these scenes resumes it), so a continuous push does not wake its item again."""
        return all(not b.awake for b in self.bodies.values() if b.type == Box2D.b2_dynamicBody)

    def advance(self, frame, frame_rate=60):
        """Runs the sub-steps of one frame, none when the animator paused at the end of the frame before."""
        target = substeps_after(frame, frame_rate)
        if self.paused():
            self.substep = max(self.substep, target)
            return
        while self.substep < target:
            self.step()
            self._resolve(frame)

    def run_quietly(self, frames, frame_rate=60):
        """Runs the frames without keeping their states."""
        for frame in range(1, frames + 1):
            self.advance(frame, frame_rate)

    def run(self, frames, frame_rate=60):
        """Returns the states of frames 0…frames and the contact events (with their frames)."""
        samples = [self.state()]
        for frame in range(1, frames + 1):
            self.advance(frame, frame_rate)
            samples.append(self.state())
        return samples, self.events


def run(scene, frames):
    return Driver(scene).run(frames)


def main():
    """`uikit_box2d.py SCENE --frames N [--no-bullets]`: runs a scene file and prints one JSON line with the
    time spent stepping and how many items rest at the end (the benchmarks' reference side)."""
    import argparse
    import json

    ap = argparse.ArgumentParser()
    ap.add_argument("scene")
    ap.add_argument("--frames", type=int, required=True)
    ap.add_argument("--no-bullets", action="store_true", help="no continuous collision between items (raw solver)")
    a = ap.parse_args()
    with open(a.scene) as f:
        scene = json.load(f)
    # No contact listener: its calls into Python would be timed as Box2D's.
    driver = Driver(scene, bullets=not a.no_bullets, events=False)
    driver.run_quietly(a.frames)
    states = driver.state()
    print(json.dumps({"items": len(states), "substeps": driver.substep, "stepping_s": round(driver.stepping, 4),
                      "stepping_cpu_s": round(driver.stepping_cpu, 4),
                      "resting": sum(1 for s in states.values() if s["resting"]), "box2d": Box2D.__version__}))


if __name__ == "__main__":
    main()
