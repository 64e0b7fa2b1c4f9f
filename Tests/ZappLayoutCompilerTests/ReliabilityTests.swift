import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappResolution
@testable import ZappRules
@testable import ZappWriters

/// Issue 10: values that would make a bundle a client cannot read are diagnostics at their source,
/// values the checker accepts are normalised, ids are compared as clients compare them, and
/// reachability follows what opens what.
final class ReliabilityTests: XCTestCase {
  static let home = Example.home
  /// A root screen the home screen's navigation opens.
  static let other =
    #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}]}]"#

  /// Checks a project whose files may hold `⟦⟧` markers; returns the outcome and, per marker, the
  /// project-relative file and its position.
  func check(_ marked: [String: String], limits: ReaderLimits = .default) throws -> (CheckOutcome, [String]) {
    var files: [String: String] = [:]
    var expected: [String] = []
    for (path, text) in marked {
      let m = Marked(text)
      files[path] = m.text
      expected += m.positions.map { "\(path):\($0.line):\($0.column)" }
    }
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (Driver.check(dir, limits: limits), expected.sorted())
  }

  /// `file:line:column` of each diagnostic, relative to the project.
  func places(_ outcome: CheckOutcome, code: String) -> [String] {
    outcome.diagnostics.filter { $0.code == code }.map { d in
      let file = (d.location?.file ?? "").replacingOccurrences(of: outcome.project.directory + "/", with: "")
      return "\(file):\(d.location?.line ?? 0):\(d.location?.column ?? 0)"
    }.sorted()
  }

  func message(_ outcome: CheckOutcome, code: String) -> String? { outcome.diagnostics.first { $0.code == code }?.message }

  // MARK: Non-finite numbers never reach a bundle

  func testTinyAndHugeCellRatiosAreDiagnosedAtTheAttribute() throws {
    for (value, ok) in [("1e-320", false), ("0.001", false), ("1000", false), ("0.01", true), ("100", true), ("1.78", true)] {
      let family = #"<Family name="F"><Screens><Screen type="default" aspectCellRatio=⟦⟧"\#(value)"/></Screens></Family>"#
      let (outcome, expected) = try check(["families/f.xml": family])
      XCTAssertEqual(places(outcome, code: "ZL0504"), ok ? [] : expected, value)
      if !ok {
        XCTAssertEqual(message(outcome, code: "ZL0504"), "'aspectCellRatio' must be from 0.01 to 100, found '\(value)'")
      }
    }
  }

  func testLengthsBeyondTheRangeAreDiagnosed() throws {
    let family =
      #"<Family name="F"><Responsive standardWidth=⟦⟧"1e300" scale="1.2"/><Screens><Screen type="default" insetLeft=⟦⟧"20000" cellHeight=⟦⟧"1e-9"/></Screens></Family>"#
    let (outcome, expected) = try check(["families/f.xml": family])
    XCTAssertEqual(places(outcome, code: "ZL0501"), [], "no value is negative")
    XCTAssertEqual(places(outcome, code: "ZL0512") + places(outcome, code: "ZL0504"), expected)
    XCTAssertEqual(
      Set(outcome.diagnostics.filter { $0.code.hasPrefix("ZL05") }.map(\.message)),
      [
        "'standardWidth' must be from 1 to 10000, found '1e300'", "'insetLeft' must be at most 10000 points, found '20000'",
        "'cellHeight' must be from 0.01 to 10000 points, found '1e-9'",
      ])
  }

  func testDeviceWidthsMustBeFiniteAndInRange() throws {
    let settings = """
      {"devices": [{"name": "a", "class": "phone", "width": ⟦⟧"nan"}, {"name": "b", "class": "phone", "width": ⟦⟧"inf"},
        {"name": "c", "class": "phone", "width": ⟦⟧"1e400"}, {"name": "d", "class": "phone", "width": ⟦⟧"0x10"},
        {"name": "e", "class": "phone", "width": ⟦⟧1e308}, {"name": "f", "class": "tablet", "width": "768"}]}
      """
    let (outcome, expected) = try check(["zlc.json": settings, "screens/home.json": Self.home])
    XCTAssertEqual(places(outcome, code: "ZL0202") + places(outcome, code: "ZL0203"), expected)
    XCTAssertEqual(message(outcome, code: "ZL0203"), "device width must be from 1 to 10000 points, found 1e308")
    XCTAssertEqual(outcome.project.settings.devices.map(\.name), ["f"])
  }

  // MARK: Accepted values are normalised

