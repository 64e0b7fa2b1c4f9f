import Foundation
import XCTest

/// Names that a language would misread: the generated code keeps them as the bundle writes them.
final class GenerateNamesTests: XCTestCase {
  /// Screens `café` (precomposed) and `café` (a combining accent), which Swift's strings compare as
  /// equal, and a screen `none`, which Swift would read as `Optional.none`: the Swift client,
  /// compiled with warnings as errors and run, decodes each id to its own case and maps each
  /// screen type to its own screen; the Kotlin and TypeScript maps name the same screens.
  func testNamesSwiftWouldConfuseAreKeptApart() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    XCTAssertEqual(try zlc(["init", project.path]).status, 0)
    let show = try String(contentsOf: project.appendingPathComponent("screens/show.json"), encoding: .utf8)
    for (file, id) in [("nfc", "caf\u{E9}"), ("nfd", "cafe\u{301}"), ("none", "none")] {
      let copy = show.replacingOccurrences(of: #""id": "show""#, with: #""id": "\#(id)""#)
        .replacingOccurrences(of: #""id": "show-episodes""#, with: #""id": "\#(file)-episodes""#)
      XCTAssertNotEqual(copy, show)
      try copy.write(to: project.appendingPathComponent("screens/\(file).json"), atomically: true, encoding: .utf8)
    }
    try #"{"screen_types": {"show": "show", "t_nfc": "caf\u00e9", "t_nfd": "cafe\u0301", "t_none": "none"}}"#.write(
      to: project.appendingPathComponent("screen_types.json"), atomically: true, encoding: .utf8)

    let swift = try generate("swift", project)
    let source = try XCTUnwrap(swift.files.first { $0.key.hasSuffix("ZappClient.swift") }?.key)
    try #"""
    let nfc = "caf\u{E9}"
    let nfd = "cafe\u{301}"
    func bytes(_ id: ZappScreenID?) -> [UInt8] { Array((id?.wireName ?? "nil").utf8) }
    precondition(bytes(ZappScreenID(wireName: nfd)) == Array(nfd.utf8), "the NFD id decodes as the NFC screen")
    precondition(bytes(ZappScreenID(wireName: nfc)) == Array(nfc.utf8), "the NFC id decodes as the NFD screen")
    precondition(bytes(ZappScreenType(wireName: "t_nfd").screen) == Array(nfd.utf8), "t_nfd opens another screen")
    precondition(bytes(ZappScreenType(wireName: "t_nfc").screen) == Array(nfc.utf8), "t_nfc opens another screen")
    precondition(ZappScreenType(wireName: "t_none").screen == ZappScreenID(wireName: "none"), "t_none opens no screen")
    if case .unknown = ZappScreenID(wireName: "none") { preconditionFailure("the screen none is unknown") }
    print("ok")
    """#.write(to: swift.folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    try assertSwiftClientPrintsOK([source, "main.swift"], in: swift.folder)

    for (language, platform) in [("kotlin", "android"), ("typescript", "web")] {
      let files = try generate(language, project, platform: platform).files
      let text = String(decoding: try XCTUnwrap(files.first { $0.key != ".zlc-output" }?.value), as: UTF8.self)
      let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      // Kotlin's screen of a type is a `when` on the name, which kotlinc hashes (a `when (this)`
      // compared objects one by one); TypeScript looks names up in an index made once.
      for (typescript, screen) in [("t_nfd", "CafeU301"), ("t_nfc", "CafUE9"), ("t_none", "None_")] {
        let mapping =
          language == "kotlin" ? "\"\(typescript)\" -> ZappScreenId.\(screen)" : "map[\"\(typescript)\"] = ZappScreenId.\(screen);"
        XCTAssertTrue(lines.contains(mapping), "\(language): no \(mapping)")
      }
      if language == "kotlin" {
        XCTAssertTrue(lines.contains("fun of(wireName: String): ZappScreenId? = when (wireName) {"), "kotlin: no when on the name")
      } else {
        let index = "const zappScreenIdIndex = zappIndex<ZappScreenId>(zappScreenIds);"
        XCTAssertTrue(lines.contains(index), "typescript: no index of the screens")
        let lookup = "return zappDecodeIndexed<ZappScreenId>(zappScreenIdIndex, wireName);"
        XCTAssertTrue(lines.contains(lookup), "typescript: a scan of the screens")
      }
    }
  }

  /// Names that differ only as Swift's strings do not tell apart (`déjà` precomposed and with
  /// combining accents) stay two names in the Swift client: two `unknown` ones are unequal and a
  /// set keeps both, one beside a known name's other form decodes as `unknown`, a bundle's
  /// screen types of both forms decode as two, a platform's renderers are not another's, and a
  /// registry lists both in one order.
  func testUnknownNamesAreComparedByTheirBytes() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    XCTAssertEqual(try zlc(["init", project.path]).status, 0)
    let show = try String(contentsOf: project.appendingPathComponent("screens/show.json"), encoding: .utf8)
    let copy = show.replacingOccurrences(of: #""id": "show""#, with: "\"id\": \"caf\u{E9}\"")
      .replacingOccurrences(of: #""id": "show-episodes""#, with: #""id": "nfc-episodes""#)
    try copy.write(to: project.appendingPathComponent("screens/nfc.json"), atomically: true, encoding: .utf8)
    try #"{"screen_types": {"show": "show", "t_nfc": "caf\u00e9"}}"#.write(
      to: project.appendingPathComponent("screen_types.json"), atomically: true, encoding: .utf8)

    let swift = try generate("swift", project)
    let source = try XCTUnwrap(swift.files.first { $0.key.hasSuffix("ZappClient.swift") }?.key)
    try ##"""
    import Foundation
    let nfc = "d\u{E9}j\u{E0}"
    let nfd = "de\u{301}ja\u{300}"
    precondition(ZappScreenID.unknown(nfc) != .unknown(nfd), "two unknown names are equal")
    precondition(Set([ZappScreenID.unknown(nfc), .unknown(nfd)]).count == 2, "a set keeps one unknown name")
    precondition(ZappScreenType.unknown(nfc) != .unknown(nfd), "two unknown screen types are equal")
    precondition(ZappScreenID.unknown(nfc) == .unknown(nfc) && ZappScreenID.show == .show, "a name is not itself")
    precondition(ZappScreenID(wireName: "caf\u{E9}") == .cafUE9, "the known name is unknown")
    precondition(ZappScreenID(wireName: "cafe\u{301}") == .unknown("cafe\u{301}"), "another name decodes as a known one")
    let json = #"""
      {"format_version": 1, "zlc_version": "1", "devices": [], "screens": [{"id": "show", "file": "s.json", "sha256": ""}], "x": {"a": [1, "}"]}, "screen_types":
        {"d\u00e9j\u00e0": "show", "q\"{": "show", "de\u0301ja\u0300": "caf\u00e9"},
        "content_types": {"d\u00e9j\u00e0": "show", "de\u0301ja\u0300": "caf\u00e9"}}
      """#
    let index = try ZappBundleIndex(json: Data(json.utf8))
    precondition(index.screenTypes.count == 3, "screen types: \(index.screenTypes)")
    precondition(index.screenTypes[.unknown(nfc)] == .show, "the precomposed screen type is lost")
    precondition(index.screenTypes[.unknown(nfd)] == .cafUE9, "the combining screen type is lost")
    precondition(index.screenTypes[.unknown("q\"{")] == .show, "a name with a quote is lost")
    precondition(index.contentTypes.map(\.key) == [nfc, nfd], "content types: \(index.contentTypes)")
    precondition(index.contentTypes.map(\.screen) == [.show, .cafUE9], "a content type's screen is lost")
    let platforms = #"{"format_version": 2, "zlc_version": "1", "devices": [], "screens": [], "screen_types": {}, "content_types": {}, "required_renderers": [{"platform": "de\u0301ja\u0300", "component_types": ["x"]}]}"#
    let other = try ZappBundleIndex(json: Data(platforms.utf8))
    precondition(other.missingRenderers(for: nfc) == nil, "another platform's renderers are missing")
    precondition(other.supportsClient(zappSDK: "1", for: nfc) == nil, "another platform supports the client")
    precondition(other.missingRenderers(for: nfd) == ["x"], "the platform's renderers are not missing")
    let orders = [[nfc, nfd], [nfd, nfc]].map { zappRegistryJSON(platform: "p", clientVersion: "1", appliesFallbacks: false, lists: [("k", $0)]) }
    let registry = "{\n  \"platform\": \"p\",\n  \"client_version\": \"1\",\n  \"k\": [\"" + nfd + "\", \"" + nfc + "\"]\n}\n"
    precondition(orders.allSatisfy { Array($0.utf8) == Array(registry.utf8) }, "registries: \(orders)")
    print("ok")
    """##.write(to: swift.folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    try assertSwiftClientPrintsOK([source, "main.swift"], in: swift.folder)
  }

