// extension.js against a stand-in for VS Code's API and vscode-languageclient (neither installs here): what it
// registers, how it starts the server, how the server's "▶ Preview" lens becomes impulse.showPreview, and what
// the preview command asks the server and shows.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const Module = require('module');
const path = require('path');
const fs = require('fs');

function fakeWorld(settings) {
  const world = { commands: new Map(), clients: [], panels: [], messages: [], requests: [], documents: [] };
  class Uri {
    constructor(value) { this.value = value; this.path = value.replace(/^[a-z]+:\/\//, ''); }
    toString() { return this.value; }
    static parse(value) { return new Uri(value); }
    static joinPath(base, ...parts) { return new Uri(base.value + '/' + parts.join('/')); }
  }
  world.vscode = {
    Uri,
    ViewColumn: { Beside: -2 },
    ProgressLocation: { Window: 10 },
    CancellationTokenSource: class { constructor() { this.token = { isCancellationRequested: false }; } cancel() { this.token.isCancellationRequested = true; } dispose() {} },
    commands: {
      registerCommand(id, fn) {
        if (world.commands.has(id)) throw new Error('command \'' + id + '\' already exists');
        world.commands.set(id, fn);
        return { dispose() {} };
      },
      executeCommand() {},
    },
    workspace: {
      getConfiguration: (section) => ({ get: (key) => settings[section + '.' + key] }),
      onDidChangeConfiguration: () => ({ dispose() {} }),
      onDidChangeTextDocument: (fn) => { world.onChange = fn; return { dispose() {} }; },
      get textDocuments() { return world.documents; },
      openTextDocument: async (options) => { world.opened = (world.opened || []).concat([options]); return options; },
    },
    window: {
      activeTextEditor: undefined,
      showErrorMessage: async (m) => { world.messages.push(m); },
      showInformationMessage: async (m) => { world.messages.push(m); },
      withProgress: async (options, task) => task(),
      showTextDocument: async (document, options) => { world.shown = (world.shown || []).concat([{ document, options }]); },
      createWebviewPanel(viewType, title, column, options) {
        const panel = {
          viewType, title, options, active: true, visible: true, posted: [],
          webview: { cspSource: 'vscode-resource:', asWebviewUri: (u) => u, postMessage(m) { panel.posted.push(m); return Promise.resolve(true); } },
          onDidDispose() {}, onDidChangeViewState(fn) { panel.viewStateChanged = fn; }, reveal() {}, dispose() {},
        };
        world.panels.push(panel);
        return panel;
      },
    },
  };
  class LanguageClient {
    constructor(id, name, serverOptions, clientOptions) {
      Object.assign(this, { id, name, serverOptions, clientOptions, running: false });
      this.code2ProtocolConverter = { asUri: (u) => u.toString() };
      world.clients.push(this);
    }
    async start() { this.running = true; }
    async stop() { this.running = false; }
    isRunning() { return this.running; }
    async sendRequest(method, params) {
      world.requests.push({ method, params });
      if (world.answer) return world.answer();
      return { scene: 'Drop', frameRate: 60, frames: 1, every: 1, samples: [], events: [], pausedAt: null, final: {}, diagnostics: [] };
    }
  }
  world.languageclient = { LanguageClient };
  return world;
}

function loadExtension(world) {
  const file = require.resolve('../extension.js');
  delete require.cache[file];
  const original = Module._load;
  Module._load = function (request, parent, isMain) {
    if (request === 'vscode') return world.vscode;
    if (request === 'vscode-languageclient/node') return world.languageclient;
    return original.call(this, request, parent, isMain);
  };
  try { return require(file); } finally { Module._load = original; }
}

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));

test('activation registers the contributed commands, never the server\'s impulse.preview, and starts impulse lsp', async () => {
  const world = fakeWorld({ 'impulse.path': '/opt/impulse/bin/impulse' });
  world.commands.set('impulse.preview', () => {}); // as vscode-languageclient does from executeCommandProvider
  const extension = loadExtension(world);
  await extension.activate({ subscriptions: [], extensionUri: world.vscode.Uri.parse('file:///ext') });
  assert.deepEqual([...world.commands.keys()].filter((id) => id !== 'impulse.preview').sort(),
    pkg.contributes.commands.map((c) => c.command).sort());
  assert.equal(world.clients.length, 1);
  const client = world.clients[0];
  assert.deepEqual(client.serverOptions.run, { command: '/opt/impulse/bin/impulse', args: ['lsp'] });
  assert.deepEqual(client.clientOptions.documentSelector.map((s) => s.language), ['dynamics-scene', 'dynamics-scene']);
  assert.equal(client.clientOptions.synchronize.configurationSection, 'impulse');
  assert.equal(client.running, true);
  assert.deepEqual(world.messages, []);
});

