import Foundation
import XCTest

/// Text from the project in the preview as a reviewer sees it in headless Chromium: a screen id
/// holding a right-to-left override does not reorder what the page writes after it, and a very
/// long id does not widen the page past the window.
final class PreviewAuthorTextTests: XCTestCase {
  /// The demo with a screen of id `rtl‮evil` (an override never closed, then a stray U+2069 in
  /// its name) and one of a 300-character id, both opened from the home screen's top bar.
  func preview() throws -> URL {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let ids = ["rtl\u{202E}evil", "long" + String(repeating: "x", count: 300)]
    let screens = ids.enumerated().map { i, id in
      #"{"id": "\#(id)", "name": "Spoof \#(i) \u2069\u202E\#(id)", "type": "general_content", "styles": {"family": "FAMILY_1"}, "#
        + #""ui_components": [{"id": "c\#(i)", "component_type": "promo_banner", "styles": {"cell_styles": ["PROMO_WIDE"]}}]}"#
    }
    try Data(("[" + screens.joined(separator: ",") + "]").utf8).write(to: project.appendingPathComponent("screens/spoof.json"))
    let home = project.appendingPathComponent("screens/home.json")
    let items = ids.enumerated().map { i, id in #"{"id": "spoof-\#(i)", "title": "Spoof", "type": "label", "data": {"target": "\#(id)"}}"# }
    let text = try String(contentsOf: home, encoding: .utf8).replacingOccurrences(
      of: #""nav_items": []"#, with: #""nav_items": ["# + items.joined(separator: ", ") + "]")
    try Data(text.utf8).write(to: home)
    let out = dir.appendingPathComponent("preview")
    let result = try zlc(["preview", project.path, "-o", out.path])
    XCTAssertEqual(result.status, 0, result.err)
    return out
  }

  /// Loads `page` at 1280 × 900 and prints what `expression` gives, as JSON.
  func measure(_ page: URL, _ expression: String) throws -> String {
    let program = """
      import json, os, sys, tempfile, shutil
      sys.path.insert(0, sys.argv[1])
      from preview_check import Browser, websocket
      chromium = shutil.which(os.environ.get("CHROMIUM", "chromium"))
      if websocket is None or chromium is None:
          print("Chromium or websocket-client is missing", file=sys.stderr); sys.exit(2)
      profile = tempfile.mkdtemp(prefix="zlc-bidi-")
      browser = Browser(chromium, os.path.join(profile, "p"))
      try:
          browser.load("file://" + sys.argv[2], 1280, 900)
          print(json.dumps(browser.evaluate(sys.argv[3])))
      finally:
          browser.close()
          shutil.rmtree(profile, ignore_errors=True)
      """
    let result = try run(["python3", "-c", program, repositoryRoot.appendingPathComponent("scripts").path, page.path, expression])
    if result.status == 2 {
      if ProcessInfo.processInfo.environment["CI"] == "true" {
        XCTFail("the test needs Chromium and websocket-client on CI: \(result.err)")
      }
      throw XCTSkip(result.err)
    }
    XCTAssertEqual(result.status, 0, result.err)
    return result.out.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// On the index, the card of `rtl‮evil` reads its id, then ` · 1 section · FAMILY_1` after it
  /// (the override reversed those words before the id's end), and its name is followed by its
  /// badge; no page is wider than the window, the screen menu included.
  func testAnOverrideInAnIdStaysInsideTheIdAndALongIdWraps() throws {
    let out = try preview()
    let index = out.appendingPathComponent("index.html")
    let order = try measure(
      index,
      #"""
      (() => {
        const card = [...document.querySelectorAll('.card')].find(c => c.querySelector('small').textContent.includes('evil'));
        const text = card.querySelector('small').firstChild;
        const at = (word) => { const r = document.createRange(); const i = text.data.indexOf(word);
          r.setStart(text, i); r.setEnd(text, i + word.length); return r.getBoundingClientRect(); };
        const badge = card.querySelector('.badge').getBoundingClientRect();
        const name = card.querySelector('b').getBoundingClientRect();
        return [at('FAMILY_1').left >= at('evil').right, at('section').left >= at('evil').right, badge.left >= name.right - 1];
      })()
      """#)
    XCTAssertEqual(order, "[true, true, true]")
    let pages = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix("long") || $0 == "index.html" }
    XCTAssertEqual(pages.count, 2, "\(pages)")
    for page in pages {
      let width = try measure(
        out.appendingPathComponent(page), "document.documentElement.scrollWidth <= document.documentElement.clientWidth")
      XCTAssertEqual(width, "true", page)
    }
  }

  /// Markup, script and URLs written where the project's and the feed's text goes (a screen's id
  /// and name, a navigation item's title, a data source, a feed entry's title and image) stay
  /// text in Chromium: nothing they hold runs or becomes an element, and `screens.js`, which
  /// holds a name with U+2028 and U+2029, still fills the screen menu.
  func testMarkupAndScriptInTheProjectsTextStayText() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    let pwn = { (what: String) in "document.documentElement.dataset.pwned='\(what)'" }
    let screen: [String: Any] = [
      "id": "h1\"><img src=x onerror=\"\(pwn("id"))\">", "name": "</script><script>\(pwn("name"))</script>\u{2028}\u{2029}`${1}`",
      "type": "general_content", "styles": ["family": "FAMILY_1"],
      "navigations": [
        [
          "id": "nav", "category": "menu", "navigation_type": "top",
          "nav_items": [["id": "i", "title": "'><img src=x onerror=\(pwn("nav"))>", "type": "label", "data": ["target": "home"]]],
        ]
      ],
      "ui_components": [
        [
          "id": "c", "component_type": "horizontal_list", "styles": ["cell_styles": ["HORIZONTAL_LIST_1"]],
          "data": ["source": "<b class=\"pwn\">{{1}}</b>", "type": "APPLICASTER_COLLECTION", "target": "show"],
        ]
      ],
    ]
    try JSONSerialization.data(withJSONObject: [screen]).write(to: project.appendingPathComponent("screens/hostile.json"))
    let feedURL = project.appendingPathComponent("feeds/show.json")
    var feed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: feedURL)) as? [String: Any])
    var children = try XCTUnwrap(feed["entry"] as? [[String: Any]])
    var extras = try XCTUnwrap(children[2]["entry"] as? [[String: Any]])
    let images = ["javascript:\(pwn("image"))", "x\" onerror=\"\(pwn("attribute"))"]
    for k in extras.indices {
      extras[k]["title"] = "<img src=x onerror=\"\(pwn("title"))\">"
      extras[k]["media_group"] = [["type": "image", "media_item": [["key": "image_base", "src": images[k % 2]]]]]
    }
    children[2]["entry"] = extras
    feed["entry"] = children
    try JSONSerialization.data(withJSONObject: feed).write(to: feedURL)
    let out = dir.appendingPathComponent("preview")
    let result = try zlc(["preview", project.path, "-o", out.path, "--feeds", project.appendingPathComponent("feeds").path])
    XCTAssertEqual(result.status, 0, result.err)
    let hostile = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: out.path).first { $0.hasPrefix("h1_") })
    let screens = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".html") }.count - 1
    let probe = """
      (() => [document.documentElement.dataset.pwned || null, document.scripts.length,
        [...document.querySelectorAll('*')].filter(e => [...e.attributes].some(a => /^on/i.test(a.name))
          && !(e.tagName === 'IMG' && e.getAttribute('onerror') === 'this.remove()')).length,
        document.querySelectorAll('.pwn, img[src="x"]').length, document.querySelector('select.jump').options.length])()
      """
    for page in ["index.html", hostile, "show.html"] {
      XCTAssertEqual(try measure(out.appendingPathComponent(page), probe), "[null, 2, 0, 0, \(screens + 1)]", page)
    }
  }

  /// A zoom the bar does not offer, in the address, is not taken: `?zoom=1e6` would draw a page
  /// some 33 million pixels wide and keep that zoom for every page after it.
  func testAZoomTheBarDoesNotOfferIsNotTaken() throws {
    let out = dir(previewOfDemo: temporary())
    let probe = """
      [document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        JSON.parse(localStorage.getItem('zlc-preview')).zoom, document.querySelector('button.on[data-zoom]').dataset.zoom]
      """
    for zoom in ["1e6", "0"] {
      let page = URL(fileURLWithPath: out.appendingPathComponent("home.html").path + "?zoom=\(zoom)&device=phone")
      XCTAssertEqual(try measure(page, probe), #"[true, "fit", "fit"]"#, zoom)
    }
    let offered = URL(fileURLWithPath: out.appendingPathComponent("home.html").path + "?zoom=0.5&device=phone")
    XCTAssertEqual(try measure(offered, probe), #"[true, "0.5", "0.5"]"#)
  }

  /// The demo's preview, written into `folder` (removed when the test ends).
  func dir(previewOfDemo folder: URL) -> URL {
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("preview")
    XCTAssertEqual(try zlc(["preview", repositoryRoot.appendingPathComponent("manifests").path, "-o", out.path]).status, 0)
    return out
  }
}