  /// `--platform` checks the project as that platform's bundle is built: an error of another
  /// platform's manifest does not hold its code back.
  func testAPlatformsCodeIsNotHeldBackByAnotherPlatformsError() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    XCTAssertEqual(try zlc(["init", project.path, "--template", "multi-platform"]).status, 0)
    let android = project.appendingPathComponent("components/promo_banner/android_for_quickbrick.json")
    try FileManager.default.removeItem(at: android)
    XCTAssertEqual(try zlc(["check", project.path]).status, 1, "the Android manifest is missing")
    let out = dir.appendingPathComponent("generated")
    let ios = try zlc(["generate", "swift", project.path, "--platform", "ios", "-o", out.path])
    XCTAssertEqual(ios.status, 0, ios.err)
    XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("ios/ZappClient.swift").path))
    let other = try zlc(["generate", "typescript", project.path, "--platform", "android_for_quickbrick", "-o", out.path + "-android"])
    XCTAssertEqual(other.status, 1, other.err)
  }

  /// A starter project (`zlc init`) whose `promo_banner` manifest serves every platform and has
  /// the styles fields `fields` makes of the starter's.
  func starterProject(fields: ([Any]) -> [Any]) throws -> URL {
    let dir = temporary()
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    XCTAssertEqual(try zlc(["init", project.path]).status, 0)
    let manifest = project.appendingPathComponent("components/promo_banner.json")
    var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
    json["platform"] = nil
    var styles = try XCTUnwrap(json["styles"] as? [String: Any])
    styles["fields"] = fields(styles["fields"] as? [Any] ?? [])
    json["styles"] = styles
    try JSONSerialization.data(withJSONObject: json).write(to: manifest)
    return project
  }

  /// Select fields whose keys start with a digit (`4k_mode`, `3d`): their option types start with
  /// `_`, and TypeScript's decoders are named apart from them (they were the same name, an enum
  /// and a function of one namespace, which tsc refuses). Compiled by tsc and run by Node.
  func testOptionTypesOfKeysThatStartWithADigitCompile() throws {
    let project = try starterProject { fields in
      fields + [
        ["key": "4k_mode", "type": "select", "options": ["on", "off"]],
        ["key": "3d", "type": "multi_select", "options": ["left", "right"]],
      ]
    }
    let script = """
      const s = m.PromoBannerStyles;
      console.log(JSON.stringify([s.decode_4kModeOption("on"), s.decode_3dOption("left"), s.decode_3dOption("up")]));
      """
    let out = try typeScriptMainOutput(script, project: project)
    XCTAssertEqual(out.trimmingCharacters(in: .whitespacesAndNewlines), #"["on","left",{"unknown":"up"}]"#)
  }

  /// Fields named after the members every TypeScript object has (`valueOf`, `hasOwnProperty`, …)
  /// take a `_`: a property of that name would have to be that member's function, and tsc refuses
  /// the styles' defaults. Compiled by tsc.
  func testFieldsNamedAfterMembersOfEveryObjectCompile() throws {
    let members = ["valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString"]
    let project = try starterProject { _ in members.map { ["key": $0, "type": "text_input", "initial_value": "v"] } }
    let generated = try generate("typescript", project, platform: "web").folder
    let code = try String(contentsOf: generated.appendingPathComponent("web/zapp-client.ts"), encoding: .utf8)
    for member in members { XCTAssertTrue(code.contains("\(member)_"), member) }
    _ = try compiledTypeScript(generated, platform: "web")
  }

  /// Names that are those of the functions the Swift client's enums and models call unqualified
  /// (`zappSameName`, `zappHashName`) or of their table of names (`zappByWireName`): a case or a property of that name would hide the function
  /// there, and swiftc would refuse the file. They take a `_`; compiled with warnings as errors and
  /// run, each decodes as its own case and the fields as their values.
  func testNamesOfTheSwiftHelperFunctionsDoNotHideThem() throws {
    let project = try starterProject { fields in
      fields + [
        ["key": "zapp_same_name", "type": "text_input"], ["key": "zappHashName", "type": "switch"],
        ["key": "mode", "type": "select", "options": ["zappSameName", "zapp_hash_name"]],
      ]
    }
    let show = try String(contentsOf: project.appendingPathComponent("screens/show.json"), encoding: .utf8)
    for (file, id) in [("same", "zappSameName"), ("hash", "zapp_hash_name"), ("by", "zapp_by_wire_name")] {
      let copy = show.replacingOccurrences(of: #""id": "show""#, with: #""id": "\#(id)""#)
        .replacingOccurrences(of: #""id": "show-episodes""#, with: #""id": "\#(file)-episodes""#)
      XCTAssertNotEqual(copy, show)
      try copy.write(to: project.appendingPathComponent("screens/\(file).json"), atomically: true, encoding: .utf8)
    }
    try #"{"screen_types": {"show": "show", "t_same": "zappSameName", "t_hash": "zapp_hash_name", "t_by": "zapp_by_wire_name"}}"#.write(
      to: project.appendingPathComponent("screen_types.json"), atomically: true, encoding: .utf8)
    let swift = try generate("swift", project, platform: "ios")
    // A name is found in a table made once: a `switch` on strings of every name, with a guard on
    // each case, took swiftc half an hour for 5,000 screens, and tried every case in turn.
    let client = String(decoding: try XCTUnwrap(swift.files["ios/ZappClient.swift"]), as: UTF8.self)
    XCTAssertFalse(client.contains("switch wireName"), "a switch on the names")
    XCTAssertTrue(client.contains("self = Self.zappByWireName[wireName]?.first {"), "no table of the names")
    try #"""
    let same = ZappScreenID(wireName: "zappSameName")
    precondition(same == .zappSameName_ && same.wireName == "zappSameName", "zappSameName: \(same)")
    precondition(ZappScreenID(wireName: "zapp_hash_name") == .zappHashName_, "zapp_hash_name is unknown")
    precondition(ZappScreenType(wireName: "t_hash").screen == .zappHashName_, "t_hash opens another screen")
    precondition(ZappScreenID(wireName: "zapp_by_wire_name") == .zappByWireName_, "zapp_by_wire_name is unknown")
    let styles = PromoBannerStyles(bundleValue: ["zapp_same_name": "a", "zappHashName": "1", "mode": "zapp_hash_name"])
    precondition(styles.zappSameName_ == "a" && styles.zappHashName_ == true, "fields: \(styles)")
    precondition(styles.mode == .zappHashName_ && PromoBannerStyles.ModeOption(wireName: "zappSameName") == .zappSameName_, "options")
    print("ok")
    """#.write(to: swift.folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    try assertSwiftClientPrintsOK(["ios/ZappClient.swift", "main.swift"], in: swift.folder)
  }

  /// A screen id of more bytes than a JVM string constant holds (65,535 in modified UTF-8, here
  /// some 80,000 with `é` and an emoji past the limit, and a `$`): kotlinc fails on such a literal,
  /// so the Kotlin client builds it from parts. Compiled with warnings as errors and run, the id
  /// decodes as its case, with its exact text, and its screen type opens it; a screen type of that
  /// name opens its screen (its branch of the `when` on the name is built from parts too).
  func testANameLongerThanAJVMStringConstantCompilesInKotlin() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    XCTAssertEqual(try zlc(["init", project.path]).status, 0)
    let long = String(repeating: "a", count: 40_000) + String(repeating: "\u{E9}", count: 20_000) + "\u{1F3AC}$x"
    let show = try String(contentsOf: project.appendingPathComponent("screens/show.json"), encoding: .utf8)
    let copy = show.replacingOccurrences(of: #""id": "show""#, with: #""id": "\#(long)""#)
      .replacingOccurrences(of: #""id": "show-episodes""#, with: #""id": "long-episodes""#)
    XCTAssertNotEqual(copy, show)
    try copy.write(to: project.appendingPathComponent("screens/long.json"), atomically: true, encoding: .utf8)
    try #"{"screen_types": {"show": "show", "t": "\#(long)", "\#(long)": "show"}}"#.write(
      to: project.appendingPathComponent("screen_types.json"), atomically: true, encoding: .utf8)
    let name = dir.appendingPathComponent("long.txt")
    try long.write(to: name, atomically: true, encoding: .utf8)
    let kotlin = try generate("kotlin", project, platform: "android")
    let main = """
      import zapp.android.*

      fun main(args: Array<String>) {
          val long = java.io.File(args[0]).readText()
          val id = ZappScreenId.of(long)
          println(if (id is ZappScreenId.Unknown) "unknown" else "known ${id.wireName == long} ${ZappScreenType.of("t").screen == id}")
          // A screen type of that name: its branch of the screen's `when` is built from parts.
          println(ZappScreenType.of(long).screen == ZappScreenId.of("show"))
      }
      """
    let out = try kotlinMainOutput(main, client: kotlin.folder.appendingPathComponent("android/ZappClient.kt"), arguments: [name.path])
    XCTAssertEqual(out, "known true true\ntrue\n")
  }

  /// Cell layouts whose identifiers meet (`starter_hero` and `Starter_Hero`, a family's
  /// `layoutId`s) are reported where a screen's cell style draws with each: at the first, with a
  /// note at the other, not at the project folder alone.
  func testCellLayoutsWhoseIdentifiersMeetAreReportedWhereAScreenDrawsThem() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    XCTAssertEqual(try zlc(["init", project.path]).status, 0)
    let family = project.appendingPathComponent("families/STARTER.json")
    let text = try String(contentsOf: family, encoding: .utf8)
    let renamed = text.replacingOccurrences(of: #""layoutId": "starter_list_row""#, with: #""layoutId": "Starter_Hero""#)
    XCTAssertNotEqual(renamed, text)
    try renamed.write(to: family, atomically: true, encoding: .utf8)
    let registry = project.appendingPathComponent("registries/ios.json")
    let registered = try String(contentsOf: registry, encoding: .utf8)
    try registered.replacingOccurrences(of: #""starter_list_row""#, with: #""Starter_Hero""#).write(
      to: registry, atomically: true, encoding: .utf8)
    /// `path:line:column` of `text` in a file of the project.
    func position(of text: String, in relative: String) throws -> String {
      let lines = try String(contentsOf: project.appendingPathComponent(relative), encoding: .utf8).components(separatedBy: "\n")
      let n = try XCTUnwrap(lines.firstIndex { $0.contains(text) })
      let range = try XCTUnwrap(lines[n].range(of: text))
      return "\(project.path)/\(relative):\(n + 1):\(lines[n].utf16.distance(from: lines[n].startIndex, to: range.lowerBound) + 1)"
    }
    let hashes = try ["Starter_Hero", "starter_hero"].map { String(try run(["sha256sum"], input: $0).out.prefix(8)) }
    let r = try zlc(["generate", "swift", project.path, "-o", dir.appendingPathComponent("out").path])
    XCTAssertEqual(r.status, 0, r.err)
    let upper = "starterHero_\(hashes[0])"
    let lower = "starterHero_\(hashes[1])"
    XCTAssertEqual(
      r.err.split(separator: "\n").filter { $0.hasPrefix("/") },
      [
        "\(try position(of: #""LIST_ROW""#, in: "screens/show.json")): warning: cell layouts 'Starter_Hero' and 'starter_hero' would "
          + "both be the identifier starterHero in the generated code, so each carries its name's hash: 'Starter_Hero' is \(upper), "
          + "'starter_hero' is \(lower) [ZL0121]",
        "\(try position(of: #""HERO_WIDE""#, in: "screens/home.json")): note: 'starter_hero' is here (\(lower))",
      ], r.err)
  }

  /// A screen `Show` beside `show` (and a screen type `Show` beside `show`, a field `Banner_Text`
  /// beside `banner_text`, an option `Hot` beside `hot`) renames the identifiers of both: `zlc
  /// generate` warns at the first name with a note at the other, naming the identifiers in the
  /// language's form; with `--warnings-as-errors` nothing is written.
  func testNamesWhoseIdentifiersMeetAreReported() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    XCTAssertEqual(try zlc(["init", project.path]).status, 0)
    let show = try String(contentsOf: project.appendingPathComponent("screens/show.json"), encoding: .utf8)
    try show.replacingOccurrences(of: #""id": "show""#, with: #""id": "Show""#)
      .replacingOccurrences(of: #""name": "Show""#, with: #""name": "Show 2""#)
      .write(to: project.appendingPathComponent("screens/show2.json"), atomically: true, encoding: .utf8)
    try #"{"screen_types": {"show": "show", "Show": "Show"}}"#.write(
      to: project.appendingPathComponent("screen_types.json"), atomically: true, encoding: .utf8)
    let manifest = project.appendingPathComponent("components/promo_banner.json")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    // A manifest for every platform: its model is in the Swift and the TypeScript code.
    let twin = text.replacingOccurrences(of: #""platform": "ios","#, with: "").replacingOccurrences(
      of: #"{ "key": "banner_text","#,
      with:
        #"{ "key": "Banner_Text", "type": "text_input" }, { "key": "badge", "type": "select", "options": ["hot", "Hot"] }, { "key": "banner_text","#
    )
    XCTAssertNotEqual(twin, text)
    try twin.write(to: manifest, atomically: true, encoding: .utf8)

    /// `path:line:column` of the `occurrence`th (from 0) `text` in a file of the project.
    func position(of text: String, in relative: String, occurrence: Int = 0) throws -> String {
      let lines = try String(contentsOf: project.appendingPathComponent(relative), encoding: .utf8).components(separatedBy: "\n")
      var found: [(Int, Int)] = []
      for (n, line) in lines.enumerated() {
        var rest = line[...]
        while let range = rest.range(of: text) {
          found.append((n + 1, line.utf16.distance(from: line.startIndex, to: range.lowerBound) + 1))
          rest = line[range.upperBound...]
        }
      }
      let (line, column) = try XCTUnwrap(found.dropFirst(occurrence).first)
      return "\(project.path)/\(relative):\(line):\(column)"
    }
    let screenShow = try position(of: #""show""#, in: "screens/show.json")
    let screenShow2 = try position(of: #""Show""#, in: "screens/show2.json")
    let typeShow = try position(of: #""show""#, in: "screen_types.json")
    let typeShow2 = try position(of: #""Show""#, in: "screen_types.json")
    let fieldTwin = try position(of: #""Banner_Text""#, in: "components/promo_banner.json")
    let field = try position(of: #""banner_text""#, in: "components/promo_banner.json")
    let (hot, hotTwin) = (
      try position(of: #""hot""#, in: "components/promo_banner.json"), try position(of: #""Hot""#, in: "components/promo_banner.json")
    )
    // The first 8 hex digits of each name's SHA-256, as sha256sum gives it.
    let hashes = try ["show", "Show", "Banner_Text", "banner_text", "hot", "Hot"].map {
      String(try run(["sha256sum"], input: $0).out.prefix(8))
    }
    for (language, platform, show, bannerText) in [("swift", "ios", "show", "bannerText"), ("typescript", "web", "Show", "bannerText")] {
      let out = dir.appendingPathComponent(language)
      let r = try zlc(["generate", language, project.path, "-o", out.path, "--platform", platform])
      XCTAssertEqual(r.status, 0, r.err)
      /// The warning at `spot` for `noun` `first` and `second`, and the note at `other`.
      func renamed(_ noun: String, _ first: String, _ second: String, as shared: String, hashes: [String], at spot: String, other: String)
        -> [String]
      {
        let got = "'\(first)' is \(shared)_\(hashes[0]), '\(second)' is \(shared)_\(hashes[1])"
        let warning = "\(spot): warning: \(noun) '\(first)' and '\(second)' would both be the identifier \(shared) in the generated code, "
        return [
          warning + "so each carries its name's hash: \(got) [ZL0121]", "\(other): note: '\(second)' is here (\(shared)_\(hashes[1]))",
        ]
      }
      var expected = renamed(
        "styles fields of the plugin 'promo_banner'", "Banner_Text", "banner_text", as: bannerText, hashes: Array(hashes[2...]),
        at: fieldTwin, other: field)
      expected += renamed(
        "options of the field 'badge' of the plugin 'promo_banner'", "hot", "Hot", as: show == "show" ? "hot" : "Hot",
        hashes: Array(hashes[4...]), at: hot, other: hotTwin)
      expected += renamed("screen types", "show", "Show", as: show, hashes: hashes, at: typeShow, other: typeShow2)
      expected += renamed("screen ids", "show", "Show", as: show, hashes: hashes, at: screenShow, other: screenShow2)
      if platform == "web" {  // the demo names ios alone
        expected.append(
          "\(project.path): note: the project does not name platform 'web': its code is written with the manifests web reads, "
            + "but not checked with the platform checks (such as a manifest for each plugin, or the family each component is drawn with): they ran for ios alone [ZL0114]"
        )
      }
      XCTAssertEqual(r.err.split(separator: "\n").filter { $0.hasPrefix("/") }, expected.map { Substring($0) }, r.err)
      let source = String(decoding: try XCTUnwrap(try snapshot(out).first { $0.key != ".zlc-output" }?.value), as: UTF8.self)
      XCTAssertTrue(source.contains("\(show)_\(hashes[1])"), "\(language): the warning names another identifier than the code's")
    }
    let out = dir.appendingPathComponent("strict")
    let r = try zlc(["generate", "swift", project.path, "-o", out.path, "--warnings-as-errors"])
    XCTAssertEqual(r.status, 1, r.err)
    XCTAssertTrue(r.err.contains("error: screen ids 'show' and 'Show'"), r.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "written despite --warnings-as-errors")
  }
}
