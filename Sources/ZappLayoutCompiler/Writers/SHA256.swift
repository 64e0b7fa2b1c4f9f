import Crypto

/// The SHA-256 digests of the bundle (`bundle.json`'s checksums, the hash in mangled file names,
/// the ETags of `zlc serve`), from swift-crypto.
public enum Digest {
  /// The lowercase hex SHA-256 of some bytes.
  public static func sha256Hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    hex.reserveCapacity(64)
    for byte in SHA256.hash(data: bytes) {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: hex, as: UTF8.self)
  }
}
