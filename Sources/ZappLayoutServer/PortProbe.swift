import Foundation
import NIOCore

/// Whether the server can listen on an address, found before the first build (which may take a
/// while) instead of after it, when the server starts to listen.
enum PortProbe {
  /// What a probe found.
  enum Outcome: Equatable {
    /// Nothing stops the server listening there.
    case free
    /// Another socket listens on the port.
    case inUse
    /// The host names no address here.
    case noSuchHost
    /// The address cannot be bound (not one of this machine's, say), with the system's reason.
    case unusable(String)
  }

  /// Resolves `host` and binds `host:port` as the server will (the first address found).
  static func probe(host: String, port: Int) -> Outcome {
    var hints = addrinfo()
    #if os(Linux)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    hints.ai_flags = AI_PASSIVE
    var list: UnsafeMutablePointer<addrinfo>?
    let looked = getaddrinfo(host, String(port), &hints, &list)
    // A lookup that failed for another reason (no answer from the name server yet) says so.
    guard looked == 0, let first = list else {
      return looked == EAI_NONAME || looked == 0 ? .noSuchHost : .unusable(String(cString: gai_strerror(looked)))
    }
    defer { freeaddrinfo(list) }
    let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
    guard fd >= 0 else { return .free }  // the server reports it
    defer { close(fd) }
    // As the server binds: a port left in TIME_WAIT by an earlier run is free.
    var on: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 else { return .free }
    return errno == EADDRINUSE ? .inUse : .unusable(String(cString: strerror(errno)))
  }

  /// Why the server could not listen, in words: the system's reason, not the error's Swift form.
  static func reason(_ error: Error) -> String {
    if let io = error as? IOError { return String(cString: strerror(io.errnoCode)) }
    if error is SocketAddressError { return "no such host" }
    return (error as NSError).localizedDescription
  }
}
