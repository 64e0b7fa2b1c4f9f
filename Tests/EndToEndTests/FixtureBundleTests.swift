import Foundation
import XCTest
import ZappLayout

/// Every fixture that makes a project builds a bundle the runtime library loads, or fails with a
/// located diagnostic and the documented exit status: the demo, the demo with each fuzz-regression
/// input in the place of an input file, and every project under Tests/Fixtures/mutations/.
final class FixtureBundleTests: XCTestCase {
  let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures")

  /// Builds `project` and loads its bundle with the runtime; a failed build must name a file.
  func assertBuildsLoadableOrFailsLocated(_ project: URL, _ what: String, line: UInt = #line) throws {
    let output = project.deletingLastPathComponent().appendingPathComponent("out-\(UUID().uuidString)")
    let r = try zlc(["build", project.path, "-o", output.path, "--format", "json"])
    switch r.status {
    case 0:
      XCTAssertNoThrow(try ScreenBundle.load(from: output), what, line: line)
    case 1, 74:
      let report = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
      let diagnostics = report?["diagnostics"] as? [[String: Any]] ?? []
      XCTAssertFalse(diagnostics.isEmpty, "\(what): exit \(r.status) without a diagnostic", line: line)
      for d in diagnostics where d["severity"] as? String == "error" {
        XCTAssertNotNil(d["file"] as? String, "\(what): an error without a file: \(d)", line: line)
      }
    default:
      XCTFail("\(what): exit \(r.status)\n\(r.err)", line: line)
    }
  }

  func testTheDemoAndEveryFuzzInputInAProject() throws {
    let dir = temporary()
    defer { try? FileManager.default.removeItem(at: dir) }
    let project = try copyDemo(to: dir)
    try assertBuildsLoadableOrFailsLocated(project, "the demo")
    for (reader, destination) in [("json", "screens/fuzz.json"), ("xml", "families/fuzz.xml"), ("json", "zlc.json")] {
      let folder = fixtures.appendingPathComponent("fuzz/\(reader)")
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      XCTAssertFalse(names.isEmpty)
      let target = project.appendingPathComponent(destination)
      let original = try? Data(contentsOf: target)
      try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      for name in names {
        try Data(contentsOf: folder.appendingPathComponent(name)).write(to: target)
        try assertBuildsLoadableOrFailsLocated(project, "\(reader)/\(name) as \(destination)")
      }
      if let original { try original.write(to: target) } else { try FileManager.default.removeItem(at: target) }
    }
  }

  func testEveryMutationFixtureProject() throws {
    let folder = fixtures.appendingPathComponent("mutations")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? []
    for name in names {
      var isDirectory: ObjCBool = false
      let project = folder.appendingPathComponent(name)
      guard FileManager.default.fileExists(atPath: project.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
      let dir = temporary()
      defer { try? FileManager.default.removeItem(at: dir) }
      let copy = dir.appendingPathComponent(name)
      try FileManager.default.copyItem(at: project, to: copy)
      try assertBuildsLoadableOrFailsLocated(copy, "mutations/\(name)")
    }
  }
}
