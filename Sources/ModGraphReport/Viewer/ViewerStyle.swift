/// The style sheet of index.html, in the binary (the tool installs as one
/// file, so no resource bundle). Light theme, the system's sans-serif font;
/// highlights by colour and weight, everything else dimmed to 15 %.
/// Toggles and highlights are classes: `#mg-canvas` carries the view's state
/// (`no-tests`, `no-ext`, `no-implied` with the combination `c0`…`c3`, `dim`),
/// nodes and edges their own (`tt`, `te`, `i0`…`i3`, `hl`, `hl-…`).
enum ViewerStyle {
    static let source = #"""
        :root {
          --ink: #1f2933; --muted: #616e7c; --line: #d9e2ec; --panel: #f8fafc; --accent: #2563eb;
          --dep: #2563eb; --user: #c2410c; --chain: #dc2626; --crit: #7c3aed; --match: #0891b2;
          font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif;
          font-size: 14px; color: var(--ink);
        }
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        html, body { margin: 0; height: 100%; overflow: hidden; background: #fff; }
        button, input, select { font: inherit; color: inherit; }
        #mg-header { height: 52px; display: flex; align-items: center; justify-content: space-between; gap: 16px;
          padding: 0 16px; border-bottom: 1px solid var(--line); background: #fff; }
        #mg-title { display: flex; align-items: baseline; gap: 12px; min-width: 0; }
        #mg-title h1 { font-size: 16px; font-weight: 600; margin: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        #mg-source { color: var(--muted); font-size: 12px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        #mg-tabs { display: flex; gap: 4px; flex: none; }
        #mg-tabs button { border: 1px solid transparent; background: none; padding: 6px 14px; border-radius: 6px; cursor: pointer; color: var(--muted); }
        #mg-tabs button:hover { background: var(--panel); color: var(--ink); }
        #mg-tabs button.active { background: #e8effc; color: var(--accent); font-weight: 600; }
        #mg-main { position: absolute; top: 52px; left: 0; right: 0; bottom: 0; }
        .mg-pane { display: none; position: absolute; inset: 0; }
        .mg-pane.active { display: flex; }
        #mg-side { width: 320px; flex: none; border-right: 1px solid var(--line); background: var(--panel); overflow-y: auto;
          display: flex; flex-direction: column; }
        .mg-block { padding: 12px 14px; border-bottom: 1px solid var(--line); }
        .mg-block h2 { font-size: 11px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 0 0 8px; font-weight: 600; }
        .mg-block h3 { font-size: 15px; margin: 0 0 4px; word-break: break-all; }
        .mg-grow { flex: 1 0 auto; }
        #mg-search { width: 100%; padding: 7px 10px; border: 1px solid #bcccdc; border-radius: 6px; background: #fff; outline: none; }
        #mg-search:focus { border-color: var(--accent); box-shadow: 0 0 0 3px rgba(37, 99, 235, .15); }
        .mg-list { list-style: none; margin: 0; padding: 0; }
        .mg-list li { padding: 6px 8px; border-radius: 6px; cursor: pointer; overflow-wrap: anywhere; }
        .mg-list li:hover { background: #eef2f7; }
        .mg-list li.active { background: #e0e9fb; box-shadow: inset 3px 0 0 var(--accent); }
        #mg-results { margin-top: 8px; max-height: 260px; overflow-y: auto; }
        #mg-results .mg-pkg, .mg-dim { color: var(--muted); font-size: 12px; }
        .mg-empty { color: var(--muted); font-size: 13px; padding: 4px 0; }
        .mg-toggle { display: flex; align-items: center; gap: 8px; padding: 3px 0; cursor: pointer; }
        .mg-toggle input { accent-color: var(--accent); margin: 0; }
        .mg-row { display: flex; align-items: center; justify-content: space-between; margin: 8px 0 4px; }
        .mg-row select { padding: 3px 6px; border: 1px solid #bcccdc; border-radius: 6px; background: #fff; }
        .mg-button { margin-top: 8px; width: 100%; padding: 6px 10px; border: 1px solid #c4b5fd; border-radius: 6px; background: #fff; color: var(--crit); cursor: pointer; }
        .mg-button.on { background: var(--crit); color: #fff; border-color: var(--crit); }
        .mg-swatch { display: inline-block; width: 12px; height: 12px; border-radius: 3px; border: 1px solid rgba(0,0,0,.25); margin-right: 8px; vertical-align: -1px; background: #eee; }
        .mg-count { float: right; color: var(--muted); font-size: 12px; }
        .mg-finding { border-left: 3px solid transparent; }
        .mg-finding .mg-chain { display: block; margin: 2px 0; }
        .mg-finding .mg-where { display: block; color: var(--muted); font-size: 12px; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        .mg-badge { display: inline-block; font-size: 11px; font-weight: 600; padding: 0 6px; border-radius: 9px; margin-right: 6px; line-height: 18px; }
        .mg-badge.error { background: #fde8e8; color: #b91c1c; }
        .mg-badge.warning { background: #fef3c7; color: #92400e; }
        .mg-badge.passed { background: #dcfce7; color: #166534; }
        .mg-rule { font-weight: 600; font-size: 13px; }
        #mg-selection dl { margin: 6px 0 0; display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; font-size: 13px; }
        #mg-selection dt { color: var(--muted); }
        #mg-selection dd { margin: 0; overflow-wrap: anywhere; }
        #mg-selection h4 { font-size: 12px; margin: 10px 0 4px; color: var(--muted); font-weight: 600; }
        #mg-selection .mg-list li { padding: 3px 6px; font-size: 13px; }
        .mg-key { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px; }
        #mg-stage { position: relative; flex: 1; min-width: 0; overflow: hidden; background: #fff; }
        #mg-canvas { position: absolute; inset: 0; cursor: grab; touch-action: none; user-select: none; }
        #mg-canvas.dragging { cursor: grabbing; }
        #mg-canvas svg { display: block; width: 100%; height: 100%; }
        #mg-canvas .node { cursor: pointer; }
        #mg-canvas.no-tests .tt, #mg-canvas.no-ext .te { display: none; }
        #mg-canvas.no-implied.c0 .edge.i0, #mg-canvas.no-implied.c1 .edge.i1,
        #mg-canvas.no-implied.c2 .edge.i2, #mg-canvas.no-implied.c3 .edge.i3 { display: none; }
        #mg-canvas.large .edge path, #mg-canvas.large .edge polygon { stroke-opacity: .45; fill-opacity: .45; }
        #mg-canvas.large .edge.hl path, #mg-canvas.large .edge.hl polygon, #mg-canvas.large .edge.bad path { stroke-opacity: 1; fill-opacity: 1; }
        #mg-canvas.viol .edge.bad path { stroke: var(--chain); stroke-width: 1.6px; }
        #mg-canvas.viol .edge.bad polygon { fill: var(--chain); stroke: var(--chain); }
        #mg-canvas.dim .node, #mg-canvas.dim .edge, #mg-canvas.dim .cluster { opacity: .15; }
        #mg-canvas .hl { display: inline !important; }
        #mg-canvas.dim .node.hl, #mg-canvas.dim .edge.hl { opacity: 1; }
        #mg-canvas.dim .edge.hl path { stroke-width: 2px; }
        #mg-canvas.dim .edge.hl-dep path { stroke: var(--dep); } #mg-canvas.dim .edge.hl-dep polygon { fill: var(--dep); stroke: var(--dep); }
        #mg-canvas.dim .edge.hl-user path { stroke: var(--user); } #mg-canvas.dim .edge.hl-user polygon { fill: var(--user); stroke: var(--user); }
        #mg-canvas.dim .edge.hl-chain path { stroke: var(--chain); stroke-width: 3px; } #mg-canvas.dim .edge.hl-chain polygon { fill: var(--chain); stroke: var(--chain); }
        #mg-canvas.dim .edge.hl-crit path { stroke: var(--crit); stroke-width: 3px; } #mg-canvas.dim .edge.hl-crit polygon { fill: var(--crit); stroke: var(--crit); }
        #mg-canvas.dim .node.hl-dep path, #mg-canvas.dim .node.hl-dep polygon { stroke: var(--dep); stroke-width: 2px; }
        #mg-canvas.dim .node.hl-user path, #mg-canvas.dim .node.hl-user polygon { stroke: var(--user); stroke-width: 2px; }
        #mg-canvas.dim .node.hl-chain path, #mg-canvas.dim .node.hl-chain polygon { stroke: var(--chain); stroke-width: 3px; }
        #mg-canvas.dim .node.hl-crit path, #mg-canvas.dim .node.hl-crit polygon { stroke: var(--crit); stroke-width: 3px; }
        #mg-canvas.dim .node.hl-match path, #mg-canvas.dim .node.hl-match polygon { stroke: var(--match); stroke-width: 2.5px; }
        #mg-canvas.dim .node.hl-layer path, #mg-canvas.dim .node.hl-layer polygon { stroke: var(--ink); stroke-width: 2px; }
        #mg-canvas.dim .node.hl-self path, #mg-canvas.dim .node.hl-self polygon,
        #mg-canvas.dim .node.hl-active path, #mg-canvas.dim .node.hl-active polygon { stroke: #111827; stroke-width: 4px; }
        #mg-canvas.dim .node.hl-self text, #mg-canvas.dim .node.hl-active text { font-weight: 700; }
        #mg-note { position: absolute; left: 50%; top: 40%; transform: translate(-50%, -50%); max-width: 560px; padding: 18px 22px;
          background: var(--panel); border: 1px solid var(--line); border-radius: 10px; color: var(--ink); line-height: 1.5; }
        #mg-zoom { position: absolute; right: 14px; top: 14px; display: flex; flex-direction: column; gap: 6px; }
        #mg-zoom button { min-width: 38px; height: 34px; border: 1px solid var(--line); border-radius: 8px; background: #fff;
          box-shadow: 0 1px 3px rgba(15, 23, 42, .12); cursor: pointer; font-size: 16px; }
        #mg-zoom button#mg-fit { font-size: 12px; }
        #mg-zoom button:hover { background: var(--panel); }
        #mg-status { position: absolute; left: 0; right: 0; bottom: 0; padding: 6px 14px; font-size: 12px; color: var(--muted);
          background: rgba(255, 255, 255, .92); border-top: 1px solid var(--line); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        #mg-status .mg-key { vertical-align: -1px; }
        #mg-pane-schedule, #mg-pane-summary { flex-direction: column; overflow: auto; padding: 20px 24px; }
        #mg-gantt-head { margin-bottom: 12px; line-height: 1.6; }
        #mg-gantt { overflow-x: auto; }
        .mg-gantt-svg text { font-size: 11px; fill: var(--muted); }
        .mg-gantt-svg .mg-bar { fill: #bfd3f5; stroke: #4a6fa5; stroke-width: .6; cursor: pointer; }
        .mg-gantt-svg .mg-bar.crit { fill: #ddd0fb; stroke: var(--crit); }
        .mg-gantt-svg .mg-bar:hover { fill: var(--accent); }
        .mg-gantt-svg .mg-bar-label { fill: var(--ink); pointer-events: none; }
        .mg-gantt-svg .mg-grid { stroke: #e4e7eb; }
        .mg-gantt-svg .mg-lane { fill: #f8fafc; }
        #mg-summary { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 16px; align-items: start; }
        .mg-card { border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px; background: #fff; }
        .mg-card h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 0 0 10px; }
        .mg-card dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 14px; margin: 0; }
        .mg-card dt { color: var(--muted); }
        .mg-card dd { margin: 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
        .mg-card p { margin: 8px 0 0; overflow-wrap: anywhere; line-height: 1.5; }
        #mg-tip { position: fixed; z-index: 10; pointer-events: none; background: #1f2933; color: #fff; font-size: 12px;
          padding: 6px 9px; border-radius: 6px; white-space: pre; box-shadow: 0 4px 12px rgba(0, 0, 0, .2); }
        """#
}
