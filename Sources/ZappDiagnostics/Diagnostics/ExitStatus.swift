/// Exit statuses of `zlc` (sysexits.h).
public enum ExitStatus: Int32, Sendable {
  case success = 0
  case inputErrors = 1
  case usage = 64
  case internalError = 70
  case ioFailure = 74
}
