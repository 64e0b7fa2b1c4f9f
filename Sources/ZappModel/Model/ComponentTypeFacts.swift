import ZappDiagnostics

/// What a check asks of every component's type, worked out once per type when the project is
/// made: its manifest, whether zlc knows it, whether it takes a data source and whether it is a
/// group. Looked up with one hash of the type, where asking each would hash it four times.
package struct ComponentTypeFacts: Sendable {
  package let manifest: ManifestDecl?
  /// A built-in type or a ui_component manifest's.
  package let isKnown: Bool
  /// `Project.takesData`.
  package let takesData: Bool
  /// `Project.isGroup`.
  package let isGroup: Bool

  /// A type neither built in nor any manifest's: the groups are built in, so it is none.
  package static let unknown = ComponentTypeFacts(manifest: nil, isKnown: false, takesData: true, isGroup: false)

  private init(manifest: ManifestDecl?, isKnown: Bool, takesData: Bool, isGroup: Bool) {
    self.manifest = manifest
    self.isKnown = isKnown
    self.takesData = takesData
    self.isGroup = isGroup
  }

  private init(type: String, manifest: ManifestDecl?) {
    self.init(
      manifest: manifest, isKnown: Project.builtinComponentTypeSet.contains(type) || (manifest?.isUIComponent ?? false),
      takesData: Project.takesData(type, manifest: manifest), isGroup: Project.isGroup(type, manifest: manifest))
  }

  /// The facts of the built-in types and of every type a manifest names.
  static func table(manifests: [String: ManifestDecl]) -> [String: ComponentTypeFacts] {
    var table: [String: ComponentTypeFacts] = [:]
    for type in Project.builtinComponentTypes { table[type] = ComponentTypeFacts(type: type, manifest: manifests[type]) }
    for (type, manifest) in manifests { table[type] = ComponentTypeFacts(type: type, manifest: manifest) }
    return table
  }
}

extension Project {
  /// The facts of a component type (`ComponentTypeFacts`).
  package func facts(ofType type: String) -> ComponentTypeFacts { typeFacts[type] ?? .unknown }
}
