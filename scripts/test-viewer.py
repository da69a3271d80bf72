#!/usr/bin/env python3
"""index.html in a real browser: headless Chromium driven over its DevTools protocol.

    scripts/test-viewer.py --modgraph .build/debug/modgraph --screenshots out/viewer

Writes the report of Samples/Violations (a .modgraph.yml with findings), the
report of a generated graph of 1,000 targets, `graph --format html` of
Samples/VerticalApp and of a graph whose names are hostile markup; opens each
page from disk in headless Chromium and checks: no console errors, exceptions
or CSP violations; search highlights the module typed; a finding's click
highlights its chain's edges; a node's click highlights what it depends on and
what depends on it; the toggles change the edges shown; the Gantt tab draws a
bar per target; hostile names stay text. At 1,000 targets it prints how long
the page takes to load and a click to respond. Screenshots (1280x800) go to
the folder given.

Standard library only: Chromium is driven through --remote-debugging-pipe
(it reads commands on fd 3 and writes replies on fd 4, NUL-terminated JSON),
so no WebSocket client is needed. Without Chromium the test prints one line
saying it was skipped and why, and exits 0. Every subprocess runs with a
timeout in its own process group, killed whole at the end.
"""
import argparse
import json
import os
import queue
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
failures = []


def say(message):
    print(f"test-viewer: {message}", flush=True)


def check(condition, message):
    if condition:
        say(f"ok   {message}")
    else:
        say(f"FAIL {message}")
        failures.append(message)


def find_chromium():
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit if shutil.which(explicit) or os.path.exists(explicit) else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    for path in ("/Applications/Chromium.app/Contents/MacOS/Chromium",
                 "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"):
        if os.path.exists(path):
            return path
    return None


def run(arguments, timeout):
    """Runs a command in its own process group; kills the group on timeout."""
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, cwd=ROOT)
    try:
        output, errors = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise RuntimeError(f"timed out after {timeout} s: {' '.join(arguments)}")
    if process.returncode not in (0, 1):  # 1: the check found errors, the report is still written
        raise RuntimeError(f"exit {process.returncode}: {' '.join(arguments)}\n{errors.decode(errors='replace')}")
    return output.decode(errors="replace"), errors.decode(errors="replace")


