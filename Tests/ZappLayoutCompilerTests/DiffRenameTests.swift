import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappWriters

/// Screens given a new id: with the same name, or with a new name too (a screen renamed in full).
final class DiffRenameTests: XCTestCase {
  /// The example project with a screen of a grid for each (id, name), all in `screens/more.json`
  /// (a screen in a file named by its id would move as it is renamed).
  func project(_ screens: [(id: String, name: String)]) throws -> String {
    var files = Example.baseProject
    let objects = screens.map { Example.screen(Example.grid, extra: #", "name": "\#($0.name)""#, id: $0.id).dropFirst().dropLast() }
    files["screens/more.json"] = "[" + objects.joined(separator: ",\n") + "]"
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
  }

  /// A screen given a new id and a new name, all else alike, is renamed: its id, then its name,
  /// not removed and added.
  func testANewIDAndANewNameAreOneRenamedScreen() throws {
    let report = try XCTUnwrap(assertSameAsByDigests(base: try project([("kids", "Kids")]), head: try project([("children", "Children")])))
    XCTAssertEqual(
      DiffPrinter(format: .text).render(report),
      """
       children | renamed from kids, 1 change
       1 screen changed (0 added, 0 removed, 1 renamed), 2 changes

      screen renamed: kids → children
      screen renamed: children: name Kids → Children

      """)
  }

  /// Screens written alike but for the id are paired first: the head's `c` named B is `b` named
  /// B renamed, not `a` named A renamed in full; `a` is removed.
  func testTheSameNameIsPairedBeforeANewOne() throws {
    let report = try XCTUnwrap(assertSameAsByDigests(base: try project([("a", "A"), ("b", "B")]), head: try project([("c", "B")])))
    XCTAssertEqual(report.changes.map(\.kind), [.screenRemoved, .screenRenamed])
    XCTAssertEqual(report.changes.first?.screens, ["a"])
    XCTAssertEqual(report.changes.last?.old, .string("b"))
    XCTAssertEqual(report.changes.last?.new, .string("c"))
    // Another component besides is another screen: removed and added.
    var files = Example.baseProject
    files["screens/more.json"] = Example.screen(Example.grid + ", " + Example.grid, extra: #", "name": "D""#, id: "d")
    let other = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: other) }
    let apart = try XCTUnwrap(assertSameAsByDigests(base: try project([("a", "A")]), head: other))
    XCTAssertEqual(apart.changes.map(\.kind), [.screenAdded, .screenRemoved])
  }
}

extension DiffRenameTests {
  /// The demo project with its `settings` screen (a plugin's, without components) copied once for
  /// each (id, name) into `screens/more.json`.
  func demo(_ screens: [(id: String, name: String)]) throws -> String {
    let folder = repositoryRoot.appendingPathComponent("manifests")
    var files: [String: String] = [:]
    let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = found?.nextObject() as? URL {
      guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
      files[String(url.path.dropFirst(folder.path.count + 1))] = try String(contentsOf: url, encoding: .utf8)
    }
    let settings =
      ##""type": "riverflix_settings", "home": false, "data": {}, "styles": {"family": "FAMILY_1", "presentation": "push", "background_color": "#FF101014"}, "ui_components": []"##
    XCTAssertTrue(try XCTUnwrap(files["screens/plugins.json"]).contains(#""id": "settings""#))
    files["screens/more.json"] =
      "[" + screens.map { #"{"id": "\#($0.id)", "name": "\#($0.name)", "# + settings + "}" }.joined(separator: ",\n") + "]"
    let dir = try makeProject(files)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return dir
  }

  /// Plugin screens without components, alike but for their id and name, are not renamed in
  /// full: they are removed and added, however many there are.
  func testScreensWithoutComponentsAreNotRenamedInFull() throws {
    for (base, head) in [
      ([("legal", "Legal"), ("terms", "Terms")], [("help", "Help"), ("faq", "FAQ")]), ([("legal", "Legal")], [("help", "Help")]),
    ] {
      let report = try XCTUnwrap(assertSameAsByDigests(base: try demo(base), head: try demo(head)))
      XCTAssertEqual(report.changes.filter { $0.kind == .screenRenamed }.count, 0, "\(base) → \(head)")
      XCTAssertEqual(Set(report.changes.filter { $0.kind == .screenAdded }.flatMap(\.screens)), Set(head.map(\.0)))
      XCTAssertEqual(Set(report.changes.filter { $0.kind == .screenRemoved }.flatMap(\.screens)), Set(base.map(\.0)))
    }
  }

  /// Two screens with components written alike but for their id and name, replaced by two others
  /// so written: which is which cannot be told, so none is renamed.
  func testTwoScreensAlikeButTheirIDAndNameAreNotPaired() throws {
    let report = try XCTUnwrap(
      assertSameAsByDigests(base: try project([("a", "A"), ("b", "B")]), head: try project([("c", "C"), ("d", "D")])))
    XCTAssertEqual(report.changes.map(\.kind), [.screenAdded, .screenRemoved])
    XCTAssertEqual(report.changes.map(\.screens), [["c", "d"], ["a", "b"]])
  }
}
