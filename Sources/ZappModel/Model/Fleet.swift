import ZappDiagnostics
import ZappLayout

/// What one registered client lacks to draw one component (or a plugin screen) as written, and
/// whether it draws the component's fallback instead.
package struct RegistryGap {
  package let screen: ScreenDecl
  /// The section's component (nil for a plugin screen).
  package let component: ComponentDecl?
  /// The needs the client lacks, in the order the component has them.
  package let lacking: [RendererNeed]
  /// The component's `fallback`, when it has one.
  package let fallback: SizeClassMappingEntry?
  /// What the fallback needs that the client lacks too.
  package let fallbackLacking: [RendererNeed]
  /// Whether the client applies fallbacks at all (its registry's `applies_fallbacks`).
  package var clientAppliesFallbacks = true
  /// Why the client cannot run the fallback's plugin, one drawn only as a fallback, when it cannot.
  package var fallbackRefusal: FallbackRefusal?

  /// Whether the client draws the fallback instead (an error otherwise).
  package var appliesFallback: Bool { fallback != nil && fallbackLacking.isEmpty && fallbackRefusal == nil && clientAppliesFallbacks }
}

/// The declared renderer needs of one component (or of a plugin screen and its navigation).
package struct RendererNeedGroup {
  package let screen: ScreenDecl
  package let component: ComponentDecl?
  package var needs: [RendererNeed]
}

/// The gaps of one registry, found group by group: the needs of a kind it lists that it lacks.
private struct GapFinder {
  let registry: ClientRegistry
  let names: [RendererNeed.Kind: Set<ExactString>]
  let listed: Set<RendererNeed.Kind>
  var gaps: [RegistryGap] = []

  init(_ registry: ClientRegistry) {
    self.registry = registry
    names = Dictionary(uniqueKeysWithValues: RendererNeed.Kind.allCases.map { ($0, registry.entries($0).names) })
    listed = Set(RendererNeed.Kind.allCases.filter { registry.lists($0) })
  }

  func lacks(_ need: RendererNeed) -> Bool { !(names[need.kind]?.contains(ExactString(need.name)) ?? false) }

  mutating func add(_ group: RendererNeedGroup, in project: Project) {
    let lacking = group.needs.filter { listed.contains($0.kind) && lacks($0) }
    guard !lacking.isEmpty else { return }
    var found = project.gap(screen: group.screen, component: group.component, lacking: lacking, registry: registry, lacks: lacks)
    found.clientAppliesFallbacks = registry.appliesFallbacks
    gaps.append(found)
  }
}

/// What one registered client draws: every screen as written, some sections with their fallbacks,
/// or not every screen.
package struct RegistryCoverage {
  package let registry: ClientRegistry
  package let gaps: [RegistryGap]
  /// Whether some client build of the registry is at or past the platform's
  /// `unsupported_since_zapp_sdk`: a plugin the screens use no longer runs there.
  package var reachesUnsupportedSDK = false
  /// Whether some client build of the registry is older than a plugin's `min_zapp_sdk` on a
  /// platform whose oldest client `zlc.json` leaves out: it refuses the bundle (ZL0623; a registry
  /// whose builds all are refuses the bundle, ZL0327).
  package var startsBeforeMinimumSDK = false

  /// Whether some client build of the registry refuses the bundle.
  package var refusedBySome: Bool { reachesUnsupportedSDK || startsBeforeMinimumSDK }
  package var drawsEverything: Bool { gaps.isEmpty && !refusedBySome }
  package var drawsWithFallbacks: Bool { !gaps.isEmpty && gaps.allSatisfy(\.appliesFallback) && !refusedBySome }
}

extension Project {
  /// The registries of the target platforms, in project order, but for `retiredRegistries`: a
  /// client outside the platform's SDK range (`zappSDKRanges`) refuses the bundle.
  package var targetRegistries: [ClientRegistry] {
    let targets = Set(targetPlatforms)
    let bounds = zappSDKBounds
    return registries.filter { registry in
      guard let platform = registry.platform?.value, targets.contains(platform) else { return false }
      return Self.retirement(of: registry, bounds[platform]) == nil
    }
  }

