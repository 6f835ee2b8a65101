// Impulse for VS Code: starts `impulse lsp` for `dynamics-scene` documents (*.dynamics.json) through
// vscode-languageclient, and adds "Impulse: Preview Scene" (impulse.showPreview), a webview that plays the
// server's `impulse/preview` result, and "Impulse: Generate Swift" / "…Objective-C" (the server's `impulse.generate`
// in a new editor).
//
// The server owns the command id `impulse.preview` (its code lens runs it, and vscode-languageclient registers it
// from the server's executeCommandProvider): this extension never registers that id; it rewrites the lens to open
// the webview instead. Plain CommonJS, no build step; the webview's logic is in media/ (player.js is tested with
// node's runner).
'use strict';
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

const LANGUAGE = 'dynamics-scene';
const REQUEST_CANCELLED = -32800; // LSP: the request was cancelled ($/cancelRequest)
const CONTENT_MODIFIED = -32801; // LSP: an edit made the answer stale
let client = null;
const previews = new Map(); // document uri (string) → Preview

function serverCommand() {
  const configured = vscode.workspace.getConfiguration('impulse').get('path');
  return typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : 'impulse';
}

function createClient() {
  const command = serverCommand();
  const server = { command, args: ['lsp'] };
  return new LanguageClient('impulse', 'Impulse', { run: server, debug: server }, {
    documentSelector: [{ language: LANGUAGE, scheme: 'file' }, { language: LANGUAGE, scheme: 'untitled' }],
    // The server asks for the `impulse` section (workspace/configuration) and hears of its changes.
    synchronize: { configurationSection: 'impulse' },
    middleware: {
      // The server's "▶ Preview" lens runs `impulse.preview`, which answers with data: open the player instead.
      provideCodeLenses: async (document, token, next) => (await next(document, token) || []).map(toShowPreview),
      resolveCodeLens: async (lens, token, next) => toShowPreview(await next(lens, token)),
    },
  });
}

function toShowPreview(lens) {
  if (lens && lens.command && lens.command.command === 'impulse.preview') {
    lens.command = { title: lens.command.title, command: 'impulse.showPreview', arguments: lens.command.arguments };
  }
  return lens;
}

async function startClient() {
  client = createClient();
  try {
    await client.start();
  } catch (error) {
    const command = serverCommand();
    const choice = await vscode.window.showErrorMessage(
      `Impulse: could not start "${command} lsp" (${error && error.message ? error.message : error}). Install impulse or set impulse.path.`,
      'Open Settings');
    if (choice) vscode.commands.executeCommand('workbench.action.openSettings', 'impulse.path');
  }
}

async function restartClient() {
  const old = client;
  client = null;
  if (old) {
    try { await old.stop(); } catch (_) { /* it may never have started */ }
  }
  await startClient();
  for (const preview of previews.values()) preview.refresh(true);
}

/** The scene to preview: a command argument (a Uri or its string, as code lenses pass it), else the active editor. */
function targetDocument(argument) {
  if (argument) {
    const uri = typeof argument === 'string' ? vscode.Uri.parse(argument) : argument;
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    return open ? Promise.resolve(open) : vscode.workspace.openTextDocument(uri);
  }
  const editor = vscode.window.activeTextEditor;
  if (editor && editor.document.languageId === LANGUAGE) return Promise.resolve(editor.document);
  for (const preview of previews.values()) if (preview.panel.active) return Promise.resolve(preview.document);
  return Promise.resolve(null);
}

function parseScene(text) {
  try { return JSON.parse(text); } catch (_) { return undefined; }
}

