// The webview's side of the preview: mounts the player and shows what the extension posts:
// {type: "preview", result, scene, keepTime, causes?} or {type: "error", message}. The result carries
// `causes` when the server was asked for them.
(function () {
  'use strict';
  acquireVsCodeApi();
  const container = document.getElementById('player');
  const view = ImpulsePreview.mount(container);
  const banner = document.createElement('div');
  banner.className = 'problems';
  banner.hidden = true;
  document.body.insertBefore(banner, container);
  window.addEventListener('message', (event) => {
    const message = event.data || {};
    if (message.type === 'preview') {
      banner.hidden = true;
      view.load(message.result, message.scene, message.keepTime, message.causes);
    } else if (message.type === 'error') {
      banner.textContent = message.message;
      banner.hidden = false;
    }
  });
})();
