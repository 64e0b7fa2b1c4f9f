import Foundation

/// What a client build can render, or what a bundle needs rendered: component types, cell layouts
/// (`layout_id` / `layoutId`), layout kinds, screen plugins and navigation plugins (a navigation's
/// `navigation_type`, a nav item plugin's `type`). Each list is sorted and unique.
/// Names are compared by their exact characters: `café` written with a combining accent is
/// another renderer than `café` written with `é`, as clients that compare bytes see them.
public struct RendererSet: Hashable, Sendable {
  public var componentTypes: [String]
  public var cellLayouts: [String]
  public var layoutKinds: [String]
  public var screenPlugins: [String]
  /// The plugins that draw the screens' navigations: menus, nav bars and nav item plugins; nil
  /// when not stated. A client's set that leaves it nil says nothing of its navigation plugins, so
  /// none is counted missing (as a registry without `navigation_plugins`); a bundle's is nil when
  /// its screens need none (the key left out).
  public var navigationPlugins: [String]?

  /// A set of the given names, each list sorted and unique; `navigationPlugins` nil (the default)
  /// states none.
  public init(
    componentTypes: [String] = [], cellLayouts: [String] = [], layoutKinds: [String] = [], screenPlugins: [String] = [],
    navigationPlugins: [String]? = nil
  ) {
    self.componentTypes = Self.sortedUnique(componentTypes)
    self.cellLayouts = Self.sortedUnique(cellLayouts)
    self.layoutKinds = Self.sortedUnique(layoutKinds)
    self.screenPlugins = Self.sortedUnique(screenPlugins)
    self.navigationPlugins = navigationPlugins.map(Self.sortedUnique)
  }

  /// The names once each by their exact characters, in the strings' order (names equal as Swift
  /// strings but written differently by their bytes).
  private static func sortedUnique(_ names: [String]) -> [String] {
    // Sorted by the strings, then by their bytes: names with the same bytes end up side by side.
    let sorted = names.sorted { a, b in a < b || (!(b < a) && a.utf8.lexicographicallyPrecedes(b.utf8)) }
    var unique: [String] = []
    unique.reserveCapacity(sorted.count)
    for name in sorted where !(unique.last.map { sameBytes($0, name) } ?? false) { unique.append(name) }
    return unique
  }

  /// Whether two names have the same bytes (a string comparison first: it is the fast one, and
  /// names with the same bytes are equal strings).
  private static func sameBytes(_ a: String, _ b: String) -> Bool { a.hasSameUTF8(as: b) }

  /// Equal when every list holds the same names by their exact characters, and both state their
  /// navigation plugins or neither does.
  public static func == (lhs: RendererSet, rhs: RendererSet) -> Bool {
    func same(_ a: [String], _ b: [String]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { sameBytes($0, $1) } }
    return same(lhs.componentTypes, rhs.componentTypes) && same(lhs.cellLayouts, rhs.cellLayouts)
      && same(lhs.layoutKinds, rhs.layoutKinds) && same(lhs.screenPlugins, rhs.screenPlugins)
      && (lhs.navigationPlugins == nil) == (rhs.navigationPlugins == nil)
      && same(lhs.navigationPlugins ?? [], rhs.navigationPlugins ?? [])
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(navigationPlugins == nil)
    for list in [componentTypes, cellLayouts, layoutKinds, screenPlugins, navigationPlugins ?? []] {
      hasher.combine(list.count)
      // 0xFF never occurs in UTF-8: it ends each name.
      for name in list {
        for byte in name.utf8 { hasher.combine(byte) }
        hasher.combine(UInt8(0xFF))
      }
    }
  }

  /// The names of `names` that `available` does not hold, by their exact characters.
  private static func missing(_ names: [String], from available: [String]) -> [String] {
    names.filter { name in !available.contains { sameBytes($0, name) } }
  }

  /// Whether every list is empty (navigation plugins not stated count as none).
  public var isEmpty: Bool {
    componentTypes.isEmpty && cellLayouts.isEmpty && layoutKinds.isEmpty && screenPlugins.isEmpty
      && (navigationPlugins ?? []).isEmpty
  }

