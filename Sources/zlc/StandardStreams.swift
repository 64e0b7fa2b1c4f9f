import Foundation
import Synchronization
import ZappDiagnostics

/// Standard output and standard error as zlc writes them: unbuffered, each string's bytes in
/// place. What a command prints on standard output is its result, so a failed write there ends
/// the process (exit status 74); a failed write to standard error has nowhere to be told.
enum StandardStreams {
  /// Whether standard output was closed when zlc started (`>&-`).
  private static let outputWasClosed = Atomic(false)

  /// Opens /dev/null on each of descriptors 0, 1 and 2 that is closed, so that no file zlc opens
  /// takes its number (and gets diagnostics written into it); a closed standard output is
  /// remembered, and writing to it fails as a write to a closed descriptor does. Called first.
  static func holdClosedDescriptors() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      if descriptor == STDOUT_FILENO { outputWasClosed.store(true, ordering: .relaxed) }
      // The lowest free number: this descriptor, as the ones below it are open by now.
      let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }

  /// Writes a command's result to standard output; when it cannot be written, says so once on
  /// standard error and exits with status 74. A reader that went away (`zlc … | head`) ends zlc
  /// without a message: by SIGPIPE, or, where SIGPIPE is ignored, by the EPIPE it gives.
  static func writeResult(_ text: String) {
    var text = text
    text.withUTF8 { writeResult(UnsafeRawBufferPointer($0)) }
  }

  /// Writes a command's result, bytes as they are, as `writeResult(_:)` writes text.
  static func writeResult(_ bytes: UnsafeRawBufferPointer) {
    guard !bytes.isEmpty else { return }
    let closed = outputWasClosed.load(ordering: .relaxed)
    guard let failure = closed ? EBADF : write(bytes, to: STDOUT_FILENO) else { return }
    if failure != EPIPE {
      let reason = closed ? "it is closed" : String(cString: strerror(failure))
      write("error: cannot write to standard output: \(reason)\n", to: STDERR_FILENO)
    }
    exit(ExitStatus.ioFailure.rawValue)
  }

  /// Writes a string's UTF-8 bytes in place, without copying them into a `Data` first (text output
  /// of tens of thousands of diagnostics is megabytes), retrying short writes and interruptions;
  /// the errno of a write that failed, else nil.
  @discardableResult
  static func write(_ text: String, to descriptor: Int32) -> Int32? {
    var text = text
    return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
  }

  /// Writes bytes as they are, as `write(_:to:)` writes a string's.
  @discardableResult
  static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var written = 0
    while written < bytes.count {
      let n = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { return n < 0 ? errno : EIO }
      written += n
    }
    return nil
  }
}

/// Writes to standard error; a failure there has nowhere to be reported.
func writeError(_ text: String) { StandardStreams.write(text, to: STDERR_FILENO) }

/// Writes a command's result to standard output; a failure ends zlc with status 74.
func writeOut(_ text: String) { StandardStreams.writeResult(text) }
