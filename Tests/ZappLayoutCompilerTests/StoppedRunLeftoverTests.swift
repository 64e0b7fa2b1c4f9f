import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappReaders

/// What a stopped `zlc check --fix` or `zlc init` leaves in a project (ZL0127): a warning at each,
/// naming what to do, where it was passed over without a word.
final class StoppedRunLeftoverTests: XCTestCase {
  /// The basic starter, with `folders` made in it, then `extra` files (path → text).
  private func project(files extra: [String: String] = [:], folders: [String] = []) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-leftover-\(UUID().uuidString)").path
    XCTAssertEqual(Driver.initialize(dir, template: .basic).status, .success)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
    for folder in folders { try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true) }
    for (path, text) in extra { try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + path)) }
    return dir
  }

  func testWhatAStoppedFixOrInitLeftIsAWarningAtIt() throws {
    let dir = try project(
      files: ["screens/home.json.zlc-fix-C7U7PZ": "[]", "zlc.json.zlc-fix-aB3xyz": "{}", ".zlc-init-0badcafe/screens/show.json": "[]"],
      folders: [".zlc-init-0badcafe/screens"])
    let found = Driver.check(dir).diagnostics.filter { $0.code == "ZL0127" }
    XCTAssertEqual(
      found.map { "\($0.severity) \(($0.path ?? "").dropFirst(dir.count + 1)): \($0.message)" }.sorted(),
      [
        "warning .zlc-init-0badcafe: '.zlc-init-0badcafe/' is not read: a stopped zlc init left it; run zlc init again to finish the starter, or delete it",
        "warning screens/home.json.zlc-fix-C7U7PZ: 'screens/home.json.zlc-fix-C7U7PZ' is not read: a stopped zlc check --fix left it beside 'home.json', which holds its text as it was or as fixed; delete it",
        "warning zlc.json.zlc-fix-aB3xyz: 'zlc.json.zlc-fix-aB3xyz' is not read: a stopped zlc check --fix left it beside 'zlc.json', which holds its text as it was or as fixed; delete it",
      ])
    XCTAssertEqual(Driver.build(dir, output: dir + "/out").status, .success, "a warning")
  }

  /// An empty staging folder (every entry moved out) asks to be deleted alone: the starter is whole,
  /// and zlc init would refuse the folder; a fixed copy with no file of its name beside it (a long
  /// name is shortened) names none.
  func testAnEmptyStagingFolderAndAShortenedCopyAreWordedSo() throws {
    let dir = try project(files: ["screens/home~0badcafe.json.zlc-fix-C7U7PZ": "[]"], folders: [".zlc-init-0badcafe"])
    XCTAssertEqual(
      Driver.check(dir).diagnostics.filter { $0.code == "ZL0127" }.map(\.message).sorted(),
      [
        "'.zlc-init-0badcafe/' is not read: a stopped zlc init left it; delete it: the starter is whole",
        "'screens/home~0badcafe.json.zlc-fix-C7U7PZ' is not read: a stopped zlc check --fix left it; delete it",
      ])
  }

  /// Names near a leftover's but not one: another tag length or letters, a file named as the
  /// staging folder, a user's own hidden folder.
  func testOtherNamesAreNotLeftovers() throws {
    let dir = try project(
      files: [
        "screens/home.json.zlc-fix-C7U7P": "[]", "screens/home.json.zlc-fix-C7U7PZ1": "[]", "screens/home.json.zlc-fix-C7U-PZ": "[]",
        ".zlc-init-0badcafe": "",
      ], folders: [".zlc-init-0BADCAFE", ".zlc-init-nothex00", ".zlc-init-0badcaf", ".git"])
    XCTAssertEqual(Driver.check(dir).diagnostics.map { "\($0.code) \($0.message)" }, [])
    XCTAssertEqual(StoppedRunLeftoverRule.leftover(named: ".zlc-fix-C7U7PZ")?.isFix, nil, "no file it was for")
  }
}
