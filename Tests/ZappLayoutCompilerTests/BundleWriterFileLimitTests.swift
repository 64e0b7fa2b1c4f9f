import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// A build never writes a bundle file larger than a client loads (`ScreenBundle.maxFileBytes`,
/// made small here through `BundleWriter.Options.maxFileBytes`): it fails with the file, its size,
/// the limit and what to do, and the earlier output stays as it was.
final class BundleWriterFileLimitTests: XCTestCase {
  /// The base project with a screen `other` of twelve grids, larger than the home screen's file.
  func project(platforms: String? = nil) throws -> String {
    var files = Example.baseProject
    files["screens/o.json"] = Example.screen(Array(repeating: Example.grid, count: 12).joined(separator: ", "))
    if let platforms { files["zlc.json"] = #"{"platforms": {\#(platforms)}}"# }
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
  }

  /// Every file under `folder` (the marker too) with its bytes.
  func snapshot(_ folder: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: folder) {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
      files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
    }
    return files
  }

  func size(_ path: String) throws -> Int {
    try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
  }

  func options(limit: Int) -> BundleWriter.Options {
    var options = BundleWriter.Options()
    options.maxFileBytes = limit
    return options
  }

  /// Builds with the limit, expecting a refusal of `file` (a path in the output) with `remedy`,
  /// and the earlier output, and the folder holding it, unchanged.
  func assertRefused(
    _ dir: String, limit: Int, file: String, size: Int, remedy: String, line: UInt = #line
  ) throws {
    let before = try snapshot(dir + "/out")
    let beside = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    let outcome = Driver.build(dir, output: dir + "/out", bundle: options(limit: limit))
    XCTAssertEqual(outcome.status, .ioFailure, line: line)
    XCTAssertEqual(ExitStatus.ioFailure.rawValue, 74, line: line)
    XCTAssertFalse(outcome.written, line: line)
    XCTAssertEqual(outcome.diagnostics.map(\.rule), [.ioError], line: line)
    XCTAssertEqual(outcome.diagnostics.first?.path, dir + "/out", line: line)
    XCTAssertEqual(
      outcome.diagnostics.first?.message,
      "cannot write '\(dir)/out/\(file)': it would be \(size) bytes, and a client loads bundle files of at most \(limit) bytes; the output is kept as it was: \(remedy)",
      line: line)
    XCTAssertEqual(try snapshot(dir + "/out"), before, "the earlier output is byte-identical", line: line)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), beside, "no staging folder is left", line: line)
  }

  /// A screen file one byte over the limit is refused; at the limit exactly it is written.
  func testAScreenFileAboveTheLimitFailsTheBuildAndKeepsTheEarlierOutput() throws {
    let dir = try project()
    XCTAssertEqual(Driver.build(dir, output: dir + "/out").status, .success)
    let other = try size(dir + "/out/screens/other.json")
    XCTAssertGreaterThan(other, try size(dir + "/out/screens/home.json"), "the screen to refuse is the larger one")
    try assertRefused(
      dir, limit: other - 1, file: "screens/other.json", size: other,
      remedy: "split the screen into smaller screens, or give its sections fewer items")
    // rivers.json holds both screens, so it is larger: a limit the screen files fit in refuses it.
    let rivers = try size(dir + "/out/rivers.json")
    try assertRefused(
      dir, limit: rivers - 1, file: "rivers.json", size: rivers,
      remedy: "it holds every screen: make the screens fewer or smaller (fewer sections or items)")
  }

  /// The limit is inclusive: files of exactly the limit are written, and they load.
  func testFilesOfExactlyTheLimitAreWritten() throws {
    let dir = try project()
    XCTAssertEqual(Driver.build(dir, output: dir + "/first").status, .success)
    let largest = try snapshot(dir + "/first").filter { $0.key != ".zlc-output" }.values.map(\.count).max() ?? 0
    XCTAssertEqual(Driver.build(dir, output: dir + "/out", bundle: options(limit: largest)).status, .success)
    XCTAssertEqual(try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/out")).index.screens.count, 2)
  }

  /// In an app of several platforms, the file is named by its platform's folder: the first
  /// platform's (in `zlc.json`'s order), written first.
  func testAPlatformsFileIsNamedInItsFolder() throws {
    let dir = try project(platforms: #""ios": {}, "android": {}"#)
    XCTAssertEqual(Driver.build(dir, output: dir + "/out").status, .success)
    let other = try size(dir + "/out/ios/screens/other.json")
    XCTAssertEqual(try size(dir + "/out/android/screens/other.json"), other)
    try assertRefused(
      dir, limit: other - 1, file: "ios/screens/other.json", size: other,
      remedy: "split the screen into smaller screens, or give its sections fewer items")
  }
}
