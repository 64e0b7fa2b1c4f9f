import XCTest

@testable import ZappLanguageServer

/// Changes whose ranges fall between the two UTF-16 units of a character (an emoji), checked
/// against a model of the client's text as UTF-16 units: the server holds that text with each
/// lone half as U+FFFD.
final class SurrogateEditTests: XCTestCase {
  /// The client's text, as an editor holding UTF-16 holds it.
  private struct ClientText {
    var units: [UInt16]

    /// The index of an LSP position (lines end at "\n").
    func index(_ position: (line: Int, character: Int)) -> Int {
      var line = 0
      var i = 0
      while line < position.line {
        if units[i] == 0x0A { line += 1 }
        i += 1
      }
      return i + position.character
    }

    mutating func replace(_ start: (Int, Int), _ end: (Int, Int), with text: String) {
      units.replaceSubrange(index(start)..<index(end), with: Array(text.utf16))
    }

    /// The text as UTF-8 can hold it: each lone half U+FFFD.
    var utf8: String { String(decoding: units, as: UTF16.self) }
  }

  private func change(_ start: (Int, Int), _ end: (Int, Int), _ text: String) throws -> ContentChange {
    try ContentChange([
      "range": ["start": ["line": start.0, "character": start.1], "end": ["line": end.0, "character": end.1]],
      "text": text,
    ])
  }

  func testEditsBetweenTheHalvesOfACharacterGiveTheClientsText() throws {
    let initial = "a😀b😀😀c🎬😀\n😀d😀e"
    let document = OpenDocument(uri: "file:///p/screens/a.json", path: "/p/screens/a.json", version: 1, text: initial)
    var client = ClientText(units: Array(initial.utf16))
    let edits: [((Int, Int), (Int, Int), String)] = [
      ((0, 2), (0, 3), ""),  // the first emoji's second half: its first is left alone
      ((0, 4), (0, 4), "x"),  // typed between the halves of the second
      ((0, 1), (0, 2), "y"),  // the lone half replaced: positions after it still the client's
      ((0, 10), (0, 12), ""),  // from the middle of 🎬 to the middle of 😀: the halves left make 🈀
      ((0, 7), (0, 7), ""),  // nothing, between two halves: the character stays whole
      ((0, 7), (1, 1), "\n"),  // across lines, from one half to another
      ((1, 1), (1, 3), "z😀"),  // from after a lone half into the middle of an emoji
    ]
    for (start, end, text) in edits {
      document.apply(try change(start, end, text))
      client.replace(start, end, with: text)
      XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), client.utf8, "\(start) \(end)")
    }
    XCTAssertEqual(client.utf8, "ayb\u{FFFD}x\u{FFFD}\u{FFFD}\n\u{FFFD}z😀\u{FFFD}e")
    // The character after the last lone half is where the client has it.
    let e = try XCTUnwrap(document.bytes.lastIndex(of: UInt8(ascii: "e")))
    XCTAssertEqual(document.lines.position(of: e), TextPosition(line: 1, character: 5))
  }

  /// A range whose end is before its start is its start: an insertion, between halves too.
  func testARangeEndingBeforeItsStartInsertsAtItsStart() throws {
    let document = OpenDocument(uri: "file:///p/screens/a.json", path: "/p/screens/a.json", version: 1, text: "a😀b")
    document.apply(try change((0, 2), (0, 0), "x"))
    XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "a\u{FFFD}x\u{FFFD}b")
  }
}
