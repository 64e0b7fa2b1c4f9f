import Foundation
import XCTest

/// The command line around the project: what `zlc generate` writes over, and how `zlc schema` and
/// `zlc explain` answer a name they do not have.
final class CommandSurfaceTests: XCTestCase {
  /// zlc's code in one language is not replaced by another language's (the client of the first
  /// would lose its code): refused by name, exit 64, the folder left as it was; the same language
  /// replaces its own code, at the top of the folder (an app that names no platform) too.
  func testGenerateRefusesAFolderOfAnotherLanguagesCode() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let swift = dir.appendingPathComponent("swift")
    XCTAssertEqual(try zlc(["generate", "swift", twoPlatforms.path, "-o", swift.path]).status, 0)
    let written = try snapshot(swift)
    for (language, platform) in [("kotlin", nil), ("typescript", "web")] as [(String, String?)] {
      let r = try zlc(["generate", language, twoPlatforms.path, "-o", swift.path] + (platform.map { ["--platform", $0] } ?? []))
      XCTAssertEqual(r.status, 64, r.err)
      XCTAssertEqual(
        r.err,
        "\(swift.path): error: output '\(swift.path)' holds zlc's swift client code ('ios/ZappClient.swift'), not \(language); "
          + "give each language its own folder [ZL0111]\n1 error, 0 warnings\n")
      XCTAssertEqual(try snapshot(swift), written, "\(language) changed the Swift code")
    }
    // The same language replaces its own earlier code.
    let again = try zlc(["generate", "swift", twoPlatforms.path, "-o", swift.path])
    XCTAssertEqual(again.status, 0, again.err)
    XCTAssertTrue(again.err.hasSuffix("\nwrote \(swift.path): ios/ZappClient.swift\n"), again.err)

    let kotlin = dir.appendingPathComponent("kotlin")
    XCTAssertEqual(try zlc(["generate", "kotlin", twoPlatforms.path, "-o", kotlin.path]).status, 0)
    let json = try zlc(["generate", "swift", twoPlatforms.path, "-o", kotlin.path, "--format", "json"])
    XCTAssertEqual(json.status, 64, json.err)
    let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
    let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
    XCTAssertEqual(diagnostics.map { $0["code"] as? String }, ["ZL0111"])
    XCTAssertEqual(
      diagnostics.first?["message"] as? String,
      "output '\(kotlin.path)' holds zlc's kotlin client code ('android/ZappClient.kt'), not swift; give each language its own folder")
    XCTAssertEqual(try snapshot(kotlin).keys.sorted(), [".zlc-output", "android/ZappClient.kt"])

    // An app that names no platform: its code lies at the top of the folder.
    let bare = try copyDemo(to: dir)
    for name in ["player", "promo_banner", "search_bar", "settings"] {
      let file = bare.appendingPathComponent("components/\(name).json")
      let text = try String(contentsOf: file, encoding: .utf8)
      try text.replacingOccurrences(of: #""platform": "ios","#, with: "").write(to: file, atomically: true, encoding: .utf8)
    }
    let top = dir.appendingPathComponent("top")
    XCTAssertEqual(try zlc(["generate", "typescript", bare.path, "-o", top.path]).status, 0)
    let kotlinOverTypeScript = try zlc(["generate", "kotlin", bare.path, "-o", top.path])
    XCTAssertEqual(kotlinOverTypeScript.status, 64, kotlinOverTypeScript.err)
    XCTAssertTrue(
      kotlinOverTypeScript.err.hasPrefix(
        "\(top.path): error: output '\(top.path)' holds zlc's typescript client code ('zapp-client.ts'), not kotlin;"),
      kotlinOverTypeScript.err)
    XCTAssertEqual(try snapshot(top).keys.sorted(), [".zlc-output", "zapp-client.ts"])
    XCTAssertEqual(try zlc(["generate", "typescript", bare.path, "-o", top.path]).status, 0)
  }

