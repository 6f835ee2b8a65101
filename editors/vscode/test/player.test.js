// The preview player's arithmetic (media/player.js), on small results written out by hand so that every
// expected value can be checked by reading it.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const Player = require('../media/player.js');

function item(x, y, angle, resting) {
  return { center: [x, y], angle: angle, velocity: [0, 0], angularVelocity: 0, resting: !!resting };
}

// 60 Hz, 10 frames kept every 4: samples at frames 0, 4, 8; final frame 10 is not a sample.
const result = {
  scene: 'Drop',
  frameRate: 60,
  frames: 10,
  every: 4,
  samples: [
    { frame: 0, time: 0, items: { a: item(0, 0, 0), b: item(100, 100, 0, true) } },
    { frame: 4, time: 4 / 60, items: { a: item(40, 8, 0.4), b: item(100, 100, 0, true) } },
    { frame: 8, time: 8 / 60, items: { a: item(80, 16, 0.8), b: item(100, 100, 0, true) } },
  ],
  events: [
    { frame: 2, time: 2 / 60, type: 'scripted', index: 0 },
    { frame: 5, time: 5 / 60, type: 'contactBegan', item: 'a', with: { boundary: null }, point: [50, 20] },
    { frame: 7, time: 7 / 60, type: 'contactEnded', item: 'a', with: { boundary: null }, point: [70, 20] },
    { frame: 9, time: 9 / 60, type: 'contactBegan', item: 'a', with: { item: 'b' }, point: [90, 90] },
    { frame: 10, time: 10 / 60, type: 'paused' },
  ],
  pausedAt: { frame: 10, time: 10 / 60 },
  final: { a: item(100, 20, 1.0, true), b: item(100, 100, 0, true) },
  diagnostics: [],
};

test('time and frame map both ways at the frame rate, clamped to the run', () => {
  assert.equal(Player.timeOfFrame(30, 60), 0.5);
  assert.equal(Player.frameAtTime(0.5, 60, 100), 30);
  assert.equal(Player.frameAtTime(0.1, 60, 100), 6, '0.1 * 60 is 5.999… in doubles: still frame 6');
  assert.equal(Player.frameAtTime(0.099, 60, 100), 5, 'a frame shows until the next one starts');
  assert.equal(Player.frameAtTime(-1, 60, 100), 0);
  assert.equal(Player.frameAtTime(10, 60, 100), 100);
  assert.equal(Player.frameRateOf({ frameRate: 120 }), 120);
  assert.equal(Player.frameRateOf({}), 60, 'the default rate when the result gives none');
});

test('the timeline ends at the final frame even when it is not a sample', () => {
  const line = Player.timeline(result);
  assert.deepEqual(line.map((e) => e.frame), [0, 4, 8, 10]);
  assert.equal(line[3].items, result.final);
  assert.equal(Player.duration(result), 10 / 60);
  const exact = Object.assign({}, result, { frames: 8 });
  assert.deepEqual(Player.timeline(exact).map((e) => e.frame), [0, 4, 8], 'no duplicate when the last sample is the final frame');
});

test('a scene with errors has an empty timeline and a zero duration', () => {
  const failed = { scene: 'Bad', frameRate: 60, frames: 180, every: 1, samples: [], events: [], pausedAt: null, final: {}, diagnostics: [{ code: 'scene.missingKey', severity: 'error', message: 'm' }] };
  assert.deepEqual(Player.timeline(failed), []);
  assert.equal(Player.duration(failed), 0);
  assert.deepEqual(Player.stateAt(failed, 1), {});
  assert.equal(Player.pauseLabel(failed), 'not simulated');
  assert.deepEqual(Player.advance(0, 1, 1, 0, false), { time: 0, playing: false });
});

