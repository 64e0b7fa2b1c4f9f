import Foundation
import XCTest

/// A group of short options holding `h` (`-xh`, a folder named `-hdash` given bare) is refused
/// with status 64, as any unknown option is: it does not print the help and pass a CI step with
/// status 0 and no check.
final class GroupedShortOptionTests: XCTestCase {
  func testAGroupHoldingHIsRefusedAndAFolderAfterDashDashIsChecked() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let folder = dir.appendingPathComponent("-hdash")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("manifests"), to: folder)
    for arguments in [["check", "-xh"], ["check", "-hdash"], ["check", ".", "--format", "sarif", "-shh"], ["build", "-ohms"], ["-xh"]] {
      let r = try zlc(arguments, cwd: dir)
      XCTAssertEqual(r.status, 64, "\(arguments): \(r.out)")
      XCTAssertEqual(r.out, "", "\(arguments): no help and no report on standard output")
      let group = arguments.last!
      XCTAssertEqual(
        r.err,
        "Error: unknown option '\(group)': zlc's short options -h and -o are each given alone; an argument that begins with '-' (a folder, a screen id) goes after --\n"
      )
    }
    // After `--`, or written as a path, the folder is the project.
    for arguments in [["check", "--", "-hdash"], ["check", "./-hdash"]] {
      let r = try zlc(arguments, cwd: dir)
      XCTAssertEqual(r.status, 0, "\(arguments): \(r.err)")
      XCTAssertTrue(r.err.hasSuffix(": ok, 0 errors, 0 warnings in 13 files\n"), r.err)
    }
    // `-o=` and its value, whatever letters the value holds, is the output.
    let home = dir.appendingPathComponent("hh-out")
    let built = try zlc(["build", "./-hdash", "-o=\(home.path)"], cwd: dir)
    XCTAssertEqual(built.status, 0, built.err)
    XCTAssertTrue(FileManager.default.fileExists(atPath: home.appendingPathComponent("bundle.json").path), built.err)
    // `-h` alone is the help, as before; a group without `h` is argument-parser's unknown option.
    let help = try zlc(["check", "-h"], cwd: dir)
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.out.hasPrefix("OVERVIEW: Check a layout project"), help.out)
    let unknown = try zlc(["check", "-proj"], cwd: dir)
    XCTAssertEqual(unknown.status, 64)
    XCTAssertTrue(unknown.err.hasPrefix("Error: Unknown option '-proj'"), unknown.err)
  }
}
