#!/usr/bin/env python3
"""Renders every page of `zlc preview` in headless Chromium and checks, by measuring the DOM, that
the preview draws the bundle: every section on every device at the bundle's sizes, with the number
of items the client shows, a tab bar's body (`cell_body`) at the body's sizes on each device that
draws it, every navigation item and data.target as a link, plugins by their manifest names, and no
console error. With sender feeds, connected screens must show the titles
of the items `zlc map` binds to each section. Screenshots of home and show are kept as artefacts.

Chromium is driven over the DevTools protocol (Debian's `chromium`, PyPI's `websocket-client`;
scripts/install-test-deps.sh installs both). Exit status 0 when every check passes, 1 otherwise,
2 when Chromium or websocket-client is missing.

    python3 scripts/preview_check.py --zlc .build/debug/zlc --project manifests \
        --feeds manifests/feeds --artefacts .build/preview-artefacts
"""
import argparse
import base64
import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compact_bundle import derive_sections, load_screen  # noqa: E402
from preview_layout import CellBodyChecks, close, expected_count, item_size, one_and_n_frame  # noqa: E402


def fail_missing(what):
    print(f"preview_check: {what} is missing (scripts/install-test-deps.sh installs it)", file=sys.stderr)
    sys.exit(2)


try:
    import websocket  # websocket-client
except ImportError:
    websocket = None