test('positions and angles interpolate linearly between samples', () => {
  const halfway = Player.stateAt(result, 2 / 60);
  assert.ok(Math.abs(halfway.a.center[0] - 20) < 1e-9);
  assert.ok(Math.abs(halfway.a.center[1] - 4) < 1e-9);
  assert.ok(Math.abs(halfway.a.angle - 0.2) < 1e-9);
  assert.deepEqual(halfway.b.center, [100, 100]);
  const atSample = Player.stateAt(result, 4 / 60);
  assert.deepEqual(atSample.a.center, [40, 8], 'exactly at a sample: that sample, not a blend');
  const last = Player.stateAt(result, 9 / 60);
  assert.ok(Math.abs(last.a.center[0] - 90) < 1e-9, 'between the last sample and the final frame');
  assert.ok(Math.abs(last.a.center[1] - 18) < 1e-9);
  assert.deepEqual(Player.stateAt(result, 5).a.center, [100, 20], 'past the end: the final state');
  assert.deepEqual(Player.stateAt(result, -1).a.center, [0, 0], 'before the start: the first sample');
});

test('locate finds the samples around a time by binary search', () => {
  const line = Player.timeline(result);
  assert.deepEqual(Player.locate(line, 0), { index: 0, fraction: 0 });
  const where = Player.locate(line, 6 / 60);
  assert.equal(where.index, 1);
  assert.ok(Math.abs(where.fraction - 0.5) < 1e-9);
  assert.deepEqual(Player.locate(line, 1), { index: 3, fraction: 0 });
  assert.equal(Player.locate([], 1), null);
});

test('a trajectory follows the samples up to the time and ends where the item is', () => {
  assert.deepEqual(Player.trajectory(result, 'a'), [[0, 0], [40, 8], [80, 16], [100, 20]]);
  const partial = Player.trajectory(result, 'a', 6 / 60);
  assert.equal(partial.length, 3);
  assert.deepEqual(partial.slice(0, 2), [[0, 0], [40, 8]]);
  assert.ok(Math.abs(partial[2][0] - 60) < 1e-9 && Math.abs(partial[2][1] - 12) < 1e-9);
  assert.deepEqual(Player.trajectory(result, 'b'), [[100, 100]], 'an item at rest: one point, no repeats');
  assert.deepEqual(Player.trajectory(result, 'nobody'), []);
});

test('path data is a compact SVG path', () => {
  assert.equal(Player.pathData([[0, 0], [40.125, 8], [-0.001, 16.5]]), 'M0 0 L40.13 8 L0 16.5');
  assert.equal(Player.pathData([]), '');
});

test('contact markers show the contacts that began recently, fading with age', () => {
  assert.deepEqual(Player.contactMarkers(result, 4 / 60, 0.1), [], 'nothing before the first contact');
  const fresh = Player.contactMarkers(result, 5 / 60, 0.1);
  assert.equal(fresh.length, 1);
  assert.deepEqual(fresh[0].point, [50, 20]);
  assert.equal(fresh[0].opacity, 1);
  const both = Player.contactMarkers(result, 9 / 60, 0.1);
  assert.deepEqual(both.map((m) => m.point), [[50, 20], [90, 90]], 'contactEnded events are not markers');
  assert.ok(both[0].opacity > 0 && both[0].opacity < 1, 'an older contact is fainter');
  assert.deepEqual(both[1].with, { item: 'b' });
  assert.deepEqual(Player.contactMarkers(result, 1, 0.1), [], 'gone after the fade time');
});

test('pause and clock labels say what a person wants to know', () => {
  assert.equal(Player.formatTime(0), '0 s');
  assert.equal(Player.formatTime(2.345), '2.35 s');
  assert.equal(Player.formatTime(4), '4.00 s');
  assert.equal(Player.formatTime(NaN), '–');
  assert.equal(Player.pauseLabel(result), 'at rest after 0.17 s (frame 10)');
  assert.equal(Player.pauseLabel(Object.assign({}, result, { pausedAt: null })), 'still moving after 0.17 s');
  assert.equal(Player.clockLabel(result, 5 / 60), '0.08 s / 0.17 s · frame 5');
});

test('playback advances with speed, stops at the end or loops', () => {
  assert.deepEqual(Player.advance(1, 0.5, 2, 4, false), { time: 2, playing: true });
  assert.deepEqual(Player.advance(1, 0.5, 0.5, 4, false), { time: 1.25, playing: true });
  assert.deepEqual(Player.advance(3.9, 0.5, 1, 4, false), { time: 4, playing: false });
  const looped = Player.advance(3.9, 0.5, 1, 4, true);
  assert.equal(looped.playing, true);
  assert.ok(Math.abs(looped.time - 0.4) < 1e-9);
});

