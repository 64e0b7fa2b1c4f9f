import XCTest

@testable import ZappLayoutServer

/// What a page that reads late is sent: the latest build, whatever came while it did not read.
final class EventMailboxTests: XCTestCase {
  /// A page that reads nothing while a dozen builds end, and while its half-closed stream asks for
  /// comment lines (one a second, while writing to it is held up), then reads: it gets the
  /// `current` event and the latest build's `reload`, and none of the builds between.
  func testAPageThatReadsLateHearsTheLatestBuild() async {
    let state = ServerState()
    let (wakes, mailbox) = state.listen()
    for _ in 1...12 { _ = state.record(.failed(problems: "broken\n")) }
    for _ in 1...20 { XCTAssertTrue(mailbox.comment()) }
    var iterator = wakes.makeAsyncIterator()
    let woken: Void? = await iterator.next()
    XCTAssertNotNil(woken)
    XCTAssertEqual(
      mailbox.take(),
      "event: current\ndata: {\"generation\":0,\"server\":\"\(state.server)\"}\n\n"
        + "event: reload\ndata: {\"generation\":12,\"ok\":false,\"server\":\"\(state.server)\"}\n\n:\n\n")
    XCTAssertEqual(mailbox.take(), "", "taken once")
  }

  /// A page that goes away leaves the server's listeners (those a build tells), and its comments
  /// say the stream ended; a page still there stays.
  func testAStreamThatEndsStopsListening() async {
    let state = ServerState()
    let (staying, _) = state.listen()
    var (wakes, mailbox): (AsyncStream<Void>?, EventMailbox) = state.listen()
    XCTAssertNotNil(wakes)
    XCTAssertEqual(state.listenerCount, 2)
    wakes = nil
    XCTAssertEqual(state.listenerCount, 1, "the page gone is no longer told of builds; the other still is")
    XCTAssertFalse(mailbox.comment())
    withExtendedLifetime(staying) {}
  }
}
