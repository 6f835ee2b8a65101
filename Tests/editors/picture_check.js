// Checks a screenshot of `impulse preview --format svg` taken by headless Chromium at a time of the run, as a
// person would look at it: each moving item shows in its color where the run has it at that time, each
// fixed anchor and snap point is marked, an active push shows its arrow and an inactive one none, the gravity
// arrow is there. What the picture should show comes from the page of `impulse preview --format html` for the
// same scene (its embedded result and causes), read with player.js.
//   node Tests/editors/picture_check.js SHOT.png PAGE.html TIME
// The screenshot is of the svg at its own size (1 px = 1 pt; the view starts 20 px in, past the margin). The
// page is dumped some milliseconds after TIME (virtual time runs from the load): positions are checked at the
// frames around TIME, and a mark that changes near TIME is not checked.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const Player = require(path.join(__dirname, '..', '..', 'editors', 'vscode', 'media', 'player.js'));

const [shotFile, pageFile, timeText] = process.argv.slice(2);
const t = Number(timeText);
const margin = 20;
let passed = 0;
const failures = [];
function check(condition, message) {
  if (condition) passed += 1; else failures.push(message);
}

/** Decodes an 8-bit RGB or RGBA PNG into {width, height, pixel(x, y) → [r, g, b]}. */
function readPNG(file) {
  const bytes = fs.readFileSync(file);
  let offset = 8;
  let width = 0, height = 0, colorType = 0, bitDepth = 0;
  const data = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      bitDepth = body[8];
      colorType = body[9];
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (bitDepth !== 8 || (colorType !== 2 && colorType !== 6)) throw new Error('unsupported PNG: depth ' + bitDepth + ', color type ' + colorType);
  const channels = colorType === 6 ? 4 : 3;
  const raw = zlib.inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x];
      const left = x >= channels ? pixels[y * stride + x - channels] : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const upLeft = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left), pb = Math.abs(p - up), pc = Math.abs(p - upLeft);
        predicted = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft);
      }
      pixels[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return {
    width, height,
    pixel(x, y) {
      x = Math.round(x); y = Math.round(y);
      if (x < 0 || y < 0 || x >= width || y >= height) return null;
      const i = y * stride + x * channels;
      return [pixels[i], pixels[i + 1], pixels[i + 2]];
    },
  };
}

const hex = (color) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
/** A color painted at `opacity` over white. */
const overWhite = (color, opacity) => hex(color).map((c) => Math.round(c * opacity + 255 * (1 - opacity)));
const distance = (a, b) => (a && b ? Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) : Infinity);
/** Whether some pixel within `radius` of scene point p is near `color`. */
function seen(shot, p, color, radius, tolerance) {
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      if (distance(shot.pixel(p[0] + margin + dx, p[1] + margin + dy), color) <= tolerance) return true;
    }
  }
  return false;
}

const page = fs.readFileSync(pageFile, 'utf8');
const data = JSON.parse(page.match(/<script type="application\/json" id="preview-data">([\s\S]*?)<\/script>/)[1]);
const result = data.result;
const causes = data.causes;
const shot = readPNG(shotFile);
const rate = Player.frameRateOf(result);
// The frames a person may be looking at: from TIME to 0.25 s after it (the dump comes a little late).
const times = [0, 0.05, 0.1, 0.15, 0.2, 0.25].map((d) => Math.min(Player.duration(result), t + d));

// Items: each one that moves shows in its color where the run has it.
const geometry = Player.sceneGeometry(data.scene);
const moving = Object.keys(geometry.items).filter((id) => {
  const line = Player.timeline(result).map((entry) => entry.items[id] && entry.items[id].center.join());
  return new Set(line).size > 1;
});
// A grid of points inside the item (its frame, turned with it), some of which its label covers: at least three
// must show its color.
function inItsColor(id, state, color) {
  const size = geometry.items[id].size;
  let matching = 0;
  for (const fx of [-0.35, -0.2, 0, 0.2, 0.35]) {
    for (const fy of [-0.35, -0.2, 0, 0.2, 0.35]) {
      const p = Player.itemPoint(state, [fx * size[0], fy * size[1]]);
      if (distance(shot.pixel(p[0] + margin, p[1] + margin), color) <= 40) matching += 1;
    }
  }
  return matching >= 3;
}
for (const id of moving) {
  const color = overWhite(Player.itemColor(id), 0.85);
  const found = times.some((time) => inItsColor(id, Player.stateAt(result, time)[id], color));
  check(found, id + ' is not drawn in its color ' + Player.itemColor(id) + ' near ' + Player.stateAt(result, t)[id].center.map(Math.round));
}

// Causes: the spans in force over the whole window, so that a change near TIME is left alone.
const steady = (span) => times.every((time) => Player.causesAt(causes, result, time).indexOf(span) >= 0);
const spans = causes.spans.filter(steady);
for (const span of spans) {
  if (span.type === 'attachment' && span.anchor) {
    const color = span.spring ? '#0f766e' : span.kind === 'sliding' ? '#0e7490' : span.kind === 'limit' ? '#7c3aed' : '#1d2128';
    check(seen(shot, span.anchor, hex(color), 2, 60), Player.describeCause(span) + ': no anchor mark at ' + span.anchor);
  } else if (span.type === 'snap') {
    const green = span.acting ? '#2aa876' : '#9aa1ab';
    check(seen(shot, [span.point[0] + 8, span.point[1]], hex(green), 1, 60), Player.describeCause(span) + ': no cross-hair at ' + span.point);
  } else if (span.type === 'gravity') {
    // In the corner the items cover least (PreviewSVGEncoder's gravityCorner): one of the four.
    const w = geometry.width, h = geometry.height;
    const corners = [[22, 22], [w - 88, 22], [22, h - 14], [w - 88, h - 14]];
    check(corners.some((c) => seen(shot, c, hex('#495057'), 3, 60)), 'no gravity arrow in a corner');
  }
}
// A push shows its arrow while active (checked at TIME's frame, outside the item) and none once inactive.
for (const span of causes.spans.filter((s) => s.type === 'push')) {
  const magnitude = Math.hypot(span.vector[0], span.vector[1]);
  if (!(magnitude > 0)) continue;
  const length = Math.min(80, Math.max(18, 30 * Math.sqrt(magnitude)));
  const active = (time) => span.active && Player.causesAt(causes, result, time).indexOf(span) >= 0;
  if (times.every(active)) {
    const shown = times.some((time) => span.items.every((id) => {
      const c = Player.stateAt(result, time)[id].center;
      const at = [c[0] + span.offset[0] + span.vector[0] / magnitude * length * 0.8, c[1] + span.offset[1] + span.vector[1] / magnitude * length * 0.8];
      return seen(shot, at, hex('#d9480f'), 2, 60);
    }));
    check(shown, Player.describeCause(span) + ': no arrow while active');
  }
}
const activePush = (time) => causes.spans.some((s) => s.type === 'push' && s.active && Player.causesAt(causes, result, time).indexOf(s) >= 0);
if (times.every((time) => !activePush(time))) {
  let orange = 0;
  for (let y = 0; y < shot.height; y += 2) for (let x = 0; x < shot.width; x += 2) if (distance(shot.pixel(x, y), hex('#d9480f')) < 30) orange += 1;
  check(orange < 4, orange + ' push-arrow pixels while no push is active');
}
check(rate > 0, 'frame rate');

for (const failure of failures) process.stderr.write('FAILED picture at ' + t + ' s: ' + failure + '\n');
process.stderr.write('picture at ' + t + ' s: ' + passed + ' passed, ' + failures.length + ' failed\n');
process.exit(failures.length ? 1 : 0);
