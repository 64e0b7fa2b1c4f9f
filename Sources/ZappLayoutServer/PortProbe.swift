import Foundation

/// Whether a TCP port is taken already, found before the first build (which may take a while)
/// instead of after it, when the server starts to listen.
enum PortProbe {
  /// True when another socket listens on `host:port`; false when it could be bound, or when the
  /// host does not resolve here (the server reports that itself).
  static func isInUse(host: String, port: Int) -> Bool {
    var hints = addrinfo()
    #if os(Linux)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    hints.ai_flags = AI_PASSIVE
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return false }
    defer { freeaddrinfo(list) }
    let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    // As the server binds: a port left in TIME_WAIT by an earlier run is free.
    var on: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    return bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 && errno == EADDRINUSE
  }
}
