"""Runs a scene on pybox2d 2.3.10 the way UIKit Dynamics drives its Box2D, frame by frame.

This is the reference side of the differential suite: `test_differential.py` runs the same scene through
`impulse preview --format json` and compares the two. It drives what the scene format says wherever Box2D has
the means: items (rectangles, discs, convex paths, ellipses), gravity, collision behaviors (each its own group,
in its mode, with its boundaries and the reference bounds), attachments of every kind to an anchor or to another
item, snaps, pushes, dynamicItem properties and velocities, and the timeline (`set`, `add`, `remove`, `pan`,
reactions). What it cannot drive raises `NotImplementedError` with the reason (`README.md` lists them).

How UIKit drives Box2D (what this driver reproduces):
- 1 m = 100 pt, y down; gravity magnitude 1 is 10 m/s². Gravity acts only on items of a gravity behavior
  (the other bodies get a gravity scale of 0); the world has the vector of the gravity behavior added or
  changed last, and removing any gravity behavior sets it to zero.
- The clock: each frame of 1/60 s adds to an accumulator; sub-steps of h = float(1/120) run while it holds
  at least h, so after frame n, ⌈120·n/60⌉ − 1 sub-steps have run. Each is `Step(h, 8, 3)`.
- The animator pauses at the end of a frame in which every item rests, and then runs no sub-steps until an
  event wakes an item (a continuous push, whose force would wake its item at the next step, does not resume it).
- An item takes part only while a behavior names it: every body is made at the start, inactive, and is
  activated (at rest where it is) when the first behavior naming it is added, deactivated when the last goes.
- Items of a gravity or push behavior are bullets (continuous collision against every body, not only
  against static ones).
- An item's polygon is its full outline, as `b2PolygonShape::SetAsBox` builds it, with the shape's own
  radius b2_polygonRadius (1 pt) around it; a square ellipse is a disc of the item's radius, another ellipse
  the engine's 24-gon around it (two convex halves, since pybox2d holds at most 16 vertices a polygon).
  Boundaries are edges (or chains, for loops) of Box2D's default radius. (A 100 pt box dropped onto a segment
  rests with its center at y = 248.216629 on UIKit, measured; this is that shape.)
- Mass is density × width × height / 10 000 kg for every outline; the inertia is the outline's own.
- Boundaries have friction 0.2 and restitution 0.2.
- Damping: UIKit multiplies velocity by 1/(1 + h·c) per sub-step for resistance c (measured, and Box2D 2.3's
  sources), while pybox2d 2.3.10's b2Island multiplies by clamp(1 − h·c′, 0, 1) for the body's damping c′.
  The driver hands pybox2d c′ = c/(1 + h·c), for which 1 − h·c′ = 1/(1 + h·c): the same factor, up to single
  precision rounding, and never clamped.
- Collision groups: items collide only with items and boundaries of a collision behavior they share, as its
  mode allows (a contact filter decides; the scenes of one group in mode everything need none).
- Attachments are Box2D joints from the item (body A) to another item or to a static anchor body at the
  anchor point (UIKit's anchor body; moving the anchor moves that body): distance (rigid or soft), pin
  (revolute, friction torque as a motor of speed 0, range as its limit), fixed (weld), sliding (prismatic
  along the axis, range as its limit) and limit (rope). A rigid distance attachment with no length whose
  point lies within 1 pt of its anchor is a pin. Attached items still collide.
- A snap is a static anchor body at the point and four soft distance joints of 4 Hz, rest length 50 pt, from
  the item's corners to points 50 pt further out along x and y.
"""
import math
import struct
import time

import Box2D
from Box2D import (b2ChainShape, b2CircleShape, b2ContactFilter, b2ContactListener, b2EdgeShape, b2FixtureDef,
                   b2PolygonShape, b2World)

PT = 0.01  # metres per point
SUBSTEP = struct.unpack("f", struct.pack("f", 1 / 120))[0]
ELLIPSE_VERTICES = 24  # the engine's ellipse approximation (Geometry.ellipseVertexCount)

