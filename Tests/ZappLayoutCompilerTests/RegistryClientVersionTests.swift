import Foundation
import XCTest
import ZappLayout
import ZappModel

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// A registry's `client_version` range that holds no version is an error at it, and is never
/// read as a client older than the platform's `min_zapp_sdk`.
final class RegistryClientVersionTests: XCTestCase {
  /// The column of the second registry's `client_version` value.
  private static let clientColumn = 1 + #"{"platform": "ios", "client_version": "#.utf16.count

  /// The fleet project with the 19.x client's `client_version` written as `client`, on an iOS
  /// platform of that `min_zapp_sdk`.
  private static func project(client: String, minSDK: String) -> [String: String] {
    var files = FleetTests.project(
      registries: [FleetTests.client20, FleetTests.client19.replacingOccurrences(of: "19.0.0..<20.0.0", with: client)])
    files["zlc.json"] = #"{"platforms": {"ios": {"min_zapp_sdk": "\#(minSDK)"}}}"#
    files["screens/home.json"] = Marked(files["screens/home.json"]!).text
    return files
  }

  func testAnEmptyOrBackwardsRangeIsAnErrorAndNotARetiredClient() throws {
    let cases = [
      ("21.0.0..<20.0.0", "its lower end is not below its upper end"),
      ("19.0.0..<19.0.0", "its lower end is not below its upper end"),
      ("19.5.0...19.0.0", "its lower end is above its upper end"),
      ("19.5.0 ..< 19.0.0", "its lower end is not below its upper end"),
    ]
    for (client, why) in cases {
      let dir = try makeProject(Self.project(client: client, minSDK: "20.0.0"))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let outcome = Driver.check(dir)
      assertDiagnostics(
        outcome.diagnostics.filter { $0.code != "ZL0313" }, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0203", file: "registries/client-1.json", line: 1, column: Self.clientColumn,
            message: "client_version '\(client)' holds no version: \(why)")
        ])
      // Not out of the SDK range: the registry is checked, and the component its client lacks is reported.
      XCTAssertEqual(
        outcome.diagnostics.filter { $0.code == "ZL0313" }.map(\.message),
        ["component 'promo' of screen 'home' needs component type 'promo', which the ios client \(client) (10% of installs) cannot render"],
        client)
      XCTAssertNotEqual(Driver.build(dir, output: dir + "/out").status, .success, client)
    }
  }

  /// Each `client_version` of `cases` with the version it means is ZL0203's error at it, `why`
  /// saying what stands in the way; one without (nil) is no error.
  private func assertTypos(_ cases: [(String, String?)], why: String, file: StaticString = #filePath, line: UInt = #line) throws {
    for (client, meant) in cases {
      let dir = try makeProject(Self.project(client: client, minSDK: "18.0.0"))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0203" }
      guard let meant else {
        XCTAssertEqual(found.map(\.message), [], client, file: file, line: line)
        continue
      }
      assertDiagnostics(
        found, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0203", file: "registries/client-1.json", line: 1, column: Self.clientColumn,
            message: "client_version '\(client)' is not a version: \(why) ('\(meant)')", fixIt: "\"\(meant)\"")
        ])
    }
  }

  /// A letter for a digit or a comma for a dot in a version is a typo, an error with the version
  /// meant (it would leave the registry's clients uncompared); text of a team's own (`19.x`), a
  /// word or a pre-release is not.
  func testALookalikeOfAVersionIsAnError() throws {
    try assertTypos(
      [
        ("19.5.O", "19.5.0"), ("19.0.0..<2O.0.0", "19.0.0..<20.0.0"), ("l9.0.0", nil), ("19,5.0", "19.5.0"),
        ("19.I.0...19.9.9", "19.1.0...19.9.9"), ("19.x", nil), ("beta", nil), ("19.5.0-beta", nil),
      ], why: "a letter or a comma stands where a digit or a dot belongs")
  }

  /// A version written with a leading `v`, as a tag is, is a typo too: an error with the version
  /// meant (`v20.0.0` left the registry's clients uncompared in a green build).
  func testAVersionWithALeadingVIsAnError() throws {
    try assertTypos(
      [
        ("v19.5.0", "19.5.0"), ("V19.0.0..<v20.0.0", "19.0.0..<20.0.0"), ("19.0.0...v19.9.9", "19.0.0...19.9.9"), ("v", nil),
        ("version 19", nil), ("v19.x", nil),
      ], why: "the leading 'v' makes it text whose clients are not compared")
  }

  /// A range of one version, or a version alone, holds a version: older than min_zapp_sdk, it is
  /// a retired client as before.
  func testARangeOfOneVersionIsARetiredClient() throws {
    for client in ["19.0.0...19.0.0", "19.0.0", "19.0.0..<19.0.1"] {
      let dir = try makeProject(Self.project(client: client, minSDK: "20.0.0"))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      XCTAssertEqual(Driver.check(dir).diagnostics.map(\.code), ["ZL0327"], client)
    }
  }

  /// A range marked by two dots alone (`19.0.0..20.0.0`) is neither a version nor a range: an
  /// error with both spellings, and the registry is still checked. It read as version 19.0.0.20, a
  /// client older than min_zapp_sdk, whose registry went unchecked in a green build.
  func testARangeOfTwoDotsIsAnErrorAndNotARetiredClient() throws {
    for client in ["19.0.0..20.0.0", "19.0.0 .. 20.0.0"] {
      let dir = try makeProject(Self.project(client: client, minSDK: "19.5.0"))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let outcome = Driver.check(dir)
      assertDiagnostics(
        outcome.diagnostics.filter { $0.code == "ZL0203" }, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0203", file: "registries/client-1.json", line: 1, column: Self.clientColumn,
            message:
              "client_version '\(client)' is not a version: a range is written '19.0.0..<20.0.0' (up to 20.0.0) or '19.0.0...20.0.0' (through it)"
          )
        ])
      XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0327" }.map(\.message), [], client)
      XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0313" }.count, 1, client)
    }
    // `..<` and `...` are ranges, not this error.
    XCTAssertNil(ClientRegistry.unmarkedRange("19.0.0..<20.0.0"))
    XCTAssertNil(ClientRegistry.unmarkedRange("19.0.0...20.0.0"))
  }

  /// npm's hyphen range (`19.0.0 - 20.0.0`, through its upper end) is an error with the range
  /// meant, and the registry is still checked: with its spaces dropped it read as the pre-release
  /// `19.0.0-20.0.0`, a client older than min_zapp_sdk whose registry went unchecked in a green
  /// build. A pre-release of letters, or whose upper part is not above its lower, is no range.
  func testAHyphenRangeIsAnErrorAndNotARetiredClient() throws {
    for client in ["19.0.0 - 20.0.0", "19.0.0-20.0.0", "19.0.0 -20.0.0", "19.0.0-20.0.0 "] {
      let dir = try makeProject(Self.project(client: client, minSDK: "19.5.0"))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let outcome = Driver.check(dir)
      assertDiagnostics(
        outcome.diagnostics.filter { $0.code == "ZL0203" }, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0203", file: "registries/client-1.json", line: 1, column: Self.clientColumn,
            message:
              "client_version '\(client)' is not a version: it reads as a pre-release, not a range; a range through 20.0.0 is written '19.0.0...20.0.0'",
            fixIt: #""19.0.0...20.0.0""#)
        ])
      XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0327" }.map(\.message), [], client)
      XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0313" }.count, 1, client)
    }
    // Ends that are equal, reversed, or a pre-release are a range too.
    for (client, why) in [
      ("20.0.0 - 20.0.0", "is not a version: it reads as a pre-release, not a range; a range through 20.0.0 is written '20.0.0...20.0.0'"),
      (
        "19.0.0-rc.1 - 20.0.0",
        "is not a version: it reads as a pre-release, not a range; a range through 20.0.0 is written '19.0.0-rc.1...20.0.0'"
      ),
      ("21.0.0 - 19.0.0", "holds no version: its lower end is above its upper end"),
    ] {
      let dir = try makeProject(Self.project(client: client, minSDK: "20.5.0"))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let outcome = Driver.check(dir)
      XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0203" }.map(\.message), ["client_version '\(client)' \(why)"])
      XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0327" }.map(\.message), [], client)
    }
    // A pre-release whose identifiers are numbers (SemVer's `1.0.0-0.3.7`) is no range.
    for client in ["19.0.0-beta.2", "19.0.0-1", "19.0.0-rc.1", "19.1.0-1.2", "19.0.0-0.3.7", "19.0.0-18.0.0"] {
      XCTAssertNil(ClientRegistry.hyphenRange(client), client)
      let dir = try makeProject(Self.project(client: client, minSDK: "19.5.0"))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      XCTAssertEqual(Driver.check(dir).diagnostics.map(\.code), ["ZL0327"], "a pre-release, older than min_zapp_sdk: \(client)")
    }
  }

  /// A renderer list written `null` or `""` is one left out: empty, so the client lacks every
  /// renderer of its kind. It said nothing before, and the registry passed every screen.
  func testAListWrittenNullOrEmptyIsEmpty() throws {
    for written in ["null", #""""#] {
      let registry = FleetTests.client19.replacingOccurrences(of: #""component_types": ["grid"]"#, with: #""component_types": \#(written)"#)
      XCTAssertNotEqual(registry, FleetTests.client19)
      var files = FleetTests.project(registries: [FleetTests.client20, registry])
      files["screens/home.json"] = Marked(files["screens/home.json"]!).text
      let dir = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      XCTAssertEqual(
        Driver.check(dir).diagnostics.filter { $0.code == "ZL0313" }.map(\.message).sorted(),
        [
          "component 'grid' of screen 'home' needs component type 'grid', which the ios client 19.0.0..<20.0.0 (10% of installs) cannot render",
          "component 'promo' of screen 'home' needs component type 'promo', which the ios client 19.0.0..<20.0.0 (10% of installs) cannot render",
        ], written)
    }
  }

  /// An end whose number is past 64 bits is no version (clients compare it as 0): an error at
  /// `client_version`, not a client older than min_zapp_sdk.
  func testAnEndPast64BitsIsAnError() throws {
    for client in ["18446744073709551616.0.0", "19.0.0..<18446744073709551616.0.0"] {
      let dir = try makeProject(Self.project(client: client, minSDK: "20.0.0"))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0203" }
      XCTAssertEqual(
        found.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" },
        [
          "1:\(Self.clientColumn) client_version '\(client)' is not a version: its number "
            + "18446744073709551616 is past the largest clients compare (9223372036854775807), so it would compare as 0"
        ], client)
    }
  }

  /// Numbers and dots that are neither a version nor a range (a stray dot, an end left out) are an
  /// error with the spelling meant when there is one; before, such a registry went unchecked in a
  /// green build. Text of other characters (`18.x`) is the team's own, and is not reported.
  func testAStrayDotOrAMissingEndIsAnError() throws {
    let cases = [
      ("19.0.0.", "a version is numbers joined by single dots ('19.0.0')"),
      (".19.0", "a version is numbers joined by single dots ('19.0')"),
      ("19.0.0 .", "a version is numbers joined by single dots ('19.0.0')"),
      ("18.0.0..<19.0.0.", "a version is numbers joined by single dots ('18.0.0..<19.0.0')"),
      ("19.0.0..<", "a range has a version at each end"),
      ("...19.0.0", "a range has a version at each end"),
      ("<19", "a version is numbers joined by single dots, and a range two versions joined by '..<' or '...'"),
      // Two dots alone between a higher and a lower end: no range to suggest.
      ("19..0", "a version is numbers joined by single dots, and a range two versions joined by '..<' or '...'"),
      ("20.0.0..19.0.0", "a version is numbers joined by single dots, and a range two versions joined by '..<' or '...'"),
      ("21.0.0...<20.0.0", "a version is numbers joined by single dots, and a range two versions joined by '..<' or '...'"),
      ("19.0.0...<20.0.0", "a version is numbers joined by single dots ('19.0.0..<20.0.0')"),
    ]
    try assertNotAVersion(cases, minSDK: "19.5.0")
    let versionsAndText = ["19.0.0", "19.0.0 ..< 20.0.0", "19.0.0...19.9.0", "18.x", "nightly"]
    for client in versionsAndText { XCTAssertNil(ClientRegistry.malformedVersion(client), client) }
    try assertNoFinding(versionsAndText, minSDK: "19.5.0")
  }

  /// Each `client_version` of `cases` is ZL0203's error at it, "not a version" for the reason
  /// given, and the project does not build.
  private func assertNotAVersion(_ cases: [(String, String)], minSDK: String, file: StaticString = #filePath, line: UInt = #line) throws {
    for (client, why) in cases {
      let dir = try makeProject(Self.project(client: client, minSDK: minSDK))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      assertDiagnostics(
        Driver.check(dir).diagnostics.filter { $0.code == "ZL0203" }, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0203", file: "registries/client-1.json", line: 1, column: Self.clientColumn,
            message: "client_version '\(client)' is not a version: \(why)")
        ], file: file, line: line)
      XCTAssertNotEqual(Driver.build(dir, output: dir + "/out").status, .success, client, file: file, line: line)
    }
  }

  /// No `client_version` of `clients` is ZL0203's.
  private func assertNoFinding(_ clients: [String], minSDK: String, file: StaticString = #filePath, line: UInt = #line) throws {
    for client in clients {
      let dir = try makeProject(Self.project(client: client, minSDK: minSDK))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      XCTAssertEqual(Driver.check(dir).diagnostics.filter { $0.code == "ZL0203" }.map(\.message), [], client, file: file, line: line)
    }
  }
}

extension RegistryClientVersionTests {
  /// A version whose pre-release or build tag is empty or malformed (`18.0.0+`) is an error, as
  /// it is in `min_zapp_sdk`: taken for text, its clients went uncompared and the fleet line
  /// counted them as drawing with fallbacks. A well-formed tag is a version.
  func testAnEmptyOrMalformedTagIsAnError() throws {
    let why = "a pre-release after '-' or a build tag after '+' is letters, digits and '-', in parts separated by dots"
    try assertNotAVersion(
      ["18.0.0+", "18.0.0-", "18.0.0-rc..1", "17.0.0..<18.0.0+", "18.0.0-_1...18.5.0"].map { ($0, why) }, minSDK: "20.0.0")
    // A single number before the tag is no version: text, the team's own.
    try assertNoFinding(["18.0.0+1", "18.0.0-rc.1", "18.0.0-rc.1+b5..<19.0.0", "20-beta", "2024-05-01", "7-1", "20+5"], minSDK: "20.0.0")
  }
}
