#!/usr/bin/env python3
"""Deterministic scene generator for Impulse's benchmarks.

Every scene it writes is a valid `*.dynamics.json` (scene-format.md, version 1): items on a grid that
do not overlap and lie inside the reference view, a gravity and a collision behavior (reference bounds
as boundary), and some `dynamicItem`, `attachment` and `snap` behaviors. Error variants add a few
semantic errors that JSON Schema cannot express (duplicate item ids, unknown item references, two snaps
on one item) plus one it can (elasticity 2), and record what they injected in a manifest.

    generate.py corpus DIR [--count 300] [--min-items 10] [--max-items 400] [--seed 1] [--error-every 3]
    generate.py scene FILE --items 5000 [--seed 1] [--width 4000]   # one valid scene (~2 MB at 5000 items)
    generate.py pile FILE --boxes 100 [--frames 600]        # boxes falling into a pile (engine benchmark)
    generate.py crowd FILE --items 5000                     # every item at one spot (issue 15's worst lint)

Same arguments, same bytes. Output uses the canonical layout (2-space indent; points and sizes on one line).
"""
import argparse
import json
import os
import random
import sys

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "schemas", "dynamics-scene.schema.json")


def schema_ref(path):
    """`$schema` relative to the scene file, so editors find the schema (the tools ignore the key)."""
    return os.path.relpath(SCHEMA, os.path.dirname(os.path.abspath(path)))


# ---------------------------------------------------------------------------------------------------
# Canonical-layout writer: points, sizes, vectors and ranges (arrays of numbers) stay on one line.

def dumps(value, indent=2, level=0):
    pad = " " * (indent * level)
    inner = " " * (indent * (level + 1))
    if isinstance(value, dict):
        if not value:
            return "{}"
        parts = [f'{inner}{json.dumps(k)}: {dumps(v, indent, level + 1)}' for k, v in value.items()]
        return "{\n" + ",\n".join(parts) + "\n" + pad + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
            return "[" + ", ".join(num(v) for v in value) + "]"
        parts = [inner + dumps(v, indent, level + 1) for v in value]
        return "[\n" + ",\n".join(parts) + "\n" + pad + "]"
    if isinstance(value, float):
        return num(value)
    return json.dumps(value)


def num(v):
    if isinstance(v, bool):
        return json.dumps(v)
    if isinstance(v, int):
        return str(v)
    if v == int(v) and abs(v) < 1e15:
        return str(int(v))
    return repr(round(v, 4))


# ---------------------------------------------------------------------------------------------------
# Valid scenes.