class Browser:
    """A headless Chromium and one page of it, over the DevTools protocol."""

    def __init__(self, binary, profile):
        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
             "--remote-debugging-port=0", "--remote-allow-origins=*", f"--user-data-dir={profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            # Its own process group, so close() stops its helpers too, and its scratch files
            # beside the profile, so nothing is left in the system's temporary folder.
            start_new_session=True, env={**os.environ, "TMPDIR": os.path.dirname(os.path.abspath(profile))})
        try:
            self.connect()
        except BaseException:
            self.kill_group(signal.SIGKILL)
            self.process.wait()
            raise

    def connect(self):
        """Waits for Chromium's DevTools server and opens its page."""
        deadline = time.time() + 60
        port = None
        while time.time() < deadline:
            line = self.process.stderr.readline()
            if not line:
                break
            match = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if match:
                port = int(match.group(1))
                break
        if port is None:
            raise RuntimeError("Chromium did not start its DevTools server")
        self.port = port  # its DevTools server's, which opens more tabs (`/json/new`)
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30))
        page = next(t for t in targets if t.get("type") == "page")
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=60, suppress_origin=True)
        self.next_id = 0
        self.events = []
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_for(self, event, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for i, message in enumerate(self.events):
                if message.get("method") == event:
                    del self.events[i]
                    return message
            self.events.append(json.loads(self.ws.recv()))
        raise RuntimeError(f"no {event} within {timeout} s")

    def load(self, url, width, height):
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        self.call("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def console_errors(self):
        """Errors the page reported since the last call: console.error, exceptions, failed loads."""
        errors = []
        for message in self.events:
            method, params = message.get("method"), message.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                errors.append("console: " + " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
            elif method == "Runtime.exceptionThrown":
                errors.append("exception: " + params.get("exceptionDetails", {}).get("text", ""))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                errors.append("log: " + params["entry"].get("text", ""))
        self.events = []
        return errors

    def screenshot(self, path):
        metrics = self.call("Page.getLayoutMetrics")
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        shot = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                         clip={"x": 0, "y": 0, "width": size["width"], "height": min(size["height"], 6000), "scale": 1})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))

    def close(self):
        try:
            self.ws.close()
        finally:
            self.kill_group(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill_group(signal.SIGKILL)
                self.process.wait()
            self.kill_group(signal.SIGKILL)  # helpers that outlived it

    def kill_group(self, number):
        """Sends `number` to Chromium and every helper process it started."""
        try:
            os.killpg(self.process.pid, number)
        except ProcessLookupError:
            pass


MEASURE = r"""
(() => {
  const box = e => { const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const devices = [...document.querySelectorAll('.device')].map(d => {
    const screen = d.querySelector('.screen');
    const plugin = screen.querySelector('.screen-plugin');
    const cellsOf = body => !body ? [] : [...body.querySelectorAll(':scope > .cell:not(.pad)')].map(c => Object.assign(box(c), {
      title: c.querySelector('.t') ? c.querySelector('.t').textContent : null, opens: c.dataset.opens || null,
      style: c.dataset.cellStyle || c.parentElement.dataset.cellStyle || null,
      layoutId: c.dataset.layoutId || c.parentElement.dataset.layoutId || null,
      elements: [...c.querySelectorAll('.el')].map(box) }));
    const sections = [...screen.querySelectorAll(':scope > section.sec')].map(s => {
      const body = s.querySelector(':scope > .body');
      const header = s.querySelector('.hdr');
      const cellBody = s.querySelector(':scope > .cell-body');
      const bodyOfCells = cellBody ? cellBody.querySelector(':scope > .body') : null;
      return {
        section: Number(s.dataset.section), plugin: s.dataset.plugin || null, kind: s.dataset.kind || null,
        text: s.innerText, box: box(s), body: body ? box(body) : null, header: header ? box(header).h : null,
        unbound: !!s.querySelector('.unbound'), cells: cellsOf(body),
        cellBody: !cellBody ? null : {type: cellBody.dataset.cellBody, text: cellBody.innerText,
          note: !!cellBody.querySelector(':scope > .note'), body: bodyOfCells ? box(bodyOfCells) : null, cells: cellsOf(bodyOfCells)},
      };
    });
    return { name: d.dataset.device, hidden: d.hidden, screen: box(screen), sections,
             plugin: plugin ? {type: plugin.dataset.plugin, text: plugin.innerText} : null };
  });
  const navTargets = [...document.querySelectorAll('[data-nav-target]')].map(a => a.dataset.navTarget);
  const mapLinks = [...document.querySelectorAll('[data-screen-link]')].map(a => a.dataset.screenLink);
  const jump = [...document.querySelectorAll('select.jump option')].map(o => o.value);
  return { devices, navTargets, mapLinks, jump, title: document.title };
})()
"""


class Checker(CellBodyChecks):
    def __init__(self, bundle_dir, manifest_names):
        with open(os.path.join(bundle_dir, "bundle.json")) as f:
            self.index = json.load(f)
        self.screens = []
        layouts = self.index.get("layouts", {})
        for entry in self.index["screens"]:
            with open(os.path.join(bundle_dir, entry["file"])) as f:
                screen = load_screen(f)
            # The compact bundle (docs/bundle.md): a section's layout_ref stands for the keys of
            # its bundle.json layouts entry.
            for section in screen["resolved"]["sections"]:
                section.update(layouts.get(section.pop("layout_ref", None), {}))
                if isinstance(section.get("cell_body"), dict):
                    section["cell_body"].update(layouts.get(section["cell_body"].pop("layout_ref", None), {}))
            derive_sections(screen)
            self.screens.append(screen)
        self.ids = {s["id"] for s in self.screens}
        self.names = manifest_names
        self.problems = []
        self.checked_sections = 0
        self.checked_cells = 0
        self.checked_elements = 0
        self.checked_bodies = 0

    def problem(self, where, text):
        self.problems.append(f"{where}: {text}")

    def check_page(self, screen, page, mapped=None):
        """`mapped`: device → zlc map's sections, for a page filled from a feed."""
        sid = screen["id"]
        devices = {d["name"]: d for d in page["devices"]}
        for device in self.index["devices"]:
            where = f"{sid} on {device['name']}"
            d = devices.get(device["name"])
            if d is None:
                self.problem(where, "device not drawn")
                continue
            if d["hidden"]:
                self.problem(where, "device hidden with device=all")
            if not close(d["screen"]["w"], device["width"]):
                self.problem(where, f"screen is {d['screen']['w']} px wide, the device {device['width']}")
            sections = screen["resolved"]["sections"]
            if not sections and screen["type"] not in ("general_content", "favorites"):
                name = self.names.get(screen["type"], screen["type"])
                if not d["plugin"] or d["plugin"]["type"] != screen["type"] or name not in d["plugin"]["text"]:
                    self.problem(where, f"screen plugin '{screen['type']}' not drawn as a placeholder named '{name}'")
            drawn = [s["section"] for s in d["sections"]]
            if drawn != [s["section"] for s in sections]:
                self.problem(where, f"sections drawn {drawn}, the bundle has {[s['section'] for s in sections]}")
                continue
            for section, s in zip(sections, d["sections"]):
                maps = (mapped or {}).get(device["name"])
                self.check_section(f"{where} section {section['section']}", section, s, device, d["screen"],
                                   maps[section["section"]] if maps else None, screen)
                self.check_cell_body(f"{where} section {section['section']} body", section, s, device, d["screen"], maps)
        if len(page["jump"]) != len(self.screens) + 1:
            self.problem(sid, f"the screen menu lists {len(page['jump'])} pages, not every screen and the map")
        for navigation in screen.get("navigations") or []:
            for item in walk_nav(navigation.get("nav_items") or []):
                target = (item.get("data") or {}).get("target")
                if target in self.ids and target not in page["navTargets"]:
                    self.problem(sid, f"navigation item '{item.get('title')}' is not a link to '{target}'")

    def check_section(self, where, section, s, device, screen_box, mapped, screen):
        self.checked_sections += 1
        if ((section.get("drawn") or {}).get(device["name"]) or {}).get("hidden"):
            if s["cells"] or "hidden on size class" not in s["text"]:
                self.problem(where, "the section's size class hides it, and it is drawn")
            return
        layout = section["layout"].get(device["name"])
        if layout is None:
            name = self.names.get(section["component_type"], section["component_type"])
            if s["plugin"] != section["component_type"] or name not in s["text"]:
                self.problem(where, f"plugin '{section['component_type']}' not drawn as a placeholder named '{name}'")
            for style in section["cell_styles"]:
                if style not in s["text"]:
                    self.problem(where, f"cell style {style} not shown")
            return
        if not close(s["box"]["w"], device["width"]):
            self.problem(where, f"section is {s['box']['w']} px wide, the device {device['width']}")
        for style in section["cell_styles"]:
            if style not in s["text"]:
                self.problem(where, f"cell style {style} not shown")
        header = layout.get("header_height")
        if header is not None and (s["header"] is None or not close(s["header"], header)):
            self.problem(where, f"header drawn {s['header']} px high, the bundle says {header}")
        if header is None and s["header"] is not None:
            self.problem(where, "a header is drawn that the bundle does not have")
        titles = None
        if mapped is not None and mapped["status"] in ("empty", "incompatible"):
            expected = 0
            if not s["unbound"]:
                self.problem(where, f"a section the mapper finds {mapped['status']} is not marked")
        elif mapped is not None and mapped["status"] == "bound" and mapped["items"]["after"] is not None:
            expected = mapped["items"]["after"]
            titles = mapped.get("titles")
        else:
            expected = expected_count(section, layout, device["name"])
        cells = s["cells"]
        if len(cells) != expected:
            self.problem(where, f"{len(cells)} items drawn, the client shows {expected}")
            return
        if titles is not None and [c["title"] for c in cells] != titles[:expected]:
            self.problem(where, f"titles {[c['title'] for c in cells]}, the feed binds {titles[:expected]}")
        insets = layout["insets"]
        for n, cell in enumerate(cells):
            self.checked_cells += 1
            size = item_size(n, layout)
            if layout["kind"] == "one_and_n":
                frame = one_and_n_frame(n, layout)
                if not (close(cell["x"] - s["body"]["x"], frame["x"]) and close(cell["y"] - s["body"]["y"], frame["y"])):
                    self.problem(where, f"item {n} at {cell['x'] - s['body']['x']},{cell['y'] - s['body']['y']}, the frame at {frame['x']},{frame['y']}")
            self.check_cell_style(f"{where}, item {n}", n, cell, section, layout, device["name"])
            if not close(cell["w"], size["width"]):
                self.problem(where, f"item {n} is {cell['w']} px wide, the bundle says {size['width']}")
            if size.get("height") is not None and not close(cell["h"], size["height"]):
                self.problem(where, f"item {n} is {cell['h']} px high, the bundle says {size['height']}")
            if section.get("target") in self.ids and mapped is None and cell["opens"] != section["target"]:
                self.problem(where, f"item {n} does not link to '{section['target']}'")
        if cells and layout["kind"] != "one_and_n":
            if not close(cells[0]["x"] - screen_box["x"], insets["left"]):
                self.problem(where, f"first item {cells[0]['x'] - screen_box['x']} px from the left, the inset is {insets['left']}")
            columns = len({round(c["x"], 1) for c in cells})
            if layout["kind"] in ("flow", "waterfall") and not layout.get("cells"):
                if columns != min(layout["columns"], len(cells)):
                    self.problem(where, f"{columns} columns drawn, the bundle says {layout['columns']}")
            if layout["kind"] in ("horizontal", "paged") and len(cells) > 1 and not layout.get("cells"):
                step = cells[1]["x"] - cells[0]["x"]
                if not close(step, layout["item"]["width"] + layout["inter_item_spacing"]):
                    self.problem(where, f"items {step} px apart, the bundle says {layout['item']['width']} + {layout['inter_item_spacing']}")

    def check_cell_style(self, where, n, cell, section, layout, device):
        """Item n is drawn with cell style min(n, count - 1) (the last style repeats to the end of the
        data), named with that style's layout id, and its elements at their content frames in the
        bundle, measured from the item's top-left corner. A section replaced on the device's size
        class is drawn with the replacement's style, which only its layout describes."""
        styles = section["cell_styles"]
        drawn = (section.get("drawn") or {}).get(device)
        if not styles or (drawn is not None and drawn.get("component_type") != section["component_type"]):
            return
        i = min(n, len(styles) - 1)
        if cell["style"] != styles[i]:
            self.problem(where, f"drawn with cell style {cell['style']}, the bundle's style for it is {styles[i]}")
        renderers = section.get("cells") or [{"cell_style": styles[0], "layout_id": section["renderer"]["layout_id"]}]
        layout_id = renderers[min(n, len(renderers) - 1)].get("layout_id")
        if cell["layoutId"] != layout_id:
            self.problem(where, f"drawn with layout id {cell['layoutId']}, the bundle says {layout_id}")
        cells = layout.get("cells") or []
        if layout["kind"] == "one_and_n":
            return  # the slots have sizes of their own; elements are drawn in items of the style's size
        frames = [e["content"] for e in (cells[min(n, len(cells) - 1)].get("elements") or [])] if cells else []
        if len(cell["elements"]) != len(frames):
            self.problem(where, f"{len(cell['elements'])} elements drawn, the bundle has {len(frames)}")
            return
        for k, (drawn, frame) in enumerate(zip(cell["elements"], frames)):
            self.checked_elements += 1
            x, y = drawn["x"] - cell["x"], drawn["y"] - cell["y"]
            if not all(close(a, b) for a, b in ((x, frame["x"]), (y, frame["y"]), (drawn["w"], frame["width"]), (drawn["h"], frame["height"]))):
                self.problem(where, f"element {k} at {x},{y} {drawn['w']} × {drawn['h']}, the bundle says "
                                    f"{frame['x']},{frame['y']} {frame['width']} × {frame['height']}")


def walk_nav(items):
    for item in items:
        yield item
        yield from walk_nav(item.get("nav_items") or [])


def manifest_names(project):
    names = {}
    for path in sorted(glob.glob(os.path.join(project, "**", "*.json"), recursive=True)):
        try:
            with open(path) as f:
                value = json.load(f)
        except (OSError, ValueError):
            continue
        if isinstance(value, dict) and isinstance(value.get("identifier"), str):
            names.setdefault(value["identifier"], value.get("name") or value["identifier"])
    return names


def run(command):
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}):\n{result.stderr}")
    return result.stdout