  /// The registries of target platforms whose every client build is outside the platform's SDK
  /// range, in project order, each with the bound that leaves it out and whether that is the
  /// range's `unsupported_since_zapp_sdk`: every build older than its `min_zapp_sdk` (from
  /// `zlc.json` or a plugin's manifest), or at or past its `unsupported_since_zapp_sdk`.
  package var retiredRegistries: [(registry: ClientRegistry, bound: ZappSDKBound, unsupported: Bool)] {
    let targets = Set(targetPlatforms)
    let bounds = zappSDKBounds
    return registries.compactMap { registry in
      guard let platform = registry.platform?.value, targets.contains(platform),
        let (bound, unsupported) = Self.retirement(of: registry, bounds[platform])
      else { return nil }
      return (registry, bound, unsupported)
    }
  }

  /// Why every client build of `registry` (this project's or another's) refuses this project's
  /// bundle, when they all do: the platform's bound they are outside of (its version) and whether
  /// it is the `unsupported_since_zapp_sdk`; nil when the platform is not targeted or some build
  /// takes the bundle.
  package func refusal(by registry: ClientRegistry) -> (version: String, unsupported: Bool)? {
    guard let platform = registry.platform?.value, targetPlatforms.contains(platform),
      let (bound, unsupported) = Self.retirement(of: registry, zappSDKBounds[platform])
    else { return nil }
    return (bound.version.value, unsupported)
  }

  private static func retirement(
    of registry: ClientRegistry, _ range: (min: ZappSDKBound?, until: ZappSDKBound?)?
  ) -> (ZappSDKBound, Bool)? {
    // A range that holds no version is ZL0203's error, not a client out of range.
    if registry.emptyRange != nil { return nil }
    if let min = range?.min, registry.predates(min.version.value) { return (min, false) }
    if let until = range?.until, registry.startsAtOrPast(until.version.value) { return (until, true) }
    return nil
  }

  /// The coverage of each registry of the target platforms, in project order: worked out once
  /// for the rules, the fleet line and the bundle.
  package var targetCoverages: [RegistryCoverage] {
    caches.targetCoverages.value {
      let ranges = zappSDKRanges
      // The names a platform's screens need, found once for all of its registries (an app may
      // register a hundred old client versions of one platform, most of which draw everything).
      var needed: [String: [RendererNeed.Kind: Set<ExactString>]] = [:]
      // A platform's needs component by component, found on its second registry that lacks some:
      // each registry after it scans them instead of walking every screen again.
      var lacking: [String: Int] = [:]
      var groups: [String: [RendererNeedGroup]] = [:]
      return targetRegistries.map { registry in
        let platform = registry.platform?.value ?? ""
        let names = needed[platform] ?? neededNames(platform: registry.platform?.value)
        needed[platform] = names
        var coverage: RegistryCoverage
        if registry.listsAll(names) {
          coverage = RegistryCoverage(registry: registry, gaps: [])
        } else {
          lacking[platform, default: 0] += 1
          if groups[platform] == nil, lacking[platform, default: 0] > 1 {
            groups[platform] = needGroups(platform: registry.platform?.value)
          }
          coverage = groups[platform].map { self.coverage(of: registry, groups: $0) } ?? self.coverage(of: registry)
        }
        let range = registry.platform.flatMap { ranges[$0.value] }
        coverage.reachesUnsupportedSDK = range?.unsupportedSinceZappSDK.map(registry.reaches) ?? false
        // Builds before a plugin's `min_zapp_sdk` (ZL0623 says so); not before `zlc.json`'s own,
        // which leaves out clients the app no longer supports.
        let pluginMinimum = minZappSDK(on: platform) == nil ? range?.minZappSDK : nil
        coverage.startsBeforeMinimumSDK = pluginMinimum.map(registry.startsBefore) ?? false
        return coverage
      }
    }
  }

  /// What `registry`'s client lacks, component by component, with each component's fallback. A
  /// type or plugin that is not declared at all is left to the reference rules. The screens are
  /// walked one component at a time, nothing kept but the gaps.
  package func coverage(of registry: ClientRegistry) -> RegistryCoverage {
    var coverage = GapFinder(registry)
    forEachNeedGroup(platform: registry.platform?.value) { coverage.add($0, in: self) }
    return RegistryCoverage(registry: registry, gaps: coverage.gaps)
  }

  /// `coverage(of:)` from the platform's needs found already (`needGroups(platform:)`).
  package func coverage(of registry: ClientRegistry, groups: [RendererNeedGroup]) -> RegistryCoverage {
    var coverage = GapFinder(registry)
    for group in groups { coverage.add(group, in: self) }
    return RegistryCoverage(registry: registry, gaps: coverage.gaps)
  }