  /// The same language's code for a platform this run does not write is refused as another
  /// language's is (`--platform tvos` deleted `ios/ZappClient.swift`), with or without
  /// `--platform`; the platforms written, or some of them, replace their own code.
  func testGenerateRefusesAFolderOfAnotherPlatformsCode() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let all = dir.appendingPathComponent("all")
    XCTAssertEqual(try zlc(["generate", "swift", twoPlatforms.path, "-o", all.path]).status, 0)
    let written = try snapshot(all)
    let tvos = try zlc(["generate", "swift", twoPlatforms.path, "-o", all.path, "--platform", "tvos"])
    XCTAssertEqual(tvos.status, 64, tvos.err)
    XCTAssertTrue(
      tvos.err.contains(
        "\n\(all.path): error: output '\(all.path)' holds zlc's swift client code for ios ('ios/ZappClient.swift'), which writing only the code for tvos would delete; generate every platform's code into it at once, give a platform's code its own folder, or remove 'ios/ZappClient.swift' first [ZL0111]\n1 error, "
      ), tvos.err)
    XCTAssertEqual(try snapshot(all), written)
    let ios = try zlc(["generate", "swift", twoPlatforms.path, "-o", all.path, "--platform", "ios"])
    XCTAssertEqual(ios.status, 0, ios.err)
    XCTAssertEqual(try snapshot(all).keys.sorted(), [".zlc-output", "ios/ZappClient.swift"])

