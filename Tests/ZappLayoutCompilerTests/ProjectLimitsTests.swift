import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders
@testable import ZappRules

/// Project-level limits (docs/limits.md), lowered through `ReaderLimits` so the tests stay small.
final class ProjectLimitsTests: XCTestCase {
  func project(files count: Int) throws -> String {
    var files: [String: String] = [:]
    for i in 0..<count { files["screens/s\(i).json"] = #"[{"id": "s\#(i)", "type": "favorites", "ui_components": []}]"# }
    return try makeProject(files)
  }

  func testTooManyFiles() throws {
    let dir = try project(files: 5)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var limits = ReaderLimits()
    limits.maxFiles = 3
    let outcome = Driver.check(dir, limits: limits)
    XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0117" }.map(\.message), ["the project has more than 3 input files"])
    XCTAssertEqual(outcome.status, .inputErrors)
    XCTAssertEqual(Driver.check(dir).diagnostics.filter { $0.severity == .error }.map(\.code), ["ZL0405"], "within the default limit")
  }

  func testFileTooLargeIsNotRead() throws {
    let dir = try project(files: 1)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var limits = ReaderLimits()
    limits.maxFileBytes = 20
    let outcome = Driver.check(dir, limits: limits)
    let limit = try XCTUnwrap(outcome.diagnostics.first { $0.code == "ZL0108" })
    XCTAssertEqual(limit.path, dir + "/screens/s0.json")
    XCTAssertTrue(limit.message.hasPrefix("file is 5"), limit.message)
    XCTAssertEqual(outcome.project.screens.count, 0, "nothing of it was read")
  }

  func testFoldersNestedTooDeep() throws {
    var path = "screens"
    for _ in 0..<70 { path += "/d" }
    let dir = try makeProject([path + "/s.json": #"[{"id": "s", "type": "favorites", "ui_components": []}]"#])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    XCTAssertEqual(outcome.diagnostics.filter { $0.code == "ZL0119" }.count, 1)
    XCTAssertEqual(outcome.project.screens.count, 0)
  }
}

/// A screens file of many objects costs one list of them: reserved to their count, and shared by
/// the project rather than copied when the project has one screens file.
final class ScreenObjectListTests: XCTestCase {
  func testOneFileOfManyObjectsIsOneListReservedToSize() throws {
    let objects = Array(repeating: "{}", count: 1000) + [#"{"id": "a", "type": "favorites", "ui_components": []}"#, "7"]
    let dir = try makeProject(["screens/flood.json": "[" + objects.joined(separator: ",") + "]"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let project = Driver.check(dir).project
    XCTAssertEqual(project.screenObjects.count, 1001, "every object, and not the number")
    XCTAssertEqual(project.screens.map(\.id.value), ["a"])
    XCTAssertLessThan(project.screenObjects.capacity, 1024, "reserved to size, not grown by doubling")
  }

  func testListsAreJoinedInOrderAndOneListIsShared() {
    XCTAssertEqual(joined([[1], [], [2, 3], []]), [1, 2, 3])
    XCTAssertEqual(joined([[Int]]()), [])
    let list = [4, 5, 6]
    let shared = joined([[], list, []])
    XCTAssertEqual(shared, list)
    let sameStorage = list.withUnsafeBufferPointer { a in shared.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    XCTAssertTrue(sameStorage, "a single list is the project's own, not a copy")
  }
}
