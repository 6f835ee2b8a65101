// The preview player's page: draws the scene (reference view, field regions, boundaries labelled with their ids
// in their collision group's style, items in their color outlined in their group's style), trajectories, what
// makes things move (attachments — rods, springs, pins, fixed joints, sliding axes, limits slack or taut —,
// snap cross-hairs, push arrows while active, the gravity arrow once) and contact markers in an SVG, with a
// legend of the collision groups and an event list, and drives it with play/pause, a scrubber, a speed menu
// and a clock. All the arithmetic is in player.js (tested with node); this file only turns its answers into DOM.
// The causes come with the result (`causes`: what `impulse preview --format html` embeds and what the server
// adds to `impulse/preview` when asked with `"causes": true`); without them the page draws the rest.
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
    const defs = svg('defs', {}, canvas);
    for (const [id, color] of [['push-arrow', '#d9480f'], ['gravity-arrow', '#868e96'], ['axis-arrow', '#0e7490']]) {
      const marker = svg('marker', { id: id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' }, defs);
      svg('path', { d: 'M0 0L10 5L0 10z', fill: color }, marker);
    }
    const layers = {
      view: svg('g', { class: 'view' }, canvas),
      fields: svg('g', { class: 'fields' }, canvas),
      boundaries: svg('g', { class: 'boundaries' }, canvas),
      trails: svg('g', { class: 'trails' }, canvas),
      items: svg('g', { class: 'items' }, canvas),
      causes: svg('g', { class: 'causes' }, canvas),
      contacts: svg('g', { class: 'contacts' }, canvas),
    };

    const legend = html('div', { class: 'legend', hidden: '' }, container);
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
    const causesLabel = html('label', {}, toggles);
    const causesBox = html('input', { type: 'checkbox' }, causesLabel);
    causesLabel.appendChild(document.createTextNode(' causes'));
    const loopLabel = html('label', {}, toggles);
    const loopBox = html('input', { type: 'checkbox' }, loopLabel);
    loopLabel.appendChild(document.createTextNode(' loop'));
    trailsBox.checked = options.trajectories !== false;
    contactsBox.checked = options.contacts !== false;
    causesBox.checked = options.causes !== false;
    const help = html('details', { class: 'help' }, container);
    html('summary', {}, help, 'Help');
    const helpList = html('ul', {}, help);
    for (const line of Player.helpLines(options.standalone === true)) html('li', {}, helpList, line);
    const eventsBox = html('details', { class: 'events' }, container);
    const eventsSummary = html('summary', {}, eventsBox, 'Events');
    const eventItems = html('ol', {}, eventsBox);
    loopBox.checked = options.loop === true;

    const model = { result: null, scene: null, causes: null, line: [], geometry: null, initial: {}, total: 0, time: 0, playing: false, last: 0, nodes: {}, trails: {} };

    /** An item's color, collision group and material badge, from the causes when given (the svg's), else from the id. */
    function itemLook(id) {
      const entry = model.causes && Array.isArray(model.causes.items) ? model.causes.items.find((i) => i.id === id) : null;
      const shape = model.geometry.items[id];
      return {
        color: entry && entry.color ? entry.color : Player.itemColor(id, shape && shape.color),
        group: entry && typeof entry.group === 'number' ? entry.group : null,
        badge: entry ? Player.propertyBadge(entry.properties) : null,
      };
    }

    function outline(node, group, width) {
      if (group === null || group === undefined) return;
      const style = Player.groupStyle(group);
      node.style.stroke = style.stroke;
      node.style.strokeWidth = String(width);
      node.style.strokeDasharray = style.dash || 'none';
    }

    /** The collision groups as they are at time t (membership changes with `set` events of `items`). */
    function drawLegend(t) {
      legend.textContent = '';
      for (const group of Player.groupsAt(model.causes, model.result, t)) {
        const number = group.group;
        const row = html('span', { class: 'group' }, legend);
        const swatch = svg('svg', { width: 18, height: 12, class: 'swatch' }, row);
        outline(svg('rect', { x: 1, y: 1, width: 16, height: 10, fill: 'none' }, swatch), number, 2);
        const items = Array.isArray(group.items) ? group.items : [];
        row.appendChild(document.createTextNode(' collision group ' + (number + 1) + (group.behavior ? ' ' + group.behavior : '') +
          (group.mode && group.mode !== 'everything' ? ' (' + group.mode + ')' : '') + ': ' + (items.length ? items.join(', ') : 'no items')));
      }
      legend.hidden = legend.childNodes.length === 0;
    }

    function drawEvents() {
      eventItems.textContent = '';
      const list = Player.eventList(model.result, model.scene, model.causes);
      eventsSummary.textContent = 'Events (' + list.length + ')';
      for (const entry of list) {
        const li = html('li', { class: 'event ' + entry.type, tabindex: '0' }, eventItems, entry.text);
        const go = () => { model.playing = false; seek(entry.time); };
        li.addEventListener('click', go);
        li.addEventListener('keydown', (e) => { if (e.key === 'Enter') go(); });
      }
    }

    /** Draws the causes in force at time t (see the design comment at the top). */
    function drawCauses(t, state) {
      layers.causes.textContent = '';
      layers.fields.textContent = '';
      if (!causesBox.checked || !model.causes) return;
      const labelsAt = {}; // fields at one place stack their labels
      for (const span of Player.causesAt(model.causes, model.result, t)) {
        const title = Player.describeCause(span);
        let node = null;
        if (span.type === 'attachment') {
          const ends = Player.attachmentEnds(span, state);
          if (!ends) continue;
          node = svg('g', { class: 'cause attachment ' + span.kind + (span.spring ? ' spring' : '') }, layers.causes);
          const line = svg('path', { d: Player.attachmentPath(span, ends[0], ends[1]) }, node);
          if (span.kind === 'limit') line.setAttribute('class', Player.isTaut(span, ends) ? 'taut' : 'slack');
          if (span.kind === 'pin') {
            svg('circle', { cx: f(ends[0][0]), cy: f(ends[0][1]), r: 4.5, class: 'pin' }, node);
            svg('circle', { cx: f(ends[0][0]), cy: f(ends[0][1]), r: 1.5, class: 'dot' }, node);
          } else if (span.kind === 'fixed') {
            svg('rect', { x: f(ends[0][0] - 3.5), y: f(ends[0][1] - 3.5), width: 7, height: 7, class: 'fixed' }, node);
          } else {
            svg('circle', { cx: f(ends[0][0]), cy: f(ends[0][1]), r: 2.5, class: 'dot' }, node);
          }
          if (span.kind === 'sliding' && state[span.item]) {
            const u = Player.slidingAxis(span, state[span.item]);
            svg('line', { x1: f(ends[0][0] - u[0] * 70), y1: f(ends[0][1] - u[1] * 70), x2: f(ends[0][0] + u[0] * 70), y2: f(ends[0][1] + u[1] * 70), class: 'axis', 'marker-start': 'url(#axis-arrow)', 'marker-end': 'url(#axis-arrow)' }, node);
          }
          if (span.anchor) {
            svg('circle', { cx: f(span.anchor[0]), cy: f(span.anchor[1]), r: 6.5, class: 'anchor-ring' }, node);
            svg('circle', { cx: f(span.anchor[0]), cy: f(span.anchor[1]), r: 3.5, class: 'anchor' }, node);
          }
        } else if (span.type === 'snap') {
          node = svg('g', { class: 'cause snap' + (span.acting ? '' : ' ignored') }, layers.causes);
          const [x, y] = span.point;
          svg('circle', { cx: f(x), cy: f(y), r: 6 }, node);
          svg('line', { x1: f(x - 10), y1: f(y), x2: f(x + 10), y2: f(y) }, node);
          svg('line', { x1: f(x), y1: f(y - 10), x2: f(x), y2: f(y + 10) }, node);
        } else if (span.type === 'push') {
          const magnitude = Math.hypot(span.vector[0], span.vector[1]);
          if (!span.active || !(magnitude > 0)) continue;
          const length = Math.min(80, Math.max(18, 30 * Math.sqrt(magnitude)));
          node = svg('g', { class: 'cause push' }, layers.causes);
          for (const id of span.items) {
            const s = state[id];
            if (!s) continue;
            const x = s.center[0] + span.offset[0];
            const y = s.center[1] + span.offset[1];
            svg('line', { x1: f(x), y1: f(y), x2: f(x + span.vector[0] / magnitude * length), y2: f(y + span.vector[1] / magnitude * length), 'marker-end': 'url(#push-arrow)' }, node);
          }
        } else if (span.type === 'gravity') {
          const magnitude = Math.hypot(span.vector[0], span.vector[1]);
          if (!(magnitude > 0)) continue;
          const u = [span.vector[0] / magnitude, span.vector[1] / magnitude];
          // In the corner of the view that covers the fewest items now.
          const boxes = Object.keys(state).map((id) => {
            const shape = model.geometry.items[id] || { size: [20, 20] };
            const r = Math.hypot(shape.size[0], shape.size[1]) / 2;
            return [state[id].center[0] - r, state[id].center[1] - r, 2 * r, 2 * r];
          });
          const [cx, cy] = Player.gravityCorner(model.geometry.width, model.geometry.height, boxes);
          node = svg('g', { class: 'cause gravity' }, layers.causes);
          svg('circle', { cx: f(cx), cy: f(cy), r: 15 }, node);
          svg('line', { x1: f(cx - u[0] * 11), y1: f(cy - u[1] * 11), x2: f(cx + u[0] * 11), y2: f(cy + u[1] * 11), 'marker-end': 'url(#gravity-arrow)' }, node);
          svg('text', { x: f(cx + 18), y: f(cy + 4) }, node).textContent = magnitude === 1 ? 'gravity' : 'gravity ×' + f(magnitude);
        } else if (span.type === 'field') {
          node = svg('g', { class: 'cause field' }, layers.fields);
          const [x, y] = span.position;
          let top = y - 7;
          if (span.region && typeof span.region.radius === 'number') {
            svg('circle', { cx: f(x), cy: f(y), r: f(span.region.radius) }, node);
            top = y - span.region.radius;
          } else if (span.region && Array.isArray(span.region.size)) {
            svg('rect', { x: f(x - span.region.size[0] / 2), y: f(y - span.region.size[1] / 2), width: f(span.region.size[0]), height: f(span.region.size[1]) }, node);
            top = y - span.region.size[1] / 2;
          } else {
            svg('circle', { cx: f(x), cy: f(y), r: 7 }, node);
          }
          const key = f(x) + ',' + f(top);
          const stacked = labelsAt[key] || 0;
          labelsAt[key] = stacked + 1;
          svg('text', { x: f(x), y: f(top - 4 - 12 * stacked) }, node).textContent = title + (span.region ? '' : ' (everywhere)');
        }
        if (node) svg('title', {}, node).textContent = title;
      }
    }

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
        outline(node, b.group, b.kind === 'bounds' ? 1.5 : 2);
        if (b.id !== null) {
          const at = b.kind === 'segment' ? [(b.from[0] + b.to[0]) / 2, (b.from[1] + b.to[1]) / 2] : b.points[0];
          const label = svg('text', { x: f(at[0]), y: f(at[1] - 5), class: 'wall-label' }, layers.boundaries);
          label.textContent = b.id;
          if (typeof b.group === 'number') label.style.fill = Player.groupStyle(b.group).stroke;
        }
      }
      const ids = Player.itemIds(model.result);
      for (const id of Object.keys(g.items)) if (ids.indexOf(id) < 0) ids.push(id);
      ids.forEach((id) => {
        const look = itemLook(id);
        const color = look.color;
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
        outline(body, look.group, 2);
        // A tick from the center shows the item's rotation: toward the right edge (inside a rectangle or an
        // ellipse), or 60 % of the way to a path's first vertex (inside any convex path).
        const tip = shape.shape === 'path' ? [shape.path[0][0] * 0.6, shape.path[0][1] * 0.6] : [w / 2 - 1, 0];
        svg('line', { x1: 0, y1: 0, x2: f(tip[0]), y2: f(tip[1]), class: 'tick' }, group);
        // The label sits on the item, upright (render turns it back by the item's angle): stacked items keep
        // their labels apart.
        const label = svg('text', { x: 0, y: 4, class: 'label' }, group);
        label.textContent = id;
        // Elasticity, friction and density where they differ from UIKit's defaults: a badge under the item (kept
        // upright like the label) and the item's tooltip.
        if (look.badge) {
          const badge = svg('text', { x: 0, y: f(Math.max(w, h) / 2 + 11), class: 'badge' }, group);
          badge.textContent = look.badge.text;
        }
        svg('title', {}, group).textContent = look.badge ? id + ' — ' + look.badge.title : id;
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
      for (const m of Player.timelineMarks(model.result, model.scene, model.causes)) place(m.time, m.type, m.label);
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
        for (const upright of node.querySelectorAll('text.label, text.badge')) upright.setAttribute('transform', 'rotate(' + f(-(s.angle || 0) * 180 / Math.PI) + ')');
        node.classList.toggle('resting', s.resting === true);
      }
      for (const id of Object.keys(model.trails)) {
        model.trails[id].setAttribute('d', trailsBox.checked ? Player.pathData(Player.trajectory(model.result, id, t, model.line)) : '');
      }
      drawCauses(t, Object.assign({}, model.initial, state));
      drawLegend(t);
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

    function load(result, scene, keepTime, causes) {
      model.result = result || { samples: [], events: [], diagnostics: [] };
      model.scene = scene || null;
      model.causes = causes || (model.result && model.result.causes) || null;
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
      drawEvents();
      render();
    }

    playButton.addEventListener('click', () => (model.playing ? pauseNow() : play()));
    scrubber.addEventListener('input', () => { model.playing = false; seek(Number(scrubber.value)); });
    trailsBox.addEventListener('change', render);
    contactsBox.addEventListener('change', render);
    causesBox.addEventListener('change', render);
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
