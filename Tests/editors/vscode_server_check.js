// What the VS Code extension relies on, asked of the real `impulse lsp` the way vscode-languageclient asks it:
// the server announces impulse.preview (so the client library registers it, and the extension must not), its
// "▶ Preview" lens runs impulse.preview with [uri], and `impulse/preview` answers the json of
// `impulse preview --format json` that the player plays.
//   IMPULSE_BIN=path/to/impulse node Tests/editors/vscode_server_check.js
'use strict';
const { spawn, execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const Player = require('../../editors/vscode/media/player.js');

const bin = process.env.IMPULSE_BIN;
if (!bin) { process.stderr.write('IMPULSE_BIN is not set\n'); process.exit(2); }
const repo = path.join(__dirname, '..', '..');
const scenePath = path.join(repo, 'examples', 'stacked-squares.dynamics.json');
const uri = 'file://' + scenePath;
const text = fs.readFileSync(scenePath, 'utf8');
const waitMs = Number(process.env.EDITOR_WAIT_MS || 20000);

const server = spawn(bin, ['lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
let buffer = Buffer.alloc(0);
let nextId = 1;
const pending = new Map();

function send(message) {
  const body = Buffer.from(JSON.stringify(Object.assign({ jsonrpc: '2.0' }, message)), 'utf8');
  server.stdin.write('Content-Length: ' + body.length + '\r\n\r\n');
  server.stdin.write(body);
}
function request(method, params) {
  const id = nextId++;
  send({ id, method, params });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(method + ': no answer within ' + waitMs + ' ms')), waitMs);
    pending.set(id, (message) => { clearTimeout(timer); message.error ? reject(Object.assign(new Error(method + ': ' + message.error.message), { code: message.error.code })) : resolve(message.result); });
  });
}
function answerServer(message) {
  // Requests from the server, answered as VS Code does.
  let result = null;
  if (message.method === 'workspace/configuration') result = message.params.items.map(() => ({ path: 'impulse', simulate: false, rules: {} }));
  send({ id: message.id, result });
}
server.stdout.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const length = Number((/Content-Length: *(\d+)/i.exec(buffer.slice(0, end).toString()) || [])[1]);
    if (buffer.length < end + 4 + length) return;
    const message = JSON.parse(buffer.slice(end + 4, end + 4 + length).toString('utf8'));
    buffer = buffer.slice(end + 4 + length);
    if (message.method && message.id !== undefined) answerServer(message);
    else if (message.id !== undefined && pending.has(message.id)) { pending.get(message.id)(message); pending.delete(message.id); }
  }
});

let passed = 0;
const failures = [];
function check(condition, message) { if (condition) passed += 1; else failures.push(message); }

async function main() {
  const init = await request('initialize', {
    processId: process.pid, rootUri: 'file://' + repo, clientInfo: { name: 'Visual Studio Code' },
    capabilities: {
      general: { positionEncodings: ['utf-16'] },
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true }, executeCommand: { dynamicRegistration: true } },
      textDocument: { codeLens: { dynamicRegistration: true }, synchronization: { dynamicRegistration: true } },
      window: { workDoneProgress: true },
    },
  });
  send({ method: 'initialized', params: {} });
  const commands = (init.capabilities.executeCommandProvider || {}).commands || [];
  check(commands.includes('impulse.preview'), 'executeCommandProvider.commands has impulse.preview (got ' + JSON.stringify(commands) + ')');
  const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'editors', 'vscode', 'package.json'), 'utf8'));
  for (const id of commands) check(!pkg.contributes.commands.some((c) => c.command === id), id + ' is the server\'s: the extension must not contribute it');

  send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'dynamics-scene', version: 1, text } } });

  if (init.capabilities.codeLensProvider) {
    const lenses = await request('textDocument/codeLens', { textDocument: { uri } });
    const preview = (lenses || []).find((l) => l.command && l.command.command === 'impulse.preview');
    check(preview && preview.range.start.line === 0 && JSON.stringify(preview.command.arguments) === JSON.stringify([uri]),
      'a lens on line 0 runs impulse.preview with [uri] (got ' + JSON.stringify(lenses) + ')');
  } else {
    check(false, 'the server announces codeLensProvider');
  }

  let result = null;
  try {
    result = await request('impulse/preview', { textDocument: { uri } });
  } catch (error) {
    check(false, 'impulse/preview answered: ' + error.message);
  }
  if (result) {
    const cli = JSON.parse(execFileSync(bin, ['preview', scenePath, '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 28 }));
    check(JSON.stringify(result) === JSON.stringify(cli), 'impulse/preview answers what impulse preview --format json prints');
    check(Player.duration(result) === result.frames / result.frameRate, 'the player plays the whole run (' + Player.duration(result) + ' s)');
    check(Player.timeline(result).length === result.samples.length + (result.frames % result.every ? 1 : 0), 'the timeline holds the samples and the final frame');
    check(/^at rest after|^still moving after/.test(Player.pauseLabel(result)), 'pause label: ' + Player.pauseLabel(result));
    // The webview asks for the causes too: the same members, and `causes` beside them.
    const withCauses = await request('impulse/preview', { textDocument: { uri }, causes: true });
    const { causes, ...rest } = withCauses;
    check(JSON.stringify(rest) === JSON.stringify(cli), 'with causes: true, the rest of the answer is the preview json');
    check(causes && Array.isArray(causes.spans) && Array.isArray(causes.items) && causes.items.length === Object.keys(cli.final).length,
      'causes: true adds the causes (' + (causes ? causes.spans.length + ' spans' : 'none') + ')');
  }
  await request('shutdown'); // vscode-jsonrpc sends no params for it
  send({ method: 'exit' });
}

const overall = setTimeout(() => { failures.push('did not finish within ' + 3 * waitMs + ' ms'); finish(); }, 3 * waitMs);
function finish() {
  clearTimeout(overall);
  server.kill();
  for (const failure of failures) process.stderr.write('FAILED vscode-server: ' + failure + '\n');
  process.stderr.write('vscode-server: ' + passed + ' passed, ' + failures.length + ' failed\n');
  process.exit(failures.length ? 1 : 0);
}
main().catch((error) => failures.push(error.message)).then(finish);
