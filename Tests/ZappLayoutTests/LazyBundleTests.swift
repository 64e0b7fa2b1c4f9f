import Foundation
import XCTest

@testable import ZappLayout

/// `ScreenBundle.load` reads the index; each screen is read and decoded when first opened.
final class LazyBundleTests: XCTestCase {
  let golden = BundleTests.golden

  /// Each screen file decoded on its own, as the loader did before it waited for a screen to open.
  func eagerScreens(_ folder: URL) throws -> [ResolvedScreen] {
    let index = try BundleIndex(json: try JSON.parse(try Data(contentsOf: folder.appendingPathComponent("bundle.json"))))
    return try index.screens.map {
      try ResolvedScreen(data: try Data(contentsOf: folder.appendingPathComponent($0.file)), layouts: index.layoutTable)
    }
  }

  func testLoadingDecodesNoScreenAndOpeningDecodesOnlyThatOne() throws {
    let bundle = try ScreenBundle.load(from: golden)
    XCTAssertEqual(bundle.store.decodings, 0, "no screen is decoded at load")
    XCTAssertEqual(bundle.screenIDs, bundle.index.screens.map(\.id))
    XCTAssertEqual(try bundle.screen(id: "show")?.id, "show")
    XCTAssertEqual(bundle.store.decodings, 1)
    XCTAssertEqual(try bundle.screen(id: "show")?.id, "show")
    XCTAssertEqual(bundle.store.decodings, 1, "an opened screen is kept")
    let copy = bundle
    XCTAssertEqual(try copy.screen(id: "show")?.id, "show")
    XCTAssertEqual(bundle.store.decodings, 1, "copies of a bundle share what is opened")
    XCTAssertNil(try bundle.screen(id: "no-such-screen"))
    XCTAssertEqual(try bundle.screens.count, bundle.index.screens.count)
    XCTAssertEqual(bundle.store.decodings, bundle.index.screens.count, "every screen is decoded once")
  }

  /// What a screen opens to is what decoding its file at once gives, in either form, and it encodes
  /// back to the file's bytes.
  func testOpenedScreensEqualEagerDecoding() throws {
    for folder in [golden, BundleTests.goldenExpanded] {
      let bundle = try ScreenBundle.load(from: folder)
      let eager = try eagerScreens(folder)
      XCTAssertEqual(eager.count, bundle.index.screens.count)
      for (position, entry) in bundle.index.screens.enumerated().reversed() {
        let screen = try XCTUnwrap(try bundle.screen(id: entry.id))
        XCTAssertEqual(screen, eager[position], entry.id)
        XCTAssertEqual(try bundle.screen(at: position), screen, entry.id)
        let file = Array(try Data(contentsOf: folder.appendingPathComponent(entry.file)))
        let expanded = bundle.index.formatVersion == 1
        XCTAssertTrue(screen.encoded(pretty: expanded, form: expanded ? .expanded : .compact) == file, entry.file)
      }
      XCTAssertEqual(try bundle.screens, eager)
    }
  }

  /// Screens and sections compare by what they draw: a compact screen equals the expanded one of
  /// the same build, and a section whose layout, geometry or renderer changed is another section,
  /// though it still names the same `layouts` entry.
  func testScreensCompareByWhatTheyDrawInEitherForm() throws {
    let compact = try ScreenBundle.load(from: golden)
    let expanded = try ScreenBundle.load(from: BundleTests.goldenExpanded)
    for id in compact.screenIDs {
      let screen = try XCTUnwrap(try compact.screen(id: id))
      XCTAssertEqual(screen, try expanded.screen(id: id), id)
      XCTAssertEqual(screen.hashValue, try expanded.screen(id: id)?.hashValue, id)
    }
    let live = try XCTUnwrap(try compact.screen(id: "live"))
    var changes: [(inout ResolvedSection) -> Void] = [
      { $0.layout = [] }, { $0.renderer = .init(layoutID: "something-else") },
    ]
    if live.resolved.sections[0].geometry != nil { changes.append { $0.geometry = nil } }
    for change in changes {
      var changed = live
      change(&changed.resolved.sections[0])
      XCTAssertNotEqual(changed.resolved.sections[0], live.resolved.sections[0])
      XCTAssertNotEqual(changed, live)
    }
  }