  /// The declared renderer needs of every screen on `platform`, component by component, kept for a
  /// platform whose registries lack renderers.
  package func needGroups(platform: String?) -> [RendererNeedGroup] {
    var groups: [RendererNeedGroup] = []
    forEachNeedGroup(platform: platform) { groups.append($0) }
    return groups
  }

  /// The declared renderer needs of every screen on `platform`, one component (or a plugin screen
  /// and its navigation) at a time.
  package func forEachNeedGroup(platform: String?, _ body: (RendererNeedGroup) -> Void) {
    for screen in screens {
      var current: RendererNeedGroup?
      forEachRendererNeed(screen, platform: platform) { need in
        guard declares(need) else { return }
        if current == nil || current?.component?.path != need.component?.path {
          if let open = current { body(open) }
          current = RendererNeedGroup(screen: screen, component: need.component, needs: [])
        }
        current?.needs.append(need)
      }
      if let open = current { body(open) }
    }
  }

  /// Every name of a declared renderer the screens need on `platform`, by kind.
  package func neededNames(platform: String?) -> [RendererNeed.Kind: Set<ExactString>] {
    var names: [RendererNeed.Kind: Set<ExactString>] = [:]
    for screen in screens {
      forEachRendererNeed(screen, platform: platform) { need in
        if declares(need) { names[need.kind, default: []].insert(ExactString(need.name)) }
      }
    }
    return names
  }

  fileprivate func gap(
    screen: ScreenDecl, component: ComponentDecl?, lacking: [RendererNeed], registry: ClientRegistry, lacks: (RendererNeed) -> Bool
  ) -> RegistryGap {
    let platform = registry.platform?.value
    // A fallback that is neither "hide" nor a replacement is ZL0314's: it counts as none.
    guard let component, let fallback = SizeClassMappingEntry.fallback(of: component), fallback.hides || fallback.componentType != nil
    else {
      return RegistryGap(screen: screen, component: component, lacking: lacking, fallback: nil, fallbackLacking: [])
    }
    var fallbackLacking: [RendererNeed] = []
    let family = Self.drawnFamily(of: component, in: screen, platform: platform).flatMap { families[$0.value] }
    forEachNeed(of: fallback, component: component, family: family) { if lacks($0) { fallbackLacking.append($0) } }
    var found = RegistryGap(screen: screen, component: component, lacking: lacking, fallback: fallback, fallbackLacking: fallbackLacking)
    found.fallbackRefusal = fallback.componentType.flatMap { fallbackRefusal(of: $0.value, by: registry) }
    return found
  }

  /// One line per target platform with registries: how many client versions, and what share of
  /// the installs draws every screen, draws some with fallbacks, cannot draw every screen, or
  /// refuses the bundle (a registry whose every build is outside the platform's Zapp SDK range,
  /// ZL0327). A platform whose registries all list clients that refuse its bundle says so.
  public var fleetSummary: [String] {
    let coverages = targetCoverages
    let retired = retiredRegistries
    return targetPlatforms.compactMap { platform in
      let mine = coverages.filter { $0.registry.platform?.value == platform }
      let refusing = retired.filter { $0.registry.platform?.value == platform }.map(\.registry)
      guard mine.isEmpty else { return Self.fleetLine(platform: platform, mine, refusing: refusing) }
      guard !refusing.isEmpty else { return nil }
      let versions = refusing.count == 1 ? "1 client version" : "\(refusing.count) client versions"
      return "\(platform): \(versions), none of which takes the bundle (each is outside the platform's Zapp SDK range)"
    }
  }

  /// How many client versions a fleet line names, each with what it draws, when it cannot give
  /// shares of installs.
  package static let fleetVersionsNamed = 8

