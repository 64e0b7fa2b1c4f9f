import Foundation
import XCTest
import ZappLayout

/// An app of several platforms gets a bundle per platform, each from that platform's manifests.
final class PlatformBundleTests: XCTestCase {
  /// The multi-platform starter: a promo banner whose iOS manifest defaults its button to "Watch
  /// now" and whose Android (QuickBrick) manifest to "Play".
  private func starter() throws -> URL {
    let project = temporary().appendingPathComponent("app")
    let made = try zlc(["init", project.path, "--template", "multi-platform"])
    XCTAssertEqual(made.status, 0, made.err)
    return project
  }

  /// A build of several platforms whose `platforms.json` is gone: `zlc verify` of it names the
  /// folders that hold bundles and how to verify one, and verifies that one.
  func testVerifyOfAnOutputWithoutItsPlatformListNamesThePlatformFolders() throws {
    let project = try starter()
    let out = project.deletingLastPathComponent().appendingPathComponent("out")
    XCTAssertEqual(try zlc(["build", project.path, "-o", out.path]).status, 0)
    try FileManager.default.removeItem(at: out.appendingPathComponent("platforms.json"))
    let verified = try zlc(["verify", out.path])
    XCTAssertEqual(verified.status, 1, verified.err)
    XCTAssertEqual(
      verified.err,
      "\(out.path): error: holds no bundle (no bundle.json); its folders android_for_quickbrick, ios hold bundles, but no "
        + "platforms.json lists them: verify one (zlc verify \(out.path)/android_for_quickbrick), or build again\n")
    XCTAssertEqual(try zlc(["verify", out.path + "/android_for_quickbrick"]).status, 0)
  }

