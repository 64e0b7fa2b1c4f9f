import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappRules

/// ZL0603's hand-written version scanner accepts exactly what its regular expression matched.
final class ManifestVersionTests: XCTestCase {
  /// The expression the scanner replaces, matched as `String.range(of:options: .regularExpression)` did.
  static let pattern = #"^[0-9]+(\.[0-9]+){0,3}([.-]?[A-Za-z][A-Za-z0-9]*(\.?[0-9]+)*)?$"#

  func testAcceptedVersions() {
    for version in [
      "1", "1.2.0", "0.1.0-alpha1", "10.20.30.40", "1.2.3.4-rc.1", "1.0beta", "1.0.beta2", "2.0-RC1.2.3", "1.a", "1.0b1.2",
      "1.0\n", "1.0\r\n", "1.0\r", "1.0\u{2028}", "1.0\u{85}",
    ] {
      XCTAssertTrue(ManifestVersionRule.isVersion(version), version.debugDescription)
    }
  }

  func testRejectedVersions() {
    for version in [
      "", "latest", "v1.0", "1.", "1.2.3.4.5", "1.2.3.4.5a", "1-", "1.0-", "1.0-.a", "1..2", "1.0a.", "1.0a..1", "1.0a-1", "1.0 ",
      " 1.0", "1.0\n\n", "\n1.0", "1.0\u{301}", "１.0", "1.0é", "1.0_a",
    ] {
      XCTAssertFalse(ManifestVersionRule.isVersion(version), version.debugDescription)
    }
  }

  /// A Zapp SDK version has two numbers at least before a pre-release tag: a letter typed for a
  /// digit (`2O.0.0`, `20.O.0`) is no SDK version, though it reads as a version with a tag.
  func testSDKVersions() {
    for version in [
      "20.0.0", "20.0", "20", "21.0.0-Dev", "0.1.0-alpha1", "20.0.0.beta2", "20.0beta", "20.0.0+5", "20.0.0-beta+exp.sha-1", "20+5",
    ] {
      XCTAssertTrue(ManifestVersionRule.isSDKVersion(version), version)
    }
    for version in [
      "2O.0.0", "20.O.0", "20.0.O", "20.0.l", "2O", "20-beta", "latest", "v20.0.0", "", "20.0.0+", "20.0.0+.5", "20.0.0+a..b", "20.0.0+5+6",
      "2O.0.0+5", "20.0.0+a_b", "18446744073709551616.0.0", "20.9223372036854775808", "1.0.99999999999999999999-beta",
    ] {
      XCTAssertFalse(ManifestVersionRule.isSDKVersion(version), version)
    }
  }

  /// Every text of up to five symbols from an alphabet that exercises each part of the expression.
  func testAgreesWithTheRegularExpression() throws {
    let regex = try NSRegularExpression(pattern: Self.pattern)
    let alphabet = ["1", "0", ".", "-", "a", "Z", "\n", "\r"]
    var texts = [""]
    var level = [""]
    for _ in 1...5 {
      level = level.flatMap { prefix in alphabet.map { prefix + $0 } }
      texts += level
    }
    for text in texts + ["1.0\u{0B}", "1.0\u{0C}", "1.0\u{2029}", "1\u{85}\n", "1.0é", "1.0\u{2028}\n"] {
      let matched = regex.rangeOfFirstMatch(in: text, range: NSRange(text.startIndex..., in: text)).location != NSNotFound
      XCTAssertEqual(ManifestVersionRule.isVersion(text), matched, text.debugDescription)
    }
    for text in ["1.0", "1.0\n", "x", "1.2.3.4.5"] {
      XCTAssertEqual(ManifestVersionRule.isVersion(text), text.range(of: Self.pattern, options: .regularExpression) != nil)
    }
  }

