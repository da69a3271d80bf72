#!/usr/bin/env python3
"""index.html in a real browser: headless Chromium driven over its DevTools protocol.

    scripts/test-viewer.py --modgraph .build/debug/modgraph --screenshots out/viewer

Writes the report of Samples/Violations (a .modgraph.yml with findings), the
report of a generated graph of 1,000 targets, `graph --format html` of
Samples/VerticalApp and of a graph whose names are hostile markup, `graph --wiring
--format html` of Samples/WiringApp; opens each
page from disk in headless Chromium and checks: no console errors, exceptions
or CSP violations; search highlights the module typed; a finding's click
highlights its chain's edges; a node's click highlights what it depends on and
what depends on it; the toggles change the edges shown; the wiring toggle shows and hides the dashed
run-time edges, their labels on hover and click; the Gantt tab draws a
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
    def __init__(self, browser, path, width=1280, height=800, url=None):
        self.browser = browser
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.first_event = len(browser.events)
        start = time.monotonic()
        self.call("Page.navigate", {"url": url or "file://" + os.path.abspath(path)})
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
DRAWN = "(function(){var s=document.querySelector('#mg-canvas svg');return s?Array.from(s.querySelectorAll('g.node')).map(function(g){return g.id;}):[];})()"
DRAWN_EDGES = "document.querySelectorAll('#mg-canvas g.edge').length"
# The legibility figure (as ../shared/tools/label_height.py measures it): the median rendered height of the
# SVG text labels visible in the first view.
LABEL_HEIGHT = """(function(){var hs=Array.from(document.querySelectorAll('svg text')).map(function(t){return t.getBoundingClientRect();})
  .filter(function(r){return r.width>0&&r.height>0&&r.bottom>0&&r.right>0&&r.top<innerHeight&&r.left<innerWidth;})
  .map(function(r){return r.height;}).sort(function(a,b){return a-b;});return hs.length?hs[Math.floor(hs.length/2)]:0;})()"""
# The key of the layout drawn, found through the page's own data: the drawn node set of each carried view.
NOTE = "(function(){var n=document.getElementById('mg-note');return n.hidden?'':n.textContent;})()"


def node_index(page, name):
    return page.evaluate(f"{DATA}.nodes.findIndex(function(n){{return n.name==={json.dumps(name)};}})")


def has_class(page, element_id, cls):
    return page.evaluate(f"(function(){{var e=document.getElementById({json.dumps(element_id)});return !!e&&e.classList.contains({json.dumps(cls)});}})()")


def drawn_nodes(page):
    return set(page.evaluate(DRAWN))


def fragment(page):
    return page.evaluate("decodeURIComponent(location.hash)")


def neighbourhood(data, index, depth=1, tests=True, ext=True):
    """What a focus one step both ways draws, worked out from the page's data."""
    def shown(n):
        return n == index or ((tests or not data["nodes"][n]["test"]) and (ext or not data["nodes"][n]["external"]))
    found = {index}
    for e in data["edges"]:
        if e["from"] == index and shown(e["to"]):
            found.add(e["to"])
        if e["to"] == index and shown(e["from"]):
            found.add(e["from"])
    return {f"n{n}" for n in found}


def measure_first_view(browser, path, label, shots, name):
    """Opens `path` at 1400x900, checks the first view's labels are at least 9 px high, and returns the figure."""
    page = Page(browser, path, 1400, 900)
    height = page.evaluate(LABEL_HEIGHT)
    data = page.evaluate(DATA)
    first = data["first"]
    layout = data["views"].get(first, {})
    aspect = layout.get("w", 0) / max(layout.get("h", 1), 1)
    say(f"{label}: first view {first} ({len(layout.get('nodes', []))} nodes, {layout.get('engine')}, {aspect:.2f}:1), "
        f"median label {height:.1f} px, page {os.path.getsize(path) / 1e3:.0f} kB")
    check(height >= 9, f"{label}: the first view's labels are at least 9 px high at 1400x900 ({height:.1f} px)")
    page.screenshot(os.path.join(shots, f"{name}.png"))
    check(not page.problems(), f"no console errors, exceptions or CSP violations ({label}) " + "; ".join(page.problems()))
    return height


