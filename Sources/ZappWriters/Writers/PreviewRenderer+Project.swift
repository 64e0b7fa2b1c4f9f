import Dispatch
import Synchronization
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappResolution

extension PreviewRenderer {
  /// The preview of a checked project: its screens resolved into the bundle's typed models, each
  /// with the own keys the contract describes alone (`ResolvedScreen.describedKeys`) and its
  /// sections without their `styles`, which no page shows.
  public init(project: Project, senders: [ExactString: FeedEntry] = [:]) {
    let resolver = Resolver(project: project, resolvesStyles: false)
    let screens = project.screens
    // The index (one thread) is made while the screens are resolved on the others.
    let index = Mutex<BundleIndex?>(nil)
    let indexing = DispatchGroup()
    DispatchQueue.global().async(group: indexing) { index.withLock { $0 = resolver.bundleIndex() } }
    let keeps = Self.keptKeys
    let resolved = parallelMap(screens.count) { resolver.resolvedScreen(screens[$0], keeping: keeps.contains) }
    indexing.wait()
    // Made by then: the group was waited for (made here only if that ever changed).
    let made = index.withLock { $0 } ?? resolver.bundleIndex()
    self.init(
      index: made, screens: resolved, pluginNames: Self.pluginNames(of: project),
      senders: senders)
  }

  /// The keys of a screen the pages read: its described keys (id, name, type, home and
  /// navigations) and its `data`, whose `parent` opens it.
  package static let keptKeys = ResolvedScreen.describedKeys.union(["data"])

  /// Plugin identifier → the `name` of its manifest for the platform the project is read for
  /// (`Project.manifest(for:)`: an app of several platforms names each plugin as the drawn
  /// bundle's manifest does); none for a built-in component type's (ZL0619).
  public static func pluginNames(of project: Project) -> [String: String] {
    var names: [String: String] = [:]
    for manifest in project.pluginManifests {
      guard let id = manifest.identifier?.value, names[id] == nil, let used = project.manifest(for: id) else { continue }
      names[id] = used.value["name"]?.string ?? id
    }
    return names
  }
}
