import CompressNIO
import Foundation
import NIOCore

/// The content codings `zlc serve` answers with: gzip when the request's `Accept-Encoding`
/// prefers it (RFC 9110 §12.5.3), else the bytes as they are.
enum ContentCoding: Sendable, Equatable {
  case identity, gzip

  /// Bodies smaller than this are sent as they are: gzip would save little or nothing.
  static let minimumSize = 1024

  /// The coding for a request's `Accept-Encoding`: gzip when its quality (its own or `x-gzip`'s,
  /// else `*`'s) is above zero and at least that of identity when the header names identity (or
  /// `*`); identity without the header.
  static func negotiate(_ acceptEncoding: String?) -> ContentCoding {
    guard let acceptEncoding else { return .identity }
    var gzip: Double?
    var identity: Double?
    var star: Double?
    for element in acceptEncoding.split(separator: ",") {
      let parts = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let name = parts.first?.lowercased(), !name.isEmpty else { continue }
      var quality = 1.0
      for parameter in parts.dropFirst() {
        let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard pair.first?.lowercased() == "q" else { continue }
        // A malformed quality (`q`, `q=`, `q=high`) counts as 0: the coding is not taken.
        quality = pair.count == 2 ? Double(pair[1]).map { min(1, max(0, $0)) } ?? 0 : 0
      }
      switch name {
      case "gzip", "x-gzip": gzip = max(gzip ?? 0, quality)
      case "identity": identity = quality
      case "*": star = quality
      default: break
      }
    }
    let q = gzip ?? star ?? 0
    return q > 0 && q >= (identity ?? star ?? 0) ? .gzip : .identity
  }

  /// `bytes` gzipped (zlib's default level).
  static func gzip(_ bytes: [UInt8]) -> ByteBuffer {
    var input = ByteBuffer(bytes: bytes)
    do {
      return try input.compress(with: .gzip())
    } catch {
      // The output buffer is sized for the worst case, so this is not expected; an empty buffer
      // tells the caller to send the bytes as they are.
      return ByteBuffer()
    }
  }

  /// The ETag of the gzip variant of a file whose identity ETag is `etag`: `"<hash>-gzip"`.
  static func gzipETag(_ etag: String) -> String {
    etag.hasSuffix("\"") ? String(etag.dropLast()) + "-gzip\"" : etag + "-gzip"
  }
}
