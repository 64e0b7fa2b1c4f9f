import ZappDiagnostics
import ZappLayout

/// A screen's `ui_components` as read, found by index path as the compact form's derivation walks
/// it (`SectionBasis`): straight from the input, so that no `JSON` tree of the whole screen is made
/// (a screen of 100,000 components made one twice the size of its file). The walk goes forwards, so
/// each list keeps where it was last looked into and steps on from there: a walk through a screen
/// of many components stays linear, and holds no list of them.
struct ComponentLookup {
  /// Where a list was last looked into: the position asked for and its element's node.
  private struct Cursor {
    var position: Int
    var node: Int
  }

  /// The `ui_components` value, nil when the screen has none.
  private let root: JSONValue?
  /// Each list's cursor, by the path of the component that holds the list (`[]` for the screen's).
  private var cursors: [[Int]: Cursor] = [:]
  /// How many elements the cursors have stepped over, in all.
  private(set) var steps = 0

  init(_ root: JSONValue?) { self.root = root }

  /// The component at an index path, as `SectionBasis.component(at:in:)` finds it in a tree.
  mutating func component(at path: [Int]) -> JSONValue? {
    var found: JSONValue?
    var holder = root
    for depth in path.indices {
      guard let element = element(path[depth], of: holder, at: Array(path[..<depth])) else { return nil }
      found = element
      holder = element["ui_components"]
    }
    return found
  }

  /// The component at `path` as a section's basis reads it: an object with only the members the
  /// basis derives from (`SectionBasis.componentKeys`), so that a group's children are not copied
  /// for each of its sections; any other value as written.
  mutating func basisComponent(at path: [Int]) -> JSON? {
    guard let component = component(at: path) else { return nil }
    guard component.kind == .object else { return JSON(component) }
    var members: [(String, JSON)] = []
    component.forEachMember { key, value in
      guard let name = key.string, SectionBasis.componentKeys.contains(name) else { return }
      members.append((name, JSON(value)))
    }
    return .object(members)
  }

  /// nil when no component is at `path`, else how many components its `ui_components` holds.
  mutating func childCount(at path: [Int]) -> Int? {
    guard let component = component(at: path) else { return nil }
    return component["ui_components"]?.elementCount ?? 0
  }

  /// Element `position` of `list` (held at `path`), nil when `list` is no array or is shorter:
  /// stepped to from the list's cursor when that is not past it, else from the list's start.
  private mutating func element(_ position: Int, of list: JSONValue?, at path: [Int]) -> JSONValue? {
    guard let list, list.kind == .array, position >= 0 else { return nil }
    let nodes = list.document.nodes
    let end = nodes[list.index].next(at: list.index)
    var cursor = cursors[path].flatMap { $0.position <= position ? $0 : nil } ?? Cursor(position: 0, node: list.index + 1)
    while cursor.position < position, cursor.node < end {
      cursor.node = nodes[cursor.node].next(at: cursor.node)
      cursor.position += 1
      steps += 1
    }
    guard cursor.node < end else { return nil }
    cursors[path] = cursor
    return JSONValue(document: list.document, index: cursor.node)
  }
}