  func testHomeWrittenAsAStringIsABooleanInTheBundle() throws {
    let home = Self.home.replacingOccurrences(of: #""home": true"#, with: #""home": "true""#)
    let (outcome, _) = try check(["screens/home.json": home, "screens/o.json": Self.other])
    XCTAssertEqual(outcome.diagnostics.map(\.code), [])
    let screen = try XCTUnwrap(outcome.project.screen(id: "home"))
    let bytes = Resolver(project: outcome.project).resolvedScreen(screen).json.encoded()
    let decoded = try ResolvedScreen(data: Data(bytes))
    XCTAssertEqual(decoded.home, true)
    XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains(#""home": true,"#))
  }

  func testPassThroughNumbersKeepTheirText() throws {
    let family = """
      {"name": "F", "screens": [{"type": "default", "aspectCellRatio": 1}],
       "components": [{"type": "grid", "cells": [{"name": "G", "displayRules": {"a": 0.125, "b": 0.004, "c": 9007199254740993, "d": [1.50, -0]}}]}]}
      """
    let screen =
      #"[{"id": "home", "type": "general_content", "home": true, "styles": {"family": "F"}, "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["G"]}}]}]"#
    let (outcome, _) = try check(["families/f.json": family, "screens/home.json": screen])
    XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    let text = Resolver(project: outcome.project).resolvedScreen(outcome.project.screens[0]).json.encodedString(pretty: false)
    XCTAssertTrue(text.contains(#""display_rules":{"a":0.125,"b":0.004,"c":9007199254740993,"d":[1.50,-0]}"#), text)
  }

  // MARK: File names

  func testSafeFileNamesNeverCollide() {
    let mangled = BundleWriter.safeFileNames(for: ["a/b"])[0]
    XCTAssertTrue(mangled.hasPrefix("a_b~") && mangled.count == 4 + 16, mangled)
    // A literal id equal to another id's mangled name, ids differing only in case, a plain id
    // that matches a mangled prefix, equal ids, and ids that are not plain.
    let ids = ["a/b", mangled, "Home", "home", "a_b", "x", "x", "", ".hidden", String(repeating: "long", count: 30)]
    let names = BundleWriter.safeFileNames(for: ids)
    XCTAssertEqual(Set(names.map { $0.lowercased() }).count, ids.count, "\(names)")
    XCTAssertEqual(names[0], mangled, "the same id gives the same name whatever else the project holds")
    XCTAssertEqual(names[4], "a_b", "a plain, unique id is its own name")
    XCTAssertTrue(names[1].hasPrefix("a_b_") && names[1].contains("~"), names[1])
    XCTAssertTrue(names[2].hasPrefix("Home~") && names[3].hasPrefix("home~"), "ids that differ only in case are both mangled")
    XCTAssertEqual(names[6], names[5] + "~2")
    XCTAssertTrue(names[7].hasPrefix("screen~") && names[8].hasPrefix("_hidden~"), "\(names)")
    XCTAssertTrue(names.allSatisfy { !$0.hasPrefix(".") && !$0.contains("/") })
  }

  /// A reserved name (the preview's `index`, the paths `zlc serve` answers itself) is made safe in
  /// any case, as an unsafe id is; other ids stay plain.
  func testReservedNamesAreMangled() {
    let names = BundleWriter.safeFileNames(for: ["index", "Index", "home", "indexes"], reserving: ["index"])
    XCTAssertTrue(names[0].hasPrefix("index~") && names[1].hasPrefix("Index~"), "\(names)")
    XCTAssertEqual(Array(names.suffix(2)), ["home", "indexes"])
    let folders = BundleWriter.platformFolders(for: ["preview", "_zlc", "ios", "platforms.json"])
    XCTAssertTrue(
      folders[0].hasPrefix("preview~") && folders[1].hasPrefix("_zlc~") && folders[3].hasPrefix("platforms.json~"), "\(folders)")
    XCTAssertEqual(folders[2], "ios")
  }

  /// Names Windows reserves for devices, in any case and before any extension, are never file
  /// names: they are made safe like any other unsafe id, and `_` goes before a reserved stem.
  func testNamesWindowsReservesAreMangled() {
    let ids = ["CON", "nul", "aux", "LPT1", "com0", "Prn", "con.foo", "lpt9.x.y", "console", "com10", "lpt", "nul_", "a.con"]
    let names = BundleWriter.safeFileNames(for: ids)
    for (id, name) in zip(ids.prefix(8), names) {
      XCTAssertTrue(name.hasSuffix("~" + Digest.sha256Hex(Array(id.utf8)).prefix(16)), "\(id): \(name)")
      XCTAssertFalse(BundleWriter.isReservedOnWindows(name), name)
    }
    XCTAssertTrue(names[0].hasPrefix("CON~") && names[6].hasPrefix("_con.foo~") && names[7].hasPrefix("_lpt9.x.y~"), "\(names)")
    XCTAssertEqual(Array(names.suffix(5)), ["console", "com10", "lpt", "nul_", "a.con"], "names that only look alike stay plain")
    XCTAssertTrue(["CON.json", "nul", "Aux.tar.gz", "COM7", "lpt0.txt", "nUl.é"].allSatisfy(BundleWriter.isReservedOnWindows))
    let alike = [
      "", ".con", "co", "com", "comx", "lpt1x", "com\u{663}", "ＣＯＮ", "cön", "prn_", "lpt~1", "c\u{301}on", "com\u{11}", "lpt\u{19}.x",
      "c@n",
    ]
    XCTAssertFalse(alike.contains(where: BundleWriter.isReservedOnWindows), "\(alike.filter(BundleWriter.isReservedOnWindows))")
  }

  // MARK: Replacing the output

  /// A swap the system refuses because the output is a mount point or on another file system
  /// (EXDEV, EBUSY) is said in words, never tried again with two renames (which would fail the same
  /// way, or copy across file systems); a file system without an exchange falls back to them.
  func testASwapThatCannotCrossFileSystemsIsWorded() {
    let folder = OutputFolder(shown: "out", path: "/tmp/out", kind: .bundle)
    for code in [EXDEV, EBUSY] {
      XCTAssertEqual(
        "\(folder.swapFailure(code))",
        "cannot replace 'out': it is a mount point or on another file system than the folder that holds it, and zlc replaces its output by renaming a folder beside it, which is impossible there; zlc keeps it as it is: build into a folder inside it (-o out/bundle)"
      )
      XCTAssertFalse(OutputFolder.cannotExchange(code))
    }
    XCTAssertEqual("\(folder.swapFailure(EACCES))", "cannot replace 'out': Permission denied; zlc keeps it as it is")
    XCTAssertTrue([EINVAL, ENOSYS, EOPNOTSUPP].allSatisfy(OutputFolder.cannotExchange))
  }

  // MARK: Ids as clients compare them

  func testIdsThatDifferOnlyInNormalisationAreDifferentWithANote() throws {
    let nfc = "caf\u{E9}"
    let nfd = "cafe\u{301}"
    let home = Self.home.replacingOccurrences(of: #"{"target": "other"}"#, with: #"{"target": ⟦⟧"\#(nfd)"}"#)
    let other = #"[{"id": ⟦⟧"\#(nfc)", "type": "favorites", "ui_components": []}]"#
    let (outcome, expected) = try check(["screens/home.json": home, "screens/o.json": other])
    let error = try XCTUnwrap(outcome.diagnostics.first { $0.code == "ZL0307" })
    XCTAssertEqual(error.message, "navigation target '\(nfd)' is not the id of any screen")
    XCTAssertEqual("screens/home.json:\(error.location!.line):\(error.location!.column)", expected[0])
    XCTAssertEqual(
      error.notes.map(\.message),
      [
        "screen '\(nfc)' differs only in Unicode normalisation (NFC and NFD); clients compare ids by their exact characters"
      ])
    XCTAssertEqual(error.notes.first.map { "screens/o.json:\($0.spot!.location.line):\($0.spot!.location.column)" }, expected[1])
    // The two spellings are two screens, not one id used twice.
    let twins =
      #"[{"id": "\#(nfc)", "type": "favorites", "ui_components": []}, {"id": "\#(nfd)", "type": "favorites", "ui_components": []}]"#
    let (both, _) = try check(["screens/home.json": Self.home, "screens/o.json": twins])
    XCTAssertEqual(both.diagnostics.filter { $0.code == "ZL0404" }.count, 0)
  }

  // MARK: Reachability

  func testConnectedScreensThatOnlyOpenThemselvesOrEachOtherAreUnreachable() throws {
    func connected(_ id: String, opens target: String) -> String {
      #"{"id": ⟦⟧"\#(id)", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [{"component_type": "grid", "data": {"target": "\#(target)"}, "styles": {"cell_styles": ["GRID_1"]}}]}"#
    }
    let island = "[" + connected("a", opens: "b") + ", " + connected("b", opens: "a") + ", " + connected("self", opens: "self") + "]"
    let (outcome, expected) = try check([
      "screens/home.json": Self.home, "screens/o.json": Self.other, "screens/island.json": island,
    ])
    XCTAssertEqual(places(outcome, code: "ZL0408"), expected)
    let a = try XCTUnwrap(outcome.diagnostics.first { $0.code == "ZL0408" && $0.message.contains("'a'") })
    XCTAssertEqual(a.message, "nothing can open connected screen 'a': only screens that cannot be reached themselves open it")
    XCTAssertEqual(a.notes.map(\.message), ["opened from screen 'b', which nothing reachable opens"])
    let own = try XCTUnwrap(outcome.diagnostics.first { $0.code == "ZL0408" && $0.message.contains("'self'") })
    XCTAssertTrue(
      own.message.hasSuffix(
        "no screen_types or content_types mapping, component data.target, header or footer target, hook, screen_selector field or navigation item names it, and it has no data.parent naming another screen"
      ))

    // Opened from the home screen, the island is reachable.
    let home = Self.home.replacingOccurrences(
      of: #""nav_items": [{"title": "Other", "data": {"target": "other"}}]"#,
      with: #""nav_items": [{"title": "Other", "data": {"target": "other"}}, {"title": "A", "data": {"target": "a"}}]"#)
    let (fixed, _) = try check([
      "screens/home.json": home, "screens/o.json": Self.other, "screens/island.json": island,
    ])
    XCTAssertEqual(places(fixed, code: "ZL0408").count, 1, "only the screen that opens itself")
  }

  // MARK: Limits as documented

  func testTheStringLimitCountsTheStringNotItsQuotes() {
    var limits = ReaderLimits()
    limits.maxStringBytes = 8
    XCTAssertEqual(JSONReader.read(SourceFile(path: "s.json", text: #"["12345678"]"#), limits: limits).diagnostics.map(\.code), [])
    XCTAssertEqual(JSONReader.read(SourceFile(path: "s.json", text: #"["123456789"]"#), limits: limits).diagnostics.map(\.code), ["ZL0116"])
  }

  func testFilesThatAreNotInputsAreNeitherCountedNorRead() throws {
    var files: [String: String] = ["screens/home.json": Self.home, "screens/o.json": Self.other]
    for i in 0..<20 {
      files["node_modules/pkg/f\(i).json"] = "not json"
      files["screens/node_modules/f\(i).json"] = "not json"
      files[".git/objects/\(i)"] = "x"
      files["docs/\(i).json"] = "{"
    }
    var limits = ReaderLimits()
    limits.maxFiles = 3
    let (outcome, _) = try check(files, limits: limits)
    XCTAssertEqual(outcome.diagnostics.map(\.code), [])
    XCTAssertEqual(outcome.project.files.filter { !$0.path.hasPrefix("<built-in>") }.count, 2)
  }

  func testTheTotalSizeOfAProjectIsLimitedOnce() throws {
    var limits = ReaderLimits()
    limits.maxProjectBytes = 400
    let (outcome, _) = try check(["screens/home.json": Self.home, "screens/o.json": Self.other], limits: limits)
    XCTAssertEqual(outcome.diagnostics.map(\.message), ["the project's input files hold more than 400 bytes"])
    XCTAssertEqual(outcome.status, .inputErrors)
  }

  func testAnUnreadableKindOfFileIsNeverOpenedForLong() throws {
    let dir = try makeProject(["screens/home.json": Self.home])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(mkfifo(dir + "/screens/pipe.json", 0o644), 0)
    let outcome = Driver.check(dir)
    XCTAssertEqual(
      outcome.diagnostics.map(\.message),
      [
        "cannot read '\(dir)/screens/pipe.json': it is a FIFO, not a regular file; zlc reads only regular files"
      ])
    XCTAssertEqual(outcome.status, .ioFailure)
    // Read directly (as `zlc map --sender` reads), a device is refused without reading a byte.
    let bag = DiagnosticBag()
    XCTAssertNil(ProjectLoader().readFile("/dev/zero", bag: bag))
    XCTAssertEqual(
      bag.all.map(\.message), ["cannot read '/dev/zero': it is a character device, not a regular file; zlc reads only regular files"])
  }

  /// A file or folder whose name is not UTF-8 (a Latin-1 name from an old archive) is listed with
  /// U+FFFD in its place, a name no file has: it is reported as a name to change, not as a file
  /// that vanished, in the project and in a feeds folder.
  func testANameThatIsNotUTF8IsReportedAsSuch() throws {
    let dir = try makeProject(["screens/home.json": Self.home])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/feeds", withIntermediateDirectories: false)
    func make(_ name: [UInt8], folder: Bool) {
      let path = Array((dir + "/").utf8) + name + [0]
      let made = path.withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { folder ? mkdir($0.baseAddress!, 0o755) : creat($0.baseAddress!, 0o644) }
      }
      XCTAssertGreaterThanOrEqual(made, 0)
      if !folder { close(made) }
    }
    make(Array("screens/caf".utf8) + [0xE9] + Array(".json".utf8), folder: false)
    make(Array("screens/".utf8) + [0xFF], folder: true)
    make(Array("feeds/".utf8) + [0xFE] + Array(".json".utf8), folder: false)
    let outcome = Driver.check(dir)
    let reason = "its name is not valid UTF-8 (zlc reads names as UTF-8); rename it"
    XCTAssertEqual(
      outcome.diagnostics.map { "\($0.code) \($0.path ?? "") \($0.message)" },
      [
        "ZL0100 \(dir)/screens/caf\u{FFFD}.json cannot read '\(dir)/screens/caf\u{FFFD}.json': \(reason)",
        "ZL0100 \(dir)/screens/\u{FFFD} cannot read '\(dir)/screens/\u{FFFD}': \(reason)",
      ])
    XCTAssertEqual(outcome.status, .ioFailure)
    let feeds = Driver.readSenders(dir + "/feeds", project: outcome.project)
    XCTAssertEqual(
      feeds.diagnostics.map { "\($0.code) \($0.message)" }, ["ZL0100 cannot read '\(dir)/feeds/\u{FFFD}.json': \(reason)"])
  }

  /// Makes a file or folder in `dir` whose name is given as bytes (not UTF-8 as may be).
  private static func make(_ name: [UInt8], in dir: String, folder: Bool = false) {
    let path = Array((dir + "/").utf8) + name + [0]
    let made = path.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { folder ? mkdir($0.baseAddress!, 0o755) : creat($0.baseAddress!, 0o644) }
    }
    XCTAssertGreaterThanOrEqual(made, 0)
    if !folder { close(made) }
  }

  /// A name that is not UTF-8 is told from the valid name it is listed with (`\xff.json` and
  /// `\u{FFFD}.json` both list as `�.json`): the first is reported, the second read once; two
  /// names that list alike are reported each.
  func testANameThatIsNotUTF8IsToldFromTheValidNameItListsAs() throws {
    let dir = try makeProject(["screens/home.json": Self.home, "screens/\u{FFFD}.json": Self.other])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    Self.make(Array("screens/".utf8) + [0xFF] + Array(".json".utf8), in: dir)
    let reason = "its name is not valid UTF-8 (zlc reads names as UTF-8); rename it"
    var outcome = Driver.check(dir)
    XCTAssertEqual(
      outcome.diagnostics.filter { $0.code == "ZL0100" }.map(\.message), ["cannot read '\(dir)/screens/\u{FFFD}.json': \(reason)"])
    XCTAssertEqual(outcome.project.screens.map(\.id.value).sorted(), ["home", "other"], "the valid file is read, once")
    XCTAssertEqual(outcome.status, .ioFailure)
    try FileManager.default.removeItem(atPath: dir + "/screens/\u{FFFD}.json")
    Self.make(Array("screens/".utf8) + [0xFE] + Array(".json".utf8), in: dir)
    outcome = Driver.check(dir)
    XCTAssertEqual(
      outcome.diagnostics.map { "\($0.code) \($0.message)" },
      Array(repeating: "ZL0100 cannot read '\(dir)/screens/\u{FFFD}.json': \(reason)", count: 2))
  }

  /// A file gone between the walk and the read, at a valid name holding U+FFFD, is reported as
  /// gone, not as a name that is not UTF-8.
  func testAGoneFileWhoseValidNameHoldsTheReplacementCharacterIsReportedAsGone() throws {
    let bag = DiagnosticBag()
    let path = NSTemporaryDirectory() + "zlc-gone-\(UUID().uuidString)/\u{FFFD}.json"
    XCTAssertNil(ProjectLoader().readFile(path, bag: bag))
    XCTAssertEqual(bag.all.map(\.message), ["cannot read '\(path)': No such file or directory"])
  }

  /// A name that is not UTF-8 and could not be an input (`notes-\xe9.txt` in `screens/`) is
  /// passed over as any such name is.
  func testANameThatIsNotUTF8AndNoInputIsPassedOver() throws {
    let dir = try makeProject(["screens/home.json": Self.home])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    Self.make(Array("screens/notes-".utf8) + [0xE9] + Array(".txt".utf8), in: dir)
    Self.make([0xE9], in: dir, folder: true)
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0100" }.map(\.message), [])
    XCTAssertNotEqual(outcome.status, .ioFailure)
  }

  /// In a feeds folder, a feed whose name is not UTF-8 is reported and the valid feed it lists as
  /// is read once.
  func testAFeedNameThatIsNotUTF8IsToldFromTheValidNameItListsAs() throws {
    let dir = try makeProject(["screens/home.json": Self.home, "feeds/\u{FFFD}.json": "{}"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    Self.make(Array("feeds/".utf8) + [0xFF] + Array(".json".utf8), in: dir)
    let feeds = Driver.readSenders(dir + "/feeds", project: Driver.check(dir).project)
    XCTAssertEqual(
      feeds.diagnostics.filter { $0.code == "ZL0100" }.map(\.message),
      ["cannot read '\(dir)/feeds/\u{FFFD}.json': its name is not valid UTF-8 (zlc reads names as UTF-8); rename it"])
    XCTAssertEqual(feeds.diagnostics.filter { $0.code == "ZL0706" }.count, 1, "the valid feed is read once")
  }

  /// A folder where a top-level input file belongs (`screen_types.json/`, `zlc.json/`) is
  /// refused as a FIFO there is: the mappings or settings it hides are not silently dropped.
  func testAFolderNamedAsATopLevelInputIsRefused() throws {
    for name in ["screen_types.json", "zlc.json", "rivers.json"] {
      let dir = try makeProject(["screens/home.json": Self.home])
      defer { try? FileManager.default.removeItem(atPath: dir) }
      try FileManager.default.createDirectory(atPath: dir + "/" + name, withIntermediateDirectories: false)
      let outcome = Driver.check(dir)
      XCTAssertEqual(
        outcome.diagnostics.map { "\($0.code) \($0.message)" },
        ["ZL0100 cannot read '\(dir)/\(name)': it is a folder, not a regular file; zlc reads only regular files"], name)
      XCTAssertEqual(outcome.status, .ioFailure, name)
    }
  }

  /// A file where an input folder belongs (a link Git checked out as a plain file) is refused at
  /// its path, naming the target it holds, in whatever case its name is written: the inputs it
  /// hides are not silently dropped, nor reported as unknown names. An absent folder is fine.
  func testAFileNamedAsAnInputFolderIsRefused() throws {
    for (name, text) in [
      ("components", "../shared/components\n"), ("Families", "../shared/families"), ("screens", "{}"), ("registries", ""),
    ] {
      let dir = try makeProject(["rivers.json": Self.home.dropLast() + ", " + Example.screen(Example.grid).dropFirst()])
      defer { try? FileManager.default.removeItem(atPath: dir) }
      try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
      let outcome = Driver.check(dir)
      let holds =
        text.hasPrefix("../") ? "; it holds '\(text.trimmingCharacters(in: .newlines))', as a link checked out as a plain file does" : ""
      XCTAssertEqual(
        outcome.diagnostics.map { "\($0.code) \($0.path ?? "-") \($0.message)" },
        ["ZL0100 \(dir)/\(name) '\(dir)/\(name)' is a file where zlc reads a folder of inputs\(holds)"], name)
      XCTAssertEqual(
        outcome.diagnostics.flatMap(\.notes).map(\.message),
        name == "Families"
          ? [
            "references to families (ZL0301, ZL0302, ZL0304-ZL0306, ZL0315, ZL0320, ZL0328, ZL0413, ZL0511, ZL0620) were not checked until this file can be read"
          ]
          : [], name)
      XCTAssertEqual(outcome.status, .ioFailure, name)
      try FileManager.default.removeItem(atPath: dir + "/" + name)
      XCTAssertEqual(Driver.check(dir).diagnostics.filter { $0.severity == .error }.map(\.message), [], name)
    }
  }

  /// Two settings or screen type files whose names differ only in case (both read as one input):
  /// ZL0120 at the one not read, though it comes first in byte order: the lower-case one is read.
  func testASecondSettingsFileDifferingInCaseIsReported() throws {
    for (name, text, other) in [
      ("ZLC.json", #"{"app": "Upper", "devicess": []}"#, "zlc.json"),
      ("Screen_Types.json", #"{"screen_types": {"show": "nowhere"}}"#, "screen_types.json"),
    ] {
      let dir = try makeProject(Example.baseProject.merging([other: other == "zlc.json" ? #"{"app": "Lower"}"# : "{}", name: text]) { $1 })
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let outcome = Driver.check(dir)
      XCTAssertEqual(
        outcome.diagnostics.map { "\($0.code) \($0.path ?? "-") \($0.message)" },
        [
          "ZL0120 \(dir)/\(name) '\(name)' is not read: its name differs from '\(other)' only in case, and a project has one \(other); merge the two files and remove '\(name)'"
        ], name)
      XCTAssertEqual(outcome.status, .inputErrors, name)
      if other == "zlc.json" { XCTAssertEqual(outcome.project.settings.app, "Lower") }
    }
  }

  // MARK: Links

  /// The inputs `discover` finds in `dir`, relative to it, and what the check reports.
  func linked(_ dir: String, limits: ReaderLimits = .default) -> (inputs: [String], outcome: CheckOutcome) {
    var loader = ProjectLoader()
    loader.limits = limits
    let inputs = loader.discover(dir, bag: DiagnosticBag()).entries.map(\.relative)
    return (inputs, Driver.check(dir, limits: limits))
  }

  /// A link to a folder the walk also reaches directly (`screens/a/link`, sorted before
  /// `screens/ab`) reads its files once, at the path through no link; a link to a folder outside
  /// the input folders reads its files once, through the link.
  func testAFolderReachedThroughALinkIsReadOnce() throws {
    let dir = try makeProject(["screens/home.json": Self.home, "screens/ab/o.json": Self.other])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/screens/a", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: dir + "/screens/a/link", withDestinationPath: "../ab")
    let (inputs, outcome) = linked(dir)
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    XCTAssertEqual(inputs, ["screens/ab/o.json", "screens/home.json"])
    XCTAssertEqual(outcome.project.screens.filter { $0.id.value == "other" }.map(\.id.spot.file.path), [dir + "/screens/ab/o.json"])

    let outside = try makeProject(["screens/home.json": Self.home, "shared/more/o.json": Self.other])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: outside) }
    try FileManager.default.createSymbolicLink(atPath: outside + "/screens/more", withDestinationPath: "../shared/more")
    let (outsideInputs, outsideOutcome) = linked(outside)
    XCTAssertEqual(outsideOutcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    XCTAssertEqual(outsideInputs, ["screens/home.json", "screens/more/o.json"])
  }

  /// A link to another input file, before or after it in walk order, reads it once, at its own
  /// path; the file limit counts it once.
  func testAFileReachedThroughALinkIsReadOnceAndCountedOnce() throws {
    var two = ReaderLimits()
    two.maxFiles = 2
    for link in ["screens/a.json", "screens/z.json"] {
      let dir = try makeProject(["screens/home.json": Self.home, "screens/o.json": Self.other])
      addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
      try FileManager.default.createSymbolicLink(atPath: dir + "/" + link, withDestinationPath: "o.json")
      for limits in [ReaderLimits.default, two] {
        let (inputs, outcome) = linked(dir, limits: limits)
        XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [], link)
        XCTAssertEqual(inputs, ["screens/home.json", "screens/o.json"], link)
      }
    }
  }

  /// One id in two files is a duplicate (ZL0404) at the second file, with a note at the first,
  /// once however many links reach the second.
  func testAnIdInTwoFilesIsADuplicateOnceWhateverLinksReachThem() throws {
    let second = #"[{"id": ⟦⟧"other", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": []}]"#
    let first = Self.other.replacingOccurrences(of: #""id": "other""#, with: #""id": ⟦⟧"other""#)
    let (_, expected) = try check(["screens/home.json": Self.home, "screens/o.json": first, "screens/p.json": second])
    let dir = try makeProject(["screens/home.json": Self.home, "screens/o.json": Self.other, "screens/p.json": Marked(second).text])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createSymbolicLink(atPath: dir + "/screens/q.json", withDestinationPath: "p.json")
    let (inputs, outcome) = linked(dir)
    XCTAssertEqual(inputs, ["screens/home.json", "screens/o.json", "screens/p.json"])
    let duplicates = outcome.diagnostics.filter { $0.code == "ZL0404" }
    XCTAssertEqual(duplicates.map(\.message), ["screen id 'other' is used by another screen"])
    let d = try XCTUnwrap(duplicates.first)
    XCTAssertEqual(d.path, dir + "/screens/p.json")
    XCTAssertEqual("screens/p.json:\(d.spot!.location.line):\(d.spot!.location.column)", expected[1])
    XCTAssertEqual(d.notes.map(\.message), ["first used here"])
    XCTAssertEqual(d.notes.first.map { "screens/o.json:\($0.spot!.location.line):\($0.spot!.location.column)" }, expected[0])
  }

  /// Two links to one folder that do not loop (`screens/l1`, `screens/l2` to `shared/s`) are
  /// followed, and its files read once, through the first; a diamond of links (ten links to a
  /// folder holding ten links to the next …) walks each folder once, not once per path.
  func testTwoLinksToOneFolderAreFollowedAndReadOnce() throws {
    let dir = try makeProject(["screens/home.json": Self.home, "shared/s/o.json": Self.other])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    for link in ["screens/l1", "screens/l2"] {
      try FileManager.default.createSymbolicLink(atPath: dir + "/" + link, withDestinationPath: "../shared/s")
    }
    let (inputs, outcome) = linked(dir)
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    XCTAssertEqual(inputs, ["screens/home.json", "screens/l1/o.json"])

    try FileManager.default.createDirectory(atPath: dir + "/screens/d", withIntermediateDirectories: false)
    for (folder, target) in [("screens/d", "../../shared/a"), ("shared/a", "../b"), ("shared/b", "../c"), ("shared/c", "../s")] {
      try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
      for i in 1...10 { try FileManager.default.createSymbolicLink(atPath: dir + "/\(folder)/l\(i)", withDestinationPath: target) }
    }
    let real = URL(fileURLWithPath: dir).resolvingSymlinksInPath().path
    var walker = InputWalker(directory: dir, rootReal: real, limits: .default, bag: DiagnosticBag())
    walker.walk(dir, relative: "", depth: 0)
    XCTAssertEqual(walker.bag.all.map(\.message), [])
    XCTAssertEqual(walker.entries.map(\.relative), ["screens/d/l1/l1/l1/l1/o.json", "screens/home.json"])
    // The project, screens/, screens/d, and a, b, c and s below it.
    XCTAssertEqual(walker.foldersWalked, 7)
  }

  /// A link to a folder the walk also reaches directly, before and after it, is no loop: the
  /// folder's files are read once, at the path through no link.
  func testALinkToAFolderAlsoReachedDirectlyIsNoLoop() throws {
    let dir = try makeProject(["screens/home.json": Self.home, "screens/s/o.json": Self.other])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/screens/a", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: dir + "/screens/a/link", withDestinationPath: "../s")
    try FileManager.default.createSymbolicLink(atPath: dir + "/screens/z", withDestinationPath: "s")
    let (inputs, outcome) = linked(dir)
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    XCTAssertEqual(inputs, ["screens/home.json", "screens/s/o.json"])
  }

  /// A loop through two links (`a/x -> ../b`, `b/y -> ../a`) is reported once, at a path through
  /// no other link.
  func testALoopThroughTwoLinksIsReportedOnce() throws {
    let dir = try makeProject(["screens/home.json": Self.home, "screens/a/o.json": Self.other, "screens/b/p.json": "[]"])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createSymbolicLink(atPath: dir + "/screens/a/x", withDestinationPath: "../b")
    try FileManager.default.createSymbolicLink(atPath: dir + "/screens/b/y", withDestinationPath: "../a")
    let (inputs, outcome) = linked(dir)
    XCTAssertEqual(
      outcome.diagnostics.filter { $0.severity == .error }.map { "\($0.code) \($0.message)" },
      ["ZL0100 '\(dir)/screens/b/y' is a link that loops back into the project; zlc does not follow it"])
    XCTAssertEqual(inputs, ["screens/a/o.json", "screens/b/p.json", "screens/home.json"])
  }

  /// A FIFO, or a file whose extension is near an input's, reached by several paths (through a
  /// link to its folder, a link to it) is reported once, at the path through no link.
  func testAnUnreadableFileReachedByTwoPathsIsReportedOnce() throws {
    let dir = try makeProject(["screens/home.json": Self.home, "screens/s/o.jsn": "[]"])
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertEqual(mkfifo(dir + "/screens/s/pipe.json", 0o644), 0)
    try FileManager.default.createDirectory(atPath: dir + "/screens/a", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: dir + "/screens/a/link", withDestinationPath: "../s")
    try FileManager.default.createSymbolicLink(atPath: dir + "/screens/p.json", withDestinationPath: "s/pipe.json")
    let outcome = linked(dir).outcome
    XCTAssertEqual(
      outcome.diagnostics.map { "\($0.code) \($0.path ?? "-")" }.sorted(),
      ["ZL0100 \(dir)/screens/s/pipe.json", "ZL0122 \(dir)/screens/s/o.jsn"])
    XCTAssertEqual(
      outcome.diagnostics.filter { $0.code == "ZL0122" }.map(\.message),
      ["'screens/s/o.jsn' is not read: files in screens/ end in .json, and no 'o.json' stands beside it"])
    XCTAssertEqual(outcome.status, .ioFailure)
  }
}
