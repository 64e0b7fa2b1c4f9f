import Foundation
import XCTest

/// An output path below a file (`notes.txt/out`) is refused before the project is read, in plain
/// words, by every command that writes a folder: never Foundation's "The operation could not be
/// completed".
final class OutputBelowFileTests: DemoCopyTestCase {
  func testAnOutputBelowAFileIsRefusedInPlainWords() throws {
    try Data("my notes".utf8).write(to: dir.appendingPathComponent("notes.txt"))
    let commands: [(args: [String], output: String)] = [
      (["preview", project.path, "-o", "notes.txt/sub/x"], "notes.txt/sub/x"),
      (["build", project.path, "-o", "notes.txt/sub"], "notes.txt/sub"),
      (["generate", "swift", project.path, "-o", "notes.txt/sub"], "notes.txt/sub"),
      (["diff", project.path, project.path, "--html", "notes.txt/x"], "notes.txt/x"),
    ]
    for (args, output) in commands {
      let r = try zlc(args, cwd: dir)
      XCTAssertEqual(r.status, 64, "\(args[0]): \(r.err)")
      XCTAssertEqual(
        r.err,
        "\(output): error: output '\(output)' is below 'notes.txt', which is a file, not a folder; zlc leaves the file alone: choose another folder [ZL0111]\n1 error, 0 warnings\n",
        args[0])
      XCTAssertEqual(r.out, "")
    }
    XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("notes.txt"), encoding: .utf8), "my notes")
  }

  /// Pages `zlc diff --html` cannot write are reported as the other commands report them: the
  /// output's path, the message and the rule's code.
  func testDiffPagesThatCannotBeWrittenAreADiagnostic() throws {
    let locked = dir.appendingPathComponent("locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
    let r = try zlc(["diff", project.path, project.path, "--html", "locked/x"], cwd: dir)
    XCTAssertEqual(r.status, 74, r.err)
    XCTAssertEqual(
      r.err,
      "locked/x: error: cannot write 'locked/x' into 'locked', which is read-only (its owner may not write it); zlc writes nothing there: make it writable (chmod u+w) or choose another folder [ZL0100]\n1 error, 0 warnings\n"
    )
  }
}
