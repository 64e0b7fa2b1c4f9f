import Foundation
import XCTest

/// The preview's top bar as a keyboard and screen-reader user meets it in headless Chromium: the
/// device and zoom buttons say which is chosen, and arrowing through the screen menu does not
/// leave the page; Enter goes to the screen chosen.
final class PreviewKeyboardTests: XCTestCase {
  /// Runs `steps` (Python, with `browser`, `key(name, code)` and `say(value)`) on the demo's home
  /// page in headless Chromium and gives what `say` was told, in order.
  func drive(_ steps: String) throws -> [String] {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("preview")
    let result = try zlc(["preview", "manifests", "-o", out.path])
    XCTAssertEqual(result.status, 0, result.err)
    let home = out.appendingPathComponent("home.html").path
    let printed = try inChromium(
      """
      def key(name, code):
          for kind in ("rawKeyDown", "keyUp"):
              browser.call("Input.dispatchKeyEvent", type=kind, key=name, code=name, windowsVirtualKeyCode=code)
      def say(value):
          print(json.dumps(value))
      browser.load("file://" + sys.argv[2], 1280, 900)
      \(steps)
      """, arguments: [home])
    return printed.split(separator: "\n").map(String.init)
  }

  func testTheChosenDeviceAndZoomArePressed() throws {
    let pressed = "[...document.querySelectorAll('.seg button')].map(b => b.textContent + '=' + b.getAttribute('aria-pressed')).join(' ')"
    let said = try drive(
      """
      say(browser.evaluate("\(pressed)"))
      browser.evaluate("document.querySelector('button[data-device=phone]').click(); document.querySelector('button[data-zoom=\\"0.5\\"]').click()")
      say(browser.evaluate("\(pressed)"))
      """)
    XCTAssertEqual(
      said,
      [
        #""All=true phone=false tablet-portrait=false tablet-landscape=false Fit=true 50%=false 75%=false 100%=false""#,
        #""All=false phone=true tablet-portrait=false tablet-landscape=false Fit=false 50%=true 75%=false 100%=false""#,
      ])
  }

  /// Arrow keys on the closed menu change its choice and stay; Enter goes there; a choice made
  /// with the pointer goes at once, and so does one confirmed in a list the keyboard opened.
  func testArrowingThroughTheScreenMenuStaysOnThePage() throws {
    let said = try drive(
      """
      browser.evaluate("document.querySelector('select.jump').focus()")
      key("ArrowDown", 40)
      key("ArrowDown", 40)
      time.sleep(1)
      say(browser.evaluate("[location.pathname.split('/').pop(), document.querySelector('select.jump').value]"))
      key("Enter", 13)
      time.sleep(1.5)
      say(browser.evaluate("location.pathname.split('/').pop()"))
      browser.evaluate("var j = document.querySelector('select.jump'); j.value = 'index.html'; j.dispatchEvent(new Event('change'))")
      time.sleep(1.5)
      say(browser.evaluate("location.pathname.split('/').pop()"))
      browser.evaluate("document.querySelector('select.jump').dispatchEvent(new KeyboardEvent('keydown', {key: ' '}))")
      time.sleep(0.5)
      browser.evaluate("var j = document.querySelector('select.jump'); j.value = 'home.html'; j.dispatchEvent(new Event('change'))")
      time.sleep(1.5)
      say(browser.evaluate("location.pathname.split('/').pop()"))
      """)
    XCTAssertEqual(said, [#"["home.html", "player.html"]"#, #""player.html""#, #""index.html""#, #""home.html""#])
  }

  /// The app map's screens are links a screen reader reaches: the map is a group, not an image.
  func testTheAppMapsLinksAreReachable() throws {
    let said = try drive(
      """
      browser.load("file://" + sys.argv[2].replace("home.html", "index.html"), 1280, 900)
      tree = browser.call("Accessibility.getFullAXTree")["nodes"]
      links = [n for n in tree if n.get("role", {}).get("value") == "link" and not n.get("ignored")
               and "home" in json.dumps(n.get("name", {}))]
      say(len(links) > 1)
      say(browser.evaluate("document.querySelector('svg.map').getAttribute('role')"))
      """)
    XCTAssertEqual(said, ["true", #""group""#])
  }
}