DEFAULTS = {"elasticity": 0.2, "friction": 0.2, "density": 1.0, "resistance": 0.1,
            "angularResistance": 0.1, "allowsRotation": True, "anchored": False}
SNAP_FREQUENCY = 4.0
SNAP_LENGTH = 50.0


def substeps_after(frame, frame_rate=60):
    """⌈120·n/f⌉ − 1, in integers (the animator's clock)."""
    return max(0, -(-120 * frame // frame_rate) - 1)


def event_frame(at, frame_rate):
    """The first frame n with n / frameRate ≥ at (a double division)."""
    n = max(0, math.ceil(at * frame_rate))
    while n > 0 and (n - 1) / frame_rate >= at:
        n -= 1
    while n / frame_rate < at:
        n += 1
    return n


def box2d_damping(resistance):
    """The damping c′ pybox2d needs to damp by UIKit's 1/(1 + h·c): 1 − h·c′ = 1/(1 + h·c)."""
    c = max(0.0, resistance)
    return c / (1 + SUBSTEP * c)


def ellipse_outline(w, h):
    """The engine's ellipse: 24 vertices a little outside it, so the polygon's edges straddle it."""
    n = ELLIPSE_VERTICES
    scale = 0.5 * (1 + 1 / math.cos(math.pi / n))
    return [(scale * 0.5 * w * math.cos(2 * math.pi * k / n), scale * 0.5 * h * math.sin(2 * math.pi * k / n))
            for k in range(n)]


def polygon_mass(points):
    """Area, centroid and polar moment about the centroid, per unit area, of a convex polygon."""
    area, cx, cy, moment = 0.0, 0.0, 0.0, 0.0
    ox, oy = points[0]
    for i in range(1, len(points) - 1):
        e1 = (points[i][0] - ox, points[i][1] - oy)
        e2 = (points[i + 1][0] - ox, points[i + 1][1] - oy)
        d = e1[0] * e2[1] - e1[1] * e2[0]
        a = 0.5 * d
        area += a
        cx += a / 3 * (e1[0] + e2[0])
        cy += a / 3 * (e1[1] + e2[1])
        moment += 0.25 / 3 * d * (e1[0] ** 2 + e2[0] * e1[0] + e2[0] ** 2 + e1[1] ** 2 + e2[1] * e1[1] + e2[1] ** 2)
    cx, cy = cx / area, cy / area
    return area, (ox + cx, oy + cy), moment / area - (cx * cx + cy * cy)


def point_along(path, fraction):
    """Where a pan's finger is after `fraction` of its path's length (Event.point(atFraction:))."""
    f = min(1.0, max(0.0, 1.0 if math.isnan(fraction) else fraction))
    lengths = [math.dist(path[k - 1], path[k]) for k in range(1, len(path))]
    total = sum(lengths)
    if total <= 0 or f >= 1:
        return list(path[-1]) if (total <= 0 and f >= 1) or total > 0 else list(path[0])
    remaining = f * total
    for k, length in enumerate(lengths):
        if remaining <= length and length > 0:
            t = remaining / length
            a, b = path[k], path[k + 1]
            return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
        remaining -= length
    return list(path[-1])


def vector_of(behavior, default_angle):
    if "direction" in behavior:
        return list(behavior["direction"])
    angle = behavior.get("angle", default_angle)
    magnitude = behavior.get("magnitude", 1.0 if behavior["type"] == "gravity" else 0.0)
    return [magnitude * math.cos(angle), magnitude * math.sin(angle)]


def changed_vector(vector, values):
    """A vector after a `set` of direction, angle or magnitude (UIKit's three views of one vector)."""
    result = list(values["direction"]) if "direction" in values else list(vector)
    if "angle" in values or "magnitude" in values:
        magnitude = values.get("magnitude", math.hypot(*result))
        angle = values.get("angle", math.atan2(result[1], result[0]))
        result = [magnitude * math.cos(angle), magnitude * math.sin(angle)]
    return result


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


class Filter(b2ContactFilter):
    def __init__(self, driver):
        super().__init__()
        self.driver = driver

    def ShouldCollide(self, a, b):
        return self.driver.should_collide(a, b)


class Entry:
    """A behavior added to the animator, with what it made in the world."""

    def __init__(self, behavior, items):
        self.behavior = behavior
        self.kind = behavior["type"]
        self.items = items
        self.alive = True
        self.joints = []
        self.anchor_body = None
        self.fixtures = []
        self.vector = None
        self.pending = False


class Driver:
    def __init__(self, scene, bullets=True, events=True, frame_rate=None):
        self.scene = scene
        self.frame_rate = frame_rate or scene.get("preview", {}).get("frameRate", 60)
        self.use_bullets = bullets
        self.world = b2World(gravity=(0, 0), doSleep=True)
        self.listener = Listener(self) if events else None
        if events:
            self.world.contactListener = self.listener
        self.filter = None
        self.bodies = {}  # id -> body
        self.items = {}  # id -> item
        self.order = []
        self.counts = {}
        self.deltas = {}
        self.events = []
        self.substep = 0
        self.stepping = 0.0  # seconds spent in Box2D's Step, wall and CPU
        self.stepping_cpu = 0.0
        self.entries = []
        self.naming = {}
        self.gravity = [0.0, 0.0]
        self.schedule = []
        self.reactions = []
        self.due_reactions = set()
        self.fired = set()
        self.pans = []  # [event index, start time, end frame]
        self.ground = self.world.CreateStaticBody()
        self.ground.userData = None
        self._build()

    # Scene -> world

    def _build(self):
        scene = self.scene
        behaviors = scene.get("behaviors", [])
        if self._needs_filter(behaviors, scene.get("events", [])):
            self.filter = Filter(self)
            self.world.contactFilter = self.filter
        for item in scene["items"]:
            self._make_body(item)
        for b in behaviors:
            self.add(b)
        for index, event in enumerate(scene.get("events", [])):
            if "on" in event:
                self.reactions.append(index)
            elif "at" in event:
                self.schedule.append((event_frame(event["at"], self.frame_rate), index))
        self.schedule.sort()
        self._apply_events(0)

    def _needs_filter(self, behaviors, events):
        collisions = [b for b in behaviors if b["type"] == "collision"]
        named = {i for b in behaviors for i in b.get("items", [])} | {b[k] for b in behaviors
                                                                        for k in ("item", "attachedTo") if k in b}
        collided = {i for b in collisions for i in b["items"]}
        return (len(collisions) != 1 or events or any(b.get("mode", "everything") != "everything" for b in collisions)
                or named - collided)

    def _make_body(self, item):
        iid = item["id"]
        w, h = item["size"]
        cx, cy = item["center"]
        kind = item.get("collisionBounds", "rectangle")
        body = self.world.CreateDynamicBody(position=(cx * PT, cy * PT), angle=item.get("angle", 0.0), active=False)
        body.userData = iid
        if kind == "ellipse" and w == h:
            shapes = [b2CircleShape(radius=0.5 * w * PT)]
            inertia_per_mass = (0.5 * w) ** 2 / 2
            centroid = (0, 0)
        elif kind == "ellipse":
            outline = ellipse_outline(w, h)
            half = ELLIPSE_VERTICES // 2
            shapes = [b2PolygonShape(vertices=[(x * PT, y * PT) for x, y in outline[:half + 1]]),
                      b2PolygonShape(vertices=[(x * PT, y * PT) for x, y in outline[half:] + outline[:1]])]
            a, b = 0.5 * w, 0.5 * h
            inertia_per_mass = (a * a + b * b) / 4
            centroid = (0, 0)
        elif isinstance(kind, dict):
            points = [tuple(p) for p in kind["path"]]
            if len(points) > Box2D.b2_maxPolygonVertices:
                raise NotImplementedError("a path of more than 16 points (pybox2d's polygon limit)")
            shapes = [b2PolygonShape(vertices=[(x * PT, y * PT) for x, y in points])]
            _, centroid, inertia_per_mass = polygon_mass(points)
        else:
            shapes = [b2PolygonShape(box=(0.5 * w * PT, 0.5 * h * PT))]
            inertia_per_mass = (w * w + h * h) / 12
            centroid = (0, 0)
        for shape in shapes:
            body.CreateFixture(b2FixtureDef(shape=shape, density=1.0))
        self.bodies[iid] = body
        self.items[iid] = {"item": item, "inertia": inertia_per_mass, "centroid": centroid,
                           "properties": dict(DEFAULTS), "gravity": 0, "bullet": 0}
        self.naming[iid] = 0
        self.order.append(iid)

    def _apply_properties(self, iid):
        record = self.items[iid]
        p = record["properties"]
        body = self.bodies[iid]
        w, h = record["item"]["size"]
        body.linearDamping = box2d_damping(p["resistance"])
        body.angularDamping = box2d_damping(p["angularResistance"])
        body.fixedRotation = not p["allowsRotation"]
        for fixture in body.fixtures:
            fixture.friction = max(0, p["friction"])
            fixture.restitution = max(0, p["elasticity"])
        if p["anchored"]:
            body.type = Box2D.b2_staticBody
            return
        body.type = Box2D.b2_dynamicBody
        mass = p["density"] * w * h / 10_000
        md = body.massData
        md.mass = mass
        md.center = (record["centroid"][0] * PT, record["centroid"][1] * PT)
        md.I = (mass * (record["inertia"] + record["centroid"][0] ** 2 + record["centroid"][1] ** 2) * PT * PT
                if p["allowsRotation"] else 0.0)
        body.massData = md

    def _named(self, behavior):
        out = []
        for key in ("items",):
            for iid in behavior.get(key, []):
                if iid in self.bodies and iid not in out:
                    out.append(iid)
        for key in ("item", "attachedTo"):
            iid = behavior.get(key)
            if iid in self.bodies and iid not in out:
                out.append(iid)
        return out

    def _join(self, items, change):
        for iid in items:
            self.naming[iid] += change
            body = self.bodies[iid]
            if change > 0 and self.naming[iid] == 1:
                body.linearVelocity = (0, 0)
                body.angularVelocity = 0
                body.active = True
                self._apply_properties(iid)
                body.awake = True
            elif change < 0 and self.naming[iid] == 0:
                body.active = False

    def _set_flags(self, items):
        for iid in items:
            record = self.items[iid]
            body = self.bodies[iid]
            body.gravityScale = 1.0 if record["gravity"] > 0 else 0.0
            body.bullet = self.use_bullets and record["bullet"] > 0

    # Behaviors

    def add(self, behavior):
        entry = Entry(behavior, self._named(behavior))
        self.entries.append(entry)
        self._join(entry.items, 1)
        getattr(self, "_add_" + entry.kind)(entry)
        for iid in entry.items:
            self.bodies[iid].awake = True

    def remove(self, behavior_id):
        for entry in self.entries:
            if entry.alive and entry.behavior.get("id") == behavior_id:
                entry.alive = False
                getattr(self, "_remove_" + entry.kind)(entry)
                for iid in entry.items:
                    if self.bodies[iid].active:
                        self.bodies[iid].awake = True
                self._join(entry.items, -1)

    def set(self, behavior_id, values):
        for entry in self.entries:
            if entry.alive and entry.behavior.get("id") == behavior_id:
                self._set(entry, values)

    def _add_gravity(self, entry):
        entry.vector = vector_of(entry.behavior, math.pi / 2)
        for iid in entry.items:
            self.items[iid]["gravity"] += 1
            self.items[iid]["bullet"] += 1
        self._set_flags(entry.items)
        self._set_gravity(entry.vector)

    def _remove_gravity(self, entry):
        for iid in entry.items:
            self.items[iid]["gravity"] -= 1
            self.items[iid]["bullet"] -= 1
        self._set_flags(entry.items)
        self._set_gravity([0.0, 0.0])

    def _set_gravity(self, vector):
        self.gravity = vector
        self.world.gravity = (10 * vector[0], 10 * vector[1])

    def _add_collision(self, entry):
        b = entry.behavior
        entry.mode = b.get("mode", "everything")
        fixture = dict(friction=0.2, restitution=0.2)
        width, height = self.scene["referenceView"]["width"], self.scene["referenceView"]["height"]
        if b.get("translatesReferenceBoundsIntoBoundary"):
            ins = b.get("insets", {})
            x0 = ins.get("left", 0) - 1
            y0 = ins.get("top", 0) - 1
            x1 = width - ins.get("right", 0) + 1
            y1 = height - ins.get("bottom", 0) + 1
            loop = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
            f = self.ground.CreateFixture(b2FixtureDef(
                shape=b2ChainShape(vertices_loop=[(x * PT, y * PT) for x, y in loop]), **fixture))
            f.userData = ("boundary", None, entry)
            entry.fixtures.append(f)
        for boundary in b.get("boundaries", []):
            if "path" in boundary:
                pts = [(x * PT, y * PT) for x, y in boundary["path"]]
                shape = b2ChainShape(vertices_loop=pts) if len(pts) > 2 else b2EdgeShape(vertices=pts)
            else:
                shape = b2EdgeShape(vertices=[(boundary["from"][0] * PT, boundary["from"][1] * PT),
                                              (boundary["to"][0] * PT, boundary["to"][1] * PT)])
            f = self.ground.CreateFixture(b2FixtureDef(shape=shape, **fixture))
            f.userData = ("boundary", boundary["id"], entry)
            entry.fixtures.append(f)
        self._refilter(entry.items)

    def _remove_collision(self, entry):
        for f in entry.fixtures:
            self.ground.DestroyFixture(f)
        entry.fixtures = []
        self._refilter(entry.items)

    def _refilter(self, items):
        if self.filter is None:
            return
        for iid in items:
            for f in self.bodies[iid].fixtures:
                f.Refilter()

    def should_collide(self, a, b):
        da, db = a.userData, b.userData
        if isinstance(da, tuple) or isinstance(db, tuple):
            boundary, item = (da, b) if isinstance(da, tuple) else (db, a)
            if isinstance(item.userData, tuple):
                return False
            entry = boundary[2]
            return entry.alive and entry.mode != "items" and item.body.userData in entry.behavior["items"]
        ia, ib = a.body.userData, b.body.userData
        for entry in self.entries:
            if (entry.alive and entry.kind == "collision" and entry.mode != "boundaries"
                    and ia in entry.behavior["items"] and ib in entry.behavior["items"]):
                return True
        return False

    def _anchor_body(self, point):
        return self.world.CreateStaticBody(position=(point[0] * PT, point[1] * PT))

    def _add_attachment(self, entry):
        b = entry.behavior
        iid = b["item"]
        body = self.bodies[iid]
        off = b.get("offset", [0, 0])
        local_a = (off[0] * PT, off[1] * PT)
        if "anchor" in b:
            other = entry.anchor_body = self._anchor_body(b["anchor"])
            local_b = (0.0, 0.0)
        else:
            other = self.bodies[b["attachedTo"]]
            aoff = b.get("attachedOffset", [0, 0])
            local_b = (aoff[0] * PT, aoff[1] * PT)
        pa, pb = body.GetWorldPoint(local_a), other.GetWorldPoint(local_b)
        distance = math.dist(pa, pb) / PT
        reference_angle = other.angle - body.angle
        kind = b.get("kind", "distance")
        common = dict(bodyA=body, bodyB=other, localAnchorA=local_a, localAnchorB=local_b, collideConnected=True)
        rng = b.get("range")
        if kind == "distance" and "length" not in b and b.get("frequency", 0) == 0 and distance <= 1:
            kind = "pin"
            rng = None
        if kind == "distance":
            joint = self.world.CreateDistanceJoint(
                length=max(0, b.get("length", distance)) * PT, frequencyHz=max(0, b.get("frequency", 0.0)),
                dampingRatio=max(0, b.get("damping", 0.0)), **common)
        elif kind == "pin":
            torque = max(0, b.get("frictionTorque", 0.0)) if b.get("kind") == "pin" else 0.0
            joint = self.world.CreateRevoluteJoint(
                referenceAngle=reference_angle, enableMotor=torque > 0, maxMotorTorque=torque, motorSpeed=0.0,
                enableLimit=rng is not None, lowerAngle=rng[0] if rng else 0.0, upperAngle=rng[1] if rng else 0.0,
                **common)
        elif kind == "fixed":
            joint = self.world.CreateWeldJoint(referenceAngle=reference_angle, **common)
        elif kind == "sliding":
            axis = b["axis"]
            n = math.hypot(*axis)
            ux, uy = (axis[0] / n, axis[1] / n) if n > 0 else (1.0, 0.0)
            translation = ((pb[0] - pa[0]) * ux + (pb[1] - pa[1]) * uy) / PT
            on_axis = other.GetLocalPoint((pa[0] + translation * ux * PT, pa[1] + translation * uy * PT))
            common["localAnchorB"] = on_axis
            c, s = math.cos(body.angle), math.sin(body.angle)
            local_axis = (c * ux + s * uy, -s * ux + c * uy)
            # The range bounds the item's travel along the axis; the item moving by +s lowers the translation.
            joint = self.world.CreatePrismaticJoint(
                localAxisA=local_axis, referenceAngle=reference_angle, enableLimit=rng is not None,
                lowerTranslation=(translation - rng[1]) * PT if rng else 0.0,
                upperTranslation=(translation - rng[0]) * PT if rng else 0.0, **common)
        elif kind == "limit":
            joint = self.world.CreateRopeJoint(maxLength=max(0, b.get("length", distance)) * PT, **common)
        else:
            raise NotImplementedError(kind)
        entry.joints.append(joint)
        entry.joint_kind = kind

    def _remove_attachment(self, entry):
        for j in entry.joints:
            self.world.DestroyJoint(j)
        entry.joints = []
        if entry.anchor_body is not None:
            self.world.DestroyBody(entry.anchor_body)
            entry.anchor_body = None

    def _add_snap(self, entry):
        b = entry.behavior
        iid = b["item"]
        if sum(1 for e in self.entries if e.alive and e.kind == "snap" and e.behavior["item"] == iid) > 1:
            raise NotImplementedError("several snaps on one item")
        body = self.bodies[iid]
        w, h = self.items[iid]["item"]["size"]
        hw, hh, l = 0.5 * w, 0.5 * h, SNAP_LENGTH
        entry.anchor_body = self._anchor_body(b["point"])
        for corner, offset in [((-hw, -hh), (-hw - l, -hh)), ((-hw, -hh), (-hw, -hh - l)),
                               ((hw, hh), (hw + l, hh)), ((hw, hh), (hw, hh + l))]:
            entry.joints.append(self.world.CreateDistanceJoint(
                bodyA=body, bodyB=entry.anchor_body, localAnchorA=(corner[0] * PT, corner[1] * PT),
                localAnchorB=(offset[0] * PT, offset[1] * PT), length=l * PT, frequencyHz=SNAP_FREQUENCY,
                dampingRatio=max(0, b.get("damping", 0.5)), collideConnected=True))

    _remove_snap = _remove_attachment

    def _add_push(self, entry):
        entry.vector = vector_of(entry.behavior, 0.0)
        entry.active = entry.behavior.get("active", True)
        entry.instantaneous = entry.behavior.get("mode", "continuous") == "instantaneous"
        entry.pending = entry.instantaneous and entry.active
        for iid in entry.items:
            self.items[iid]["bullet"] += 1
        self._set_flags(entry.items)

    def _remove_push(self, entry):
        for iid in entry.items:
            self.items[iid]["bullet"] -= 1
        self._set_flags(entry.items)

    def _add_dynamicItem(self, entry):
        b = entry.behavior
        for iid in entry.items:
            for k in DEFAULTS:
                if k in b:
                    self.items[iid]["properties"][k] = b[k]
            self._apply_properties(iid)
            body = self.bodies[iid]
            if body.type == Box2D.b2_dynamicBody:
                v = b.get("linearVelocity", [0, 0])
                body.linearVelocity = (body.linearVelocity[0] + v[0] * PT, body.linearVelocity[1] + v[1] * PT)
                body.angularVelocity = body.angularVelocity + b.get("angularVelocity", 0.0)

    def _remove_dynamicItem(self, entry):
        for iid in entry.items:
            record = self.items[iid]
            restored = dict(DEFAULTS)
            restored["anchored"] = record["properties"]["anchored"]
            for other in self.entries:
                if other.alive and other.kind == "dynamicItem" and iid in other.items:
                    restored.update({k: other.behavior[k] for k in DEFAULTS if k in other.behavior})
            record["properties"] = restored
            self._apply_properties(iid)

    def _add_field(self, entry):
        raise NotImplementedError("fields (Box2D has no fields; UIKit's field forces are PhysicsKit's own)")

    def _set(self, entry, values):
        if "items" in values:
            if entry.kind not in ("gravity", "collision", "push", "dynamicItem"):
                raise NotImplementedError("set items of " + entry.kind)
            getattr(self, "_remove_" + entry.kind)(entry)
            old = entry.items
            entry.behavior = dict(entry.behavior, items=list(values["items"]))
            new = self._named(entry.behavior)
            self._join([i for i in new if i not in old], 1)
            entry.items = new
            vector, active, pending = entry.vector, getattr(entry, "active", True), entry.pending
            getattr(self, "_add_" + entry.kind)(entry)
            if entry.kind == "push":
                entry.vector, entry.active, entry.pending = vector, active, pending
            if entry.kind == "gravity":
                entry.vector = vector
                self._set_gravity(vector)
            self._join([i for i in old if i not in new], -1)
            for iid in set(old) | set(new):
                if self.bodies[iid].active:
                    self.bodies[iid].awake = True
        if entry.kind == "gravity" and any(k in values for k in ("direction", "angle", "magnitude")):
            entry.vector = changed_vector(entry.vector, values)
            self._set_gravity(entry.vector)
        elif entry.kind == "attachment" and entry.joints:
            joint = entry.joints[0]
            if "anchor" in values and entry.anchor_body is not None:
                entry.anchor_body.position = (values["anchor"][0] * PT, values["anchor"][1] * PT)
            if "length" in values:
                if entry.joint_kind == "distance":
                    joint.length = max(0, values["length"]) * PT
                elif entry.joint_kind == "limit":
                    joint.maxLength = max(0, values["length"]) * PT
            if "frequency" in values and entry.joint_kind == "distance":
                joint.frequency = max(0, values["frequency"])
            if "damping" in values and entry.joint_kind == "distance":
                joint.dampingRatio = max(0, values["damping"])
        elif entry.kind == "snap" and "point" in values:
            entry.anchor_body.position = (values["point"][0] * PT, values["point"][1] * PT)
        elif entry.kind == "push":
            if any(k in values for k in ("direction", "angle", "magnitude")):
                entry.vector = changed_vector(entry.vector, values)
            if "active" in values:
                entry.active = values["active"]
                if entry.active and entry.instantaneous:
                    entry.pending = True
        for iid in entry.items:
            if self.bodies[iid].active:
                self.bodies[iid].awake = True

    # Timeline

    def _apply_events(self, frame):
        events = self.scene.get("events", [])
        due = [(i, True) for i, _, _ in self.pans]
        while self.schedule and self.schedule[0][0] <= frame:
            due.append((self.schedule.pop(0)[1], False))
        for r in sorted(self.due_reactions):
            if r in self.fired:
                continue
            if events[r].get("once"):
                self.fired.add(r)
            due.append((r, False))
        self.due_reactions = set()
        starting = {i for i, step in due if not step}
        due = sorted((i, step) for i, step in due if not (step and i in starting))
        now = frame / self.frame_rate
        for index, step in due:
            event = events[index]
            if "add" in event:
                self.add(event["add"])
            elif "remove" in event:
                self.remove(event["remove"])
            elif "set" in event:
                self.set(event["set"], event.get("values", {}))
            elif "pan" in event:
                if not step:
                    start = event.get("at", now)
                    end = max(event_frame(start + event["duration"], self.frame_rate), frame)
                    self.pans = [p for p in self.pans if p[0] != index] + [[index, start, end]]
                pan = next((p for p in self.pans if p[0] == index), None)
                if pan is None:
                    continue
                fraction = (now - pan[1]) / event["duration"] if event["duration"] > 0 else 1
                point = point_along(event["path"], fraction)
                self.set(event["pan"], {"anchor": point, "point": point})
        self.pans = [p for p in self.pans if p[2] > frame]

    def _note_reactions(self, new_events):
        for r in self.reactions:
            if r in self.fired:
                continue
            on = self.scene["events"][r]["on"]
            for e in new_events:
                pair = on.get(e["type"])
                if pair is None:
                    continue
                w = pair["with"]
                theirs = ("item", w["item"]) if "item" in w else ("boundary", w.get("boundary"))
                mine = e["with"]
                if (pair["item"] == e["item"] and theirs == mine) or (
                        theirs[0] == "item" and theirs[1] == e["item"] and mine == ("item", pair["item"])):
                    self.due_reactions.add(r)

    # Events

    def _partner(self, fixture):
        data = fixture.userData
        if isinstance(data, tuple):
            return data[:2]
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
        new = []
        for key, delta in self.deltas.items():
            old = self.counts.get(key, 0)
            n = old + delta
            self.counts[key] = n
            if old <= 0 < n:
                new.append({"frame": frame, "type": "contactBegan", "item": key[0], "with": key[1]})
            elif old > 0 >= n:
                new.append({"frame": frame, "type": "contactEnded", "item": key[0], "with": key[1]})
        self.deltas = {}
        self.events.extend(new)
        return new

    # Running

    def _apply_pushes(self):
        for push in self.entries:
            if push.kind != "push" or not push.alive:
                continue
            fx, fy = push.vector
            if push.instantaneous and not push.pending:
                continue
            if not push.instantaneous and not push.active:
                continue
            push.pending = False
            if fx == 0 and fy == 0:
                continue
            offset = push.behavior.get("offset", [0, 0])
            for iid in push.items:
                body = self.bodies[iid]
                if body.type != Box2D.b2_dynamicBody or not body.active:
                    continue
                point = (body.position[0] + offset[0] * PT, body.position[1] + offset[1] * PT)
                if push.instantaneous:
                    body.ApplyLinearImpulse((fx, fy), point, True)
                else:
                    body.ApplyForce((fx, fy), point, True)

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
                        "resting": b.type == Box2D.b2_staticBody or not b.awake or not b.active}
        return out

    def paused(self):
        """Every moving body asleep: the animator pauses at the end of such a frame and steps no more until an
        event wakes an item (a continuous push does not wake its item again)."""
        return all(not b.awake for b in self.bodies.values() if b.type == Box2D.b2_dynamicBody and b.active)

    def advance(self, frame):
        """Applies the frame's events, then runs its sub-steps, none when the animator is paused."""
        self._apply_events(frame)
        target = substeps_after(frame, self.frame_rate)
        if self.paused():
            self.substep = max(self.substep, target)
            return
        new = []
        while self.substep < target:
            self.step()
            new.extend(self._resolve(frame))
        if self.reactions:
            self._note_reactions(new)

    def run_quietly(self, frames):
        """Runs the frames without keeping their states."""
        for frame in range(1, frames + 1):
            self.advance(frame)

    def run(self, frames):
        """Returns the states of frames 0…frames and the contact events (with their frames)."""
        samples = [self.state()]
        for frame in range(1, frames + 1):
            self.advance(frame)
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
