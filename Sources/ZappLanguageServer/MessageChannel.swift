import Dispatch
import Foundation
import Synchronization

/// A JSON-RPC message as JSONSerialization gives it.
public typealias JSONObject = [String: Any]

/// A framed message as it arrives: its body, or why it could not be framed.
enum Incoming: Sendable {
  case body(Data)
  /// A framed message whose header or body is not usable: answered with a parse error.
  case malformed(String)
  /// Input that cannot be framed at all (no header end in sight): the server stops, saying why.
  case fatal(String)
  case end
}

/// Messages between the reader thread and the main thread, and the cancellations of requests still
/// waiting.
///
/// Every message and every cancellation is numbered as it arrives. A cancellation stands for a
/// request that arrived before it and was not answered yet: the request taken next is cancelled
/// only by one that came after it. One that came before (for a request answered already, or never
/// sent) is dropped when a later message is taken, so an id used again is never cancelled by it.
final class Inbox: Sendable {
  /// The messages from `next` on are waiting; those before it were taken, and are dropped when
  /// they are half the list (taking one does not move every message behind it).
  private struct Queue {
    var items: [(arrival: Int, item: Incoming)] = []
    var next = 0

    /// The next message and its number; `.end` when there is none.
    mutating func take() -> (arrival: Int, item: Incoming) {
      guard next < items.count else { return (Int.max, .end) }
      let item = items[next]
      next += 1
      if next == items.count {
        items.removeAll(keepingCapacity: true)
        next = 0
      } else if next > items.count / 2 {
        items.removeFirst(next)
        next = 0
      }
      return item
    }
  }

  private struct State {
    var queue = Queue()
    /// How many messages and cancellations arrived.
    var arrivals = 0
    /// The number of the message taken last.
    var taken = -1
    /// Each cancelled id, with the number of its last cancellation.
    var cancelled: [String: Int] = [:]
  }

  private let state = Mutex(State())
  private let arrived = DispatchSemaphore(value: 0)

  func put(_ item: Incoming) {
    state.withLock { state in
      state.queue.items.append((state.arrivals, item))
      state.arrivals += 1
    }
    arrived.signal()
  }

  /// The next message, waiting for one. Cancellations that came before it are dropped: no
  /// request still waiting arrived before them.
  func take() -> Incoming {
    arrived.wait()
    return state.withLock { state in
      let (arrival, item) = state.queue.take()
      state.taken = arrival
      if !state.cancelled.isEmpty { state.cancelled = state.cancelled.filter { $0.value > arrival } }
      return item
    }
  }

  var pending: Int { state.withLock { $0.queue.items.count - $0.queue.next } }

  /// Notes a cancellation of the request of `key`, as it arrives.
  func cancel(_ key: String) {
    state.withLock { state in
      state.cancelled[key] = state.arrivals
      state.arrivals += 1
    }
  }

  /// Whether the request of `key`, the message taken last, was cancelled after it arrived
  /// (forgetting the cancellation).
  func takeCancellation(_ key: String) -> Bool {
    state.withLock { state in
      guard let arrival = state.cancelled.removeValue(forKey: key) else { return false }
      return arrival > state.taken
    }
  }
}

/// Writes Language Server Protocol messages on a file descriptor: each is a `Content-Length: N`
/// header, a blank line and N bytes of JSON. Used from the main thread only.
final class MessageWriter {
  private let output: Int32
  /// Whether a write failed (the client closed its end, `EPIPE`): nothing more is written, and the
  /// server stops.
  private(set) var failed = false

  init(output: Int32 = STDOUT_FILENO) { self.output = output }

  /// Writes one message; after a failed write, nothing.
  func send(_ message: JSONObject) {
    guard !failed,
      let body = try? JSONSerialization.data(withJSONObject: message, options: [.withoutEscapingSlashes])
    else { return }
    var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
    bytes.append(contentsOf: body)
    failed = !Self.write(bytes, to: output)
  }

  /// Writes every byte, retrying short writes and interruptions; false when a write fails.
  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var written = 0
    while written < bytes.count {
      let n = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
      if n <= 0 {
        if n < 0, errno == EINTR { continue }
        return false
      }
      written += n
    }
    return true
  }
}

/// Reads framed messages from a file descriptor. Owned by the reader thread.
///
/// Bounded: a header (the lines before the blank line) of more than `maxHeaderBytes` is not the
/// protocol, and ends the input (`.fatal`); a body longer than `maxBodyBytes` is answered as
/// malformed once its header is read, then skipped without being kept. Each byte is looked at once while the header's end is
/// sought.
final class MessageReader {
  /// The longest header read: 64 KiB.
  static let defaultMaxHeaderBytes = 64 << 10
  /// The longest message body read: 512 MiB (room for a document at the file limit of
  /// `ReaderLimits`, 256 MiB, as JSON escapes it).
  static let defaultMaxBodyBytes = 512 << 20

