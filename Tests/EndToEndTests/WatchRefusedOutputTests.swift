import Foundation
import XCTest

/// A watching build whose output folder gains a file zlc did not write (an editor's swap file for
/// a bundle file opened in it) is refused (ZL0111); once that file is removed, it builds again,
/// so the bundle does not stay behind the project until the next edit.
final class WatchRefusedOutputTests: DemoCopyTestCase {
  func testARefusedOutputIsWrittenOnceItsBlockerIsRemoved() throws {
    let output = dir.appendingPathComponent("out")
    let log = dir.appendingPathComponent("watch.log")
    XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil))
    let process = Process()
    process.executableURL = try zlcBinary()
    process.arguments = ["build", project.path, "-o", output.path, "--watch", "--color", "never"]
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    let rivers = output.appendingPathComponent("rivers.json")
    func eventually(_ what: String, _ condition: () -> Bool) {
      for _ in 0..<200 where !condition() { Thread.sleep(forTimeInterval: 0.1) }
      XCTAssertTrue(condition(), what)
    }
    let printed = { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
    eventually("the first build") { printed().contains("wrote ") }
    // A swap file beside a bundle file opened at the top, then beside a screen's file.
    let browse = project.appendingPathComponent("screens/browse.json")
    let text = try String(contentsOf: browse, encoding: .utf8)
    for (round, swap) in [".rivers.json.swp", "screens/.home.json.swp"].enumerated() {
      let name = "All shows \(round)"
      try Data("vim".utf8).write(to: output.appendingPathComponent(swap))
      try text.replacingOccurrences(of: #""name": "Shows""#, with: "\"name\": \"\(name)\"").write(
        to: browse, atomically: true, encoding: .utf8)
      eventually("the build refused (\(swap))") { printed().components(separatedBy: "[ZL0111]").count == round + 2 }
      XCTAssertFalse(try String(contentsOf: rivers, encoding: .utf8).contains(name))
      try FileManager.default.removeItem(at: output.appendingPathComponent(swap))
      eventually("built once \(swap) is gone") { (try? String(contentsOf: rivers, encoding: .utf8))?.contains(name) == true }
    }
    XCTAssertTrue(process.isRunning, printed())
  }
}