test('timeline marks list scripted events and pauses', () => {
  const marks = Player.timelineMarks(result);
  assert.deepEqual(marks.map((m) => m.type), ['scripted', 'paused']);
  assert.equal(marks[0].label, '0.03 s  event 0');
});

test('scene geometry reads sizes, shapes and boundaries leniently', () => {
  const scene = {
    referenceView: { width: 390, height: 844 },
    items: [
      { id: 'box', center: [0, 0], size: [40, 30] },
      { id: 'ball', center: [0, 0], size: [20, 20], collisionBounds: 'ellipse' },
      { id: 'wedge', center: [0, 0], size: [60, 60], collisionBounds: { path: [[0, -30], [30, 30], [-30, 30]] } },
      { id: 'odd', center: [0, 0], size: 'big' },
      { center: [1, 1] },
      { id: 'tilted', center: [5, 6], size: [10, 10], angle: 0.5 },
      { id: 'lost', size: [10, 10] },
    ],
    behaviors: [
      { type: 'gravity', items: ['box'] },
      { type: 'collision', items: ['box'], translatesReferenceBoundsIntoBoundary: true, insets: { top: 20, left: 10, bottom: 34, right: 10 },
        boundaries: [{ id: 'ledge', from: [20, 380], to: [140, 420] }, { id: 'bumper', path: [[250, 620], [350, 620], [300, 680]] }, { id: 'broken', from: [1] }] },
      { type: 'collision', mode: 'items', items: ['ball'], boundaries: [{ id: 'ignored', from: [0, 0], to: [1, 1] }] },
    ],
  };
  const g = Player.sceneGeometry(scene);
  assert.equal(g.width, 390);
  assert.equal(g.height, 844);
  assert.deepEqual(g.items.box, { size: [40, 30], shape: 'rectangle', center: [0, 0], angle: 0 });
  assert.equal(g.items.ball.shape, 'ellipse');
  assert.equal(g.items.wedge.shape, 'path');
  assert.deepEqual(g.items.odd.size, [20, 20], 'a bad size draws as 20 × 20');
  assert.deepEqual(Object.keys(g.items), ['box', 'ball', 'wedge', 'odd', 'tilted', 'lost']);
  assert.deepEqual(Player.initialState(g).tilted, { center: [5, 6], angle: 0.5, resting: true }, 'start positions come from the scene');
  assert.equal(Player.initialState(g).lost, undefined, 'an item without a center has no start position');
  assert.deepEqual(g.boundaries, [
    { id: null, group: 0, kind: 'bounds', rect: [10, 20, 370, 790] },
    { id: 'ledge', group: 0, kind: 'segment', from: [20, 380], to: [140, 420] },
    { id: 'bumper', group: 0, kind: 'path', points: [[250, 620], [350, 620], [300, 680]] },
  ], 'mode items ignores boundaries; broken ones are skipped');
  assert.deepEqual(Player.sceneGeometry(null), { width: 375, height: 667, items: {}, boundaries: [] });
  assert.deepEqual(Player.sceneGeometry({ referenceView: { width: -1, height: 5 } }).width, 375);
});

test('an item is placed by translating to its center and rotating by its angle in degrees', () => {
  assert.equal(Player.itemTransform({ center: [10.5, 20], angle: Math.PI / 2 }), 'translate(10.5 20) rotate(90)');
  assert.equal(Player.itemTransform({ center: [0, 0] }), 'translate(0 0) rotate(0)');
});

// --- Causes (what `impulse preview --format html` embeds and the server adds when asked) -----------------

const causes = {
  items: [{ id: 'a', color: '#2f6fde', group: 0 }],
  groups: [{ behavior: 'walls', items: ['a'], mode: 'everything' }],
  spans: [
    { from: 0, to: 6, type: 'attachment', behavior: 'rope', kind: 'distance', spring: false, item: 'a', offset: [10, 0], anchor: [0, -50], attachedOffset: [0, 0], length: 50, axis: null, startAngle: 0 },
    { from: 6, to: 10, type: 'attachment', behavior: 'rope', kind: 'distance', spring: false, item: 'a', offset: [10, 0], anchor: [30, -50], attachedOffset: [0, 0], length: 50, axis: null, startAngle: 0 },
    { from: 0, to: 1, type: 'push', behavior: 'kick', items: ['a'], vector: [1, 0], offset: [0, 0], instantaneous: true, active: true },
    { from: 1, to: 10, type: 'push', behavior: 'kick', items: ['a'], vector: [1, 0], offset: [0, 0], instantaneous: true, active: false },
  ],
  events: [{ index: 0, behavior: 'rope' }],
  contactShown: 0.05,
};