def test_violations(browser, report, shots):
    page = Page(browser, os.path.join(report, "index.html"))
    data = page.evaluate(DATA)
    say(f"Violations: {len(data['nodes'])} nodes, {len(data['edges'])} edges, {len(data['check']['findings'])} findings, "
        f"{len(data['views'])} layouts, loaded in {page.load_seconds * 1000:.0f} ms")
    check(data["first"].startswith("all|t1x1") and len(drawn_nodes(page)) == len(data["nodes"]), f"a small graph opens on every module ({data['first']})")
    page.screenshot(os.path.join(shots, "violations-graph.png"))

    # Search: the first match is lit; Enter focuses on it, laid out afresh; Backspace goes back.
    page.click_element("document.getElementById('mg-search')")
    page.type("Checkout")
    page.settle()
    checkout = node_index(page, "Checkout")
    check(checkout >= 0 and has_class(page, f"n{checkout}", "hl-match") and has_class(page, f"n{checkout}", "hl-active"),
          "typing Checkout into search highlights its node")
    page.key("Enter", "Enter", 13)
    page.settle()
    check(drawn_nodes(page) == neighbourhood(data, checkout) and has_class(page, f"n{checkout}", "hl-self"),
          "Enter draws Checkout's neighbourhood, one step both ways, on its own")
    check("focus=violations/Checkout" in fragment(page) and "depth=1" in fragment(page), f"the fragment names the focus ({fragment(page)})")
    page.screenshot(os.path.join(shots, "violations-focus.png"))
    page.key("Backspace", "Backspace", 8)
    page.settle()
    check(len(drawn_nodes(page)) == len(data["nodes"]) and "view=all" in fragment(page), "Backspace goes back to the whole graph")

    # A finding: its chain's edges are highlighted and shown.
    position = next(i for i, f in enumerate(data["check"]["findings"]) if f["edges"])
    finding = data["check"]["findings"][position]
    page.click_element(f"document.querySelectorAll('#mg-findings li')[{position}]")
    page.settle()
    lit = [has_class(page, f"e{data['edges'][e]['from']}_{data['edges'][e]['to']}", "hl-chain") for e in finding["edges"]]
    check(lit and all(lit) and all(has_class(page, f"n{n}", "hl-chain") for n in finding["nodes"]),
          f"clicking the finding '{finding['chainText']}' highlights its {len(lit)} edge(s) and {len(finding['nodes'])} nodes")
    page.screenshot(os.path.join(shots, "violations-finding.png"))
    page.key("Escape", "Escape", 27)
    page.settle()

    # A click on a module: its neighbourhood drawn afresh, what it uses blue, what uses it orange.
    search = node_index(page, "Search")
    page.click_element(f"document.getElementById('n{search}')")
    page.settle()
    outgoing = [e for e in data["edges"] if e["from"] == search]
    incoming = [e for e in data["edges"] if e["to"] == search]
    check(drawn_nodes(page) == neighbourhood(data, search) and has_class(page, f"n{search}", "hl-self")
          and all(has_class(page, f"n{e['to']}", "hl-dep") for e in outgoing)
          and all(has_class(page, f"n{e['from']}", "hl-user") for e in incoming),
          f"clicking Search draws its {len(outgoing)} dependencies and {len(incoming)} dependents on their own")
    page.screenshot(os.path.join(shots, "violations-node.png"))
    # Zoom keeps the selected module in view.
    for _ in range(8):
        page.key("+", "Equal", 187)
    page.settle()
    inside = page.evaluate(f"(function(){{var b=document.getElementById('n{search}').getBoundingClientRect(),c=document.getElementById('mg-canvas').getBoundingClientRect();"
                           "return b.left>=c.left&&b.right<=c.right&&b.top>=c.top&&b.bottom<=c.bottom;})()")
    check(inside, "zooming in eight times keeps the selected module in view")
    # Depth 2 is not in a static page: drawn as a highlight in the whole graph, and the page says so.
    page.evaluate("(function(){var s=document.getElementById('mg-depth');s.value='2';s.dispatchEvent(new Event('change'));})()")
    page.settle()
    check("modgraph serve" in page.evaluate(NOTE) and has_class(page, f"n{search}", "hl-self"),
          "depth 2 falls back to a highlight and names modgraph serve")
    page.evaluate("(function(){var s=document.getElementById('mg-depth');s.value='1';s.dispatchEvent(new Event('change'));})()")
    page.key("Escape", "Escape", 27)
    page.settle()
    check(len(drawn_nodes(page)) == len(data["nodes"]), "Esc with nothing lit goes back")

    # Collapsed views: by layer, a group opened in place.
    page.click_element("document.querySelector('#mg-modes button[data-mode=layer]')")
    page.settle()
    groups = data["groupings"]["layer"]
    drawn = drawn_nodes(page)
    check(drawn and all(d.startswith("g") for d in drawn) and page.evaluate("document.querySelectorAll('#mg-canvas text.count').length") > 0,
          f"By layer draws {len(drawn)} groups with counts on the edges")
    page.screenshot(os.path.join(shots, "violations-layers.png"))
    target = next(i for i, g in enumerate(groups) if g["size"] > 1)
    page.click_element(f"document.getElementById('g{target}')")
    page.settle()
    position = list(data["groupings"].keys()).index("layer")
    members = {f"n{i}" for i, n in enumerate(data["nodes"]) if n["groups"][position] == target}
    drawn = drawn_nodes(page)
    check(members <= drawn and f"g{target}" not in drawn, f"clicking the group {groups[target]['name']} opens it in place ({len(members)} modules)")
    page.screenshot(os.path.join(shots, "violations-open-group.png"))

    # Why does Search depend on Prelude: every path, listed (a static page cannot lay them out alone).
    for field, name in (("mg-path-from", "Search"), ("mg-path-to", "Prelude")):
        page.click_element(f"document.getElementById('{field}')")
        page.type(name)
        page.key("Enter", "Enter", 13)
    page.settle()
    rows = page.evaluate("document.querySelectorAll('#mg-path-result li').length")
    check(rows > 0 and "modgraph serve" in page.evaluate(NOTE) and "from=violations/Search" in fragment(page),
          f"the path query lists {rows} paths from Search to Prelude and says where they are drawn alone")
    page.screenshot(os.path.join(shots, "violations-path.png"))
    page.key("Escape", "Escape", 27)

    # Toggles: the same view laid out again without the tests.
    page.click_element("document.querySelector('#mg-modes button[data-mode=all]')")
    page.settle()
    before = len(drawn_nodes(page))
    page.click_element("document.getElementById('mg-show-tests')")
    page.settle()
    tests = sum(1 for n in data["nodes"] if n["test"])
    check(len(drawn_nodes(page)) == before - tests and "t=0" in fragment(page), f"the tests toggle lays out the graph without its {tests} tests")
    page.click_element("document.getElementById('mg-show-tests')")
    page.settle()

    # The critical path, on demand.
    page.click_element("document.getElementById('mg-critical')")
    page.settle()
    critical = data["criticalPath"]
    check(all(has_class(page, f"e{data['edges'][e]['from']}_{data['edges'][e]['to']}", "hl-crit") for e in critical["edges"])
          and len(critical["edges"]) == len(critical["targets"]) - 1, f"the critical path button lights its {len(critical['edges'])} edges")
    page.screenshot(os.path.join(shots, "violations-critical.png"))
    page.key("Escape", "Escape", 27)

    test_gantt(page, data, shots, "violations")
    page.click_element("document.querySelector('#mg-tabs button[data-tab=summary]')")
    page.settle()
    page.screenshot(os.path.join(shots, "violations-summary.png"))
    check(not page.problems(), "no console errors, exceptions or CSP violations (Violations) " + "; ".join(page.problems()))

    # A linked view: the fragment opens it.
    url = "file://" + os.path.abspath(os.path.join(report, "index.html")) + "#focus=violations%2FCheckout&depth=1&dir=both&t=1&x=1&i=0"
    linked = Page(browser, None, url=url)
    linked.settle()
    check(drawn_nodes(linked) == neighbourhood(data, checkout), "a link with #focus=… opens on that focus")
    check(not linked.problems(), "no console errors (linked view) " + "; ".join(linked.problems()))


