import Foundation
import XCTest
import ZappLayout

/// `zlc verify` refuses a bundle whose files disagree on the screens' shape, each with the file's
/// SHA-256 kept right: a leaf component without its section, a screen's `connected` at odds with
/// its sections' bindings, a section bound to no data whose type takes data, no home screen or a second one,
/// `rivers.json` holding a screen otherwise than its file, an entry's name not its screen's, a
/// file of `screens/` that `bundle.json` does not list, and a platform bundle `platforms.json`
/// does not name.
final class VerifyShapeTests: XCTestCase, BundleEditing {
  func screen(_ file: URL) throws -> JSON { try JSON.parse(try Data(contentsOf: file)) }

  /// A screen file's tree with `resolved.key` made `value`.
  func replacingResolved(_ screen: JSON, _ key: String, _ value: JSON) throws -> JSON {
    screen.replacing("resolved", with: try XCTUnwrap(screen["resolved"]).replacing(key, with: value))
  }

  /// Runs `zlc verify` on `out` and checks it refuses it with the one error `message` at `at`.
  func assertRefused(_ out: URL, _ file: URL, _ at: (line: Int, column: Int), _ message: String) throws {
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(result.err, "\(file.path):\(at.line):\(at.column): error: \(message)\n")
  }

  func testALeafComponentWithoutItsSectionIsRefused() throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    let sections = try XCTUnwrap(try screen(home)["resolved"]?["sections"]?.arrayValue)
    XCTAssertEqual(sections.count, 7)
    try rewrite(home, try replacingResolved(try screen(home), "sections", .array(Array(sections.dropLast()))), in: out)
    try assertRefused(
      out, home, try position(after: "\"sections\": ", in: home),
      "resolved.sections: screen 'home': ui_components[5] ('grid') has no section; resolved.sections holds one section per leaf component, in screen order, so a client would not draw it"
    )