  /// A screen file that is not JSON, or missing, fails when that screen is opened, every time it is
  /// opened; the index and the other screens load.
  func testABrokenScreenFileFailsWhenItsScreenIsOpened() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-lazy-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: golden, to: dir)
    defer { try? FileManager.default.removeItem(at: dir) }
    try "{\"id\": \"show\",".write(to: dir.appendingPathComponent("screens/show.json"), atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(at: dir.appendingPathComponent("screens/movie.json"))
    let bundle = try ScreenBundle.load(from: dir)
    XCTAssertEqual(try bundle.screen(id: "home")?.id, "home")
    for _ in 0..<2 {
      XCTAssertThrowsError(try bundle.screen(id: "show")) { error in
        XCTAssertEqual(error as? ScreenBundle.LoadError, .invalidFile("screens/show.json", "1:15: expected a key"))
      }
    }
    XCTAssertThrowsError(try bundle.screen(id: "movie"), "a missing file fails when its screen is opened") { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .invalidFile("screens/movie.json", "cannot be read: No such file or directory"))
    }
    XCTAssertThrowsError(try bundle.screens)
    XCTAssertThrowsError(try bundle.renderingPlan(available: RendererSet()))
    XCTAssertEqual(try bundle.screen(id: "home")?.id, "home", "and the screens that load stay open")
  }

  /// A screen file that is a FIFO is turned down at once, not waited on; a folder without
  /// `bundle.json` fails to load, naming the file.
  func testAFileThatIsNotARegularFileOrIsMissingIsNamed() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-lazy-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: golden, to: dir)
    defer { try? FileManager.default.removeItem(at: dir) }
    let show = dir.appendingPathComponent("screens/show.json")
    try FileManager.default.removeItem(at: show)
    XCTAssertEqual(mkfifo(show.path, 0o644), 0)
    let bundle = try ScreenBundle.load(from: dir)
    XCTAssertThrowsError(try bundle.screen(id: "show")) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .invalidFile("screens/show.json", "cannot be read: not a regular file"))
    }
    XCTAssertEqual(try bundle.screen(id: "home")?.id, "home")
    try FileManager.default.removeItem(at: dir.appendingPathComponent("bundle.json"))
    XCTAssertThrowsError(try ScreenBundle.load(from: dir)) { error in
      XCTAssertEqual(error as? ScreenBundle.LoadError, .invalidFile("bundle.json", "cannot be read: No such file or directory"))
    }
  }

  /// Screens opened from many threads at once are each decoded as one decoding on its own gives.
  func testScreensOpenedFromManyThreadsAreTheEagerOnes() throws {
    let bundle = try ScreenBundle.load(from: golden)
    let eager = try eagerScreens(golden)
    let opened = Locked([[UInt8]?](repeating: nil, count: eager.count * 8))
    DispatchQueue.concurrentPerform(iterations: eager.count * 8) { i in
      let screen = try? bundle.screen(at: i % eager.count)
      let bytes = screen?.encoded(pretty: false)
      opened.withLock { $0[i] = bytes }
    }
    let all = opened.withLock { $0 }
    for (i, bytes) in all.enumerated() { XCTAssertTrue(bytes == eager[i % eager.count].encoded(pretty: false), "\(i)") }
    XCTAssertGreaterThanOrEqual(bundle.store.decodings, eager.count)
    XCTAssertEqual(try bundle.screens, eager)
  }

  /// A bundle made of values opens them as they are.
  func testABundleOfValuesHoldsThem() throws {
    let eager = try eagerScreens(golden)
    let bundle = ScreenBundle(index: try ScreenBundle.load(from: golden).index, screens: eager)
    XCTAssertEqual(try bundle.screens, eager)
    XCTAssertEqual(try bundle.screen(id: "show"), eager.first { $0.id == "show" })
    XCTAssertEqual(bundle.store.decodings, 0)
  }

  /// Opening by id finds each screen at its place, and of two screens with one id the first.
  func testOpeningByIDFindsTheFirstScreenWithTheID() throws {
    var screens = try eagerScreens(golden)
    XCTAssertGreaterThan(screens.count, 3)
    let id = screens[0].id
    var twin = screens[2]
    twin.members = twin.members.map { $0.0 == "id" ? ($0.0, .string(id)) : $0 }
    screens.append(twin)
    let bundle = ScreenBundle(index: try ScreenBundle.load(from: golden).index, screens: screens)
    XCTAssertEqual(try bundle.screen(id: id), screens[0])
    XCTAssertNotEqual(try bundle.screen(id: id), twin)
    for screen in screens.dropLast() { XCTAssertEqual(try bundle.screen(id: screen.id), screen, screen.id) }
  }

  func testAScreenFileOutsideTheFolderIsRefusedAtLoad() {
    for path in ["/etc/passwd", "..", "../x", "a/../b", "a//b", "a/", "", "screens/.."] {
      XCTAssertFalse(ScreenBundle.isInside(path), path)
    }
    for path in ["a", "screens/home.json", "...", "..a", "a..", "./a", "screens/.hidden"] {
      XCTAssertTrue(ScreenBundle.isInside(path), path)
    }
  }
}