test('the causes shown at a time are the spans holding its frame; the last span holds the last frame', () => {
  const at = (t) => Player.causesAt(causes, result, t).map((s) => s.type + (s.anchor ? ' ' + s.anchor : '') + (s.type === 'push' ? ' ' + s.active : ''));
  assert.deepEqual(at(0), ['attachment 0,-50', 'push true']);
  assert.deepEqual(at(5 / 60), ['attachment 0,-50', 'push false'], 'an instantaneous push shows contactShown (3 frames) then its inactive span');
  assert.deepEqual(at(2 / 60), ['attachment 0,-50', 'push true', 'push false'], 'the active push lingers for 3 frames');
  assert.deepEqual(at(6 / 60), ['attachment 30,-50', 'push false'], 'the anchor moved at frame 6');
  assert.deepEqual(at(10 / 60), ['attachment 30,-50', 'push false'], 'spans ending at the last frame hold it');
  assert.deepEqual(Player.causesAt(null, result, 0), []);
});

test("an attachment's ends: the item's point turned with it, and the anchor or the other item's point", () => {
  const state = { a: { center: [100, 100], angle: Math.PI / 2 }, b: { center: [0, 0], angle: 0 } };
  const ends = Player.attachmentEnds(causes.spans[0], state);
  assert.deepEqual(ends[0].map((v) => Math.round(v * 1e9) / 1e9), [100, 110], 'offset [10, 0] turned a quarter clockwise (y down) is [0, 10]');
  assert.deepEqual(ends[1], [0, -50]);
  const toItem = { item: 'a', offset: [0, 0], attachedTo: 'b', attachedOffset: [5, 5] };
  assert.deepEqual(Player.attachmentEnds(toItem, state), [[100, 100], [5, 5]]);
  assert.equal(Player.attachmentEnds({ item: 'gone', offset: [0, 0] }, state), null);
  assert.equal(Player.isTaut({ length: 10 }, [[0, 0], [0, 9.6]]), true, 'within 0.5 pt of its length: taut');
  assert.equal(Player.isTaut({ length: 10 }, [[0, 0], [0, 9]]), false, 'shorter: slack');
  const zigzag = Player.attachmentPath({ spring: true }, [0, 0], [0, 100]);
  assert.equal(zigzag.split('L').length, 15, 'a spring is a zigzag of 14 segments, as the svg draws it');
  assert.equal(Player.attachmentPath({ spring: false }, [0, 0], [0, 100]), 'M0 0 L0 100', 'a rod is a line');
  const axis = Player.slidingAxis({ axis: [2, 0], startAngle: 0.5 }, { angle: 0.5 + Math.PI / 2 });
  assert.deepEqual(axis.map((v) => Math.round(v * 1e9) / 1e9), [0, 1], 'the axis turns as the item turned since the start');
});

test('an item keeps its color whatever the order; the scene color wins when it is a color', () => {
  assert.equal(Player.itemColor('box'), Player.itemColor('box'));
  assert.match(Player.itemColor('box'), /^#[0-9a-f]{6}$/);
  const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'box', 'ball'];
  assert.ok(new Set(ids.map((id) => Player.itemColor(id))).size >= 4, 'ids spread over the palette');
  assert.equal(Player.idHash(''), 2166136261, 'FNV-1a of nothing is its offset basis');
  assert.equal(Player.idHash('a'), 3826002220, 'FNV-1a of "a"');
  assert.equal(Player.itemColor('box', 'red'), 'red');
  assert.equal(Player.itemColor('box', '#0f0'), '#0f0');
  assert.equal(Player.itemColor('box', 'url(#x)'), Player.itemColor('box'), 'not a color: the id picks');
  assert.equal(Player.groupStyle(1).dash, '6 3');
  assert.equal(Player.groupStyle(0).dash, null);
});

