/// The style sheet of index.html, in the binary (the tool installs as one
/// file, so no resource bundle). Light theme, the system's sans-serif font;
/// highlights by colour and weight, everything else dimmed to 15 %.
/// Highlights are classes: `#mg-canvas` carries the view's state (`dim`,
/// `viol`, `large`), nodes and edges their own (`tt` tests, `te` external
/// products, `tx` entry points, `tg` groups; `cond`, `plug`, `cyc`, `bad`
/// edges; `hl`, `hl-…` what a highlight lights).
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
        #mg-side { width: 300px; flex: none; border-right: 1px solid var(--line); background: var(--panel); overflow-y: auto;
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
        #mg-bar { position: absolute; left: 0; right: 0; top: 0; height: 34px; display: flex; align-items: center; gap: 8px; padding: 0 14px;
          border-bottom: 1px solid var(--line); background: #fff; font-size: 13px; color: var(--muted); white-space: nowrap; overflow: hidden; z-index: 2; }
        #mg-bar .mg-strong, .mg-strong { color: var(--ink); font-weight: 600; }
        #mg-back { border: 1px solid var(--line); background: #fff; border-radius: 6px; padding: 2px 10px; cursor: pointer; }
        #mg-back:hover { background: var(--panel); }
        .mg-chip { border: 1px solid #bcccdc; background: var(--panel); border-radius: 12px; padding: 1px 9px; cursor: pointer; font-size: 12px; }
        #mg-canvas { position: absolute; left: 0; right: 0; top: 34px; bottom: 0; cursor: grab; touch-action: none; user-select: none; }
        #mg-canvas.dragging { cursor: grabbing; }
        #mg-canvas svg { display: block; width: 100%; height: 100%; }
        #mg-canvas .node { cursor: pointer; }
        #mg-canvas .node rect { stroke-width: 1px; }
        #mg-canvas .node text { font-family: Helvetica, Arial, "Liberation Sans", sans-serif; font-size: 11px; fill: var(--ink); pointer-events: none; }
        #mg-canvas .node.tt rect { stroke-dasharray: 4 3; }
        #mg-canvas .node.tx rect { stroke-width: 1.4px; }
        #mg-canvas .node.tg rect { stroke-width: 1.3px; }
        #mg-canvas .node.tg text.name { font-weight: 700; }
        #mg-canvas .node.tg text.size { font-size: 10px; fill: var(--muted); }
        #mg-canvas .edge path { fill: none; stroke: #52606d; stroke-width: .8px; }
        #mg-canvas .edge polygon { fill: #52606d; stroke: #52606d; stroke-width: .8px; }
        #mg-canvas .edge.cond path { stroke-dasharray: 5 3; stroke: #7b8794; }
        #mg-canvas .wire path { fill: none; stroke: #7a5195; stroke-width: 1.4px; stroke-dasharray: 7 4; }
        #mg-canvas .wire polygon { fill: #7a5195; stroke: #7a5195; stroke-width: .8px; }
        #mg-canvas .wire { cursor: pointer; } #mg-canvas .wire:hover path { stroke-width: 2.4px; }
        #mg-canvas.dim .wire { opacity: .15; }
        #mg-canvas .edge.plug path { stroke-dasharray: 1.5 2.5; stroke: #3e4c59; }
        #mg-canvas .edge.cyc path { stroke: var(--chain); stroke-width: 1.6px; } #mg-canvas .edge.cyc polygon { fill: var(--chain); stroke: var(--chain); }
        #mg-canvas .edge text.count { font-family: Helvetica, Arial, sans-serif; font-size: 10px; fill: #3e4c59; }
        #mg-canvas .cluster rect { fill: none; stroke: #9aa5b1; stroke-dasharray: 4 3; }
        #mg-canvas .cluster text { font-family: Helvetica, Arial, sans-serif; font-size: 10px; fill: #3e4c59; }
        #mg-canvas.large .edge path, #mg-canvas.large .edge polygon { stroke-opacity: .45; fill-opacity: .45; }
        #mg-canvas.large .edge.hl path, #mg-canvas.large .edge.hl polygon, #mg-canvas.large .edge.bad path { stroke-opacity: 1; fill-opacity: 1; }
        #mg-canvas.viol .edge.bad path { stroke: var(--chain); stroke-width: 1.6px; }
        #mg-canvas.viol .edge.bad polygon { fill: var(--chain); stroke: var(--chain); }
        #mg-canvas.dim .node, #mg-canvas.dim .edge, #mg-canvas.dim .cluster { opacity: .15; }
        #mg-canvas.dim .node.hl, #mg-canvas.dim .edge.hl { opacity: 1; }
        #mg-canvas .edge.hl path { stroke-width: 2px; }
        #mg-canvas .edge.hl-dep path { stroke: var(--dep); } #mg-canvas .edge.hl-dep polygon { fill: var(--dep); stroke: var(--dep); }
        #mg-canvas .edge.hl-user path { stroke: var(--user); } #mg-canvas .edge.hl-user polygon { fill: var(--user); stroke: var(--user); }
        #mg-canvas .edge.hl-chain path { stroke: var(--chain); stroke-width: 3px; } #mg-canvas .edge.hl-chain polygon { fill: var(--chain); stroke: var(--chain); }
        #mg-canvas .edge.hl-crit path { stroke: var(--crit); stroke-width: 3px; } #mg-canvas .edge.hl-crit polygon { fill: var(--crit); stroke: var(--crit); }
        #mg-canvas .node.hl-dep rect { stroke: var(--dep); stroke-width: 2px; }
        #mg-canvas .node.hl-user rect { stroke: var(--user); stroke-width: 2px; }
        #mg-canvas .node.hl-path rect { stroke: var(--crit); stroke-width: 2px; }
        #mg-canvas .node.hl-chain rect { stroke: var(--chain); stroke-width: 3px; }
        #mg-canvas .node.hl-crit rect { stroke: var(--crit); stroke-width: 3px; }
        #mg-canvas .node.hl-match rect { stroke: var(--match); stroke-width: 2.5px; }
        #mg-canvas .node.hl-layer rect { stroke: var(--ink); stroke-width: 2px; }
        #mg-canvas .node.hl-self rect, #mg-canvas .node.hl-active rect { stroke: #111827; stroke-width: 3px; }
        #mg-canvas .node.hl-self text, #mg-canvas .node.hl-active text { font-weight: 700; }
        #mg-note { position: absolute; left: 12px; right: 70px; top: 42px; padding: 7px 12px; z-index: 2; font-size: 13px;
          background: #fffbea; border: 1px solid #f0d98c; border-radius: 8px; color: var(--ink); line-height: 1.45; }
        #mg-zoom { position: absolute; right: 14px; top: 48px; display: flex; flex-direction: column; gap: 6px; }
        #mg-zoom button { min-width: 38px; height: 34px; border: 1px solid var(--line); border-radius: 8px; background: #fff;
          box-shadow: 0 1px 3px rgba(15, 23, 42, .12); cursor: pointer; font-size: 16px; }
        #mg-zoom button#mg-fit { font-size: 12px; }
        #mg-zoom button:hover { background: var(--panel); }
        #mg-status { position: absolute; left: 0; right: 0; bottom: 0; padding: 6px 14px; font-size: 12px; color: var(--muted);
          background: rgba(255, 255, 255, .92); border-top: 1px solid var(--line); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        #mg-status .mg-key { vertical-align: -1px; }
        #mg-pane-schedule, #mg-pane-summary { flex-direction: column; overflow: auto; padding: 20px 24px; }
        #mg-pane-schedule { overflow: hidden; }
        #mg-gantt-head { margin-bottom: 8px; line-height: 1.6; flex: none; }
        #mg-gantt-tools { display: flex; align-items: center; gap: 6px; margin-bottom: 6px; flex: none; }
        #mg-gantt-tools button { min-width: 34px; height: 28px; border: 1px solid var(--line); border-radius: 6px; background: #fff; cursor: pointer; }
        #mg-gantt-tools .mg-toggle { margin-left: 10px; }
        #mg-gantt-axis { overflow: hidden; flex: none; border-bottom: 1px solid var(--line); background: #fff; }
        #mg-gantt { overflow: auto; flex: 1 1 auto; min-height: 120px; }
        #mg-gantt-path { flex: none; max-height: 28%; overflow: auto; border-top: 1px solid var(--line); padding-top: 6px; }
        #mg-gantt-path h3 { font-size: 13px; margin: 4px 0 6px; color: var(--crit); }
        .mg-critical-list { margin: 0; padding-left: 22px; columns: 3 260px; font-size: 13px; }
        .mg-critical-list li { cursor: pointer; padding: 1px 0; break-inside: avoid; }
        .mg-critical-list li:hover .mg-strong { color: var(--crit); }
        .mg-gantt-svg { display: block; }
        .mg-gantt-svg text { font-size: 11px; fill: var(--muted); }
        .mg-gantt-svg .mg-tick { stroke: #9aa5b1; }
        .mg-gantt-svg .mg-axis-unit { font-weight: 600; fill: var(--ink); }
        .mg-gantt-svg .mg-lane-name.crit { fill: var(--crit); font-weight: 600; }
        .mg-gantt-svg .mg-bar { fill: #bfd3f5; stroke: #4a6fa5; stroke-width: .6; cursor: pointer; }
        .mg-gantt-svg .mg-bar.crit { fill: #ddd0fb; stroke: var(--crit); }
        .mg-gantt-svg .mg-bar.faint { opacity: .25; }
        .mg-gantt-svg .mg-cbar { fill: #c4b5fd; stroke: var(--crit); stroke-width: .8; cursor: pointer; }
        .mg-gantt-svg .mg-bar:hover, .mg-gantt-svg .mg-cbar:hover { fill: var(--accent); }
        .mg-gantt-svg .mg-bar-label { fill: var(--ink); pointer-events: none; }
        .mg-gantt-svg .mg-grid { stroke: #e4e7eb; }
        .mg-gantt-svg .mg-lane { fill: #f8fafc; }
        .mg-gantt-svg .mg-lane.crit { fill: #f5f0ff; }
        .mg-modes { display: flex; flex-wrap: wrap; gap: 4px; margin-bottom: 8px; }
        .mg-modes button { border: 1px solid #bcccdc; background: #fff; border-radius: 6px; padding: 3px 9px; cursor: pointer; font-size: 13px; }
        .mg-modes button.on { background: #e8effc; border-color: var(--accent); color: var(--accent); font-weight: 600; }
        .mg-button.mg-plain { border-color: #bcccdc; color: var(--ink); }
        #mg-why-block input { width: 100%; padding: 5px 9px; border: 1px solid #bcccdc; border-radius: 6px; background: #fff; margin-bottom: 6px; outline: none; }
        #mg-why-block input:focus { border-color: var(--accent); }
        #mg-path-choices { max-height: 200px; overflow-y: auto; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
        #mg-path-result p { margin: 8px 0 4px; font-size: 13px; }
        .mg-paths { margin: 0; padding-left: 22px; font-size: 13px; }
        .mg-paths li { cursor: pointer; padding: 2px 0; overflow-wrap: anywhere; }
        .mg-paths li.active { background: #e0e9fb; }
        .mg-arrow { color: var(--muted); }
        .mg-arrow.cond { color: #a86b00; }
        .mg-actions { margin-top: 6px; }
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
