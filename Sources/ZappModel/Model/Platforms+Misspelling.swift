import ZappDiagnostics

extension Platforms {
  /// The known platform id that `id` misspells, when it is not known itself: the Quick Brick
  /// variant its shorthand names (`quickBrickShorthand`), else the known id within a typo of it
  /// (`andriod`). A manifest's `platform` that misspells one does not make the app a platform.
  public static func misspelledID(_ id: String) -> Suggestion? {
    guard !known.contains(id) else { return nil }
    if let meant = quickBrickShorthand(id) { return Suggestion(text: meant, isTied: false) }
    return knownIndex.nearest(to: id)
  }

  /// `android_for_quickbrick` for the shorthands Quick Brick's repositories write
  /// (`android_qb`, `ios_quickbrick`), when that platform is known; `web` for `web_qb` (a platform
  /// whose only client is Quick Brick's has no variant).
  public static func quickBrickShorthand(_ id: String) -> String? {
    let lowered = id.lowercased()
    for suffix in ["_qb", "-qb", "_quickbrick"] where lowered.hasSuffix(suffix) {
      let base = String(lowered.dropLast(suffix.count))
      if webQuickBrick.contains(base) { return base }
      if known.contains(base + "_for_quickbrick") { return base + "_for_quickbrick" }
    }
    return nil
  }

  /// The did-you-mean index of the known platform ids.
  private static let knownIndex = SuggestionIndex(known)
}

extension Project {
  /// The platforms of an app that names none in `zlc.json`: its manifests' `primaryPlatform`s,
  /// sorted, but those that misspell a known id (ZL0613's error), which make no platform.
  package static func platforms(ofManifests manifests: [ManifestDecl]) -> [String] {
    Array(Set(manifests.compactMap(\.primaryPlatform).filter { Platforms.misspelledID($0) == nil })).sorted()
  }
}