  /// The fleet line of `platform`: `coverages` of the registries that take the bundle, and the
  /// registries whose every build refuses it (`refusing`).
  package static func fleetLine(platform: String, _ coverages: [RegistryCoverage], refusing: [ClientRegistry] = []) -> String {
    // What a client draws, as a plural and a singular verb phrase.
    let outcomes = [
      ("draw every screen", "draws every screen"), ("draw some sections with fallbacks", "draws some sections with fallbacks"),
      ("cannot draw every screen", "cannot draw every screen"), ("refuse the bundle", "refuses the bundle"),
    ]
    func outcome(_ coverage: RegistryCoverage) -> Int { coverage.drawsEverything ? 0 : coverage.drawsWithFallbacks ? 1 : 2 }
    // Those that refuse it are counted by their installs when every one gives them, else by number.
    let refusingByShare = refusing.allSatisfy { $0.share != nil }
    let clients = coverages.map { ($0.registry, outcome($0)) } + (refusingByShare ? refusing.map { ($0, outcomes.count - 1) } : [])
    let count = coverages.count + refusing.count
    let versions = count == 1 ? "1 client version" : "\(count) client versions"
    let refusingCounted =
      refusingByShare ? "" : ", \(refusing.count) \(refusing.count == 1 ? "client version refuses" : "client versions refuse") the bundle"
    let shares = clients.compactMap(\.0.share)
    let total = shares.reduce(0, +)
    guard shares.count == clients.count, total <= 1 + 1e-9 else {
      // Without every share, or with shares of more than all installs (ZL0203), each version and
      // what it draws.
      let why = shares.count == clients.count ? "installs add up to \(ClientRegistry.percent(total))" : "installs not given"
      // The first versions by name; past them, how many more draw what (a fleet of thousands of
      // registries is one line, not a page).
      let each = clients.prefix(fleetVersionsNamed).map { "\($0.0.clientName) \(outcomes[$0.1].1)" }
      let rest = clients.dropFirst(fleetVersionsNamed)
      let more = outcomes.indices.compactMap { k -> String? in
        let count = rest.filter { $0.1 == k }.count
        return count == 0 ? nil : "\(count) \(count == 1 ? outcomes[k].1 : outcomes[k].0)"
      }
      let tail = rest.isEmpty ? "" : ", and \(rest.count) more (\(more.joined(separator: ", ")))"
      return "\(platform): \(versions) (\(why)): " + each.joined(separator: ", ") + tail + refusingCounted
    }
    let parts = outcomes.indices.compactMap { k -> String? in
      let group = clients.filter { $0.1 == k }
      guard !group.isEmpty else { return nil }
      return "\(ClientRegistry.percent(group.compactMap(\.0.share).reduce(0, +))) of installs \(outcomes[k].0)"
    }
    return "\(platform): \(versions), " + parts.joined(separator: ", ") + refusingCounted
  }
}

extension Project {
  /// Whether a component type or screen plugin is declared (built in, or by a manifest); cell
  /// layouts, layout kinds and navigation plugins always are: every navigation plugin the bundle
  /// lists (a `navigation_type` Zapp ships needs no manifest of the project) is checked.
  package func declares(_ need: RendererNeed) -> Bool {
    switch need.kind {
    case .componentType: return Project.builtinComponentTypes.contains(need.name) || (manifest(for: need.name)?.isUIComponent ?? false)
    case .screenPlugin: return manifest(for: need.name) != nil
    case .cellLayout, .layoutKind, .navigationPlugin: return true
    }
  }
}

extension ClientRegistry {
  /// Whether the registry lists every name of `needed` (`Project.neededNames(platform:)`) of each
  /// kind it lists: then its client lacks nothing the screens need.
  package func listsAll(_ needed: [RendererNeed.Kind: Set<ExactString>]) -> Bool {
    RendererNeed.Kind.allCases.allSatisfy { kind in
      !lists(kind) || (needed[kind] ?? []).isSubset(of: entries(kind).names)
    }
  }

  /// Whether every client build `client_version` covers is older than `version`: a version
  /// (`18.2.0`), a range up to a version (`18.0.0..<19.0.0`) or through one (`18.0.0...18.9.0`).
  /// A bound that is no version (`18.x`; a pre-release is one) is never older.
  package func predates(_ version: String) -> Bool {
    guard emptyRange == nil, let (bound, inclusive) = upperBound else { return false }
    let order = Platforms.compare(bound, version)
    return inclusive ? order < 0 : order <= 0
  }

  /// Whether some client build `client_version` covers is `version` or newer (its upper bound
  /// reaches it). A bound that is no version never reaches.
  package func reaches(_ version: String) -> Bool {
    guard emptyRange == nil, let (bound, inclusive) = upperBound else { return false }
    let order = Platforms.compare(bound, version)
    return inclusive ? order >= 0 : order > 0
  }

  /// Whether every client build `client_version` covers is `version` or newer (its lower bound,
  /// or the version itself, reaches it). A bound that is no version never does.
  package func startsAtOrPast(_ version: String) -> Bool {
    guard emptyRange == nil, let first = lowerBound else { return false }
    return Platforms.compare(first, version) >= 0
  }