def test_gantt(page, data, shots, label):
    """The Schedule tab: a bar per target, a time axis, fitted to the window, zoomed, the critical path in its own lane."""
    page.click_element("document.querySelector('#mg-tabs button[data-tab=schedule]')")
    page.settle()
    plan = data["schedule"]
    bars = page.evaluate("document.querySelectorAll('#mg-gantt rect.mg-bar').length")
    check(bars == len(plan["bars"]) and bars > 0, f"{label}: the Gantt tab draws {bars} bars")
    ticks = page.evaluate("Array.from(document.querySelectorAll('#mg-gantt-axis text')).map(function(t){return t.textContent;})")
    check(len(ticks) >= 4 and any(plan["unit"] in t for t in ticks), f"{label}: the time axis has {len(ticks)} labels and its unit ({ticks[:4]})")
    fits = page.evaluate("(function(){var g=document.getElementById('mg-gantt');return g.scrollWidth<=g.clientWidth+1;})()")
    check(fits, f"{label}: the chart fits the window at first")
    lane = page.evaluate("document.querySelectorAll('#mg-gantt rect.mg-cbar').length")
    check(lane == len(plan["criticalPath"]) and page.evaluate("document.querySelectorAll('#mg-gantt-path li').length") == lane,
          f"{label}: the critical path has its own lane and list ({lane} modules)")
    x, y = page.center_of("document.querySelector('#mg-gantt rect.mg-bar')")
    page.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
    page.settle()
    tip = page.evaluate("document.getElementById('mg-tip').hidden ? '' : document.getElementById('mg-tip').textContent")
    check("start" in tip and "end" in tip, f"{label}: hovering a bar shows its name, start and end ({tip!r})")
    width = page.evaluate("document.querySelector('#mg-gantt svg').getAttribute('width')")
    for _ in range(3):
        page.click_element("document.getElementById('mg-gantt-in')")
    page.settle()
    zoomed = page.evaluate("document.querySelector('#mg-gantt svg').getAttribute('width')")
    page.evaluate("document.getElementById('mg-gantt').scrollLeft=200")
    page.settle()
    scrolled = page.evaluate("[document.getElementById('mg-gantt').scrollLeft, document.getElementById('mg-gantt-axis').scrollLeft]")
    check(float(zoomed) > float(width) * 3 and scrolled[0] > 0 and scrolled[0] == scrolled[1],
          f"{label}: + zooms the time axis ({float(width):.0f} -> {float(zoomed):.0f} px) and it scrolls with the chart ({scrolled})")
    page.click_element("document.getElementById('mg-gantt-fit')")
    page.settle()
    page.screenshot(os.path.join(shots, f"{label}-gantt.png"))


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
    path = os.path.join(report, "index.html")
    measure_first_view(browser, path, "1,000 targets", shots, "big-first-1400x900")
    page = Page(browser, path)
    data = page.evaluate(DATA)
    size = os.path.getsize(path)
    say(f"1,000 targets: {len(data['nodes'])} nodes, {len(data['edges'])} edges, {len(data['views'])} layouts, index.html {size / 1e6:.1f} MB, "
        f"page ready in {page.load_seconds * 1000:.0f} ms")
    check(data["picture"] and data["first"].startswith("collapse:layer:"), f"the 1,000-target page opens collapsed by layer ({data['first']})")
    # What the first toggles hide is said in the status line, with the toggle that brings it back.
    tests = sum(1 for node in data["nodes"] if node.get("test"))
    externals = sum(1 for node in data["nodes"] if node.get("external"))
    status = page.evaluate("document.getElementById('mg-status').textContent")
    expected = [f"{tests} test target{'s' if tests != 1 else ''}"] if tests and "|t0" in data["first"] else []
    expected += [f"{externals} external product{'s' if externals != 1 else ''}"] if externals and "x0" in data["first"].split("|")[-1] else []
    check(("the toggles hide " + " and ".join(expected) + ")") in status if expected else "the toggles hide" not in status,
          f"the status line says what the toggles hide ({status!r}; expected {expected})")
    # A click on a group, timed in the page from pointerup to the next frame (the page lacks the view: a fallback).
    page.evaluate("window.__clickMs=null;window.addEventListener('pointerup',function(){var t=performance.now();"
                  "requestAnimationFrame(function(){setTimeout(function(){window.__clickMs=performance.now()-t;},0);});},{capture:true,once:true});")
    x, y = page.center_of("document.querySelector('#mg-canvas g.node')")
    start = time.monotonic()
    page.click(x, y)
    while page.evaluate("window.__clickMs") is None:
        if time.monotonic() - start > 10:
            break
        time.sleep(0.005)
    in_page = page.evaluate("window.__clickMs")
    say(f"1,000 targets: click on a group: {in_page:.0f} ms in the page to the next frame, {(time.monotonic() - start) * 1000:.0f} ms round trip")
    check(in_page is not None and in_page < 1000, "at 1,000 targets a click responds within a second")
    page.key("Backspace", "Backspace", 8)
    start = time.monotonic()
    page.click_element("document.getElementById('mg-search')")
    page.type("Core01")
    page.settle()
    say(f"1,000 targets: search 'Core01': {(time.monotonic() - start) * 1000:.0f} ms round trip")
    page.key("Enter", "Enter", 13)
    page.settle()
    selected = page.evaluate("document.querySelector('#mg-canvas .hl-self') ? document.querySelector('#mg-canvas .hl-self').id : ''")
    check(selected.startswith("n") and "modgraph serve" in page.evaluate(NOTE), "at 1,000 targets a focus is a highlight in the whole graph, and the page says why")
    page.screenshot(os.path.join(shots, "big-focus.png"))
    page.key("Backspace", "Backspace", 8)
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
    "<img src=x onerror=alert(1)>",
    "::error::boom",
    "line\nbreak",
    "\u202eevil\u200fRTL",
    "&lt;b&gt;\u2028Line",
]


