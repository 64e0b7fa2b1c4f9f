import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappRules
@testable import ZappWriters

/// `IncrementalChecker` (what `zlc lsp` checks with) gives exactly `zlc check`'s diagnostics after
/// any edit, and reads again only the files an edit changed.
final class IncrementalCheckTests: XCTestCase {
  /// The defects fixture without its markers: one defect per rule, in every kind of input.
  func defectsProject() throws -> [String: String] {
    let marked = try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/defects.marked"), encoding: .utf8)
    var files: [String: String] = [:]
    var current: String?
    for line in marked.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("=== ") {
        current = String(line.dropFirst(4))
        files[current!] = ""
      } else if let path = current {
        files[path]! += line.replacingOccurrences(of: #"⟦ZL[0-9]+⟧"#, with: "", options: .regularExpression) + "\n"
      }
    }
    return files
  }

  func rendered(_ diagnostics: [Diagnostic], in directory: String) -> [String] {
    diagnostics.map { d in
      let path = (d.path ?? "").replacingOccurrences(of: directory, with: "")
      let notes = d.notes.map { "\($0.message)@\($0.spot?.offset ?? -1)" }.joined(separator: ";")
      return "\(d.code) \(d.severity.rawValue) \(path):\(d.spot?.offset ?? -1) \(d.message) [\(notes)]"
    }
  }