def grid_scene(n_items, rng, name, path, width=None, material_chunk=None, collision_mode=None):
    """n_items on a grid of 80 pt cells (items at most 60 pt, so no two overlap), inside the view."""
    cell = 80
    columns = max(1, min(n_items, 12 if width is None else int(width // cell)))
    rows = (n_items + columns - 1) // columns
    view_w = columns * cell + 40
    view_h = rows * cell + 200  # room below the grid to fall into
    items = []
    for i in range(n_items):
        r, c = divmod(i, columns)
        cx = 20 + c * cell + cell / 2
        cy = 20 + r * cell + cell / 2
        w = rng.choice([20, 30, 40, 50, 60])
        h = rng.choice([20, 30, 40, 50, 60])
        item = {"id": f"item{i}", "center": [cx, cy], "size": [w, h]}
        kind = rng.random()
        if kind < 0.15:
            item["collisionBounds"] = "ellipse"
        elif kind < 0.25:
            s = min(w, h) / 2  # a triangle inside the item's box
            item["collisionBounds"] = {"path": [[0, -s], [s, s], [-s, s]]}
        elif kind < 0.35:
            item["angle"] = round(rng.uniform(-0.3, 0.3), 3)  # rotated a little; 60 pt max stays in its cell
            item["size"] = [min(w, 40), min(h, 40)]
        items.append(item)
    ids = [it["id"] for it in items]
    behaviors = [
        {"type": "gravity", "id": "gravity", "items": list(ids)},
        {"type": "collision", "id": "collision", "items": list(ids),
         "translatesReferenceBoundsIntoBoundary": True},
    ]
    if collision_mode:
        behaviors[1]["mode"] = collision_mode
    # dynamicItem behaviors over consecutive chunks, each setting a few properties (no conflicts).
    chunk = material_chunk or max(5, n_items // 8)
    for k, start in enumerate(range(0, n_items, chunk)):
        b = {"type": "dynamicItem", "id": f"material{k}", "items": ids[start:start + chunk]}
        b["elasticity"] = round(rng.uniform(0.0, 0.9), 2)
        b["friction"] = round(rng.uniform(0.0, 1.0), 2)
        b["density"] = round(rng.uniform(0.5, 3.0), 2)
        if rng.random() < 0.3:
            b["allowsRotation"] = False
        behaviors.append(b)
    # Attachments: every 7th item hangs from a fixed anchor above it; every 11th (not already attached)
    # is a rope to its right neighbour. Each item is the `item` of at most one attachment.
    attached = set()
    for i in range(0, n_items, 7):
        cx, cy = items[i]["center"]
        behaviors.append({"type": "attachment", "id": f"hang{i}", "item": ids[i],
                          "anchor": [cx, cy - 30], "frequency": 2, "damping": 0.3})
        attached.add(i)
    for i in range(3, n_items - 1, 11):
        if i in attached:
            continue
        behaviors.append({"type": "attachment", "id": f"rope{i}", "item": ids[i],
                          "attachedTo": ids[i + 1], "kind": "distance"})
        attached.add(i)
    # Snaps: every 13th item snaps to its own center (one snap per item).
    for i in range(5, n_items, 13):
        behaviors.append({"type": "snap", "id": f"snap{i}", "item": ids[i],
                          "point": items[i]["center"], "damping": 0.5})
    scene = {
        "$schema": schema_ref(path),
        "format": 1,
        "name": name,
        "referenceView": {"width": view_w, "height": view_h},
        "items": items,
        "behaviors": behaviors,
    }
    return scene


# ---------------------------------------------------------------------------------------------------
# Error variants: returns the scene with errors and what was injected, by rule code.

def inject_errors(scene, rng):
    items = scene["items"]
    behaviors = scene["behaviors"]
    ids = [it["id"] for it in items]
    injected = {}

    def add(code):
        injected[code] = injected.get(code, 0) + 1

    # 1. a duplicate item id: a new item (placed far outside the grid so it overlaps nothing and is
    #    not in the collision behavior) reusing an existing id.
    dup = rng.choice(ids)
    items.append({"id": dup, "center": [10, 10], "size": [5, 5]})
    add("item.duplicateId")
    # 2. an unknown item reference in gravity's items.
    behaviors[0]["items"].append("ghost")
    add("item.unknown")
    # 3. elasticity 2 (the only one of the four JSON Schema can find).
    behaviors.append({"type": "dynamicItem", "id": "bouncy", "items": [ids[0]], "elasticity": 2})
    add("scene.range")
    # 4. two snaps on one item that has none (snap.duplicate: one diagnostic on each snap's item).
    snapped = {b["item"] for b in behaviors if b["type"] == "snap"}
    target = next(i for i in reversed(ids) if i not in snapped)
    p = next(it["center"] for it in items if it["id"] == target)
    behaviors.append({"type": "snap", "id": "snapA", "item": target, "point": p})
    behaviors.append({"type": "snap", "id": "snapB", "item": target, "point": p})
    add("snap.duplicate")
    add("snap.duplicate")
    return scene, injected


# ---------------------------------------------------------------------------------------------------
# The engine benchmark: boxes of 50x50 pt, 60 pt apart, rows 75 pt apart, 20 columns.

PILE_COLUMNS = 20
PILE_PITCH_X = 60
PILE_PITCH_Y = 75
PILE_BOX = 50
PILE_MARGIN = 20


def pile_geometry(n_boxes):
    rows = (n_boxes + PILE_COLUMNS - 1) // PILE_COLUMNS
    width = PILE_COLUMNS * PILE_PITCH_X + 2 * PILE_MARGIN            # 1240 pt
    height = rows * PILE_PITCH_Y + 2 * PILE_MARGIN + 150             # room to fall
    centers = []
    for i in range(n_boxes):
        r, c = divmod(i, PILE_COLUMNS)
        centers.append((PILE_MARGIN + PILE_PITCH_X / 2 + c * PILE_PITCH_X,
                        PILE_MARGIN + PILE_PITCH_Y / 2 + r * PILE_PITCH_Y))
    return width, height, centers


def pile_scene(n_boxes, frames):
    width, height, centers = pile_geometry(n_boxes)
    ids = [f"box{i}" for i in range(n_boxes)]
    return {
        "format": 1,
        "name": f"pile-{n_boxes}",
        "referenceView": {"width": width, "height": height},
        "items": [{"id": ids[i], "center": [x, y], "size": [PILE_BOX, PILE_BOX]}
                  for i, (x, y) in enumerate(centers)],
        "behaviors": [
            {"type": "gravity", "id": "gravity", "items": ids},
            {"type": "collision", "id": "collision", "items": ids,
             "translatesReferenceBoundsIntoBoundary": True},
        ],
        "preview": {"duration": frames / 60, "frameRate": 60},
    }


def column_scene(n_boxes, frames, width=400):
    """One column of the pile's boxes (50 pt, rows 75 pt apart) in a view `width` wide, falling onto its bounds."""
    ids = [f"box{i}" for i in range(n_boxes)]
    return {
        "format": 1,
        "name": f"column-{n_boxes}",
        "referenceView": {"width": width, "height": PILE_PITCH_Y * n_boxes + 2 * PILE_MARGIN + 150},
        "items": [{"id": ids[i], "center": [width / 2, PILE_MARGIN + PILE_PITCH_Y / 2 + i * PILE_PITCH_Y],
                   "size": [PILE_BOX, PILE_BOX]} for i in range(n_boxes)],
        "behaviors": [
            {"type": "gravity", "id": "gravity", "items": ids},
            {"type": "collision", "id": "collision", "items": ids,
             "translatesReferenceBoundsIntoBoundary": True},
        ],
        "preview": {"duration": frames / 60, "frameRate": 60},
    }


def crowd_scene(n_items):
    """n 20-pt boxes at one spot under gravity and one collision: every item overlaps every other."""
    ids = [f"i{i}" for i in range(n_items)]
    return {
        "format": 1,
        "name": f"crowd-{n_items}",
        "referenceView": {"width": 320, "height": 480},
        "items": [{"id": ids[i], "center": [160, 240], "size": [20, 20]} for i in range(n_items)],
        "behaviors": [
            {"type": "gravity", "items": ids},
            {"type": "collision", "items": ids},
        ],
    }


def write(path, scene):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as f:
        f.write(dumps(scene) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("corpus")
    c.add_argument("dir")
    c.add_argument("--count", type=int, default=300)
    c.add_argument("--min-items", type=int, default=10)
    c.add_argument("--max-items", type=int, default=400)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--error-every", type=int, default=3, help="every K-th file is an error variant")
    s = sub.add_parser("scene")
    s.add_argument("file")
    s.add_argument("--items", type=int, default=5000)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--errors", action="store_true")
    s.add_argument("--width", type=int, default=4000, help="grid width in pt (80 pt cells); the view is 40 pt wider")
    s.add_argument("--material-chunk", type=int, default=1,
                   help="items per dynamicItem behavior (1: one behavior per item, ~2 MB at 5000 items)")
    s.add_argument("--collision-mode", choices=["everything", "items", "boundaries"],
                   help="the collision behavior's mode (default: leave it out, which is everything)")
    p = sub.add_parser("pile")
    p.add_argument("file")
    p.add_argument("--boxes", type=int, default=100)
    p.add_argument("--frames", type=int, default=600)
    k = sub.add_parser("crowd")
    k.add_argument("file")
    k.add_argument("--items", type=int, default=5000)
    a = ap.parse_args()

    if a.cmd == "corpus":
        rng = random.Random(a.seed)
        manifest = {"seed": a.seed, "files": {}}
        for k in range(a.count):
            n = rng.randint(a.min_items, a.max_items)
            name = f"scene{k:03d}"
            path = os.path.join(a.dir, f"{name}.dynamics.json")
            scene = grid_scene(n, rng, name, path)
            injected = {}
            if a.error_every > 0 and k % a.error_every == a.error_every - 1:
                scene, injected = inject_errors(scene, rng)
            write(path, scene)
            manifest["files"][os.path.basename(path)] = injected
        with open(os.path.join(a.dir, "..", os.path.basename(a.dir.rstrip("/")) + ".manifest.json"), "w") as f:
            json.dump(manifest, f, indent=1, sort_keys=True)
    elif a.cmd == "scene":
        rng = random.Random(a.seed)
        name = os.path.basename(a.file).split(".")[0]
        scene = grid_scene(a.items, rng, name, a.file, width=a.width, material_chunk=a.material_chunk,
                           collision_mode=a.collision_mode)
        if a.errors:
            scene, _ = inject_errors(scene, rng)
        write(a.file, scene)
    elif a.cmd == "pile":
        write(a.file, pile_scene(a.boxes, a.frames))
    elif a.cmd == "crowd":
        write(a.file, crowd_scene(a.items))
    return 0


if __name__ == "__main__":
    sys.exit(main())
