import Foundation
import Synchronization
import ZappDiagnostics

/// A progress bar on standard error for long work (`zlc build` writing screens): drawn only when
/// asked to (`--progress always`) or, by default, when standard error is a terminal, `CI` is not
/// set and the work has lasted a second; redrawn at most ten times a second; erased when done, so
/// the lines that follow are what they would be without it.
public final class ProgressBar: Sendable {
  /// When a bar is drawn.
  public enum Mode: String, Sendable, CaseIterable {
    case auto, always, never
  }

  private struct State {
    var done = 0
    var lastDrawn: Double = -1
    var drawn = false
  }

  private let label: String
  private let unit: String
  private let start: Double
  private let delay: Double
  private let enabled: Bool
  private let write: @Sendable (String) -> Void
  private let state = Mutex(State())

  /// `write` receives the bar's bytes (standard error in the command line).
  public init(label: String, unit: String, mode: Mode, write: @escaping @Sendable (String) -> Void) {
    self.label = label
    self.unit = unit
    self.write = write
    start = Self.now()
    switch mode {
    case .never:
      enabled = false
      delay = 0
    case .always:
      enabled = true
      delay = 0
    case .auto:
      let environment = ProcessInfo.processInfo.environment
      enabled = isatty(STDERR_FILENO) != 0 && environment["CI"] == nil && environment["TERM"] != "dumb"
      delay = 1
    }
  }

  package static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  /// Records `done` units of `total` as finished and redraws when it is time.
  public func update(done: Int, total: Int) {
    guard enabled else { return }
    let now = Self.now()
    let line: String? = state.withLock { state in
      state.done = max(state.done, done)
      guard now - start >= delay, now - state.lastDrawn >= 0.1 || state.done >= total else { return nil }
      state.lastDrawn = now
      state.drawn = true
      return Self.line(label: label, unit: unit, done: state.done, total: total)
    }
    if let line { write("\r" + line) }
  }

  /// Erases the bar, when one was drawn.
  public func finish() {
    guard state.withLock({ $0.drawn }) else { return }
    write("\r\u{1B}[K")
  }

  /// `building [########------------]  40% 4,000/10,000 screens`.
  package static func line(label: String, unit: String, done: Int, total: Int) -> String {
    let width = 24
    let filled = min(width, done * width / max(1, total))
    let percent = min(100, done * 100 / max(1, total))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let counts = "\(DiagnosticPrinter.grouped(done))/\(DiagnosticPrinter.grouped(total))"
    return "\(label) [\(bar)] \(String(repeating: " ", count: 3 - String(percent).count))\(percent)% \(counts) \(unit)"
  }
}