  /// Whether some client build `client_version` covers is older than `version` (its lower bound,
  /// or the version itself, is). A bound that is no version never is.
  package func startsBefore(_ version: String) -> Bool {
    guard emptyRange == nil, let first = lowerBound else { return false }
    return Platforms.compare(first, version) < 0
  }

  /// The oldest client build `client_version` covers (the version itself, or a range's lower
  /// end); nil when it is no version (`isComparable`).
  package var lowerBound: String? {
    guard let text = client?.value, Self.hyphenRange(text) == nil else { return nil }
    let first = String((text.firstRange(of: "..").map { text[..<$0.lowerBound] } ?? Substring(text)).filter { $0 != " " })
    return Self.isComparable(first) ? first : nil
  }

  /// Whether an end of a `client_version` is a version zlc compares: numbers and dots, or a
  /// SemVer pre-release of them (`21.0.0-beta.2`, older than `21.0.0`, as clients compare it), with
  /// or without a build tag (`19.0.0+5`, compared as `19.0.0`).
  static func isComparable(_ end: String) -> Bool {
    // A number no 64-bit integer holds is no version (ZL0203): clients compare it as 0.
    guard VersionSyntax.numberPastLimit(end) == nil else { return false }
    if isNumbersAndDots(end) { return true }
    // npm's hyphen range (`20.0.0-22.0.0`) is no pre-release of its lower end (ZL0203).
    if hyphenRange(end) != nil { return false }
    guard let tag = end.firstIndex(where: { $0 == "-" || $0 == "+" }), isNumbersAndDots(String(end[..<tag])) else { return false }
    return VersionSyntax.isSDKVersion(end) || isSemVerTagged(end, numbersEnd: tag)
  }

