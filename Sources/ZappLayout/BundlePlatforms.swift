import Foundation

/// `platforms.json`: the bundles of an app that targets several platforms, one folder each. A
/// client loads the bundle of its own platform with `ScreenBundle.load(from:platform:)`.
public struct PlatformBundles: Sendable, Equatable {
  /// The file at the top of a multi-platform output folder.
  public static let fileName = "platforms.json"

  /// One platform's bundle: its id and the folder (relative to `platforms.json`) that holds it.
  public struct Entry: Sendable, Equatable {
    public var platform: String
    public var folder: String

    public init(platform: String, folder: String) {
      self.platform = platform
      self.folder = folder
    }
  }

  /// The format version of the bundles in the folders.
  public var formatVersion: Int
  /// Every platform of the app, in the order `zlc.json` (else the manifests, sorted) names them.
  public var platforms: [Entry]

  public init(formatVersion: Int = BundleIndex.currentFormatVersion, platforms: [Entry]) {
    self.formatVersion = formatVersion
    self.platforms = platforms
  }

  public init(json: JSON) throws { self = try Self.decodeTrackingOnFailure(json, path: "", layouts: .empty) }

  /// The folder of a platform's bundle, when the app targets it.
  public func folder(for platform: String) -> String? { platforms.first { $0.platform == platform }?.folder }
}

extension PlatformBundles: BundleObject {
  public static let schemaName = "platforms"
  public static let summary =
    "platforms.json: the bundles of an app that targets several platforms, one folder each (zlc build without --platform)."
  public static let fields: [BundleField<Self>] = [
    .required(
      "format_version", \.formatVersion, .int,
      "the format version of every bundle below, as in their `bundle.json`: `ScreenBundle.load(from:platform:)` throws `invalidFile` for a bundle of another"
    ),
    .required("platforms", \.platforms, .array(.object), "each platform's bundle, in the order the app names its platforms"),
  ]
  public static var blank: Self { PlatformBundles(formatVersion: 0, platforms: []) }
}

extension PlatformBundles.Entry: BundleObject {
  public static let schemaName = "platform_bundle"
  public static let summary = "One platform's bundle in a multi-platform output."
  public static let fields: [BundleField<Self>] = [
    .required("platform", \.platform, .string, "the platform id, as the manifests and `zlc.json` name it"),
    .required(
      "folder", \.folder, .string,
      "the folder holding that platform's `bundle.json`, `rivers.json` and `screens/`, relative to `platforms.json`: the platform id, made safe as screen file names are (never, in any case, `bundle.json`, `rivers.json` or `screens`, which the top of a bundle of one platform holds, nor `preview` or `_zlc`, paths `zlc serve` answers itself)"
    ),
  ]
  public static var blank: Self { Self(platform: "", folder: "") }
}

extension ScreenBundle {
  /// Loads the bundle of one platform from a build's output folder: the folder itself when it holds
  /// a single bundle (whose `platform`, when written, must be `platform`), else the platform's
  /// folder that `platforms.json` names. Throws `LoadError.platformMissing` when the output has no
  /// bundle for it, and `LoadError.invalidFile` when that bundle's `format_version` is not the one
  /// `platforms.json` says. `maxFileBytes` bounds `platforms.json` and every file of the bundle, and
  /// `sha256` checks each screen file as it is opened, as in `load(from:maxFileBytes:verifyingWith:)`.
  public static func load(
    from folder: URL, platform: String, maxFileBytes: Int = ScreenBundle.maxFileBytes, verifyingWith sha256: FileDigest? = nil
  ) throws -> ScreenBundle {
    let manifest = folder.appendingPathComponent(PlatformBundles.fileName)
    // Anything there, a link that loops among them, is read as the list, and refused as it is.
    var status = stat()
    guard lstat(manifest.path, &status) == 0 else {
      let bundle = try load(from: folder, maxFileBytes: maxFileBytes, verifyingWith: sha256)
      if let own = bundle.index.platform, own != platform { throw LoadError.platformMissing(platform, available: [own]) }
      return bundle
    }
    let platforms = try platformBundles(in: folder, maxFileBytes: maxFileBytes)
    guard let sub = platforms.folder(for: platform) else {
      throw LoadError.platformMissing(platform, available: platforms.platforms.map(\.platform))
    }
    let parts = sub.split(separator: "/", omittingEmptySubsequences: false)
    guard !sub.hasPrefix("/"), !parts.contains(".."), !parts.contains(""), !parts.contains("."), !sub.utf8.contains(0),
      resolves(sub, inside: FileBytes.realPath(folder.path) ?? folder.path, folder: folder.path)
    else {
      throw LoadError.fileOutsideBundle(sub)
    }
    let bundle = try loadBundle(
      from: folder.appendingPathComponent(sub), maxFileBytes: maxFileBytes, verifyingWith: sha256, subfolder: sub)
    guard bundle.index.platform == platform else {
      throw LoadError.invalidFile(
        sub + "/bundle.json", "is the bundle of \(bundle.index.platform.map { "'\($0)'" } ?? "no platform"), not of '\(platform)'")
    }
    // A reader of the version platforms.json says would misread a bundle of another.
    guard bundle.index.formatVersion == platforms.formatVersion else {
      throw LoadError.invalidFile(
        sub + "/bundle.json",
        "has format_version \(bundle.index.formatVersion), but \(PlatformBundles.fileName) says \(platforms.formatVersion)")
    }
    return bundle
  }

