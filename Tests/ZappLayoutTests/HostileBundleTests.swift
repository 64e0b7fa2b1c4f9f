import Foundation
import XCTest

@testable import ZappLayout

/// Values a bundle from elsewhere may hold, beyond what zlc writes: the runtime gives an error or a
/// bounded result, never a trap or a hang.
final class HostileBundleTests: XCTestCase {
  /// A `flow` layout read from a bundle, its cell styles' columns as given.
  func layout(cellColumns: [String]) throws -> SectionLayout {
    let cells = cellColumns.enumerated().map { i, columns in
      #"{"style": "S\#(i)", "columns": \#(columns), "item": {"width": 10, "height": 10}}"#
    }
    let text = """
      {"kind": "flow", "columns": 1, "item": {"width": 10, "height": 10},
       "insets": {"top": 0, "left": 0, "bottom": 0, "right": 0}, "inter_item_spacing": 0, "line_spacing": 0,
       "cells": [\(cells.joined(separator: ", "))]}
      """
    return try SectionLayout.decode(try JSON.parse(Array(text.utf8)), path: "layout", layouts: .empty)
  }

  /// A cell style of more columns than a row holds (zlc writes at most 1,000) fills its rows as one
  /// of 1,000 columns: whole rows are counted without walking every item, however many there are.
  func testCellColumnsBeyondTheLargestCountAreCountedAsIt() throws {
    let huge = try layout(cellColumns: ["1", "9223372036854775807"])
    XCTAssertEqual(huge.itemsInWholeRows(of: 3_000), 2_001)
    XCTAssertEqual(huge.wholeRowCount(from: 2), 1_001)
    // Up to 1,000 columns, rows are the style's own.
    let wide = try layout(cellColumns: ["1", "1000"])
    XCTAssertEqual(wide.itemsInWholeRows(of: 3_000), 2_001)
    // Last: without the bound, this one walks every item.
    XCTAssertEqual(huge.itemsInWholeRows(of: .max), 1_001 + (Int.max - 1_001) / 1_000 * 1_000)
  }

