import CompressNIO
import Foundation
import NIOCore

/// The content codings `zlc serve` answers with, chosen from the request's `Accept-Encoding`
/// (RFC 9110 §12.5.3): gzip when it is acceptable and preferred, else the bytes as they are
/// unless the request refuses them too.
enum ContentCoding: Sendable, Equatable {
  case identity, gzip

  /// Bodies smaller than this are sent as they are when the request accepts that: gzip would save
  /// little or nothing.
  static let minimumSize = 1024

  /// The coding for a body of `size` bytes, or nil when the request accepts neither (a 406).
  ///
  /// A coding's quality is its own (gzip's or `x-gzip`'s, the higher), else `*`'s; a coding the
  /// header does not name and `*` does not cover is not acceptable, except identity, which is
  /// acceptable unless refused (`identity;q=0`, or `*;q=0` without an entry for identity). gzip is
  /// chosen when its quality is above zero and at least identity's (an unnamed identity counts as
  /// 0 here), else identity when acceptable, else gzip when acceptable. A body below
  /// `minimumSize` goes as it is whenever identity is acceptable. Without the header, identity.
  static func negotiate(_ acceptEncoding: String?, size: Int = minimumSize) -> ContentCoding? {
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
        // A malformed quality (`q`, `q=`, `q=high`, `q=2`) counts as 0: the coding is not taken.
        quality = pair.count == 2 ? qvalue(pair[1]) ?? 0 : 0
      }
      switch name {
      case "gzip", "x-gzip": gzip = max(gzip ?? 0, quality)
      case "identity": identity = quality
      case "*": star = quality
      default: break
      }
    }
    let gzipQuality = gzip ?? star ?? 0
    let identityAcceptable = (identity ?? star ?? 1) > 0
    if size < minimumSize, identityAcceptable { return .identity }
    if gzipQuality > 0, gzipQuality >= (identity ?? star ?? 0) { return .gzip }
    return identityAcceptable ? .identity : nil
  }

  /// A quality value as RFC 9110 §12.4.2 writes it (`0`, `0.5`, `0.000`, `1`, `1.000`: 0 to 1,
  /// at most three decimals), or nil for anything else.
  static func qvalue(_ text: String) -> Double? {
    let digits = Array(text.utf8)
    let zero = UInt8(ascii: "0")
    guard let first = digits.first, first == zero || first == zero + 1 else { return nil }
    guard digits.count > 1 else { return Double(first - zero) }
    let decimals = digits.dropFirst(2)
    guard digits[1] == UInt8(ascii: "."), decimals.count <= 3, decimals.allSatisfy({ (zero...zero + 9).contains($0) }) else {
      return nil
    }
    let thousandths = decimals.reduce(0) { $0 * 10 + Int($1 - zero) } * [1000, 100, 10, 1][decimals.count]
    return first == zero ? Double(thousandths) / 1000 : thousandths == 0 ? 1 : nil
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
