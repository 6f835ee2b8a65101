// Checks the preview player's page as Chromium rendered it (the DOM from `chromium --headless --dump-dom`),
// against what player.js computes from the same preview result at the same time.
//   node Tests/editors/page_check.js DOM.html RESULT.json SCENE.json TIME [PAGE.html]
// With PAGE.html (a page of `impulse preview --format html`, which embeds the causes), the causes drawn at TIME,
// the collision groups' legend, the boundary labels and the event list are checked too.
'use strict';
const fs = require('fs');
const path = require('path');
const Player = require(path.join(__dirname, '..', '..', 'editors', 'vscode', 'media', 'player.js'));

const [domFile, resultFile, sceneFile, timeText, pageFile] = process.argv.slice(2);
const dom = fs.readFileSync(domFile, 'utf8');
const result = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
const scene = JSON.parse(fs.readFileSync(sceneFile, 'utf8'));
// TIME "play": the page was opened with ?play and dumped after some virtual time; it must be playing.
const playing = timeText === 'play';
let t = Number(timeText);
let passed = 0;
const failures = [];
function check(condition, message) {
  if (condition) passed += 1; else failures.push(message);
}
const unescape = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const text = (cls) => {
  const m = dom.match(new RegExp('<span class="' + cls + '[^"]*"[^>]*>([^<]*)</span>'));
  return m ? unescape(m[1]) : null;
};

if (playing) {
  const shown = Number((text('clock') || '').split(' s')[0]);
  check(shown > 0 && shown < Player.duration(result), 'playing: the clock moved (' + text('clock') + ')');
  check(/<button class="play"[^>]*aria-label="Pause"/.test(dom), 'playing: the button offers Pause');
  t = shown;
}
if (!playing) check(text('clock') === Player.clockLabel(result, t), 'clock shows "' + text('clock') + '", expected "' + Player.clockLabel(result, t) + '"');
check(text('pause-label') === Player.pauseLabel(result), 'pause label "' + text('pause-label') + '", expected "' + Player.pauseLabel(result) + '"');

