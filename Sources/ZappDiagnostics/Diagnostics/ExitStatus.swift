/// Exit statuses of `zlc` (sysexits.h).
public enum ExitStatus: Int32, Sendable {
  case success = 0
  case inputErrors = 1
  /// `zlc diff --exit-code` only: a project could not be compared (its errors), so that 1 says
  /// only that the projects differ.
  case notCompared = 2
  case usage = 64
  case internalError = 70
  case ioFailure = 74
}
