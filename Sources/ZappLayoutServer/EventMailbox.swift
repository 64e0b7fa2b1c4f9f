import Synchronization

/// One page's events not yet written: the `current` event its stream begins with, the latest
/// `reload` (a reload supersedes those before it, so a page that reads late hears the latest build,
/// however many came while it did not read), and whether a comment is due (the probe of a
/// half-closed connection, which never takes an event's place). A wake-up stream, which keeps one
/// wake-up at most, says when there is something to `take()`.
@available(macOS 14, iOS 17, tvOS 17, *)
final class EventMailbox: Sendable {
  private struct Pending {
    var current: String?
    var reload: String?
    var comment = false
  }

  private let pending = Mutex(Pending())
  private let wake: AsyncStream<Void>.Continuation

  init(wake: AsyncStream<Void>.Continuation) { self.wake = wake }

  /// Makes a mailbox and the wake-up stream its reader waits on; `ended` runs once the stream ends.
  static func make(ended: @escaping @Sendable () -> Void) -> (AsyncStream<Void>, EventMailbox) {
    let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    continuation.onTermination = { _ in ended() }
    return (stream, EventMailbox(wake: continuation))
  }

  /// Leaves the `current` event, to be written before any other.
  func current(_ event: String) {
    pending.withLock { $0.current = event }
    wake.yield()
  }

  /// Leaves a `reload` event in place of any not yet written.
  func reload(_ event: String) {
    pending.withLock { $0.reload = event }
    wake.yield()
  }

  /// Asks for a comment (`:`) to be written; false once the stream has ended.
  func comment() -> Bool {
    pending.withLock { $0.comment = true }
    if case .terminated = wake.yield() { return false }
    return true
  }

  /// Ends the wake-up stream: a wake-up already given is still read, and the reader ends after it.
  func end() { wake.finish() }

  /// What is to be written, in order, emptying the mailbox; empty when a wake-up found it taken.
  func take() -> String {
    pending.withLock { pending in
      let text = (pending.current ?? "") + (pending.reload ?? "") + (pending.comment ? ":\n\n" : "")
      pending = Pending()
      return text
    }
  }
}
