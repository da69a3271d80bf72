/// The script of index.html, in the binary (the tool installs as one file).
///
/// It reads the embedded JSON once, builds the adjacency lists once, and from
/// then on only changes classes: on `#mg-canvas` for the toggles (`no-tests`,
/// `no-ext`, `no-implied` and the toggle combination `c0`…`c3`, which picks
/// the implied flags ``ViewerEdges`` computed), and on the few nodes and edges
/// a highlight touches, which are remembered and cleared one by one. So a click
/// costs what it lights up, not the size of the graph.
///
/// Every name reaches the page through `textContent` or `createElement`,
/// never `innerHTML`. The page's Content-Security-Policy allows this script
/// by its hash: change it and the hash follows (``ViewerPage``).
enum ViewerScript {
    static let source = #"""
        (function () {
          'use strict';
          var data = JSON.parse(document.getElementById('mg-data').textContent);
          var nodes = data.nodes, edges = data.edges, N = nodes.length, E = edges.length;
          function $(id) { return document.getElementById(id); }
          function make(tag, cls, text) {
            var element = document.createElement(tag);
            if (cls) element.className = cls;
            if (text !== undefined && text !== null) element.textContent = String(text);
            return element;
          }
          function plural(count, word) { return count + ' ' + word + (count === 1 ? '' : 's'); }
          function count(value) { return value.toLocaleString('en-US'); }
          function number(value) { return (Math.round(value * 100) / 100).toLocaleString('en-US'); }

          // Adjacency, once: edge indices out of and into each node.
          var outEdges = [], inEdges = [], i, k;
          for (i = 0; i < N; i++) { outEdges.push([]); inEdges.push([]); }
          for (k = 0; k < E; k++) { outEdges[edges[k].from].push(k); inEdges[edges[k].to].push(k); }

          var canvas = $('mg-canvas');
          var svg = canvas.querySelector('svg');
          var nodeEl = new Array(N), edgeEl = new Array(E);
          var state = { tests: true, ext: true, implied: !data.hidesImplied, depth: 0, violations: true, critical: false, selected: -1 };

          if (svg) {
            for (i = 0; i < N; i++) {
              var g = document.getElementById('n' + i);
              nodeEl[i] = g;
              if (!g) continue;
              if (nodes[i].test) g.classList.add('tt');
              if (nodes[i].external) g.classList.add('te');
            }
            for (k = 0; k < E; k++) {
              var edge = edges[k], line = document.getElementById('e' + edge.from + '_' + edge.to);
              edgeEl[k] = line;
              if (!line) continue;
              for (var bit = 0; bit < 4; bit++) { if (edge.implied & (1 << bit)) line.classList.add('i' + bit); }
              if (nodes[edge.from].test || nodes[edge.to].test) line.classList.add('tt');
              if (nodes[edge.from].external || nodes[edge.to].external) line.classList.add('te');
            }
          }
          var findings = data.check ? data.check.findings : [];
          // Red goes only on the edges that break a rule: the offending edge of a layering, forbidden or
          // externals error, an isolation error's chain. Cycles are drawn red already; a missing import has
          // no edge to paint, and an unused dependency is not a violation of the architecture.
          var paintsRed = { layering: true, forbidden: true, externals: true, isolation: true };
          function breaksARule(finding) { return finding.severity === 'error' && finding.chain.length > 1 && paintsRed[finding.rule] === true; }
          findings.forEach(function (finding) {
            if (!breaksARule(finding)) return;
            finding.edges.forEach(function (index) { if (edgeEl[index]) edgeEl[index].classList.add('bad'); });
          });

          // ---- view toggles: classes on the canvas only ----
          function combination() { return (state.tests ? 0 : 1) + (state.ext ? 0 : 2); }
          function nodeShown(index) { return (state.tests || !nodes[index].test) && (state.ext || !nodes[index].external); }
          function edgeShown(index) {
            var e = edges[index];
            return nodeShown(e.from) && nodeShown(e.to) && (state.implied || !(e.implied & (1 << combination())));
          }
          function applyView() {
            var list = canvas.classList;
            list.toggle('no-tests', !state.tests);
            list.toggle('no-ext', !state.ext);
            list.toggle('no-implied', !state.implied);
            list.toggle('viol', state.violations);
            list.remove('c0', 'c1', 'c2', 'c3');
            list.add('c' + combination());
            status();
          }
          function status() {
            if (!svg) {
              $('mg-status').textContent = count(N) + ' modules and ' + count(E) + ' dependencies, not drawn. Search a module to see what it depends on and what depends on it.';
              return;
            }
            var shownNodes = 0, shownEdges = 0;
            for (i = 0; i < N; i++) if (nodeShown(i)) shownNodes++;
            for (k = 0; k < E; k++) if (edgeShown(k)) shownEdges++;
            var bar = $('mg-status');
            bar.textContent = 'Showing ' + count(shownNodes) + ' of ' + count(N) + ' modules and ' + count(shownEdges) + ' of ' + count(E)
              + ' dependencies. Click a module to highlight it; drag to pan, wheel to zoom; / searches, f fits, Esc clears.';
          }

          // ---- highlights: remembered, so clearing costs what was lit ----
          var lit = [];
          function light(element, classes) {
            if (!element) return;
            for (var c = 0; c < classes.length; c++) element.classList.add(classes[c]);
            lit.push([element, classes]);
          }
          function clearHighlight() {
            for (var l = 0; l < lit.length; l++) {
              var pair = lit[l];
              for (var c = 0; c < pair[1].length; c++) pair[0].classList.remove(pair[1][c]);
            }
            lit = [];
            canvas.classList.remove('dim');
            setActive(null);
            $('mg-critical').classList.remove('on');
            state.critical = false;
            state.selected = -1;
          }
          var activeItem = null;
          function setActive(item) {
            if (activeItem) activeItem.classList.remove('active');
            activeItem = item;
            if (item) item.classList.add('active');
          }

          // Breadth-first from a node along out- or in-edges, up to `depth` steps (0: all).
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

          function selectNode(index, center, item) {
            clearHighlight();
            var down = walk(index, outEdges, 'to', state.depth), up = walk(index, inEdges, 'from', state.depth);
            down.edges.forEach(function (e) { light(edgeEl[e], ['hl', 'hl-dep']); });
            up.edges.forEach(function (e) { light(edgeEl[e], ['hl', 'hl-user']); });
            down.nodes.forEach(function (n) { light(nodeEl[n], ['hl', 'hl-dep']); });
            up.nodes.forEach(function (n) { light(nodeEl[n], ['hl', 'hl-user']); });
            light(nodeEl[index], ['hl', 'hl-self']);
            state.selected = index;
            canvas.classList.add('dim');
            showSelection(index, down.nodes.length, up.nodes.length);
            if (item) setActive(item);
            if (center) {
              var near = [index];
              outEdges[index].forEach(function (e) { if (nodeShown(edges[e].to)) near.push(edges[e].to); });
              inEdges[index].forEach(function (e) { if (nodeShown(edges[e].from)) near.push(edges[e].from); });
              centerOn(near, true);
            }
          }

          function highlightSet(nodeList, edgeList, cls, item) {
            clearHighlight();
            edgeList.forEach(function (e) { light(edgeEl[e], ['hl', cls]); });
            nodeList.forEach(function (n) { light(nodeEl[n], ['hl', cls]); });
            canvas.classList.add('dim');
            if (item) setActive(item);
            centerOn(nodeList, true);
          }

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
            var depthText = state.depth === 0 ? 'in all' : 'within ' + plural(state.depth, 'step');
            fact('Depends on', outEdges[index].length + ' direct, ' + downCount + ' ' + depthText);
            fact('Used by', inEdges[index].length + ' direct, ' + upCount + ' ' + depthText);
            box.appendChild(facts);
            neighbours(box, 'Depends on', outEdges[index], 'to', 'var(--dep)');
            neighbours(box, 'Used by', inEdges[index], 'from', 'var(--user)');
          }
          function neighbours(box, title, list, end, colour) {
            if (!list.length) return;
            var heading = make('h4');
            var key = make('span', 'mg-key');
            key.style.background = colour;
            heading.appendChild(key);
            heading.appendChild(document.createTextNode(title));
            box.appendChild(heading);
            var ul = make('ul', 'mg-list');
            list.slice(0, 100).forEach(function (e) {
              var other = edges[e][end];
              var li = make('li', null, nodes[other].name);
              li.addEventListener('click', function () { selectNode(other, true); });
              ul.appendChild(li);
            });
            if (list.length > 100) ul.appendChild(make('li', 'mg-dim', 'and ' + (list.length - 100) + ' more'));
            box.appendChild(ul);
          }

          // ---- pan and zoom: the SVG's viewBox follows the canvas ----
          var view = { x: 0, y: 0, s: 1 }, base = null, toGraph = null, frame = 0;
          if (svg) {
            var box0 = svg.viewBox.baseVal;
            base = { x: box0.x, y: box0.y, w: box0.width || 1, h: box0.height || 1 };
            svg.removeAttribute('width');
            svg.removeAttribute('height');
            svg.setAttribute('preserveAspectRatio', 'xMinYMin meet');
            var root = svg.querySelector('g.graph');
            var transform = root && root.transform.baseVal.consolidate();
            toGraph = transform ? transform.matrix : null;
          }
          function applyZoom() {
            frame = 0;
            if (!svg) return;
            var width = canvas.clientWidth || 1, height = canvas.clientHeight || 1;
            svg.setAttribute('viewBox', view.x + ' ' + view.y + ' ' + width / view.s + ' ' + height / view.s);
          }
          function schedule() { if (!frame) frame = requestAnimationFrame(applyZoom); }
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
          function zoomAt(px, py, factor) {
            if (!svg) return;
            var minimum = Math.min(fitScale(base.w, base.h, 40), 1) / 4;
            var next = Math.max(minimum, Math.min(8, view.s * factor));
            var ux = view.x + px / view.s, uy = view.y + py / view.s;
            view.s = next;
            view.x = ux - px / next;
            view.y = uy - py / next;
            schedule();
          }
          function boxOf(index) {
            var element = nodeEl[index];
            if (!element || !nodeShown(index) && !element.classList.contains('hl')) return null;
            var b = element.getBBox(), m = toGraph;
            if (!m) return b;
            return { x: m.a * b.x + m.c * b.y + m.e, y: m.b * b.x + m.d * b.y + m.f, width: b.width * m.a, height: b.height * m.d };
          }
          function centerOn(list, fitAll) {
            if (!svg || !list.length) return;
            var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
            list.forEach(function (index) {
              var b = boxOf(index);
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
            schedule();
          });
          canvas.addEventListener('pointerup', function () {
            if (!drag) return;
            var wasClick = !drag.moved, target = drag.target;
            drag = null;
            canvas.classList.remove('dragging');
            if (!wasClick) return;
            var node = target && target.closest ? target.closest('g.node') : null;
            if (node && /^n\d+$/.test(node.id)) selectNode(Number(node.id.slice(1)), false);
            else clearAll();
          });
          canvas.addEventListener('wheel', function (event) {
            event.preventDefault();
            var rect = canvas.getBoundingClientRect();
            var delta = event.deltaY * (event.deltaMode === 1 ? 16 : 1);
            zoomAt(event.clientX - rect.left, event.clientY - rect.top, Math.exp(-delta * 0.0015));
          }, { passive: false });
          $('mg-zoom-in').addEventListener('click', function () { zoomAt(canvas.clientWidth / 2, canvas.clientHeight / 2, 1.3); });
          $('mg-zoom-out').addEventListener('click', function () { zoomAt(canvas.clientWidth / 2, canvas.clientHeight / 2, 1 / 1.3); });
          $('mg-fit').addEventListener('click', fit);
          window.addEventListener('resize', schedule);

          // ---- search ----
          var search = $('mg-search'), results = $('mg-results'), matches = [], current = -1;
          var lowerNames = nodes.map(function (n) { return n.name.toLowerCase(); });
          var lowerIds = nodes.map(function (n) { return n.id.toLowerCase(); });
          function runSearch() {
            var query = search.value.trim().toLowerCase();
            clearHighlight();
            $('mg-selection').hidden = true;
            results.replaceChildren();
            matches = [];
            current = -1;
            if (!query) { results.hidden = true; return; }
            var scored = [];
            for (i = 0; i < N; i++) {
              var at = lowerNames[i].indexOf(query);
              var rank = at === 0 ? (lowerNames[i].length === query.length ? 0 : 1) : at > 0 ? 2 : lowerIds[i].indexOf(query) >= 0 ? 3 : -1;
              if (rank >= 0) scored.push([rank, lowerNames[i].length, i]);
            }
            scored.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1] || (nodes[a[2]].name < nodes[b[2]].name ? -1 : 1); });
            matches = scored.map(function (s) { return s[2]; });
            results.hidden = false;
            if (!matches.length) { results.appendChild(make('li', 'mg-empty', 'No module matches.')); return; }
            matches.slice(0, 60).forEach(function (index, position) {
              var li = make('li');
              li.appendChild(make('span', null, nodes[index].name));
              li.appendChild(document.createTextNode(' '));
              li.appendChild(make('span', 'mg-pkg', nodes[index].package));
              li.addEventListener('click', function () { choose(position); selectNode(index, true, li); });
              results.appendChild(li);
            });
            if (matches.length > 60) results.appendChild(make('li', 'mg-empty', 'and ' + (matches.length - 60) + ' more'));
            matches.forEach(function (index) { light(nodeEl[index], ['hl', 'hl-match']); });
            canvas.classList.add('dim');
            choose(0);
          }
          function choose(position) {
            if (!matches.length) return;
            current = (position + matches.length) % matches.length;
            lit.forEach(function (pair) { pair[0].classList.remove('hl-active'); });
            var index = matches[current];
            light(nodeEl[index], ['hl-active']);
            var item = results.children[current];
            if (item && current < 60) { setActive(item); item.scrollIntoView({ block: 'nearest' }); } else setActive(null);
            centerOn([index], false);
          }
          search.addEventListener('input', runSearch);
          search.addEventListener('keydown', function (event) {
            if (event.key === 'ArrowDown') { event.preventDefault(); choose(current + 1); }
            else if (event.key === 'ArrowUp') { event.preventDefault(); choose(current - 1); }
            else if (event.key === 'Enter') {
              event.preventDefault();
              if (current >= 0) { var index = matches[current], item = results.children[current]; selectNode(index, true, current < 60 ? item : null); }
            } else if (event.key === 'Escape') { event.preventDefault(); clearAll(); search.blur(); }
          });
          function clearAll() {
            search.value = '';
            results.replaceChildren();
            results.hidden = true;
            matches = [];
            current = -1;
            clearHighlight();
            $('mg-selection').hidden = true;
          }
          document.addEventListener('keydown', function (event) {
            var tag = event.target && event.target.tagName;
            if (tag === 'INPUT' || tag === 'SELECT' || event.ctrlKey || event.metaKey || event.altKey) return;
            if (event.key === '/') { event.preventDefault(); showTab('graph'); search.focus(); search.select(); }
            else if (event.key === 'Escape') clearAll();
            else if (event.key === 'f') fit();
            else if (event.key === '+' || event.key === '=') zoomAt(canvas.clientWidth / 2, canvas.clientHeight / 2, 1.3);
            else if (event.key === '-') zoomAt(canvas.clientWidth / 2, canvas.clientHeight / 2, 1 / 1.3);
          });

          // ---- toggles ----
          function toggle(id, key) {
            var input = $(id);
            input.checked = state[key];
            input.addEventListener('change', function () { state[key] = input.checked; applyView(); });
          }
          // A toggle that would change nothing is not offered.
          $('mg-show-tests').parentNode.hidden = !nodes.some(function (n) { return n.test; });
          $('mg-show-externals').parentNode.hidden = !nodes.some(function (n) { return n.external; });
          $('mg-show-implied').parentNode.hidden = !edges.some(function (e) { return e.implied; });
          toggle('mg-show-tests', 'tests');
          toggle('mg-show-externals', 'ext');
          toggle('mg-show-implied', 'implied');
          toggle('mg-show-violations', 'violations');
          $('mg-depth').addEventListener('change', function (event) {
            state.depth = Number(event.target.value);
            if (state.selected >= 0) selectNode(state.selected, false);
          });
          var critical = data.criticalPath, criticalButton = $('mg-critical');
          if (critical && critical.nodes.length && svg) {
            criticalButton.hidden = false;
            criticalButton.textContent = 'Critical path \u00b7 ' + plural(critical.targets.length, 'module');
            criticalButton.title = 'Highlight the ' + critical.name;
            criticalButton.addEventListener('click', function () {
              if (state.critical) { clearHighlight(); return; }
              highlightSet(critical.nodes, critical.edges, 'hl-crit', null);
              state.critical = true;
              criticalButton.classList.add('on');
            });
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
              var sample = members.length && nodeEl[members[0]] ? nodeEl[members[0]].querySelector('path, polygon') : null;
              var fill = sample ? sample.getAttribute('fill') : null;
              if (fill && /^#[0-9a-fA-F]{3,8}$/.test(fill)) swatch.style.background = fill;
              li.appendChild(swatch);
              li.appendChild(document.createTextNode(layer.name));
              li.appendChild(make('span', 'mg-count', layer.nodes));
              li.addEventListener('click', function () { highlightSet(members, [], 'hl-layer', li); });
              layerList.appendChild(li);
            });
          }

          // ---- findings ----
          if (data.check) {
            $('mg-findings-block').hidden = false;
            var check = data.check;
            $('mg-findings-title').textContent = 'Findings · ' + check.counts;
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
              li.addEventListener('click', function () { highlightSet(finding.nodes, finding.edges, 'hl-chain', li); });
              list.appendChild(li);
            });
          }

          // ---- tabs ----
          var tabs = document.querySelectorAll('#mg-tabs button');
          function showTab(name) {
            tabs.forEach(function (tab) { tab.classList.toggle('active', tab.getAttribute('data-tab') === name); });
            document.querySelectorAll('.mg-pane').forEach(function (pane) { pane.classList.toggle('active', pane.id === 'mg-pane-' + name); });
            if (name === 'schedule') renderGantt();
            if (name === 'graph') schedule();
          }
          tabs.forEach(function (tab) { tab.addEventListener('click', function () { showTab(tab.getAttribute('data-tab')); }); });
          if (!data.schedule) $('mg-tab-schedule').hidden = true;

          // ---- the Gantt chart of the simulated build ----
          var tip = $('mg-tip');
          function showTip(event, text) {
            tip.textContent = text;
            tip.hidden = false;
            tip.style.left = Math.min(event.clientX + 14, window.innerWidth - tip.offsetWidth - 8) + 'px';
            tip.style.top = (event.clientY + 16) + 'px';
          }
          var ganttDrawn = false;
          function renderGantt() {
            var plan = data.schedule;
            if (!plan || ganttDrawn) return;
            ganttDrawn = true;
            var head = $('mg-gantt-head');
            head.appendChild(make('div', null, 'Simulated build on ' + plural(plan.workers, 'worker') + ', weights: ' + plan.weights + ' (' + plan.unit + ').'));
            head.appendChild(make('div', null, 'Makespan ' + number(plan.makespan) + ' ' + plan.unit + ', lower bound ' + number(plan.lowerBound)
              + ', critical path ' + number(plan.criticalPathLength) + ', efficiency ' + number(plan.efficiency * 100) + ' %. Purple bars are on the critical path; click a bar to find the module in the graph.'));
            var ns = 'http://www.w3.org/2000/svg';
            function shape(tag, attributes) {
              var element = document.createElementNS(ns, tag);
              for (var name in attributes) element.setAttribute(name, attributes[name]);
              return element;
            }
            var host = $('mg-gantt'), labelWidth = 80, rowHeight = 30, top = 24;
            var span = plan.makespan > 0 ? plan.makespan : 1, shortest = span;
            plan.bars.forEach(function (bar) { if (bar.end - bar.start > 0) shortest = Math.min(shortest, bar.end - bar.start); });
            // Wide enough that the shortest bar is a few pixels: the chart scrolls sideways rather than drawing slivers.
            var plotWidth = Math.max(host.clientWidth - labelWidth - 24, Math.min(24000, span / shortest * 6));
            var width = plotWidth + labelWidth + 16, scale = plotWidth / span;
            var chart = shape('svg', { width: width, height: top + plan.workers * rowHeight + 8, 'class': 'mg-gantt-svg' });
            var step = Math.pow(10, Math.floor(Math.log10(span / 6)));
            if (span / step > 12) step *= 5; else if (span / step > 6) step *= 2;
            for (var t = 0; t <= span + 1e-9; t += step) {
              var x = labelWidth + t * scale;
              chart.appendChild(shape('line', { x1: x, x2: x, y1: top - 4, y2: top + plan.workers * rowHeight, 'class': 'mg-grid' }));
              var tick = shape('text', { x: x, y: top - 8, 'text-anchor': 'middle' });
              tick.textContent = number(t);
              chart.appendChild(tick);
            }
            for (var w = 0; w < plan.workers; w++) {
              if (w % 2 === 0) chart.appendChild(shape('rect', { x: labelWidth, y: top + w * rowHeight, width: plotWidth, height: rowHeight, 'class': 'mg-lane' }));
              var label = shape('text', { x: 8, y: top + w * rowHeight + rowHeight / 2 + 4 });
              label.textContent = 'Worker ' + (w + 1);
              chart.appendChild(label);
            }
            var onPath = {};
            plan.criticalPath.forEach(function (name) { onPath[name] = true; });
            plan.bars.forEach(function (bar, index) {
              var x = labelWidth + bar.start * scale, barWidth = Math.max(1, (bar.end - bar.start) * scale - 1);
              var rect = shape('rect', { x: x, y: top + bar.worker * rowHeight + 4, width: barWidth, height: rowHeight - 8, rx: 3,
                'class': 'mg-bar' + (onPath[bar.name] ? ' crit' : ''), 'data-bar': index });
              chart.appendChild(rect);
              if (barWidth > bar.name.length * 6.5 + 8) {
                var text = shape('text', { x: x + 4, y: top + bar.worker * rowHeight + rowHeight / 2 + 4, 'class': 'mg-bar-label' });
                text.textContent = bar.name;
                chart.appendChild(text);
              }
            });
            chart.addEventListener('mousemove', function (event) {
              var index = event.target.getAttribute && event.target.getAttribute('data-bar');
              if (index === null || index === undefined) { tip.hidden = true; return; }
              var bar = plan.bars[Number(index)];
              showTip(event, bar.name + '\nstart ' + number(bar.start) + ', end ' + number(bar.end) + ' ' + plan.unit + '\nworker ' + (bar.worker + 1));
            });
            chart.addEventListener('mouseleave', function () { tip.hidden = true; });
            chart.addEventListener('click', function (event) {
              var index = event.target.getAttribute && event.target.getAttribute('data-bar');
              if (index === null || index === undefined) return;
              var bar = plan.bars[Number(index)];
              tip.hidden = true;
              if (bar.node === null) return;
              showTab('graph');
              requestAnimationFrame(function () { selectNode(bar.node, true); });
            });
            host.appendChild(chart);
          }

          // ---- the summary ----
          function card(title, rows, paragraphs) {
            var element = make('section', 'mg-card');
            element.appendChild(make('h2', null, title));
            var list = make('dl');
            rows.forEach(function (row) { list.appendChild(make('dt', null, row[0])); list.appendChild(make('dd', null, row[1])); });
            element.appendChild(list);
            (paragraphs || []).forEach(function (text) { element.appendChild(make('p', null, text)); });
            $('mg-summary').appendChild(element);
            return element;
          }
          var summary = data.summary;
          card('Graph', [['Source', data.source], ['Packages', summary.packages], ['Targets', summary.targets], ['Tests', summary.tests],
            ['External products', summary.externals], ['Dependencies', summary.dependencies], ['Drawn', plural(summary.viewNodes, 'node') + ', ' + summary.viewEdges + ' edges (' + data.level + ' level)']]);
          if (data.check) {
            var verdict = card('Check', [['Configuration', data.check.config], ['Verdict', data.check.passed ? 'passed' : 'failed'], ['Findings', data.check.counts]]);
            verdict.querySelectorAll('dd')[1].replaceChildren(make('span', 'mg-badge ' + (data.check.passed ? 'passed' : 'error'), data.check.passed ? 'passed' : 'failed'));
          }
          var structure = [];
          if (data.cycles > 0) structure.push(['Cycles', data.cycles + ' (SwiftPM refuses to build them)']);
          else structure.push(['Longest chain', plural(summary.longestChain.length, 'target')]);
          card('Structure', structure, summary.longestChain.length ? [summary.longestChain.join(' \u2192 ')] : []);
          if (data.schedule) {
            var plan = data.schedule;
            card('Schedule', [['Workers', plan.workers], ['Weights', plan.weights + ' (' + plan.unit + ')'], ['Makespan', number(plan.makespan)],
              ['Lower bound', number(plan.lowerBound)], ['Critical path', number(plan.criticalPathLength)], ['Total work', number(plan.totalWork)],
              ['Efficiency', number(plan.efficiency * 100) + ' %'], ['Build waves', plan.waves]], ['Critical path: ' + plan.criticalPath.join(' \u2192 ')]);
          }
          card('About', [['Generated by', data.tool]], ['Everything in this page is in this one file: it fetches nothing. Keys: / search, \u2191 \u2193 Enter through matches, Esc clears, f fits, + and \u2212 zoom.']);

          // ---- start ----
          if (!svg) {
            // Without a picture, what only changes the picture is not offered.
            ['mg-zoom', 'mg-violations-toggle'].forEach(function (id) { $(id).hidden = true; });
            ['mg-show-tests', 'mg-show-externals', 'mg-show-implied'].forEach(function (id) { $(id).parentNode.hidden = true; });
            var note = $('mg-note');
            note.hidden = false;
            note.textContent = 'No picture: ' + (data.pictureNote || 'the graph was not drawn') + '. Search, the selected module\u2019s dependencies, the findings and the schedule still work.';
          }
          // Hundreds of edges: lighter, so that the modules stand out; lit ones stay solid.
          if (E > 400) canvas.classList.add('large');
          applyView();
          fit();
          document.documentElement.setAttribute('data-ready', 'true');
        })();
        """#
}