test('without impulse.path the server is "impulse" on PATH', async () => {
  const world = fakeWorld({});
  const extension = loadExtension(world);
  await extension.activate({ subscriptions: [], extensionUri: world.vscode.Uri.parse('file:///ext') });
  assert.equal(world.clients[0].serverOptions.run.command, 'impulse');
});

test('the server\'s Preview lens opens the player instead of running impulse.preview', async () => {
  const world = fakeWorld({});
  const extension = loadExtension(world);
  await extension.activate({ subscriptions: [], extensionUri: world.vscode.Uri.parse('file:///ext') });
  const middleware = world.clients[0].clientOptions.middleware;
  const lens = { range: {}, command: { title: '▶ Preview', command: 'impulse.preview', arguments: ['file:///s.dynamics.json'] } };
  const other = { range: {}, command: { title: 'at rest after 1.20 s', command: '' } };
  const lenses = await middleware.provideCodeLenses({}, {}, async () => [lens, other]);
  assert.deepEqual(lenses[0].command, { title: '▶ Preview', command: 'impulse.showPreview', arguments: ['file:///s.dynamics.json'] });
  assert.deepEqual(lenses[1].command, other.command);
  assert.equal(await middleware.provideCodeLenses({}, {}, async () => null).then((l) => l.length), 0);
  const resolved = await middleware.resolveCodeLens({ command: { title: 'x', command: 'impulse.preview', arguments: [] } }, {}, async (l) => l);
  assert.equal(resolved.command.command, 'impulse.showPreview');
});

test('Preview Scene asks the server for impulse/preview and posts the result and the scene to a webview', async () => {
  const world = fakeWorld({});
  const extension = loadExtension(world);
  await extension.activate({ subscriptions: [], extensionUri: world.vscode.Uri.parse('file:///ext') });
  const text = '{"referenceView": {"width": 100, "height": 200}, "items": []}';
  const document = { uri: world.vscode.Uri.parse('file:///w/drop.dynamics.json'), languageId: 'dynamics-scene', getText: () => text };
  world.documents.push(document);
  await world.commands.get('impulse.showPreview')('file:///w/drop.dynamics.json');
  assert.deepEqual(world.requests, [{ method: 'impulse/preview', params: { textDocument: { uri: 'file:///w/drop.dynamics.json' }, causes: true } }]);
  assert.equal(world.panels.length, 1);
  const panel = world.panels[0];
  assert.equal(panel.viewType, 'impulse.preview');
  assert.equal(panel.title, 'Preview: drop');
  assert.equal(panel.options.enableScripts, true);
  assert.match(panel.webview.html, /Content-Security-Policy/);
  for (const script of ['player.js', 'preview.js', 'webview.js']) assert.match(panel.webview.html, new RegExp(script));
  assert.equal(panel.posted.length, 1);
  assert.equal(panel.posted[0].type, 'preview');
  assert.equal(panel.posted[0].result.scene, 'Drop');
  assert.deepEqual(panel.posted[0].scene.referenceView, { width: 100, height: 200 });
  // A second run reuses the panel.
  await world.commands.get('impulse.showPreview')('file:///w/drop.dynamics.json');
  assert.equal(world.panels.length, 1);
  assert.equal(panel.posted.length, 2);
});

test('Preview Scene with no scene open says what to do', async () => {
  const world = fakeWorld({});
  const extension = loadExtension(world);
  await extension.activate({ subscriptions: [], extensionUri: world.vscode.Uri.parse('file:///ext') });
  await world.commands.get('impulse.showPreview')();
  assert.equal(world.panels.length, 0);
  assert.match(world.messages[0], /open a \*\.dynamics\.json scene/);
});

