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

/// A plugin drawn only as a fallback that a registered client cannot run: the bound of the Zapp SDK
/// range of its manifest for the client's platform that some build of the client is outside.
package struct FallbackRefusal: Sendable {
  package let plugin: String
  package let version: Located<String>
  /// Whether the bound is the manifest's `unsupported_since_zapp_sdk` (else its `min_zapp_sdk`).
  package let unsupported: Bool
}

extension Project {
  /// A plugin the screens use, on a target platform whose bundle uses it, with the manifest that
  /// serves that platform (else the one that names no platform).
  public typealias PluginManifestOnPlatform = (identifier: String, use: SourceSpot, platform: String, manifest: ManifestDecl)

  /// Each plugin the screens use (`usedPlugins`), on each target platform whose bundle uses it
  /// (`targetPlatforms(drawing:)`), with the manifest that serves it (`bestFit(among:on:)`).
  /// Worked out once per project.
  public var pluginManifestsOnTargetPlatforms: [PluginManifestOnPlatform] {
    caches.pluginManifestsOnTargetPlatforms.value {
      usedPlugins.flatMap { identifier, use in
        let manifests = manifests(for: identifier)
        return targetPlatforms(drawing: identifier).compactMap { platform -> PluginManifestOnPlatform? in
          Self.bestFit(among: manifests, on: platform).map { (identifier, use, platform, $0) }
        }
      }
    }
  }

  /// The Zapp SDK range of each target platform's clients: the newest of `zlc.json`'s
  /// `min_zapp_sdk` and the `min_zapp_sdk` of the manifests serving the platform of the plugins its
  /// screens use (but those drawn only as fallbacks), and the oldest `unsupported_since_zapp_sdk`
  /// of those manifests. As ZL0611 reads
  /// them, a manifest serving the platform only through `ui_frameworks` gives versions of its own
  /// platform's SDK, and a manifest version that is no version (ZL0603's) is skipped.
  public var zappSDKRanges: [String: ZappSDKRange] {
    zappSDKBounds.mapValues { ZappSDKRange(minZappSDK: $0.min?.version.value, unsupportedSinceZappSDK: $0.until?.version.value) }
  }

  /// One bound of a platform's Zapp SDK range, and where it comes from.
  package struct ZappSDKBound: Sendable {
    /// The version, where written.
    package let version: Located<String>
    /// The plugin whose manifest gives it; nil for `zlc.json`'s `min_zapp_sdk`.
    package let plugin: PluginManifestOnPlatform?

    /// What the version is, for a note at it: `min_zapp_sdk of ios` (`zlc.json`'s), or
    /// `min_zapp_sdk of the 'ios' manifest of 'x'`.
    package func what(_ key: String, on platform: String) -> String {
      guard let plugin else { return "\(key) of \(platform)" }
      let manifest = plugin.manifest.platform == nil ? "the platform-free manifest" : "the '\(platform)' manifest"
      return "\(key) of \(manifest) of '\(plugin.identifier)'"
    }
  }

  /// `pluginManifestsOnTargetPlatforms` but the plugins drawn only as fallbacks: those that bound
  /// the clients a platform's bundle is for. A plugin drawn only as a fallback bounds only the
  /// clients that draw it (`fallbackRefusal`).
  package var pluginManifestsBoundingClients: [PluginManifestOnPlatform] {
    let fallbackOnly = pluginsUsedOnlyAsFallbacks
    guard !fallbackOnly.isEmpty else { return pluginManifestsOnTargetPlatforms }
    return pluginManifestsOnTargetPlatforms.filter { !fallbackOnly.contains($0.identifier) }
  }

  /// `pluginsAgainstOldestClients` but the plugins drawn only as fallbacks: those the app's oldest
  /// client on a platform must run (ZL0611, ZL0623).
  package var pluginsBoundingOldestClients: [PluginOnPlatform] {
    let fallbackOnly = pluginsUsedOnlyAsFallbacks
    guard !fallbackOnly.isEmpty else { return pluginsAgainstOldestClients }
    return pluginsAgainstOldestClients.filter { !fallbackOnly.contains($0.identifier) }
  }

  /// Why `registry`'s client cannot run `plugin`, one the screens use only as fallbacks
  /// (`pluginsUsedOnlyAsFallbacks`), which bounds no platform's range: some build of it that takes
  /// the bundle is older than the `min_zapp_sdk` of the plugin's manifest for its platform, or at
  /// or past its `unsupported_since_zapp_sdk`. Builds outside the bundle's own range
  /// (`zappSDKBounds`) refuse the bundle and never draw the fallback. Nil when every build that
  /// takes the bundle runs the plugin, and for any other plugin.
  package func fallbackRefusal(of plugin: String, by registry: ClientRegistry) -> FallbackRefusal? {
    guard let platform = registry.platform?.value, pluginsUsedOnlyAsFallbacks.contains(plugin),
      let manifest = Self.bestFit(among: manifests(for: plugin), on: platform), !manifest.servesThroughFrameworks(platform)
    else { return nil }
    let bundle = zappSDKBounds[platform]
    if let min = manifest.minZappSDK, VersionSyntax.isSDKVersion(min.value), registry.startsBefore(min.value),
      bundle?.min.map({ ZappSDKVersion.compare($0.version.value, min.value) < 0 }) ?? true
    {
      return FallbackRefusal(plugin: plugin, version: min, unsupported: false)
    }
    if let until = manifest.unsupportedSinceZappSDK, VersionSyntax.isSDKVersion(until.value), registry.reaches(until.value),
      bundle?.until.map({ ZappSDKVersion.compare($0.version.value, until.value) > 0 }) ?? true
    {
      return FallbackRefusal(plugin: plugin, version: until, unsupported: true)
    }
    return nil
  }

  /// `zappSDKRanges` with where each bound comes from: on a tie, `zlc.json`'s minimum, else the
  /// first plugin's in project order. Worked out once per project.
  package var zappSDKBounds: [String: (min: ZappSDKBound?, until: ZappSDKBound?)] { caches.zappSDKBounds.value(makeZappSDKBounds) }

  private func makeZappSDKBounds() -> [String: (min: ZappSDKBound?, until: ZappSDKBound?)] {
    var ranges: [String: (min: ZappSDKBound?, until: ZappSDKBound?)] = [:]
    for platform in targetPlatforms {
      // A `min_zapp_sdk` that is no version (`20.x`, ZL0603's) bounds nothing, as a plugin's does not.
      let min = minZappSDK(on: platform).flatMap { VersionSyntax.isSDKVersion($0.value) ? ZappSDKBound(version: $0, plugin: nil) : nil }
      ranges[platform] = (min, nil)
    }
    for plugin in pluginManifestsBoundingClients where !plugin.manifest.servesThroughFrameworks(plugin.platform) {
      var range = ranges[plugin.platform] ?? (nil, nil)
      if let min = plugin.manifest.minZappSDK, VersionSyntax.isSDKVersion(min.value),
        range.min.map({ ZappSDKVersion.compare(min.value, $0.version.value) > 0 }) ?? true
      {
        range.min = ZappSDKBound(version: min, plugin: plugin)
      }
      if let until = plugin.manifest.unsupportedSinceZappSDK, VersionSyntax.isSDKVersion(until.value),
        range.until.map({ ZappSDKVersion.compare(until.value, $0.version.value) < 0 }) ?? true
      {
        range.until = ZappSDKBound(version: until, plugin: plugin)
      }
      ranges[plugin.platform] = range
    }
    return ranges
  }
}
