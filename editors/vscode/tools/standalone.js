#!/usr/bin/env node
// Writes a self-contained preview page: standalone.html with player.js, preview.js and preview.css inlined and
// a preview result (and its scene, for the shapes) embedded.
//
//   impulse preview scene.dynamics.json --format json -o result.json
//   node editors/vscode/tools/standalone.js result.json scene.dynamics.json -o preview.html
'use strict';
const fs = require('fs');
const path = require('path');

function usage(message) {
  if (message) process.stderr.write('standalone.js: ' + message + '\n');
  process.stderr.write('usage: standalone.js RESULT.json [SCENE.dynamics.json] -o OUT.html\n');
  process.exit(2);
}

/** The page for a result and a scene (either may be null), with everything inlined. */
function standalonePage(result, scene) {
  const media = path.join(__dirname, '..', 'media');
  const read = (name) => fs.readFileSync(path.join(media, name), 'utf8');
  // Inside <script> and <style>, "</" could close the element early: escape it.
  const safe = (text) => text.replace(/<\//g, '<\\/');
  const data = JSON.stringify({ result: result, scene: scene }).replace(/</g, '\\u003c');
  return read('standalone.html')
    .replace('<link rel="stylesheet" href="preview.css">', () => '<style>\n' + read('preview.css').replace(/<\//g, '') + '</style>')
    .replace('<script type="application/json" id="preview-data">null</script>', () => '<script type="application/json" id="preview-data">' + data + '</script>')
    .replace('<script src="player.js"></script>', () => '<script>\n' + safe(read('player.js')) + '</script>')
    .replace('<script src="preview.js"></script>', () => '<script>\n' + safe(read('preview.js')) + '</script>');
}

if (require.main === module) {
  const args = process.argv.slice(2);
  let out = null;
  const inputs = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-o') { out = args[++i]; if (!out) usage('-o needs a file'); }
    else inputs.push(args[i]);
  }
  if (inputs.length < 1 || inputs.length > 2 || !out) usage();
  const load = (file) => {
    try { return JSON.parse(fs.readFileSync(file, 'utf8')); } catch (e) { usage(file + ': ' + e.message); }
  };
  fs.writeFileSync(out, standalonePage(load(inputs[0]), inputs[1] ? load(inputs[1]) : null));
}

module.exports = { standalonePage };
