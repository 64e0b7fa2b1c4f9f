import ZappDiagnostics
import ZappModel
import ZappResolution

/// What `BundleWriter` wrote: every file with its size and hash, the bytes of those it was asked
/// to keep, and each bundle's screens and sections, so that no one reads the output back.
public struct WrittenBundle: Sendable {
  /// One written file.
  public struct File: Sendable {
    /// Its path in the output folder (`rivers.json`, `screens/home.json`, `ios/bundle.json`).
    public var path: String
    public var size: Int
    /// The SHA-256 of its bytes, in hex; for `rivers.json`, which holds the screen files in
    /// bundle order, that of their hashes, one a line (`BundleWriter.riversHash`).
    public var hash: String
    /// The bytes, when `BundleWriter.Options.keep` asked for them; else nil.
    public var bytes: [UInt8]?

    /// The bytes in an array of their own size: a writer's buffer has room for far more, which a
    /// kept file would otherwise hold on to.
    static func exact(_ bytes: [UInt8]) -> [UInt8] { bytes.withUnsafeBufferPointer { Array($0) } }
  }

  /// One bundle: the output's, or one platform's of an app of several.
  public struct Bundle: Sendable {
    /// The platform's folder, or empty for a bundle at the top of the output.
    public var folder: String
    public var screens: Int
    public var sections: Int
    /// The path of a file of this bundle in the output folder.
    public func path(_ file: String) -> String { folder.isEmpty ? file : folder + "/" + file }
  }

  /// Every file written, but the output folder's marker: each bundle's `screens/…` in bundle order,
  /// its `rivers.json` and `bundle.json`, then `platforms.json` for an app of several platforms.
  public var files: [File]
  /// The bundles, in platform order.
  public var bundles: [Bundle]
}

extension BundleWriter {
  /// The hash that names `rivers.json`: the screen files' hashes, in order, one a line, hashed.
  /// The same screens give the same bytes, so it changes exactly when they do.
  public static func riversHash(screenHashes: [String]) -> String {
    // Fed a hash at a time: 10,000 screens' hashes joined would be 650 KB, held at a build's peak.
    var stream = Digest.SHA256Stream()
    for (n, hash) in screenHashes.enumerated() {
      if n > 0 { stream.update(newline) }
      stream.update(Array(hash.utf8))
    }
    return stream.finalizedHex()
  }

  private static let newline: [UInt8] = [0x0A]

  /// A file written from bytes in hand: its hash, and the bytes when `keep` asks for them.
  package func written(_ path: String, _ bytes: [UInt8]) -> WrittenBundle.File {
    let hash = Digest.sha256Hex(bytes)
    return WrittenBundle.File(
      path: path, size: bytes.count, hash: hash, bytes: options.keep?(path, hash) == true ? WrittenBundle.File.exact(bytes) : nil)
  }
}
