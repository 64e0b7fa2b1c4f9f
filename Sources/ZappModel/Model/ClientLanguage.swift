/// The languages `zlc generate` writes client code in.
public enum ClientLanguage: String, Sendable, CaseIterable {
  /// Swift 6 (Foundation only), Kotlin 1.3 or later (standard library only), TypeScript (`--strict`).
  case swift, kotlin, typescript

  /// The platforms whose clients are written in the language: Swift for the native Apple
  /// clients, Kotlin for the native Android ones, TypeScript for QuickBrick, the web and the TVs
  /// that run JavaScript. Roku clients (BrightScript) have none.
  public var platforms: [String] {
    switch self {
    case .swift: return ["ios", "tvos"]
    case .kotlin: return ["android", "android_tv", "amazon"]
    case .typescript:
      return [
        "ios_for_quickbrick", "android_for_quickbrick", "tvos_for_quickbrick", "android_tv_for_quickbrick", "amazon_for_quickbrick",
        "amazon_fire_tv_for_quickbrick", "web", "samsung_tv", "lg_tv",
      ]
    }
  }

  /// The language of a platform's client, if zlc generates one.
  public static func of(platform: String) -> ClientLanguage? { allCases.first { $0.platforms.contains(platform) } }
}
