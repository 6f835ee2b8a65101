// The preview player's logic, without any DOM: what to draw at a time t of an `impulse/preview` result
// (the preview json of `impulse preview --format json`), and the scene geometry to draw it with.
//
// Plain UMD so that one file serves the webview (a <script> tag: `window.ImpulsePlayer`), the standalone
// page and node's test runner (`require('./player.js')`). Every function is pure: same input, same output.
//
// Times are seconds; frames are animator frames (frame n is at n / frameRate). Samples hold frames 0, K, 2K…
// and `final` the last frame N, which may fall between samples' grid: the timeline runs from 0 to N / frameRate.
(function (root, factory) {
  if (typeof module === 'object' && module.exports) {
    module.exports = factory();
  } else {
    root.ImpulsePlayer = factory();
  }
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  /** The result's frame rate (60 when absent or not a positive number). */
  function frameRateOf(result) {
    const rate = result && result.frameRate;
    return typeof rate === 'number' && rate > 0 && isFinite(rate) ? rate : 60;
  }

  /** Time of a frame, in seconds. */
  function timeOfFrame(frame, frameRate) {
    return frame / frameRate;
  }

  /**
   * The frame shown at time t: the last frame whose time is ≤ t (a tolerance of 1e-9 frame absorbs
   * floating-point noise, so t = 0.1 at 60 Hz is frame 6, not 5), clamped to [0, frames].
   */
  function frameAtTime(t, frameRate, frames) {
    let frame = Math.floor(t * frameRate + 1e-9);
    if (!(frame > 0)) frame = 0;
    if (typeof frames === 'number' && frame > frames) frame = frames;
    return frame;
  }

  /**
   * The timeline: the samples in time order with the final state appended when `final` is a frame that no
   * sample holds (N not a multiple of K). Each entry is {frame, time, items}.
   */
  function timeline(result) {
    const samples = (result && Array.isArray(result.samples)) ? result.samples.slice() : [];
    const rate = frameRateOf(result);
    const frames = result && typeof result.frames === 'number' ? result.frames : undefined;
    const last = samples.length ? samples[samples.length - 1] : null;
    if (samples.length && frames !== undefined && last.frame < frames && result.final && Object.keys(result.final).length) {
      samples.push({ frame: frames, time: timeOfFrame(frames, rate), items: result.final });
    }
    return samples;
  }

  /** Length of the run in seconds: the last frame's time (0 for a result without samples). */
  function duration(result) {
    const line = timeline(result);
    if (!line.length) return 0;
    const last = line[line.length - 1];
    return typeof last.time === 'number' ? last.time : timeOfFrame(last.frame, frameRateOf(result));
  }

  /**
   * Where t falls among the entries of a timeline: {index, fraction} with the state at t lying between
   * entries index and index + 1 at `fraction` ∈ [0, 1). Binary search; t outside the run clamps to its ends.
   */
  function locate(line, t) {
    const n = line.length;
    if (n === 0) return null;
    if (n === 1 || t <= line[0].time) return { index: 0, fraction: 0 };
    if (t >= line[n - 1].time) return { index: n - 1, fraction: 0 };
    let lo = 0;
    let hi = n - 1; // line[lo].time <= t < line[hi].time
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (line[mid].time <= t) lo = mid; else hi = mid;
    }
    const span = line[hi].time - line[lo].time;
    return { index: lo, fraction: span > 0 ? (t - line[lo].time) / span : 0 };
  }

  function lerp(a, b, f) {
    return a + (b - a) * f;
  }

  /** An item's state between two samples: centers and angles interpolated linearly (angles are not wrapped). */
  function interpolateItem(a, b, f) {
    if (!b || f === 0) return a;
    if (!a) return b;
    return {
      center: [lerp(a.center[0], b.center[0], f), lerp(a.center[1], b.center[1], f)],
      angle: lerp(a.angle || 0, b.angle || 0, f),
      velocity: a.velocity && b.velocity ? [lerp(a.velocity[0], b.velocity[0], f), lerp(a.velocity[1], b.velocity[1], f)] : a.velocity,
      angularVelocity: lerp(a.angularVelocity || 0, b.angularVelocity || 0, f),
      resting: f < 0.5 ? a.resting : b.resting,
    };
  }

  /**
   * Every item's state at time t: {ID: {center, angle, velocity, angularVelocity, resting}}, interpolated
   * between the samples around t. An empty object when the result has no samples (a scene with errors).
   */
  function stateAt(result, t, line) {
    line = line || timeline(result);
    const where = locate(line, t);
    if (!where) return {};
    const a = line[where.index].items || {};
    const b = where.fraction > 0 ? (line[where.index + 1].items || {}) : null;
    const state = {};
    for (const id of Object.keys(a)) state[id] = interpolateItem(a[id], b && b[id], where.fraction);
    if (b) for (const id of Object.keys(b)) if (!(id in state)) state[id] = b[id];
    return state;
  }

  /** Ids of the items that the result moves, in the order of the first sample (ids sorted as given). */
  function itemIds(result) {
    const line = timeline(result);
    const seen = [];
    for (const entry of line) for (const id of Object.keys(entry.items || {})) if (seen.indexOf(id) < 0) seen.push(id);
    return seen;
  }

  /**
   * An item's trajectory as points [x, y], one per timeline entry up to time t (the whole run when t is
   * undefined), ending at its interpolated position at t. Points equal to the previous one are dropped.
   */
  function trajectory(result, id, t, line) {
    line = line || timeline(result);
    const points = [];
    const push = (p) => {
      const last = points[points.length - 1];
      if (!last || last[0] !== p[0] || last[1] !== p[1]) points.push([p[0], p[1]]);
    };
    for (const entry of line) {
      if (t !== undefined && entry.time > t) break;
      const item = entry.items && entry.items[id];
      if (item) push(item.center);
    }
    if (t !== undefined) {
      const now = stateAt(result, t, line)[id];
      if (now) push(now.center);
    }
    return points;
  }

  /** Numbers in SVG paths: at most 2 decimals, no trailing zeros, no "-0". */
  function formatCoordinate(v) {
    const s = (Math.round(v * 100) / 100).toFixed(2).replace(/\.?0+$/, '');
    return s === '-0' ? '0' : s;
  }

  /** An SVG path ("M x y L x y …") through the points; "" for none. */
  function pathData(points) {
    return points.map((p, i) => (i === 0 ? 'M' : 'L') + formatCoordinate(p[0]) + ' ' + formatCoordinate(p[1])).join(' ');
  }

  /**
   * Contact markers to show at time t: every `contactBegan` event of the last `fade` seconds (default 0.5),
   * newest last, each {point, item, with, time, opacity} with opacity going from 1 (just now) to 0 (fade ago).
   */
  function contactMarkers(result, t, fade) {
    fade = fade === undefined ? 0.5 : fade;
    const events = (result && Array.isArray(result.events)) ? result.events : [];
    const markers = [];
    for (const event of events) {
      if (event.type !== 'contactBegan' || !Array.isArray(event.point)) continue;
      const age = t - event.time;
      if (age < -1e-9 || age > fade) continue;
      markers.push({
        point: event.point,
        item: event.item,
        with: event.with,
        time: event.time,
        opacity: fade > 0 ? Math.max(0, Math.min(1, 1 - Math.max(0, age) / fade)) : 1,
      });
    }
    return markers;
  }

  /** A time for people: "1.25 s" (two decimals; "0 s" at zero). */
  function formatTime(seconds) {
    if (!(typeof seconds === 'number' && isFinite(seconds))) return '–';
    const fixed = seconds.toFixed(2);
    return (fixed === '0.00' || fixed === '-0.00' ? '0' : fixed) + ' s';
  }

  /**
   * What the result says of the animator's pause: "at rest after 2.35 s (frame 141)" when it paused and stayed
   * paused, "still moving after 4.00 s" when it did not, "not simulated" for a scene with errors.
   */
  function pauseLabel(result) {
    if (!result || !Array.isArray(result.samples) || result.samples.length === 0) return 'not simulated';
    const paused = result.pausedAt;
    if (paused && typeof paused.time === 'number') {
      return 'at rest after ' + formatTime(paused.time) + ' (frame ' + paused.frame + ')';
    }
    return 'still moving after ' + formatTime(duration(result));
  }

  /** The label of the clock: "1.25 s / 4.00 s · frame 75". */
  function clockLabel(result, t) {
    const rate = frameRateOf(result);
    const frame = frameAtTime(t, rate, result && result.frames);
    return formatTime(t) + ' / ' + formatTime(duration(result)) + ' · frame ' + frame;
  }

  /**
   * The playback clock: the time after `elapsed` seconds of wall time at `speed`, from t. At the end it
   * stops (playing: false) unless `loop`, which starts over from 0.
   */
  function advance(t, elapsed, speed, total, loop) {
    let next = t + elapsed * speed;
    if (total <= 0) return { time: 0, playing: false };
    if (next >= total) {
      if (loop) return { time: next % total, playing: true };
      return { time: total, playing: false };
    }
    if (next < 0) next = 0;
    return { time: next, playing: true };
  }

  /**
   * The id of the behavior the scene's event `index` sets, removes or adds (its type when an added behavior
   * has no id): from the causes' event list when given, else from the scene; null when unknown.
   */
  function eventBehavior(index, scene, causes) {
    if (causes && Array.isArray(causes.events)) {
      const entry = causes.events.find((e) => e && e.index === index);
      if (entry) return typeof entry.behavior === 'string' ? entry.behavior : null;
    }
    const event = scene && Array.isArray(scene.events) ? scene.events[index] : null;
    if (!event || typeof event !== 'object') return null;
    if (typeof event.set === 'string') return event.set;
    if (typeof event.remove === 'string') return event.remove;
    if (event.add && typeof event.add === 'object') {
      if (typeof event.add.id === 'string') return event.add.id;
      if (typeof event.add.type === 'string') return event.add.type;
    }
    return null;
  }

  /**
   * What a scripted event does, in words: "pan rope", "set push kick: magnitude", "remove snap", "add gravity g",
   * followed by the event's `$comment` when it has one ("event 3" alone when the scene is not known). Ticks of the
   * scrubber show it on hover, and the event list shows the same words.
   */
  function eventLabel(index, scene, causes) {
    const behavior = eventBehavior(index, scene, causes);
    const event = scene && Array.isArray(scene.events) ? scene.events[index] : null;
    let action = null;
    if (event && typeof event === 'object') {
      if (typeof event.pan === 'string') action = 'pan';
      else if (typeof event.set === 'string') action = 'set';
      else if (typeof event.remove === 'string') action = 'remove';
      else if (event.add && typeof event.add === 'object') action = 'add';
    }
    let words = 'event ' + index;
    if (action && behavior) {
      words += ': ' + action + ' ' + behavior;
      if (action === 'add' && typeof event.add.type === 'string' && event.add.type !== behavior) words = 'event ' + index + ': add ' + event.add.type + ' ' + behavior;
      if (action === 'set' && event.values && typeof event.values === 'object') {
        const keys = Object.keys(event.values).filter((k) => k !== '$comment');
        if (keys.length) words += ' (' + keys.join(', ') + ')';
      }
    } else if (behavior) words += ': ' + behavior;
    if (event && typeof event.$comment === 'string' && event.$comment) words += ' — ' + event.$comment;
    return words;
  }

  /**
   * Marks for the scrubber: scripted events (labelled by `eventLabel`), pauses and resumes, as {time, type, label}.
   */
  function timelineMarks(result, scene, causes) {
    const events = (result && Array.isArray(result.events)) ? result.events : [];
    const marks = [];
    for (const event of events) {
      if (event.type === 'scripted') {
        const behavior = eventBehavior(event.index, scene, causes);
        marks.push({ time: event.time, type: 'scripted', index: event.index, behavior: behavior, label: formatTime(event.time) + '  ' + eventLabel(event.index, scene, causes) });
      }
      else if (event.type === 'paused') marks.push({ time: event.time, type: 'paused', label: 'paused at ' + formatTime(event.time) });
      else if (event.type === 'resumed') marks.push({ time: event.time, type: 'resumed', label: 'resumed at ' + formatTime(event.time) });
    }
    return marks;
  }

  function isPoint(v) {
    return Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number' && isFinite(v[0]) && isFinite(v[1]);
  }

  /**
   * What to draw of a scene (the parsed `*.dynamics.json`), read leniently, never throwing:
   * {width, height, items: {ID: {size: [w, h], shape: "rectangle"|"ellipse"|"path", path?, color?}},
   *  boundaries: [{id, group, kind: "bounds", rect: [x, y, w, h]} | {id, group, kind: "segment", from, to} | {id, group, kind: "path", points}]}
   * (`group`: the collision behavior's place among the scene's collision behaviors, then those events add).
   * Items without a usable size get 20 × 20; a scene without a reference view gets 375 × 667.
   */
  function sceneGeometry(scene) {
    const geometry = { width: 375, height: 667, items: {}, boundaries: [] };
    if (!scene || typeof scene !== 'object') return geometry;
    const view = scene.referenceView;
    if (view && typeof view.width === 'number' && view.width > 0 && typeof view.height === 'number' && view.height > 0) {
      geometry.width = view.width;
      geometry.height = view.height;
    }
    for (const item of Array.isArray(scene.items) ? scene.items : []) {
      if (!item || typeof item.id !== 'string') continue;
      const size = isPoint(item.size) && item.size[0] > 0 && item.size[1] > 0 ? item.size : [20, 20];
      const bounds = item.collisionBounds;
      let shape = { size: size, shape: 'rectangle' };
      if (bounds === 'ellipse') shape = { size: size, shape: 'ellipse' };
      else if (bounds && typeof bounds === 'object' && Array.isArray(bounds.path) && bounds.path.filter(isPoint).length >= 3) {
        shape = { size: size, shape: 'path', path: bounds.path.filter(isPoint) };
      }
      if (typeof item.color === 'string') shape.color = item.color;
      if (isPoint(item.center)) {
        shape.center = item.center;
        shape.angle = typeof item.angle === 'number' && isFinite(item.angle) ? item.angle : 0;
      }
      if (!(item.id in geometry.items)) geometry.items[item.id] = shape;
    }
    const collisions = [];
    for (const behavior of Array.isArray(scene.behaviors) ? scene.behaviors : []) {
      if (behavior && behavior.type === 'collision') collisions.push(behavior);
    }
    for (const event of Array.isArray(scene.events) ? scene.events : []) {
      if (event && event.add && event.add.type === 'collision') collisions.push(event.add);
    }
    let bounds = false;
    collisions.forEach((collision, group) => {
      if (collision.mode === 'items') return;
      if (collision.translatesReferenceBoundsIntoBoundary === true && !bounds) {
        bounds = true;
        const insets = collision.insets || {};
        const inset = (k) => (typeof insets[k] === 'number' && isFinite(insets[k]) ? insets[k] : 0);
        geometry.boundaries.push({
          id: null,
          group: group,
          kind: 'bounds',
          rect: [inset('left'), inset('top'), geometry.width - inset('left') - inset('right'), geometry.height - inset('top') - inset('bottom')],
        });
      }
      for (const boundary of Array.isArray(collision.boundaries) ? collision.boundaries : []) {
        if (!boundary) continue;
        const id = typeof boundary.id === 'string' ? boundary.id : null;
        if (isPoint(boundary.from) && isPoint(boundary.to)) geometry.boundaries.push({ id: id, group: group, kind: 'segment', from: boundary.from, to: boundary.to });
        else if (Array.isArray(boundary.path) && boundary.path.filter(isPoint).length >= 2) geometry.boundaries.push({ id: id, group: group, kind: 'path', points: boundary.path.filter(isPoint) });
      }
    });
    return geometry;
  }

  /**
   * Where the scene puts its items at the start, from its geometry: {ID: {center, angle, resting: true}} for the
   * items with a usable center. The player draws these when the result has no state for an item (a scene with
   * errors is not simulated, but its items are still shown where they stand).
   */
  function initialState(geometry) {
    const state = {};
    const items = (geometry && geometry.items) || {};
    for (const id of Object.keys(items)) {
      if (items[id].center) state[id] = { center: items[id].center, angle: items[id].angle || 0, resting: true };
    }
    return state;
  }

  /** The SVG transform that places an item: translate to its center, rotate by its angle (radians → degrees). */
  function itemTransform(state) {
    const degrees = (state.angle || 0) * 180 / Math.PI;
    return 'translate(' + formatCoordinate(state.center[0]) + ' ' + formatCoordinate(state.center[1]) + ') rotate(' + formatCoordinate(degrees) + ')';
  }

  // --- Colors and causes ---------------------------------------------------------------------------------

  /** The palette of item colors: the one `impulse preview --format svg` uses (Sources/Reporting/ItemColor.swift). */
  const itemPalette = ['#2f6fde', '#e0533d', '#2aa876', '#d79b00', '#8e5bd0', '#1f9bb5', '#c43d86', '#6b8e23', '#8d5b3f', '#52606d'];

  /** FNV-1a (32 bits) of the id's UTF-8 bytes, as ItemColor.hash. */
  function idHash(id) {
    const bytes = typeof TextEncoder !== 'undefined' ? new TextEncoder().encode(String(id)) : Buffer.from(String(id), 'utf8');
    let hash = 2166136261;
    for (const byte of bytes) {
      hash ^= byte;
      hash = Math.imul(hash, 16777619) >>> 0;
    }
    return hash >>> 0;
  }

  /**
   * An item's color: the scene's `color` when it is `#rgb`, `#rrggbb` or a color name, else a color picked
   * from the id (the same as the svg's, whatever the order of the items).
   */
  function itemColor(id, sceneColor) {
    if (typeof sceneColor === 'string' && (/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(sceneColor) || /^[A-Za-z]{1,30}$/.test(sceneColor))) return sceneColor;
    return itemPalette[idHash(id) % itemPalette.length];
  }

  /**
   * The outline of collision group n: {stroke, dash} (dash null for solid), as CollisionGroupStyle, but the
   * first group's near-black is the theme's foreground (the page follows the editor's theme, often dark).
   */
  const groupStyles = [['var(--fg)', null], ['#be123c', '6 3'], ['#0e7490', '2 2'], ['#7c3aed', '8 3 2 3'], ['#15803d', '10 4'], ['#a16207', '4 2 1 2']];
  function groupStyle(group) {
    const style = groupStyles[((group % groupStyles.length) + groupStyles.length) % groupStyles.length];
    return { stroke: style[0], dash: style[1] };
  }

  /**
   * The causes' spans shown at time t: those with from ≤ frame < to, and those ending at the run's last frame
   * when t is there. An instantaneous push shows for at least `contactShown` seconds (it is active one frame).
   */
  function causesAt(causes, result, t) {
    const spans = causes && Array.isArray(causes.spans) ? causes.spans : [];
    const rate = frameRateOf(result);
    const frames = result && typeof result.frames === 'number' ? result.frames : 0;
    const frame = frameAtTime(t, rate, frames);
    const linger = Math.ceil(((causes && causes.contactShown) || 0.3) * rate);
    return spans.filter((span) => {
      let to = span.to;
      if (span.type === 'push' && span.instantaneous) to = Math.min(frames, Math.max(to, span.from + linger));
      return span.from <= frame && (frame < to || (to >= frames && frame <= to));
    });
  }

  /**
   * The collision groups in force at time t, from the causes' collision spans: [{group, behavior, items, mode}]
   * in group order (an item added to or removed from a group, a group added or removed, shows when it happens).
   * Without collision spans (causes from an older server), the groups of `causes.groups`.
   */
  function groupsAt(causes, result, t) {
    const spans = causes && Array.isArray(causes.spans) ? causes.spans : [];
    if (!spans.some((s) => s && s.type === 'collision')) {
      const groups = causes && Array.isArray(causes.groups) ? causes.groups : [];
      return groups.map((g, n) => (g ? { group: n, behavior: g.behavior, items: g.items || [], mode: g.mode } : null)).filter(Boolean);
    }
    const now = causesAt(causes, result, t).filter((s) => s.type === 'collision');
    const byGroup = new Map();
    for (const span of now) byGroup.set(span.group, { group: span.group, behavior: span.behavior, items: span.items || [], mode: span.mode });
    return [...byGroup.keys()].sort((a, b) => a - b).map((k) => byGroup.get(k));
  }

  /**
   * The badge of an item's material where it differs from UIKit's defaults, from the causes' `properties`
   * ({elasticity?, friction?, density?}): "e 0.8 · μ 0.1 · ρ 3", and its tooltip "elasticity 0.8, friction 0.1,
   * density 3"; null when all three are the defaults.
   */
  function propertyBadge(properties) {
    if (!properties || typeof properties !== 'object') return null;
    const names = [['elasticity', 'e'], ['friction', 'μ'], ['density', 'ρ']].filter(([name]) => typeof properties[name] === 'number');
    if (!names.length) return null;
    return {
      text: names.map(([name, symbol]) => symbol + ' ' + formatCoordinate(properties[name])).join(' · '),
      title: names.map(([name]) => name + ' ' + formatCoordinate(properties[name])).join(', '),
    };
  }

  /**
   * The corner of the view (12 pt in) for the gravity badge (a 30 pt circle and its label, 110 × 36 pt) that covers
   * the fewest items at time t: top-left, top-right, bottom-left, bottom-right, first on ties. `boxes` are the
   * items' bounding boxes [x, y, w, h]. Returns the circle's center.
   */
  function gravityCorner(width, height, boxes) {
    const corners = [[0, 0], [width - 110, 0], [0, height - 36], [width - 110, height - 36]];
    let best = corners[0];
    let bestCount = Infinity;
    for (const [x, y] of corners) {
      const count = boxes.filter((b) => b[0] < x + 110 && b[0] + b[2] > x && b[1] < y + 36 && b[1] + b[3] > y).length;
      if (count < bestCount) { best = [x, y]; bestCount = count; }
    }
    return [best[0] + 22, best[1] + 22];
  }

  /**
   * The lines of the player's Help: the keyboard shortcuts, and for the page of `impulse preview --format html`
   * (`standalone`) the parameters of its address.
   */
  function helpLines(standalone) {
    const lines = [
      'Space: play or pause',
      '← and →: one frame back or forward',
      'Home and End: the start and the end of the run',
      'A tick on the time line is a scripted event, a pause or a resume: hover it to read what happens then, or pick the event in Events',
    ];
    if (standalone) {
      lines.push('?t=SECONDS at the end of the page\'s address opens it paused at that time (page.html?t=1.5)');
      lines.push('?play starts playing at once (page.html?play, or page.html?t=1.5&play from 1.5 s); impulse preview --format html --autoplay writes a page that always does');
    }
    return lines;
  }

  /** A point of an item in state s: its center plus `offset` turned by its angle. */
  function itemPoint(s, offset) {
    const c = Math.cos(s.angle || 0);
    const n = Math.sin(s.angle || 0);
    const o = offset || [0, 0];
    return [s.center[0] + c * o[0] - n * o[1], s.center[1] + n * o[0] + c * o[1]];
  }

  /** An attachment span's two ends in a state {ID: {center, angle}}: [itemPoint, anchor or other point], or null. */
  function attachmentEnds(span, state) {
    const s = state[span.item];
    if (!s) return null;
    const from = itemPoint(s, span.offset);
    if (isPoint(span.anchor)) return [from, span.anchor];
    const other = state[span.attachedTo];
    return other ? [from, itemPoint(other, span.attachedOffset)] : null;
  }

  /** Whether a limit attachment is taut (its ends at its length, within 0.5 pt) or slack. */
  function isTaut(span, ends) {
    if (!ends || typeof span.length !== 'number') return false;
    return Math.hypot(ends[1][0] - ends[0][0], ends[1][1] - ends[0][1]) >= span.length - 0.5;
  }

  /** A spring's zigzag from p to q (12 turns between straight ends), as the svg draws it; a line for a rod. */
  function attachmentPath(span, p, q) {
    if (!span.spring) return pathData([p, q]);
    const dx = q[0] - p[0];
    const dy = q[1] - p[1];
    const length = Math.hypot(dx, dy);
    const nx = length > 0 ? -dy / length : 0;
    const ny = length > 0 ? dx / length : 0;
    const points = [p];
    for (let k = 0; k <= 12; k++) {
      const f = 0.15 + 0.7 * k / 12;
      const side = k === 0 || k === 12 ? 0 : (k % 2 === 0 ? -5 : 5);
      points.push([p[0] + dx * f + nx * side, p[1] + dy * f + ny * side]);
    }
    points.push(q);
    return pathData(points);
  }

  /** The direction of a sliding axis now: the axis given at the start, turned as the item turned since. */
  function slidingAxis(span, s) {
    const axis = isPoint(span.axis) ? span.axis : [1, 0];
    const turn = (s.angle || 0) - (span.startAngle || 0);
    const length = Math.hypot(axis[0], axis[1]) || 1;
    return [(Math.cos(turn) * axis[0] - Math.sin(turn) * axis[1]) / length, (Math.sin(turn) * axis[0] + Math.cos(turn) * axis[1]) / length];
  }

  /** What a person reads of a span: "spring attachment hook", "push nudge", "radialGravity field well". */
  function describeCause(span) {
    let kind = span.type;
    if (span.type === 'attachment') kind = (span.kind === 'distance' ? (span.spring ? 'spring' : 'rod') : span.kind) + ' attachment';
    else if (span.type === 'push') kind = span.instantaneous ? 'instantaneous push' : 'push';
    else if (span.type === 'field') kind = span.kind + ' field';
    else if (span.type === 'collision') kind = 'collision group ' + (span.group + 1);
    return span.behavior ? kind + ' ' + span.behavior : kind;
  }

  /**
   * The event list: scripted events, pauses and resumes, and the first `limit` contacts that began (default
   * 200), each {time, frame, type, text}, in time order.
   */
  function eventList(result, scene, causes, limit) {
    limit = limit === undefined ? 200 : limit;
    const events = (result && Array.isArray(result.events)) ? result.events : [];
    const list = [];
    let contacts = 0;
    for (const event of events) {
      let text = null;
      if (event.type === 'scripted') text = eventLabel(event.index, scene, causes); else if (event.type === 'paused') text = 'paused: everything rests';
      else if (event.type === 'resumed') text = 'resumed';
      else if (event.type === 'contactBegan' && contacts < limit) {
        contacts += 1;
        const w = event.with || {};
        text = event.item + ' touches ' + (w.item !== undefined ? w.item : (w.boundary === null || w.boundary === undefined ? 'the reference bounds' : 'boundary ' + w.boundary));
      }
      if (text !== null) list.push({ time: event.time, frame: event.frame, type: event.type, text: formatTime(event.time) + '  ' + text });
    }
    return list;
  }

  return {
    itemColor: itemColor,
    idHash: idHash,
    groupStyle: groupStyle,
    causesAt: causesAt,
    itemPoint: itemPoint,
    attachmentEnds: attachmentEnds,
    isTaut: isTaut,
    attachmentPath: attachmentPath,
    slidingAxis: slidingAxis,
    describeCause: describeCause,
    eventBehavior: eventBehavior,
    eventLabel: eventLabel,
    helpLines: helpLines,
    groupsAt: groupsAt,
    propertyBadge: propertyBadge,
    gravityCorner: gravityCorner,
    eventList: eventList,
    frameRateOf: frameRateOf,
    timeOfFrame: timeOfFrame,
    frameAtTime: frameAtTime,
    timeline: timeline,
    duration: duration,
    locate: locate,
    stateAt: stateAt,
    itemIds: itemIds,
    trajectory: trajectory,
    pathData: pathData,
    formatCoordinate: formatCoordinate,
    contactMarkers: contactMarkers,
    formatTime: formatTime,
    pauseLabel: pauseLabel,
    clockLabel: clockLabel,
    advance: advance,
    timelineMarks: timelineMarks,
    sceneGeometry: sceneGeometry,
    initialState: initialState,
    itemTransform: itemTransform,
  };
});
