import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappRules

/// `IncrementalChecker` after random edits, as an editor makes them: ids and references swapped for
/// other words of the project, characters deleted mid-word, brackets and commas typed, files
/// reverted. After every edit its diagnostics must equal `zlc check`'s of the same files on disk.
extension IncrementalCheckTests {
  /// SplitMix64 (ResponsiveTests'): a fixed seed gives the same edits on every machine.
  typealias SeededGenerator = ResponsiveTests.SplitMix

  /// One random edit of one file: the edited project, a line saying what changed, and whether the
  /// edit is a keystroke mid-word (characters deleted or typed), which the editor's next state
  /// undoes, as typing goes on to valid JSON again. With `flags`, a revert is as often a `true` or
  /// `false` of the file turned into the other (a screen made a home, a manifest's `screen`).
  func randomEdit(
    of files: [String: String], original: [String: String], words: [String], flags: Bool = false,
    using random: inout SeededGenerator
  ) -> (files: [String: String], what: String, transient: Bool) {
    var files = files
    let paths = files.keys.sorted()
    // Screens files most often, as in an editor; any file sometimes.
    let screens = paths.filter { $0.hasPrefix("screens/") }
    let anyFile = Int.random(in: 0..<4, using: &random) == 0 || screens.isEmpty
    let path = (anyFile ? paths : screens).randomElement(using: &random)!
    var text = Array(files[path]!)
    let what: String
    var transient = false
    switch Int.random(in: 0..<10, using: &random) {
    case 0..<6:
      // A quoted word replaced by another word of the project: a renamed id, a reference moved.
      let quotes = text.indices.filter { text[$0] == "\"" && ($0 == 0 || text[$0 - 1] != "\\") }
      guard quotes.count >= 2 else { return (files, "\(path): no string", false) }
      let pair = Int.random(in: 0..<(quotes.count / 2), using: &random) * 2
      let (open, close) = (quotes[pair], quotes[pair + 1])
      let word = words.randomElement(using: &random)!
      what = "\(path): \"\(String(text[(open + 1)..<close]))\" → \"\(word)\""
      text.replaceSubrange((open + 1)..<close, with: Array(word))
    case 6:
      let start = Int.random(in: 0..<text.count, using: &random)
      let end = min(text.count, start + Int.random(in: 1...12, using: &random))
      what = "\(path): deleted \(end - start) characters at \(start)"
      text.removeSubrange(start..<end)
      transient = true
    case 7, 8:
      let typed = [",", "}", "]", "{", "\"", ": ", "\"x\": 1, ", "null", "[", "\n"].randomElement(using: &random)!
      let at = Int.random(in: 0...text.count, using: &random)
      what = "\(path): typed \(typed.debugDescription) at \(at)"
      text.insert(contentsOf: Array(typed), at: at)
      transient = true
    case 9 where flags && Bool.random(using: &random):
      let text = String(text)
      let found = text.ranges(of: /\btrue\b|\bfalse\b/)
      guard let range = found.randomElement(using: &random) else { return (files, "\(path): no flag", false) }
      let flipped = text[range] == "true" ? "false" : "true"
      what = "\(path): \(text[range]) at \(text.distance(from: text.startIndex, to: range.lowerBound)) → \(flipped)"
      files[path] = text.replacingCharacters(in: range, with: flipped)
      return (files, what, false)
    default:
      what = "\(path): reverted"
      text = Array(original[path] ?? "")
    }
    files[path] = String(text)
    return (files, what, transient)
  }

  /// Every quoted word of the project's files: the vocabulary edits draw from.
  func words(of files: [String: String]) -> [String] {
    var found: Set<String> = []
    for text in files.values {
      for match in text.matches(of: /"([A-Za-z0-9_\-.]{1,40})"/) { found.insert(String(match.1)) }
    }
    return found.sorted()
  }

  func assertRandomEditsMatchCheck(_ original: [String: String], seed: UInt64, edits: Int, flags: Bool = false) throws {
    let disk = try makeProject(original)
    defer { try? FileManager.default.removeItem(atPath: disk) }
    let buffers = BufferedFileSystem()
    let checker = IncrementalChecker(directory: disk, fileSystem: buffers)
    let vocabulary = words(of: original)
    var random = SeededGenerator(state: seed)
    var files = original
    var history: [String] = []
    var distinct: Set<[String]> = []
    /// Checks the buffers and `zlc check` of the same files; false once they differ.
    func matches() throws -> Bool {
      for (path, text) in files { buffers.setBuffer(SourceFile(path: disk + "/" + path, text: text), for: disk + "/" + path) }
      let incremental = checker.check()
      let reference = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: reference) }
      let full = Driver.check(reference)
      let (got, expected) = (rendered(incremental.diagnostics, in: disk), rendered(full.diagnostics, in: reference))
      XCTAssertEqual(got, expected, "seed \(seed), after:\n" + history.joined(separator: "\n"))
      XCTAssertEqual(incremental.status, full.status, "seed \(seed)")
      distinct.insert(got)
      if got != expected, let dump = ProcessInfo.processInfo.environment["ZLC_EDIT_DUMP"] {
        for (path, text) in files {
          let url = URL(fileURLWithPath: dump + "/" + path)
          try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
          try? text.write(to: url, atomically: true, encoding: .utf8)
        }
        try? history.joined(separator: "\n").write(toFile: dump + ".history", atomically: true, encoding: .utf8)
      }
      return got == expected
    }
    for _ in 0..<edits {
      let before = files
      let edit = randomEdit(of: files, original: original, words: vocabulary, flags: flags, using: &random)
      files = edit.files
      history.append(edit.what)
      guard try matches() else { return }
      if edit.transient {
        files = before
        history.append("undone")
        guard try matches() else { return }
      }
    }
    // The edits reached many different states: the comparison was not of one outcome repeated.
    XCTAssertGreaterThan(distinct.count, edits / 4, "seed \(seed)")
  }

  /// The seeds to run: `ZLC_EDIT_SEED` (to try others by hand; `ZLC_EDIT_DUMP=folder` writes the
  /// files and the edits of a failure there), else `fixed`.
  func seeds(default fixed: [UInt64]) -> [UInt64] {
    guard let given = ProcessInfo.processInfo.environment["ZLC_EDIT_SEED"] else { return fixed }
    guard let seed = UInt64(given) else {
      XCTFail("ZLC_EDIT_SEED must be a whole number from 0, not '\(given)'")
      return []
    }
    return [seed]
  }

  func testRandomEditsOfTheDefectsProject() throws {
    // Seed 4 once found notes kept from an earlier check, pointing where a screen id had been
    // before a line was typed above it in its own file.
    for seed in seeds(default: [1, 4]) { try assertRandomEditsMatchCheck(try defectsProject(), seed: seed, edits: 40) }
  }

  func testRandomEditsOfTheDemo() throws {
    let demo = repositoryRoot.appendingPathComponent("manifests")
    var files: [String: String] = [:]
    let names = FileManager.default.enumerator(atPath: demo.path)?.compactMap { $0 as? String } ?? []
    for name in names where name.hasSuffix(".json") || name.hasSuffix(".xml") {
      files[name] = try String(contentsOf: demo.appendingPathComponent(name), encoding: .utf8)
    }
    XCTAssertGreaterThan(files.count, 5)
    for seed in seeds(default: [2]) { try assertRandomEditsMatchCheck(files, seed: seed, edits: 40) }
  }
}