def visible(name):
    """A name as the page and the command line show it (Escape.visible): controls and direction marks spelled out."""
    spelled = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\"}
    out = ""
    for character in name:
        code = ord(character)
        if character in spelled:
            out += spelled[character]
        elif code <= 0x1F or 0x7F <= code <= 0x9F or code in (0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0xFEFF) or 0x202A <= code <= 0x202E \
                or 0x2066 <= code <= 0x2069 or 0xFFF9 <= code <= 0xFFFB or 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE:
            out += "\\u{%X}" % code
        else:
            out += character
    return out


def write_hostile(folder):
    """A package whose targets, products, remote packages and layers are named like markup, workflow commands,
    line breaks and direction marks; every target on a chain, two remote products beside it."""
    targets = []
    for index, name in enumerate(HOSTILE):
        dependencies = [{"byName": [HOSTILE[index - 1], None]}] if index else []
        if index in (2, 5):
            dependencies.append({"product": [f"<b>Remote{index}</b>", f"evil{index}", None, None]})
        targets.append({"name": name, "type": "regular", "dependencies": dependencies})
    targets.append({"name": "<i>Tests</i>\n::warning::x", "type": "test", "dependencies": [{"byName": [HOSTILE[3], None]}]})
    remotes = [{"sourceControl": [{"identity": f"evil{i}", "location": {"remote": [{"urlString": f"https://example.com/evil{i}.git"}]},
                                   "requirement": {"range": [{"lowerBound": "1.0.0", "upperBound": "2.0.0"}]}, "productFilter": None}]}
               for i in (2, 5)]
    path = os.path.join(folder, "hostile.json")
    with open(path, "w") as file:
        json.dump({"name": "<b>Hostile</b>", "packageKind": {"root": [folder]}, "targets": targets, "products": [], "dependencies": remotes}, file)
    config = os.path.join(folder, "hostile.yml")
    with open(config, "w") as file:
        file.write('version: 1\nlayers:\n  - name: "<img src=x onerror=alert(3)>\\n::error::"\n    targets: ["*"]\nunassigned: warning\ntests: exempt\n')
    return path, config


