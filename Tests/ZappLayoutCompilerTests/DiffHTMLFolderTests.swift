import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler

/// `zlc diff --html` refuses a folder it may not write, naming the option the folder was given with.
final class DiffHTMLFolderTests: XCTestCase {
  /// The project folder as the pages' folder: the advice names `--html`, not `-o`, which `zlc
  /// diff` has not.
  func testTheProjectFolderAsHTMLOutputNamesTheHTMLOption() throws {
    let base = try DiffNavigationTests.project(test: self)
    let head = try DiffNavigationTests.project(test: self)
    let outcome = Driver.diff(base: base, head: head, html: base)
    XCTAssertEqual(outcome.status, .usage)
    XCTAssertEqual(
      outcome.diagnostics.map(\.message),
      ["output '\(base)' is the project folder; zlc would replace the project with its output (use --html layout-diff)"])
  }
}
