import Foundation
import XCTest

@testable import ZappLayout

/// A platform's `min_zapp_sdk` and `unsupported_since_zapp_sdk` in `required_renderers`: written
/// when given, read back, and what a client compares its own SDK with.
final class ClientSDKTests: XCTestCase {
  /// An index whose iOS entry gives its oldest client and whose Android entry gives none.
  func index() -> BundleIndex {
    var index = BundleIndex.blank
    index.formatVersion = 2
    index.requiredRenderers = [
      PlatformRenderers(platform: "ios", renderers: RendererSet(componentTypes: ["grid"]), minZappSDK: "20.9"),
      PlatformRenderers(platform: "android", renderers: RendererSet(componentTypes: ["grid"])),
    ]
    return index
  }

  func testMinZappSDKIsWrittenBesideItsPlatformAndReadBack() throws {
    for form in [BundleForm.compact, .expanded] {
      let bytes = index().encoded(pretty: false, form: form)
      let text = String(decoding: bytes, as: UTF8.self)
      XCTAssertTrue(text.contains(#"{"platform":"ios","min_zapp_sdk":"20.9","component_types":["grid"]"#), text)
      XCTAssertTrue(text.contains(#"{"platform":"android","component_types":["grid"]"#), "left out when none: \(text)")
      let read = try BundleIndex(json: try JSON.parse(bytes))
      XCTAssertEqual(read.requiredRenderers.map(\.minZappSDK), ["20.9", nil])
    }
  }

  func testTheSchemaDescribesMinZappSDKAsAnOptionalString() throws {
    let definition = try XCTUnwrap(BundleSchema.json["definitions"]?["platform_renderers"])
    XCTAssertEqual(definition["properties"]?["min_zapp_sdk"]?["type"], .string("string"))
    let required = definition["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
    XCTAssertFalse(required.contains("min_zapp_sdk"), "\(required)")
  }

  func testAClientOlderThanThePlatformsMinZappSDKIsNotSupported() {
    let index = index()
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "20.8.5"), false)
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "9.9"), false)
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "20.9.0"), true)
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "20.10"), true, "20.10 is past 20.9, number by number")
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "21.0.0-beta1"), true)
    // A platform without a minimum takes any client.
    XCTAssertEqual(index.supportsClient(on: "android", zappSDK: "1.0"), true)
  }

  /// A platform the bundle lists no entry for can verify nothing: nil, as `missingRenderers` and
  /// the generated code's `supportsClient` answer, not a client supported.
  func testAPlatformWithoutAnEntryIsNeitherSupportedNorRefused() {
    let index = index()
    XCTAssertNil(index.supportsClient(on: "tvos", zappSDK: "1.0"))
    XCTAssertNil(index.missingRenderers(for: "tvos", available: RendererSet()))
    XCTAssertNil(BundleIndex.blank.supportsClient(on: "ios", zappSDK: "99.0"), "no entries at all")
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "99.0"), true, "a platform with an entry still answers")
  }

  /// An entry whose plugins gave a minimum and an end: both written beside the platform, read
  /// back to the same bytes, and a client outside the range is not supported.
  func testUnsupportedSinceIsWrittenReadBackAndEndsTheClientsSupported() throws {
    var index = BundleIndex.blank
    index.formatVersion = 2
    index.requiredRenderers = [
      PlatformRenderers(
        platform: "ios", renderers: RendererSet(componentTypes: ["grid"]), minZappSDK: "12.0.0", unsupportedSinceZappSDK: "22.0.0"),
      PlatformRenderers(platform: "android", renderers: RendererSet(), unsupportedSinceZappSDK: "22.0"),
    ]
    for form in [BundleForm.compact, .expanded] {
      let bytes = index.encoded(pretty: false, form: form)
      let text = String(decoding: bytes, as: UTF8.self)
      XCTAssertTrue(
        text.contains(#"{"platform":"ios","min_zapp_sdk":"12.0.0","unsupported_since_zapp_sdk":"22.0.0","component_types":["grid"]"#),
        text)
      let read = try BundleIndex(json: try JSON.parse(bytes))
      XCTAssertEqual(read.requiredRenderers.map(\.unsupportedSinceZappSDK), ["22.0.0", "22.0"])
      XCTAssertEqual(read.encoded(pretty: false, form: form), bytes, "decode, encode: the same bytes")
    }
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "11.0.0"), false)
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "12.0.0"), true)
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "21.9.9"), true)
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "22.0.0"), false)
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "22.0.0-beta1"), true, "a beta of the end comes before it")
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "23"), false)
    XCTAssertEqual(index.supportsClient(on: "android", zappSDK: "1.0"), true, "no minimum")
    XCTAssertEqual(index.supportsClient(on: "android", zappSDK: "22.0.0"), false)
    let definition = try XCTUnwrap(BundleSchema.json["definitions"]?["platform_renderers"])
    XCTAssertEqual(definition["properties"]?["unsupported_since_zapp_sdk"]?["type"], .string("string"))
    let required = definition["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
    XCTAssertFalse(required.contains("unsupported_since_zapp_sdk"), "\(required)")
  }

  func testSDKVersionsCompareNumberByNumber() {
    XCTAssertEqual(ZappSDKVersion.compare("20.1", "20.10.0"), -1)
    XCTAssertEqual(ZappSDKVersion.compare("20.0", "20.0.0"), 0)
    XCTAssertEqual(ZappSDKVersion.compare("21.0.0-beta1", "20.9"), 1)
    XCTAssertEqual(ZappSDKVersion.compare("20.0.0+build7", "20.0.0"), 0)
    XCTAssertEqual(ZappSDKVersion.compare("3", "20.0.0"), -1)
  }

  /// A part's number is its leading ASCII digits, as the generated Kotlin and TypeScript read
  /// them: another script's digit ends it (`2` then Arabic-Indic three is 2, not 0), and a
  /// number past `Int.max` is 0.
  func testSDKVersionPartsReadASCIIDigits() {
    XCTAssertEqual(ZappSDKVersion.compare("2\u{663}.1", "2.1"), 0)
    XCTAssertEqual(ZappSDKVersion.compare("\u{663}", "0"), 0)
    XCTAssertEqual(ZappSDKVersion.compare("99999999999999999999", "0"), 0)
    XCTAssertEqual(ZappSDKVersion.compare("9223372036854775807", "9223372036854775806"), 1)
  }

  /// SemVer 2.0 precedence: a pre-release is older than its release; identifiers compare dot by
  /// dot, numeric ones by number, a numeric one before any other, others in ASCII order, fewer
  /// first when the rest are equal; a build tag is ignored.
  func testSDKPreReleasesCompareBySemVerPrecedence() {
    let ascending = [
      "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0",
    ]
    for (older, newer) in zip(ascending, ascending.dropFirst()) {
      XCTAssertEqual(ZappSDKVersion.compare(older, newer), -1, "\(older) < \(newer)")
      XCTAssertEqual(ZappSDKVersion.compare(newer, older), 1, "\(newer) > \(older)")
    }
    XCTAssertEqual(ZappSDKVersion.compare("20.0.0-beta", "20.0.0"), -1)
    XCTAssertEqual(ZappSDKVersion.compare("20.0.0-beta.10", "20.0.0-beta.2"), 1)
    XCTAssertEqual(ZappSDKVersion.compare("1.0.0-alpha.1", "1.0.0-alpha"), 1)
    XCTAssertEqual(ZappSDKVersion.compare("20.0.0-Dev", "20.0.0-beta"), -1, "ASCII: upper case first")
    XCTAssertEqual(ZappSDKVersion.compare("0.1.0-alpha1", "0.1.0-alpha10"), -1, "alphanumeric: ASCII order")
    XCTAssertEqual(ZappSDKVersion.compare("20.0.0-beta.02", "20.0.0-beta.2"), 0)
    XCTAssertEqual(ZappSDKVersion.compare("20.0.0-beta.99999999999999999999", "20.0.0-beta.9"), 1)
    XCTAssertEqual(ZappSDKVersion.compare("20.0.0-rc+7", "20.0.0-rc+8"), 0)
    XCTAssertEqual(ZappSDKVersion.compare("20.0-RC", "20.0.0-RC"), 0)
    XCTAssertEqual(ZappSDKVersion.compare("20.0.0-", "20.0.0"), 0, "an empty tag is none")
    XCTAssertEqual(ZappSDKVersion.compare("21.0.0-beta", "20.9.9"), 1, "numbers first")
    var index = BundleIndex.blank
    index.requiredRenderers = [PlatformRenderers(platform: "ios", renderers: RendererSet(), minZappSDK: "20.0.0")]
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "20.0.0-beta"), false)
    XCTAssertEqual(index.supportsClient(on: "ios", zappSDK: "20.0.0+5"), true)
  }
}
