import ZappDiagnostics

/// What a check asks of every component's type, worked out once per type when the project is
/// made: its manifest, whether zlc knows it, whether it takes a data source and whether it is a
/// group. Looked up with one hash of the type, where asking each would hash it four times.
package struct ComponentTypeFacts: Sendable {
  package let manifest: ManifestDecl?
  /// A built-in type or a ui_component manifest's.
  package let isKnown: Bool
  /// `Project.takesData`: on some platform, when the platforms' bundles use different manifests.
  package let takesData: Bool
  /// `Project.isGroup`.
  package let isGroup: Bool
  /// The platforms whose manifest takes data and those whose does not, when their bundles differ
  /// so (nil when they agree).
  package var dataPlatforms: DataPlatforms? = nil
  /// The platforms whose manifest makes the type a group, when the bundles of the others do not
  /// (nil when they agree): `isGroup` is the first built platform's.
  package var groupPlatforms: [String]? = nil

  /// Platforms whose bundles' manifests of a type disagree on taking data.
  package struct DataPlatforms: Sendable {
    package let taking: [String]
    package let notTaking: [String]

    /// What a finding about the type's data adds: ` (on ios only: the manifests of android take no data)`.
    package var qualifier: String {
      " (on \(taking.joined(separator: ", ")) only: the manifests of \(notTaking.joined(separator: ", ")) take no data)"
    }
  }

  /// A type neither built in nor any manifest's: the groups are built in, so it is none.
  package static let unknown = ComponentTypeFacts(manifest: nil, isKnown: false, takesData: true, isGroup: false)

  private init(manifest: ManifestDecl?, isKnown: Bool, takesData: Bool, isGroup: Bool) {
    self.manifest = manifest
    self.isKnown = isKnown
    self.takesData = takesData
    self.isGroup = isGroup
  }

  private init(type: String, manifest: ManifestDecl?, takesData: Bool? = nil) {
    self.init(
      manifest: manifest, isKnown: Project.builtinComponentTypeSet.contains(type) || (manifest?.isUIComponent ?? false),
      takesData: takesData ?? Project.takesData(type, manifest: manifest), isGroup: Project.isGroup(type, manifest: manifest))
  }

  /// The facts of the built-in types and of every type a manifest names; a type takes data when
  /// its manifest for any platform's bundle does (`byPlatform`, as `Project.bundleManifests(for:)`),
  /// and the platforms whose manifests make it a group are kept when only some do.
  static func table(manifests: [String: ManifestDecl], byPlatform: [String: Project.ManifestUses] = [:]) -> [String: ComponentTypeFacts] {
    var table: [String: ComponentTypeFacts] = [:]
    for type in Project.builtinComponentTypes { table[type] = ComponentTypeFacts(type: type, manifest: manifests[type]) }
    for (type, manifest) in manifests { table[type] = ComponentTypeFacts(type: type, manifest: manifest) }
    for (type, uses) in byPlatform {
      let taking = uses.filter { Project.takesData(type, manifest: $0.manifest) }.flatMap(\.platforms)
      let notTaking = uses.filter { !Project.takesData(type, manifest: $0.manifest) }.flatMap(\.platforms)
      let grouping = uses.filter { Project.isGroup(type, manifest: $0.manifest) }.flatMap(\.platforms)
      let dataDiffers = !taking.isEmpty && !notTaking.isEmpty
      let groupDiffers = !grouping.isEmpty && grouping.count < taking.count + notTaking.count
      guard dataDiffers || groupDiffers else { continue }
      var facts = ComponentTypeFacts(type: type, manifest: manifests[type], takesData: dataDiffers ? true : nil)
      if dataDiffers { facts.dataPlatforms = DataPlatforms(taking: taking, notTaking: notTaking) }
      if groupDiffers { facts.groupPlatforms = grouping }
      table[type] = facts
    }
    return table
  }
}

extension Project {
  /// The facts of a component type (`ComponentTypeFacts`).
  package func facts(ofType type: String) -> ComponentTypeFacts { typeFacts[type] ?? .unknown }

  /// Whether a type is a group in the bundle of `platform` (nil: as `isGroup`, the first built
  /// platform's manifest says).
  package func isGroup(_ type: String, on platform: String?) -> Bool {
    guard let platform, let platforms = facts(ofType: type).groupPlatforms else { return isGroup(type) }
    return platforms.contains(platform)
  }

  /// The bundles to tell groups apart in: each built platform when the manifests of one of `types`
  /// make it a group on some platforms only (`ComponentTypeFacts.groupPlatforms`); else one
  /// reading of them all (nil).
  package func groupReadings(of types: some Sequence<String>) -> [String?] {
    guard types.contains(where: { facts(ofType: $0).groupPlatforms != nil }) else { return [nil] }
    return bundlePlatforms
  }

  /// Whether a type takes data in the bundle of `platform` (nil: on some platform, as `takesData`).
  package func takesData(_ type: String, on platform: String?) -> Bool {
    guard let platform, let data = facts(ofType: type).dataPlatforms else { return takesData(type) }
    return data.taking.contains(platform)
  }

  /// The bundles to read a screen's sections in as the mapper does: each built platform when one
  /// of `types` is a group or takes data on some platforms only, or when the clients read families
  /// both ways (iOS draws a component with its screen's family, the others with its own); else
  /// the project's one reading (its only platform, which may be iOS's).
  package func sectionReadings(of types: [String]) -> [String?] {
    let differs = types.contains { facts(ofType: $0).groupPlatforms != nil || facts(ofType: $0).dataPlatforms != nil }
    guard differs || mixesFamilyReadings, !bundlePlatforms.isEmpty else { return [clientPlatform] }
    return bundlePlatforms
  }

  /// " (on a, b)" when a finding is made in some of `groupReadings` only (`platforms`), else "".
  package func qualifier(on platforms: [String?], of readings: [String?]) -> String {
    platforms.count < readings.count ? " (on \(platforms.compactMap { $0 }.joined(separator: ", ")))" : ""
  }
}
