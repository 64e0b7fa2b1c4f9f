import Foundation
import XCTest

@testable import ZappLayout

/// A bundle file that a link leads to is read only when the file opened is the one inside the
/// folder: a link swapped between the check of its path and the open cannot lead a client outside.
final class LinkSwapTests: XCTestCase {
  /// A fresh folder, removed after the test.
  func folder(_ name: String) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-link-swap-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  /// A copy of the golden bundle whose `screens/kids.json` is a link to a file inside it, with the
  /// folder's real path and a file of the same name outside the bundle.
  func bundleWithLinkedScreen() throws -> (dir: URL, root: String, link: URL, inside: URL, outside: URL) {
    let dir = try folder("bundle").appendingPathComponent("bundle")
    try FileManager.default.copyItem(at: BundleTests.golden, to: dir)
    let link = dir.appendingPathComponent("screens/kids.json")
    let inside = dir.appendingPathComponent("kept-kids.json")
    try FileManager.default.moveItem(at: link, to: inside)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: inside)
    let outside = try folder("outside").appendingPathComponent("kids.json")
    try Data("{\"secret\":true}".utf8).write(to: outside)
    return (dir, try XCTUnwrap(FileBytes.realPath(dir.path)), link, inside, outside)
  }

  /// Points the link at `target` in one rename, as a swap under a reader would.
  func repoint(_ link: URL, to target: URL) throws {
    let fresh = link.deletingLastPathComponent().appendingPathComponent(".swap-\(UUID().uuidString)")
    try FileManager.default.createSymbolicLink(at: fresh, withDestinationURL: target)
    XCTAssertEqual(rename(fresh.path, link.path), 0)
  }

  func testALinkSwappedToLeadOutsideAfterItsCheckIsNotRead() throws {
    let (dir, root, link, _, outside) = try bundleWithLinkedScreen()
    XCTAssertTrue(ScreenBundle.resolves("screens/kids.json", inside: root, folder: dir.path), "the check sees the link inside")
    XCTAssertThrowsError(
      try ScreenBundle.read(dir.path, "screens/kids.json", root: root) { try? self.repoint(link, to: outside) }
    ) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .fileOutsideBundle("screens/kids.json"))
    }
  }

  func testALinkSwappedToAnotherFileInsideIsRead() throws {
    let (dir, root, link, inside, outside) = try bundleWithLinkedScreen()
    try repoint(link, to: outside)
    XCTAssertFalse(ScreenBundle.resolves("screens/kids.json", inside: root, folder: dir.path))
    // Swapped back inside before the open: the file opened is the bundle's own.
    let bytes = try ScreenBundle.read(dir.path, "screens/kids.json", root: root) { try? self.repoint(link, to: inside) }
    XCTAssertEqual(bytes, Array(try Data(contentsOf: inside)))
  }

  /// Through the loader: the screen behind the link opens, and the same screen led outside does not.
  func testTheLoaderOpensALinkInsideAndRefusesOneOutside() throws {
    let (dir, _, link, _, outside) = try bundleWithLinkedScreen()
    let bundle = try ScreenBundle.load(from: dir)
    XCTAssertEqual(try bundle.screen(id: "kids")?.id, "kids")
    let again = try ScreenBundle.load(from: dir)
    try repoint(link, to: outside)
    XCTAssertThrowsError(try again.screen(id: "kids")) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .fileOutsideBundle("screens/kids.json"))
    }
  }
}