  private func json(_ url: URL) throws -> [String: Any] {
    try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any], url.path)
  }

  /// The promo banner's button text in a bundle's home screen.
  private func buttonText(_ bundle: ScreenBundle) throws -> String? {
    let home = try XCTUnwrap(bundle.screen(id: "home"))
    let promo = try XCTUnwrap(home.resolved.sections.first { $0.componentType == "promo_banner" })
    return promo.styles.first { $0.0 == "button_text" }?.1.stringValue
  }

  func testAnAppOfTwoPlatformsBuildsABundleForEachFromItsOwnManifests() throws {
    let project = try starter()
    let out = project.deletingLastPathComponent().appendingPathComponent("out")
    let built = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(built.status, 0, built.err)
    XCTAssertTrue(built.err.contains("a bundle for each of 2 platforms (ios, android_for_quickbrick)"), built.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("bundle.json").path))

    let list = try json(out.appendingPathComponent("platforms.json"))
    XCTAssertEqual(list["format_version"] as? Int, 2)
    let entries = try XCTUnwrap(list["platforms"] as? [[String: String]])
    XCTAssertEqual(
      entries, [["platform": "ios", "folder": "ios"], ["platform": "android_for_quickbrick", "folder": "android_for_quickbrick"]])

    for (platform, button) in [("ios", "Watch now"), ("android_for_quickbrick", "Play")] {
      let index = try json(out.appendingPathComponent(platform + "/bundle.json"))
      XCTAssertEqual(index["platform"] as? String, platform)
      let needs = try XCTUnwrap(index["required_renderers"] as? [[String: Any]])
      XCTAssertEqual(needs.map { $0["platform"] as? String }, [platform], "a platform's bundle lists its own needs only")
      let bundle = try ScreenBundle.load(from: out, platform: platform)
      XCTAssertEqual(bundle.index.platform, platform)
      XCTAssertEqual(try buttonText(bundle), button, "\(platform) takes its own manifest's default")
    }
    XCTAssertThrowsError(try ScreenBundle.load(from: out, platform: "tvos")) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .platformMissing("tvos", available: ["ios", "android_for_quickbrick"]))
    }
    // The output's folder holds no bundle of its own: loading it names the platforms to load.
    XCTAssertThrowsError(try ScreenBundle.load(from: out)) { error in
      XCTAssertEqual(
        error as? ScreenBundle.LoadError,
        .invalidFile(
          "bundle.json",
          "not in this folder, which holds a bundle per platform (ios, android_for_quickbrick), as platforms.json lists: load one with load(from:platform:)"
        ))
    }

    let verified = try zlc(["verify", out.path])
    XCTAssertEqual(verified.status, 0, verified.err + verified.out)
    XCTAssertTrue((verified.out + verified.err).contains(": ok, 4 screens load"), verified.out + verified.err)
  }

  func testPlatformOptionBuildsOneBundleNamingItsPlatform() throws {
    let project = try starter()
    let out = project.deletingLastPathComponent().appendingPathComponent("out")
    let built = try zlc(["build", project.path, "-o", out.path, "--platform", "android_for_quickbrick"])
    XCTAssertEqual(built.status, 0, built.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("platforms.json").path))
    let bundle = try ScreenBundle.load(from: out)
    XCTAssertEqual(bundle.index.platform, "android_for_quickbrick")
    XCTAssertEqual(try buttonText(bundle), "Play")
    XCTAssertEqual(try buttonText(ScreenBundle.load(from: out, platform: "android_for_quickbrick")), "Play")
    XCTAssertThrowsError(try ScreenBundle.load(from: out, platform: "ios")) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .platformMissing("ios", available: ["android_for_quickbrick"]))
    }
    // A mistyped platform: the id whose first word it is near is suggested, and a usage error
    // prints no fleet lines after it.
    let typo = try zlc(["check", project.path, "--platform", "andriod"])
    XCTAssertEqual(typo.status, 64, typo.err)
    XCTAssertTrue(typo.err.contains(" = fix-it: did you mean 'android_for_quickbrick'?"), typo.err)
    XCTAssertFalse(typo.err.contains("fleet:"), typo.err)
    let firstWord = try zlc(["check", project.path, "--platform", "Android"])
    XCTAssertTrue(firstWord.err.contains(" = fix-it: did you mean 'android_for_quickbrick'?"), firstWord.err)
  }

  /// `--platform` twice reads as "both", but a command narrows to one platform: it is refused, by
  /// every command that takes it, and no bundle is written.
  func testPlatformOptionGivenTwiceIsRefused() throws {
    let project = try starter()
    let out = project.deletingLastPathComponent().appendingPathComponent("out")
    let twice = ["--platform", "ios", "--platform=android_for_quickbrick"]
    let refusal =
      "Error: --platform is given 2 times ('ios', 'android_for_quickbrick'): "
      + "give one platform, or none for every platform of the project"
    let commands: [[String]] = [
      ["build", project.path, "-o", out.path], ["check", project.path], ["preview", project.path, "-o", out.path],
      ["map", "home", "--project", project.path], ["generate", "swift", project.path, "-o", out.path],
      ["diff", project.path, project.path],
    ]
    for command in commands {
      let run = try zlc(command + twice)
      XCTAssertEqual(run.status, 64, "\(command[0]): \(run.err)")
      XCTAssertEqual(run.err.split(separator: "\n").first.map(String.init), refusal, command[0])
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing is written")
    let once = try zlc(["check", project.path, "--platform", "ios"])
    XCTAssertEqual(once.status, 0, once.err)
  }

  func testVerifyFindsAPlatformFolderHoldingAnotherPlatformsBundle() throws {
    let project = try starter()
    let out = project.deletingLastPathComponent().appendingPathComponent("out")
    XCTAssertEqual(try zlc(["build", project.path, "-o", out.path]).status, 0)
    let list = out.appendingPathComponent("platforms.json")
    let swapped = try String(contentsOf: list, encoding: .utf8).replacingOccurrences(
      of: #""folder":"ios""#, with: #""folder":"android_for_quickbrick""#)
    try swapped.write(to: list, atomically: true, encoding: .utf8)
    let verified = try zlc(["verify", out.path])
    XCTAssertEqual(verified.status, 1)
    // At the bundle's `platform` (bundle.json is one line).
    let index = try String(contentsOf: out.appendingPathComponent("android_for_quickbrick/bundle.json"), encoding: .utf8)
    let column = try XCTUnwrap(index.range(of: #""platform":"#)).upperBound.utf16Offset(in: index) + 1
    XCTAssertTrue(
      verified.err.contains(
        "android_for_quickbrick/bundle.json:1:\(column): error: names 'android_for_quickbrick', but platforms.json lists it for 'ios'"),
      verified.err)
    // The runtime does not hand an iOS client the Android bundle either.
    XCTAssertThrowsError(try ScreenBundle.load(from: out, platform: "ios")) { error in
      XCTAssertEqual(
        error as? ScreenBundle.LoadError,
        .invalidFile("android_for_quickbrick/bundle.json", "is the bundle of 'android_for_quickbrick', not of 'ios'"))
    }

    try #"{"format_version":2,"platforms":[{"platform":"ios","folder":"../ios"}]}"#.write(to: list, atomically: true, encoding: .utf8)
    let outside = try zlc(["verify", out.path])
    XCTAssertEqual(outside.status, 1)
    XCTAssertTrue(outside.err.contains("platforms.json:1:61: error: platform 'ios' has folder '../ios', outside the output"), outside.err)
    XCTAssertThrowsError(try ScreenBundle.load(from: out, platform: "ios")) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .fileOutsideBundle("../ios"))
    }
    // A folder that is no path of named parts inside the output is told by what it is: outside
    // the output only when it leaves it; else as it should be written, or, when a '..' changes
    // which folder it names, by that folder (not another platform's to write).
    let refused = "(a client refuses a '.', '..' or empty part)"
    let plain = "which is not written as a plain folder name \(refused): write 'ios'"
    let folders = [
      ("", "which is empty"), (".", "which names the output folder itself, not a platform's"),
      ("./", "which names the output folder itself, not a platform's"),
      ("ios/..", "which names the output folder itself, not a platform's"),
      ("ios/", plain), ("./ios", plain), ("ios//", plain), ("ios/./", plain),
      ("x/../ios", "which names the folder 'ios' through a '..' part \(refused)"),
      ("ios/../android", "which names the folder 'android' through a '..' part \(refused)"),
      ("ios/./../android/", "which names the folder 'android' through a '..' part \(refused)"),
      ("ios/../..", "outside the output"), ("/ios", "outside the output"),
    ]
    for (folder, why) in folders {
      try #"{"format_version":2,"platforms":[{"platform":"ios","folder":"\#(folder)"}]}"#
        .write(to: list, atomically: true, encoding: .utf8)
      let named = try zlc(["verify", out.path])
      XCTAssertEqual(named.status, 1, folder)
      XCTAssertTrue(named.err.contains("platforms.json:1:61: error: platform 'ios' has folder '\(folder)', \(why)\n"), named.err)
      XCTAssertThrowsError(try ScreenBundle.load(from: out, platform: "ios"), folder)
    }
  }

  /// platforms.json saying format_version 1 over bundles of version 2: verify refuses the output,
  /// and the runtime refuses to load it (a reader of version 1 would find no layout).
  func testPlatformsOfAnotherFormatVersionThanTheirBundlesAreRefused() throws {
    let project = try starter()
    let out = project.deletingLastPathComponent().appendingPathComponent("out")
    XCTAssertEqual(try zlc(["build", project.path, "-o", out.path]).status, 0)
    let list = out.appendingPathComponent("platforms.json")
    let older = try String(contentsOf: list, encoding: .utf8).replacingOccurrences(of: #""format_version":2"#, with: #""format_version":1"#)
    try older.write(to: list, atomically: true, encoding: .utf8)
    let verified = try zlc(["verify", out.path])
    XCTAssertEqual(verified.status, 1)
    let index = try String(contentsOf: out.appendingPathComponent("ios/bundle.json"), encoding: .utf8)
    let column = try XCTUnwrap(index.range(of: #""format_version":"#)).upperBound.utf16Offset(in: index) + 1
    XCTAssertTrue(
      verified.err.contains("ios/bundle.json:1:\(column): error: has format_version 2, but platforms.json says 1"), verified.err)
    XCTAssertThrowsError(try ScreenBundle.load(from: out, platform: "ios")) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .invalidFile("ios/bundle.json", "has format_version 2, but platforms.json says 1"))
    }
  }

  /// A bundle.json left beside platforms.json (an earlier single-platform build synced over) is
  /// never read by a client: zlc verify says so instead of verifying it.
  func testVerifyReportsABundleBesidePlatformsJSON() throws {
    let project = try starter()
    let out = project.deletingLastPathComponent().appendingPathComponent("out")
    XCTAssertEqual(try zlc(["build", project.path, "-o", out.path]).status, 0)
    try FileManager.default.copyItem(at: out.appendingPathComponent("ios/bundle.json"), to: out.appendingPathComponent("bundle.json"))
    let verified = try zlc(["verify", out.path])
    XCTAssertEqual(verified.status, 1)
    XCTAssertTrue(
      verified.err.contains(
        "out/bundle.json: error: stands beside platforms.json; clients read each platform's folder, so this file is never read"),
      verified.err)
  }

  /// The starter's zlc.json narrowed to iOS: the one bundle is built from the iOS manifests
  /// (Android's comes first in file order), with or without `--platform ios`.
  func testAnAppOfOnePlatformIsBuiltFromThatPlatformsManifests() throws {
    let project = try starter()
    let settings = project.appendingPathComponent("zlc.json")
    var values = try json(settings)
    var platforms = try XCTUnwrap(values["platforms"] as? [String: Any])
    platforms["android_for_quickbrick"] = nil
    values["platforms"] = platforms
    try JSONSerialization.data(withJSONObject: values).write(to: settings)
    for extra in [[], ["--platform", "ios"]] {
      let out = project.deletingLastPathComponent().appendingPathComponent("out\(extra.count)")
      let built = try zlc(["build", project.path, "-o", out.path] + extra)
      XCTAssertEqual(built.status, 0, built.err)
      let bundle = try ScreenBundle.load(from: out)
      XCTAssertEqual(bundle.index.platform, "ios")
      XCTAssertEqual(try buttonText(bundle), "Watch now", "\(extra)")
    }
  }

  /// A zlc.json without `platforms`: the app targets every platform its manifests name.
  func testAnAppWithoutPlatformsTargetsItsManifestsPlatforms() throws {
    let project = try starter()
    let settings = project.appendingPathComponent("zlc.json")
    var values = try json(settings)
    values["platforms"] = nil
    try JSONSerialization.data(withJSONObject: values).write(to: settings)
    let out = project.deletingLastPathComponent().appendingPathComponent("out")
    let built = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(built.status, 0, built.err)
    for (platform, button) in [("ios", "Watch now"), ("android_for_quickbrick", "Play")] {
      XCTAssertEqual(try buttonText(ScreenBundle.load(from: out, platform: platform)), button)
    }
  }

  /// The starter's Quick Brick manifest written as published plugins often are: `"platform":
  /// "android"` with `"ui_frameworks": ["quickbrick"]`. It serves `android_for_quickbrick`: that
  /// platform's bundle is built with it, verified, and `generate --platform` models it.
  func testAQuickBrickManifestOfABasePlatformBuildsTheQuickBrickBundle() throws {
    let project = try starter()
    let manifest = project.appendingPathComponent("components/promo_banner/android_for_quickbrick.json")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    let rewritten = text.replacingOccurrences(of: #""platform": "android_for_quickbrick""#, with: #""platform": "android""#)
    XCTAssertNotEqual(rewritten, text)
    XCTAssertTrue(rewritten.contains(#""ui_frameworks": ["quickbrick"]"#), rewritten)
    try rewritten.write(to: manifest, atomically: true, encoding: .utf8)
    let out = project.deletingLastPathComponent().appendingPathComponent("out")
    let built = try zlc(["build", project.path, "-o", out.path])
    XCTAssertEqual(built.status, 0, built.err)
    XCTAssertTrue(built.err.contains("a bundle for each of 2 platforms (ios, android_for_quickbrick)"), built.err)
    for (platform, button) in [("ios", "Watch now"), ("android_for_quickbrick", "Play")] {
      XCTAssertEqual(try buttonText(ScreenBundle.load(from: out, platform: platform)), button, platform)
    }
    let verified = try zlc(["verify", out.path])
    XCTAssertEqual(verified.status, 0, verified.err + verified.out)
    let generated = project.deletingLastPathComponent().appendingPathComponent("gen")
    let made = try zlc(["generate", "typescript", project.path, "-o", generated.path, "--platform", "android_for_quickbrick"])
    XCTAssertEqual(made.status, 0, made.err)
    let code = try String(
      contentsOf: generated.appendingPathComponent("android_for_quickbrick/zapp-client.ts"), encoding: .utf8)
    XCTAssertTrue(code.contains("PromoBannerStyles"), "the plugin's model, from its manifest for android_for_quickbrick")
    // The model's comment names the manifest it comes from: the one written for `android`.
    XCTAssertTrue(code.contains("(its manifest for android)"), code)
    XCTAssertFalse(code.contains("its manifest for android_for_quickbrick"), code)
  }

  func testAnAppOfOnePlatformKeepsOneBundleNamingIt() throws {
    let project = temporary().appendingPathComponent("app")
    XCTAssertEqual(try zlc(["init", project.path]).status, 0)
    let out = project.deletingLastPathComponent().appendingPathComponent("out")
    XCTAssertEqual(try zlc(["build", project.path, "-o", out.path]).status, 0)
    XCTAssertEqual(try json(out.appendingPathComponent("bundle.json"))["platform"] as? String, "ios")
    XCTAssertEqual(try ScreenBundle.load(from: out, platform: "ios").index.platform, "ios")
  }
}