def test_hostile(browser, folder, modgraph, shots):
    path, config = write_hostile(folder)
    output = os.path.join(folder, "hostile-report")
    run([modgraph, "report", path, "--config", config, "--weights", "uniform", "--output", output], 60)
    page = Page(browser, os.path.join(output, "index.html"))
    data = page.evaluate(DATA)

    def safe(label):
        ok = page.evaluate("window.__pwned === undefined && !window.__alerted && document.querySelectorAll('img, iframe, object, embed').length === 0"
                           " && document.querySelectorAll('script').length === 2")
        check(ok and not any(e.get("method") == "Page.javascriptDialogOpening" for e in page.browser.events[page.first_event:]),
              f"hostile names run nothing and add no element ({label})")

    texts = page.evaluate("Array.from(document.querySelectorAll('#mg-canvas g.node text')).map(function(t){return t.textContent;})")
    check(all(visible(name) in texts for name in HOSTILE), "hostile names are drawn as text, line breaks and direction marks spelled out")
    safe("the whole graph")
    for name in (HOSTILE[1], HOSTILE[6], HOSTILE[7]):  # a focus on each kind of hostile name
        index = node_index(page, name)
        page.click_element(f"document.getElementById('n{index}')")
        page.settle()
        check(visible(name) == page.evaluate("document.querySelector('#mg-selection h3').textContent"), f"a focus on {name!r} names it as text")
        page.key("Backspace", "Backspace", 8)
        page.settle()
    safe("focus views")
    for mode in ("package", "layer"):
        page.click_element(f"document.querySelector('#mg-modes button[data-mode={mode}]')")
        page.settle()
        names = [visible(g["name"]) for g in data["groupings"][mode]]
        shown = page.evaluate("Array.from(document.querySelectorAll('#mg-canvas g.node text.name')).map(function(t){return t.textContent;})")
        check(all(n in shown for n in names), f"by {mode}: every group named as text ({len(names)})")
        page.click_element("document.querySelector('#mg-canvas g.node.tg')")
        page.settle()
        safe(f"by {mode}, a group open")
    page.screenshot(os.path.join(shots, "hostile-groups.png"))
    for field, name in (("mg-path-from", HOSTILE[8]), ("mg-path-to", HOSTILE[0])):
        page.evaluate(f"document.getElementById('{field}').value='';")
        page.click_element(f"document.getElementById('{field}')")
        page.type(name[:6])
        page.key("Enter", "Enter", 13)
    page.settle()
    listed = page.evaluate("document.getElementById('mg-path-result').textContent")
    check(visible(HOSTILE[0]) in listed and visible(HOSTILE[8]) in listed, "the path between two hostile names lists them as text")
    safe("the path query")
    page.click_element("document.getElementById('mg-search')")
    page.type("img")
    page.settle()
    check(any(HOSTILE[1] in t or HOSTILE[4] in t for t in page.evaluate("Array.from(document.querySelectorAll('#mg-results li')).map(function(l){return l.textContent;})")),
          "a hostile name is found by search, as text")
    page.screenshot(os.path.join(shots, "hostile.png"))
    page.key("Escape", "Escape", 27)
    page.click_element("document.querySelector('#mg-tabs button[data-tab=schedule]')")
    page.settle()
    bars = page.evaluate("Array.from(document.querySelectorAll('#mg-gantt-path li .mg-strong')).map(function(l){return l.textContent;})")
    check(any(visible(name) in bar for name in HOSTILE for bar in bars), "the critical path lists hostile names as text")
    safe("the schedule")
    page.click_element("document.querySelector('#mg-tabs button[data-tab=summary]')")
    page.settle()
    safe("the summary")
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


