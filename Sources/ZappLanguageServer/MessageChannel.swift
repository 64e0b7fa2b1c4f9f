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
  case end
}

/// Messages between the reader thread and the main thread, and the requests cancelled so far.
final class Inbox: Sendable {
  private let state = Mutex<(items: [Incoming], cancelled: Set<String>)>(([], []))
  private let arrived = DispatchSemaphore(value: 0)

  func put(_ item: Incoming) {
    state.withLock { $0.items.append(item) }
    arrived.signal()
  }

  /// The next message, waiting for one.
  func take() -> Incoming {
    arrived.wait()
    return state.withLock { $0.items.isEmpty ? .end : $0.items.removeFirst() }
  }

  var pending: Int { state.withLock { $0.items.count } }

  func cancel(_ key: String) { state.withLock { _ = $0.cancelled.insert(key) } }

  /// Whether a request was cancelled (forgetting it); cancellations of answered requests are
  /// dropped after a thousand.
  func takeCancellation(_ key: String) -> Bool {
    state.withLock { state in
      let found = state.cancelled.remove(key) != nil
      if state.cancelled.count > 1000 { state.cancelled.removeAll() }
      return found
    }
  }
}

/// Writes Language Server Protocol messages on a file descriptor: each is a `Content-Length: N`
/// header, a blank line and N bytes of JSON. Used from the main thread only.
final class MessageWriter {
  private let output: Int32

  init(output: Int32 = STDOUT_FILENO) { self.output = output }

  /// Writes one message.
  func send(_ message: JSONObject) {
    guard let body = try? JSONSerialization.data(withJSONObject: message, options: [.withoutEscapingSlashes]) else { return }
    var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
    bytes.append(contentsOf: body)
    var written = 0
    while written < bytes.count {
      let n = bytes[written...].withUnsafeBytes { Foundation.write(output, $0.baseAddress, $0.count) }
      if n <= 0 {
        if n < 0, errno == EINTR { continue }
        return
      }
      written += n
    }
  }
}

/// Reads framed messages from a file descriptor. Owned by the reader thread.
final class MessageReader {
  private let input: Int32
  private var buffer: [UInt8] = []
  private var start = 0

  init(input: Int32 = STDIN_FILENO) { self.input = input }

  /// The next message, blocking until it has arrived whole.
  func read() -> Incoming {
    while true {
      if let headerEnd = find([13, 10, 13, 10]) {
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        guard let length = Self.contentLength(header) else {
          start = headerEnd + 4
          return .malformed("a message header without Content-Length")
        }
        let bodyStart = headerEnd + 4
        while buffer.count - bodyStart < length {
          guard fill() else { return .end }
        }
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        compact()
        return .body(body)
      }
      guard fill() else { return .end }
    }
  }

  static func contentLength(_ header: String) -> Int? {
    for line in header.split(separator: "\r\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" else { continue }
      if let n = Int(parts[1].trimmingCharacters(in: .whitespaces)), n >= 0 { return n }
    }
    return nil
  }

  private func find(_ pattern: [UInt8]) -> Int? {
    guard buffer.count - start >= pattern.count else { return nil }
    var i = start
    while i + pattern.count <= buffer.count {
      if buffer[i] == pattern[0], buffer[i + 1] == pattern[1], buffer[i + 2] == pattern[2], buffer[i + 3] == pattern[3] { return i }
      i += 1
    }
    return nil
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

  private func compact() {
    if start > 0, start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    } else if start > 1 << 20 {
      buffer.removeFirst(start)
      start = 0
    }
  }
}