  /// What this set holds that `available` lacks, list by list. Navigation plugins are compared
  /// only when `available` states them; the result's are nil when none is missing.
  public func subtracting(_ available: RendererSet) -> RendererSet {
    let navigation = available.navigationPlugins.map { Self.missing(navigationPlugins ?? [], from: $0) } ?? []
    return RendererSet(
      componentTypes: Self.missing(componentTypes, from: available.componentTypes),
      cellLayouts: Self.missing(cellLayouts, from: available.cellLayouts),
      layoutKinds: Self.missing(layoutKinds, from: available.layoutKinds),
      screenPlugins: Self.missing(screenPlugins, from: available.screenPlugins),
      navigationPlugins: navigation.isEmpty ? nil : navigation)
  }

  /// The union of two sets; its navigation plugins are stated when either's are.
  public func union(_ other: RendererSet) -> RendererSet {
    let navigation = navigationPlugins == nil && other.navigationPlugins == nil
    return RendererSet(
      componentTypes: componentTypes + other.componentTypes, cellLayouts: cellLayouts + other.cellLayouts,
      layoutKinds: layoutKinds + other.layoutKinds, screenPlugins: screenPlugins + other.screenPlugins,
      navigationPlugins: navigation ? nil : (navigationPlugins ?? []) + (other.navigationPlugins ?? []))
  }
}

/// What a bundle needs of a client on one platform (`bundle.json` → `required_renderers[]`): its
/// renderers, and the range of client SDKs that can draw its screens there.
public struct PlatformRenderers: Hashable, Sendable {
  /// A platform id as manifests write it: `ios`, `android_for_quickbrick`, `samsung_tv`, …
  public var platform: String
  public var renderers: RendererSet
  /// The oldest Zapp SDK version a client of the platform must have: the newest of `zlc.json`'s
  /// `platforms.<id>.min_zapp_sdk` and the `min_zapp_sdk` of the plugins the screens use there;
  /// nil when none gives one.
  public var minZappSDK: String?
  /// The first Zapp SDK version that can no longer draw the screens on the platform: the oldest
  /// `unsupported_since_zapp_sdk` of the plugins the screens use there; nil when none gives one.
  public var unsupportedSinceZappSDK: String?

  public init(platform: String, renderers: RendererSet, minZappSDK: String? = nil, unsupportedSinceZappSDK: String? = nil) {
    self.platform = platform
    self.renderers = renderers
    self.minZappSDK = minZappSDK
    self.unsupportedSinceZappSDK = unsupportedSinceZappSDK
  }
}

extension BundleIndex {
  /// What the bundle needs on `platform` that a client with `available` renderers lacks: an
  /// empty set means the client can draw every screen. A platform the bundle lists no
  /// requirements for needs nothing checked (nil). Fallbacks are not counted: a client that
  /// applies them decides with `ScreenBundle.renderingPlan(available:)`.
  public func missingRenderers(for platform: String, available: RendererSet) -> RendererSet? {
    requiredRenderers.first { $0.platform == platform }.map { $0.renderers.subtracting(available) }
  }
}

extension BundleIndex {
  /// Whether a client of `platform` whose Zapp SDK is `zappSDK` is one the bundle is meant for: its
  /// SDK is at least the platform's `min_zapp_sdk` and older than its `unsupported_since_zapp_sdk`
  /// (`ZappSDKVersion.compare`); a bound the bundle leaves out holds for every client. Nil when the
  /// bundle lists no entry for `platform`: nothing can be verified, as `missingRenderers` and the
  /// code `zlc generate` writes say. A client it does not support keeps the bundle it has: an
  /// older one asks the user to update.
  public func supportsClient(on platform: String, zappSDK: String) -> Bool? {
    guard let entry = requiredRenderers.first(where: { $0.platform == platform }) else { return nil }
    if let oldest = entry.minZappSDK, ZappSDKVersion.compare(zappSDK, oldest) < 0 { return false }
    if let until = entry.unsupportedSinceZappSDK, ZappSDKVersion.compare(zappSDK, until) >= 0 { return false }
    return true
  }
}