WIRES = "document.querySelectorAll('#mg-canvas g.wiring g.wire').length"


def test_wiring(browser, folder, modgraph, shots):
    """graph --wiring --format html: the run-time wiring over the build graph, dashed, behind a toggle that opens on."""
    output = os.path.join(folder, "wiring.html")
    wiring_json, _ = run([modgraph, "graph", "Samples/WiringApp", "--wiring", "--format", "json"], 120)
    expected = json.loads(wiring_json)["wiring"]["edges"]
    run([modgraph, "graph", "Samples/WiringApp", "--wiring", "--format", "html", "--output", output], 120)
    page = Page(browser, output)
    check(page.evaluate("!document.getElementById('mg-wiring-toggle').hidden && document.getElementById('mg-show-wiring').checked"),
          "graph --wiring --format html shows the wiring toggle, on")
    wires = page.evaluate(WIRES)
    check(wires == len(expected) and wires > 0, f"every wiring edge is drawn over the build graph ({wires} of {len(expected)})")
    dashed = page.evaluate("getComputedStyle(document.querySelector('#mg-canvas g.wire path')).strokeDasharray")
    plain = page.evaluate("getComputedStyle(document.querySelector('#mg-canvas g.edge:not(.cond):not(.plug) path')).strokeDasharray")
    check(dashed not in (None, "", "none") and plain in ("none", ""), f"wiring edges are dashed ({dashed}), build dependencies are not ({plain})")
    home, paywall = node_index(page, "Home"), node_index(page, "Paywall")
    title = page.evaluate(f"(function(){{var w={DATA}.wiring.edges.findIndex(function(e){{return e.from==={home}&&e.to==={paywall};}});"
                          "var g=document.getElementById('w'+w);return g?g.querySelector('title').textContent:'';})()")
    check("HomeDeps.paywallBuilder" in title and "PaywallBuilder" in title and "wired at App/AppDependencies.swift:" in title,
          f"hovering Home \u21e2 Paywall names the requirement, its builder and where the app wires it ({title[:160]})")
    # A click on the curve itself, half way along it.
    x, y = page.evaluate(f"(function(){{var p=document.getElementById('w'+{DATA}.wiring.edges.findIndex(function(e){{return e.from==={home}&&e.to==={paywall};}})).querySelector('path');"
                         "var q=p.getPointAtLength(p.getTotalLength()/2).matrixTransform(p.getScreenCTM());return [q.x,q.y];})()")
    page.click(x, y)
    page.settle()
    card = page.evaluate("document.getElementById('mg-selection').hidden?'':document.getElementById('mg-selection').textContent")
    check("Wiring" in card and "wired at App/AppDependencies.swift:" in card, f"clicking a wiring edge shows its items and where it is wired ({card[:120]})")
    page.screenshot(os.path.join(shots, "wiring-on.png"))
    page.click_element("document.getElementById('mg-show-wiring')")
    page.settle()
    check(page.evaluate(WIRES) == 0 and page.evaluate(DRAWN_EDGES) > 0 and "w=0" in fragment(page),
          "the toggle hides the wiring edges and keeps the build dependencies (and says so in the URL)")
    page.click_element("document.getElementById('mg-show-wiring')")
    page.settle()
    check(page.evaluate(WIRES) == wires, "the toggle shows them again")
    # By layer: App ⇢ Records joins two groups; Home's edges stay inside the verticals' group, not drawn.
    page.click_element("document.querySelector('#mg-modes button[data-mode=layer]')")
    page.settle()
    collapsed = page.evaluate(WIRES)
    check(collapsed == 1 and "Builders.Records.makeHistory" in page.evaluate("document.querySelector('#mg-canvas g.wire title').textContent"),
          f"in the view by layer a wiring edge joins the groups that hold its modules ({collapsed} drawn)")
    check(not page.problems(), "no console errors, exceptions or CSP violations (graph --wiring --format html) " + "; ".join(page.problems()))
    plain_output = os.path.join(folder, "no-wiring.html")
    run([modgraph, "graph", "Samples/WiringApp", "--format", "html", "--output", plain_output], 120)
    page = Page(browser, plain_output)
    check(page.evaluate("document.getElementById('mg-wiring-toggle').hidden") and page.evaluate(WIRES) == 0,
          "without --wiring the page has no wiring toggle and no wiring edges")


