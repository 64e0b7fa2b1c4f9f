import Crypto
import ZappReaders

/// The SHA-256 digests of the bundle (`bundle.json`'s checksums, the hash in mangled file names,
/// the ETags of `zlc serve`), from swift-crypto.
public enum Digest {
  /// The lowercase hex SHA-256 of some bytes.
  public static func sha256Hex(_ bytes: [UInt8]) -> String { hex(SHA256.hash(data: bytes)) }

  /// A SHA-256 fed in pieces: the same hex as `sha256Hex` of the pieces joined.
  package struct SHA256Stream {
    private var hasher = SHA256()

    package init() {}

    package mutating func update(_ bytes: [UInt8]) { hasher.update(data: bytes) }

    /// The lowercase hex digest of everything fed.
    package func finalizedHex() -> String { Digest.hex(hasher.finalize()) }
  }

  package static func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    hex.reserveCapacity(64)
    for byte in digest {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: hex, as: UTF8.self)
  }
}