/// Zapp SDK versions (`20.1.0`, `20.0.0-beta.1`), as zlc compares them with plugin manifests and
/// `zlc.json`'s `min_zapp_sdk`.
public enum ZappSDKVersion {
  /// -1, 0 or 1 as `a` is older than, the same as or newer than `b`: number by number first
  /// (`20.1` < `20.10.0`): a missing part is 0, a part's leading ASCII digits are its number (0
  /// when none, or past `Int.max`, so `v20` and an empty string read as 0: pass the version as
  /// `zlc.json` writes it, `20.1.0`), empty parts are skipped. With the same numbers, a pre-release
  /// (`-beta.2`, `preRelease`) is older than the release, and two are compared by SemVer 2.0's
  /// precedence (`compareIdentifiers`): `20.0.0-beta.2` < `20.0.0-beta.10` < `20.0.0`. A build
  /// tag (`+7`) is ignored. It reads bytes, so that the code `zlc generate` writes compares as it does.
  public static func compare(_ a: String, _ b: String) -> Int {
    let x = numbers(a)
    let y = numbers(b)
    for i in 0..<max(x.count, y.count) {
      let l = i < x.count ? x[i] : 0
      let r = i < y.count ? y[i] : 0
      if l != r { return l < r ? -1 : 1 }
    }
    switch (preRelease(a), preRelease(b)) {
    case (nil, nil): return 0
    case (nil, _): return 1
    case (_, nil): return -1
    case (let l?, let r?):
      for (p, q) in zip(l, r) {
        let order = compareIdentifiers(p, q)
        if order != 0 { return order }
      }
      return l.count == r.count ? 0 : l.count < r.count ? -1 : 1
    }
  }

  /// The pre-release identifiers of a version, the dot-separated bytes after the `-` that ends its
  /// numbers and before a `+`: `["beta", "2"]` for `20.1.0-beta.2+7`; nil for a release (no `-`
  /// there, or nothing after it). Leading `-` and `+` are skipped, as `numbers` skips them.
  public static func preRelease(_ version: String) -> [[UInt8]]? {
    let bytes = Array(version.utf8)
    let minus = UInt8(ascii: "-")
    let plus = UInt8(ascii: "+")
    var i = 0
    while i < bytes.count, bytes[i] == minus || bytes[i] == plus { i += 1 }
    while i < bytes.count, bytes[i] != minus, bytes[i] != plus { i += 1 }
    guard i < bytes.count, bytes[i] == minus else { return nil }
    let tag = bytes[(i + 1)...].prefix { $0 != plus }
    guard !tag.isEmpty else { return nil }
    return tag.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map(Array.init)
  }

  /// -1, 0 or 1 as pre-release identifier `a` comes before, with or after `b`: two of ASCII digits
  /// only by their numbers (of any length), one of digits before any other, others in byte order.
  public static func compareIdentifiers(_ a: [UInt8], _ b: [UInt8]) -> Int {
    let isNumber = { (s: [UInt8]) in !s.isEmpty && s.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
    var l = a[...]
    var r = b[...]
    switch (isNumber(a), isNumber(b)) {
    case (true, false): return -1
    case (false, true): return 1
    case (true, true):
      l = l.drop { $0 == UInt8(ascii: "0") }
      r = r.drop { $0 == UInt8(ascii: "0") }
      if l.count != r.count { return l.count < r.count ? -1 : 1 }
    case (false, false): break
    }
    return l.elementsEqual(r) ? 0 : l.lexicographicallyPrecedes(r) ? -1 : 1
  }

  /// The numbers `compare` reads from a version, in order: `[20, 1]` for `20.1-beta+7`.
  public static func numbers(_ version: String) -> [Int] {
    let bytes = Array(version.utf8)
    let core = bytes.split(whereSeparator: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }).first.map(Array.init) ?? bytes
    return core.split(separator: UInt8(ascii: ".")).map { part in
      Int(String(decoding: part.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }, as: UTF8.self)) ?? 0
    }
  }
}
