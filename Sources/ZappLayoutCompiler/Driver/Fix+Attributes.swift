import CExtendedAttributes
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The extended attributes a fixed file keeps: its access control list (Linux keeps a POSIX ACL as
/// the `system.posix_acl_access` attribute), its `user.*` attributes, macOS's Finder tags and
/// quarantine. The fix writes a new file in the old one's place, which would have none of them.
enum ExtendedAttributes {
  /// Copies every extended attribute of the file at `path` to the open file `descriptor`; the
  /// reason when one cannot be kept (the fixed file would lose it), nil when all are, or when the
  /// file system keeps none.
  static func copy(from path: String, to descriptor: Int32) -> String? {
    let names: [String]
    switch list(path) {
    case .success(let listed): names = listed
    case .failure(let refusal): return refusal.reason
    }
    for name in names {
      guard let value = read(name, of: path) else { return "cannot read its extended attribute '\(name)': \(reason(errno))" }
      let status = value.withUnsafeBytes { bytes in set(name, bytes, on: descriptor) }
      if status != 0 { return "cannot keep its extended attribute '\(name)' on the fixed file: \(reason(errno)); fix it by hand" }
    }
    return nil
  }

  /// The attribute names of the file at `path`; none when the file system has no attributes.
  private static func list(_ path: String) -> Result<[String], FixRefusal> {
    var size = listNames(path, nil, 0)
    if size < 0 {
      return errno == ENOTSUP || errno == ENOSYS
        ? .success([]) : .failure(FixRefusal("cannot list its extended attributes: \(reason(errno))"))
    }
    guard size > 0 else { return .success([]) }
    var buffer = [CChar](repeating: 0, count: size)
    size = buffer.withUnsafeMutableBufferPointer { listNames(path, $0.baseAddress, $0.count) }
    guard size >= 0 else { return .failure(FixRefusal("cannot list its extended attributes: \(reason(errno))")) }
    let bytes = buffer.prefix(size).map { UInt8(bitPattern: $0) }
    return .success(bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
  }

  private static func read(_ name: String, of path: String) -> [UInt8]? {
    let size = getValue(path, name, nil, 0)
    guard size >= 0 else { return nil }
    var value = [UInt8](repeating: 0, count: size)
    let read = value.withUnsafeMutableBytes { getValue(path, name, $0.baseAddress, $0.count) }
    return read < 0 ? nil : Array(value.prefix(read))
  }

  private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

  #if os(Linux)
    private static func listNames(_ path: String, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
      listxattr(path, buffer, size)
    }
    private static func getValue(_ path: String, _ name: String, _ buffer: UnsafeMutableRawPointer?, _ size: Int) -> Int {
      getxattr(path, name, buffer, size)
    }
    private static func set(_ name: String, _ value: UnsafeRawBufferPointer, on descriptor: Int32) -> Int32 {
      fsetxattr(descriptor, name, value.baseAddress, value.count, 0)
    }
  #else
    private static func listNames(_ path: String, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
      listxattr(path, buffer, size, 0)
    }
    private static func getValue(_ path: String, _ name: String, _ buffer: UnsafeMutableRawPointer?, _ size: Int) -> Int {
      getxattr(path, name, buffer, size, 0, 0)
    }
    private static func set(_ name: String, _ value: UnsafeRawBufferPointer, on descriptor: Int32) -> Int32 {
      fsetxattr(descriptor, name, value.baseAddress, value.count, 0, 0)
    }
  #endif
}

/// Why a file is not fixed.
struct FixRefusal: Error {
  let reason: String
  init(_ reason: String) { self.reason = reason }
}
