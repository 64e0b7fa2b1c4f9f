import ZappDiagnostics
import ZappLayout

/// A screen's `ui_components` as read, found by index path as the compact form's derivation walks
/// it (`SectionBasis`): straight from the input, so that no `JSON` tree of the whole screen is made
/// (a screen of 100,000 components made one twice the size of its file), and each list of components
/// listed once, on first use, so that a walk through a screen of many components stays linear.
struct ComponentLookup {
  /// The `ui_components` value, nil when the screen has none.
  private let root: JSONValue?
  /// The elements of each list looked into, by the path of the component that holds it (`[]` for
  /// the screen's own); empty for a value that is not an array.
  private var lists: [[Int]: [JSONValue]] = [:]

  init(_ root: JSONValue?) { self.root = root }

  /// The component at an index path, as `SectionBasis.component(at:in:)` finds it in a tree.
  mutating func component(at path: [Int]) -> JSONValue? {
    var found: JSONValue?
    var holder = root
    for depth in path.indices {
      let items = list(at: Array(path[..<depth]), holder)
      guard items.indices.contains(path[depth]) else { return nil }
      found = items[path[depth]]
      holder = found?["ui_components"]
    }
    return found
  }

  /// nil when no component is at `path`, else how many components its `ui_components` holds
  /// (counted, not listed: a leaf's list is never looked into).
  mutating func childCount(at path: [Int]) -> Int? {
    guard let component = component(at: path) else { return nil }
    return component["ui_components"]?.elementCount ?? 0
  }

  /// How many lists have been listed.
  var listsMade: Int { lists.count }

  /// The elements of `value` (the list held at `path`), listed once.
  private mutating func list(at path: [Int], _ value: JSONValue?) -> [JSONValue] {
    if let listed = lists[path] { return listed }
    let items = value.map { $0.kind == .array ? $0.elements : [] } ?? []
    lists[path] = items
    return items
  }
}