    try rewrite(home, try replacingResolved(try screen(home), "sections", .array([])), in: out)
    try assertRefused(
      out, home, try position(after: "\"sections\": ", in: home),
      "resolved.sections: screen 'home': ui_components[0] ('hero') has no section; resolved.sections holds one section per leaf component, in screen order, so a client would not draw it"
    )
  }

  /// A built-in component other than a group always has a section, whether or not another
  /// section of the bundle draws its type: in the starter, whose screens draw each type once, a
  /// lost section is found all the same, and so is a section read as the previous component's.
  func testAComponentOfABuiltInTypeWithoutItsSectionIsRefused() throws {
    let out = try builtStarter()
    let show = out.appendingPathComponent("screens/show.json")
    try rewrite(show, try replacingResolved(try screen(show), "sections", .array([])), in: out)
    try mirrorInRivers(show, in: out)
    try assertRefused(
      out, show, try position(after: "\"sections\": ", in: show),
      "resolved.sections: screen 'show': ui_components[0] ('list') has no section; resolved.sections holds one section per leaf component, in screen order, so a client would not draw it"
    )

    let home = try builtStarter()
    let file = home.appendingPathComponent("screens/home.json")
    var sections = try XCTUnwrap(try screen(file)["resolved"]?["sections"]?.arrayValue)
    XCTAssertEqual(sections.count, 3)
    // The grid's section, its component left out, is then read as the promo banner's.
    sections.remove(at: 1)
    try rewrite(file, try replacingResolved(try screen(file), "sections", .array(sections)), in: home)
    try mirrorInRivers(file, in: home)
    try assertRefused(
      home, file, try position(after: "\"sections\": ", in: file),
      "resolved.sections: screen 'home': ui_components[2] ('grid') has no section; resolved.sections holds one section per leaf component, in screen order, so a client would not draw it"
    )
  }

  /// A section whose `component_type` is not its component's would draw the component as another.
  func testASectionOfAnotherTypeThanItsComponentIsRefused() throws {
    let out = try builtStarter()
    let show = out.appendingPathComponent("screens/show.json")
    try rewrite(show, try editingSection(try screen(show), 0) { $0.append(("component_type", .string("hero"))) }, in: out)
    try mirrorInRivers(show, in: out)
    try assertRefused(
      out, show, try position(after: "\"component_type\": ", in: show, after: "\"component_type\": \"hero\""),
      "resolved.sections[0].component_type: screen 'show', section 0 ('hero'): its component, ui_components[0], is a 'list'; a section's component_type is its component's, or a client would draw the component as another"
    )
  }

  func testAConnectedFlagAtOddsWithTheBindingsIsRefused() throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    try rewrite(home, try replacingResolved(try screen(home), "connected", .bool(true)), in: out)
    try assertRefused(
      out, home, try position(after: "\"connected\": ", in: home),
      "resolved.connected: screen 'home' is connected, but section 0 ('hero') binds its own data source ('own'); a connected screen's sections bind a child of the sender ('sender_child')"
    )

    let root = try builtDemo()
    let show = root.appendingPathComponent("screens/show.json")
    try rewrite(show, try replacingResolved(try screen(show), "connected", .bool(false)), in: root)
    try assertRefused(
      root, show, try position(after: "\"connected\": ", in: show, after: "\"connected\": false"),
      "resolved.connected: screen 'show' is not connected, but section 0 ('hero') binds a child of the sender ('sender_child'), which only a connected screen has; a root screen's sections bind their own data source ('own')"
    )
  }

  func testABindingNoneForATypeThatTakesDataIsRefused() throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    let unbound = try editingSection(try screen(home), 0) { section in
      section = section.map { $0.0 == "data" ? ($0.0, .object([("binding", .string("none"))])) : $0 }
    }
    try rewrite(home, unbound, in: out)
    let lines = try String(contentsOf: home, encoding: .utf8).components(separatedBy: "\n")
    let binding = try XCTUnwrap(lines.firstIndex { $0.contains("\"binding\": \"none\"") })
    XCTAssertTrue(lines[binding - 1].hasSuffix("\"data\": {"))
    try assertRefused(
      out, home, (binding, lines[binding - 1].count),
      "resolved.sections[0].data: screen 'home', section 0 ('hero'): binding 'none', but a 'hero' takes data (screen 'shows', section 0 binds it 'own'); on a root screen it binds its own data source ('own')"
    )
  }

  func testASecondHomeScreenIsRefused() throws {
    let out = try builtDemo()
    let kids = out.appendingPathComponent("screens/kids.json")
    try rewrite(kids, try screen(kids).replacing("home", with: .bool(true)), in: out)
    try mirrorInRivers(kids, in: out)
    // kids comes before home in bundle.json: home is the second screen marked home.
    let home = out.appendingPathComponent("screens/home.json")
    try assertRefused(
      out, home, try position(after: "\"home\": ", in: home),
      "home: screen 'home' is marked home, as is screen 'kids' (screens/kids.json); a bundle has one home screen")
  }

  func testABundleWithoutAHomeScreenIsRefused() throws {
    let out = try builtDemo()
    let home = out.appendingPathComponent("screens/home.json")
    try rewrite(home, try screen(home).replacing("home", with: .bool(false)), in: out)
    try mirrorInRivers(home, in: out)
    let index = out.appendingPathComponent("bundle.json")
    try assertRefused(
      out, index, try position(after: "\"screens\": ", in: index),
      "no screen is marked home; a bundle has one home screen, the one a client opens first")
  }

  func testRiversJSONHoldingAScreenOtherwiseThanItsFileIsRefused() throws {
    let out = try builtDemo()
    let rivers = out.appendingPathComponent("rivers.json")
    var screens = try XCTUnwrap(try screen(rivers).arrayValue)
    XCTAssertEqual(screens[4]["id"]?.stringValue, "home")
    let sections = try XCTUnwrap(screens[4]["resolved"]?["sections"]?.arrayValue)
    screens[4] = try replacingResolved(screens[4], "sections", .array([sections[0]]))
    try Data(JSON.array(screens).encoded(pretty: true)).write(to: rivers)
    let lines = try String(contentsOf: rivers, encoding: .utf8).components(separatedBy: "\n")
    let id = try XCTUnwrap(lines.firstIndex { $0 == "    \"id\": \"home\"," })
    let line = try XCTUnwrap(lines.indices.first { $0 > id && lines[$0].hasSuffix("\"sections\": [") })
    try assertRefused(
      out, rivers, (line + 1, lines[line].count),
      "[4].resolved.sections: screen 'home' is not the one its file (screens/home.json) holds, first at resolved.sections; rivers.json holds every screen as its screen file holds it"
    )
  }

  func testAScreenNameInTheIndexOtherThanItsFilesIsRefused() throws {
    let out = try builtDemo()
    let index = out.appendingPathComponent("bundle.json")
    try edit(index, "\"name\": \"Home\"", "\"name\": \"Start\"")
    try assertRefused(
      out, index, try position(after: "\"name\": ", in: index, after: "\"name\": \"Start\""),
      "screen 'home' has name 'Start', but its file (screens/home.json) names it 'Home'")
  }

  func testAFileOfScreensThatTheIndexDoesNotListIsRefused() throws {
    let out = try builtDemo([])
    let stray = out.appendingPathComponent("screens/old.json")
    try Data("{}".utf8).write(to: stray)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(result.err, "\(stray.path): error: 'bundle.json' does not list it\n")
  }

  func testAPlatformBundleThatPlatformsJSONDoesNotNameIsRefused() throws {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    XCTAssertEqual(try zlc(["init", project.path, "--template", "multi-platform"]).status, 0)
    let out = dir.appendingPathComponent("out")
    XCTAssertEqual(try zlc(["build", project.path, "-o", out.path]).status, 0)
    let list = out.appendingPathComponent("platforms.json")
    try edit(list, #",\{"platform":"android_for_quickbrick","folder":"android_for_quickbrick"\}"#, "")
    try assertRefused(
      out, list, try position(after: #""platforms":"#, in: list),
      "names no platform for folder 'android_for_quickbrick', which holds a bundle (android_for_quickbrick/bundle.json); a client of its platform would find no bundle"
    )
  }
}

extension VerifyShapeTests {
  /// The starter project's bundle (`zlc init`), built into a fresh folder in the compact form.
  func builtStarter() throws -> URL {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    XCTAssertEqual(try zlc(["init", "app"], cwd: dir).status, 0)
    let out = dir.appendingPathComponent("out")
    let build = try zlc(["build", "app", "-o", out.path], cwd: dir)
    XCTAssertEqual(build.status, 0, build.err)
    return out
  }

  /// The line and column of the first `prefix` on the line that holds `marker`.
  func position(after prefix: String, in file: URL, after marker: String) throws -> (line: Int, column: Int) {
    let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    let line = try XCTUnwrap(lines.firstIndex { $0.contains(marker) }, "no \(marker) in \(file.path)")
    let column = try XCTUnwrap(lines[line].range(of: prefix)).upperBound.utf16Offset(in: lines[line]) + 1
    return (line + 1, column)
  }
}
