#!/usr/bin/env python3
"""The viewer's first view on real apps, measured as docs/report.md's trial table reports it.

    scripts/measure-viewer.py --modgraph .build/release/modgraph --screenshots out/trial \\
        NAME=PATH [NAME=PATH ...]

For each app: `modgraph graph PATH --format html` (timed), then the page in headless Chromium at
1400x900: the first view chosen, its node count, layout engine and aspect (width over height of
the drawing), and the median rendered height of the SVG labels visible in it (the figure
../shared/tools/label_height.py gives: the goal is at least 9 px). Prints one Markdown row per
app and writes a screenshot of each first view. Uses scripts/test-viewer.py's Chromium driver
(standard library only); every subprocess runs in its own process group with a timeout.
"""
import argparse
import importlib.util
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("test_viewer", os.path.join(HERE, "test-viewer.py"))
viewer = importlib.util.module_from_spec(spec)
spec.loader.exec_module(viewer)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modgraph", required=True)
    parser.add_argument("--screenshots", required=True)
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("apps", nargs="+", help="NAME=PATH, PATH as modgraph graph takes it")
    arguments = parser.parse_args()
    chromium = viewer.find_chromium()
    if not chromium:
        print("measure-viewer: no Chromium found", file=sys.stderr)
        return 1
    os.makedirs(arguments.screenshots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="modgraph-measure-")
    browser = viewer.Browser(chromium, os.path.join(work, "profile"), arguments.timeout)
    print("| app | targets | first view | nodes drawn | layout, aspect | label height (px) | page (layouts) | written in |")
    print("|---|---:|---|---:|---|---:|---:|---:|")
    try:
        for app in arguments.apps:
            name, _, path = app.partition("=")
            output = os.path.join(work, f"{name}.html")
            start = time.monotonic()
            viewer.run([os.path.abspath(arguments.modgraph), "graph", os.path.abspath(path), "--format", "html", "--output", output],
                       arguments.timeout)
            seconds = time.monotonic() - start
            page = viewer.Page(browser, output, 1400, 900)
            height = page.evaluate(viewer.LABEL_HEIGHT)
            data = page.evaluate(viewer.DATA)
            first = data["first"]
            layout = data["views"].get(first, {})
            aspect = layout.get("w", 0) / max(layout.get("h", 1), 1)
            page.screenshot(os.path.join(arguments.screenshots, f"{name}.png"))
            problems = page.problems()
            kind = first.split("|")[0].rstrip(":").replace("collapse:", "by ").replace("all", "all modules")
            print(f"| {name} | {len(data['nodes'])} | {kind} ({first.split('|')[1]}) | {len(layout.get('nodes', []))} | "
                  f"{layout.get('engine')}{' left to right' if layout.get('across') else ''}, {aspect:.2f}:1 | {height:.1f} | "
                  f"{os.path.getsize(output) / 1e3:.0f} kB ({len(data['views'])}) | {seconds:.1f} s |" + (f" problems: {problems}" if problems else ""), flush=True)
    finally:
        browser.close()
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
