import Foundation
import XCTest

@testable import ZappLayout

/// Files a client downloads, nested far too deep: every entry point of the runtime that reads JSON
/// refuses one just past its limit with an error naming the file and the place, reads one at its
/// limit, and never runs off the end of a phone's background stack (512 KiB). The cases run in a
/// child process (this test binary again, running `testChildReadsDeepInputs` alone): without a
/// depth check, the child dies of a stack overflow and the parent fails on its exit, instead of
/// the overflow ending the whole run.
final class DeepNestingTests: XCTestCase {
  static let childVariable = "ZLC_DEEP_NESTING_CHILD"

  func testDeepInputsAreRefusedOnAPhonesStack() throws {
    let (status, output) = try runChild("testChildReadsDeepInputs")
    XCTAssertEqual(status, 0, "the child did not exit normally:\n\(output)")
    let outcomes = output.split(separator: "\n").filter { $0.hasPrefix("deep: ") }.map { String($0.dropFirst(6)) }
    let tooDeep = "nested more than \(JSON.maxDepth) levels"
    let column = Self.pluginValuesPrefix.utf8.count + JSON.maxDepth - 4 + 1
    XCTAssertEqual(
      outcomes,
      [
        "parse at the limit: read",
        "parse past the limit: 1:\(JSON.maxDepth + 1): \(tooDeep)",
        "parse 100000: 1:\(JSON.maxDepth + 1): \(tooDeep)",
        "screen at the limit: player",
        "screen past the limit: screens/player.json: 1:\(column): \(tooDeep)",
        "screen 100000: screens/player.json: 1:\(JSON.maxDepth + 1): \(tooDeep)",
        "navigations at the limit: 262 items, the last i, true",
        "bundle.json 100000: bundle.json: 1:\(JSON.maxDepth + 1): \(tooDeep)",
        "screen data 100000: 1:\(JSON.maxDepth + 1): \(tooDeep)",
        "family 100000: 1:\(JSON.maxDepth + 1): \(tooDeep)",
        "feed at the limit: read",
        "feed past the limit: \(FeedEntry.nestedTooDeep)",
        "feed 100000: \(FeedEntry.nestedTooDeep)",
        "feed style at the limit: 98 levels",
        "feed style past the limit: 100: \(FeedEntry.nestedTooDeep)",
        "feed style 500: 100: \(FeedEntry.nestedTooDeep)",
        "feed entries 500: 100: \(FeedEntry.nestedTooDeep)",
      ])
  }

  /// The start of the player screen's plugin values, inside which the deep value goes: four
  /// levels (the screen, `resolved`, `plugin_values`, `general`).
  static let pluginValuesPrefix =
    #"{"id":"player","name":"Player","type":"riverflix_player","home":false,"data":{},"styles":{"family":"FAMILY_1","presentation":"present","launch_mode":"single_instance"},"general":{"autoplay":true},"ui_components":[],"resolved":{"family":"FAMILY_1","connected":false,"presentation":"present","launch_mode":"single_instance","show_bottom_padding":true,"plugin_values":{"general":{"autoplay":"#

  /// `n` arrays around `inner`.
  static func nested(_ n: Int, _ inner: String = "") -> String {
    String(repeating: "[", count: n) + inner + String(repeating: "]", count: n)
  }