test('a preview made stale by an edit is dropped quietly; other failures are shown in the panel', async () => {
  const world = fakeWorld({});
  const extension = loadExtension(world);
  await extension.activate({ subscriptions: [], extensionUri: world.vscode.Uri.parse('file:///ext') });
  const document = { uri: world.vscode.Uri.parse('file:///w/a.dynamics.json'), languageId: 'dynamics-scene', getText: () => '{' };
  world.documents.push(document);
  world.answer = () => Promise.reject(Object.assign(new Error('content modified'), { code: -32801 }));
  await world.commands.get('impulse.showPreview')('file:///w/a.dynamics.json');
  const panel = world.panels[0];
  assert.deepEqual(panel.posted, [], 'nothing shown for a stale answer: a newer preview follows');
  world.answer = () => Promise.reject(Object.assign(new Error('frames and duration are exclusive'), { code: -32602 }));
  await world.commands.get('impulse.showPreview')('file:///w/a.dynamics.json');
  assert.deepEqual(panel.posted, [{ type: 'error', message: 'Preview failed: frames and duration are exclusive' }]);
});

test('edits preview again once typing pauses, and a hidden preview waits until it shows', async () => {
  const world = fakeWorld({});
  const extension = loadExtension(world);
  await extension.activate({ subscriptions: [], extensionUri: world.vscode.Uri.parse('file:///ext') });
  let text = '{"referenceView": {"width": 100, "height": 200}, "items": []}';
  const document = { uri: world.vscode.Uri.parse('file:///w/e.dynamics.json'), languageId: 'dynamics-scene', getText: () => text };
  world.documents.push(document);
  await world.commands.get('impulse.showPreview')('file:///w/e.dynamics.json');
  const panel = world.panels[0];
  assert.equal(world.requests.length, 1);
  text = '{"referenceView": {"width": 300, "height": 200}, "items": [';
  world.onChange({ document, contentChanges: [{}] });
  world.onChange({ document, contentChanges: [{}] });
  await new Promise((resolve) => setTimeout(resolve, 700));
  assert.equal(world.requests.length, 2, 'two quick edits: one new preview');
  assert.equal(panel.posted[1].keepTime, true, 'the player keeps its time');
  assert.deepEqual(panel.posted[1].scene.referenceView, { width: 100, height: 200 }, 'text that does not parse keeps the last shapes');
  panel.visible = false;
  world.onChange({ document, contentChanges: [{}] });
  await new Promise((resolve) => setTimeout(resolve, 700));
  assert.equal(world.requests.length, 2, 'no preview while hidden');
  panel.visible = true;
  panel.viewStateChanged();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(world.requests.length, 3, 'previewed again when shown');
});

test('Generate Swift and Generate Objective-C ask the server for impulse.generate and open its text in a new editor', async () => {
  const world = fakeWorld({});
  const extension = loadExtension(world);
  await extension.activate({ subscriptions: [], extensionUri: world.vscode.Uri.parse('file:///ext') });
  const document = { uri: world.vscode.Uri.parse('file:///w/drop.dynamics.json'), languageId: 'dynamics-scene', getText: () => '{}' };
  world.documents.push(document);
  world.answer = () => ({ language: 'swift', typeName: 'DropDynamics', text: 'import UIKit\n', files: [], notes: [] });
  await world.commands.get('impulse.generateSwift')('file:///w/drop.dynamics.json');
  assert.deepEqual(world.requests.at(-1), {
    method: 'workspace/executeCommand',
    params: { command: 'impulse.generate', arguments: ['file:///w/drop.dynamics.json', 'swift'] },
  });
  assert.deepEqual(world.opened.at(-1), { language: 'swift', content: 'import UIKit\n' });
  assert.equal(world.shown.at(-1).options.preview, false);
  world.answer = () => ({ language: 'objc', typeName: 'DropDynamics', text: '// DropDynamics.h\n', files: [], notes: [] });
  await world.commands.get('impulse.generateObjectiveC')('file:///w/drop.dynamics.json');
  assert.equal(world.requests.at(-1).params.arguments[1], 'objc');
  assert.deepEqual(world.opened.at(-1), { language: 'objective-c', content: '// DropDynamics.h\n' });
});

test('Generate on a scene with errors shows the server\'s message and opens nothing', async () => {
  const world = fakeWorld({});
  const extension = loadExtension(world);
  await extension.activate({ subscriptions: [], extensionUri: world.vscode.Uri.parse('file:///ext') });
  world.documents.push({ uri: world.vscode.Uri.parse('file:///w/e.dynamics.json'), languageId: 'dynamics-scene', getText: () => '{}' });
  world.answer = () => { const error = new Error('The scene has 1 error: no code was generated'); error.code = -32803; throw error; };
  await world.commands.get('impulse.generateSwift')('file:///w/e.dynamics.json');
  assert.deepEqual(world.opened, undefined);
  assert.ok(world.messages.some((m) => m.includes('no code was generated')), JSON.stringify(world.messages));
});
