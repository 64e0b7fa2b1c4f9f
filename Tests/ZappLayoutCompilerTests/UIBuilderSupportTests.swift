import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// A plugin a screen uses whose manifest sets `ui_builder_support` to false is a warning (ZL0618)
/// at the use, with a note at each such `ui_builder_support`; a manifest no screen uses is quiet.
final class UIBuilderSupportTests: XCTestCase {
  private func check(platforms: String, _ manifests: [String: String]) throws -> (String, [Diagnostic], Marked) {
    try checkUsingPluginX(platforms: platforms, manifests)
  }

  func testAUsedPluginOutOfTheBuilderIsWarnedAboutAtItsUse() throws {
    let manifest = Marked(Example.manifest(#", "platform": "ios""#, builderSupport: "⟦⟧false"))
    let (dir, found, marked) = try check(platforms: #""ios": {}"#, ["components/x.json": manifest.text])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0618", file: "screens/o.json", line: marked.markers[0].line, column: marked.markers[0].column,
          message: "plugin 'x' is not available in UI builder apps (its manifest sets ui_builder_support to false)",
          notes: ["ui_builder_support of its manifest"])
      ])
    XCTAssertEqual(found.first?.severity, .warning)
    let note = try XCTUnwrap(found.first?.notes.first?.spot?.location)
    XCTAssertEqual(note.file, dir + "/components/x.json")
    XCTAssertEqual(note.line, manifest.markers[0].line)
    XCTAssertEqual(note.column, manifest.markers[0].column)
  }

  func testAnAppOfSeveralPlatformsNamesThoseWhoseManifestRefuses() throws {
    let manifests = [
      "components/x_ios.json": Example.manifest(#", "platform": "ios""#, builderSupport: #""false""#),
      "components/x_android.json": Example.manifest(#", "platform": "android""#),
    ]
    let (_, found, _) = try check(platforms: #""ios": {}, "android": {}"#, manifests)
    XCTAssertEqual(
      found.map { "\($0.code) \($0.message)" },
      ["ZL0618 plugin 'x' is not available in UI builder apps (the manifest used on 'ios' sets ui_builder_support to false)"])
    XCTAssertEqual(found.first?.notes.map(\.message), ["ui_builder_support of the manifest used on 'ios'"])
    XCTAssertEqual(found.first?.notes.first?.spot?.location.file.hasSuffix("/components/x_ios.json"), true)
  }

  func testSupportedOrUnusedPluginsAreQuiet() throws {
    let manifests = [
      "components/x.json": Example.manifest(#", "platform": "ios""#),
      "components/unused.json": Example.manifest(#", "platform": "ios""#, identifier: "unused", builderSupport: "false"),
    ]
    let (_, found, _) = try check(platforms: #""ios": {}"#, manifests)
    XCTAssertEqual(found.map { "\($0.code) \($0.message)" }, [])
  }
}