  /// Runs only in the child process: reads each deep input on a phone's background stack and
  /// prints what came of it.
  func testChildReadsDeepInputs() throws {
    guard ProcessInfo.processInfo.environment[Self.childVariable] != nil else { return }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-deep-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: BundleTests.golden, to: folder)
    defer { try? FileManager.default.removeItem(at: folder) }
    let player = folder.appendingPathComponent("screens/player.json")
    let playerText = try String(contentsOf: player, encoding: .utf8)
    XCTAssertTrue(playerText.hasPrefix(Self.pluginValuesPrefix + "true}"))
    let playerRest = playerText.dropFirst(Self.pluginValuesPrefix.count + 4)
    let deep100k = Self.nested(100_000)
    let feedPrefix = #"{"id": "a", "style": {"x": "#
    let feedEnd = "}}"
    Self.onPhoneBackgroundStack {
      func record(_ name: String, _ body: () throws -> String) {
        let text: String
        do {
          text = try body()
        } catch DecodingError.dataCorrupted(let context) {
          text = (context.codingPath.isEmpty ? "" : "\(context.codingPath.count): ") + context.debugDescription
        } catch {
          text = "\(error)"
        }
        // At once: the line before a crash names the case that follows it.
        FileHandle.standardOutput.write(Data("deep: \(name): \(text)\n".utf8))
      }
      func screen(_ text: String) throws -> String {
        try text.write(to: player, atomically: false, encoding: .utf8)
        return try ScreenBundle.load(from: folder).screen(id: "player")?.id ?? "none"
      }
      func styleDepth(_ feed: String) throws -> String {
        var value = try JSONDecoder().decode(FeedEntry.self, from: Data(feed.utf8)).style?["x"]
        var depth = 0
        while let inner = value?.arrayValue {
          value = inner.first
          depth += 1
        }
        return "\(depth) levels"
      }
      record("parse at the limit") {
        _ = try JSON.parse(Array(Self.nested(JSON.maxDepth).utf8))
        return "read"
      }
      record("parse past the limit") {
        _ = try JSON.parse(Array(Self.nested(JSON.maxDepth + 1).utf8))
        return "read"
      }
      record("parse 100000") {
        _ = try JSON.parse(Array(deep100k.utf8))
        return "read"
      }
      let inPlugin = { (n: Int) in Self.pluginValuesPrefix + Self.nested(n, "true") + playerRest }
      record("screen at the limit") { try screen(inPlugin(JSON.maxDepth - 4)) }
      record("screen past the limit") { try screen(inPlugin(JSON.maxDepth - 3)) }
      record("screen 100000") { try screen(deep100k) }
      // Menu items nested in menu items, the innermost's `nav_items` at level 528: read, listed,
      // hashed and encoded again, each of which recurses once per item.
      record("navigations at the limit") {
        let item = (0..<261).reduce(#"{"id": "i", "nav_items": []}"#) { inner, _ in #"{"nav_items": ["# + inner + "]}" }
        let text = playerText.replacingOccurrences(
          of: #""ui_components":[]"#, with: #""navigations": [{"nav_items": ["# + item + #"]}], "ui_components":[]"#)
        try text.write(to: player, atomically: false, encoding: .utf8)
        let opened = try XCTUnwrap(try ScreenBundle.load(from: folder).screen(id: "player"))
        let items = opened.navigations.first?.allItems ?? []
        _ = opened.hashValue
        return "\(items.count) items, the last \(items.last?.id ?? ""), \(opened.encoded(pretty: true, form: .compact).count > 0)"
      }
      try? playerText.write(to: player, atomically: false, encoding: .utf8)
      record("bundle.json 100000") {
        try deep100k.write(to: folder.appendingPathComponent("bundle.json"), atomically: false, encoding: .utf8)
        return try ScreenBundle.load(from: folder).screenIDs.joined(separator: ",")
      }
      record("screen data 100000") { try ResolvedScreen(data: Data(deep100k.utf8)).id }
      record("family 100000") { try Family(jsonFamily: Data(deep100k.utf8)).name }
      record("feed at the limit") {
        _ = try FeedEntry.decode(Data((feedPrefix + Self.nested(FeedEntry.maxDepth - 2) + feedEnd).utf8))
        return "read"
      }
      record("feed past the limit") {
        _ = try FeedEntry.decode(Data((feedPrefix + Self.nested(FeedEntry.maxDepth - 1) + feedEnd).utf8))
        return "read"
      }
      record("feed 100000") { try FeedEntry.decode(Data(deep100k.utf8)).id ?? "" }
      // Decoded with a client's own `JSONDecoder`: the entry and its style are checked as they are
      // decoded. The style's `x` is two levels below the top: 98 arrays put the innermost at 100.
      record("feed style at the limit") { try styleDepth(feedPrefix + Self.nested(FeedEntry.maxDepth - 2) + feedEnd) }
      record("feed style past the limit") { try styleDepth(feedPrefix + Self.nested(FeedEntry.maxDepth - 1) + feedEnd) }
      record("feed style 500") { try styleDepth(feedPrefix + Self.nested(500) + feedEnd) }
      record("feed entries 500") {
        try JSONDecoder().decode(FeedEntry.self, from: HostileBundleTests.feed(entryLevels: 250)).id ?? ""
      }
    }
  }

  /// Runs `body` on a thread of a phone's background queue's stack (512 KiB).
  static func onPhoneBackgroundStack(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      body()
      done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
  }

  /// Runs one test of this class in a child process (this test binary again); its exit status (the
  /// signal's number, negated, when a signal ended it) and what it wrote.
  func runChild(_ test: String) throws -> (status: Int32, output: String) {
    let name = "ZappLayoutTests.DeepNestingTests/\(test)"
    let process = Process()
    #if os(macOS)
      process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
      process.arguments = ["xctest", "-XCTest", name, Bundle(for: Self.self).bundlePath]
    #else
      process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      process.arguments = [name]
    #endif
    process.environment = ProcessInfo.processInfo.environment.merging([Self.childVariable: "1"]) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let status = process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
    return (status, String(decoding: data, as: UTF8.self))
  }
}
