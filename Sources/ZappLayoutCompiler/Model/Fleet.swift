import ZappLayout

/// What one registered client lacks to draw one component (or a plugin screen) as written, and
/// whether it draws the component's fallback instead.
struct RegistryGap {
  let screen: ScreenDecl
  /// The section's component (nil for a plugin screen).
  let component: ComponentDecl?
  /// The needs the client lacks, in the order the component has them.
  let lacking: [RendererNeed]
  /// The component's `fallback`, when it has one.
  let fallback: SizeClassMappingEntry?
  /// What the fallback needs that the client lacks too.
  let fallbackLacking: [RendererNeed]
  /// Whether the client applies fallbacks at all (its registry's `applies_fallbacks`).
  var clientAppliesFallbacks = true

  /// Whether the client draws the fallback instead (an error otherwise).
  var appliesFallback: Bool { fallback != nil && fallbackLacking.isEmpty && clientAppliesFallbacks }
}

/// What one registered client draws: every screen as written, some sections with their fallbacks,
/// or not every screen.
struct RegistryCoverage {
  let registry: ClientRegistry
  let gaps: [RegistryGap]

  var drawsEverything: Bool { gaps.isEmpty }
  var drawsWithFallbacks: Bool { !gaps.isEmpty && gaps.allSatisfy(\.appliesFallback) }
}

extension Project {
  /// The registries of the target platforms, in project order.
  var targetRegistries: [ClientRegistry] {
    let targets = Set(targetPlatforms)
    return registries.filter { $0.platform.map { targets.contains($0.value) } ?? false }
  }

  /// The coverage of each registry of the target platforms, in project order: worked out once
  /// for the rules, the fleet line and the bundle.
  var targetCoverages: [RegistryCoverage] { caches.targetCoverages.value { targetRegistries.map(coverage(of:)) } }

  /// What `registry`'s client lacks, component by component, with each component's fallback. A
  /// type or plugin that is not declared at all is left to the reference rules.
  func coverage(of registry: ClientRegistry) -> RegistryCoverage {
    let names = Dictionary(uniqueKeysWithValues: RendererNeed.Kind.allCases.map { ($0, registry.entries($0).names) })
    func lacks(_ need: RendererNeed) -> Bool { !(names[need.kind]?.contains(need.name) ?? false) }
    var gaps: [RegistryGap] = []
    for screen in screens {
      var current: (component: ComponentDecl?, lacking: [RendererNeed])?
      func close() {
        guard let open = current, !open.lacking.isEmpty else { return }
        var found = gap(screen: screen, component: open.component, lacking: open.lacking, lacks: lacks)
        found.clientAppliesFallbacks = registry.appliesFallbacks
        gaps.append(found)
      }
      forEachRendererNeed(screen) { need in
        guard UnrenderableRule.isDeclared(need, in: self) else { return }
        if current == nil || current?.component?.path != need.component?.path {
          close()
          current = (need.component, [])
        }
        if lacks(need) { current?.lacking.append(need) }
      }
      close()
    }
    return RegistryCoverage(registry: registry, gaps: gaps)
  }

  private func gap(screen: ScreenDecl, component: ComponentDecl?, lacking: [RendererNeed], lacks: (RendererNeed) -> Bool) -> RegistryGap {
    // A fallback that is neither "hide" nor a replacement is ZL0314's: it counts as none.
    guard let component, let fallback = SizeClassMappingEntry.fallback(of: component), fallback.hides || fallback.componentType != nil
    else {
      return RegistryGap(screen: screen, component: component, lacking: lacking, fallback: nil, fallbackLacking: [])
    }
    var fallbackLacking: [RendererNeed] = []
    let family = (component.family ?? screen.family).flatMap { families[$0.value] }
    forEachNeed(of: fallback, component: component, family: family) { if lacks($0) { fallbackLacking.append($0) } }
    return RegistryGap(screen: screen, component: component, lacking: lacking, fallback: fallback, fallbackLacking: fallbackLacking)
  }

  /// One line per target platform with registries: how many client versions, and what share of
  /// the installs draws every screen, draws some with fallbacks, or cannot draw every screen.
  public var fleetSummary: [String] {
    let coverages = targetCoverages
    return targetPlatforms.compactMap { platform in
      let mine = coverages.filter { $0.registry.platform?.value == platform }
      guard !mine.isEmpty else { return nil }
      return Self.fleetLine(platform: platform, mine)
    }
  }

  static func fleetLine(platform: String, _ coverages: [RegistryCoverage]) -> String {
    let versions = coverages.count == 1 ? "1 client version" : "\(coverages.count) client versions"
    // What a client draws, as a plural and a singular verb phrase.
    let outcomes = [
      ("draw every screen", "draws every screen"), ("draw some sections with fallbacks", "draws some sections with fallbacks"),
      ("cannot draw every screen", "cannot draw every screen"),
    ]
    func outcome(_ coverage: RegistryCoverage) -> Int { coverage.drawsEverything ? 0 : coverage.drawsWithFallbacks ? 1 : 2 }
    guard coverages.allSatisfy({ $0.registry.share != nil }) else {
      // Without every share, each version and what it draws.
      let each = coverages.map { "\($0.registry.clientName) \(outcomes[outcome($0)].1)" }
      return "\(platform): \(versions) (installs not given): " + each.joined(separator: ", ")
    }
    let parts = outcomes.indices.compactMap { k -> String? in
      let group = coverages.filter { outcome($0) == k }
      guard !group.isEmpty else { return nil }
      return "\(ClientRegistry.percent(group.compactMap(\.registry.share).reduce(0, +))) of installs \(outcomes[k].0)"
    }
    return "\(platform): \(versions), " + parts.joined(separator: ", ")
  }
}
