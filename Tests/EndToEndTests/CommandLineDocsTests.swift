import Foundation
import XCTest

/// What the README says of the command line is what the commands take.
final class CommandLineDocsTests: XCTestCase {
  /// The README names the commands that take `--platform`: those whose help offers it.
  func testTheReadmeNamesTheCommandsThatTakePlatform() throws {
    let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let line = try XCTUnwrap(readme.split(separator: "\n").first { $0.hasPrefix("- `zlc check manifests/ --platform ios` — ") })
    let listed = line.components(separatedBy: " — narrow ").dropFirst().first?.components(separatedBy: " to one of").first ?? ""
    let named = listed.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
      String($0.element)
    }
    let commands = ["init", "build", "check", "diff", "map", "preview", "serve", "schema", "explain", "lsp", "verify", "generate"]
    let taking = try commands.filter { try zlc([$0, "--help"]).out.contains("--platform") }
    XCTAssertEqual(named.sorted(), taking.sorted(), String(line))
  }
}