  /// A feed of `n` generations of entries, the innermost with brackets and a quote in its id.
  static func feed(entryLevels n: Int) -> Data {
    Data((String(repeating: #"{"id": "x", "entry": ["#, count: n) + #"{"id": "[{\"}"}"# + String(repeating: "]}", count: n)).utf8)
  }

  /// Runs `body` on a thread of a phone's background queue's stack (512 KiB).
  func onPhoneBackgroundStack(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      body()
      done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
  }

  /// A feed nested deeper than `FeedEntry.maxDepth` is refused before Foundation decodes it, level
  /// by level, off the end of a background thread's stack; one as deep as the limit reads.
  func testAFeedNestedTooDeepIsRefusedOnAPhonesStack() {
    let outcome = Locked<[String]>([])
    onPhoneBackgroundStack {
      for levels in [49, 250] {
        let text: String
        do {
          var entry = try FeedEntry.decode(Self.feed(entryLevels: levels))
          var depth = 0
          while let child = entry.entries?.first {
            entry = child
            depth += 1
          }
          text = "\(depth) levels, innermost \(entry.id ?? "")"
        } catch DecodingError.dataCorrupted(let context) {
          text = context.debugDescription
        } catch {
          text = "\(error)"
        }
        outcome.withLock { $0.append(text) }
      }
    }
    XCTAssertEqual(
      outcome.withLock { $0 }, ["49 levels, innermost [{\"}", "the feed nests its values more than 100 levels deep"])
  }

  /// A client decoding a feed with its own `JSONDecoder` (not `FeedEntry.decode`) is refused the
  /// same deep feed, at the entry past the limit, instead of running off the stack.
  func testAFeedDecodedDirectlyIsRefusedPastTheLimitToo() {
    let outcome = Locked<[String]>([])
    onPhoneBackgroundStack {
      for levels in [49, 50, 250] {
        let text: String
        do {
          var entry = try JSONDecoder().decode(FeedEntry.self, from: Self.feed(entryLevels: levels))
          var depth = 0
          while let child = entry.entries?.first {
            entry = child
            depth += 1
          }
          text = "\(depth) levels"
        } catch DecodingError.dataCorrupted(let context) {
          text = "\(context.codingPath.count): \(context.debugDescription)"
        } catch {
          text = "\(error)"
        }
        outcome.withLock { $0.append(text) }
      }
    }
    let refused = "100: the feed nests its values more than 100 levels deep"
    XCTAssertEqual(outcome.withLock { $0 }, ["49 levels", refused, refused])
  }

  /// The scan refuses the first value past the limit, and not one at it.
  func testTheDepthScanRefusesOneLevelPastTheLimit() {
    let nested = { (n: Int) in Data((String(repeating: "[", count: n) + String(repeating: "]", count: n)).utf8) }
    XCTAssertNil(FeedEntry.nestedDeeper(than: FeedEntry.maxDepth, nested(FeedEntry.maxDepth)))
    XCTAssertEqual(FeedEntry.nestedDeeper(than: FeedEntry.maxDepth, nested(FeedEntry.maxDepth + 1)), FeedEntry.maxDepth + 1)
  }

  /// A feed in UTF-16 or UTF-32 (Foundation reads them too) is scanned as text, not as bytes: in
  /// UTF-16LE, 丢 (U+4E22) holds the byte of a quote, which would hide every bracket after it.
  func testAFeedInUTF16OrUTF32IsScannedAsText() throws {
    let deep = #"{"id": "丢", "entry": ["# + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "]}"
    let shallow = #"{"id": "丢", "entry": [{"id": "a"}]}"#
    let outcome = Locked<[String]>([])
    onPhoneBackgroundStack {
      for encoding: String.Encoding in [.utf16LittleEndian, .utf16, .utf16BigEndian, .utf32LittleEndian, .utf32] {
        let text: String
        do {
          let read = try FeedEntry.decode(shallow.data(using: encoding)!)
          _ = try FeedEntry.decode(deep.data(using: encoding)!)
          text = "read \(read.id ?? "") \(read.entries?.first?.id ?? "")"
        } catch DecodingError.dataCorrupted(let context) {
          text = context.debugDescription
        } catch {
          text = "\(error)"
        }
        outcome.withLock { $0.append(text) }
      }
    }
    XCTAssertEqual(outcome.withLock { $0 }, Array(repeating: "the feed nests its values more than 100 levels deep", count: 5))
    XCTAssertEqual(try FeedEntry.decode(shallow.data(using: .utf16LittleEndian)!).entries?.first?.id, "a")
  }

  /// A section that leaves out 100,000 types on a size class filters a feed of 100,000 items by a
  /// set of them: a scan of the list per item was 10¹⁰ comparisons, a client that hung mapping it.
  func testAFilterOfManyTypesIsLookedUpNotScanned() {
    let count = 100_000
    var section = ResolvedSection(
      section: 0, component: [0], componentType: "grid", family: nil, cellStyles: [], renderer: .init(layoutID: nil),
      data: DataBinding(binding: .senderChild, child: 0), itemLimit: 3, layout: [])
    section.filterBySizeClass = [("L", ItemFilter(excludeTypes: (0..<count).map { "type\($0)" }))]
    // Every item but the last three is of a type left out.
    let items = (0..<count).map { i in
      (entry: FeedEntry(id: "\(i)", typeValue: i < count - 3 ? "type\(i)" : "article"), section: 0)
    }
    let start = ContinuousClock.now
    let shown = section.shownEntries(items, sizeClass: "L", layout: nil)
    XCTAssertLessThan(ContinuousClock.now - start, .seconds(30), "a hang guard, not a speed goal")
    XCTAssertEqual(shown.map(\.id), ["99997", "99998", "99999"])
    XCTAssertEqual(shown.map(\.index), [99_997, 99_998, 99_999])
  }
}
