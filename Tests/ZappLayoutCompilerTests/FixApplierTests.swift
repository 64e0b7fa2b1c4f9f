import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders

/// The parts of `--fix`: which fix-its apply, and the unified diff, against `diff -u` and `patch`.
final class FixApplierTests: XCTestCase {
  func edit(_ offset: Int, _ length: Int, _ replacement: String) -> FixApplier.Edit {
    FixApplier.Edit(offset: offset, length: length, replacement: replacement, summary: replacement)
  }

  func testOverlappingFixesAreLeftOutAndRepeatsKeptOnce() {
    let edits = [edit(20, 3, "b"), edit(0, 4, "a"), edit(21, 2, "c"), edit(40, 1, "d"), edit(40, 1, "d"), edit(50, 0, "e")]
    XCTAssertEqual(FixApplier.unambiguous(edits).map(\.replacement), ["a", "d", "e"])
    XCTAssertEqual(FixApplier.unambiguous([edit(5, 0, "x"), edit(5, 2, "y")]).map(\.replacement), [])
  }

  /// Random edits of random texts: the diff is as short as `diff -u`'s and `patch` applies it.
  func testTheDiffIsAsShortAsDiffUsAndPatchApplies() throws {
    var rng = SystemRandomNumberGenerator()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-diff-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let words = ["{", "}", "\"a\": 1,", "\"b\": [1, 2],", "", "x", "y"]
    for round in 0..<40 {
      var old = (0..<Int.random(in: 0...30, using: &rng)).map { _ in words.randomElement(using: &rng)! }
      var new = old
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        let i = Int.random(in: 0...new.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0 where i < new.count: new.remove(at: i)
        case 1 where i < new.count: new[i] = "changed \(round)"
        default: new.insert("added \(round)", at: i)
        }
      }
      if round % 5 == 0 { old.append("") }  // a final newline on one side only
      let a = old.joined(separator: "\n") + (round % 3 == 0 ? "" : "\n")
      let b = new.joined(separator: "\n") + "\n"
      try a.write(to: folder.appendingPathComponent("a"), atomically: true, encoding: .utf8)
      try b.write(to: folder.appendingPathComponent("b"), atomically: true, encoding: .utf8)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
      process.arguments = ["-u", folder.appendingPathComponent("a").path, folder.appendingPathComponent("b").path]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let expected = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      let ours = UnifiedDiff.text(old: a, new: b, path: "f")
      // As short as diff's (both are shortest edit scripts), and `patch` turns a into b with it.
      func changes(_ diff: String, _ mark: Character) -> Int {
        diff.split(separator: "\n").dropFirst(2).filter { $0.first == mark }.count
      }
      XCTAssertEqual(changes(ours, "-"), changes(expected, "-"), "old:\n\(a)\nnew:\n\(b)\n\(ours)")
      XCTAssertEqual(changes(ours, "+"), changes(expected, "+"), "old:\n\(a)\nnew:\n\(b)\n\(ours)")
      try ours.write(to: folder.appendingPathComponent("p"), atomically: true, encoding: .utf8)
      let patch = Process()
      patch.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
      patch.arguments = ["-s", folder.appendingPathComponent("a").path, folder.appendingPathComponent("p").path]
      try patch.run()
      patch.waitUntilExit()
      XCTAssertEqual(patch.terminationStatus, 0, ours)
      XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("a"), encoding: .utf8), b, ours)
    }
    XCTAssertEqual(UnifiedDiff.text(old: "same\n", new: "same\n", path: "f"), "")
  }

  /// The patch of a file's edits, built from their ranges: random edits of random texts (a token
  /// replaced, a newline removed or added, an insertion at the start or end, neighbouring lines,
  /// a last line without its newline, an invalid UTF-8 byte), which `patch` applies to give
  /// exactly the edited bytes.
  func testThePatchOfTheEditsApplies() throws {
    var rng = SystemRandomNumberGenerator()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-edits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let words: [[UInt8]] = ["{", "}", "\"a\": 1,", "", "x", "caf\u{E9}"].map { Array($0.utf8) } + [[0x22, 0xE9, 0x22]]
    let file = folder.appendingPathComponent("f")
    for round in 0..<60 {
      let count = Int.random(in: 0...40, using: &rng)
      var before = Array((0..<count).map { _ in words.randomElement(using: &rng)! }.joined(separator: [0x0A]))
      if round % 3 != 0, !before.isEmpty { before.append(0x0A) }
      var edits: [FixApplier.Edit] = []
      var offset = 0
      while offset <= before.count, edits.count < 8 {
        offset += Int.random(in: 0...30, using: &rng)
        guard offset <= before.count else { break }
        let length = Int.random(in: 0...min(4, before.count - offset), using: &rng)
        let replacement = ["", "\n", "y", "zz\n", "\"w\""].randomElement(using: &rng)!
        edits.append(edit(offset, length, replacement))
        offset += max(length, 1)
      }
      let after = FixApplier.applied(edits, to: before)
      let patch = FixApplier.patch(of: before, edits: edits, path: "f")
      let shown = "old:\n\(String(decoding: before, as: UTF8.self))\npatch:\n\(String(decoding: patch, as: UTF8.self))"
      if before == after { continue }
      try Data(before).write(to: file)
      try Data(patch).write(to: folder.appendingPathComponent("p"))
      let applied = Process()
      applied.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
      applied.arguments = ["-s", "-f", file.path, folder.appendingPathComponent("p").path]
      try applied.run()
      applied.waitUntilExit()
      XCTAssertEqual(applied.terminationStatus, 0, shown)
      XCTAssertEqual(try [UInt8](Data(contentsOf: file)), after, shown)
    }
  }

  /// The hunks of a file's edits are those `diff -u` writes: three lines of context, changes six
  /// lines or fewer apart in one hunk, the line numbers of each side.
  func testThePatchOfTheEditsIsDiffUs() {
    let before = Array((1...30).map { "line \($0)\n" }.joined().utf8)
    let line = { (n: Int) in before.indices.filter { $0 == 0 || before[$0 - 1] == 0x0A }[n - 1] }
    let edits = [edit(line(2), 4, "row"), edit(line(9), 0, "new\n"), edit(line(20) + 5, 2, "twenty"), edit(line(30), 8, "end")]
    let patch = String(decoding: FixApplier.patch(of: before, edits: edits, path: "f"), as: UTF8.self)
    XCTAssertEqual(
      patch,
      UnifiedDiff.text(
        old: String(decoding: before, as: UTF8.self), new: String(decoding: FixApplier.applied(edits, to: before), as: UTF8.self), path: "f"
      ))
    XCTAssertTrue(patch.contains("@@ -1,11 +1,12 @@\n"), patch)
    XCTAssertTrue(patch.contains("@@ -17,7 +18,7 @@\n"), patch)
  }

  func fileFix(_ path: String, _ before: String, _ after: String) -> FixApplier.FileFix {
    FixApplier.FileFix(path: path, summaries: [], before: Array(before.utf8), after: Array(after.utf8))
  }

  /// Fixes that would leave a file unreadable, or give it a duplicate key or attribute, are refused;
  /// fixes of a file that read no better before are not.
  func testAFixThatBreaksTheFileIsRefused() throws {
    let broken = try XCTUnwrap(FixApplier.refusal(of: fileFix("s.json", #"{"c": ["red", "gren"]}"#, #"{"c": green, "gren"]}"#)))
    XCTAssertEqual(broken.rule.code, "ZL0100")
    XCTAssertTrue(broken.message.hasPrefix("its fix-its were not applied: the fixed file would not read back (line 1: "), broken.message)
    XCTAssertNotNil(
      FixApplier.refusal(of: fileFix("f.json", #"{"lineSpacng": 1, "lineSpacin": 2}"#, #"{"lineSpacing": 1, "lineSpacing": 2}"#)))
    XCTAssertNotNil(FixApplier.refusal(of: fileFix("f.xml", #"<S dividr="1" divder="2"/>"#, #"<S divider="1" divider="2"/>"#)))
    XCTAssertNil(FixApplier.refusal(of: fileFix("f.xml", #"<S dividr="1"/>"#, #"<S divider="1"/>"#)))
    XCTAssertNil(FixApplier.refusal(of: fileFix("f.json", #"{"a": 1, "a": 2, "gridd": 3}"#, #"{"a": 1, "a": 2, "grid": 3}"#)))
  }

  /// Of a file's edits, those that keep it reading as before are kept, in file order, when others
  /// would break it: a key renamed into one its object holds is left out, a misspelled type is
  /// still fixed.
  func testTheEditsThatReadBackAreKept() throws {
    let before = Array(#"{"XL": 1, "XXL": 2, "type": "gird"}"#.utf8)
    let edits = [
      FixApplier.Edit(offset: 10, length: 5, replacement: #""XL""#, summary: "did you mean 'XL'?"),
      FixApplier.Edit(offset: 28, length: 6, replacement: #""grid""#, summary: "did you mean 'grid'?"),
    ]
    let fix = FixApplier.FileFix(
      path: "s.json", summaries: edits.map(\.summary), before: before, after: FixApplier.applied(edits, to: before), edits: edits)
    XCTAssertNotNil(FixApplier.refusal(of: fix), "both edits write \"XL\" twice")
    let kept = try XCTUnwrap(FixApplier.readable(fix))
    XCTAssertEqual(String(decoding: kept.after, as: UTF8.self), #"{"XL": 1, "XXL": 2, "type": "grid"}"#)
    XCTAssertEqual(kept.summaries, ["did you mean 'grid'?"])
    XCTAssertNil(FixApplier.readable(FixApplier.FileFix(path: "s.json", summaries: [], before: before, after: before, edits: [edits[0]])))
  }

  /// Two edits that each read back alone but rename two keys into one name are both left out
  /// (either may be meant; the first in the file won, keeping its value); so is a third into that
  /// name; another edit is made.
  func testTwoRenamesIntoOneNameAreBothLeftOut() throws {
    let text = #"{"data_source_limit": 20, "item_limt": 5, "iten_limit": 7, "type": "gird"}"#
    let before = Array(text.utf8)
    func edit(_ key: String, _ replacement: String) -> FixApplier.Edit {
      let offset = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: key)!.lowerBound)
      return FixApplier.Edit(offset: offset, length: key.utf8.count, replacement: replacement, summary: "\(key) to \(replacement)")
    }
    let edits = [
      edit(#""data_source_limit""#, #""item_limit""#), edit(#""item_limt""#, #""item_limit""#),
      edit(#""iten_limit""#, #""item_limit""#), edit(#""gird""#, #""grid""#),
    ]
    let fix = FixApplier.FileFix(
      path: "s.json", summaries: edits.map(\.summary), before: before, after: FixApplier.applied(edits, to: before), edits: edits)
    let kept = try XCTUnwrap(FixApplier.readable(fix))
    XCTAssertEqual(
      String(decoding: kept.after, as: UTF8.self), #"{"data_source_limit": 20, "item_limt": 5, "iten_limit": 7, "type": "grid"}"#)
    let two = Array(edits.prefix(2))
    let pair = FixApplier.FileFix(path: "s.json", summaries: [], before: before, after: FixApplier.applied(two, to: before), edits: two)
    XCTAssertNil(FixApplier.readable(pair))
  }

  /// What the language server offers as not preferred: the fix-its `--fix` leaves out together
  /// (two keys renamed into one name), by their identity; the others are not left out.
  func testTheFixItsLeftOutAreThoseRenamedIntoOneName() {
    let text = #"{"item_limt": 5, "iten_limit": 7, "type": "gird"}"#
    let file = SourceFile(path: "/p/screens/s.json", bytes: Array(text.utf8))
    func diagnostic(_ key: String, _ replacement: String) -> Diagnostic {
      let offset = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: key)!.lowerBound)
      let range = SourceRange(spot: SourceSpot(file: file, offset: offset), length: key.utf8.count)
      return Diagnostic(.misspelledKey, "m", at: range.spot, fixIt: FixIt(message: "m", replacement: replacement, range: range))
    }
    let found = [
      diagnostic(#""item_limt""#, #""item_limit""#), diagnostic(#""iten_limit""#, #""item_limit""#), diagnostic(#""gird""#, #""grid""#),
    ]
    let ids = found.map { FixApplier.identity(of: $0.fixIt!)! }
    XCTAssertEqual(FixApplier.fixItsLeftOut(found, in: file), [ids[0], ids[1]])
    XCTAssertEqual(FixApplier.fixItsLeftOut([found[0], found[2]], in: file), [])
  }

  /// A file changed after the check read it is not overwritten with fixes made for the old bytes.
  func testAFileChangedSinceItWasReadIsNotWritten() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-race-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(#"{"b": "gridd"}"#.utf8).write(to: file)
    let failures = FixApplier.write([fileFix(file.path, #"{"a": "gridd"}"#, #"{"a": "grid"}"#)])
    XCTAssertEqual(failures.map(\.message), ["its fix-its were not applied: it changed since zlc read it; run the fix again"])
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), #"{"b": "gridd"}"#)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).filter {
        $0.hasPrefix(file.lastPathComponent + ".zlc-fix-")
      }, [], "no temporary file is left")
    XCTAssertEqual(FixApplier.write([fileFix(file.path, #"{"b": "gridd"}"#, #"{"b": "grid"}"#)]).count, 0)
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), #"{"b": "grid"}"#)
  }

  /// The fixed file takes the place of the one read by an exchange, and the file it took the
  /// place of is compared after: a save made up to the exchange (after any comparison made before
  /// it) is put back, never overwritten; the file written beside is gone either way.
  func testASaveMadeUpToTheExchangeIsPutBack() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-swap-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("home.json")
    let beside = folder.appendingPathComponent("home.json.zlc-fix-test")
    for (onDisk, result, kept) in [
      (#"{"a": "saved by the user"}"#, FixApplier.changedSinceRead, #"{"a": "saved by the user"}"#),
      (#"{"a": "gridd"}"#, nil, #"{"a": "grid"}"#),
    ] {
      try Data(onDisk.utf8).write(to: file)
      try Data(#"{"a": "grid"}"#.utf8).write(to: beside)
      XCTAssertEqual(FixApplier.swapIn(beside.path, at: file.path, expecting: Array(#"{"a": "gridd"}"#.utf8)), result)
      XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), kept)
      XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["home.json"])
    }
  }

  /// The file written beside the one fixed is removed on a stop signal while it exists: registered
  /// from its making until it takes the file's place, or is removed when the file changed.
  func testTheFileWrittenBesideIsRemovedOnAStopWhileItExists() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-stop-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(#"{"a": "gridd"}"#.utf8).write(to: file)
    for (expected, result, text) in [
      (#"{"b": "gridd"}"#, "it changed since zlc read it; run the fix again", #"{"a": "gridd"}"#),
      (#"{"a": "gridd"}"#, nil, #"{"a": "grid"}"#),
    ] {
      var beside: String?
      let reason = FixApplier.replace(file.path, with: Array(#"{"a": "grid"}"#.utf8), expecting: Array(expected.utf8)) { path in
        beside = path
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
        XCTAssertTrue(StopSignals.removesOnStop(path), path)
      }
      XCTAssertEqual(reason, result)
      let path = try XCTUnwrap(beside)
      XCTAssertTrue(path.hasPrefix(file.path + ".zlc-fix-"), path)
      XCTAssertFalse(StopSignals.removesOnStop(path), "forgotten once it is gone")
      XCTAssertFalse(FileManager.default.fileExists(atPath: path), path)
      XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), text)
    }
  }

  /// A path with a space ends with a tab, and one with a quote or a backslash is quoted: `patch
  /// -p1` finds the file either way.
  func testThePatchOfAPathWithASpaceOrAQuoteApplies() throws {
    XCTAssertEqual(UnifiedDiff.fileName("a/sp ace/x.json"), "a/sp ace/x.json\t")
    XCTAssertEqual(UnifiedDiff.fileName(#"a/q"t\x/y.json"#), #""a/q\"t\\x/y.json""#)
    XCTAssertEqual(UnifiedDiff.fileName("a/plain.json"), "a/plain.json")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-patch-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for path in ["sp ace/x.json", #"q"t\x/y.json"#, "tab\there/z.json"] {
      let file = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("a\nb\n".utf8).write(to: file)
      let diff = UnifiedDiff.text(old: "a\nb\n", new: "a\nc\n", path: path)
      let patch = Process()
      patch.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
      patch.arguments = ["-s", "-p1"]
      patch.currentDirectoryURL = folder
      let input = Pipe()
      patch.standardInput = input
      try patch.run()
      input.fileHandleForWriting.write(Data(diff.utf8))
      try input.fileHandleForWriting.close()
      patch.waitUntilExit()
      XCTAssertEqual(patch.terminationStatus, 0, diff)
      XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "a\nc\n", diff)
    }
  }
}
