import ZappDiagnostics
import ZappLayout

/// The Zapp SDK range a platform's clients need: the newest `min_zapp_sdk` and the oldest
/// `unsupported_since_zapp_sdk` that apply there.
public struct ZappSDKRange: Equatable, Sendable {
  /// The oldest SDK a client must have; nil when nothing asks for one.
  public var minZappSDK: String?
  /// The first SDK that can no longer draw the screens; nil when no plugin says.
  public var unsupportedSinceZappSDK: String?

  public init(minZappSDK: String? = nil, unsupportedSinceZappSDK: String? = nil) {
    self.minZappSDK = minZappSDK
    self.unsupportedSinceZappSDK = unsupportedSinceZappSDK
  }
}

extension Project {
  /// A plugin the screens use, on a target platform whose bundle uses it, with the manifest that
  /// serves that platform (else the one that names no platform).
  public typealias PluginManifestOnPlatform = (identifier: String, use: SourceSpot, platform: String, manifest: ManifestDecl)

  /// Each plugin the screens use (`usedPlugins`), on each target platform whose bundle uses it
  /// (`targetPlatforms(drawing:)`), with the manifest that serves it (`bestFit(among:on:)`).
  public var pluginManifestsOnTargetPlatforms: [PluginManifestOnPlatform] {
    usedPlugins.flatMap { identifier, use in
      let manifests = manifests(for: identifier)
      return targetPlatforms(drawing: identifier).compactMap { platform -> PluginManifestOnPlatform? in
        Self.bestFit(among: manifests, on: platform).map { (identifier, use, platform, $0) }
      }
    }
  }

  /// The Zapp SDK range of each target platform's clients: the newest of `zlc.json`'s
  /// `min_zapp_sdk` and the `min_zapp_sdk` of the manifests serving the platform of the plugins its
  /// screens use, and the oldest `unsupported_since_zapp_sdk` of those manifests. As ZL0611 reads
  /// them, a manifest serving the platform only through `ui_frameworks` gives versions of its own
  /// platform's SDK, and a manifest version that is no version (ZL0603's) is skipped.
  public var zappSDKRanges: [String: ZappSDKRange] {
    var ranges: [String: ZappSDKRange] = [:]
    for platform in targetPlatforms { ranges[platform] = ZappSDKRange(minZappSDK: minZappSDK(on: platform)?.value) }
    for (_, _, platform, m) in pluginManifestsOnTargetPlatforms where !m.servesThroughFrameworks(platform) {
      var range = ranges[platform] ?? ZappSDKRange()
      if let min = m.minZappSDK?.value, VersionSyntax.isSDKVersion(min),
        range.minZappSDK.map({ ZappSDKVersion.compare(min, $0) > 0 }) ?? true
      {
        range.minZappSDK = min
      }
      if let until = m.unsupportedSinceZappSDK?.value, VersionSyntax.isSDKVersion(until),
        range.unsupportedSinceZappSDK.map({ ZappSDKVersion.compare(until, $0) < 0 }) ?? true
      {
        range.unsupportedSinceZappSDK = until
      }
      ranges[platform] = range
    }
    return ranges
  }
}
