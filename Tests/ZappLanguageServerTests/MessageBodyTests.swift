import Foundation
import XCTest
import ZappLayout

@testable import ZappLanguageServer

/// A message body means the same read by the runtime's parser as read by `JSONSerialization`.
final class MessageBodyTests: XCTestCase {
  static let bodies = [
    #"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": "file:///p", "capabilities": {}}}"#,
    #"{"id": "a-string-id", "method": "x", "params": [null, true, false, [], {}, ""]}"#,
    #"{"numbers": [0, -0, 42, -7, 9223372036854775807, -9223372036854775808, 9223372036854775808, 18446744073709551615, 18446744073709551616, -9223372036854775809, 1e300, -1e19, 1.5, -0.5, 1e-300, 3.0, 1e3, 1E3, 2.5e-3]}"#,
    #"{"text": "line\nnext \"quoted\" \\ back \/ slash \t tab \u00e9 caf\u0065\u0301 \ud83d\ude00 \u2028 end", "empty": ""}"#,
    #"{"deep": [[[[[[[[[[{"a": [1, {"b": [true, null]}]}]]]]]]]]]]}"#,
    #"{"key": 1, "key": 2}"#,
    #"{"params": {"contentChanges": [{"range": {"start": {"line": 3, "character": 7}, "end": {"line": 3, "character": 9}}, "text": "ab"}]}}"#,
    // Fractions JSONSerialization keeps as exact decimals (more than 17 characters before the
    // exponent), and the longest it reads as a Double.
    #"{"id": 9007199254740993.0, "n": [12345678901234567890.5, 0.30000000000000004, -1.0000000000000001, 1.2345678901234567890e3]}"#,
    #"{"id": 123456789012345.5, "n": [90071992547409930e-1, 9007199254740993e0, -12345678901234.5]}"#,
    "[1, 2, 3]", "\"just a string\"", "not json", "{\"open\": ", "",
  ]

  func testBodiesMeanWhatJSONSerializationReads() throws {
    for body in Self.bodies {
      let data = Data(body.utf8)
      let fast = MessageBody.value(data)
      let slow = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      XCTAssertEqual(fast == nil, slow == nil, body)
      guard let fast, let slow else { continue }
      assertSame(fast, slow, body)
    }
  }

  /// Every body above but those the runtime's parser refuses is read without Foundation's parser.
  func testTheRuntimesParserReadsOrdinaryBodies() throws {
    var fast = 0
    for body in Self.bodies {
      guard let json = try? JSON.parse(Data(body.utf8)) else { continue }
      if (try? MessageBody.foundationValue(json)) != nil { fast += 1 }
    }
    XCTAssertEqual(
      fast, Self.bodies.count - 6,
      "all but the out-of-range numbers, the key given twice, the long fractions and the 3 bodies that are not JSON")
    XCTAssertThrowsError(try MessageBody.foundationValue(JSON.parse(Data("[-9223372036854775809]".utf8))))
    XCTAssertThrowsError(try MessageBody.foundationValue(JSON.parse(Data("[18446744073709551616]".utf8))))
    XCTAssertNotNil(try MessageBody.foundationValue(JSON.parse(Data("[18446744073709551615, 1e300, -0]".utf8))))
  }

  func testOnlyAnObjectIsAMessage() {
    XCTAssertNotNil(MessageBody.object(Data(#"{"jsonrpc": "2.0"}"#.utf8)))
    XCTAssertNil(MessageBody.object(Data("[1]".utf8)))
    XCTAssertNil(MessageBody.object(Data("{".utf8)))
  }

  /// The same structure, and at each leaf what the server reads of it.
  private func assertSame(_ a: Any, _ b: Any, _ body: String, at path: String = "", file: StaticString = #filePath, line: UInt = #line) {
    switch (a, b) {
    case (let x as [String: Any], let y as [String: Any]):
      XCTAssertEqual(Set(x.keys), Set(y.keys), "\(body) at \(path)", file: file, line: line)
      for (key, value) in x { if let other = y[key] { assertSame(value, other, body, at: path + "." + key, file: file, line: line) } }
    case (let x as [Any], let y as [Any]):
      XCTAssertEqual(x.count, y.count, "\(body) at \(path)", file: file, line: line)
      for (i, (u, v)) in zip(x, y).enumerated() { assertSame(u, v, body, at: path + "[\(i)]", file: file, line: line) }
    case (let x as String, let y as String):
      XCTAssertEqual(Array(x.unicodeScalars), Array(y.unicodeScalars), "\(body) at \(path)", file: file, line: line)
    case (is NSNull, is NSNull):
      break
    default:
      let what = "\(body) at \(path): \(a) against \(b)"
      XCTAssertEqual(intValue(a), intValue(b), what, file: file, line: line)
      XCTAssertEqual(a as? Bool, b as? Bool, what, file: file, line: line)
      XCTAssertEqual(
        (a as? Double).map { $0.isNaN ? "nan" : "\($0)" }, (b as? Double).map { $0.isNaN ? "nan" : "\($0)" }, what, file: file, line: line)
      XCTAssertEqual(a is String, b is String, what, file: file, line: line)
      // As the server writes it back (a request's id).
      XCTAssertEqual(written(a), written(b), what, file: file, line: line)
    }
  }

  private func written(_ leaf: Any) -> String? {
    (try? JSONSerialization.data(withJSONObject: [leaf])).map { String(decoding: $0, as: UTF8.self) }
  }

  /// A lone surrogate escape (a JavaScript client's text of a half-deleted emoji) is read as
  /// U+FFFD, and the message stands; a pair is one character, and an escaped backslash before `u`
  /// is text.
  func testALoneSurrogateIsReadAsTheReplacementCharacter() throws {
    let body = #"{"text": "[\ud800 {\"id\": 1}] \udc00", "pair": "\ud83d\ude00", "kept": "\\ud800"}"#
    let object = try XCTUnwrap(MessageBody.object(Data(body.utf8)))
    XCTAssertEqual(object["text"] as? String, "[\u{FFFD} {\"id\": 1}] \u{FFFD}")
    XCTAssertEqual(object["pair"] as? String, "\u{1F600}")
    XCTAssertEqual(object["kept"] as? String, #"\ud800"#)
    XCTAssertNil(MessageBody.replacingLoneSurrogates(Data(#"{"pair": "\ud83d\ude00", "kept": "\\ud800"}"#.utf8)))
  }
}
