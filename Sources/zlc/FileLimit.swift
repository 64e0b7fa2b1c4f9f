import Foundation
import ZappDiagnostics

/// The process's open-file limit, made roomy enough before anything runs: with too few files,
/// the system's event queues cannot be made and the process would stop with a trap, not a message.
enum FileLimit {
  /// The open files zlc asks for where the soft limit is lower: its threads' event queues, a
  /// file read at a time on each core, an output's staging folder and the standard streams.
  static let wanted: rlim_t = 64
  /// The fewest open files zlc runs with.
  static let least: rlim_t = 16

  /// Raises the soft open-file limit toward `wanted` where it is lower and the hard limit allows;
  /// below `least`, says so on standard error and exits with status 74.
  static func makeRoom() {
    guard let limit = OpenFileLimit.current, limit.soft < wanted else { return }
    var soft = limit.soft
    let raised = min(wanted, limit.hard)
    if raised > soft, OpenFileLimit.setSoft(raised) == nil { soft = raised }
    guard soft < least else { return }
    writeError(
      "Error: zlc needs to open at least \(least) files at once, but this process may open \(soft) (ulimit -n): raise the limit\n")
    exit(ExitStatus.ioFailure.rawValue)
  }
}
