import ZappLayout

extension BundleVerifier {
  /// On a connected screen, the sections bound to the sender's children (`sender_child`) number
  /// them as the mapper hands them out, so a client may read `data.child` without running it:
  /// in screen order, each top-level component bound to a child takes the next child, and so does
  /// each group (one whose components take no data, or that has none, too); a group's sections
  /// bound to its child have that child's index and number its children from 0 in order
  /// (`data.group_child`). The sections are in screen order (`coverageProblems` holds them to
  /// it). The first section that disagrees, located at the value.
  static func childNumberingProblems(_ screen: ResolvedScreen) -> [BundleDecodingError] {
    guard screen.resolved.connected else { return [] }
    let components = screen["ui_components"]?.arrayValue ?? []
    let sections = screen.resolved.sections
    var nextChild = 0
    var s = 0
    for (i, component) in components.enumerated() {
      let first = s
      while s < sections.count, sections[s].component.first == i { s += 1 }
      let own = first..<s
      let isGroup =
        own.isEmpty
        ? !(component["component_type"]?.stringValue ?? "").isEmpty : own.contains { sections[$0].component.count > 1 }
      if !isGroup {
        guard let k = own.first, sections[k].data.binding == .senderChild else { continue }
        if let problem = numberingProblem(screen, k, child: nextChild, groupChild: nil) { return [problem] }
        nextChild += 1
        continue
      }
      var nextGrandchild = 0
      for k in own where sections[k].data.binding == .senderChild {
        if let problem = numberingProblem(screen, k, child: nextChild, groupChild: nextGrandchild) { return [problem] }
        nextGrandchild += 1
      }
      nextChild += 1
    }
    return []
  }

  /// Why section `k` of `screen` is not bound to `child` (and, in a group, to its child's
  /// `groupChild`; nil: the section is in no group), nil when it is.
  private static func numberingProblem(_ screen: ResolvedScreen, _ k: Int, child: Int, groupChild: Int?) -> BundleDecodingError? {
    let section = screen.resolved.sections[k]
    let name = "screen '\(screen.id)', section \(section.section) ('\(section.componentType)')"
    let dataAt = "resolved.sections[\(k)].\(ResolvedSection.key(\.data))"
    let order =
      "the mapper hands each top-level component that takes data, and each group, the next of the sender's children in screen order"
    if section.data.child != child {
      let holds = section.data.child.map { "is \($0)" } ?? "is absent"
      return BundleDecodingError(
        path: section.data.child == nil ? dataAt : "\(dataAt).child",
        message:
          "\(name): data.child \(holds), but \(order), and this section's is child \(child); a client reading data.child would show another child"
      )
    }
    guard section.data.groupChild != groupChild else { return nil }
    let message: String
    if let groupChild {
      let holds = section.data.groupChild.map { "is \($0)" } ?? "is absent"
      message =
        "\(name): data.group_child \(holds), but a group's components that take data take its child's children in order, and this section's is \(groupChild); a client reading data.group_child would show another item"
    } else {
      message =
        "\(name): data.group_child is \(section.data.groupChild ?? 0), but the section is in no group; only a group's components take a child's children"
    }
    return BundleDecodingError(path: section.data.groupChild == nil ? dataAt : "\(dataAt).group_child", message: message)
  }
}