    // Code for a platform the project does not name is not deleted by a generate without --platform.
    let one = dir.appendingPathComponent("one")
    XCTAssertEqual(try zlc(["generate", "swift", twoPlatforms.path, "-o", one.path, "--platform", "tvos"]).status, 0)
    let every = try zlc(["generate", "swift", twoPlatforms.path, "-o", one.path])
    XCTAssertEqual(every.status, 64, every.err)
    XCTAssertTrue(
      every.err.contains(
        "holds zlc's swift client code for tvos ('tvos/ZappClient.swift'), which writing only the code for ios would delete; give each platform's code its own folder, or remove 'tvos/ZappClient.swift' first [ZL0111]"
      ),
      every.err)
    XCTAssertEqual(try snapshot(one).keys.sorted(), [".zlc-output", "tvos/ZappClient.swift"])
  }

  /// An unknown schema kind is a usage error before `--project` is read (whose errors, or absence,
  /// were reported instead, with exit status 74 or 1), with the kind it is nearest as a fix-it; so
  /// is `--project` for a schema that holds none of its names.
  func testSchemaRefusesAnUnknownKindBeforeReadingTheProject() throws {
    let kinds = "screens, manifest, feed, settings, screen-types, bundle, registry, family"
    for (kind, nearest) in [("screen", "screens"), ("Screen_Types", "screen-types"), ("bundles", "bundle"), ("layouts", nil)] {
      for project in [[], ["--project", "/nonexistent/project"], ["--project", "manifests/screens"]] {
        let r = try zlc(["schema", kind] + project)
        XCTAssertEqual(r.status, 64, "\(kind) \(project): \(r.err)")
        XCTAssertEqual(
          r.err, "error: no schema '\(kind)'; the schemas are \(kinds)\n" + (nearest.map { " = fix-it: did you mean '\($0)'?\n" } ?? ""))
        XCTAssertEqual(r.out, "")
      }
    }
    let known = try zlc(["schema", "screen-types", "--project", "manifests"])
    XCTAssertEqual(known.status, 0, known.err)
    XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(known.out.utf8)) as? [String: Any])
    XCTAssertEqual(try zlc(["schema", "screens", "--project", "/nonexistent/project"]).status, 74)
    // The other schemas hold no names of a project: --project is refused there, not read for
    // nothing; with every schema at once, they are the same with it as without it.
    let all = try JSONSerialization.jsonObject(with: Data(try zlc(["schema"]).out.utf8)) as? [String: Any]
    let allNamed = try JSONSerialization.jsonObject(with: Data(try zlc(["schema", "--project", "manifests"]).out.utf8)) as? [String: Any]
    for kind in ["manifest", "feed", "settings", "registry", "bundle", "family"] {
      XCTAssertNotNil(all?[kind] as? NSDictionary, kind)
      XCTAssertEqual(all?[kind] as? NSDictionary, allNamed?[kind] as? NSDictionary, kind)
      let r = try zlc(["schema", kind, "--project", "manifests"])
      XCTAssertEqual(r.status, 64, r.err)
      XCTAssertEqual(r.err, "error: --project makes the project's names enums; the \(kind) schema holds none of them\n")
      XCTAssertEqual(r.out, "")
      XCTAssertEqual(try zlc(["schema", kind]).status, 0)
    }
  }

  /// `zlc help` of a name that is no subcommand where it stands is a usage error, with the nearest
  /// as a fix-it (it printed the nearest command's help and succeeded); of a subcommand, its help.
  /// So is `zlc NAME` of no subcommand.
  func testHelpOfNoSubcommandIsAUsageError() throws {
    let typo = try zlc(["help", "buld"])
    XCTAssertEqual(typo.status, 64, typo.err)
    XCTAssertEqual(typo.err, "error: no subcommand 'buld' (zlc --help lists them)\n = fix-it: did you mean 'build'?\n")
    XCTAssertEqual(typo.out, "")
    let unknown = try zlc(["help", "frobnicate"])
    XCTAssertEqual([unknown.status.description, unknown.err], ["64", "error: no subcommand 'frobnicate' (zlc --help lists them)\n"])
    // Below a subcommand, which has none.
    let leaf = try zlc(["help", "build", "zzz"])
    XCTAssertEqual([leaf.status.description, leaf.err], ["64", "error: no subcommand 'zzz' ('zlc build' has none)\n"])
    // Without `help`: a mistyped subcommand is named, with the nearest (the parser called the
    // arguments unexpected).
    let run = try zlc(["chek", "my-app"])
    XCTAssertEqual(
      [run.status.description, run.err], ["64", "error: no subcommand 'chek' (zlc --help lists them)\n = fix-it: did you mean 'check'?\n"])
    let far = try zlc(["frobnicate"])
    XCTAssertEqual([far.status.description, far.err], ["64", "error: no subcommand 'frobnicate' (zlc --help lists them)\n"])
    for arguments in [["help", "build"], ["help", "map"], ["help"], ["help", "help"], ["help", "build", "--help"]] {
      let r = try zlc(arguments)
      XCTAssertEqual(r.status, 0, "\(arguments): \(r.err)")
      XCTAssertTrue(r.out.hasPrefix("OVERVIEW: "), "\(arguments): \(r.out)")
    }
  }

  /// A code written as its number alone gets the code as a fix-it; a code as near two rules as
  /// each other gets none rather than an arbitrary one of them.
  func testExplainSuggestsTheCodeOfANumberAndNoGuessAmongEquals() throws {
    for typed in ["401", "0401", "zl401", "ZL-401"] {
      let r = try zlc(["explain", typed])
      XCTAssertEqual(r.status, 64, typed)
      XCTAssertEqual(r.err, "error: no rule '\(typed)' (zlc explain --list lists them)\n = fix-it: did you mean 'ZL0401'?\n")
      XCTAssertEqual(r.out, "")
    }
    // One deletion from ZL0401 and from ZL0410 alike.
    let tied = try zlc(["explain", "ZL04010"])
    XCTAssertEqual(tied.status, 64, tied.err)
    XCTAssertEqual(tied.err, "error: no rule 'ZL04010' (zlc explain --list lists them)\n")
    let near = try zlc(["explain", "ZL0410x"])
    XCTAssertEqual(near.err, "error: no rule 'ZL0410x' (zlc explain --list lists them)\n = fix-it: did you mean 'ZL0410'?\n")
    // Lower case, and a code pasted with the line break after it.
    for typed in ["zl0401", "ZL0401\n", " ZL0401\r\n"] {
      let code = try zlc(["explain", typed])
      XCTAssertEqual(code.status, 0, code.err)
      XCTAssertTrue(code.out.hasPrefix("ZL0401 missing-data-source"), code.out)
    }
  }

  /// `zlc verify` of a folder that holds no bundle says what it holds: a project (with the build
  /// command to copy, its folder one shell word), or zlc's client code or preview, not a bundle;
  /// of a bundle's `bundle.json`, the folder to give instead.
  func testVerifySaysWhatAFolderWithoutABundleHolds() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    XCTAssertEqual(try zlc(["init", "my app"], cwd: dir).status, 0)
    let project = try zlc(["verify", "my app"], cwd: dir)
    XCTAssertEqual(project.status, 1, project.err)
    XCTAssertEqual(
      project.err,
      "my app: error: holds no bundle (no bundle.json); it looks like a layout project: build it first (zlc build 'my app' -o OUT) and verify OUT\n"
    )
    XCTAssertEqual(try zlc(["generate", "swift", "my app", "-o", "code"], cwd: dir).status, 0)
    XCTAssertEqual(try zlc(["preview", "my app", "-o", "pages"], cwd: dir).status, 0)
    XCTAssertEqual(try zlc(["diff", "my app", "my app", "--html", "changes"], cwd: dir).status, 0)
    for (folder, holds) in [
      ("code", "zlc generate's client code"), ("pages", "zlc preview's pages"), ("changes", "zlc diff's pages"),
    ] {
      let r = try zlc(["verify", folder], cwd: dir)
      XCTAssertEqual(r.status, 1, r.err)
      XCTAssertEqual(
        r.err,
        "\(folder): error: holds no bundle (no bundle.json); it holds \(holds): zlc verify reads the folder zlc build writes (zlc build PROJECT -o OUT)\n"
      )
    }
    XCTAssertEqual(try zlc(["build", "my app", "-o", "my bundle"], cwd: dir).status, 0)
    let bundle = try zlc(["verify", "my bundle"], cwd: dir)
    XCTAssertEqual(bundle.status, 0, bundle.err)
    XCTAssertEqual(bundle.err, "my bundle: ok, 2 screens load\n")
    // Its bundle.json, given for the folder: the folder is named, one shell word; another file is
    // only not a folder.
    for (file, hint) in [
      ("my bundle/bundle.json", ": give the folder that holds it (zlc verify 'my bundle')"),
      ("my bundle/rivers.json", ""),
    ] {
      let r = try zlc(["verify", file], cwd: dir)
      XCTAssertEqual(r.status, 74, r.err)
      XCTAssertEqual(r.err, "\(file): error: it is a file, not a bundle folder\(hint)\n")
    }
    let inside = try zlc(["verify", "bundle.json"], cwd: dir.appendingPathComponent("my bundle"))
    XCTAssertEqual(inside.err, "bundle.json: error: it is a file, not a bundle folder: give the folder that holds it (zlc verify .)\n")
    // A file of a one-character name (Foundation's parent of `f` traps).
    try Data("x".utf8).write(to: dir.appendingPathComponent("f"))
    let short = try zlc(["verify", "f"], cwd: dir)
    XCTAssertEqual(short.status, 74, short.err)
    XCTAssertEqual(short.err, "f: error: it is a file, not a bundle folder\n")
  }

  /// Every rule name `zlc explain --list` shows is whole: `zlc explain` takes it as listed.
  func testExplainListShowsNamesExplainTakes() throws {
    let list = try zlc(["explain", "--list"])
    XCTAssertEqual(list.status, 0, list.err)
    let rows = list.out.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
    XCTAssertGreaterThan(rows.count, 100)
    let long = try XCTUnwrap(rows.first { $0.first == "ZL0331" })
    XCTAssertEqual(long[2], "item-limit-alias-on-quick-brick")
    for row in rows where row[2].count >= 30 {
      let r = try zlc(["explain", row[2]])
      XCTAssertEqual(r.status, 0, "\(row[2]): \(r.err)")
      XCTAssertTrue(r.out.hasPrefix("\(row[0]) \(row[2])"), r.out)
    }
  }

  /// The help of `--platform` says what each command does without it, as the commands do: `zlc
  /// check` and `zlc build` take every platform, `zlc preview` draws the first (it claimed one
  /// bundle per platform for all three); the folder's default is said once.
  func testPlatformHelpSaysWhatEachCommandDoesWithoutIt() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    XCTAssertEqual(try zlc(["init", "app", "--template", "multi-platform"], cwd: dir).status, 0)
    for command in ["build", "preview"] {
      let help = try zlc([command, "--help"]).out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      XCTAssertTrue(
        help.contains("Without it, every platform's bundle is checked and built (zlc preview: the first platform's is previewed)."), help)
      XCTAssertFalse(help.contains("builds one bundle per platform"), help)
    }
    // `zlc check` neither builds nor previews.
    let check = try zlc(["check", "--help"]).out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertTrue(check.contains("checked alone, as its bundle is built; other platforms' errors are not reported."), check)
    XCTAssertTrue(check.contains("Without it, every platform is checked. Given once."), check)
    XCTAssertFalse(check.contains("built or previewed") || check.contains("previewed."), check)
    // `--fix` names the command that watches: `zlc check` has no --watch.
    XCTAssertTrue(check.contains("then report what is left (zlc build --watch applies them once, at the start)."), check)
    XCTAssertFalse(check.contains("(under --watch"), check)
    for command in ["check", "init"] {
      let help = try zlc([command, "--help"]).out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      XCTAssertTrue(help.contains(" folder. (default: .)") || help.contains(" or empty. (default: .)"), help)
      XCTAssertFalse(help.contains("(default: the current folder)"), help)
    }
    let build = try zlc(["build", "app", "-o", "out"], cwd: dir)
    XCTAssertEqual(build.status, 0, build.err)
    XCTAssertEqual(
      try snapshot(dir.appendingPathComponent("out")).keys.filter { $0.hasSuffix("bundle.json") }.sorted(),
      [
        "android_for_quickbrick/bundle.json", "ios/bundle.json",
      ])
    let preview = try zlc(["preview", "app", "-o", "pages"], cwd: dir)
    XCTAssertEqual(preview.status, 0, preview.err)
    XCTAssertTrue(
      preview.err.hasSuffix(
        "note: the preview draws the ios bundle, the first of the app's 2 platforms (ios, android_for_quickbrick); --platform ID draws another\n"
      ), preview.err)
  }

  /// An option of one value given twice is refused: the parser kept the last silently (a map of
  /// another device than the first asked for, a check of another project).
  func testAnOptionOfOneValueGivenTwiceIsRefused() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    XCTAssertEqual(try zlc(["init", "app"], cwd: dir).status, 0)
    let cases: [([String], String)] = [
      (["map", "home", "--project", "app", "--device", "phone", "--device", "tablet"], "--device is given 2 times ('phone', 'tablet')"),
      (["map", "home", "--project", "app", "--project=app"], "--project is given 2 times ('app', 'app')"),
      (["check", "app", "--format", "json", "--format", "text"], "--format is given 2 times ('json', 'text')"),
      (["build", "app", "--color=never", "--color", "always"], "--color is given 2 times ('never', 'always')"),
      (["diff", "app", "app", "--format", "json", "--format=markdown"], "--format is given 2 times ('json', 'markdown')"),
      (["serve", "app", "--port", "0", "--port", "1"], "--port is given 2 times ('0', '1')"),
      (["preview", "app", "--feeds", "app", "--feeds", "app"], "--feeds is given 2 times ('app', 'app')"),
    ]
    for (arguments, message) in cases {
      let r = try zlc(arguments, cwd: dir)
      XCTAssertEqual(r.status, 64, "\(arguments): \(r.err)")
      XCTAssertTrue(r.err.hasPrefix("Error: \(message): give it once\nUsage: zlc \(arguments[0]) "), r.err)
      XCTAssertEqual(r.out, "", "\(arguments)")
    }
    // A negative number given apart from its option is its value, refused by its own message.
    for (option, message) in [
      ("--idle-timeout", "--idle-timeout takes 0.05 to 86400 seconds"), ("--max-connections", "--max-connections takes 1 to 100000"),
    ] {
      let r = try zlc(["serve", "app", "--port", "0", option, "-5"], cwd: dir)
      XCTAssertEqual(r.status, 64, r.err)
      XCTAssertTrue(r.err.hasPrefix("Error: \(message)\n"), r.err)
    }
  }

  /// An output folder given twice is refused (it wrote the last alone, leaving the first as it
  /// was without a word), in each of its spellings; nothing is written. Given once, in any of
  /// them, it is written.
  func testAnOutputGivenTwiceIsRefused() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    XCTAssertEqual(try zlc(["init", "app"], cwd: dir).status, 0)
    let cases: [([String], String)] = [
      (["build", "app", "-o", "a", "-o", "b"], "-o/--output is given 2 times ('a', 'b')"),
      (["build", "app", "--output=a", "-o=b", "--output", "c"], "-o/--output is given 3 times ('a', 'b', 'c')"),
      (["preview", "app", "-o", "a", "--output", "b"], "-o/--output is given 2 times ('a', 'b')"),
      (["generate", "swift", "app", "-o", "a", "--output=b"], "-o/--output is given 2 times ('a', 'b')"),
      (["serve", "app", "--port", "0", "-o", "a", "-o", "b"], "-o/--output is given 2 times ('a', 'b')"),
      (["diff", "app", "app", "--html", "a", "--html=b"], "--html is given 2 times ('a', 'b')"),
    ]
    for (arguments, message) in cases {
      let r = try zlc(arguments, cwd: dir)
      XCTAssertEqual(r.status, 64, "\(arguments): \(r.err)")
      XCTAssertTrue(r.err.hasPrefix("Error: \(message): give one folder\nUsage: zlc \(arguments[0]) "), r.err)
      XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["app"], "\(arguments) wrote")
    }
    for (index, spelling) in [["-o", "one"], ["-o=two"], ["--output=three"]].enumerated() {
      let r = try zlc(["build", "app"] + spelling, cwd: dir)
      XCTAssertEqual(r.status, 0, r.err)
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: dir.appendingPathComponent(["one", "two", "three"][index] + "/bundle.json").path),
        "\(spelling)")
    }
    // After `--`, a project named like the option is no second output: built, into the one given.
    for (project, output) in [("-o", "four"), ("--output=x", "five")] {
      try FileManager.default.copyItem(at: dir.appendingPathComponent("app"), to: dir.appendingPathComponent(project))
      let r = try zlc(["build", "-o", output, "--", project], cwd: dir)
      XCTAssertEqual(r.status, 0, "\(project): \(r.err)")
      XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(output + "/bundle.json").path), project)
      XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("x").path), project)
    }
  }

  /// An empty --sender names no file: a usage error before the project is read, not a file that
  /// cannot be read (74). The map's other strings name what was written: a screen or device that
  /// is empty is none of the project's (64).
  func testMapRefusesEmptyStrings() throws {
    let sender = try zlc(["map", "show", "--project", "manifests", "--sender", ""])
    XCTAssertEqual(sender.status, 64, sender.err)
    XCTAssertTrue(sender.err.hasPrefix("Error: --sender is empty: give the sender feed's file (JSON)\nUsage: zlc map "), sender.err)
    XCTAssertEqual(sender.out, "")
    let device = try zlc(["map", "show", "--project", "manifests", "--device", ""])
    XCTAssertEqual(device.status, 64, device.err)
    XCTAssertTrue(device.err.hasPrefix("manifests: error: no device ''; the project's devices are phone,"), device.err)
    let screen = try zlc(["map", "", "--project", "manifests"])
    XCTAssertEqual(screen.status, 64, screen.err)
    XCTAssertTrue(screen.err.hasPrefix("manifests: error: no screen has the id, name, screen_type or ui_tag ''"), screen.err)
    let platform = try zlc(["map", "show", "--project", "manifests", "--platform", ""])
    XCTAssertEqual(platform.status, 64, platform.err)
    XCTAssertTrue(platform.err.hasPrefix("manifests: error: --platform '' is not a platform of the project"), platform.err)
  }

  /// An empty path names no folder: every folder a command reads is a usage error (64) when it is
  /// given empty, named as the command calls it, before anything is read.
  func testAnEmptyFolderIsAUsageError() throws {
    let project = "'' is an empty path: give the layout project folder (. for the working folder)"
    let cases: [(arguments: [String], message: String)] = [
      (["check", ""], project),
      (["build", "", "-o", "build"], project),
      (["preview", "", "-o", "pages"], project),
      (
        ["preview", "manifests", "-o", "pages", "--feeds", ""],
        "--feeds is empty: give the folder of preview feeds (. for the working folder)"
      ),
      (["generate", "swift", "", "-o", "code"], project),
      (["serve", ""], project),
      (["serve", "manifests", "--feeds", ""], "--feeds is empty: give the folder of preview feeds (. for the working folder)"),
      (["verify", ""], "'' is an empty path: give the bundle folder zlc build wrote (. for the working folder)"),
      (["diff", "manifests", ""], "'' is an empty path: give each project folder (. for the working folder)"),
      (["diff", "--base", "HEAD", ""], "'' is an empty path: give the project folder (. for the working folder)"),
      (["map", "show", "--project", ""], "--project is empty: give the layout project folder (. for the working folder)"),
      (["schema", "screens", "--project", ""], "--project is empty: give the layout project folder (. for the working folder)"),
    ]
    for (arguments, message) in cases {
      let run = try zlc(arguments)
      XCTAssertEqual(run.status, 64, "\(arguments): \(run.err)")
      XCTAssertTrue(run.err.hasPrefix("Error: \(message)\nUsage: zlc \(arguments[0]) "), "\(arguments): \(run.err)")
      XCTAssertEqual(run.out, "", "\(arguments)")
    }
    let written = try zlc(["check", "manifests"])
    XCTAssertEqual(written.status, 0, written.err)
  }
}