def mapped_sections(zlc, project, screen, feed, devices):
    """zlc map's sections for each device, with the titles of the bound child's items."""
    with open(feed) as f:
        sender = json.load(f)
    out = {}
    for device in devices:
        result = json.loads(run([zlc, "map", screen["id"], "--project", project, "--sender", feed,
                                 "--device", device["name"], "--format", "json"]))
        sections = {}
        for s in result["sections"]:
            if s["status"] == "bound" and s.get("child") is not None:
                child = sender["entry"][s["child"]]
                if s.get("group_child") is not None:
                    child = child["entry"][s["group_child"]]
                s["titles"] = [e.get("title") for e in child.get("entry") or []]
            sections[s["section"]] = s
        out[device["name"]] = sections
    return out


def check_served_page(zlc, project, work, browser, checker):
    """The home page as `zlc serve` serves it: drawn like the written one, no console error, and
    reloaded by the server when a file of the project is saved."""
    copy = os.path.join(work, "served-project")
    shutil.copytree(project, copy)
    server = subprocess.Popen([zlc, "serve", copy, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url = None
        for line in server.stdout:
            match = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
            if match:
                url = match.group(1)
                break
        if url is None:
            checker.problem("zlc serve", "printed no address")
            return "zlc serve did not start"
        home = next(s for s in checker.screens if s["id"] == "home")
        browser.load(url + "preview/home.html?zoom=1&device=all", 2600, 1200)
        checker.check_page(home, browser.evaluate(MEASURE))
        deadline = time.time() + 20
        while browser.evaluate("document.documentElement.dataset.live || ''") != "open":
            if time.time() > deadline:
                checker.problem("served home.html", "the page never connected to /_zlc/events")
                return "no live connection"
            time.sleep(0.1)
        browser.evaluate("window.zlcBeforeReload = true")
        with open(os.path.join(copy, "screens", "home.json"), "a") as f:
            f.write("\n")
        browser.wait_for("Page.loadEventFired", timeout=20)
        if browser.evaluate("window.zlcBeforeReload === true"):
            checker.problem("served home.html", "the page did not reload after a save")
        for error in browser.console_errors():
            checker.problem("served home.html", error)
        return "the served page reloaded after a save"
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def previewed_bundle(output):
    """The bundle the preview draws: the output's, or for an app of several platforms (its
    platforms.json) the first platform's folder, as zlc preview draws it."""
    listing = os.path.join(output, "platforms.json")
    if not os.path.exists(listing):
        return output
    with open(listing) as f:
        return os.path.join(output, json.load(f)["platforms"][0]["folder"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--zlc", default=".build/debug/zlc")
    parser.add_argument("--project", default="manifests")
    parser.add_argument("--feeds", default=None)
    parser.add_argument("--artefacts", default=".build/preview-artefacts")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    args = parser.parse_args()
    if websocket is None:
        fail_missing("the Python package websocket-client")
    chromium = shutil.which(args.chromium)
    if chromium is None:
        fail_missing("Chromium")

    work = tempfile.mkdtemp(prefix="zlc-preview-check-")
    os.makedirs(args.artefacts, exist_ok=True)
    browser = None
    try:
        run([args.zlc, "build", args.project, "-o", os.path.join(work, "bundle")])
        run([args.zlc, "preview", args.project, "-o", os.path.join(work, "preview")])
        checker = Checker(previewed_bundle(os.path.join(work, "bundle")), manifest_names(args.project))
        browser = Browser(chromium, os.path.join(work, "profile"))
        renderer_files = {}
        browser.load("file://" + os.path.join(work, "preview", "index.html"), 1440, 900)
        index = browser.evaluate(MEASURE)
        renderer_files["index"] = index
        for error in browser.console_errors():
            checker.problem("index.html", error)
        pages = sorted(p for p in os.listdir(os.path.join(work, "preview")) if p.endswith(".html"))
        for screen in checker.screens:
            page = next((p for p in index["mapLinks"] if p[:-5] == screen["id"]), None)
            if page is None:
                checker.problem("index.html", f"the map has no link to screen '{screen['id']}'")
                continue
            browser.load(f"file://{os.path.join(work, 'preview', page)}?zoom=1&device=all", 2600, 1200)
            checker.check_page(screen, browser.evaluate(MEASURE))
            for error in browser.console_errors():
                checker.problem(page, error)
            if screen["id"] in ("home", "show"):
                browser.load(f"file://{os.path.join(work, 'preview', page)}?zoom=fit&device=all", 1440, 900)
                browser.screenshot(os.path.join(args.artefacts, f"{screen['id']}.png"))
        filled = 0
        if args.feeds:
            run([args.zlc, "preview", args.project, "--feeds", args.feeds, "-o", os.path.join(work, "preview-feeds")])
            for screen in checker.screens:
                feed = os.path.join(args.feeds, screen["id"] + ".json")
                if not screen["resolved"]["connected"] or not os.path.exists(feed):
                    continue
                mapped = mapped_sections(args.zlc, args.project, screen, feed, checker.index["devices"])
                page = screen["id"] + ".html"
                browser.load(f"file://{os.path.join(work, 'preview-feeds', page)}?zoom=1&device=all", 2600, 1200)
                checker.check_page(screen, browser.evaluate(MEASURE), mapped)
                for error in browser.console_errors():
                    checker.problem("feeds/" + page, error)
                filled += 1
                if screen["id"] == "show":
                    browser.load(f"file://{os.path.join(work, 'preview-feeds', page)}?zoom=fit&device=all", 1440, 900)
                    browser.screenshot(os.path.join(args.artefacts, "show-with-feed.png"))
        live = check_served_page(args.zlc, args.project, work, browser, checker)
        print(f"preview_check: {len(checker.screens)} screens, {len(pages) - 1} pages, {checker.checked_sections} sections, "
              f"{checker.checked_cells} items and {checker.checked_elements} elements measured on {len(checker.index['devices'])} devices; "
              f"{filled} pages filled from feeds; {checker.checked_bodies} tab bar bodies measured; "
              f"screenshots in {args.artefacts}; {live}")
        for problem in checker.problems:
            print("FAIL " + problem)
        return 1 if checker.problems else 0
    finally:
        if browser:
            browser.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
