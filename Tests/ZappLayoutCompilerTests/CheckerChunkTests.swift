import XCTest

@testable import ZappRules

/// The checker's jobs keep a file's screens together, so that two cores seldom read one document.
final class CheckerChunkTests: XCTestCase {
  /// Screens in files of the given sizes, each screen named by its file.
  private func files(_ sizes: [Int]) -> [Int] { sizes.enumerated().flatMap { file, size in Array(repeating: file, count: size) } }

  func testFilesAreKeptWholeAndLargeOnesCutEvenly() {
    XCTAssertEqual(Checker.chunks(files: files([100, 100]), maxChunk: 128), [0..<100, 100..<200])
    XCTAssertEqual(Checker.chunks(files: files([3, 3, 3]), maxChunk: 128), [0..<9])
    XCTAssertEqual(Checker.chunks(files: files([300]), maxChunk: 128), [0..<100, 100..<200, 200..<300])
    XCTAssertEqual(Checker.chunks(files: files([100, 50, 10, 300]), maxChunk: 128), [0..<100, 100..<160, 160..<260, 260..<360, 360..<460])
    XCTAssertEqual(Checker.chunks(files: files([128, 1]), maxChunk: 128), [0..<128, 128..<129])
    XCTAssertEqual(Checker.chunks(files: files([64, 64, 1]), maxChunk: 128), [0..<128, 128..<129])
    XCTAssertEqual(Checker.chunks(files: [Int](), maxChunk: 128), [])
  }

  /// Whatever the files, the chunks cover every screen once, in order, none larger than the most,
  /// and a file no larger than the most is never cut.
  func testChunksCoverEveryScreenOnceInOrder() {
    var generator = ResponsiveTests.SplitMix(state: 26)
    for _ in 0..<200 {
      let sizes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: 1...300, using: &generator) }
      let screens = files(sizes)
      let chunks = Checker.chunks(files: screens, maxChunk: 64)
      XCTAssertEqual(chunks.flatMap { Array($0) }, Array(0..<screens.count), "\(sizes)")
      XCTAssertTrue(chunks.allSatisfy { !$0.isEmpty && $0.count <= 64 }, "\(sizes)")
      for (file, size) in sizes.enumerated() where size <= 64 {
        XCTAssertEqual(Set(chunks.filter { $0.contains { screens[$0] == file } }).count, 1, "file \(file) of \(sizes)")
      }
    }
  }
}
