import Foundation
import XCTest
import ZappLayout

/// `zlc verify` holds a platform's bundle to that platform: its `required_renderers` and
/// `fallbacks` name no other, its `min_zapp_sdk` is a version, and its needs hold every component
/// type, cell layout and layout kind its sections use and every screen plugin its screens open.
final class VerifyPlatformTests: XCTestCase, BundleEditing {
  /// The multi-platform starter, built: a bundle for ios and one for android_for_quickbrick.
  func builtStarter() throws -> URL {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    XCTAssertEqual(try zlc(["init", project.path, "--template", "multi-platform"]).status, 0)
    let out = dir.appendingPathComponent("out")
    let built = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(built.status, 0, built.err)
    let verified = try zlc(["verify", out.path])
    XCTAssertEqual(verified.status, 0, verified.err)
    return out
  }

  func testABundleNamesItsOwnPlatformAlone() throws {
    let out = try builtStarter()
    let index = out.appendingPathComponent("android_for_quickbrick/bundle.json")
    try edit(index, #""required_renderers":\[\{"platform":"android_for_quickbrick""#, #""required_renderers":[{"platform":"ios""#)
    try edit(index, #""layouts":"#, #""fallbacks":[{"platform":"ios","client_version":"20.0.0","sections":[]}],"layouts":"#)
    let renderers = try position(after: #""required_renderers":[{"platform":"#, in: index)
    let fallbacks = try position(after: #""fallbacks":[{"platform":"#, in: index)
    let list = try position(after: #""required_renderers":"#, in: index)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(index.path):\(list.line):\(list.column): error: required_renderers holds no entry for platform 'android_for_quickbrick', the bundle's own: a client would check none of its renderers, take the bundle and draw nothing where it lacks one\n"
        + "\(index.path):\(renderers.line):\(renderers.column): error: required_renderers names platform 'ios' in the bundle of platform 'android_for_quickbrick', which lists its own platform's needs alone\n"
        + "\(index.path):\(fallbacks.line):\(fallbacks.column): error: fallbacks names a client of platform 'ios' in the bundle of platform 'android_for_quickbrick', which lists its own platform's clients alone\n"
    )
  }

  /// A platform `required_renderers` names twice is an error at the second entry: a client reads
  /// the first of its platform alone (here, one that says it needs a Zapp SDK of 99.0.0).
  func testAPlatformNamedTwiceIsAnError() throws {
    let out = try builtStarter()
    let index = out.appendingPathComponent("ios/bundle.json")
    let text = try String(contentsOf: index, encoding: .utf8)
    let list = try XCTUnwrap(text.range(of: #""required_renderers":["#))
    // The first entry, to its closing brace.
    var depth = 0
    var end = list.upperBound
    for i in text[list.upperBound...].indices {
      if text[i] == "{" { depth += 1 }
      if text[i] == "}" { depth -= 1 }
      if depth == 0 {
        end = text.index(after: i)
        break
      }
    }
    let entry = String(text[list.upperBound..<end])
    let stricter = entry.replacingOccurrences(of: #""min_zapp_sdk":"20.0.0""#, with: #""min_zapp_sdk":"99.0.0""#)
    XCTAssertNotEqual(stricter, entry)
    try (text[..<end] + "," + stricter + text[end...]).write(to: index, atomically: true, encoding: .utf8)
    let at = try position(after: #""required_renderers":["# + entry + #",{"platform":"#, in: index)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(index.path):\(at.line):\(at.column): error: required_renderers names platform 'ios' again (as its entry 1 does): a client reads the first entry of its platform alone\n"
    )
  }

  /// Each platform's bundle carries its `min_zapp_sdk`, and one that is no version is an error
  /// at its value.
  func testAMinZappSDKThatIsNoVersionIsAnError() throws {
    let out = try builtStarter()
    let index = out.appendingPathComponent("ios/bundle.json")
    try edit(index, #""min_zapp_sdk":"[^"]*""#, #""min_zapp_sdk":"latest""#)
    let at = try position(after: #""min_zapp_sdk":"#, in: index)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(index.path):\(at.line):\(at.column): error: required_renderers of platform 'ios': min_zapp_sdk 'latest' is not a version (such as 20.0.0); a client could not tell whether its SDK is recent enough\n"
    )
  }

  /// An `unsupported_since_zapp_sdk` that is no version is an error at its value too.
  func testAnUnsupportedSinceThatIsNoVersionIsAnError() throws {
    let out = try builtStarter()
    let index = out.appendingPathComponent("ios/bundle.json")
    try edit(index, #""min_zapp_sdk":"20.0.0""#, #""min_zapp_sdk":"20.0.0","unsupported_since_zapp_sdk":"soon""#)
    let at = try position(after: #""unsupported_since_zapp_sdk":"#, in: index)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(index.path):\(at.line):\(at.column): error: required_renderers of platform 'ios': unsupported_since_zapp_sdk 'soon' is not a version (such as 20.0.0); a client could not tell whether its SDK is too new\n"
    )
  }

  /// An entry whose `min_zapp_sdk` is at or past its `unsupported_since_zapp_sdk` leaves no client
  /// that takes the bundle: an error at the entry. One just below it is valid.
  func testAnEmptySDKRangeIsAnError() throws {
    let out = try builtStarter()
    let index = out.appendingPathComponent("ios/bundle.json")
    try edit(index, #""min_zapp_sdk":"20.0.0""#, #""min_zapp_sdk":"20.0.0","unsupported_since_zapp_sdk":"20.0.1""#)
    let valid = try zlc(["verify", out.path])
    XCTAssertEqual(valid.status, 0, valid.err)
    try edit(index, #""unsupported_since_zapp_sdk":"20.0.1""#, #""unsupported_since_zapp_sdk":"19.0.0""#)
    let at = try position(after: #""required_renderers":["#, in: index)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(index.path):\(at.line):\(at.column): error: required_renderers of platform 'ios': min_zapp_sdk '20.0.0' is at or past unsupported_since_zapp_sdk '19.0.0'; every client would refuse the bundle\n"
    )
  }

  /// A component type left out of `required_renderers` is named with the first section drawing it.
  func testRequiredRenderersHoldEveryComponentTypeDrawn() throws {
    let out = try builtStarter()
    let bundle = try ScreenBundle.load(from: out, platform: "ios")
    let index = out.appendingPathComponent("ios/bundle.json")
    let tree = try JSON.parse(try Data(contentsOf: index))
    let needs = try XCTUnwrap(tree["required_renderers"]?.arrayValue?.first)
    let types = try XCTUnwrap(needs["component_types"]?.arrayValue)
    let dropped = try XCTUnwrap(types.first?.stringValue)
    let narrowed = needs.replacing("component_types", with: .array(Array(types.dropFirst())))
    try Data(tree.replacing("required_renderers", with: .array([narrowed])).encoded(pretty: false)).write(to: index)
    let (screen, section) = try XCTUnwrap(
      try bundle.screens.lazy.compactMap { screen in
        screen.resolved.sections.first { $0.componentType == dropped }.map { (screen.id, $0.section) }
      }.first)
    let at = try position(after: #""component_types":"#, in: index)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(index.path):\(at.line):\(at.column): error: required_renderers of platform 'ios' leave out component type '\(dropped)', which screen '\(screen)', section \(section) draws: a client without it would take the bundle and draw nothing there\n"
    )
  }

  /// Cell layouts and layout kinds left out of `required_renderers` are each named with the first
  /// section using it (`ResolvedSection.neededRenderers`, which a client's check counts).
  func testRequiredRenderersHoldEveryCellLayoutAndLayoutKindUsed() throws {
    let out = try builtStarter()
    let bundle = try ScreenBundle.load(from: out, platform: "ios")
    let index = out.appendingPathComponent("ios/bundle.json")
    let tree = try JSON.parse(try Data(contentsOf: index))
    let needs = try XCTUnwrap(tree["required_renderers"]?.arrayValue?.first)
    let emptied = needs.replacing("cell_layouts", with: .array([])).replacing("layout_kinds", with: .array([]))
    try Data(tree.replacing("required_renderers", with: .array([emptied])).encoded(pretty: false)).write(to: index)
    var expected: [String] = []
    for (key, noun, listed) in [
      ("cell_layouts", "cell layout", bundle.index.requiredRenderers[0].renderers.cellLayouts),
      ("layout_kinds", "layout kind", bundle.index.requiredRenderers[0].renderers.layoutKinds),
    ] {
      XCTAssertFalse(listed.isEmpty, key)
      let at = try position(after: "\"\(key)\":", in: index)
      for name in listed {
        let (screen, section) = try XCTUnwrap(
          try bundle.screens.lazy.compactMap { screen in
            screen.resolved.sections.first { section in
              let used = section.neededRenderers
              return (key == "cell_layouts" ? used.cellLayouts : used.layoutKinds).contains(name)
            }.map { (screen.id, $0.section) }
          }.first, name)
        expected.append(
          "\(index.path):\(at.line):\(at.column): error: required_renderers of platform 'ios' leave out \(noun) '\(name)', which screen '\(screen)', section \(section) uses: a client without it would take the bundle and draw nothing there"
        )
      }
    }
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(result.err.split(separator: "\n").map(String.init).sorted(), expected.sorted())
  }

  /// A screen plugin left out of `required_renderers` is named with the first plugin screen of
  /// that type, as component types and cell layouts are: a client's `renderingPlan` would open it.
  func testRequiredRenderersHoldEveryScreenPluginOpened() throws {
    let out = try builtDemo()
    let bundle = try ScreenBundle.load(from: out)
    let index = out.appendingPathComponent("bundle.json")
    let tree = try JSON.parse(try Data(contentsOf: index))
    let needs = try XCTUnwrap(tree["required_renderers"]?.arrayValue?.first)
    let plugins = bundle.index.requiredRenderers[0].renderers.screenPlugins
    XCTAssertEqual(plugins, ["riverflix_player", "riverflix_settings"])
    let emptied = needs.replacing("screen_plugins", with: .array([]))
    try Data(tree.replacing("required_renderers", with: .array([emptied])).encoded(pretty: false)).write(to: index)
    let at = try position(after: #""screen_plugins":"#, in: index)
    var expected: [String] = []
    for screen in try bundle.screens where plugins.contains(screen.type) {
      guard !expected.contains(where: { $0.contains("screen plugin '\(screen.type)'") }) else { continue }
      expected.append(
        "\(index.path):\(at.line):\(at.column): error: required_renderers of platform 'ios' leave out screen plugin '\(screen.type)', the type of screen '\(screen.id)': a client without it would take the bundle and open nothing there"
      )
    }
    XCTAssertEqual(expected.count, 2)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(result.err.split(separator: "\n").map(String.init), expected)
  }

  /// A bundle that names its platform lists that platform's needs: without the key, or with no
  /// entry for the platform, a client would check no renderer.
  func testABundleOfOnePlatformListsThatPlatformsNeeds() throws {
    let why = "a client would check none of its renderers, take the bundle and draw nothing where it lacks one"
    for (needs, message) in [
      (nil, "required_renderers: missing; the bundle of platform 'ios' lists that platform's needs there: " + why),
      (JSON.array([]), "required_renderers holds no entry for platform 'ios', the bundle's own: " + why),
    ] {
      let out = try builtDemo()
      let index = out.appendingPathComponent("bundle.json")
      let tree = try JSON.parse(try Data(contentsOf: index))
      XCTAssertEqual(tree["platform"]?.stringValue, "ios")
      let members = try XCTUnwrap(tree.objectValue).compactMap { key, value in
        key != "required_renderers" ? (key, value) : needs.map { (key, $0) }
      }
      try Data(JSON.object(members).encoded(pretty: false)).write(to: index)
      let at = try position(after: needs == nil ? #""platform":"# : #""required_renderers":"#, in: index)
      let result = try zlc(["verify", out.path])
      XCTAssertEqual(result.status, 1, result.err)
      XCTAssertEqual(result.err, "\(index.path):\(at.line):\(at.column): error: \(message)\n")
    }
  }

  /// A folder `platforms.json` names that is not there, or is a file, is a broken output, at the entry.
  func testAPlatformFolderThatIsNotThereIsLocated() throws {
    for (folder, why) in [("nope", "which is not there"), ("ios", "which is a file, not a folder")] {
      let out = try builtStarter()
      let list = out.appendingPathComponent("platforms.json")
      try edit(list, #""folder":"ios""#, "\"folder\":\"\(folder)\"")
      try FileManager.default.removeItem(at: out.appendingPathComponent("ios"))
      if folder == "ios" { try Data("x".utf8).write(to: out.appendingPathComponent("ios")) }
      let at = try position(after: #""platform":"ios","folder":"#, in: list)
      let result = try zlc(["verify", out.path])
      XCTAssertEqual(result.status, 1, result.err)
      XCTAssertEqual(result.err, "\(list.path):\(at.line):\(at.column): error: platform 'ios' has folder '\(folder)', \(why)\n")
    }
  }

  /// Each platform's bundle, and platforms.json, are held to the bundle's schema: the starter's
  /// verify clean (`builtStarter`), and an unknown key in one is refused at the key.
  func testEachPlatformsBundleIsHeldToTheSchema() throws {
    let out = try builtStarter()
    let index = out.appendingPathComponent("ios/bundle.json")
    let version = try XCTUnwrap(try JSON.parse(try Data(contentsOf: index))["zlc_version"]?.stringValue)
    try edit(index, #""devices":"#, #""devics":[],"devices":"#)
    let key = try position(after: #""devics""#, in: index)
    let result = try zlc(["verify", out.path])
    XCTAssertEqual(result.status, 1, result.err)
    XCTAssertEqual(
      result.err,
      "\(index.path):\(key.line):\(key.column - #""devics""#.utf16.count): error: unknown key \"devics\" in bundle.json (not in the bundle format of zlc \(version))\n"
    )
  }
}
