import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappRules

/// Two fields of one key in a section of a plugin manifest (ZL0124): written alike, or written
/// with other Unicode characters that the runtime library reads as the same key.
final class DuplicateFieldKeyTests: XCTestCase {
  /// The basic starter with its promo banner's manifest replaced by `manifest`, checked; the
  /// diagnostics of ZL0124 only.
  func check(manifest: String?) throws -> (dir: String, diagnostics: [Diagnostic]) {
    var files = Dictionary(uniqueKeysWithValues: StarterTemplate.basic.files(app: "dup").map { ($0.path, $0.contents) })
    XCTAssertNotNil(files["components/promo_banner.json"])
    if let manifest { files["components/promo_banner.json"] = manifest }
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir).diagnostics.filter { $0.code == "ZL0124" })
  }

  /// A key listed again in a group of the same section, and `café` written with a combining
  /// accent after `café` written with `é`, are each reported with a note at the first; the same
  /// key in another section (`general`) and the starter's own manifest are not.
  func testAKeyListedTwiceInASectionIsReported() throws {
    let manifest = #"""
      {"author_name": "a", "author_email": "a@b.c", "manifest_version": "1.0.0", "name": "N", "description": "D",
       "identifier": "promo_banner", "type": "ui_component", "min_zapp_sdk": "20.0.0", "ui_builder_support": true,
       "styles": {"fields": [
        {"key": "banner_text", "type": "text_input", "initial_value": "New"},
        {"key": "button_text", "type": "text_input"},
        {"group": true, "fields": [{"key": "banner_text", "type": "switch"}]},
        {"key": "caf\u00e9", "type": "text_input"},
        {"key": "cafe\u0301", "type": "text_input"}
       ]},
       "general": {"fields": [{"key": "banner_text", "type": "text_input"}]}
      }
      """#
    let (dir, found) = try check(manifest: manifest)
    let file = "components/promo_banner.json"
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0124", file: file, line: 6, column: 38,
          message:
            "styles field 'banner_text' of manifest 'promo_banner' is listed twice: the values hold one 'banner_text', which generated client code types as the first field",
          notes: ["first listed here"]),
        DiagnosticSpec(
          code: "ZL0124", file: file, line: 8, column: 11,
          message:
            "styles field 'cafe\u{301}' of manifest 'promo_banner' has the key of an earlier field, 'caf\u{E9}', written with other Unicode characters: the runtime library reads them as one key, and the bundle carries one value for both",
          notes: ["first listed here"]),
      ])
    XCTAssertEqual(found.map(\.severity), [.warning, .warning])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.line }, [4, 7])
    XCTAssertEqual(found.map { $0.notes.first?.spot?.location.column }, [11, 11])
    XCTAssertEqual(try check(manifest: nil).diagnostics.map(\.message), [], "the starter's manifest lists each key once")
  }
}