  /// A Zapp SDK version that is no version (`v99.0.0`) is ZL0603 at its value, in a manifest and
  /// in `zlc.json`: compared number by number, it read as 0, and the plugin passed every client.
  func testAnSDKVersionThatIsNoVersionIsAnError() throws {
    var files = Example.baseProject
    files["zlc.json"] = #"{"platforms": {"ios": {"min_zapp_sdk": "latest"}}}"#
    files["components/x.json"] = Example.manifest(#", "platform": "ios", "unsupported_since_zapp_sdk": "2O.0.0""#)
      .replacingOccurrences(of: #""min_zapp_sdk": "1.0""#, with: #""min_zapp_sdk": "v99.0.0""#)
    let dir = try makeProject(files)
    let found = Driver.check(dir).diagnostics.filter { $0.rule.code == "ZL0603" }.map { place($0, in: dir) }
    XCTAssertEqual(
      found,
      [
        "ZL0603@components/x.json:1:\((files["components/x.json"]! as NSString).range(of: "\"v99").location + 1)",
        "ZL0603@components/x.json:1:\((files["components/x.json"]! as NSString).range(of: "\"2O").location + 1)",
        "ZL0603@zlc.json:1:\((files["zlc.json"]! as NSString).range(of: "\"latest").location + 1)",
      ])
    XCTAssertEqual(
      Driver.check(dir).diagnostics.filter { $0.rule.code == "ZL0603" }.map(\.message),
      [
        "min_zapp_sdk 'v99.0.0' is not a version (such as 20.0.0): the leading 'v' makes it compare as 0; write 99.0.0",
        "unsupported_since_zapp_sdk '2O.0.0' is not a version (such as 20.0.0): a letter stands where a number belongs",
        "min_zapp_sdk 'latest' is not a version (such as 20.0.0): it would compare as 0",
      ])
  }

  /// A `deprecated_since_zapp_sdk` that is no version is ZL0603 too (with the fix for a leading
  /// `v`), and ZL0612 does not compare it as 0; nor does ZL0612 compare the versions of a manifest
  /// that serves a platform only through `ui_frameworks` (its own SDK's) with that platform's
  /// oldest client. A version that is one, on the platform the manifest names, is still warned at.
  func testADeprecationIsAVersionOfTheManifestsOwnSDK() throws {
    func check(_ platforms: String, _ manifest: String) throws -> [String] {
      var files = Example.baseProject
      files["zlc.json"] = #"{"platforms": {\#(platforms)}}"#
      files["components/x.json"] = Example.manifest(manifest)
      files["screens/o.json"] = Example.screen(#"{"component_type": "x"}"#)
      let dir = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      return Driver.check(dir).diagnostics.filter { $0.code == "ZL0603" || $0.code == "ZL0612" }.map {
        "\(place($0, in: dir)) \($0.message) [\($0.notes.map(\.message).joined(separator: "; "))] \($0.fixIt?.replacement ?? "-")"
      }
    }
    let written = #", "platform": "ios", "deprecated_since_zapp_sdk": "v21.0.0""#
    let column = (Example.manifest(written) as NSString).range(of: "\"v21").location + 1
    XCTAssertEqual(
      try check(#""ios": {"min_zapp_sdk": "20.0.0"}"#, written),
      [
        "ZL0603@components/x.json:1:\(column) deprecated_since_zapp_sdk 'v21.0.0' is not a version (such as 20.0.0): the leading 'v' makes it compare as 0; write 21.0.0 [] \"21.0.0\""
      ])
    XCTAssertEqual(
      try check(#""ios": {"min_zapp_sdk": "20.0.0"}"#, #", "platform": "ios", "deprecated_since_zapp_sdk": "latest""#).map {
        String($0.prefix(6))
      },
      ["ZL0603"])
    let framework = #", "platform": "ios", "ui_frameworks": ["quickbrick"], "deprecated_since_zapp_sdk": "6.0.0""#
    XCTAssertEqual(try check(#""ios_for_quickbrick": {"min_zapp_sdk": "6.0.0"}"#, framework), [])
    let use = (Example.screen(#"{"component_type": "x"}"#) as NSString).range(of: #""x""#).location + 1
    XCTAssertEqual(
      try check(#""ios": {"min_zapp_sdk": "6.0.0"}"#, framework),
      [
        "ZL0612@screens/o.json:1:\(use) plugin 'x' is deprecated since Zapp SDK 6.0.0 on 'ios' (the app supports clients from 6.0.0) [deprecated_since_zapp_sdk of its 'ios' manifest] -"
      ])
  }

  /// A version written with a leading `v`, in `zlc.json` or a manifest, has a fix that drops it;
  /// one that would compare as 0 for another reason has none.
  func testALeadingVHasAFixThatDropsIt() throws {
    var files = Example.baseProject
    files["zlc.json"] = #"{"platforms": {"ios": {"min_zapp_sdk": "v20.0.0"}}}"#
    files["components/x.json"] = Example.manifest(#", "platform": "ios""#)
      .replacingOccurrences(of: #""min_zapp_sdk": "1.0""#, with: #""min_zapp_sdk": "latest""#)
    files["screens/o.json"] = Example.screen(#"{"component_type": "x"}"#)
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0603" }
    XCTAssertEqual(found.map { $0.fixIt?.replacement }, [nil, "\"20.0.0\""], found.map(\.message).description)
    XCTAssertEqual(found.last?.fixIt?.range?.text, "\"v20.0.0\"")
  }

  /// A build tag (`+5`) is part of an SDK version, ignored as the docs say, in a manifest and in
  /// `zlc.json` alike; a version that is no version is ZL0603 alone, said precisely, and the
  /// version rules (ZL0611) do not compare it as 0 and contradict themselves.
  func testABuildTagIsAVersionAndALeadingVIsReportedOnce() throws {
    func check(_ oldest: String, _ needs: String) throws -> [String] {
      var files = Example.baseProject
      files["zlc.json"] = #"{"platforms": {"ios": {"min_zapp_sdk": "\#(oldest)"}}}"#
      files["components/x.json"] = Example.manifest(#", "platform": "ios""#)
        .replacingOccurrences(of: #""min_zapp_sdk": "1.0""#, with: #""min_zapp_sdk": "\#(needs)""#)
      files["screens/o.json"] = Example.screen(#"{"component_type": "x"}"#)
      let dir = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      return Driver.check(dir).diagnostics.filter { $0.severity == .error }.map { "\(place($0, in: dir)) \($0.message)" }
    }
    XCTAssertEqual(try check("20.0.0+5", "20.0.0+7"), [])
    XCTAssertEqual(try check("20.1", "20.0.0-beta+exp.1"), [])
    XCTAssertEqual(
      try check("20.0.0", "21.0.0+5"),
      [
        "ZL0611@screens/o.json:1:\((Example.screen(#"{"component_type": "x"}"#) as NSString).range(of: #""x""#).location + 1) "
          + "plugin 'x' needs Zapp SDK 21.0.0+5 or later on 'ios', but the app supports clients from 20.0.0"
      ])
    let zlcColumn = #"{"platforms": {"ios": {"min_zapp_sdk": "#.count + 1
    let huge = Example.manifest(#", "platform": "ios""#)
      .replacingOccurrences(of: #""min_zapp_sdk": "1.0""#, with: #""min_zapp_sdk": "18446744073709551616.0.0""#)
    XCTAssertEqual(
      try check("20.0.0", "18446744073709551616.0.0"),
      [
        "ZL0603@components/x.json:1:\((huge as NSString).range(of: "\"18446").location + 1) "
          + "min_zapp_sdk '18446744073709551616.0.0' is not a version (such as 20.0.0): its number 18446744073709551616 is past the largest clients compare (9223372036854775807), so it would compare as 0"
      ])
    XCTAssertEqual(try check("20.0.0", "9223372036854775807.0.0").count, 1, "the largest number fits, and is a version ZL0611 compares")
    XCTAssertEqual(
      try check("v20.0.0", "20.0.0"),
      [
        "ZL0603@zlc.json:1:\(zlcColumn) min_zapp_sdk 'v20.0.0' is not a version (such as 20.0.0): the leading 'v' makes it compare as 0; write 20.0.0"
      ])
    XCTAssertEqual(
      try check("V21", "20.0.0"),
      [
        "ZL0603@zlc.json:1:\(zlcColumn) min_zapp_sdk 'V21' is not a version (such as 20.0.0): the leading 'V' makes it compare as 0; write 21"
      ])
    XCTAssertEqual(
      try check("20.0.0+", "20.0.0"),
      [
        "ZL0603@zlc.json:1:\(zlcColumn) min_zapp_sdk '20.0.0+' is not a version (such as 20.0.0): "
          + "a build tag after '+' is letters, digits and '-', in parts separated by dots"
      ])
    XCTAssertEqual(
      try check("20.0.0 ", "20.0.0"),
      ["ZL0603@zlc.json:1:\(zlcColumn) min_zapp_sdk '20.0.0 ' is not a version (such as 20.0.0): it would compare as 20.0.0"])
    XCTAssertEqual(
      try check("20.0.0", "2O.0.0+5").map {
        $0.replacingOccurrences(of: #"@components/x.json:1:\d+"#, with: "@x", options: .regularExpression)
      },
      ["ZL0603@x min_zapp_sdk '2O.0.0+5' is not a version (such as 20.0.0): a letter stands where a number belongs"])
  }
}
