import ZappDiagnostics

extension Project {
  /// The project's `data_source_provider` manifests, one per identifier (the first in file order):
  /// a provider supplies data of the type its identifier names, which any component's
  /// `data.type` may name.
  public var dataSourceProviders: [(identifier: Located<String>, manifest: ManifestDecl)] {
    caches.dataSourceProviders.value {
      var seen: Set<String> = []
      return manifests.compactMap { manifest in
        guard manifest.type == "data_source_provider", let identifier = manifest.identifier, seen.insert(identifier.value).inserted
        else { return nil }
        return (identifier, manifest)
      }
    }
  }

  /// The data types a plugin's manifests list in `data_types`, those of every platform whose
  /// bundle is built (`bundleManifests(for:)`), each once in the order written: types the plugin
  /// takes, which its component's or screen's `data.type` may name.
  public func dataTypes(acceptedBy plugin: String) -> [String] {
    var seen: Set<String> = []
    return bundleManifests(for: plugin).flatMap { $0.manifest.dataTypes ?? [] }.filter { seen.insert($0).inserted }
  }
}