/** One webview per document: plays its latest preview, refreshed as the document changes. */
class Preview {
  constructor(context, document) {
    this.document = document;
    this.scene = null;
    this.pending = null;
    this.timer = null;
    const media = vscode.Uri.joinPath(context.extensionUri, 'media');
    // Beside the scene, leaving the focus in its editor: the preview follows the typing.
    this.panel = vscode.window.createWebviewPanel('impulse.preview', title(document), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [media] });
    this.panel.webview.html = page(this.panel.webview, media);
    this.stale = false;
    this.panel.onDidChangeViewState(() => {
      if (this.panel.visible && this.stale) this.refresh(true);
    });
    this.panel.onDidDispose(() => {
      if (this.pending) this.pending.cancel();
      clearTimeout(this.timer);
      previews.delete(document.uri.toString());
    });
  }

  /** Asks the server for a new preview; `keepTime` keeps the player at its time (live edits). */
  async refresh(keepTime) {
    if (!client || !client.isRunning()) {
      this.post({ type: 'error', message: 'The Impulse language server is not running.' });
      return;
    }
    this.stale = false;
    if (this.pending) this.pending.cancel();
    const source = new vscode.CancellationTokenSource();
    this.pending = source;
    const text = this.document.getText();
    const scene = parseScene(text);
    if (scene !== undefined) this.scene = scene; // mid-typing: keep drawing the last shapes that parsed
    try {
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: 'Impulse: simulating' },
        () => client.sendRequest('impulse/preview', { textDocument: { uri: client.code2ProtocolConverter.asUri(this.document.uri) }, causes: true }, source.token));
      if (source.token.isCancellationRequested) return;
      this.panel.title = title(this.document);
      this.post({ type: 'preview', result, scene: this.scene, keepTime: !!keepTime });
    } catch (error) {
      // Cancelled by a newer request, or made stale by an edit (a new refresh is on its way).
      if (source.token.isCancellationRequested || (error && (error.code === CONTENT_MODIFIED || error.code === REQUEST_CANCELLED))) return;
      this.post({ type: 'error', message: 'Preview failed: ' + (error && error.message ? error.message : String(error)) });
    } finally {
      if (this.pending === source) this.pending = null;
      source.dispose();
    }
  }

  /** A change of the document: preview again once typing pauses. */
  changed() {
    clearTimeout(this.timer);
    if (!this.panel.visible) {
      this.stale = true; // previewed again when it shows
      return;
    }
    this.timer = setTimeout(() => this.refresh(true), 500);
  }

  post(message) {
    this.panel.webview.postMessage(message);
  }
}

function title(document) {
  const name = document.uri.path.split('/').pop().replace(/\.dynamics\.json$/, '');
  return 'Preview: ' + name;
}

function page(webview, media) {
  const nonce = Array.from({ length: 32 }, () => Math.floor(Math.random() * 36).toString(36)).join('');
  const uri = (name) => webview.asWebviewUri(vscode.Uri.joinPath(media, name));
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${webview.cspSource}; img-src ${webview.cspSource} data:; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${uri('preview.css')}">
</head>
<body>
<div id="player"></div>
<script nonce="${nonce}" src="${uri('player.js')}"></script>
<script nonce="${nonce}" src="${uri('preview.js')}"></script>
<script nonce="${nonce}" src="${uri('webview.js')}"></script>
</body>
</html>`;
}

async function showPreview(context, argument) {
  const document = await targetDocument(argument);
  if (!document) {
    vscode.window.showInformationMessage('Impulse: open a *.dynamics.json scene to preview it.');
    return;
  }
  const key = document.uri.toString();
  let preview = previews.get(key);
  if (preview) {
    preview.panel.reveal(undefined, true);
  } else {
    preview = new Preview(context, document);
    previews.set(key, preview);
  }
  await preview.refresh(false);
}

// "Impulse: Generate Swift" / "Impulse: Generate Objective-C": the server's `impulse.generate` for the scene's
// current text (unsaved edits included), opened in a new untitled editor.
async function generate(language, argument) {
  const document = await targetDocument(argument);
  if (!document) {
    vscode.window.showInformationMessage('Impulse: open a *.dynamics.json scene to generate its UIKit code.');
    return null;
  }
  if (!client || !client.isRunning()) {
    vscode.window.showErrorMessage('Impulse: the language server is not running.');
    return null;
  }
  let result;
  try {
    result = await client.sendRequest('workspace/executeCommand', {
      command: 'impulse.generate',
      arguments: [client.code2ProtocolConverter.asUri(document.uri), language],
    });
  } catch (error) {
    vscode.window.showErrorMessage('Impulse: ' + (error && error.message ? error.message : String(error)));
    return null;
  }
  const code = await vscode.workspace.openTextDocument({
    language: language === 'swift' ? 'swift' : 'objective-c', content: result.text,
  });
  await vscode.window.showTextDocument(code, { preview: false, viewColumn: vscode.ViewColumn.Beside });
  return code;
}

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('impulse.showPreview', (argument) => showPreview(context, argument)),
    vscode.commands.registerCommand('impulse.generateSwift', (argument) => generate('swift', argument)),
    vscode.commands.registerCommand('impulse.generateObjectiveC', (argument) => generate('objc', argument)),
    vscode.commands.registerCommand('impulse.restartServer', restartClient),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('impulse.path')) restartClient();
    }),
    vscode.workspace.onDidChangeTextDocument((event) => {
      const preview = previews.get(event.document.uri.toString());
      if (preview && event.contentChanges.length) preview.changed();
    }),
    { dispose: () => { for (const preview of previews.values()) preview.panel.dispose(); } });
  return startClient();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