  /// Checks `files` with buffers over a project on disk holding `disk`, and compares with `zlc check`
  /// of a project whose disk holds `files`.
  func assertSameAsCheck(
    _ checker: IncrementalChecker, _ buffers: BufferedFileSystem, disk: String, files: [String: String],
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> CheckOutcome {
    for (path, text) in files { buffers.setBuffer(SourceFile(path: disk + "/" + path, text: text), for: disk + "/" + path) }
    let incremental = checker.check()
    let reference = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: reference) }
    let full = Driver.check(reference)
    XCTAssertEqual(rendered(incremental.diagnostics, in: disk), rendered(full.diagnostics, in: reference), file: file, line: line)
    XCTAssertEqual(incremental.status, full.status, file: file, line: line)
    return incremental
  }

  func testEditsGiveTheDiagnosticsOfZlcCheck() throws {
    var files = try defectsProject()
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    let first = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    XCTAssertGreaterThan(first.diagnostics.count, 30)

    // A screen edited: a new defect in it.
    let screen = try XCTUnwrap(files.keys.sorted().first { $0.hasPrefix("screens/") })
    files[screen] = files[screen]!.replacingOccurrences(of: "\"FAMILY_1\"", with: "\"FAMILY_9\"")
    _ = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    // A screen id renamed: references elsewhere break.
    files[screen] = files[screen]!.replacingOccurrences(of: "\"id\": \"home\"", with: "\"id\": \"start\"")
    _ = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    // zlc.json and a manifest edited: what every screen's rules read.
    files["zlc.json"] = files["zlc.json"]!.replacingOccurrences(
      of: "\"app\": \"Defects\"", with: "\"app\": \"Defects\", \"data_types\": [\"X\"]")
    _ = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    if let manifest = files.keys.sorted().first(where: { $0.hasPrefix("components/") }) {
      files[manifest] = files[manifest]!.replacingOccurrences(of: "\"ui_component\"", with: "\"player\"")
      _ = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    }
    // Reachability: a style edited (nothing it reads), a target removed, moved to a field it
    // does not read, and back.
    let main = try XCTUnwrap(files["screens/main.json"])
    files["screens/main.json"] = main.replacingOccurrences(of: "\"GRID_1\"", with: "\"GRID_2\"")
    _ = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    files["screens/main.json"] = main
    for (path, target) in [("screens/main.json", "\"target\": \"detail\""), ("screens/home.json", "\"target\": \"d1\"")] {
      let original = try XCTUnwrap(files[path])
      XCTAssertTrue(original.contains(target), target)
      files[path] = original.replacingOccurrences(of: target, with: "\"target\": \"\"")
      _ = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
      files[path] = original.replacingOccurrences(of: target, with: target.replacingOccurrences(of: "target", with: "source"))
      _ = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
      files[path] = original
      _ = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    }
    // Malformed JSON mid-edit, then fixed again.
    let broken = files[screen]!
    files[screen] = String(broken.dropLast(4))
    _ = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    files[screen] = broken
    _ = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
  }

  /// The project rules that keep what they find in each screens file with its document (sources
  /// with spaces, components' own shadows, the family names in use) see an edit of that file, and
  /// its undoing, at once.
  func testWhatProjectRulesKeepPerFileFollowsItsEdits() throws {
    var files = Example.baseProject
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    let original = try XCTUnwrap(files["screens/o.json"])
    let codes = { (outcome: CheckOutcome) in Set(outcome.diagnostics.map(\.code)) }
    XCTAssertFalse(codes(try assertSameAsCheck(checker, buffers, disk: disk, files: files)).contains("ZL0203"))
    for (old, new, code) in [
      (#""source": "1""#, #""source": "1 ""#, "ZL0203"),
      (#""cell_styles": ["GRID_1"]"#, #""cell_styles": ["GRID_1"], "shadowOffset": [0, 2]"#, "ZL0424"),
      (#""family": "FAMILY_1""#, #""family": "FAMILY_2""#, nil),
    ] {
      XCTAssertTrue(original.contains(old), old)
      files["screens/o.json"] = original.replacingOccurrences(of: old, with: new)
      let edited = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
      if let code { XCTAssertTrue(codes(edited).contains(code), "\(new): \(codes(edited))") }
      files["screens/o.json"] = original
      let undone = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
      if let code { XCTAssertFalse(codes(undone).contains(code), "\(old): \(codes(undone))") }
    }
  }

  /// A screens document an edit replaced is freed: what the project rules keep from a file
  /// (plugin names, sources with spaces, whose spots point into the document) goes with it.
  func testADocumentAnEditReplacedIsFreed() throws {
    var files = Example.baseProject
    files["components/m.json"] = Example.manifest("")
    let original = try XCTUnwrap(files["screens/o.json"]).replacingOccurrences(of: #""source": "1""#, with: #""source": "1 ""#)
    files["screens/o.json"] = original
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    weak var replaced: JSONDocument?
    do {
      let first = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
      XCTAssertTrue(first.diagnostics.contains { $0.code == "ZL0203" })
      replaced = first.project.screens.first { $0.id.value == "other" }?.value.document
      XCTAssertFalse(first.project.fileFacts.isEmpty, "an editor's check keeps what it reads per file")
    }
    XCTAssertNotNil(replaced)
    files["screens/o.json"] = original.replacingOccurrences(of: #""GRID_1""#, with: #""GRID_2""#)
    _ = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    XCTAssertNil(replaced, "the document the edit replaced is freed")
  }

  /// What was kept for a file deleted (or renamed away) is let go at the next check: its parse,
  /// its document and what the rules keep with its screens.
  func testADeletedFileIsLetGo() throws {
    var files = Example.baseProject
    files["components/m.json"] = Example.manifest("")
    files["screens/p.json"] = #"[{"id": "p", "type": "general_content", "styles": {"family": "FAMILY_1"}, "ui_components": []}]"#
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    weak var deleted: JSONDocument?
    let kept: Int
    do {
      let first = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
      deleted = first.project.screens.first { $0.id.value == "p" }?.value.document
      kept = buffers.keptParseCount
    }
    XCTAssertNotNil(deleted)
    files["screens/p.json"] = nil
    buffers.setBuffer(nil, for: disk + "/screens/p.json")
    try FileManager.default.removeItem(atPath: disk + "/screens/p.json")
    _ = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    XCTAssertEqual(buffers.keptParseCount, kept - 1)
    XCTAssertNil(deleted, "the deleted file's document is freed")
  }

  func testAnEditReadsOnlyTheEditedFile() throws {
    var files: [String: String] = ["zlc.json": "{ \"app\": \"A\" }\n"]
    for i in 0..<3 {
      files["screens/s\(i).json"] = """
        [{ "id": "s\(i)", "type": "general_content", "home": \(i == 0), "styles": { "family": "FAMILY_1" },
           "navigations": [{ "nav_items": [{ "data": { "target": "s\((i + 1) % 3)" } }] }],
           "ui_components": [{ "component_type": "list", "data": { "source": "1", "type": "APPLICASTER_COLLECTION" },
                              "styles": { "cell_styles": ["LIST_1"] } }] }]
        """
    }
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    func documents(_ outcome: CheckOutcome) -> [String: ObjectIdentifier] {
      Dictionary(uniqueKeysWithValues: outcome.project.screens.map { ($0.id.value, ObjectIdentifier($0.value.document)) })
    }
    let before = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    XCTAssertEqual(before.diagnostics.map(\.code), [])
    let firstDocuments = documents(before)
    let firstScreens = before.project.screens.map(ObjectIdentifier.init)
    files["screens/s1.json"] = files["screens/s1.json"]!.replacingOccurrences(of: "LIST_1", with: "LIST_9")
    let after = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    XCTAssertEqual(after.diagnostics.map(\.code), ["ZL0304"])
    let secondDocuments = documents(after)
    XCTAssertEqual(secondDocuments["s0"], firstDocuments["s0"], "an unchanged file is not parsed again")
    XCTAssertEqual(secondDocuments["s2"], firstDocuments["s2"])
    XCTAssertNotEqual(secondDocuments["s1"], firstDocuments["s1"], "the edited file is parsed again")
    XCTAssertTrue(checker.lastReport.contains("rules of 1 screens files run again"), checker.lastReport)
    XCTAssertTrue(checker.lastReport.contains("screen set kept"), checker.lastReport)
    let secondScreens = after.project.screens.map(ObjectIdentifier.init)
    XCTAssertEqual(secondScreens[0], firstScreens[0], "the screens of an unchanged file are not read again")
    XCTAssertNotEqual(secondScreens[1], firstScreens[1])
    // A navigation target changed: reachability runs again (s2 is no longer opened).
    files["screens/s1.json"] = files["screens/s1.json"]!.replacingOccurrences(of: "\"target\": \"s2\"", with: "\"target\": \"s0\"")
    let unreachable = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    XCTAssertFalse(checker.lastReport.contains("screen set kept"), checker.lastReport)
    XCTAssertEqual(unreachable.diagnostics.map(\.code), ["ZL0304", "ZL0409"])
  }

  /// Files not open in the editor are read again when they change on disk, and only then.
  func testFilesChangedOnDiskAreReadAgain() throws {
    let files = try defectsProject()
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let checker = IncrementalChecker(directory: disk, fileSystem: BufferedFileSystem())
    let first = checker.check()
    XCTAssertEqual(rendered(first.diagnostics, in: disk), rendered(Driver.check(disk).diagnostics, in: disk))
    let screen = try XCTUnwrap(files.keys.sorted().first { $0.hasPrefix("screens/") })
    let second = checker.check()
    XCTAssertTrue(
      first.project.files.first { $0.path.hasSuffix(screen) } === second.project.files.first { $0.path.hasSuffix(screen) },
      "an unchanged file is not read again")
    // The same size, other bytes: the modification time tells.
    Thread.sleep(forTimeInterval: 0.02)
    try files[screen]!.replacingOccurrences(of: "\"FAMILY_1\"", with: "\"FAMILY_9\"").write(
      toFile: disk + "/" + screen, atomically: false, encoding: .utf8)
    let third = checker.check()
    XCTAssertEqual(rendered(third.diagnostics, in: disk), rendered(Driver.check(disk).diagnostics, in: disk))
    XCTAssertNotEqual(rendered(third.diagnostics, in: disk), rendered(first.diagnostics, in: disk))
    // The same size, inode and modification time (set back, as `tar` and `cp -p` set it): the
    // status-change time tells.
    let path = disk + "/" + screen
    var before = stat()
    XCTAssertEqual(stat(path, &before), 0)
    Thread.sleep(forTimeInterval: 0.02)
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    try handle.write(contentsOf: Data(files[screen]!.utf8))
    try handle.close()
    #if os(Linux)
      var times = [before.st_atim, before.st_mtim]
    #else
      var times = [before.st_atimespec, before.st_mtimespec]
    #endif
    XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
    var after = stat()
    XCTAssertEqual(stat(path, &after), 0)
    XCTAssertEqual([after.st_size, Int(after.st_ino)], [before.st_size, Int(before.st_ino)])
    let fourth = checker.check()
    XCTAssertEqual(rendered(fourth.diagnostics, in: disk), rendered(first.diagnostics, in: disk))
  }

  /// A file the editor's client reports changed (`forget`, for it or a folder above it) is read
  /// again although its stamp is the same; until then it is kept.
  func testAFileReportedChangedIsReadAgainWhateverItsStamp() throws {
    let dir = try makeProject(["screens/s.json": "[]"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/screens/s.json"
    let files = BufferedFileSystem()
    XCTAssertNil(files.source(atPath: path), "the first time, the loader reads it")
    _ = files.parsed(SourceFile(path: path, text: "[]"), limits: .default, duplicateKeys: .error)
    XCTAssertNotNil(files.source(atPath: path), "kept while its stamp holds")
    files.forget([dir + "/components"])
    XCTAssertNotNil(files.source(atPath: path), "a change elsewhere keeps it")
    files.forget([dir + "/screens"])
    XCTAssertNil(files.source(atPath: path), "read again")
  }

  /// ZL0511 lays out every style the screens use, so the language server keeps its findings while
  /// no file reads differently to it, and runs it again when the using file moves or changes.
  func testItemHeightFindingsAreKeptOnlyWhileWhatTheRuleReadsIsTheSame() throws {
    var files = Example.baseProject
    for (path, text) in MissingItemHeightRule.rule.bad.files { files[path] = Marked(text).text }
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), ["ZL0511"])
    // Another screens file edited: kept.
    files["screens/home.json"] = " " + files["screens/home.json"]!
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), ["ZL0511"])
    XCTAssertTrue(checker.lastReport.contains("item heights kept"), checker.lastReport)
    // The using file moved down a line: the note that names the use moves with it.
    files["screens/o.json"] = "\n" + files["screens/o.json"]!
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), ["ZL0511"])
    XCTAssertFalse(checker.lastReport.contains("item heights kept"), checker.lastReport)
    // The use removed: the finding goes (the grid, left without a cell style, is ZL0304's).
    files["screens/o.json"] = files["screens/o.json"]!.replacingOccurrences(of: #""cell_styles": ["G"]"#, with: #""cell_styles": []"#)
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), ["ZL0304"])
    XCTAssertFalse(checker.lastReport.contains("item heights kept"), checker.lastReport)
  }

  /// ZL0416 (two screens with one ui_tag) is a screen-set rule: kept while no ui_tag changes, run
  /// again when one does.
  func testUITagEditsRunTheScreenSetRulesAgain() throws {
    var files = Example.baseProject
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), [])
    for (path, id, tagged) in [("screens/home.json", "home", 1), ("screens/o.json", "other", 2)] {
      XCTAssertTrue(files[path]!.contains(#""id": "\#(id)""#), path)
      files[path] = files[path]!.replacingOccurrences(of: #""id": "\#(id)""#, with: #""id": "\#(id)", "ui_tag": "epg""#)
      let codes = try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code)
      XCTAssertEqual(codes, tagged == 2 ? ["ZL0416"] : [], path)
      XCTAssertFalse(checker.lastReport.contains("screen set kept"), checker.lastReport)
    }
    files["screens/home.json"] = " " + files["screens/home.json"]!
    _ = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    XCTAssertFalse(checker.lastReport.contains("screen set kept"), "a finding's note is in the edited file")
  }

  /// ZL0405 is quiet while a screens file holds a value that is no screen (the home may be lost):
  /// when that value goes again, it is reported again, as `zlc check` reports it.
  func testAScreenLostToItsShapeAndBackRunsTheHomeRuleAgain() throws {
    let extra = #"[{"id": "x", "type": "general_content", "ui_components": []}]"#
    var files = Example.baseProject.merging(["screens/extra.json": extra]) { $1 }
    files["screens/home.json"] = files["screens/home.json"]!.replacingOccurrences(of: #""home": true, "#, with: "")
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    for (text, home) in [(extra, true), (extra.dropLast() + ", 5]", false), (extra, true), (extra.dropLast() + ", 5]", false)] {
      files["screens/extra.json"] = String(text)
      let codes = try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code)
      XCTAssertEqual(codes.contains("ZL0405"), home, "\(text): \(codes)")
    }
  }

  /// A connected screen's `data.parent` opens it: editing it (to another screen, to none, away)
  /// gives `zlc check`'s ZL0408.
  func testParentEditsRunTheScreenSetRulesAgain() throws {
    let show = { (data: String) in #"[{"id": "show", "type": "favorites", "data": {"connected": true\#(data)}, "ui_components": []}]"# }
    var files = Example.baseProject.merging(["screens/s.json": show(#", "parent": "home""#)]) { $1 }
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), [])
    for (data, codes) in [
      (#", "parent": "nowhere""#, ["ZL0307", "ZL0408"]), (#", "parent": "other""#, []), ("", ["ZL0408"]), (#", "parent": "home""#, []),
    ] {
      files["screens/s.json"] = show(data)
      XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code).sorted(), codes, data)
    }
  }

  /// An empty `size_class_mapping` of a component stands in for its family's: removing it brings
  /// the family's replacement, whose cell has no height, back into ZL0511's view.
  func testRemovingAnEmptyOwnMappingRunsTheItemHeightRuleAgain() throws {
    let family = #"""
      {"name": "F", "screens": [{"type": "default", "insetLeft": 10, "insetRight": 10, "interItemSpacing": 10}],
       "components": [
         {"type": "hero", "layout": "paged", "cells": [{"name": "H", "cellWidth": 16, "cellHeight": 9}],
          "sizeClassMapping": {"L": {"component_type": "grid", "cell_style": "G"}}},
         {"type": "grid", "columns": 3, "cells": [{"name": "G"}]}]}
      """#
    func screen(_ extra: String) -> String {
      #"[{"id": "home", "type": "general_content", "home": true, "styles": {"family": "F"}, "ui_components": [{"component_type": "hero", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["H"]}"#
        + extra + "}]}]"
    }
    var files = [
      "zlc.json": #"{"devices": [{"name": "se", "width": 320}, {"name": "pad", "width": 768}]}"#, "families/f.json": family,
      "screens/home.json": screen(#", "size_class_mapping": {}"#),
    ]
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), [])
    files["screens/home.json"] = screen("")
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), ["ZL0511"])
  }

  /// A reference that names no screen, made near one in a file whose screens have no finding,
  /// adds its note to that screen's finding (ZL0408: nothing opens the connected screen).
  func testANearMissReferenceAddsItsNoteToTheScreenItWouldOpen() throws {
    var files = Dictionary(StarterTemplate.basic.files(app: "App").map { ($0.path, $0.contents) }, uniquingKeysWith: { a, _ in a })
    files["screen_types.json"] = #"{"screen_types": {}}"#
    files["screens/home.json"] = try XCTUnwrap(files["screens/home.json"]).replacingOccurrences(
      of: #""target": "show""#, with: #""target": "xyz""#)
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    let first = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    XCTAssertEqual(first.diagnostics.filter { $0.code == "ZL0408" }.map(\.notes.count), [0])
    let home = try XCTUnwrap(files["screens/home.json"])
    let range = try XCTUnwrap(home.range(of: #""target": "xyz""#))
    files["screens/home.json"] = home.replacingCharacters(in: range, with: #""target": "shwo""#)
    let second = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    XCTAssertEqual(
      second.diagnostics.filter { $0.code == "ZL0408" }.flatMap(\.notes).map(\.message), ["'shwo' would open it if it named 'show'"])
  }

  /// A screen's `plugin_type` is read by the screen-set rules: the first player screen is opened
  /// by videos, so the home screen becoming one leaves the player screen after it, in another file,
  /// unopened (ZL0408), though the edited file has no finding.
  func testAScreenBecomingThePlayerRunsTheScreenSetRulesAgain() throws {
    var files = Example.baseProject.merging([
      "components/p.json": Example.manifest(#", "screen": true"#, identifier: "player_plugin", type: "general"),
      "screens/p.json":
        #"[{"id": "qb-player", "type": "player_plugin", "plugin_type": "player", "data": {"connected": true}, "ui_components": []}]"#,
    ]) { $1 }
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), [])
    XCTAssertTrue(files["screens/home.json"]!.contains(#""id": "home""#))
    files["screens/home.json"] = files["screens/home.json"]!.replacingOccurrences(
      of: #""id": "home""#, with: #""id": "home", "plugin_type": "player""#)
    let after = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    XCTAssertEqual(
      after.diagnostics.map { "\($0.code) \($0.message)" },
      [
        "ZL0408 nothing can open connected screen 'qb-player': no screen_types or content_types mapping, component data.target, header or footer target, hook, screen_selector field or navigation item names it, and it has no data.parent naming another screen"
      ])
  }

  /// The offline home flag and a `screen_selector` value are read by the screen-set rules, though
  /// their findings are in other files: a screen that stops being the offline home leaves it and
  /// the screen it opens unopened (ZL0409), and a selector value naming no screen, edited into a
  /// near miss, adds its note to the finding of the screen it would open.
  func testOfflineHomeAndSelectorEditsRunTheScreenSetRulesAgain() throws {
    let login = Example.manifest(
      #", "screen": true, "general": {"fields": [{"key": "post_login_screen", "type": "screen_selector"}]}"#, identifier: "my_login",
      type: "login")
    func selecting(_ screen: String) -> String {
      #"[{"id": "other", "type": "my_login", "general": {"post_login_screen": "\#(screen)"}, "ui_components": []}]"#
    }
    func welcome(offline: Bool) -> String {
      Example.screen(Example.gridOpening("deep"), extra: #", "home_offline": \#(offline)"#, id: "welcome")
    }
    var files = Example.baseProject.merging([
      "components/l.json": login, "screens/o.json": selecting("xyz"), "screens/w.json": welcome(offline: true),
      "screens/d.json": Example.screen(Example.grid, id: "deep"),
    ]) { $1 }
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), ["ZL0322"])
    files["screens/w.json"] = welcome(offline: false)
    let unopened = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    XCTAssertEqual(unopened.diagnostics.map(\.code).sorted(), ["ZL0322", "ZL0409", "ZL0409"])
    files["screens/o.json"] = selecting("welcom")
    let noted = try assertSameAsCheck(checker, buffers, disk: disk, files: files)
    XCTAssertEqual(
      noted.diagnostics.first { $0.message.contains("'welcome'") && $0.code == "ZL0409" }?.notes.map(\.message),
      ["'welcom' would open it if it named 'welcome'"])
  }

  /// A plugin component that leaves `data.target` out opens the screen its manifest's
  /// `initial_value` names, which its screens file never writes: adding such a component opens
  /// that screen (no ZL0409), and removing it leaves the screen unopened again.
  func testAComponentTakingItsTargetFromItsManifestOpensTheScreenAfterEdits() throws {
    let rail = Example.manifest(
      #", "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "target", "type": "screen_selector", "initial_value": "lost"}]}"#,
      identifier: "rail")
    let lost = #"[{"id": "lost", "type": "favorites", "ui_components": []}]"#
    let withRail = Example.screen(
      [Example.grid, #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#].joined(separator: ", "))
    var files = Example.baseProject.merging(["components/r.json": rail, "screens/q.json": lost]) { $1 }
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), ["ZL0409"])
    files["screens/o.json"] = withRail
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), [])
    files["screens/o.json"] = Example.screen(Example.grid)
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), ["ZL0409"])
  }

  /// Moving a component that takes its target from its manifest into the screen it opens leaves
  /// that screen unopened (a screen does not open itself), though no string of the file changed.
  func testMovingATakenTargetIntoTheScreenItOpensRunsTheScreenSetRulesAgain() throws {
    let rail = Example.manifest(
      #", "data": {"fields": [{"key": "source", "type": "text_input"}, {"key": "target", "type": "screen_selector", "initial_value": "lost"}]}"#,
      identifier: "rail")
    let railComponent = #"{"component_type": "rail", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#
    func screens(railInLost: Bool) -> String {
      let other = Example.screen(([Example.grid] + (railInLost ? [] : [railComponent])).joined(separator: ", "), id: "other")
      let lost = Example.screen(([Example.grid] + (railInLost ? [railComponent] : [])).joined(separator: ", "), id: "lost")
      return "[" + other.dropFirst().dropLast() + ", " + lost.dropFirst().dropLast() + "]"
    }
    var files = Example.baseProject.merging(["components/r.json": rail, "screens/o.json": screens(railInLost: false)]) { $1 }
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), [])
    files["screens/o.json"] = screens(railInLost: true)
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), ["ZL0409"])
  }
}

extension IncrementalCheckTests {
  /// A navigation item's finding (ZL0329) reads the flag of the screen it opens, in another file:
  /// making that screen connected, or a root screen again, gives `zlc check`'s findings.
  func testConnectingTheScreenANavigationItemOpensRunsItsRuleAgain() throws {
    var files = Example.baseProject
    let disk = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), [])
    let grid = #"{"component_type": "grid", "data": {"source": "", "type": ""}, "styles": {"cell_styles": ["GRID_1"]}}"#
    for (screen, codes) in [
      (Example.screen(grid, extra: #", "data": {"connected": true}"#), ["ZL0329"]), (Example.screen(Example.grid), []),
    ] {
      files["screens/o.json"] = screen
      XCTAssertEqual(try assertSameAsCheck(checker, buffers, disk: disk, files: files).diagnostics.map(\.code), codes, screen)
    }
  }
}
