import Synchronization
import ZappLayout
import ZappModel

/// The sections' geometries a resolver has worked out, by what they are made from: a family's
/// arithmetic for one component type, cell styles, named layout, header and footer is the same for every
/// section that names them, and a project repeats a few such combinations over all its screens.
/// Names are compared by their exact characters: a name is written into the geometry as written.
package final class GeometryMemo: Sendable {
  package struct Key: Hashable, Sendable {
    let family: ExactString
    let componentType: ExactString
    let cellStyles: [ExactString]
    let layoutName: ExactString?
    let header: ExactString?
    let footer: ExactString?
  }

  private let made = Mutex([Key: SectionGeometry?]())

  package init() {}

  /// The geometry for `key`, made by `make` the first time it is asked for.
  package func geometry(_ key: Key, _ make: () -> SectionGeometry?) -> SectionGeometry? {
    if let kept = made.withLock({ $0[key] }) { return kept }
    let geometry = make()
    made.withLock { $0[key] = geometry }
    return geometry
  }
}