test('timeline marks and the event list name the behavior of each scripted event', () => {
  const marks = Player.timelineMarks(result, null, causes);
  assert.equal(marks[0].label, '0.03 s  event 0: rope');
  const scene = { events: [{ at: 0.03, add: { type: 'snap', item: 'a', point: [0, 0] } }] };
  assert.equal(Player.timelineMarks(result, scene).map((m) => m.behavior)[0], 'snap', 'an added behavior without id: its type');
  const list = Player.eventList(result, null, causes);
  assert.deepEqual(list.map((e) => e.type), ['scripted', 'contactBegan', 'contactBegan', 'paused']);
  assert.equal(list[0].text, '0.03 s  event 0: rope');
  assert.equal(list[1].text, '0.08 s  a touches the reference bounds');
  assert.equal(list[2].text, '0.15 s  a touches b');
  assert.equal(Player.eventList(result, null, causes, 1).length, 3, 'contacts are listed up to the limit');
});

// --- What a newcomer could not see (issue 23) ----------------------------------------------------------------

test('a tick and the event list say what the event does, with its comment', () => {
  const scene = { events: [{ at: 0.03, pan: 'rope', path: [[0, 0], [10, 0]], duration: 1, $comment: 'the finger drags the lamp' }] };
  const marks = Player.timelineMarks(result, scene, causes);
  assert.equal(marks[0].label, '0.03 s  event 0: pan rope — the finger drags the lamp');
  assert.equal(Player.eventList(result, scene, causes)[0].text, '0.03 s  event 0: pan rope — the finger drags the lamp', 'the Events list shows the same words');
  assert.equal(Player.eventLabel(0, { events: [{ at: 1, set: 'kick', values: { magnitude: 2, active: true } }] }, null), 'event 0: set kick (magnitude, active)');
  assert.equal(Player.eventLabel(0, { events: [{ at: 1, add: { type: 'snap', id: 's', item: 'a', point: [0, 0] } }] }, null), 'event 0: add snap s');
  assert.equal(Player.eventLabel(0, { events: [{ at: 1, remove: 'g' }] }, null), 'event 0: remove g');
});

test('the legend shows the collision groups as they are at the time shown', () => {
  const grouped = {
    groups: [{ behavior: 'walls', items: ['a', 'b'], mode: 'everything' }],
    spans: [
      { from: 0, to: 6, type: 'collision', behavior: 'walls', group: 0, items: ['a'], mode: 'everything' },
      { from: 6, to: 10, type: 'collision', behavior: 'walls', group: 0, items: ['a', 'b'], mode: 'everything' },
    ],
  };
  assert.deepEqual(Player.groupsAt(grouped, result, 0).map((g) => g.items), [['a']], 'b joins only at frame 6');
  assert.deepEqual(Player.groupsAt(grouped, result, 8 / 60).map((g) => g.items), [['a', 'b']]);
  assert.deepEqual(Player.groupsAt({ groups: grouped.groups, spans: [] }, result, 0).map((g) => g.items), [['a', 'b']], 'without collision spans: the groups given');
});

test('an item whose material differs from the defaults gets a badge and a tooltip', () => {
  assert.deepEqual(Player.propertyBadge({ elasticity: 0.9, density: 3 }), { text: 'e 0.9 · ρ 3', title: 'elasticity 0.9, density 3' });
  assert.equal(Player.propertyBadge({}), null);
  assert.equal(Player.propertyBadge(undefined), null);
});

test('the gravity badge goes to the corner the items cover least', () => {
  assert.deepEqual(Player.gravityCorner(400, 800, []), [22, 22], 'top-left when nothing is there');
  assert.deepEqual(Player.gravityCorner(400, 800, [[0, 0, 60, 60]]), [312, 22], 'an item at the top-left: the top-right');
  assert.deepEqual(Player.gravityCorner(400, 800, [[0, 0, 400, 60]]), [22, 786], 'a shelf along the top: the bottom-left');
});

test("the help lists the keys, and the page's address parameters on the standalone page", () => {
  const inEditor = Player.helpLines(false).join('\n');
  assert.match(inEditor, /Space: play or pause/);
  assert.doesNotMatch(inEditor, /\?t=/);
  const page = Player.helpLines(true).join('\n');
  assert.match(page, /\?t=SECONDS/);
  assert.match(page, /\?play/);
  assert.match(page, /--autoplay/);
});