# Look-alikes of the real apps measured in docs/report.md: one wide package (isowords, swift-nio), many small
# packages (LoopWorkspace, ProtonVPN), an app of few modules and many remote products (Swiftfin, mastodon-ios).
WORDS = ["Account", "Search", "Profile", "Feed", "Settings", "Player", "Library", "Checkout", "Onboarding", "Messages",
         "Sync", "Network", "Storage", "Analytics", "Design", "Media", "Auth", "Billing", "Maps", "Camera"]
SUFFIXES = ["Feature", "Client", "Core", "UI", "Live", "Models", "Helpers"]


def write_shape(folder, shape, size, seed=1):
    """Package.swift files (evaluated without a toolchain) for a workspace of about `size` targets of `shape`:
    `wide` one package; `clustered` a package of one to a dozen targets per area under Packages/; `externals`
    an app whose modules use nearly half as many remote products as there are modules."""
    rng = random.Random(seed)
    os.makedirs(folder, exist_ok=True)
    ext_count = max(3, int(size * (0.45 if shape == "externals" else 0.12)))
    remote = [f"vendor-{i}" for i in range(max(2, ext_count // 2))]
    products = [(f"Vendor{i}Kit", remote[i % len(remote)]) for i in range(ext_count)]
    own = size - ext_count
    test_count = own // 5
    regular = own - test_count
    if shape == "clustered":
        count = max(4, regular // 5)
        sizes = [1] * count
        for _ in range(regular - count):
            sizes[rng.randrange(count)] += 1
        packages = [(f"Area{chr(65 + i % 26)}{i // 26 or ''}Kit", sizes[i]) for i in range(count)]
    else:
        packages = [("Core" if shape == "wide" else "App", regular)]
    names, package_of, level, used = [], {}, {}, set()
    for package, count in packages:
        for _ in range(count):
            while True:
                name = rng.choice(WORDS) + rng.choice(SUFFIXES) + (str(rng.randrange(100)) if len(used) > 100 else "")
                if name not in used:
                    break
            used.add(name)
            names.append(name)
            package_of[name] = package
            level[name] = rng.choice([0, 0, 1, 1, 2, 2, 3, 4, 5])
    deps = {}
    for name in names:
        below = [n for n in names if level[n] < level[name]]
        same = [n for n in below if package_of[n] == package_of[name]]
        deps[name] = sorted({rng.choice(same or below) for _ in range(rng.randint(1, 3))}) if below else []
    uses = {n: sorted({rng.choice(products) for _ in range(rng.randint(0, 4 if shape == "externals" else 2))}) for n in names}
    tests = {}
    for index in range(test_count):
        subject = rng.choice(names)
        tests.setdefault(package_of[subject], []).append((f"{subject}Tests{index}", subject))
    for package, _ in packages:
        mine = [n for n in names if package_of[n] == package]
        root = folder if len(packages) == 1 else os.path.join(folder, "Packages", package)
        os.makedirs(root, exist_ok=True)
        others = sorted({package_of[d] for n in mine for d in deps[n] if package_of[d] != package})
        vendors = sorted({v for n in mine for _, v in uses[n]})
        lines = ["// swift-tools-version: 5.9", "import PackageDescription", "", "let package = Package(", f'    name: "{package}",',
                 "    products: [" + ", ".join(f'.library(name: "{n}", targets: ["{n}"])' for n in mine) + "],", "    dependencies: ["]
        lines += [f'        .package(path: "../{o}"),' for o in others]
        lines += [f'        .package(url: "https://example.com/{v}.git", from: "1.0.0"),' for v in vendors]
        lines += ["    ],", "    targets: ["]
        for n in mine:
            ds = [f'"{d}"' if package_of[d] == package else f'.product(name: "{d}", package: "{package_of[d]}")' for d in deps[n]]
            ds += [f'.product(name: "{p}", package: "{v}")' for p, v in uses[n]]
            lines.append(f'        .target(name: "{n}", dependencies: [{", ".join(ds)}]),')
            os.makedirs(os.path.join(root, "Sources", n), exist_ok=True)
            open(os.path.join(root, "Sources", n, f"{n}.swift"), "w").close()
        for t, subject in tests.get(package, []):
            lines.append(f'        .testTarget(name: "{t}", dependencies: ["{subject}"]),')
            os.makedirs(os.path.join(root, "Tests", t), exist_ok=True)
            open(os.path.join(root, "Tests", t, f"{t}.swift"), "w").close()
        lines += ["    ]", ")", ""]
        with open(os.path.join(root, "Package.swift"), "w") as file:
            file.write("\n".join(lines))
    return folder


SHAPES = [("wide", 60), ("wide", 150), ("clustered", 130), ("clustered", 500), ("externals", 60)]


def test_shapes(browser, folder, modgraph, shots):
    """The legibility goal on each look-alike: the first view's labels at least 9 px high at 1400x900."""
    for shape, size in SHAPES:
        root = write_shape(os.path.join(folder, f"{shape}-{size}"), shape, size)
        output = os.path.join(folder, f"{shape}-{size}.html")
        start = time.monotonic()
        run([modgraph, "graph", root, "--format", "html", "--output", output], 120)
        say(f"{shape} look-alike of {size} targets: page written in {time.monotonic() - start:.1f} s")
        measure_first_view(browser, output, f"{shape} look-alike of {size} targets", shots, f"shape-{shape}-{size}")


def test_serve(browser, modgraph, shots):
    """modgraph serve: every view laid out on request, on 127.0.0.1 behind its token."""
    process = subprocess.Popen([modgraph, "serve", "Samples/Violations"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True, cwd=ROOT)
    try:
        address = process.stdout.readline().decode().strip()
        check(address.startswith("http://127.0.0.1:") and len(address.split("/")[3]) == 32, f"serve prints its address ({address[:30]}…)")
        import urllib.error
        import urllib.request
        base = address.rsplit("/", 2)[0]

        def status(url, headers=None):
            try:
                with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=20) as reply:
                    return reply.status
            except urllib.error.HTTPError as error:
                return error.code
        check(status(base + "/" + "0" * 32 + "/") == 404 and status(base + "/") == 404, "a wrong or missing token is not found")
        check(status(address, {"Host": "attacker.example:80"}) == 421, "a request for another host is refused (DNS rebinding)")
        check(status(address, {"Sec-Fetch-Site": "cross-site"}) == 403, "a request from another site is refused")
        check(status(address, {"X-Padding": "x" * 20000}) == 431, "an oversized request is refused")
        page = Page(browser, None, url=address)
        data = page.evaluate(DATA)
        check(data["live"] and len(data["views"]) <= 3, f"the served page carries its first views only ({len(data['views'])})")
        search = node_index(page, "Search")
        page.click_element(f"document.getElementById('n{search}')")
        page.evaluate("(function(){var s=document.getElementById('mg-depth');s.value='2';s.dispatchEvent(new Event('change'));})()")
        for _ in range(200):
            if page.evaluate("!!document.querySelector('#mg-canvas .hl-self') && document.getElementById('mg-status').textContent.indexOf('Laying') < 0"):
                break
            time.sleep(0.05)
        page.settle()
        drawn = drawn_nodes(page)
        check(f"n{search}" in drawn and not page.evaluate(NOTE) and len(drawn) < len(data["nodes"]),
              f"depth 2 is laid out on request ({len(drawn)} modules drawn)")
        page.screenshot(os.path.join(shots, "serve-focus-depth2.png"))
        prelude = node_index(page, "Prelude")
        page.evaluate(f"location.hash='from=violations%2FSearch&to=violations%2FPrelude'")
        for _ in range(200):
            if page.evaluate("document.querySelectorAll('#mg-path-result li').length") > 0 and not page.evaluate("document.getElementById('mg-status').textContent.indexOf('Laying') >= 0"):
                break
            time.sleep(0.05)
        page.settle()
        drawn = drawn_nodes(page)
        check(f"n{search}" in drawn and f"n{prelude}" in drawn and not page.evaluate(NOTE),
              f"the paths from Search to Prelude are drawn on their own ({len(drawn)} modules)")
        page.screenshot(os.path.join(shots, "serve-path.png"))
        check(not page.problems(), "no console errors, exceptions or CSP violations (serve) " + "; ".join(page.problems()))
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()


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
        for test in (lambda: test_violations(browser, violations, shots), lambda: test_big(browser, big, shots),
                     lambda: test_hostile(browser, work, modgraph, shots), lambda: test_graph_only(browser, work, modgraph, shots), lambda: test_wiring(browser, work, modgraph, shots),
                     lambda: test_without_picture(browser, work, modgraph, shots), lambda: test_shapes(browser, work, modgraph, shots),
                     lambda: test_serve(browser, modgraph, shots)):
            try:
                test()
            except Exception as error:  # one test's failure does not hide the others'
                say(f"FAIL {error}")
                failures.append(str(error))
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
