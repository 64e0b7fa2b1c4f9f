import ZappDiagnostics

extension ClientRegistry {
  /// The keys of the registry's lists that `value` misspells and does not also write: each key
  /// of no registry field whose nearest field (as ZL0206 finds it) is such a list.
  static func misspelledLists(_ value: JSONValue) -> Set<String> {
    guard value.kind == .object else { return [] }
    let keys = Shapes.registry.fields.map(\.key)
    var misspelled: Set<String> = []
    for (key, _) in value.members {
      guard let name = key.string, Shapes.registry.shape(of: name) == nil,
        let meant = ZappDiagnostics.nearest(to: name, in: keys)?.text,
        RendererNeed.Kind.allCases.contains(where: { $0.key == meant }), value[meant] == nil
      else { continue }
      misspelled.insert(meant)
    }
    return misspelled
  }
}
