import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// Names that may be an app's own, reported only as near misses of a name zlc knows: a hook's
/// plugin identifier (ZL0323) and a `content_types` key (ZL0324).
final class NearMissNameTests: XCTestCase {
  private func check(_ files: [String: String]) throws -> (dir: String, found: [Diagnostic]) {
    let dir = try makeProject(Example.baseProject.merging(files) { $1 })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics)
  }

  static let manifests = [
    "components/g.json": Example.manifest(#", "preload": true"#, identifier: "age_gate", type: "general"),
    "components/p.json": Example.manifest(#", "preload": true"#, identifier: "paywall_v1", type: "general"),
    "components/q.json": Example.manifest(#", "preload": true"#, identifier: "paywall_v2", type: "general"),
  ]

  /// A preload or postload hook whose identifier is a near miss of a manifest's is a warning at
  /// the identifier, with the manifest's identifier as a hint `--fix` does not apply (either may be
  /// meant: `parent-lock` and `parent-lock-qb`) and a note where it is declared. A declared identifier, one near no
  /// manifest's (a hook plugin the app brings) and an empty one are not reported.
  func testAHookIdentifierNearAManifestsIsAWarning() throws {
    let screen = Marked(
      Example.screen(
        Example.grid,
        extra: #"""
          , "hooks": {"preload_plugins": [{"identifier": ⟦⟧"age_gat", "screen_id": "home"}, {"identifier": "age_gate"}, {"identifier": "analytics_hook"}, {"identifier": ""}],
            "postload_plugins": [{"identifier": ⟦⟧"paywall_v3"}, {"identifier": ⟦⟧"Age_Gate"}]}
          """#))
    let (dir, found) = try check(Self.manifests.merging(["screens/o.json": screen.text]) { $1 })
    let expected: [(String, [String], String)] = [
      ("age_gat", ["'age_gate' is declared here"], #""age_gate""#), ("paywall_v3", ["'paywall_v1' is declared here"], #""paywall_v1""#),
      ("Age_Gate", ["'age_gate' is declared here"], #""age_gate""#),
    ]
    let specs = zip(screen.markers, expected).map { marker, wanted in
      DiagnosticSpec(
        code: "ZL0323", file: "screens/o.json", line: marker.line, column: marker.column,
        message: "hook plugin '\(wanted.0)' is not the identifier of any manifest", notes: wanted.1, fixIt: wanted.2)
    }
    assertDiagnostics(found, in: dir, specs)
    XCTAssertEqual(found.map(\.severity), [.warning, .warning, .warning])
    XCTAssertEqual(found.map { $0.fixIt?.range == nil }, [true, true, true], "every did-you-mean is a hint")
  }

  /// A `content_types` key near a feed entry type is a warning at the key with the type as its
  /// fix (whatever its case); where the map already has the type as a key, the fix is a hint. An
  /// entry type, an app's own type near none, and a `screen_types` key are not reported.
  func testAContentTypeNearAFeedEntryTypeIsAWarning() throws {
    let mappings = Marked(
      #"""
      {"screen_types": {"vidoe": "other"},
       "content_types": {⟦⟧"vidoe": "other", "video": {"screen_id": "other"}, ⟦⟧"Article": "other", ⟦⟧"imagegalery": "other",
         "episode": "other", "movie": "other", "imageGallery": "other", ⟦⟧"auido": "other"}}
      """#)
    let (dir, found) = try check(["screen_types.json": mappings.text])
    let expected: [(String, String)] = [("vidoe", "video"), ("Article", "article"), ("imagegalery", "imageGallery"), ("auido", "audio")]
    let specs = zip(mappings.markers, expected).map { marker, wanted in
      DiagnosticSpec(
        code: "ZL0324", file: "screen_types.json", line: marker.line, column: marker.column,
        message: "content type '\(wanted.0)' is not a feed entry type", fixIt: "\"\(wanted.1)\"")
    }
    assertDiagnostics(found, in: dir, specs)
    XCTAssertEqual(found.map(\.severity), [.warning, .warning, .warning, .warning])
    XCTAssertEqual(found.map { $0.fixIt?.range == nil }, [true, false, true, false], "video and imageGallery are keys already")
  }
}
