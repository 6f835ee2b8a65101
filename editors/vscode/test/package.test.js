// package.json's contributions against what the language server actually offers: the server's commands
// (read from Sources/Server) must not be contributed again, the settings it reads must be there, the rule codes
// of impulse.rules must be the registry's, and the language id must be the one the server expects.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');

const extensionRoot = path.join(__dirname, '..');
const repo = path.join(extensionRoot, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(extensionRoot, 'package.json'), 'utf8'));
const contributes = pkg.contributes;

function swiftFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...swiftFiles(full));
    else if (entry.name.endsWith('.swift')) out.push(full);
  }
  return out;
}
const serverSources = swiftFiles(path.join(repo, 'Sources', 'Server')).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

/** Command ids the server executes: the `impulse.*` literals of the files announcing executeCommandProvider or
 * handling workspace/executeCommand. */
function serverCommands() {
  const ids = new Set();
  for (const { text } of serverSources) {
    if (!/executeCommandProvider|workspace\/executeCommand/.test(text)) continue;
    for (const m of text.matchAll(/"(impulse\.[A-Za-z][\w.]*)"/g)) ids.add(m[1]);
  }
  return [...ids];
}

/** The keys the server reads from the editor's `impulse` settings (EditorSettings.swift: `object["key"]`). */
function serverSettingKeys() {
  const source = serverSources.find((s) => path.basename(s.file) === 'EditorSettings.swift');
  assert.ok(source, 'Sources/Server/EditorSettings.swift reads the editor settings');
  const parse = source.text.slice(source.text.indexOf('static func parse'));
  const body = parse.slice(0, parse.indexOf('static func section'));
  return [...new Set([...body.matchAll(/object\["(\w+)"\]/g)].map((m) => m[1]))];
}

function ruleCodes() {
  const text = fs.readFileSync(path.join(repo, 'Sources', 'Scene', 'Rules', 'Rules.swift'), 'utf8');
  return [...text.matchAll(/Rule\(\s*"([\w.]+)",\s*\.(\w+),/g)].map((m) => ({ code: m[1], severity: m[2] }));
}

test('the server announces impulse.preview and the extension contributes none of the server\'s commands', () => {
  const server = serverCommands();
  assert.ok(server.includes('impulse.preview'),
    'Sources/Server should announce impulse.preview in executeCommandProvider (interfaces.md); found: ' + JSON.stringify(server));
  const contributed = contributes.commands.map((c) => c.command);
  for (const id of server) {
    assert.ok(!contributed.includes(id), id + ' belongs to the server: vscode-languageclient registers it, a second registration fails');
  }
  assert.ok(contributed.includes('impulse.showPreview'));
  const title = contributes.commands.find((c) => c.command === 'impulse.showPreview');
  assert.equal(title.category + ': ' + title.title, 'Impulse: Preview Scene');
});

test('every setting the server reads is contributed, with impulse.path for the client', () => {
  const properties = contributes.configuration.properties;
  const keys = serverSettingKeys();
  assert.deepEqual(keys.sort(), ['rules', 'simulate'], 'the server reads simulate and rules');
  for (const key of keys) assert.ok(properties['impulse.' + key], 'impulse.' + key + ' is contributed');
  assert.equal(properties['impulse.simulate'].type, 'boolean');
  assert.equal(properties['impulse.simulate'].default, false, 'simulate is off unless turned on');
  assert.equal(properties['impulse.rules'].type, 'object');
  assert.equal(properties['impulse.path'].type, 'string');
  assert.equal(properties['impulse.path'].default, 'impulse');
  assert.deepEqual(Object.keys(properties).sort(), ['impulse.path', 'impulse.rules', 'impulse.simulate']);
  assert.ok(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.includes('impulse.path'),
    'an untrusted workspace cannot choose the executable');
});

test('impulse.rules offers exactly the rule codes of the registry, each with the five severities', () => {
  const rules = contributes.configuration.properties['impulse.rules'];
  const codes = ruleCodes();
  assert.ok(codes.length >= 40, 'Rules.swift parsed');
  assert.deepEqual(Object.keys(rules.properties).sort(), codes.map((r) => r.code).sort());
  for (const { code, severity } of codes) {
    assert.deepEqual(rules.properties[code].enum, ['error', 'warning', 'info', 'hint', 'off']);
    assert.match(rules.properties[code].markdownDescription, new RegExp('\\(default: ' + severity + '\\)$'), code);
  }
  assert.equal(rules.additionalProperties, false, 'a misspelled code is flagged in settings.json');
});

test('*.dynamics.json is the dynamics-scene language, which activates the extension', () => {
  const language = contributes.languages.find((l) => l.id === 'dynamics-scene');
  assert.ok(language);
  assert.ok(language.filenamePatterns.includes('*.dynamics.json'));
  assert.ok(language.extensions.includes('.dynamics.json'));
  assert.ok(fs.existsSync(path.join(extensionRoot, language.configuration)));
  assert.ok(pkg.activationEvents.includes('onLanguage:dynamics-scene'));
  const grammar = contributes.grammars.find((g) => g.language === 'dynamics-scene');
  assert.ok(fs.existsSync(path.join(extensionRoot, grammar.path)));
  const tm = JSON.parse(fs.readFileSync(path.join(extensionRoot, grammar.path), 'utf8'));
  assert.equal(tm.scopeName, grammar.scopeName);
  // The server accepts the language id it is given: make sure it is the one interfaces.md names.
  const accepts = serverSources.some(({ text }) => text.includes('"dynamics-scene"')) || serverSources.some(({ text }) => text.includes('dynamics.json'));
  assert.ok(accepts, 'the server knows dynamics-scene documents');
});

test('VS Code\'s JSON service is not asked to validate dynamics-scene a second time', () => {
  assert.equal(contributes.jsonValidation, undefined, 'the schema is found through $schema without the extension');
  assert.equal(contributes.jsonLanguageParticipants, undefined, 'no JSON language participant: the JSON service leaves dynamics-scene alone');
  assert.ok(!contributes.languages.some((l) => l.id === 'json' || l.id === 'jsonc'));
});

test('the one dependency is vscode-languageclient, and the entry point needs no build step', () => {
  assert.deepEqual(Object.keys(pkg.dependencies), ['vscode-languageclient']);
  assert.equal(pkg.devDependencies, undefined);
  assert.equal(pkg.main, './extension.js');
  assert.ok(fs.existsSync(path.join(extensionRoot, pkg.main)));
  assert.equal(pkg.scripts, undefined, 'no compile step');
  assert.match(pkg.engines.vscode, /^\^1\.\d+\.\d+$/);
});

test('menus and keybindings only name contributed commands', () => {
  const contributed = new Set(contributes.commands.map((c) => c.command));
  const named = [];
  for (const list of Object.values(contributes.menus)) for (const entry of list) named.push(entry.command);
  for (const binding of contributes.keybindings) named.push(binding.command);
  for (const id of named) assert.ok(contributed.has(id), id);
});
