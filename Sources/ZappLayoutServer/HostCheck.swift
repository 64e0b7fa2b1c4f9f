import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Which `Host` a request may name, so that a web page cannot read the project through a
/// visitor's browser by making its own name resolve to the loopback address (DNS rebinding).
///
/// A server bound to a loopback address (`127.0.0.1`, `::1`, `localhost`) answers requests for a
/// loopback name (`localhost`, `*.localhost`) or for any IP address (`127.0.0.1`, `[::1]`, and
/// `10.0.2.2`, the address the Android emulator reaches the host's loopback at): a rebinding page
/// always names its own domain. A server bound to another address was exposed on purpose and
/// answers every host. A request without `Host` (HTTP/1.0) is answered: browsers always send one.
/// A request whose target names its host (`GET http://host/path`) is checked by that host
/// (`RequestTarget`).
struct HostCheck: Sendable {
  /// Whether only loopback names and IP addresses are answered.
  let loopbackOnly: Bool

  init(boundHost: String) {
    loopbackOnly = Self.isLoopback(boundHost)
  }

  /// Whether a request with this `Host` header is answered.
  func allows(_ header: String?) -> Bool {
    guard loopbackOnly, let header else { return true }
    let name = Self.hostName(header).lowercased()
    if name.isEmpty { return false }
    if Self.isIPAddress(name) { return true }
    let unrooted = name.hasSuffix(".") ? String(name.dropLast()) : name
    return unrooted == "localhost" || unrooted.hasSuffix(".localhost")
  }

  /// The host of a `Host` header without its port: `[::1]:8080` → `::1`, `localhost:8080` →
  /// `localhost`; empty when what follows the host is no port (`localhost:80@attacker.example`).
  static func hostName(_ header: String) -> String {
    let trimmed = header.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("[") {
      guard let close = trimmed.firstIndex(of: "]") else { return "" }
      let rest = trimmed[trimmed.index(after: close)...]
      guard rest.isEmpty || (rest.first == ":" && isPort(rest.dropFirst())) else { return "" }
      return String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
    }
    guard let colon = trimmed.lastIndex(of: ":") else { return trimmed }
    guard isPort(trimmed[trimmed.index(after: colon)...]) else { return "" }
    return String(trimmed[..<colon])
  }

  /// Whether `text` is a port as a `Host` header writes it: ASCII digits, possibly none.
  private static func isPort(_ text: Substring) -> Bool {
    text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
  }

  /// Whether `host` is a loopback name or address: `localhost`, `127.x.x.x`, `::1`.
  static func isLoopback(_ host: String) -> Bool {
    let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    if name.lowercased() == "localhost" { return true }
    var v4 = in_addr()
    if inet_pton(AF_INET, name, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
    let bytes = withUnsafeBytes(of: v6) { Array($0) }
    let isV6Loopback = bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1
    let isMappedV4Loopback = bytes.prefix(10).allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff && bytes[12] == 127
    return isV6Loopback || isMappedV4Loopback
  }

  /// Whether `name` is an IPv4 or IPv6 address written out.
  static func isIPAddress(_ name: String) -> Bool {
    var v4 = in_addr()
    var v6 = in6_addr()
    return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
  }
}
