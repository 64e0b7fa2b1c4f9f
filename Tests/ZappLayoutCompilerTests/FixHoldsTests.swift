import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel

/// What a file's errors hold back of the other files' fix-its: a fix that picks a name the
/// project defines waits while a file that defines names has an error that may leave one unread;
/// a fix that writes the value itself in another form picks none, and does not wait.
final class FixHoldsTests: XCTestCase {
  /// A screen with a count written `"+5"` and a trailing comma after it, a source with a space at
  /// its end and a mistyped component type, beside a family file that cannot be read (or can).
  func project(familyReads: Bool) throws -> String {
    let component =
      #"{"component_type": "gird", "data": {"source": "1 ", "type": "APPLICASTER_COLLECTION"}, "#
      + #""styles": {"cell_styles": ["GRID_1"]}, "rules": {"item_limit": "+5",}}"#
    let family = familyReads ? #"<Family name="FAMILY_9" />"# : #"<Family name="FAMILY_9""#
    return try makeProject(
      Example.baseProject.merging(["screens/o.json": Example.screen(component), "families/FAMILY_9.xml": family]) { $1 })
  }

  func testAValueWrittenInAnotherFormIsFixedWhileAFamilyCannotBeRead() throws {
    let dir = try project(familyReads: false)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.fix(dir, dryRun: true)
    XCTAssertEqual(outcome.waitingFor, ["families/FAMILY_9.xml"])
    XCTAssertEqual(
      outcome.fixed.map { ($0.path as NSString).lastPathComponent }, ["o.json"],
      "\(outcome.check.diagnostics.map { "\($0.code) \($0.message)" })")
    XCTAssertEqual(
      outcome.fixed.first?.summaries.sorted(),
      [
        #"did you mean '1'? replace '"1 "' with '"1"'"#, #"did you mean '5'? replace '"+5"' with '"5"'"#,
        "remove the trailing comma: delete ','",
      ])
  }

  /// Once the family reads, the component type's did-you-mean is applied too.
  func testEveryFixIsAppliedOnceTheFamilyReads() throws {
    let dir = try project(familyReads: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.fix(dir, dryRun: true)
    XCTAssertEqual(outcome.waitingFor, [])
    XCTAssertEqual(outcome.fixed.first?.summaries.count, 4, "\(outcome.fixed.map(\.summaries))")
  }

  /// A screens file read through a link from outside `screens/` is a screens file all the same:
  /// while it cannot be read whole, the fix of a reference to a screen's id waits for it, as for
  /// a file written there.
  func testAScreensFileReadThroughALinkHoldsScreenReferenceFixes() throws {
    let home =
      #"[{"id": "home", "type": "general_content", "home": true, "styles": {"family": "FAMILY_1",}, "ui_components": [\#(Example.gridOpening("othr"))]}]"#
    let dir = try makeProject(["screens/o.json": Example.screen(Example.grid), "shared/home.json": home])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createSymbolicLink(atPath: dir + "/screens/home.json", withDestinationPath: "../shared/home.json")
    let outcome = Driver.fix(dir, dryRun: true)
    XCTAssertEqual(outcome.waitingFor, ["screens/home.json"])
    XCTAssertEqual(outcome.fixed.map(\.summaries), [["remove the trailing comma: delete ','"]])
  }
}
