import Foundation

/// The process's open-file limit (`RLIMIT_NOFILE`): read, and its soft limit raised.
package enum OpenFileLimit {
  /// The soft and hard limits (unlimited is the largest value), nil when the system does not say.
  package static var current: (soft: rlim_t, hard: rlim_t)? {
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return nil }
    return (limit.rlim_cur, limit.rlim_max)
  }

  /// Sets the soft limit to `soft`, which is at most the hard one; the system's error number when
  /// it refuses (macOS holds a process below OPEN_MAX under an unlimited hard limit), else nil.
  package static func setSoft(_ soft: rlim_t) -> Int32? {
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return errno }
    limit.rlim_cur = soft
    return setrlimit(resource, &limit) == 0 ? nil : errno
  }

  #if os(Linux)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  #else
    private static let resource = RLIMIT_NOFILE
  #endif
}
