import Foundation
import XCTest

/// zlc's own output written into the project under a name near an input's (`-o familes`) is not
/// a misnamed input (ZL0122): the build after the first one writes it again, as the first did.
final class OwnOutputNameTests: XCTestCase {
  func testAnOutputNamedNearAnInputBuildsAgain() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("manifests"), to: project)
    for name in ["familes", "screen"] {
      let output = project.appendingPathComponent(name).path
      for round in 1...2 {
        let r = try zlc(["build", project.path, "-o", output, "--warnings-as-errors"])
        XCTAssertEqual(r.status, 0, "\(name), build \(round): \(r.err)")
        XCTAssertFalse(r.err.contains("ZL0122"), "\(name), build \(round): \(r.err)")
      }
      try FileManager.default.removeItem(atPath: output)
    }
    // A folder of that name that is no output of zlc's is still reported.
    try FileManager.default.createDirectory(at: project.appendingPathComponent("familes"), withIntermediateDirectories: false)
    let check = try zlc(["check", project.path])
    XCTAssertEqual(check.status, 1, check.err)
    XCTAssertTrue(check.err.contains("'familes/' is not read"), check.err)
  }

  /// An output named as zlc names what it writes beside an output while it works
  /// (`.res.zlc-new-1234abcd`) is refused with nothing written: a later build of `res` beside it
  /// would remove it as its own leftover, or put it back in place of `res`.
  func testAnOutputNamedLikeZlcsStagingFolderIsRefused() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("manifests"), to: project)
    for name in [".res.zlc-new-1234abcd", ".res.zlc-old-1234abcd", ".res.zlc-old-1234abcd.stopped", ".x.y.zlc-new-00ff00ff"] {
      for command in [["build"], ["preview"], ["generate", "swift"]] {
        let r = try zlc(command + [project.path, "-o", name], cwd: dir)
        XCTAssertEqual(r.status, 64, "\(command) \(name): \(r.err)")
        XCTAssertTrue(
          r.err.contains(
            "error: output '\(name)' is named as zlc names the folders it writes beside an output while it works ('.NAME.zlc-new-' or '.NAME.zlc-old-' and eight lowercase hexadecimal digits), which a later build there would remove as its own: choose another name"
          ), "\(command) \(name): \(r.err)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path), name)
      }
    }
    // Names near it are outputs like any other.
    for name in [".res.zlc-new-1234abc", ".res.zlc-new-1234ABCD", "res.zlc-new-1234abcd", ".res.zlc-new-1234abcd.old"] {
      let r = try zlc(["build", project.path, "-o", name], cwd: dir)
      XCTAssertEqual(r.status, 0, "\(name): \(r.err)")
    }
  }

  /// A refused output folder's advice names a folder for the kind of output: `build` for a
  /// bundle, `preview` for a preview, `generated` for client code.
  func testARefusedOutputsAdviceNamesAFolderForItsKind() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = dir.appendingPathComponent("app")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("manifests"), to: project)
    for (command, folder) in [(["build"], "build"), (["preview"], "preview"), (["generate", "swift"], "generated")] {
      let inside = try zlc(command + [project.path, "-o", "app/screens/out"], cwd: dir)
      XCTAssertEqual(inside.status, 64, inside.err)
      XCTAssertTrue(
        inside.err.contains(
          "error: output 'app/screens/out' is inside the project's input folder 'screens'; zlc would read its own output back (use -o \(folder))"
        ), "\(command): \(inside.err)")
      let itself = try zlc(command + [project.path, "-o", "app"], cwd: dir)
      XCTAssertEqual(itself.status, 64, itself.err)
      XCTAssertTrue(
        itself.err.contains("error: output 'app' is the project folder; zlc would replace the project with its output (use -o \(folder))"),
        "\(command): \(itself.err)")
    }
  }
}