  /// The `platforms.json` of a multi-platform output folder, of at most `maxFileBytes` bytes (as
  /// `load(from:maxFileBytes:verifyingWith:)` bounds it).
  public static func platformBundles(in folder: URL, maxFileBytes: Int = ScreenBundle.maxFileBytes) throws -> PlatformBundles {
    let limit = try fileLimit(maxFileBytes, reading: PlatformBundles.fileName)
    let path = folder.path
    let root = FileBytes.realPath(path) ?? path
    guard resolves(PlatformBundles.fileName, inside: root, folder: path) else {
      throw LoadError.fileOutsideBundle(PlatformBundles.fileName)
    }
    let json = try parse(path, PlatformBundles.fileName, root: root, maxBytes: limit)
    if let version = BundleForm.unreadableVersion(json[PlatformBundles.fields[0].key]) {
      throw LoadError.unsupportedFormatVersion(version)
    }
    do {
      return try PlatformBundles(json: json)
    } catch let error as BundleDecodingError {
      throw LoadError.invalidFile(PlatformBundles.fileName, error.description)
    }
  }

  /// Throws, naming the platforms, when `folder` holds a bundle per platform (`platforms.json`)
  /// and no `bundle.json` of its own: a client loads one of them with `load(from:platform:)`.
  static func refuseBundlesOfPlatforms(in folder: URL, maxFileBytes: Int) throws {
    let manifest = folder.appendingPathComponent(PlatformBundles.fileName).path
    guard !FileManager.default.fileExists(atPath: folder.appendingPathComponent("bundle.json").path),
      FileManager.default.fileExists(atPath: manifest)
    else { return }
    let platforms = (try? platformBundles(in: folder, maxFileBytes: maxFileBytes))?.platforms.map(\.platform) ?? []
    let named = platforms.isEmpty ? "" : " (\(platforms.joined(separator: ", ")))"
    throw LoadError.invalidFile(
      "bundle.json",
      "not in this folder, which holds a bundle per platform\(named), as \(PlatformBundles.fileName) lists: load one with load(from:platform:)"
    )
  }
}

extension ScreenBundle {
  /// `load(from:maxFileBytes:verifyingWith:)` of the folder's own `bundle.json`, whatever else it
  /// holds; errors name files from `subfolder` of the output when it is given (a platform's).
  static func loadBundle(
    from folder: URL, maxFileBytes: Int, verifyingWith sha256: FileDigest?, subfolder: String? = nil
  ) throws -> ScreenBundle {
    do {
      return try loadIndex(from: folder, maxFileBytes: maxFileBytes, verifyingWith: sha256, subfolder: subfolder)
    } catch let error as LoadError {
      throw subfolder.map(error.naming(in:)) ?? error
    }
  }
}

extension ScreenBundle.LoadError {
  /// This error with each file it names taken from the output's folder: `tvos/screens/home.json`
  /// for `screens/home.json` of the bundle in `tvos`, the path a client fetches it by.
  func naming(in subfolder: String) -> Self {
    switch self {
    case .fileOutsideBundle(let file): return .fileOutsideBundle(subfolder + "/" + file)
    case .invalidFile(let file, let why): return .invalidFile(subfolder + "/" + file, why)
    case .hashMismatch(let screen, let file, let expected, let actual):
      return .hashMismatch(screen: screen, file: subfolder + "/" + file, expected: expected, actual: actual)
    case .unsupportedFormatVersion, .platformMissing: return self
    }
  }
}
