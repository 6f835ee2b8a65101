// The preview player's page: draws the scene (reference view, boundaries, items), trajectories and contact
// markers in an SVG, and drives it with play/pause, a scrubber, a speed menu and a clock. All the arithmetic is
// in player.js (tested with node); this file only turns its answers into DOM.
//
// Used by the VS Code webview (the extension posts {type: "preview", result, scene} messages) and by
// standalone.html (a page that reads its data from an inline <script type="application/json">).
(function (root) {
  'use strict';
  const Player = root.ImpulsePlayer;
  const SVG = 'http://www.w3.org/2000/svg';

  function svg(name, attributes, parent) {
    const node = document.createElementNS(SVG, name);
    for (const key of Object.keys(attributes || {})) node.setAttribute(key, attributes[key]);
    if (parent) parent.appendChild(node);
    return node;
  }

  function html(name, attributes, parent, text) {
    const node = document.createElement(name);
    for (const key of Object.keys(attributes || {})) node.setAttribute(key, attributes[key]);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  const palette = ['#4f8cff', '#ff8a3d', '#3dbf7a', '#d45cff', '#ffc53d', '#3dc9d4', '#ff5c7a', '#9aa7ff'];

  /** Builds the player inside `container`; returns {load, play, pause, seek, state}. */
  function mount(container, options) {
    options = options || {};
    const f = Player.formatCoordinate;
    container.classList.add('impulse-preview');
    container.textContent = '';

    const header = html('div', { class: 'header' }, container);
    const title = html('span', { class: 'title' }, header, 'Impulse preview');
    const pause = html('span', { class: 'pause-label' }, header);

    const stage = html('div', { class: 'stage' }, container);
    const canvas = svg('svg', { class: 'scene', preserveAspectRatio: 'xMidYMid meet' }, stage);
    const layers = {
      view: svg('g', { class: 'view' }, canvas),
      boundaries: svg('g', { class: 'boundaries' }, canvas),
      trails: svg('g', { class: 'trails' }, canvas),
      items: svg('g', { class: 'items' }, canvas),
      contacts: svg('g', { class: 'contacts' }, canvas),
    };

    const problems = html('ul', { class: 'problems', hidden: '' }, container);

    const controls = html('div', { class: 'controls' }, container);
    const playButton = html('button', { class: 'play', type: 'button', title: 'Play or pause (space)' }, controls, '▶');
    const scrubberBox = html('div', { class: 'scrubber' }, controls);
    const scrubber = html('input', { type: 'range', min: '0', max: '0', step: 'any', value: '0', 'aria-label': 'Time' }, scrubberBox);
    const marks = html('div', { class: 'marks' }, scrubberBox);
    const clock = html('span', { class: 'clock' }, controls);
    const speed = html('select', { class: 'speed', title: 'Speed', 'aria-label': 'Speed' }, controls);
    for (const s of [0.1, 0.25, 0.5, 1, 2]) html('option', { value: String(s) }, speed, s + '×');
    speed.value = '1';
    const toggles = html('span', { class: 'toggles' }, controls);
    const trailsLabel = html('label', {}, toggles);
    const trailsBox = html('input', { type: 'checkbox' }, trailsLabel);
    trailsLabel.appendChild(document.createTextNode(' trajectories'));
    const contactsLabel = html('label', {}, toggles);
    const contactsBox = html('input', { type: 'checkbox' }, contactsLabel);
    contactsLabel.appendChild(document.createTextNode(' contacts'));
    const loopLabel = html('label', {}, toggles);
    const loopBox = html('input', { type: 'checkbox' }, loopLabel);
    loopLabel.appendChild(document.createTextNode(' loop'));
    trailsBox.checked = options.trajectories !== false;
    contactsBox.checked = options.contacts !== false;
    loopBox.checked = options.loop === true;

    const model = { result: null, line: [], geometry: null, initial: {}, total: 0, time: 0, playing: false, last: 0, nodes: {}, trails: {} };

    function drawScene() {
      for (const layer of Object.values(layers)) layer.textContent = '';
      model.nodes = {};
      model.trails = {};
      const g = model.geometry;
      canvas.setAttribute('viewBox', [-10, -10, g.width + 20, g.height + 20].map(f).join(' '));
      svg('rect', { x: 0, y: 0, width: f(g.width), height: f(g.height), class: 'reference-view' }, layers.view);
      for (const b of g.boundaries) {
        let node;
        if (b.kind === 'bounds') node = svg('rect', { x: f(b.rect[0]), y: f(b.rect[1]), width: f(b.rect[2]), height: f(b.rect[3]), class: 'boundary bounds' }, layers.boundaries);
        else if (b.kind === 'segment') node = svg('line', { x1: f(b.from[0]), y1: f(b.from[1]), x2: f(b.to[0]), y2: f(b.to[1]), class: 'boundary' }, layers.boundaries);
        else node = svg('polygon', { points: b.points.map((p) => f(p[0]) + ',' + f(p[1])).join(' '), class: 'boundary' }, layers.boundaries);
        svg('title', {}, node).textContent = b.id === null ? 'reference bounds' : 'boundary ' + b.id;
      }
      const ids = Player.itemIds(model.result);
      for (const id of Object.keys(g.items)) if (ids.indexOf(id) < 0) ids.push(id);
      ids.forEach((id, index) => {
        const color = palette[index % palette.length];
        model.trails[id] = svg('path', { class: 'trail', stroke: color }, layers.trails);
        const shape = g.items[id] || { size: [20, 20], shape: 'rectangle' };
        const group = svg('g', { class: 'item' }, layers.items);
        const w = shape.size[0];
        const h = shape.size[1];
        let body;
        if (shape.shape === 'ellipse') body = svg('ellipse', { cx: 0, cy: 0, rx: f(w / 2), ry: f(h / 2) }, group);
        else if (shape.shape === 'path') body = svg('polygon', { points: shape.path.map((p) => f(p[0]) + ',' + f(p[1])).join(' ') }, group);
        else body = svg('rect', { x: f(-w / 2), y: f(-h / 2), width: f(w), height: f(h), rx: 2 }, group);
        body.setAttribute('fill', color);
        body.setAttribute('class', 'body');
        // A tick from the center shows the item's rotation: toward the right edge (inside a rectangle or an
        // ellipse), or 60 % of the way to a path's first vertex (inside any convex path).
        const tip = shape.shape === 'path' ? [shape.path[0][0] * 0.6, shape.path[0][1] * 0.6] : [w / 2 - 1, 0];
        svg('line', { x1: 0, y1: 0, x2: f(tip[0]), y2: f(tip[1]), class: 'tick' }, group);
        const label = svg('text', { x: 0, y: f(h / 2 + 12), class: 'label' }, group);
        label.textContent = id;
        svg('title', {}, group).textContent = id;
        model.nodes[id] = group;
      });
    }

    function drawMarks() {
      marks.textContent = '';
      if (model.total <= 0) return;
      const place = (time, cls, label) => {
        const mark = html('span', { class: 'mark ' + cls, title: label }, marks);
        mark.style.left = (100 * Math.min(1, Math.max(0, time / model.total))) + '%';
      };
      for (const m of Player.timelineMarks(model.result)) place(m.time, m.type, m.label);
      const paused = model.result.pausedAt;
      if (paused && typeof paused.time === 'number') place(paused.time, 'paused-at', Player.pauseLabel(model.result));
    }

    function render() {
      const t = model.time;
      const state = Player.stateAt(model.result, t, model.line);
      for (const id of Object.keys(model.nodes)) {
        const s = state[id] || model.initial[id];
        const node = model.nodes[id];
        if (!s) { node.setAttribute('visibility', 'hidden'); continue; }
        node.setAttribute('visibility', 'visible');
        node.setAttribute('transform', Player.itemTransform(s));
        node.classList.toggle('resting', s.resting === true);
      }
      for (const id of Object.keys(model.trails)) {
        model.trails[id].setAttribute('d', trailsBox.checked ? Player.pathData(Player.trajectory(model.result, id, t, model.line)) : '');
      }
      layers.contacts.textContent = '';
      if (contactsBox.checked) {
        for (const m of Player.contactMarkers(model.result, t, 0.6)) {
          const mark = svg('circle', { cx: f(m.point[0]), cy: f(m.point[1]), r: 5, class: 'contact', opacity: f(m.opacity) }, layers.contacts);
          const other = m.with && (m.with.item !== undefined ? m.with.item : (m.with.boundary === null ? 'reference bounds' : 'boundary ' + m.with.boundary));
          svg('title', {}, mark).textContent = m.item + ' touches ' + other + ' at ' + Player.formatTime(m.time);
        }
      }
      scrubber.value = String(t);
      clock.textContent = Player.clockLabel(model.result, t);
      playButton.textContent = model.playing ? '❚❚' : '▶';
      playButton.setAttribute('aria-label', model.playing ? 'Pause' : 'Play');
      container.classList.toggle('playing', model.playing);
    }

    function tick(now) {
      if (!model.playing) return;
      const elapsed = Math.min(0.25, Math.max(0, (now - model.last) / 1000));
      model.last = now;
      const next = Player.advance(model.time, elapsed, Number(speed.value), model.total, loopBox.checked);
      model.time = next.time;
      model.playing = next.playing;
      render();
      if (model.playing) root.requestAnimationFrame(tick);
    }

    function play() {
      if (model.total <= 0 || model.playing) return;
      if (model.time >= model.total) model.time = 0;
      model.playing = true;
      model.last = root.performance.now();
      root.requestAnimationFrame(tick);
      render();
    }

    function pauseNow() {
      model.playing = false;
      render();
    }

    function seek(t) {
      model.time = Math.max(0, Math.min(model.total, t));
      render();
    }

    function load(result, scene, keepTime) {
      model.result = result || { samples: [], events: [], diagnostics: [] };
      model.line = Player.timeline(model.result);
      model.geometry = Player.sceneGeometry(scene);
      model.initial = Player.initialState(model.geometry);
      model.total = Player.duration(model.result);
      scrubber.max = String(model.total);
      scrubber.step = String(1 / Player.frameRateOf(model.result));
      if (!keepTime) model.time = 0;
      model.time = Math.min(model.time, model.total);
      title.textContent = (model.result.scene || (scene && scene.name) || 'Scene') + ' — ' + Player.frameRateOf(model.result) + ' Hz';
      pause.textContent = Player.pauseLabel(model.result);
      pause.classList.toggle('moving', model.line.length > 0 && !model.result.pausedAt);
      pause.classList.toggle('failed', model.line.length === 0);
      const diagnostics = Array.isArray(model.result.diagnostics) ? model.result.diagnostics : [];
      const errors = diagnostics.filter((d) => d.severity === 'error');
      problems.textContent = '';
      const shown = model.line.length === 0 ? errors : [];
      for (const d of shown) {
        const where = d.range && d.range.start ? d.range.start.line + ':' + d.range.start.column + ' ' : '';
        html('li', {}, problems, where + d.message + ' [' + d.code + ']');
      }
      if (model.line.length === 0) html('li', { class: 'why' }, problems, 'The scene has errors: nothing was simulated.');
      problems.hidden = model.line.length !== 0;
      playButton.disabled = model.total <= 0;
      scrubber.disabled = model.total <= 0;
      drawScene();
      drawMarks();
      render();
    }

    playButton.addEventListener('click', () => (model.playing ? pauseNow() : play()));
    scrubber.addEventListener('input', () => { model.playing = false; seek(Number(scrubber.value)); });
    trailsBox.addEventListener('change', render);
    contactsBox.addEventListener('change', render);
    container.addEventListener('keydown', (e) => {
      if (e.target === speed) return;
      if (e.key === ' ') { e.preventDefault(); model.playing ? pauseNow() : play(); }
      else if (e.key === 'ArrowRight') { e.preventDefault(); model.playing = false; seek(model.time + 1 / Player.frameRateOf(model.result)); }
      else if (e.key === 'ArrowLeft') { e.preventDefault(); model.playing = false; seek(model.time - 1 / Player.frameRateOf(model.result)); }
      else if (e.key === 'Home') { e.preventDefault(); seek(0); }
      else if (e.key === 'End') { e.preventDefault(); seek(model.total); }
    });
    container.tabIndex = 0;

    return { load: load, play: play, pause: pauseNow, seek: seek, state: model };
  }

  root.ImpulsePreview = { mount: mount };
})(typeof self !== 'undefined' ? self : this);