  /// Whether `end` is numbers and dots (two numbers at least) with a SemVer pre-release and build
  /// tag after `numbersEnd`: dot-separated identifiers of letters, digits and `-` (`7.0.1-1`,
  /// `20.0.0-01`, `21.0.0-rc.1+5`), which clients compare as SemVer does, a pre-release older
  /// than its release.
  private static func isSemVerTagged(_ end: String, numbersEnd: String.Index) -> Bool {
    guard end[..<numbersEnd].contains(".") else { return false }
    let rest = end[numbersEnd...]
    let build = rest.firstIndex(of: "+")
    let pre = rest[..<(build ?? rest.endIndex)]
    func identifiers(_ part: Substring) -> Bool {
      !part.isEmpty
        && part.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { id in
          !id.isEmpty && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }
    if !pre.isEmpty, !(pre.first == "-" && identifiers(pre.dropFirst())) { return false }
    if let build, !identifiers(rest[rest.index(after: build)...]) { return false }
    return true
  }

  /// The registries of `registries` (indices, in order) that share a client build with another of
  /// their platform, each with one such other: the later of the two in order, with the earlier.
  /// A version that is no version zlc compares shares nothing. Sorted by their oldest builds, each
  /// is compared with the one before it that reaches furthest, so many registries cost no more
  /// than sorting them.
  package static func sharingABuild(_ registries: [ClientRegistry]) -> [(later: Int, earlier: Int)] {
    var byPlatform: [String: [(index: Int, lower: String, upper: (version: String, inclusive: Bool))]] = [:]
    for (index, registry) in registries.enumerated() {
      guard registry.emptyRange == nil, let platform = registry.platform?.value, let lower = registry.lowerBound,
        let upper = registry.upperBound
      else { continue }
      byPlatform[platform, default: []].append((index, lower, upper))
    }
    var pairs: [Int: Int] = [:]
    for items in byPlatform.values {
      let sorted = items.sorted { a, b in
        let order = Platforms.compare(a.lower, b.lower)
        return order != 0 ? order < 0 : a.index < b.index
      }
      var furthest: (index: Int, upper: (version: String, inclusive: Bool))?
      for item in sorted {
        if let reach = furthest {
          let order = Platforms.compare(reach.upper.version, item.lower)
          if order > 0 || (order == 0 && reach.upper.inclusive) {
            let (later, earlier) = item.index > reach.index ? (item.index, reach.index) : (reach.index, item.index)
            if pairs[later] == nil { pairs[later] = earlier }
          }
        }
        let order = furthest.map { Platforms.compare(item.upper.version, $0.upper.version) } ?? 1
        if order > 0 || (order == 0 && item.upper.inclusive && !(furthest?.upper.inclusive ?? true)) {
          furthest = (item.index, item.upper)
        }
      }
    }
    return pairs.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// Why an end of a `client_version` is no version though it begins as one, when a pre-release
  /// or build tag follows its numbers but is not one (`18.0.0+`, `18.0.0-`, `18.0.0-rc..1`): it
  /// would be taken for text, whose clients are not compared. Nil for any other end, and for a
  /// single number before the tag (`20-beta`, `2024-05-01`), which is no version and stays text.
  package static func malformedTag(_ end: String) -> String? {
    guard let tag = end.firstIndex(where: { $0 == "-" || $0 == "+" }), end[..<tag].contains("."),
      isNumbersAndDots(String(end[..<tag])), !isComparable(end)
    else { return nil }
    return "a pre-release after '-' or a build tag after '+' is letters, digits and '-', in parts separated by dots"
  }

  /// Whether `digits` is numbers joined by single dots (`19.0.0`; not `19..0` nor `19.`).
  private static func isNumbersAndDots(_ digits: String) -> Bool {
    !digits.isEmpty && digits.allSatisfy({ $0 == "." || ($0.isASCII && $0.isNumber) })
      && !digits.split(separator: ".", omittingEmptySubsequences: false).contains { $0.isEmpty }
  }

  /// The ends of a `client_version` whose range is marked by two dots alone (`19.0.0..20.0.0`,
  /// Kotlin's closed range), which is neither `..<` nor `...`: it reads as no version (and once read
  /// as 19.0.0.20, a client older than every SDK). Nil for any other text.
  package static func unmarkedRange(_ text: String) -> (lower: String, upper: String)? {
    guard text.firstRange(of: "..<") == nil, text.firstRange(of: "...") == nil, let marker = text.firstRange(of: "..") else { return nil }
    let lower = String(text[..<marker.lowerBound].filter { $0 != " " })
    let upper = String(text[marker.upperBound...].filter { $0 != " " })
    guard isNumbersAndDots(lower), isNumbersAndDots(upper) else { return nil }
    return (lower, upper)
  }

  /// The ends of a `client_version` written as npm's hyphen range, through its upper end: a `-`
  /// with a space beside it between two versions (`20.0.0 - 22.0.0`, `21.0.0-rc.1 - 22.0.0`), or
  /// between two versions of as many numbers, the second not older (`20.0.0-22.0.0`), which once
  /// its spaces are dropped reads as a pre-release of its lower end. Nil for any other text, a
  /// pre-release such as `20.0.0-rc.1`, `7.0.1-1` or SemVer's `1.0.0-0.3.7` included.
  package static func hyphenRange(_ text: String) -> (lower: String, upper: String)? {
    if let mark = text.firstRange(of: " -") ?? text.firstRange(of: "- ") {
      let (lower, upper) = (String(text[..<mark.lowerBound].filter { $0 != " " }), String(text[mark.upperBound...].filter { $0 != " " }))
      return isComparable(lower) && isComparable(upper) ? (lower, upper) : nil
    }
    let ends = text.split(separator: "-", omittingEmptySubsequences: false).map { String($0.filter { $0 != " " }) }
    guard ends.count == 2, ends.allSatisfy({ isNumbersAndDots($0) && $0.contains(".") }),
      ends[0].split(separator: ".").count == ends[1].split(separator: ".").count, Platforms.compare(ends[0], ends[1]) <= 0
    else { return nil }
    return (ends[0], ends[1])
  }

  /// The version a `client_version` most likely means when a letter stands for a digit (`O` for
  /// 0, `l` or `I` for 1) or a comma for a dot in an end that starts with a digit (`20.5.O`,
  /// `2l.0.0`, `20,5.0`): such text is no team's own spelling (as `18.x` is) but a typo, which
  /// would leave the registry's clients uncompared. Nil for anything else.
  package static func lookalikeVersion(_ text: String) -> String? {
    let (ends, mark) = writtenEnds(text)
    let swaps: [Character: Character] = ["O": "0", "o": "0", "l": "1", "I": "1", ",": "."]
    let mended = ends.map { end in String(end.map { swaps[$0] ?? $0 }) }
    guard mended != ends, ends.allSatisfy({ $0.first?.isASCII == true && $0.first?.isNumber == true }),
      mended.allSatisfy(isNumbersAndDots)
    else { return nil }
    return mark.map { mended.joined(separator: $0) } ?? mended[0]
  }

  /// The version a `client_version` means whose ends are written with a leading `v` (`v20.0.0`,
  /// `v20.0.0..<v21.0.0`), as tags are: text zlc would not compare, leaving the registry's
  /// clients uncompared. Nil for anything else.
  package static func versionWithoutLeadingV(_ text: String) -> String? {
    let (ends, mark) = writtenEnds(text)
    let stripped = ends.map { end in
      end.first.map { "vV".contains($0) } == true && isNumbersAndDots(String(end.dropFirst())) ? String(end.dropFirst()) : end
    }
    guard stripped != ends, stripped.allSatisfy(isNumbersAndDots) else { return nil }
    return mark.map { stripped.joined(separator: $0) } ?? stripped[0]
  }

  /// A `client_version` without its spaces, split at its range mark (`..<` or `...`, the first
  /// written) into its ends, with that mark; one end and no mark for a version alone.
  private static func writtenEnds(_ text: String) -> (ends: [String], mark: String?) {
    let compact = text.filter { $0 != " " }
    guard let marker = compact.firstRange(of: "..<") ?? compact.firstRange(of: "...") else { return ([compact], nil) }
    return ([String(compact[..<marker.lowerBound]), String(compact[marker.upperBound...])], String(compact[marker]))
  }

  /// Why a `client_version` of numbers, dots and range marks alone is neither a version nor a
  /// range (`19.0.0.`, `.19.0`, `19..0`, `19.0.0..<`), with the spelling it likely means when there
  /// is one. Nil for a version, a range, or text of other characters (`18.x`), which a team writes
  /// as it likes.
  package static func malformedVersion(_ text: String) -> String? {
    let compact = text.filter { $0 != " " }
    guard compact.allSatisfy({ $0 == "." || $0 == "<" || ($0.isASCII && $0.isNumber) }) else { return nil }
    let (ends, mark) = writtenEnds(compact)
    guard !ends.allSatisfy(isNumbersAndDots) else { return nil }
    let rule = "a version is numbers joined by single dots, and a range two versions joined by '..<' or '...'"
    if mark != nil, ends.contains(where: { !$0.contains(where: \.isNumber) }) { return "a range has a version at each end" }
    let joined = ends.map { $0.split(separator: ".").joined(separator: ".") }
    guard mark != nil || !compact.contains(".."), joined.allSatisfy(isNumbersAndDots) else { return rule }
    // A range meant must hold a version (`21.0.0...<20.0.0` means no range to suggest).
    if let mark, Platforms.compare(joined[0], joined[1]) >= (mark == "..<" ? 0 : 1) { return rule }
    let spelling = mark.map { joined.joined(separator: $0) } ?? joined[0]
    return "a version is numbers joined by single dots ('\(spelling)')"
  }

  /// The newest client build `client_version` covers, and whether the range includes it; nil
  /// when it is no version (`isComparable`).
  private var upperBound: (version: String, inclusive: Bool)? {
    guard let text = client?.value, Self.hyphenRange(text) == nil else { return nil }
    func after(_ marker: String) -> Substring? { text.firstRange(of: marker).map { text[$0.upperBound...] } }
    let exclusive = after("..<")
    let digits = String((exclusive ?? after("...") ?? Substring(text)).filter { $0 != " " })
    guard Self.isComparable(digits) else { return nil }
    return (digits, exclusive == nil)
  }

  /// The ends of a `client_version` range that holds no version, when it is one: its lower end
  /// at or above its upper end (`21.0.0..<20.0.0`, `19.0.0..<19.0.0`), or above it through it
  /// (`19.5.0...19.0.0`). Nil for a version, a range that holds one, or ends that are not
  /// numbers and dots.
  package var emptyRange: (lower: String, upper: String, inclusive: Bool)? {
    guard let text = client?.value, let (upper, inclusive) = upperBound,
      let marker = text.firstRange(of: inclusive ? "..." : "..<")
    else { return nil }
    let lower = String(text[..<marker.lowerBound].filter { $0 != " " })
    guard Self.isComparable(lower) else { return nil }
    let order = Platforms.compare(lower, upper)
    return (inclusive ? order > 0 : order >= 0) ? (lower, upper, inclusive) : nil
  }
}
