import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappResolution

extension PreviewRenderer {
  /// The preview of a checked project: its screens resolved into the bundle's typed models.
  public init(project: Project, senders: [String: FeedEntry] = [:]) {
    let resolver = Resolver(project: project)
    let screens = project.screens
    self.init(
      index: resolver.bundleIndex(), screens: parallelMap(screens.count) { resolver.resolvedScreen(screens[$0]) },
      pluginNames: Self.pluginNames(of: project), senders: senders)
  }

  /// Plugin identifier → the `name` of its manifest.
  public static func pluginNames(of project: Project) -> [String: String] {
    var names: [String: String] = [:]
    for manifest in project.manifests {
      guard let id = manifest.identifier?.value, names[id] == nil else { continue }
      names[id] = manifest.value["name"]?.string ?? id
    }
    return names
  }
}
