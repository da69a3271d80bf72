(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('mg-data').textContent);
  var nodes = data.nodes, edges = data.edges, N = nodes.length, E = edges.length;
  var views = data.views || {}, groupings = data.groupings || {}, kinds = Object.keys(groupings);
  var ns = 'http://www.w3.org/2000/svg';
  function $(id) { return document.getElementById(id); }
  // A name as the command line shows it (Escape.visible): controls, line separators and bidirectional
  // controls spelled out, so that a name is one line and reads in the order it is written.
  function visible(value) {
    var text = String(value), output = '';
    for (var position = 0; position < text.length; position++) {
      var code = text.codePointAt(position), character = String.fromCodePoint(code);
      if (code > 0xFFFF) position++;
      if (character === '\n') output += '\\n';
      else if (character === '\r') output += '\\r';
      else if (character === '\t') output += '\\t';
      else if (character === '\\') output += '\\\\';
      else if (code <= 0x1F || (code >= 0x7F && code <= 0x9F) || code === 0x2028 || code === 0x2029 || code === 0x061C || code === 0x200E
        || code === 0x200F || (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069) || code === 0xFEFF
        || (code >= 0xFFF9 && code <= 0xFFFB) || (code >= 0xFDD0 && code <= 0xFDEF) || (code & 0xFFFE) === 0xFFFE) {
        output += '\\u{' + code.toString(16).toUpperCase() + '}';
      } else output += character;
    }
    return output;
  }
  // A label as Graphviz sized its box: visible, cut at 200 characters as the DOT's labels are.
  function label(value) {
    var characters = Array.from(String(value));
    return characters.length > 200 ? visible(characters.slice(0, 200).join('')) + '\u2026[' + count(characters.length) + ' characters]' : visible(value);
  }
  function make(tag, cls, text) {
    var element = document.createElement(tag);
    if (cls) element.className = cls;
    if (text !== undefined && text !== null) element.textContent = visible(text);
    return element;
  }
  function shape(tag, attributes, parent) {
    var element = document.createElementNS(ns, tag);
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    if (parent) parent.appendChild(element);
    return element;
  }
  function plural(count, word) { return count + ' ' + word + (count === 1 ? '' : 's'); }
  function count(value) { return value.toLocaleString('en-US'); }
  function number(value) { return (Math.round(value * 100) / 100).toLocaleString('en-US'); }
  function colour(value, fallback) { return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback; }

  // Adjacency of the page's nodes, once: edge indices out of and into each node, and each edge by its ends.
  var outEdges = [], inEdges = [], edgeAt = {}, i, k;
  for (i = 0; i < N; i++) { outEdges.push([]); inEdges.push([]); }
  for (k = 0; k < E; k++) { outEdges[edges[k].from].push(k); inEdges[edges[k].to].push(k); edgeAt[edges[k].from + '>' + edges[k].to] = k; }
  var idIndex = {};
  for (i = 0; i < N; i++) idIndex[nodes[i].id] = i;

  var canvas = $('mg-canvas');
  var defaults = data.defaults || { tests: true, ext: true, implied: true };
  var state = { tests: defaults.tests, ext: defaults.ext, implied: defaults.implied, depth: 1, dir: 'both', violations: true,
    critical: false, selected: -1, spec: null, tab: 'graph', wiring: !!(data.wiring && data.wiring.shown) };
  var back = [];

  // ---- what the page calls a view: the same keys as the Swift side's ViewerView ----
  function toggles() { return '|t' + (state.tests ? 1 : 0) + 'x' + (state.ext ? 1 : 0) + 'i' + (state.implied ? 1 : 0); }
  function keyOf(spec, withToggles) {
    var tail = withToggles || toggles();
    if (spec.kind === 'focus') return 'focus:' + spec.node + ':' + spec.depth + ':' + spec.dir + tail;
    if (spec.kind === 'collapse') return 'collapse:' + spec.by + ':' + spec.open.join(',') + tail;
    if (spec.kind === 'path') return 'path:' + spec.from + ':' + spec.to + ':' + spec.limit + tail;
    return 'all' + tail;
  }
  function specOf(key) {
    var halves = String(key || '').split('|'), parts = halves[0].split(':');
    if (parts[0] === 'focus' && parts.length === 4) return { kind: 'focus', node: Number(parts[1]), depth: Number(parts[2]), dir: parts[3] };
    if (parts[0] === 'collapse' && parts.length === 3) return { kind: 'collapse', by: parts[1], open: parts[2] ? parts[2].split(',').map(Number) : [] };
    if (parts[0] === 'path' && parts.length === 4) return { kind: 'path', from: Number(parts[1]), to: Number(parts[2]), limit: Number(parts[3]) };
    return { kind: 'all' };
  }
  function togglesOf(key) {
    var tail = String(key || '').split('|')[1] || '';
    return { tests: tail.charAt(1) === '1', ext: tail.charAt(3) === '1', implied: tail.charAt(5) === '1' };
  }
  function nodeShown(index) { return (state.tests || !nodes[index].test) && (state.ext || !nodes[index].external); }
  function groupOf(index, by) { var position = kinds.indexOf(by); return position < 0 ? -1 : nodes[index].groups[position]; }
  function groupInfo(by, group) { return (groupings[by] || [])[group] || { name: '?', size: 0, kind: 'group' }; }
  function refName(ref) { return ref >= 0 ? String(ref) : 'g' + (-ref - 1); }
  function nameOf(ref, by) { return ref >= 0 ? nodes[ref].name : groupInfo(by, -ref - 1).name; }

  // ---- drawing a layout: every element made here, every name set as text ----
  var svg = null, drawn = null, base = null, view = { x: 0, y: 0, s: 1 }, frame = 0;
  function spline(points) {
    var d = 'M' + points[0] + ',' + points[1];
    for (var p = 2; p + 5 < points.length; p += 6) {
      d += 'C' + points[p] + ',' + points[p + 1] + ' ' + points[p + 2] + ',' + points[p + 3] + ' ' + points[p + 4] + ',' + points[p + 5];
    }
    return d;
  }
  function arrow(points, tip) {
    var x0 = points[points.length - 2], y0 = points[points.length - 1], dx = tip[0] - x0, dy = tip[1] - y0;
    var length = Math.sqrt(dx * dx + dy * dy) || 1, half = Math.max(2.2, length * 0.42), nx = -dy / length * half, ny = dx / length * half;
    return tip[0] + ',' + tip[1] + ' ' + (x0 + nx) + ',' + (y0 + ny) + ' ' + (x0 - nx) + ',' + (y0 - ny);
  }
  function draw(layout, by) {
    canvas.replaceChildren();
    svg = shape('svg', { viewBox: '0 0 ' + Math.max(layout.w, 1) + ' ' + Math.max(layout.h, 1), preserveAspectRatio: 'xMinYMin meet' }, canvas);
    var scene = shape('g', { 'class': 'graph' }, svg);
    drawn = { layout: layout, by: by, nodeEl: {}, edgeEl: {}, refs: [] };
    layout.boxes.forEach(function (box) {
      var g = shape('g', { 'class': 'cluster' }, scene);
      shape('rect', { x: box[0], y: box[1], width: box[2], height: box[3], rx: 6 }, g);
      if (box[4]) {
        var caption = box[5] ? shape('text', { x: box[5][0], y: box[5][1] + 3, 'text-anchor': 'middle' }, g) : shape('text', { x: box[0] + 6, y: box[1] + 12 }, g);
        caption.textContent = label(box[4]);
      }
    });
    layout.edges.forEach(function (line) {
      var a = line[0], b = line[1], g = shape('g', { 'class': 'edge', id: 'e' + refName(a) + '_' + refName(b) }, scene);
      shape('path', { d: spline(line[3]) }, g);
      if (line[4]) shape('polygon', { points: arrow(line[3], line[4]) }, g);
      if (line[2] > 1 && line[5]) {
        var tally = shape('text', { x: line[5][0], y: line[5][1] + 3, 'text-anchor': 'middle', 'class': 'count' }, g);
        tally.textContent = String(line[2]);
      }
      var index = a >= 0 && b >= 0 ? edgeAt[a + '>' + b] : undefined;
      if (index !== undefined) {
        var edge = edges[index];
        if (edge.conditional) g.classList.add('cond');
        if (edge.plugin) g.classList.add('plug');
        if (edge.cycle) g.classList.add('cyc');
        if (badEdges[index]) g.classList.add('bad');
        var tip = shape('title', {}, g);
        tip.textContent = visible(nodes[a].name + ' \u2192 ' + nodes[b].name + (edge.conditions ? ' (' + edge.conditions + ')' : ''));
      } else {
        var note = shape('title', {}, g);
        note.textContent = visible(nameOf(a, by) + ' \u2192 ' + nameOf(b, by)) + ': ' + plural(line[2], 'dependency').replace('dependencys', 'dependencies');
      }
      drawn.edgeEl[a + '>' + b] = g;
    });
    layout.nodes.forEach(function (box) {
      var ref = box[0], group = ref < 0, info = group ? groupInfo(by, -ref - 1) : nodes[ref];
      var g = shape('g', { 'class': 'node' + (group ? ' tg' : ''), id: group ? 'g' + (-ref - 1) : 'n' + ref }, scene);
      if (!group) {
        if (info.test) g.classList.add('tt');
        if (info.external) g.classList.add('te');
        if (info.entry) g.classList.add('tx');
      } else if (info.external) g.classList.add('te');
      var x = box[1] - box[3] / 2, y = box[2] - box[4] / 2;
      if (group) shape('rect', { x: x + 3, y: y - 3, width: box[3], height: box[4], rx: 4, 'class': 'back', fill: colour(info.fill, '#e6eef9'), stroke: colour(info.stroke, '#4a6fa5') }, g);
      shape('rect', { x: x, y: y, width: box[3], height: box[4], rx: 4, fill: colour(info.fill, '#e6eef9'), stroke: colour(info.stroke, '#4a6fa5') }, g);
      if (group) {
        var name = shape('text', { x: box[1], y: box[2] - 2, 'text-anchor': 'middle', 'class': 'name' }, g);
        name.textContent = label(info.name);
        var size = shape('text', { x: box[1], y: box[2] + 11, 'text-anchor': 'middle', 'class': 'size' }, g);
        size.textContent = plural(info.size, 'target');
      } else {
        var text = shape('text', { x: box[1], y: box[2] + 4, 'text-anchor': 'middle' }, g);
        text.textContent = label(info.name);
      }
      var title = shape('title', {}, g);
      title.textContent = group ? visible(info.name + ' (' + info.kind + ', ') + plural(info.size, 'target') + '): click to open' : visible(info.id + ' (' + info.kind + ')') + ': click to focus';
      drawn.nodeEl[ref] = g;
      drawn.refs.push(ref);
    });
    base = { x: 0, y: 0, w: Math.max(layout.w, 1), h: Math.max(layout.h, 1) };
    drawWiring();
  }

  // ---- the run-time wiring (graph --wiring): dashed edges over the drawn nodes, never build dependencies ----
  var wires = data.wiring ? data.wiring.edges : [];
  // The drawn box of a node: its own, else its group's in a collapsed view.
  function drawnBoxOf(index) {
    if (!drawn) return null;
    var ref = drawn.nodeEl[index] ? index : (drawn.by ? -groupOf(index, drawn.by) - 1 : null);
    if (ref === null || !drawn.nodeEl[ref]) return null;
    for (var b = 0; b < drawn.layout.nodes.length; b++) if (drawn.layout.nodes[b][0] === ref) return { ref: ref, box: drawn.layout.nodes[b] };
    return null;
  }
  // Where the line from a box's centre towards (x, y) leaves the box.
  function border(box, x, y) {
    var dx = x - box[1], dy = y - box[2], t = Math.min(Math.abs(dx) > 1e-9 ? box[3] / 2 / Math.abs(dx) : Infinity, Math.abs(dy) > 1e-9 ? box[4] / 2 / Math.abs(dy) : Infinity, 1);
    return [box[1] + dx * t, box[2] + dy * t];
  }
  function wireText(item) {
    return (item.kind === 'protocol' ? '' : item.kind + ' ') + item.label + ' by ' + item.providedBy + ' (needed at ' + item.need
      + (item.wired ? '; wired at ' + item.wired : '; no wiring found') + ')';
  }
  function drawWiring() {
    var old = svg ? svg.querySelector('g.wiring') : null;
    if (old) old.remove();
    if (drawn) { drawn.wires = 0; drawn.wireSets = {}; }
    if (!svg || !state.wiring || !wires.length) return;
    var layer = shape('g', { 'class': 'wiring' }, svg.querySelector('g.graph'));
    var seen = {};
    wires.forEach(function (wire, index) {
      var a = drawnBoxOf(wire.from), b = drawnBoxOf(wire.to);
      if (!a || !b || a.ref === b.ref) return;
      // In a collapsed view several wiring edges may join the same two groups: one curve says them all.
      var key = a.ref + '>' + b.ref, line = wireLine(wire);
      if (seen[key]) { seen[key].title.textContent += '\n' + line; drawn.wireSets[seen[key].id].push(index); return; }
      // A curve bent to one side, so that it does not lie on a build dependency between the same two.
      var mx = (a.box[1] + b.box[1]) / 2, my = (a.box[2] + b.box[2]) / 2, dx = b.box[1] - a.box[1], dy = b.box[2] - a.box[2];
      var length = Math.sqrt(dx * dx + dy * dy) || 1, bend = Math.max(length * 0.25, 36) / length;
      var cx = mx - dy * bend, cy = my + dx * bend, start = border(a.box, cx, cy), end = border(b.box, cx, cy);
      // An arrowhead of the build edges' size, along the curve's last direction.
      var ex = end[0] - cx, ey = end[1] - cy, last = Math.sqrt(ex * ex + ey * ey) || 1;
      var g = shape('g', { 'class': 'wire', id: 'w' + index }, layer);
      shape('path', { d: 'M' + start[0] + ',' + start[1] + 'Q' + cx + ',' + cy + ' ' + end[0] + ',' + end[1] }, g);
      shape('polygon', { points: arrow([end[0] - ex / last * 8, end[1] - ey / last * 8], end) }, g);
      var title = shape('title', {}, g);
      title.textContent = line;
      seen[key] = { title: title, id: 'w' + index };
      drawn.wireSets['w' + index] = [index];
      drawn.wires++;
    });
  }
  function wireLine(wire) {
    return visible(nodes[wire.from].name + ' \u21e2 ' + nodes[wire.to].name + ' (run time, not a build dependency): '
      + wire.items.map(wireText).join('; '));
  }
  // The side panel for a drawn wiring curve: each edge it stands for, with its items.
  function showWire(id) {
    var list = drawn && drawn.wireSets ? drawn.wireSets[id] : null, box = $('mg-selection');
    if (!list) return;
    box.replaceChildren();
    box.hidden = false;
    box.appendChild(make('h2', null, 'Wiring (run time)'));
    list.forEach(function (index) {
      var wire = wires[index];
      box.appendChild(make('h3', null, nodes[wire.from].name + ' \u21e2 ' + nodes[wire.to].name));
      var ul = make('ul', 'mg-list mg-wires');
      wire.items.forEach(function (item) { ul.appendChild(make('li', null, wireText(item))); });
      box.appendChild(ul);
    });
    box.appendChild(make('p', 'mg-dim', data.wiring.note));
  }

  // ---- findings that break a rule: red on their edges ----
  var findings = data.check ? data.check.findings : [];
  var paintsRed = { layering: true, forbidden: true, externals: true, isolation: true };
  function breaksARule(finding) { return finding.severity === 'error' && finding.chain.length > 1 && paintsRed[finding.rule] === true; }
  var badEdges = {};
  findings.forEach(function (finding) { if (breaksARule(finding)) finding.edges.forEach(function (index) { badEdges[index] = true; }); });

  // ---- highlights: remembered, so clearing costs what was lit ----
  var lit = [], extraLit = false;
  function light(element, classes) {
    if (!element) return;
    for (var c = 0; c < classes.length; c++) element.classList.add(classes[c]);
    lit.push([element, classes]);
  }
  function clearHighlight() {
    for (var l = 0; l < lit.length; l++) for (var c = 0; c < lit[l][1].length; c++) lit[l][0].classList.remove(lit[l][1][c]);
    lit = [];
    extraLit = false;
    canvas.classList.remove('dim');
    setActive(null);
    $('mg-critical').classList.remove('on');
    state.critical = false;
  }
  var activeItem = null;
  function setActive(item) {
    if (activeItem) activeItem.classList.remove('active');
    activeItem = item;
    if (item) item.classList.add('active');
  }
  function nodeElement(index) { return drawn ? drawn.nodeEl[index] : null; }
  function edgeElement(index) { return drawn ? drawn.edgeEl[edges[index].from + '>' + edges[index].to] : null; }

  // Breadth-first from a node along out- or in-edges, up to `depth` steps (0: all), through the nodes shown.
  function walk(start, adjacency, end, depth) {
    var seen = new Uint8Array(N), frontier = [start], found = [], steps = [];
    seen[start] = 1;
    for (var d = 0; frontier.length && (depth === 0 || d < depth); d++) {
      var next = [];
      for (var f = 0; f < frontier.length; f++) {
        var list = adjacency[frontier[f]];
        for (var a = 0; a < list.length; a++) {
          var other = edges[list[a]][end];
          if (!nodeShown(other)) continue;
          steps.push(list[a]);
          if (!seen[other]) { seen[other] = 1; found.push(other); next.push(other); }
        }
      }
      frontier = next;
    }
    return { nodes: found, edges: steps };
  }
  // A focus: the module, what it uses (blue) and what uses it (orange), as far as the view goes.
  function lightFocus(index, depth, dir, dims) {
    var down = dir === 'up' ? { nodes: [], edges: [] } : walk(index, outEdges, 'to', depth);
    var up = dir === 'down' ? { nodes: [], edges: [] } : walk(index, inEdges, 'from', depth);
    down.edges.forEach(function (e) { light(edgeElement(e), ['hl', 'hl-dep']); });
    up.edges.forEach(function (e) { light(edgeElement(e), ['hl', 'hl-user']); });
    down.nodes.forEach(function (n) { light(nodeElement(n), ['hl', 'hl-dep']); });
    up.nodes.forEach(function (n) { light(nodeElement(n), ['hl', 'hl-user']); });
    light(nodeElement(index), ['hl', 'hl-self']);
    if (dims) canvas.classList.add('dim');
    return { down: down.nodes.length, up: up.nodes.length };
  }
  function highlightSet(nodeList, edgeList, cls, item) {
    clearHighlight();
    extraLit = true;
    edgeList.forEach(function (e) { light(edgeElement(e), ['hl', cls]); });
    nodeList.forEach(function (n) { light(nodeElement(n), ['hl', cls]); });
    canvas.classList.add('dim');
    if (item) setActive(item);
    centerOn(nodeList, true);
  }

  // ---- pan and zoom: the SVG's viewBox follows the canvas ----
  function applyZoom() {
    frame = 0;
    if (!svg) return;
    var width = canvas.clientWidth || 1, height = canvas.clientHeight || 1;
    svg.setAttribute('viewBox', view.x + ' ' + view.y + ' ' + width / view.s + ' ' + height / view.s);
  }
  function scheduleZoom() { if (!frame) frame = requestAnimationFrame(applyZoom); }
  function fitScale(w, h, margin) {
    var width = canvas.clientWidth || 1, height = canvas.clientHeight - 30 || 1;
    return Math.min(width / (w + margin), height / (h + margin));
  }
  function fit() {
    if (!svg) return;
    view.s = Math.min(fitScale(base.w, base.h, 40), 1.6);
    view.x = base.x + base.w / 2 - canvas.clientWidth / (2 * view.s);
    view.y = base.y + base.h / 2 - (canvas.clientHeight - 30) / (2 * view.s);
    applyZoom();
  }
  function boxOf(ref) {
    var element = drawn && drawn.nodeEl[ref];
    return element ? element.getBBox() : null;
  }
  // Keeps the selected module on screen after a zoom or a pan: moved back in by the least needed.
  function keepSelection() {
    var b = state.selected >= 0 ? boxOf(state.selected) : null;
    if (!b) return;
    var width = canvas.clientWidth / view.s, height = (canvas.clientHeight - 30) / view.s, margin = 20 / view.s;
    if (b.x < view.x + margin) view.x = b.x - margin;
    if (b.x + b.width > view.x + width - margin) view.x = b.x + b.width - width + margin;
    if (b.y < view.y + margin) view.y = b.y - margin;
    if (b.y + b.height > view.y + height - margin) view.y = b.y + b.height - height + margin;
  }
  function zoomAt(px, py, factor) {
    if (!svg) return;
    var minimum = Math.min(fitScale(base.w, base.h, 40), 1) / 4;
    var next = Math.max(minimum, Math.min(8, view.s * factor));
    var ux = view.x + px / view.s, uy = view.y + py / view.s;
    view.s = next;
    view.x = ux - px / next;
    view.y = uy - py / next;
    keepSelection();
    scheduleZoom();
  }
  // The keys and buttons zoom about the selected module when it is drawn, else about the middle.
  function zoomStep(factor) {
    var b = state.selected >= 0 ? boxOf(state.selected) : null;
    if (b) zoomAt((b.x + b.width / 2 - view.x) * view.s, (b.y + b.height / 2 - view.y) * view.s, factor);
    else zoomAt(canvas.clientWidth / 2, canvas.clientHeight / 2, factor);
  }
  function centerOn(list, fitAll) {
    if (!svg || !list.length) return;
    var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    list.forEach(function (ref) {
      var b = boxOf(ref);
      if (!b) return;
      x0 = Math.min(x0, b.x); y0 = Math.min(y0, b.y); x1 = Math.max(x1, b.x + b.width); y1 = Math.max(y1, b.y + b.height);
    });
    if (x0 === Infinity) return;
    var scale = Math.max(view.s, 0.9);
    if (fitAll) scale = Math.min(scale, fitScale(x1 - x0, y1 - y0, 80));
    view.s = Math.max(Math.min(scale, 2), Math.min(fitScale(base.w, base.h, 40), 1) / 4);
    view.x = (x0 + x1) / 2 - canvas.clientWidth / (2 * view.s);
    view.y = (y0 + y1) / 2 - (canvas.clientHeight - 30) / (2 * view.s);
    applyZoom();
  }
  // A first view too large to read whole opens at a readable zoom, at its top left, where it starts.
  function openReadable(scale) {
    if (!svg) return;
    var fitted = fitScale(base.w, base.h, 40);
    if (fitted >= scale) { fit(); return; }
    view.s = scale;
    view.x = base.x - 20 / scale;
    view.y = base.y - 20 / scale;
    applyZoom();
  }

  var drag = null;
  canvas.addEventListener('pointerdown', function (event) {
    if (event.button !== 0) return;
    drag = { x: event.clientX, y: event.clientY, moved: false, target: event.target };
    canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener('pointermove', function (event) {
    if (!drag) return;
    var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
    if (!drag.moved) canvas.classList.add('dragging');
    drag.moved = true;
    view.x -= dx / view.s;
    view.y -= dy / view.s;
    drag.x = event.clientX;
    drag.y = event.clientY;
    scheduleZoom();
  });
  canvas.addEventListener('pointerup', function (event) {
    if (!drag) return;
    var was = drag;
    drag = null;
    canvas.classList.remove('dragging');
    if (was.moved) return;
    var wire = was.target && was.target.closest ? was.target.closest('g.wire') : null;
    if (wire) { showWire(wire.id); return; }
    var target = was.target && was.target.closest ? was.target.closest('g.node') : null;
    if (!target) { clearAll(); return; }
    if (target.id.charAt(0) === 'g') openGroup(Number(target.id.slice(1)));
    else focusOn(Number(target.id.slice(1)));
  });
  canvas.addEventListener('wheel', function (event) {
    event.preventDefault();
    var rect = canvas.getBoundingClientRect();
    zoomAt(event.clientX - rect.left, event.clientY - rect.top, Math.exp(-event.deltaY * 0.0015));
  }, { passive: false });
  window.addEventListener('resize', function () { scheduleZoom(); if (ganttDrawn) renderGantt(); });
  $('mg-zoom-in').addEventListener('click', function () { zoomStep(1.3); });
  $('mg-zoom-out').addEventListener('click', function () { zoomStep(1 / 1.3); });
  $('mg-fit').addEventListener('click', fit);

  // ---- views: shown from the page's layouts, or from `modgraph serve`, or as a highlight ----
  var pending = null;
  function say(text) { var note = $('mg-note'); note.hidden = !text; note.textContent = visible(text || ''); }
  function show(spec, options) {
    options = options || {};
    if (options.push && state.spec) back.push({ spec: state.spec, tests: state.tests, ext: state.ext, implied: state.implied, selected: state.selected });
    $('mg-back').hidden = back.length === 0;
    state.spec = spec;
    var key = keyOf(spec), layout = views[key];
    if (!layout && data.live) {
      pending = key;
      $('mg-status').textContent = 'Laying out\u2026';
      fetch(data.live + 'view?key=' + encodeURIComponent(key), { cache: 'no-store', credentials: 'same-origin' })
        .then(function (reply) { if (!reply.ok) throw new Error('the server answered ' + reply.status); return reply.json(); })
        .then(function (answer) { views[key] = answer; if (pending === key) present(spec, answer, options); })
        .catch(function (error) { if (pending === key) { say('This view could not be laid out: ' + error.message); status(); } });
      return;
    }
    present(spec, layout, options);
  }
  // The layout `spec` falls back on in a static page that lacks its own: the same kind with the
  // page's first toggles, else the whole graph; the note says what is drawn instead.
  function fallback(spec) {
    var tried = [keyOf(spec, '|t' + (defaults.tests ? 1 : 0) + 'x' + (defaults.ext ? 1 : 0) + 'i' + (defaults.implied ? 1 : 0))];
    if (spec.kind === 'collapse') tried.push(keyOf({ kind: 'collapse', by: spec.by, open: [] }), keyOf({ kind: 'collapse', by: spec.by, open: [] }, '|t' + (defaults.tests ? 1 : 0) + 'x' + (defaults.ext ? 1 : 0) + 'i' + (defaults.implied ? 1 : 0)));
    tried.push(keyOf({ kind: 'all' }), data.first, keyOf({ kind: 'all' }, '|t' + (defaults.tests ? 1 : 0) + 'x' + (defaults.ext ? 1 : 0) + 'i' + (defaults.implied ? 1 : 0)));
    for (var t = 0; t < tried.length; t++) if (views[tried[t]]) return views[tried[t]];
    var any = Object.keys(views);
    return any.length ? views[any[0]] : null;
  }
  var serveHint = ' modgraph serve lays out every view on request.';
  function present(spec, layout, options) {
    pending = null;
    clearHighlight();
    var exact = !!layout;
    if (!layout) layout = fallback(spec);
    if (!layout) { canvas.replaceChildren(); svg = null; drawn = null; status(); return; }
    var laid = specOf(layout.key), by = laid.kind === 'collapse' ? laid.by : null;
    if (!drawn || drawn.layout !== layout) draw(layout, by);
    canvas.classList.toggle('collapsed', !!by);
    say('');
    if (!exact) say(missing(spec, layout));
    state.selected = spec.kind === 'focus' ? spec.node : (options.select !== undefined ? options.select : -1);
    if (spec.kind === 'focus') {
      var counted = lightFocus(spec.node, spec.depth, spec.dir, !exact);
      showSelection(spec.node, counted.down, counted.up);
    } else if (spec.kind === 'path') {
      $('mg-selection').hidden = true;
      showPaths(spec, layout, exact);
      $('mg-why-block').scrollIntoView({ block: 'nearest' });
    } else if (state.selected >= 0) showSelection(state.selected);
    else $('mg-selection').hidden = true;
    if (options.zoom) {
      openReadable(options.zoom);
      if (fitScale(base.w, base.h, 40) < options.zoom) {
        say('The whole graph is larger than the window at a size that reads: it opens at its top left. Drag to move, f fits it whole'
          + (kinds.length ? ', or choose a collapsed view above.' : '.'));
      }
    }
    else if (!exact && spec.kind === 'focus') centerOn([spec.node], false);
    else fit();
    where(spec, exact);
    status();
    writeFragment();
    if (options.after) options.after();
  }
  function missing(spec, layout) {
    var drawnKey = togglesOf(layout.key), other = drawnKey.tests !== state.tests || drawnKey.ext !== state.ext || drawnKey.implied !== state.implied;
    var what = spec.kind === 'focus' ? 'This page carries the layout of each module\u2019s neighbourhood one step both ways' + (data.everyView ? '' : ' only for graphs of up to a few hundred modules')
      + ' with the first toggles; this one is drawn as a highlight in the whole graph.'
      : spec.kind === 'path' ? 'This page cannot lay out the paths on their own; they are listed beside the graph and highlighted in it.'
      : spec.kind === 'collapse' ? 'This page carries each collapsed view with one group open at most; drawn with none open.'
      : other ? 'This page carries the whole graph with its first toggles only; drawn with them.' : 'This view is not in the page.';
    return what + serveHint;
  }
  function where(spec, exact) {
    var bar = $('mg-where');
    bar.replaceChildren();
    function part(text, cls) { bar.appendChild(make('span', cls, text)); }
    if (spec.kind === 'focus') {
      part('Focus: ');
      part(nodes[spec.node].name, 'mg-strong');
      part(' \u00b7 ' + (spec.depth === 0 ? 'all the way' : plural(spec.depth, 'step')) + ', ' + { both: 'what it uses and what uses it', down: 'what it uses', up: 'what uses it' }[spec.dir]);
    } else if (spec.kind === 'collapse') {
      part('By ' + spec.by);
      spec.open.forEach(function (group) {
        var chip = make('button', 'mg-chip', groupInfo(spec.by, group).name + ' \u00d7');
        chip.type = 'button';
        chip.title = 'Close this group';
        chip.addEventListener('click', function () { closeGroup(group); });
        bar.appendChild(chip);
      });
      if (!spec.open.length) part(' \u00b7 click a group to open it');
    } else if (spec.kind === 'path') {
      part('Why ');
      part(nodes[spec.from].name, 'mg-strong');
      part(' depends on ');
      part(nodes[spec.to].name, 'mg-strong');
    } else part('All modules');
    document.querySelectorAll('#mg-modes button').forEach(function (button) {
      var mode = button.getAttribute('data-mode');
      button.classList.toggle('on', spec.kind === 'all' ? mode === 'all' : spec.kind === 'collapse' && spec.by === mode);
    });
  }
  function status() {
    var bar = $('mg-status');
    if (!svg) {
      bar.textContent = count(N) + ' modules and ' + count(E) + ' dependencies, not drawn. Search a module to see what it depends on and what depends on it.';
      return;
    }
    var shown = 0, hiddenTests = 0, hiddenExternals = 0;
    for (i = 0; i < N; i++) {
      if (nodeShown(i)) shown++;
      else if (!state.tests && nodes[i].test) hiddenTests++;
      else hiddenExternals++;
    }
    var hidden = [];
    if (hiddenTests) hidden.push(plural(hiddenTests, 'test target'));
    if (hiddenExternals) hidden.push(plural(hiddenExternals, 'external product'));
    bar.textContent = 'Drawn: ' + count(drawn.layout.nodes.length) + ' nodes, ' + count(drawn.layout.edges.length) + ' edges (' + count(shown) + ' of ' + count(N)
      + ' modules shown' + (hidden.length ? '; the toggles hide ' + hidden.join(' and ') : '') + ')' + (state.wiring && wires.length ? '; ' + count(drawn.wires || 0) + ' of ' + plural(wires.length, 'wiring edge') + ' drawn dashed (run time, not build dependencies)' : '')
      + '. Click a module to focus on it, a group to open it; Backspace goes back, / searches, f fits.';
  }

  function focusOn(index) {
    if (index < 0 || index >= N) return;
    show({ kind: 'focus', node: index, depth: state.depth, dir: state.dir }, { push: true });
  }
  function openGroup(group) {
    var spec = state.spec && state.spec.kind === 'collapse' ? state.spec : null;
    if (!spec) return;
    var open = spec.open.indexOf(group) >= 0 ? spec.open.slice() : spec.open.concat([group]).sort(function (a, b) { return a - b; });
    show({ kind: 'collapse', by: spec.by, open: open }, { push: true });
  }
  function closeGroup(group) {
    var spec = state.spec;
    if (!spec || spec.kind !== 'collapse') return;
    show({ kind: 'collapse', by: spec.by, open: spec.open.filter(function (g) { return g !== group; }) }, { push: true });
  }
  function goBack() {
    var last = back.pop();
    if (!last) return;
    state.tests = last.tests; state.ext = last.ext; state.implied = last.implied;
    syncToggles();
    show(last.spec, { select: last.selected });
  }
  $('mg-back').addEventListener('click', goBack);
  document.querySelectorAll('#mg-modes button').forEach(function (button) {
    var mode = button.getAttribute('data-mode');
    button.hidden = mode !== 'all' && !groupings[mode];
    button.addEventListener('click', function () {
      show(mode === 'all' ? { kind: 'all' } : { kind: 'collapse', by: mode, open: [] }, { push: true });
    });
  });

  // ---- the selected module's card ----
  function showSelection(index, downCount, upCount) {
    var box = $('mg-selection'), node = nodes[index];
    box.replaceChildren();
    box.hidden = false;
    box.appendChild(make('h2', null, 'Selected'));
    box.appendChild(make('h3', null, node.name));
    var facts = make('dl');
    function fact(term, value) { facts.appendChild(make('dt', null, term)); facts.appendChild(make('dd', null, value)); }
    fact('Package', node.package);
    fact('Kind', node.kind);
    if (node.layer !== null && data.layers[node.layer]) fact('Layer', data.layers[node.layer].name);
    fact('Depends on', outEdges[index].length + ' direct' + (downCount !== undefined ? ', ' + downCount + ' in this view' : ''));
    fact('Used by', inEdges[index].length + ' direct' + (upCount !== undefined ? ', ' + upCount + ' in this view' : ''));
    box.appendChild(facts);
    var actions = make('div', 'mg-actions');
    var from = make('button', 'mg-button mg-plain', 'Why does it depend on\u2026');
    from.type = 'button';
    from.addEventListener('click', function () { $('mg-path-from').value = node.name; pathChoice.from = index; $('mg-path-to').focus(); });
    actions.appendChild(from);
    box.appendChild(actions);
    neighbours(box, 'Depends on', outEdges[index], 'to', 'var(--dep)');
    neighbours(box, 'Used by', inEdges[index], 'from', 'var(--user)');
  }
  function neighbours(box, title, list, end, tint) {
    if (!list.length) return;
    var heading = make('h4');
    var key = make('span', 'mg-key');
    key.style.background = tint;
    heading.appendChild(key);
    heading.appendChild(document.createTextNode(title));
    box.appendChild(heading);
    var ul = make('ul', 'mg-list');
    list.slice(0, 100).forEach(function (e) {
      var other = edges[e][end];
      var li = make('li', null, nodes[other].name);
      li.addEventListener('click', function () { focusOn(other); });
      ul.appendChild(li);
    });
    if (list.length > 100) ul.appendChild(make('li', 'mg-dim', 'and ' + (list.length - 100) + ' more'));
    box.appendChild(ul);
  }

  // ---- search ----
  var search = $('mg-search'), results = $('mg-results'), matches = [], current = -1;
  function find(query) {
    var found = [], q = query.toLowerCase();
    if (!q) return found;
    for (var n = 0; n < N; n++) {
      var node = nodes[n];
      if (node.name.toLowerCase().indexOf(q) >= 0 || (node.package + '/' + node.name).toLowerCase().indexOf(q) >= 0) found.push(n);
    }
    found.sort(function (a, b) {
      var pa = nodes[a].name.toLowerCase().indexOf(q), pb = nodes[b].name.toLowerCase().indexOf(q);
      return (pa === 0 ? 0 : 1) - (pb === 0 ? 0 : 1) || nodes[a].name.length - nodes[b].name.length || a - b;
    });
    return found;
  }
  function runSearch() {
    clearHighlight();
    results.replaceChildren();
    matches = find(search.value.trim());
    current = -1;
    results.hidden = !search.value.trim();
    if (!search.value.trim()) return;
    if (!matches.length) { results.appendChild(make('li', 'mg-empty', 'No module matches.')); return; }
    matches.slice(0, 60).forEach(function (index, position) {
      var li = make('li');
      li.appendChild(make('span', null, nodes[index].name));
      li.appendChild(make('span', 'mg-pkg', '  ' + nodes[index].package));
      li.addEventListener('click', function () { focusOn(index); });
      li.addEventListener('mouseenter', function () { choose(position); });
      results.appendChild(li);
    });
    if (matches.length > 60) results.appendChild(make('li', 'mg-dim', 'and ' + (matches.length - 60) + ' more'));
    matches.forEach(function (index) { light(nodeElement(index), ['hl', 'hl-match']); });
    extraLit = true;
    canvas.classList.add('dim');
    choose(0);
  }
  function choose(position) {
    if (!matches.length) return;
    current = (position + matches.length) % matches.length;
    var index = matches[current];
    document.querySelectorAll('#mg-canvas .hl-active').forEach(function (element) { element.classList.remove('hl-active'); });
    var element = nodeElement(index);
    if (element) light(element, ['hl-active']);
    var item = results.children[current];
    if (item && current < 60) { setActive(item); item.scrollIntoView({ block: 'nearest' }); } else setActive(null);
    centerOn([index], false);
  }
  search.addEventListener('input', runSearch);
  search.addEventListener('keydown', function (event) {
    if (event.key === 'ArrowDown') { event.preventDefault(); choose(current + 1); }
    else if (event.key === 'ArrowUp') { event.preventDefault(); choose(current - 1); }
    else if (event.key === 'Enter') { event.preventDefault(); if (current >= 0) { var index = matches[current]; clearSearch(); search.blur(); focusOn(index); } }
    else if (event.key === 'Escape') { event.preventDefault(); clearAll(); search.blur(); }
  });
  function clearSearch() { search.value = ''; results.replaceChildren(); results.hidden = true; matches = []; current = -1; }
  // Esc: what is lit goes first; with nothing lit, back to the previous view.
  function clearAll() {
    var had = extraLit || search.value !== '';
    clearSearch();
    clearHighlight();
    if (state.spec && state.spec.kind === 'focus') lightFocus(state.spec.node, state.spec.depth, state.spec.dir, !drawnExactly());
    return had;
  }
  function drawnExactly() { return drawn && state.spec && drawn.layout.key === keyOf(state.spec); }
  document.addEventListener('keydown', function (event) {
    var tag = event.target && event.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === '/') { event.preventDefault(); showTab('graph'); search.focus(); search.select(); }
    else if (event.key === 'Escape') { if (!clearAll()) goBack(); }
    else if (event.key === 'Backspace') { event.preventDefault(); goBack(); }
    else if (event.key === 'f') fit();
    else if (event.key === '+' || event.key === '=') zoomStep(1.3);
    else if (event.key === '-') zoomStep(1 / 1.3);
  });

  // ---- toggles: the same view again with other toggles ----
  function toggle(id, key) {
    var input = $(id);
    input.addEventListener('change', function () {
      state[key] = input.checked;
      if (key === 'violations') { canvas.classList.toggle('viol', state.violations); return; }
      show(state.spec || { kind: 'all' }, { select: state.selected });
    });
  }
  function syncToggles() {
    $('mg-show-tests').checked = state.tests;
    $('mg-show-externals').checked = state.ext;
    $('mg-show-implied').checked = state.implied;
    $('mg-show-wiring').checked = state.wiring;
  }
  $('mg-show-tests').parentNode.hidden = !nodes.some(function (n) { return n.test; });
  $('mg-show-externals').parentNode.hidden = !nodes.some(function (n) { return n.external; });
  toggle('mg-show-tests', 'tests');
  toggle('mg-show-externals', 'ext');
  toggle('mg-show-implied', 'implied');
  toggle('mg-show-violations', 'violations');
  $('mg-wiring-toggle').hidden = !data.wiring || !data.picture;
  $('mg-show-wiring').addEventListener('change', function () { state.wiring = $('mg-show-wiring').checked; drawWiring(); status(); writeFragment(); });
  syncToggles();
  $('mg-depth').addEventListener('change', function (event) {
    state.depth = Number(event.target.value);
    if (state.spec && state.spec.kind === 'focus') show({ kind: 'focus', node: state.spec.node, depth: state.depth, dir: state.spec.dir });
  });
  $('mg-direction').addEventListener('change', function (event) {
    state.dir = event.target.value;
    if (state.spec && state.spec.kind === 'focus') show({ kind: 'focus', node: state.spec.node, depth: state.spec.depth, dir: state.dir });
  });
  // A highlight of modules and edges across the graph: drawn in the view that has them all.
  function highlightEverywhere(nodeList, edgeList, cls, item) {
    var nodesDrawn = nodeList.every(function (n) { return nodeElement(n); }), edgesDrawn = edgeList.every(function (e) { return edgeElement(e); });
    if (nodesDrawn && edgesDrawn) { highlightSet(nodeList, edgeList, cls, item); return; }
    // The whole graph, with what the highlight needs shown: its tests, its external products, its implied edges.
    if (nodeList.some(function (n) { return nodes[n].test; })) state.tests = true;
    if (nodeList.some(function (n) { return nodes[n].external; })) state.ext = true;
    if (!edgesDrawn) state.implied = true;
    syncToggles();
    show({ kind: 'all' }, { push: true, after: function () { highlightSet(nodeList, edgeList, cls, item); } });
  }
  var critical = data.criticalPath, criticalButton = $('mg-critical');
  if (critical && critical.nodes.length && data.picture) {
    criticalButton.hidden = false;
    criticalButton.textContent = 'Critical path \u00b7 ' + plural(critical.targets.length, 'module');
    criticalButton.title = 'Highlight the ' + critical.name;
    criticalButton.addEventListener('click', function () {
      if (state.critical) { clearHighlight(); return; }
      highlightEverywhere(critical.nodes, critical.edges, 'hl-crit', null);
      state.critical = true;
      criticalButton.classList.add('on');
    });
  }

  // ---- why A depends on B: the paths, drawn on their own ----
  var pathChoice = { from: -1, to: -1, field: null };
  var choices = $('mg-path-choices');
  function offer(field) {
    var input = $(field === 'from' ? 'mg-path-from' : 'mg-path-to');
    pathChoice[field] = -1;
    pathChoice.field = field;
    choices.replaceChildren();
    var found = find(input.value.trim()).slice(0, 12);
    choices.hidden = !found.length;
    found.forEach(function (index) {
      var li = make('li');
      li.appendChild(make('span', null, nodes[index].name));
      li.appendChild(make('span', 'mg-pkg', '  ' + nodes[index].package));
      li.addEventListener('mousedown', function (event) { event.preventDefault(); pick(field, index); });
      choices.appendChild(li);
    });
  }
  function pick(field, index) {
    pathChoice[field] = index;
    $(field === 'from' ? 'mg-path-from' : 'mg-path-to').value = nodes[index].name;
    choices.hidden = true;
    if (field === 'from') $('mg-path-to').focus();
  }
  ['from', 'to'].forEach(function (field) {
    var input = $(field === 'from' ? 'mg-path-from' : 'mg-path-to');
    input.addEventListener('input', function () { offer(field); });
    input.addEventListener('blur', function () { setTimeout(function () { choices.hidden = true; }, 0); });
    input.addEventListener('keydown', function (event) {
      if (event.key === 'Enter') {
        event.preventDefault();
        if (pathChoice[field] < 0) { var found = find(input.value.trim()); if (found.length) pick(field, found[0]); }
        if (field === 'to' || pathChoice.to >= 0) askPaths();
      } else if (event.key === 'Escape') { choices.hidden = true; input.blur(); }
    });
  });
  $('mg-path-go').addEventListener('click', askPaths);
  function askPaths() {
    ['from', 'to'].forEach(function (field) {
      if (pathChoice[field] < 0) { var found = find($(field === 'from' ? 'mg-path-from' : 'mg-path-to').value.trim()); if (found.length) pick(field, found[0]); }
    });
    var result = $('mg-path-result');
    result.replaceChildren();
    if (pathChoice.from < 0 || pathChoice.to < 0) { result.appendChild(make('p', 'mg-empty', 'Name two modules.')); return; }
    if (pathChoice.from === pathChoice.to) { result.appendChild(make('p', 'mg-empty', 'Name two different modules.')); return; }
    show({ kind: 'path', from: pathChoice.from, to: pathChoice.to, limit: 10 }, { push: true });
  }
  // The paths from one node to another through the nodes shown, shortest first, and how many there are:
  // the same answer as `modgraph why`, for a static page that lacks the path view.
  function pathsBetween(from, to, limit) {
    var toEnd = new Int32Array(N).fill(-1), queue = [to], head = 0;
    toEnd[to] = 0;
    while (head < queue.length) {
      var at = queue[head++];
      inEdges[at].forEach(function (e) { var other = edges[e].from; if (toEnd[other] < 0 && (nodeShown(other) || other === from)) { toEnd[other] = toEnd[at] + 1; queue.push(other); } });
    }
    if (toEnd[from] < 0) return { list: [], count: 0, exact: true };
    var ways = new Float64Array(N).fill(-1);
    function waysFrom(node, guard) {
      if (node === to) return 1;
      if (ways[node] >= 0) return ways[node];
      if (guard > N) return 0;
      ways[node] = 0;  // in progress: a cycle back here adds nothing
      var total = 0;
      outEdges[node].forEach(function (e) { var next = edges[e].to; if (toEnd[next] >= 0 && (nodeShown(next) || next === to)) total += waysFrom(next, guard + 1); });
      ways[node] = total;
      return total;
    }
    var total = waysFrom(from, 0), list = [], steps = 0;
    for (var length = toEnd[from]; list.length < limit && length <= N && steps < 200000; length++) {
      var path = [from], used = {}; used[from] = true;
      (function extend(left) {
        if (list.length >= limit || steps > 200000) return;
        var at = path[path.length - 1];
        if (at === to) { if (left === 0) list.push(path.slice()); return; }
        outEdges[at].forEach(function (e) {
          var next = edges[e].to;
          steps++;
          if (used[next] || toEnd[next] < 0 || toEnd[next] > left - 1 || list.length >= limit) return;
          used[next] = true; path.push(next); extend(left - 1); path.pop(); used[next] = false;
        });
      })(length);
      if (list.length >= total) break;
    }
    return { list: list, count: total, exact: total < 9e15 };
  }
  function showPaths(spec, layout, exact) {
    var result = $('mg-path-result'), paths = exact && layout.paths ? layout.paths : pathsBetween(spec.from, spec.to, spec.limit);
    result.replaceChildren();
    pathChoice.from = spec.from; pathChoice.to = spec.to;
    $('mg-path-from').value = nodes[spec.from].name;
    $('mg-path-to').value = nodes[spec.to].name;
    if (!paths.count) {
      result.appendChild(make('p', 'mg-empty', nodes[spec.from].name + ' does not depend on ' + nodes[spec.to].name + '.'));
      return;
    }
    result.appendChild(make('p', 'mg-dim', (paths.exact ? '' : 'at least ') + plural(paths.count, 'path') + (paths.list.length < paths.count ? ', the ' + paths.list.length + ' shortest listed' : '') + ':'));
    var list = make('ol', 'mg-paths'), lightNodes = {}, lightEdges = {};
    paths.list.forEach(function (path, position) {
      var li = make('li');
      path.forEach(function (node, step) {
        if (step) {
          var e = edgeAt[path[step - 1] + '>' + node], edge = e !== undefined ? edges[e] : null;
          li.appendChild(make('span', 'mg-arrow' + (edge && edge.conditions ? ' cond' : ''), edge && edge.conditions ? ' \u2192 [' + edge.conditions + '] ' : ' \u2192 '));
          if (e !== undefined) lightEdges[e] = true;
        }
        li.appendChild(make('span', null, nodes[node].name));
        lightNodes[node] = true;
      });
      li.addEventListener('click', function () {
        var steps = [];
        for (var s = 1; s < path.length; s++) { var e = edgeAt[path[s - 1] + '>' + path[s]]; if (e !== undefined) steps.push(e); }
        highlightSet(path, steps, 'hl-chain', li);
      });
      list.appendChild(li);
    });
    result.appendChild(list);
    var nodeList = Object.keys(lightNodes).map(Number), edgeList = Object.keys(lightEdges).map(Number);
    if (exact) {
      nodeList.forEach(function (n) { light(nodeElement(n), ['hl', 'hl-path']); });
      light(nodeElement(spec.from), ['hl-self']);
      light(nodeElement(spec.to), ['hl-self']);
    } else {
      edgeList.forEach(function (e) { light(edgeElement(e), ['hl', 'hl-chain']); });
      nodeList.forEach(function (n) { light(nodeElement(n), ['hl', 'hl-chain']); });
      canvas.classList.add('dim');
    }
  }

  // ---- layers ----
  if (data.layers.length) {
    $('mg-legend').hidden = false;
    var layerList = $('mg-layers');
    data.layers.forEach(function (layer, position) {
      var members = [];
      for (i = 0; i < N; i++) if (nodes[i].layer === position) members.push(i);
      var li = make('li');
      var swatch = make('span', 'mg-swatch');
      if (members.length) swatch.style.background = colour(nodes[members[0]].fill, '#eeeeee');
      li.appendChild(swatch);
      li.appendChild(document.createTextNode(layer.name));
      li.appendChild(make('span', 'mg-count', layer.nodes));
      li.addEventListener('click', function () { highlightEverywhere(members, [], 'hl-layer', li); });
      layerList.appendChild(li);
    });
  }

  // ---- findings ----
  if (data.check) {
    $('mg-findings-block').hidden = false;
    var check = data.check;
    $('mg-findings-title').textContent = visible('Findings \u00b7 ' + check.counts);
    var list = $('mg-findings');
    if (!findings.length) list.appendChild(make('li', 'mg-empty', 'None: the check passed.'));
    if (findings.some(function (f) { return f.edges.length && breaksARule(f); })) $('mg-violations-toggle').hidden = false;
    findings.forEach(function (finding) {
      var li = make('li', 'mg-finding');
      li.appendChild(make('span', 'mg-badge ' + (finding.severity === 'error' ? 'error' : 'warning'), finding.severity));
      li.appendChild(make('span', 'mg-rule', finding.rule));
      li.appendChild(make('span', 'mg-chain', finding.chainText));
      if (finding.location) li.appendChild(make('span', 'mg-where', finding.location));
      li.title = finding.message;
      li.addEventListener('click', function () { highlightEverywhere(finding.nodes, finding.edges, 'hl-chain', li); });
      list.appendChild(li);
    });
  }

  // ---- tabs ----
  var tabs = document.querySelectorAll('#mg-tabs button');
  function showTab(name) {
    state.tab = name;
    tabs.forEach(function (tab) { tab.classList.toggle('active', tab.getAttribute('data-tab') === name); });
    document.querySelectorAll('.mg-pane').forEach(function (pane) { pane.classList.toggle('active', pane.id === 'mg-pane-' + name); });
    if (name === 'schedule') renderGantt();
    if (name === 'graph') scheduleZoom();
    writeFragment();
  }
  tabs.forEach(function (tab) { tab.addEventListener('click', function () { showTab(tab.getAttribute('data-tab')); }); });
  if (!data.schedule) $('mg-tab-schedule').hidden = true;

  // ---- the Gantt chart of the simulated build: a time axis, fitted to the window, zoomed and scrolled ----
  var tip = $('mg-tip');
  function showTip(event, text) {
    tip.textContent = text;
    tip.hidden = false;
    tip.style.left = Math.min(event.clientX + 14, window.innerWidth - tip.offsetWidth - 8) + 'px';
    tip.style.top = (event.clientY + 16) + 'px';
  }
  var ganttDrawn = false, ganttScale = 0, ganttFitted = true, criticalOnly = false;
  var plan = data.schedule, onPath = {}, pathBars = [];
  if (plan) {
    plan.criticalPath.forEach(function (name) { onPath[name] = true; });
    plan.bars.forEach(function (bar, index) { if (onPath[bar.name]) pathBars.push(index); });
    pathBars.sort(function (a, b) { return plan.bars[a].start - plan.bars[b].start; });
  }
  var labelWidth = 92, rowHeight = 28, lanesTop = 8;
  // A tick every 1, 2 or 5 times a power of ten, about every 90 pixels.
  function tickStep(scale) {
    var raw = 90 / Math.max(scale, 1e-9), step = Math.pow(10, Math.floor(Math.log10(raw)));
    if (raw / step > 5) step *= 5; else if (raw / step > 2) step *= 2;
    return step;
  }
  function renderGantt() {
    if (!plan) return;
    var host = $('mg-gantt'), head = $('mg-gantt-head');
    if (!ganttDrawn) {
      head.appendChild(make('div', null, 'Simulated build on ' + plural(plan.workers, 'worker') + ', weights: ' + plan.weights + ' (' + plan.unit + ').'));
      head.appendChild(make('div', null, 'Makespan ' + number(plan.makespan) + ' ' + plan.unit + ', lower bound ' + number(plan.lowerBound)
        + ', critical path ' + number(plan.criticalPathLength) + ', efficiency ' + number(plan.efficiency * 100) + ' %. The purple lane is the critical path; click a bar to find its module in the graph; + and \u2212 zoom, the chart scrolls.'));
      var path = $('mg-gantt-path');
      path.appendChild(make('h3', null, 'Critical path \u00b7 ' + plural(plan.criticalPath.length, 'module') + ' \u00b7 ' + number(plan.criticalPathLength) + ' ' + plan.unit));
      var ol = make('ol', 'mg-critical-list');
      pathBars.forEach(function (index) {
        var bar = plan.bars[index], li = make('li');
        li.appendChild(make('span', 'mg-strong', bar.name));
        li.appendChild(make('span', 'mg-dim', '  ' + number(bar.start) + '\u2013' + number(bar.end) + ' ' + plan.unit));
        li.addEventListener('click', function () { if (bar.node !== null) { showTab('graph'); focusOn(bar.node); } });
        ol.appendChild(li);
      });
      path.appendChild(ol);
      host.addEventListener('scroll', function () { $('mg-gantt-axis').scrollLeft = host.scrollLeft; });
      host.addEventListener('wheel', function (event) {
        if (!event.ctrlKey && !event.metaKey) return;
        event.preventDefault();
        zoomGantt(Math.exp(-event.deltaY * 0.0015), event.clientX - host.getBoundingClientRect().left);
      }, { passive: false });
    }
    ganttDrawn = true;
    var span = plan.makespan > 0 ? plan.makespan : 1, available = Math.max(200, host.clientWidth - labelWidth - 24);
    if (ganttFitted || !ganttScale) ganttScale = available / span;
    var plotWidth = span * ganttScale, width = plotWidth + labelWidth + 16, lanes = plan.workers + 1;
    var step = tickStep(ganttScale), axis = $('mg-gantt-axis');
    axis.replaceChildren();
    var ruler = shape('svg', { width: width, height: 30, 'class': 'mg-gantt-svg' }, axis);
    var chart = shape('svg', { width: width, height: lanesTop + lanes * rowHeight + 8, 'class': 'mg-gantt-svg' });
    for (var t = 0; t <= span + 1e-9; t += step) {
      var x = labelWidth + t * ganttScale;
      shape('line', { x1: x, x2: x, y1: 22, y2: 30, 'class': 'mg-tick' }, ruler);
      var tick = shape('text', { x: x, y: 16, 'text-anchor': t === 0 ? 'start' : 'middle' }, ruler);
      tick.textContent = number(t);
      shape('line', { x1: x, x2: x, y1: 0, y2: lanesTop + lanes * rowHeight, 'class': 'mg-grid' }, chart);
    }
    var unitLabel = shape('text', { x: 8, y: 16, 'class': 'mg-axis-unit' }, ruler);
    unitLabel.textContent = visible('time (' + plan.unit + ')');
    // The critical path's lane first, then one per worker.
    shape('rect', { x: labelWidth, y: lanesTop, width: plotWidth, height: rowHeight, 'class': 'mg-lane crit' }, chart);
    var laneName = shape('text', { x: 8, y: lanesTop + rowHeight / 2 + 4, 'class': 'mg-lane-name crit' }, chart);
    laneName.textContent = 'Critical path';
    for (var w = 0; w < plan.workers; w++) {
      var top = lanesTop + (w + 1) * rowHeight;
      if (w % 2 === 0) shape('rect', { x: labelWidth, y: top, width: plotWidth, height: rowHeight, 'class': 'mg-lane' }, chart);
      var lane = shape('text', { x: 8, y: top + rowHeight / 2 + 4, 'class': 'mg-lane-name' }, chart);
      lane.textContent = 'Worker ' + (w + 1);
    }
    function bar(index, row, cls) {
      var item = plan.bars[index], x = labelWidth + item.start * ganttScale, barWidth = Math.max(1, (item.end - item.start) * ganttScale - 1);
      var top = lanesTop + row * rowHeight;
      shape('rect', { x: x, y: top + 4, width: barWidth, height: rowHeight - 8, rx: 3, 'class': cls, 'data-bar': index }, chart);
      if (barWidth > item.name.length * 6.5 + 8) {
        var text = shape('text', { x: x + 4, y: top + rowHeight / 2 + 4, 'class': 'mg-bar-label' }, chart);
        text.textContent = visible(item.name);
      }
    }
    pathBars.forEach(function (index) { bar(index, 0, 'mg-cbar'); });
    plan.bars.forEach(function (item, index) {
      bar(index, item.worker + 1, 'mg-bar' + (onPath[item.name] ? ' crit' : '') + (criticalOnly && !onPath[item.name] ? ' faint' : ''));
    });
    chart.addEventListener('mousemove', function (event) {
      var index = event.target.getAttribute && event.target.getAttribute('data-bar');
      if (index === null || index === undefined) { tip.hidden = true; return; }
      var item = plan.bars[Number(index)];
      showTip(event, visible(item.name) + '\nstart ' + number(item.start) + ', end ' + number(item.end) + ' ' + plan.unit + '\nworker ' + (item.worker + 1) + (onPath[item.name] ? '\non the critical path' : ''));
    });
    chart.addEventListener('mouseleave', function () { tip.hidden = true; });
    chart.addEventListener('click', function (event) {
      var index = event.target.getAttribute && event.target.getAttribute('data-bar');
      if (index === null || index === undefined) return;
      var item = plan.bars[Number(index)];
      tip.hidden = true;
      if (item.node === null) return;
      showTab('graph');
      focusOn(item.node);
    });
    host.replaceChildren(chart);
    axis.scrollLeft = host.scrollLeft;
  }
  function zoomGantt(factor, at) {
    var host = $('mg-gantt'), anchor = at === undefined ? host.clientWidth / 2 : at;
    var time = (host.scrollLeft + anchor - labelWidth) / ganttScale;
    ganttFitted = false;
    ganttScale = Math.max(((host.clientWidth - labelWidth - 24) / Math.max(plan.makespan, 1e-9)) / 2, Math.min(ganttScale * factor, 4000 / Math.max(plan.makespan / 1000, 1e-9)));
    renderGantt();
    host.scrollLeft = Math.max(0, time * ganttScale + labelWidth - anchor);
  }
  $('mg-gantt-in').addEventListener('click', function () { zoomGantt(1.5); });
  $('mg-gantt-out').addEventListener('click', function () { zoomGantt(1 / 1.5); });
  $('mg-gantt-fit').addEventListener('click', function () { ganttFitted = true; renderGantt(); $('mg-gantt').scrollLeft = 0; });
  $('mg-gantt-critical').addEventListener('change', function (event) { criticalOnly = event.target.checked; renderGantt(); });

  // ---- the summary ----
  function card(title, rows, paragraphs) {
    var element = make('section', 'mg-card');
    element.appendChild(make('h2', null, title));
    var dl = make('dl');
    rows.forEach(function (row) { dl.appendChild(make('dt', null, row[0])); dl.appendChild(make('dd', null, row[1])); });
    element.appendChild(dl);
    (paragraphs || []).forEach(function (text) { element.appendChild(make('p', null, text)); });
    $('mg-summary').appendChild(element);
    return element;
  }
  var summary = data.summary;
  card('Graph', [['Source', data.source], ['Packages', summary.packages], ['Targets', summary.targets], ['Tests', summary.tests],
    ['External products', summary.externals], ['Dependencies', summary.dependencies], ['Nodes', plural(summary.viewNodes, 'node') + ', ' + summary.viewEdges + ' edges (' + data.level + ' level)']]);
  if (data.check) {
    var verdict = card('Check', [['Configuration', data.check.config], ['Verdict', data.check.passed ? 'passed' : 'failed'], ['Findings', data.check.counts]]);
    verdict.querySelectorAll('dd')[1].replaceChildren(make('span', 'mg-badge ' + (data.check.passed ? 'passed' : 'error'), data.check.passed ? 'passed' : 'failed'));
  }
  var structure = [];
  if (data.cycles > 0) structure.push(['Cycles', data.cycles + ' (SwiftPM refuses to build them)']);
  else structure.push(['Longest chain', plural(summary.longestChain.length, 'target')]);
  card('Structure', structure, summary.longestChain.length ? [summary.longestChain.join(' \u2192 ')] : []);
  if (plan) {
    card('Schedule', [['Workers', plan.workers], ['Weights', plan.weights + ' (' + plan.unit + ')'], ['Makespan', number(plan.makespan)],
      ['Lower bound', number(plan.lowerBound)], ['Critical path', number(plan.criticalPathLength)], ['Total work', number(plan.totalWork)],
      ['Efficiency', number(plan.efficiency * 100) + ' %'], ['Build waves', plan.waves]], ['Critical path: ' + plan.criticalPath.join(' \u2192 ')]);
  }
  card('About', [['Generated by', data.tool]], [(data.live ? 'Served by modgraph serve on this machine: every view is laid out on request.' : 'Everything in this page is in this one file: it fetches nothing. It carries the layouts of ' + plural(Object.keys(views).length, 'view') + (data.everyView ? '' : '; deeper focus views, paths drawn alone and other toggles need modgraph serve') + '.')
    + ' Keys: / search, \u2191 \u2193 Enter through matches, Esc clears, Backspace goes back, f fits, + and \u2212 zoom.']);

  // ---- the URL's fragment: the view, the toggles, the tab, by name, so that a view can be linked ----
  function writeFragment() {
    if (!state.spec) return;
    var spec = state.spec, parts = [];
    function put(name, value) { parts.push(name + '=' + encodeURIComponent(value)); }
    if (spec.kind === 'focus') { put('focus', nodes[spec.node].id); put('depth', spec.depth); put('dir', spec.dir); }
    else if (spec.kind === 'collapse') { put('by', spec.by); if (spec.open.length) put('open', spec.open.map(function (g) { return groupInfo(spec.by, g).key; }).join('\n')); }
    else if (spec.kind === 'path') { put('from', nodes[spec.from].id); put('to', nodes[spec.to].id); }
    else put('view', 'all');
    put('t', state.tests ? 1 : 0); put('x', state.ext ? 1 : 0); put('i', state.implied ? 1 : 0);
    if (data.wiring) put('w', state.wiring ? 1 : 0);
    if (state.tab !== 'graph') put('tab', state.tab);
    var fragment = '#' + parts.join('&');
    if (location.hash !== fragment) { writing = fragment; history.replaceState(null, '', fragment); }
  }
  var writing = null;
  function readFragment() {
    var text = location.hash.slice(1), values = {};
    if (!text || text.length > 20000) return null;
    text.split('&').forEach(function (part) {
      var eq = part.indexOf('=');
      if (eq > 0) { try { values[part.slice(0, eq)] = decodeURIComponent(part.slice(eq + 1)); } catch (error) { /* not ours */ } }
    });
    var spec = null;
    if (values.focus !== undefined && idIndex[values.focus] !== undefined) {
      spec = { kind: 'focus', node: idIndex[values.focus], depth: [0, 1, 2, 3].indexOf(Number(values.depth)) >= 0 ? Number(values.depth) : 1,
        dir: ['both', 'up', 'down'].indexOf(values.dir) >= 0 ? values.dir : 'both' };
    } else if (values.by !== undefined && groupings[values.by]) {
      var keys = (values.open || '').split('\n'), open = [];
      groupings[values.by].forEach(function (group, index) { if (keys.indexOf(group.key) >= 0) open.push(index); });
      spec = { kind: 'collapse', by: values.by, open: open };
    } else if (values.from !== undefined && idIndex[values.from] !== undefined && idIndex[values.to] !== undefined && values.from !== values.to) {
      spec = { kind: 'path', from: idIndex[values.from], to: idIndex[values.to], limit: 10 };
    } else if (values.view === 'all') spec = { kind: 'all' };
    if (!spec && !values.tab) return null;
    return { spec: spec, tests: values.t === undefined ? null : values.t === '1', ext: values.x === undefined ? null : values.x === '1',
      implied: values.i === undefined ? null : values.i === '1', wiring: values.w === undefined ? null : values.w === '1', tab: values.tab };
  }
  function applyFragment(wanted) {
    if (wanted.tests !== null) state.tests = wanted.tests;
    if (wanted.ext !== null) state.ext = wanted.ext;
    if (wanted.implied !== null) state.implied = wanted.implied;
    if (wanted.wiring !== null && data.wiring) { state.wiring = wanted.wiring; drawWiring(); }
    syncToggles();
    if (wanted.spec) {
      if (wanted.spec.kind === 'focus') { state.depth = wanted.spec.depth; state.dir = wanted.spec.dir; $('mg-depth').value = String(state.depth); $('mg-direction').value = state.dir; }
      show(wanted.spec, { push: !!state.spec });
    }
    if (wanted.tab === 'schedule' && data.schedule) showTab('schedule');
    else if (wanted.tab === 'summary') showTab('summary');
  }
  window.addEventListener('hashchange', function () {
    if (location.hash === writing) return;
    var wanted = readFragment();
    if (wanted) applyFragment(wanted);
  });

  // ---- start ----
  if (!data.picture) {
    // Without a picture, what only changes the picture is not offered.
    ['mg-zoom', 'mg-violations-toggle', 'mg-views-block', 'mg-bar'].forEach(function (id) { $(id).hidden = true; });
    var note = $('mg-note');
    note.hidden = false;
    note.textContent = visible('No picture: ' + (data.pictureNote || 'the graph was not drawn') + '. Search, the selected module\u2019s dependencies, the findings and the schedule still work.');
    search.addEventListener('keydown', function (event) {
      if (event.key === 'Enter' && matches.length) showSelection(matches[Math.max(current, 0)]);
    }, true);
    status();
  } else {
    if (E > 400) canvas.classList.add('large');
    canvas.classList.toggle('viol', state.violations);
    var wanted = readFragment();
    var first = specOf(data.first), firstToggles = togglesOf(data.first);
    state.tests = firstToggles.tests; state.ext = firstToggles.ext; state.implied = firstToggles.implied;
    syncToggles();
    show(first, { zoom: data.firstZoom || undefined });
    if (wanted) applyFragment(wanted);
  }
  document.documentElement.setAttribute('data-ready', 'true');
})();
