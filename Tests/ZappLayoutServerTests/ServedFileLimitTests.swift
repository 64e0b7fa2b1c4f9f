import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutServer

/// `zlc serve` never serves a bundle file larger than a client loads (`ScreenBundle.maxFileBytes`,
/// made small here): the build fails with the file, its size, the limit and what to do.
final class ServedFileLimitTests: XCTestCase {
  func testABuildWithAFileAboveTheLimitIsNotServed() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-served-limit-\(UUID().uuidString)").path
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    var files = Example.baseProject
    files["screens/o.json"] = Example.screen(Array(repeating: Example.grid, count: 12).joined(separator: ", "))
    for (path, text) in files {
      try FileManager.default.createDirectory(
        atPath: dir + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: dir + "/" + path, atomically: true, encoding: .utf8)
    }
    var builder = ServeBuilder(directory: dir, output: dir + "/out", feeds: nil, warningsAsErrors: false)
    guard case .built(let first, _) = builder.build(generation: 1) else { return XCTFail("the project builds") }
    let other = try XCTUnwrap(first.files["screens/other.json"]).bytes.count
    XCTAssertGreaterThan(other, try XCTUnwrap(first.files["screens/home.json"]).bytes.count, "the screen to refuse is the larger one")
    XCTAssertGreaterThan(try XCTUnwrap(first.files["rivers.json"]).bytes.count, other)

    builder.maxFileBytes = other - 1
    guard case .failed(let problems, _, _) = builder.build(generation: 2, previous: first) else { return XCTFail("refused") }
    XCTAssertEqual(
      problems,
      "error: cannot serve the bundle: 'screens/other.json' would be \(other) bytes, and a client loads bundle files of at most \(other - 1) bytes: split the screen into smaller screens, or give its sections fewer items\n"
    )
    // At the size of rivers.json, the largest file, every file is served.
    builder.maxFileBytes = try XCTUnwrap(first.files["rivers.json"]).bytes.count
    guard case .built = builder.build(generation: 3, previous: first) else { return XCTFail("a file of the limit is served") }
  }
}
