import Foundation
import XCTest
import ZappDiagnostics

@testable import ZappLayoutCompiler
@testable import ZappModel

/// Tests that check a project of one home screen drawn with a family `T` of their own.
protocol OneFamilyProject: XCTestCase {}

extension OneFamilyProject {
  /// A project of one home screen of family T with `components`; each file may hold markers.
  func check(family: String, components: String, settings: String = #"{"app": "t"}"#) throws
    -> (dir: String, outcome: CheckOutcome, marked: [String: Marked])
  {
    let home =
      #"[{"id": "home", "name": "Home", "type": "general_content", "home": true, "styles": {"family": "T"}, "ui_components": \#(components)}]"#
    let marked = ["families/T.json": Marked(family), "screens/home.json": Marked(home), "zlc.json": Marked(settings)]
    let dir = try makeProject(marked.mapValues(\.text))
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    return (dir, Driver.check(dir), marked)
  }

  /// The diagnostic expected at the `index`th marker of `file`.
  func spec(_ marked: [String: Marked], _ file: String, at index: Int = 0, _ message: String, notes: [String] = []) -> DiagnosticSpec {
    let marker = marked[file]!.markers[index]
    return DiagnosticSpec(code: marker.code ?? "?", file: file, line: marker.line, column: marker.column, message: message, notes: notes)
  }
}