const geometry = Player.sceneGeometry(scene);
const state = Player.stateAt(result, t);
const groups = [...dom.matchAll(/<g class="item(?: resting)?"([^>]*)>([\s\S]*?)<\/g>/g)].map((m) => ({
  transform: (m[1].match(/transform="([^"]*)"/) || [])[1],
  // The tooltip is the id, then the material where it differs from the defaults ("puck — elasticity 0.8").
  id: unescape((m[2].match(/<title>([^<]*)<\/title>/) || [])[1] || '').split(' — ')[0],
}));
check(groups.length === Object.keys(geometry.items).length, groups.length + ' items drawn, the scene has ' + Object.keys(geometry.items).length);
for (const id of playing ? [] : Object.keys(state)) {
  const group = groups.find((g) => g.id === id);
  check(group && group.transform === Player.itemTransform(state[id]), id + ' is at ' + (group && group.transform) + ', expected ' + Player.itemTransform(state[id]));
}
const trails = [...dom.matchAll(/<path class="trail"[^>]* d="([^"]*)"/g)].map((m) => m[1]);
// At a fixed time the trails run from the start to it. While playing, the page may be dumped a frame or two
// after it started (the animation runs on wall-clock time, which a loaded machine hands out sparingly), so
// only the trails' presence is checked there; the fixed-time pages check their content.
if (playing) check(trails.length === groups.length, trails.length + ' trails for ' + groups.length + ' items');
else check(trails.some((d) => d.split(' L').length > 2), 'trajectories are drawn');
const markers = (dom.match(/<circle [^>]*class="contact"/g) || []).length;
if (!playing) check(markers === Player.contactMarkers(result, t, 0.6).length, markers + ' contact markers, expected ' + Player.contactMarkers(result, t, 0.6).length);
const boundaries = (dom.match(/class="boundary/g) || []).length;
check(boundaries === geometry.boundaries.length, boundaries + ' boundaries drawn, the scene has ' + geometry.boundaries.length);
check(/<input type="range"[^>]*max="([\d.]+)"/.test(dom) && Math.abs(Number(dom.match(/<input type="range"[^>]*max="([\d.]+)"/)[1]) - Player.duration(result)) < 1e-9, 'the scrubber spans the run');

if (pageFile) {
  const page = fs.readFileSync(pageFile, 'utf8');
  const data = JSON.parse(page.match(/<script type="application\/json" id="preview-data">([\s\S]*?)<\/script>/)[1]);
  const causes = data.causes;
  check(JSON.stringify(data.result) === JSON.stringify(result), 'the page embeds what impulse preview --format json prints');
  const shown = Player.causesAt(causes, result, t).filter((s) => {
    const zero = s.vector && !(Math.hypot(s.vector[0], s.vector[1]) > 0);
    if (s.type === 'collision') return false;
    if (s.type === 'push') return s.active && !zero;
    if (s.type === 'gravity') return !zero;
    return true;
  });
  const drawn = (dom.match(/<g class="cause /g) || []).length;
  if (!playing) check(drawn === shown.length, drawn + ' causes drawn, expected ' + shown.length + ' (' + shown.map(Player.describeCause).join(', ') + ')');
  for (const kind of ['attachment', 'snap', 'push', 'gravity', 'field']) {
    const expected = shown.filter((s) => s.type === kind).length;
    const found = (dom.match(new RegExp('<g class="cause ' + kind + '[ "]', 'g')) || []).length;
    if (!playing) check(found === expected, found + ' ' + kind + ' causes drawn, expected ' + expected);
  }
  if (!playing) {
    // The legend at the time shown, membership included.
    const now = Player.groupsAt(causes, result, t);
    const rows = [...dom.matchAll(/<span class="group">[\s\S]*?<\/svg>([^<]*)<\/span>/g)].map((m) => unescape(m[1]));
    check(rows.length === now.length, 'the legend lists ' + rows.length + ' collision groups, expected ' + now.length);
    now.forEach((g, k) => check(rows[k] !== undefined && rows[k].endsWith(': ' + (g.items.length ? g.items.join(', ') : 'no items')), 'legend row ' + k + ' "' + rows[k] + '" lists ' + g.items.join(', ')));
  }
  // Each tick carries its event's label on hover, in the Events list's words.
  const ticks = [...dom.matchAll(/<span class="mark scripted" title="([^"]*)"/g)].map((m) => unescape(m[1]));
  const marks = Player.timelineMarks(result, scene, causes).filter((m) => m.type === 'scripted');
  check(ticks.length === marks.length && ticks.every((label, k) => label === marks[k].label), 'the ticks are labelled ' + JSON.stringify(marks.map((m) => m.label)) + ', found ' + JSON.stringify(ticks));
  const listedTexts = [...dom.matchAll(/<li class="event scripted"[^>]*>([^<]*)<\/li>/g)].map((m) => unescape(m[1]));
  check(listedTexts.every((text, k) => text === marks[k].label), 'the Events list says what the ticks say: ' + JSON.stringify(listedTexts));
  // The help documents the keys and the address's parameters.
  check(/<details class="help">/.test(dom) && dom.includes('?t=SECONDS') && dom.includes('?play') && dom.includes('Space: play or pause'), 'the help lists ?t=SECONDS, ?play and the keys');
  // Material badges: one per item whose elasticity, friction or density differs from the defaults.
  const badged = causes.items.filter((i) => Player.propertyBadge(i.properties)).length;
  check((dom.match(/<text [^>]*class="badge"/g) || []).length === badged, badged + ' material badges');
  const labelled = geometry.boundaries.filter((b) => b.id !== null).length;
  check((dom.match(/class="wall-label"/g) || []).length === labelled, labelled + ' boundary labels');
  const listed = (dom.match(/<li class="event /g) || []).length;
  check(listed === Player.eventList(result, scene, causes).length, listed + ' events listed, expected ' + Player.eventList(result, scene, causes).length);
}

for (const failure of failures) process.stderr.write('FAILED page: ' + failure + '\n');
process.stderr.write('page: ' + passed + ' passed, ' + failures.length + ' failed\n');
process.exit(failures.length ? 1 : 0);
