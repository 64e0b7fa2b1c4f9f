import ZappDiagnostics

extension ProjectLoader {
  /// What holds a screens file's screens: its `rivers` when it is an object that has one (whatever
  /// its other keys), else the file's value.
  package static func screensContainer(_ root: JSONValue) -> JSONValue {
    root.kind == .object ? root["rivers"] ?? root : root
  }

  /// Whether a screens file's object is one screen (it has an `id`, a `type`, `ui_components`, or
  /// `components` holding a component), not a map of screens by id, as Quick Brick keeps them.
  static func isOneScreen(_ container: JSONValue) -> Bool {
    container["id"] != nil || container["type"] != nil || container["ui_components"] != nil
      // `components` of components (`component_type`): a screen whose `ui_components` is misspelled.
      || (container["components"]?.elements.contains { $0["component_type"] != nil } ?? false)
  }

  /// How many screens a screens file's value holds as written: its list's elements, a map's
  /// values (not `$schema`), or one screen object; one for a value of another kind (`42`) or an
  /// object holding no screen (`{}`), where a screen was meant. More than the screen objects read
  /// means one was lost to its shape (`Project.losesScreenObjects`).
  static func screenValueCount(_ root: JSONValue) -> Int {
    let container = screensContainer(root)
    switch container.kind {
    case .array: return container.elementCount
    case .object:
      if isOneScreen(container) { return 1 }
      var count = 0
      container.forEachMember { key, _ in if !key.stringEquals("$schema") { count += 1 } }
      return max(count, 1)
    default: return 1
    }
  }
}
