import Foundation
import XCTest

/// Served preview pages in headless Chromium, many tabs at once: they share one event stream (a
/// stream per tab would take the browser's six connections per host, and the seventh tab would
/// never load), every tab reloads after a save, and every tab reloads when another server answers.
final class ServeTabsTests: XCTestCase {
  /// Starts `zlc serve` (on `--port 0`, then on the port it took), opens eight tabs of its preview
  /// and prints, as JSON, what each tab shows (its build, its server's id, whether it listens)
  /// after each step: loaded, after the server restarted with the page changed, after a save.
  static let program = #"""
    import json, os, re, shutil, subprocess, sys, tempfile, threading, time, urllib.request
    sys.path.insert(0, sys.argv[1])
    from preview_check import Browser, websocket
    zlc, project = sys.argv[2], sys.argv[3]
    chromium = shutil.which(os.environ.get("CHROMIUM", "chromium"))
    if websocket is None or chromium is None:
        print("Chromium or websocket-client is missing", file=sys.stderr); sys.exit(2)

    def serve(port):
        server = subprocess.Popen([zlc, "serve", project, "--port", str(port)], stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True)
        for line in server.stdout:
            match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            if match:
                threading.Thread(target=server.stdout.read, daemon=True).start()
                return server, int(match.group(1))
        raise RuntimeError("zlc serve printed no address")

    def stop(server):
        server.terminate()
        server.wait(timeout=20)

    class Tab:
        def __init__(self, devtools, url):
            request = urllib.request.Request(f"http://127.0.0.1:{devtools}/json/new?{url}", method="PUT")
            target = json.load(urllib.request.urlopen(request, timeout=30))
            self.ws = websocket.create_connection(target["webSocketDebuggerUrl"], timeout=5, suppress_origin=True)
            self.next_id = 0

        def shows(self):
            self.next_id += 1
            expression = "(d => [d.generation || '', d.server || '', d.live || ''])(document.documentElement.dataset)"
            self.ws.send(json.dumps({"id": self.next_id, "method": "Runtime.evaluate",
                                     "params": {"expression": expression, "returnByValue": True}}))
            try:
                while True:
                    message = json.loads(self.ws.recv())
                    if message.get("id") == self.next_id:
                        return message.get("result", {}).get("result", {}).get("value") or ["", "", ""]
            except websocket.WebSocketTimeoutException:
                return ["", "", ""]  # a page still loading does not answer

    def settle(tabs, done):
        deadline = time.time() + 40
        while True:
            shown = [tab.shows() for tab in tabs]
            if all(done(s) for s in shown) or time.time() > deadline:
                return shown
            time.sleep(0.2)

    work = tempfile.mkdtemp(prefix="zlc-tabs-")
    browser = Browser(chromium, os.path.join(work, "profile"))
    server, port = serve(0)
    steps = {}
    try:
        url = f"http://127.0.0.1:{port}/preview/"
        tabs = [Tab(browser.port, url) for _ in range(8)]
        steps["loaded"] = settle(tabs, lambda s: s[0] == "1" and s[2] == "open")
        first = steps["loaded"][0][1]
        stop(server)
        home = os.path.join(project, "screens", "home.json")
        with open(home) as f:
            text = f.read()
        with open(home, "w") as f:
            f.write(text.replace('"Home"', '"Home again"', 1))
        server, _ = serve(port)
        steps["restarted"] = settle(tabs, lambda s: s[0] == "1" and s[1] not in ("", first) and s[2] == "open")
        with open(home, "a") as f:
            f.write("\n")
        steps["saved"] = settle(tabs, lambda s: s[0] not in ("", "1") and s[2] == "open")
        print(json.dumps(steps))
    finally:
        stop(server)
        browser.close()
        shutil.rmtree(work, ignore_errors=True)
    """#

  /// Eight tabs of one server load (the seventh did not: six event streams held the browser's six
  /// connections to the host), each reloads when a server started again answers on the same port
  /// (it numbers its builds from 1 again: the pages, which showed build 1, did not reload, though
  /// the project had changed), and each reloads after a save.
  func testEightTabsLoadAndReloadAfterASaveAndARestart() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let result = try run([
      "python3", "-c", Self.program, repositoryRoot.appendingPathComponent("scripts").path,
      repositoryRoot.appendingPathComponent(".build/debug/zlc").path, project.path,
    ])
    if result.status == 2 {
      if ProcessInfo.processInfo.environment["CI"] == "true" {
        XCTFail("the test needs Chromium and websocket-client on CI: \(result.err)")
      }
      throw XCTSkip(result.err)
    }
    XCTAssertEqual(result.status, 0, result.err)
    let steps = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: [[String]]], result.out)
    let loaded = try XCTUnwrap(steps["loaded"])
    XCTAssertEqual(loaded.count, 8)
    let first = try XCTUnwrap(loaded.first?[1])
    XCTAssertFalse(first.isEmpty, "a served page says its server")
    XCTAssertEqual(loaded, Array(repeating: ["1", first, "open"], count: 8))
    let restarted = try XCTUnwrap(steps["restarted"])
    let second = try XCTUnwrap(restarted.first?[1])
    XCTAssertNotEqual(second, first)
    XCTAssertEqual(restarted, Array(repeating: ["1", second, "open"], count: 8))
    let saved = try XCTUnwrap(steps["saved"])
    XCTAssertEqual(saved.map { $0[0] != "1" && !$0[0].isEmpty }, Array(repeating: true, count: 8), "\(saved)")
  }
}
