import Foundation
import XCTest

@testable import ZappLanguageServer

/// The inbox hands messages out in the order they came, however taking and putting interleave.
final class InboxTests: XCTestCase {
  func body(_ n: Int) -> Incoming { .body(Data("\(n)".utf8)) }

  func taken(_ inbox: Inbox, _ count: Int) -> [String] {
    (0..<count).map { _ in
      switch inbox.take() {
      case .body(let data): String(decoding: data, as: UTF8.self)
      case .malformed(let why): "malformed \(why)"
      case .fatal(let why): "fatal \(why)"
      case .end: "end"
      }
    }
  }

  func testMessagesAreTakenInTheOrderTheyCame() {
    let inbox = Inbox()
    for n in 0..<10 { inbox.put(body(n)) }
    // Past half of them: the ones taken are dropped from the list.
    XCTAssertEqual(taken(inbox, 6), ["0", "1", "2", "3", "4", "5"])
    XCTAssertEqual(inbox.pending, 4)
    for n in 10..<13 { inbox.put(body(n)) }
    XCTAssertEqual(inbox.pending, 7)
    XCTAssertEqual(taken(inbox, 2), ["6", "7"])
    inbox.put(.malformed("bad header"))
    XCTAssertEqual(taken(inbox, 6), ["8", "9", "10", "11", "12", "malformed bad header"])
    XCTAssertEqual(inbox.pending, 0)
    inbox.put(body(13))
    inbox.put(.end)
    XCTAssertEqual(taken(inbox, 2), ["13", "end"])
    XCTAssertEqual(inbox.pending, 0)
  }

  /// A cancellation that arrives while its request waits cancels it.
  func testACancellationOfAWaitingRequestCancelsIt() {
    let inbox = Inbox()
    inbox.put(body(101))
    inbox.cancel("n:101")
    XCTAssertEqual(taken(inbox, 1), ["101"])
    XCTAssertTrue(inbox.takeCancellation("n:101"))
    XCTAssertFalse(inbox.takeCancellation("n:101"), "a cancellation is taken once")
  }

  /// A cancellation of a request answered already is dropped: a later request of the same id is
  /// answered as usual.
  func testACancellationOfAnAnsweredRequestDoesNotCancelTheNextOfItsID() {
    let inbox = Inbox()
    inbox.put(body(101))
    XCTAssertEqual(taken(inbox, 1), ["101"])
    XCTAssertFalse(inbox.takeCancellation("n:101"))
    // Answered; the client cancels it late, then uses the id again.
    inbox.cancel("n:101")
    inbox.put(body(101))
    XCTAssertEqual(taken(inbox, 1), ["101"])
    XCTAssertFalse(inbox.takeCancellation("n:101"))
  }

  /// A cancellation that arrives while its request is being answered does not outlive it.
  func testACancellationOfTheRequestBeingAnsweredIsDroppedWithIt() {
    let inbox = Inbox()
    inbox.put(body(7))
    XCTAssertEqual(taken(inbox, 1), ["7"])
    XCTAssertFalse(inbox.takeCancellation("s:x"))
    inbox.cancel("s:x")
    inbox.put(body(8))
    XCTAssertEqual(taken(inbox, 1), ["8"])
    inbox.put(body(9))
    XCTAssertEqual(taken(inbox, 1), ["9"])
    XCTAssertFalse(inbox.takeCancellation("s:x"))
  }

  /// A cancellation of an id no request has had yet is dropped, and the request that comes later
  /// with that id is answered.
  func testACancellationBeforeItsRequestIsDropped() {
    let inbox = Inbox()
    inbox.cancel("n:5")
    inbox.put(body(5))
    XCTAssertEqual(taken(inbox, 1), ["5"])
    XCTAssertFalse(inbox.takeCancellation("n:5"))
  }
}

/// Which messages the reader notes as cancellations on arrival.
final class CancellationBodyTests: XCTestCase {
  /// A cancellation of a long id (a body of 512 bytes or more) is one all the same: noted on
  /// arrival, it cancels the request still waiting.
  func testACancellationOfALongIDIsOne() {
    let id = String(repeating: "x", count: 600)
    let body = Data(#"{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": "\#(id)"}}"#.utf8)
    XCTAssertEqual(LanguageServer.cancellation(body), .some("s:" + id))
    XCTAssertEqual(LanguageServer.cancellation(Data(#"{"method": "$/cancelRequest", "params": {"id": true}}"#.utf8)), .some(nil))
    let change = #"{"method": "textDocument/didChange", "params": {"text": "\#(id)"}}"#
    XCTAssertEqual(LanguageServer.cancellation(Data(change.utf8)), nil)
  }

  /// JSON may escape the method's `/` (`"$\/cancelRequest"`) or any of its characters: a long
  /// cancellation so written is noted on arrival all the same, wherever its `method` stands.
  func testACancellationWhoseMethodIsEscapedIsOne() {
    let id = String(repeating: "y", count: 600)
    for method in [#"$\/cancelRequest"#, #"\u0024\/cancel\u0052equest"#] {
      let body = #"{"jsonrpc": "2.0", "method": "\#(method)", "params": {"id": "\#(id)"}}"#
      XCTAssertEqual(LanguageServer.cancellation(Data(body.utf8)), .some("s:" + id), method)
      let methodLast = #"{"params": {"id": "\#(id)", "a": [1, {"b": "]}"}]}, "m\u0065thod": "\#(method)"}"#
      XCTAssertEqual(LanguageServer.cancellation(Data(methodLast.utf8)), .some("s:" + id), method)
    }
  }

  /// Only the top-level `method` counts: one inside the params (a document's text) does not.
  func testTheMethodIsTheTopLevelOne() {
    let inner = #"{\"method\": \"$/cancelRequest\"}"#
    let body = #"{"params": {"method": "$/cancelRequest", "text": "\#(inner)", "n": [1, 2.5, null]}, "method": "a\/b", "x": 1}"#
    XCTAssertEqual(MessageBody.topLevelMethod(Data(body.utf8)), "a/b")
    XCTAssertNil(MessageBody.topLevelMethod(Data(#"{"params": {"method": "x"}}"#.utf8)))
    XCTAssertNil(MessageBody.topLevelMethod(Data(#"{"method": 5}"#.utf8)))
    XCTAssertNil(MessageBody.topLevelMethod(Data(#"[{"method": "x"}]"#.utf8)))
    XCTAssertNil(MessageBody.topLevelMethod(Data(#"{"params": "unended, "method": "x"}"#.utf8)))
    XCTAssertNil(MessageBody.topLevelMethod(Data()))
    let change = #"{"method": "textDocument/didChange", "params": {"text": "\#(String(repeating: "z", count: 600))"}}"#
    XCTAssertEqual(MessageBody.topLevelMethod(Data(change.utf8)), "textDocument/didChange")
    XCTAssertEqual(LanguageServer.cancellation(Data(change.utf8)), nil)
  }
}