  private let input: Int32
  private let maxHeaderBytes: Int
  private let maxBodyBytes: Int
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where the search for the header's end goes on: the bytes before it were looked at already.
  private var scanned = 0
  /// The bytes of a body over `maxBodyBytes` still to pass over: it is refused as soon as its
  /// header is read, and passed over when the next message is asked for.
  private var unread = 0

  init(input: Int32 = STDIN_FILENO, maxHeaderBytes: Int = defaultMaxHeaderBytes, maxBodyBytes: Int = defaultMaxBodyBytes) {
    self.input = input
    self.maxHeaderBytes = maxHeaderBytes
    self.maxBodyBytes = maxBodyBytes
  }

  /// The next message, blocking until it has arrived whole.
  func read() -> Incoming {
    if unread > 0 {
      let count = unread
      unread = 0
      guard skip(count) else { return .end }
    }
    while true {
      if let (headerEnd, bodyStart) = findHeaderEnd() {
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        guard let length = Self.contentLength(header) else {
          moveStart(to: bodyStart)
          guard Self.lengthDigits(header) == nil else {
            return .malformed("a message header whose Content-Length is too large a number (at most \(maxBodyBytes) bytes are read)")
          }
          return .malformed("a message header without Content-Length")
        }
        guard length <= maxBodyBytes else {
          // Refused at once: the client hears of it before it has sent the body (which may never end).
          moveStart(to: bodyStart)
          unread = length
          return .malformed("a message of \(length) bytes; zlc lsp reads messages of at most \(maxBodyBytes) bytes")
        }
        while buffer.count - bodyStart < length {
          guard fill() else { return .end }
        }
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        moveStart(to: bodyStart + length)
        return .body(body)
      }
      if buffer.count - start > maxHeaderBytes + 3 {
        return .fatal(
          "zlc lsp: more than \(maxHeaderBytes) bytes without the end of a message header (a blank line): "
            + "the input is not the Language Server Protocol; stopping")
      }
      guard fill() else { return .end }
    }
  }

  /// The header's `Content-Length`: its last, wherever it starts, so that a message after one
  /// whose length was wrong is read again (the bytes left of that one come just before the next
  /// header, on its first line). Nil when there is none, or it is too large for an `Int`.
  static func contentLength(_ header: String) -> Int? { lengthDigits(header).flatMap { Int($0) } }

  /// The digits of the header's last `Content-Length`, however many.
  static func lengthDigits(_ header: String) -> Substring? {
    let lower = header.lowercased()
    var found: Substring?
    var from = lower.startIndex
    while let name = lower.range(of: "content-length", range: from..<lower.endIndex) {
      from = name.upperBound
      let rest = lower[name.upperBound...].drop { $0 == " " || $0 == "\t" }
      guard rest.first == ":" else { continue }
      let digits = rest.dropFirst().drop { $0 == " " || $0 == "\t" }.prefix { $0.isASCII && $0.isNumber }
      let end = rest.dropFirst().drop { $0 == " " || $0 == "\t" }.dropFirst(digits.count)
      guard !digits.isEmpty, end.first.map({ $0 == "\r\n" || $0 == "\r" || $0 == "\n" || $0 == " " || $0 == "\t" }) ?? true
      else { continue }
      found = digits
    }
    return found
  }

  /// Where the header ends and the body starts: at the blank line after it, `\r\n\r\n` as the
  /// protocol writes it, or `\n\n` as some clients do (any line break of `\n` or `\r\n`). Looks
  /// only at bytes not looked at yet.
  private func findHeaderEnd() -> (headerEnd: Int, bodyStart: Int)? {
    var i = max(start, scanned)
    let end = buffer.count
    while i < end {
      guard buffer[i] == 10 else {
        i += 1
        continue
      }
      // A line break: a blank line follows when the next line is empty (`\n` or `\r\n`).
      guard i + 1 < end, buffer[i + 1] != 13 || i + 2 < end else { break }  // undecided until more arrives
      let headerEnd = i > start && buffer[i - 1] == 13 ? i - 1 : i
      if buffer[i + 1] == 10 { return (headerEnd, i + 2) }
      if buffer[i + 1] == 13, buffer[i + 2] == 10 { return (headerEnd, i + 3) }
      i += 1
    }
    scanned = i
    return nil
  }

  /// Passes over `count` bytes of input without keeping them; false at the end of input.
  private func skip(_ count: Int) -> Bool {
    var left = count
    while true {
      let taken = min(left, buffer.count - start)
      moveStart(to: start + taken)
      left -= taken
      if left == 0 { return true }
      guard fill() else { return false }
    }
  }

  /// Reads more bytes; false at the end of input.
  private func fill() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { Foundation.read(input, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { return false }
      buffer.append(contentsOf: chunk[0..<n])
      return true
    }
  }

  /// Starts the next message at `offset`, dropping what is behind it now and then.
  private func moveStart(to offset: Int) {
    start = offset
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
      start = 0
    } else if start > 1 << 20 {
      buffer.removeFirst(start)
      start = 0
    }
    scanned = start
  }
}