class Browser:
    """Headless Chromium over --remote-debugging-pipe: fd 3 in, fd 4 out, NUL-terminated JSON."""

    def __init__(self, executable, profile, timeout):
        self.timeout = timeout
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def plumb():
            # Via fresh descriptors, so that neither dup2 overwrites the other's source.
            read_end, write_end = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        self.process = subprocess.Popen(
            [executable, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
             "--hide-scrollbars", "--mute-audio", f"--user-data-dir={profile}", "--window-size=1280,800", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=plumb, close_fds=False, start_new_session=True)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.next_id = 0
        self.replies = {}
        self.events = []
        self.inbox = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buffer = b""
        while True:
            try:
                chunk = os.read(self.from_browser, 1 << 16)
            except OSError:
                break
            if not chunk:
                break
            buffer += chunk
            while b"\0" in buffer:
                message, buffer = buffer.split(b"\0", 1)
                self.inbox.put(json.loads(message))
        self.inbox.put(None)

    def _pump(self, deadline):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise RuntimeError("Chromium did not answer in time")
        try:
            message = self.inbox.get(timeout=remaining)
        except queue.Empty:
            raise RuntimeError("Chromium did not answer in time")
        if message is None:
            raise RuntimeError("Chromium closed the pipe")
        if "id" in message:
            self.replies[message["id"]] = message
        else:
            self.events.append(message)
            if message.get("method") == "Page.javascriptDialogOpening":
                # A dialog blocks the page: answer it, and record it as a failure.
                self.send("Page.handleJavaScriptDialog", {"accept": True}, message.get("sessionId"), wait=False)

    def send(self, method, params=None, session=None, wait=True):
        self.next_id += 1
        identifier = self.next_id
        message = {"id": identifier, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        if not wait:
            return None
        deadline = time.monotonic() + self.timeout
        while identifier not in self.replies:
            self._pump(deadline)
        reply = self.replies.pop(identifier)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def wait_event(self, method, session, timeout):
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            for event in self.events[seen:]:
                if event.get("method") == method and event.get("sessionId") == session:
                    return event
            seen = len(self.events)
            self._pump(deadline)

    def close(self):
        try:
            self.send("Browser.close", wait=False)
            self.process.wait(timeout=5)
        except Exception:
            pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


class Page:
    def __init__(self, browser, path):
        self.browser = browser
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")
        self.call("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        self.first_event = len(browser.events)
        start = time.monotonic()
        self.call("Page.navigate", {"url": "file://" + os.path.abspath(path)})
        browser.wait_event("Page.loadEventFired", self.session, browser.timeout)
        while self.evaluate("document.documentElement.getAttribute('data-ready')") != "true":
            if time.monotonic() - start > browser.timeout:
                raise RuntimeError(f"{path}: the page never got ready")
            time.sleep(0.02)
        self.load_seconds = time.monotonic() - start

    def call(self, method, params=None):
        return self.browser.send(method, params, self.session)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails'].get('text')} in {expression[:80]}")
        return result["result"].get("value")

    def problems(self):
        """Console errors, exceptions, CSP and other log errors, dialogs, since the page opened."""
        found = []
        for event in self.browser.events[self.first_event:]:
            if event.get("sessionId") != self.session:
                continue
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append("exception: " + json.dumps(params.get("exceptionDetails", {}).get("exception", {}).get("description") or params)[:300])
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append("console error: " + json.dumps(params.get("args"))[:300])
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                found.append("log error: " + params["entry"].get("text", "")[:300])
            elif method == "Page.javascriptDialogOpening":
                found.append("dialog opened: " + params.get("message", ""))
        return found

    def center_of(self, selector_expression):
        """The viewport centre of the element an expression returns."""
        return self.evaluate(f"(function(){{var r=({selector_expression}).getBoundingClientRect();return [r.left+r.width/2,r.top+r.height/2];}})()")

    def click(self, x, y):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "buttons": 1 if kind == "mousePressed" else 0, "clickCount": 1})

    def click_element(self, expression):
        x, y = self.center_of(expression)
        self.click(x, y)

    def key(self, key, code, keycode):
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": keycode})

    def type(self, text):
        self.call("Input.insertText", {"text": text})

    def screenshot(self, path):
        import base64
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def settle(self):
        self.evaluate("new Promise(function(r){requestAnimationFrame(function(){setTimeout(r,0);});})")


DATA = "JSON.parse(document.getElementById('mg-data').textContent)"
SHOWN_EDGES = ("Array.from(document.querySelectorAll('#mg-canvas g.edge'))"
               ".filter(function(e){return getComputedStyle(e).display!=='none';}).length")


def node_index(page, name):
    return page.evaluate(f"{DATA}.nodes.findIndex(function(n){{return n.name==={json.dumps(name)};}})")


def has_class(page, element_id, cls):
    return page.evaluate(f"(function(){{var e=document.getElementById({json.dumps(element_id)});return !!e&&e.classList.contains({json.dumps(cls)});}})()")


def test_violations(browser, report, shots):
    page = Page(browser, os.path.join(report, "index.html"))
    data = page.evaluate(DATA)
    say(f"Violations: {len(data['nodes'])} nodes, {len(data['edges'])} edges, {len(data['check']['findings'])} findings, loaded in {page.load_seconds * 1000:.0f} ms")
    page.screenshot(os.path.join(shots, "violations-graph.png"))

    # Search: type, the first match is highlighted and active; Escape clears.
    page.click_element("document.getElementById('mg-search')")
    page.type("Checkout")
    page.settle()
    checkout = node_index(page, "Checkout")
    check(checkout >= 0 and has_class(page, f"n{checkout}", "hl-match") and has_class(page, f"n{checkout}", "hl-active"),
          "typing Checkout into search highlights its node")
    page.key("Enter", "Enter", 13)
    page.settle()
    check(has_class(page, f"n{checkout}", "hl-self"), "Enter selects the active match")
    page.screenshot(os.path.join(shots, "violations-search.png"))
    page.key("Escape", "Escape", 27)
    page.settle()
    check(not page.evaluate("document.getElementById('mg-canvas').classList.contains('dim')"), "Escape clears the highlight")

    # A finding: its chain's edges are highlighted and shown.
    position = next(i for i, f in enumerate(data["check"]["findings"]) if f["edges"])
    finding = data["check"]["findings"][position]
    page.click_element(f"document.querySelectorAll('#mg-findings li')[{position}]")
    page.settle()
    lit = [has_class(page, f"e{data['edges'][e]['from']}_{data['edges'][e]['to']}", "hl-chain") for e in finding["edges"]]
    check(all(lit) and all(has_class(page, f"n{n}", "hl-chain") for n in finding["nodes"]),
          f"clicking the finding '{finding['chainText']}' highlights its {len(lit)} edge(s) and {len(finding['nodes'])} nodes")
    page.screenshot(os.path.join(shots, "violations-finding.png"))

    # A node: what it depends on (blue) and what depends on it (orange).
    app = node_index(page, "Search")
    page.click_element(f"document.getElementById('n{app}')")
    page.settle()
    outgoing = [e for e in data["edges"] if e["from"] == app]
    incoming = [e for e in data["edges"] if e["to"] == app]
    check(has_class(page, f"n{app}", "hl-self")
          and all(has_class(page, f"n{e['to']}", "hl-dep") for e in outgoing)
          and all(has_class(page, f"n{e['from']}", "hl-user") for e in incoming),
          f"clicking Search highlights its {len(outgoing)} dependencies and {len(incoming)} dependents")
    page.screenshot(os.path.join(shots, "violations-node.png"))
    # Empty space clears; depth 1 lights the direct neighbours only.
    page.click(330, 70)
    page.settle()
    check(not page.evaluate("document.getElementById('mg-canvas').classList.contains('dim')"), "a click on empty space clears the highlight")
    page.evaluate("(function(){var s=document.getElementById('mg-depth');s.value='1';s.dispatchEvent(new Event('change'));})()")
    page.click_element(f"document.getElementById('n{app}')")
    page.settle()
    lit = page.evaluate("document.querySelectorAll('#mg-canvas g.node.hl').length")
    direct = len({e["to"] for e in outgoing} | {e["from"] for e in incoming}) + 1
    check(lit == direct, f"at depth 1 a click lights the module and its {direct - 1} direct neighbours ({lit} lit)")
    page.evaluate("(function(){var s=document.getElementById('mg-depth');s.value='0';s.dispatchEvent(new Event('change'));})()")
    page.key("Escape", "Escape", 27)
    # Arrow keys walk through the matches.
    page.click_element("document.getElementById('mg-search')")
    page.type("e")
    page.settle()
    first = page.evaluate("document.querySelector('#mg-canvas g.node.hl-active').id")
    page.key("ArrowDown", "ArrowDown", 40)
    page.settle()
    second = page.evaluate("document.querySelector('#mg-canvas g.node.hl-active').id")
    check(first != second and page.evaluate("document.querySelectorAll('#mg-canvas g.node.hl-active').length") == 1,
          f"ArrowDown moves to the next match ({first} -> {second})")
    page.key("Escape", "Escape", 27)

    # Toggles: the implied dependencies and the tests change the edges shown.
    before = page.evaluate(SHOWN_EDGES)
    page.click_element("document.getElementById('mg-show-implied')")
    page.settle()
    after = page.evaluate(SHOWN_EDGES)
    implied = sum(1 for e in data["edges"] if e["implied"] & 1)
    check(before - after == implied and implied > 0, f"the implied toggle hides {before - after} of {before} edges ({implied} implied)")
    page.click_element("document.getElementById('mg-show-tests')")
    page.settle()
    without_tests = page.evaluate(SHOWN_EDGES)
    tests = sum(1 for n in data["nodes"] if n["test"])
    check(tests == 0 or without_tests < after, f"the tests toggle hides the edges of {tests} tests ({after} -> {without_tests})")
    page.screenshot(os.path.join(shots, "violations-toggles.png"))
    page.click_element("document.getElementById('mg-show-tests')")
    page.click_element("document.getElementById('mg-show-implied')")

    # The critical path, on demand.
    page.click_element("document.getElementById('mg-critical')")
    page.settle()
    critical = data["criticalPath"]
    check(all(has_class(page, f"e{data['edges'][e]['from']}_{data['edges'][e]['to']}", "hl-crit") for e in critical["edges"])
          and len(critical["edges"]) == len(critical["targets"]) - 1, f"the critical path button lights its {len(critical['edges'])} edges")
    page.screenshot(os.path.join(shots, "violations-critical.png"))
    page.key("Escape", "Escape", 27)

    # The Gantt chart: one bar per target.
    page.click_element("document.querySelector('#mg-tabs button[data-tab=schedule]')")
    page.settle()
    bars = page.evaluate("document.querySelectorAll('#mg-gantt rect.mg-bar').length")
    check(bars == len(data["schedule"]["bars"]) and bars > 0, f"the Gantt tab draws {bars} bars")
    x, y = page.center_of("document.querySelector('#mg-gantt rect.mg-bar')")
    page.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
    page.settle()
    tip = page.evaluate("document.getElementById('mg-tip').hidden ? '' : document.getElementById('mg-tip').textContent")
    check("start" in tip and "end" in tip, f"hovering a bar shows its name, start and end ({tip!r})")
    page.screenshot(os.path.join(shots, "violations-gantt.png"))
    page.click_element("document.querySelector('#mg-tabs button[data-tab=summary]')")
    page.settle()
    page.screenshot(os.path.join(shots, "violations-summary.png"))
    check(not page.problems(), "no console errors, exceptions or CSP violations (Violations) " + "; ".join(page.problems()))


def write_big_graph(folder, count=1000, seed=1):
    """A dump-package.json of `count` targets in five layers, a tenth of them tests, with planted violations."""
    rng = random.Random(seed)
    layers = [("Base", 0.05), ("Core", 0.25), ("Service", 0.3), ("Feature", 0.3), ("App", 0.01)]
    regular = count - count // 10
    names, layer_of = [], {}
    for position, (prefix, share) in enumerate(layers):
        amount = max(1, int(regular * share)) if position < len(layers) - 1 else regular - len(names)
        for index in range(amount):
            name = f"{prefix}{index:03d}"
            names.append(name)
            layer_of[name] = position
    targets = []
    by_layer = [[n for n in names if layer_of[n] == p] for p in range(len(layers))]
    for name in names:
        position = layer_of[name]
        below = [n for p in range(position) for n in by_layer[p]]
        picks = set()
        if below:
            for _ in range(rng.randint(1, 4)):
                near = by_layer[position - 1] if rng.random() < 0.6 else below
                picks.add(rng.choice(near))
        targets.append({"name": name, "type": "regular", "dependencies": [{"byName": [d, None]} for d in sorted(picks)]})
    for victim in rng.sample(by_layer[1], 5):  # Core -> Feature: layering violations
        next(t for t in targets if t["name"] == victim)["dependencies"].append({"byName": [rng.choice(by_layer[3]), None]})
    for index in range(count - len(names)):
        subject = rng.choice(by_layer[3] + by_layer[2])
        targets.append({"name": f"{subject}Tests{index}", "type": "test", "dependencies": [{"byName": [subject, None]}]})
    dump = {"name": "Big", "packageKind": {"root": [folder]}, "targets": targets, "products": [], "dependencies": []}
    path = os.path.join(folder, "dump.json")
    with open(path, "w") as file:
        json.dump(dump, file)
    config = os.path.join(folder, "modgraph.yml")
    with open(config, "w") as file:
        file.write("version: 1\nlayers:\n")
        for prefix, _ in reversed(layers):
            file.write(f"  - name: {prefix.lower()}\n    targets: [\"{prefix}*\"]\n")
        file.write("unassigned: warning\ntests: exempt\n")
    return path, config


def test_big(browser, report, shots):
    page = Page(browser, os.path.join(report, "index.html"))
    data = page.evaluate(DATA)
    size = os.path.getsize(os.path.join(report, "index.html"))
    say(f"1,000 targets: {len(data['nodes'])} nodes, {len(data['edges'])} edges, index.html {size / 1e6:.1f} MB, "
        f"page ready in {page.load_seconds * 1000:.0f} ms")
    check(data["picture"], "the 1,000-target page has its picture")
    page.screenshot(os.path.join(shots, "big-graph.png"))
    # A click on a well-connected node, timed in the page from pointerup to the next frame.
    degrees = [0] * len(data["nodes"])
    for e in data["edges"]:
        degrees[e["from"]] += 1
        degrees[e["to"]] += 1
    target = max(range(len(degrees)), key=lambda i: (data["nodes"][i]["name"].startswith("Service"), degrees[i]))
    page.evaluate("window.__clickMs=null;window.addEventListener('pointerup',function(){var t=performance.now();"
                  "requestAnimationFrame(function(){setTimeout(function(){window.__clickMs=performance.now()-t;},0);});},{capture:true,once:true});")
    x, y = page.center_of(f"document.getElementById('n{target}')")
    start = time.monotonic()
    page.click(x, y)
    while page.evaluate("window.__clickMs") is None:
        if time.monotonic() - start > 10:
            break
        time.sleep(0.005)
    wall = (time.monotonic() - start) * 1000
    in_page = page.evaluate("window.__clickMs")
    say(f"1,000 targets: click on {data['nodes'][target]['name']} ({degrees[target]} edges): {in_page:.0f} ms in the page to the next frame, {wall:.0f} ms round trip")
    check(has_class(page, f"n{target}", "hl-self") and in_page is not None and in_page < 500, "at 1,000 targets a click responds in well under a second")
    page.screenshot(os.path.join(shots, "big-node.png"))
    start = time.monotonic()
    page.click_element("document.getElementById('mg-search')")
    page.type("Core01")
    page.settle()
    lit = page.evaluate("document.querySelectorAll('#mg-canvas .hl-match').length")
    say(f"1,000 targets: search 'Core01': {(time.monotonic() - start) * 1000:.0f} ms round trip, {lit} matches lit")
    page.screenshot(os.path.join(shots, "big-search.png"))
    page.key("Escape", "Escape", 27)
    start = time.monotonic()
    page.click_element("document.getElementById('mg-show-implied')")
    page.settle()
    say(f"1,000 targets: implied toggle: {(time.monotonic() - start) * 1000:.0f} ms round trip, {page.evaluate(SHOWN_EDGES)} edges shown")
    page.screenshot(os.path.join(shots, "big-implied.png"))
    page.click_element("document.getElementById('mg-show-implied')")
    page.click_element("document.querySelector('#mg-tabs button[data-tab=schedule]')")
    page.settle()
    check(page.evaluate("document.querySelectorAll('#mg-gantt rect.mg-bar').length") == len(data["schedule"]["bars"]), "the 1,000-target Gantt chart draws every bar")
    page.screenshot(os.path.join(shots, "big-gantt.png"))
    check(not page.problems(), "no console errors, exceptions or CSP violations (1,000 targets) " + "; ".join(page.problems()))


HOSTILE = [
    '</svg><script>window.__pwned=1</script>',
    '"><img src=x onerror="window.__pwned=2">',
    "</script><script>window.__pwned=3</script>",
    "<!--<script>window.__pwned=4</script>",
    "&lt;b&gt;\u2028Line",
]


def test_hostile(browser, folder, modgraph, shots):
    targets = [{"name": name, "type": "regular", "dependencies": [{"byName": [HOSTILE[index - 1], None]}] if index else []}
               for index, name in enumerate(HOSTILE)]
    path = os.path.join(folder, "hostile.json")
    with open(path, "w") as file:
        json.dump({"name": "<b>Hostile</b>", "packageKind": {"root": [folder]}, "targets": targets, "products": [], "dependencies": []}, file)
    output = os.path.join(folder, "hostile.html")
    run([modgraph, "graph", path, "--format", "html", "--output", output], 60)
    page = Page(browser, output)
    check(page.evaluate("window.__pwned === undefined && document.querySelectorAll('img, script:not([id=mg-data])').length === 1"),
          "hostile names run nothing and add no element")
    shown = page.evaluate("Array.from(document.querySelectorAll('#mg-canvas g.node text')).map(function(t){return t.textContent;})")
    # Graphviz passes character references in labels through (`&lt;` is drawn as `<`), so the last name is
    # drawn as its decoded text, still as text; the panels show it exactly.
    check(all(any(name.replace("\u2028", "\\u{2028}") == text for text in shown) for name in HOSTILE[:-1]), "hostile names are drawn as text")
    page.click_element("document.getElementById('mg-search')")
    page.type("img")
    page.settle()
    check(page.evaluate("document.querySelectorAll('#mg-results li')[0].textContent").startswith('"><img'), "a hostile name is found by search, as text")
    page.screenshot(os.path.join(shots, "hostile.png"))
    check(not page.problems(), "no console errors, exceptions or CSP violations (hostile) " + "; ".join(page.problems()))


def test_graph_only(browser, folder, modgraph, shots):
    output = os.path.join(folder, "graph.html")
    run([modgraph, "graph", "Samples/VerticalApp", "--format", "html", "--output", output], 120)
    page = Page(browser, output)
    check(page.evaluate("document.getElementById('mg-tab-schedule').hidden && document.getElementById('mg-findings-block').hidden"),
          "graph --format html hides the schedule and findings")
    page.screenshot(os.path.join(shots, "graph-html.png"))
    check(not page.problems(), "no console errors, exceptions or CSP violations (graph --format html) " + "; ".join(page.problems()))


def test_without_picture(browser, folder, modgraph, shots):
    report = os.path.join(folder, "no-diagrams")
    run([modgraph, "report", "Samples/Violations", "--no-diagrams", "--output", report], 120)
    page = Page(browser, os.path.join(report, "index.html"))
    check(page.evaluate("!document.querySelector('#mg-canvas svg') && !document.getElementById('mg-note').hidden"),
          "without a picture the page says why")
    page.click_element("document.getElementById('mg-search')")
    page.type("Search")
    page.key("Enter", "Enter", 13)
    page.settle()
    check(page.evaluate("document.querySelectorAll('#mg-selection li').length") > 0, "without a picture, search still lists a module's dependencies")
    page.screenshot(os.path.join(shots, "no-picture.png"))
    check(not page.problems(), "no console errors, exceptions or CSP violations (no picture) " + "; ".join(page.problems()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modgraph", required=True)
    parser.add_argument("--screenshots", required=True, help="folder for the PNG screenshots")
    parser.add_argument("--timeout", type=float, default=60, help="seconds for any one browser command or page load")
    parser.add_argument("--total", type=int, default=240, help="seconds for the whole test; past them it stops and fails")
    arguments = parser.parse_args()

    def out_of_time(signum, frame):
        raise RuntimeError(f"the whole test took more than {arguments.total} s")
    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(arguments.total)
    chromium = find_chromium()
    if not chromium:
        say("skipped: no Chromium found (install it: Debian `apt-get install chromium`, macOS `brew install --cask chromium`, or set CHROMIUM)")
        return 0
    modgraph = os.path.abspath(arguments.modgraph)
    shots = os.path.abspath(arguments.screenshots)
    os.makedirs(shots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="modgraph-viewer-")
    browser = None
    try:
        started = time.monotonic()
        violations = os.path.join(work, "violations")
        run([modgraph, "report", "Samples/Violations", "--output", violations], 120)
        big_folder = os.path.join(work, "big")
        os.makedirs(big_folder)
        dump, config = write_big_graph(big_folder)
        big = os.path.join(work, "big-report")
        start = time.monotonic()
        run([modgraph, "report", dump, "--config", config, "--weights", "uniform", "--output", big], 300)
        say(f"1,000 targets: modgraph report took {time.monotonic() - start:.1f} s")
        try:
            browser = Browser(chromium, os.path.join(work, "profile"), arguments.timeout)
            browser.send("Browser.getVersion")
        except Exception as error:  # a Chromium that cannot start here (no display libraries, sandbox): skip
            say(f"skipped: Chromium ({chromium}) did not start: {error}")
            return 0
        test_violations(browser, violations, shots)
        test_big(browser, big, shots)
        test_hostile(browser, work, modgraph, shots)
        test_graph_only(browser, work, modgraph, shots)
        test_without_picture(browser, work, modgraph, shots)
        say(f"{len(failures)} failure(s) in {time.monotonic() - started:.1f} s; screenshots in {shots}")
        return 1 if failures else 0
    except Exception as error:
        say(f"FAIL {error}")
        return 1
    finally:
        if browser:
            browser.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
