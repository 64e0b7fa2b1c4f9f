import ZappDiagnostics
import ZappLayout

/// The `<Screen>` entries of an element: a family's values per device class, size class or window
/// state.
extension FamilyReader.Builder {
  /// Reports every child of `node`, which holds none (`<Screen>`, `<Responsive>`): it would be dropped unread.
  mutating func strayChildren(of node: FamilyNode) {
    for child in node.children {
      strays.append(
        FamilyStray(kind: .element(name: child.writtenName, place: "in <\(node.writtenName)>", expected: nil), spot: child.spot))
    }
  }

  /// `place` ("in a cell"): the node holds only `<Screen>`s (and `<Element>`s when
  /// `holdsElements`, as a cell does); any other child is a stray there. A `<Screen>` holds none.
  mutating func leveled(
    _ node: FamilyNode, baseAllowed: [String], owner: FamilyReader.MetricOwner = .cell, place: String? = nil,
    holdsElements: Bool = false, onScreen: (FamilyEntryWindow, FamilyNode, Metrics) -> Void = { _, _, _ in }
  ) -> LeveledMetrics {
    if let place {
      for child in node.children where child.tag != "Screen" && !(holdsElements && child.tag == "Element") {
        strays.append(FamilyStray(kind: .element(name: child.writtenName, place: place, expected: nil), spot: child.spot))
      }
    }
    var result = LeveledMetrics(base: metrics(from: node, allowed: baseAllowed, owner: owner))
    var classes: [Located<String>] = []
    var miscased: [String] = []
    let written = node.children.compactMap { $0.tag == "Screen" ? $0.attribute("type")?.value : nil }
    defer { if !classes.isEmpty { deviceClassLists.append(ScreenTypeList(types: classes, miscased: miscased)) } }
    for child in node.children where child.tag == "Screen" {
      strayChildren(of: child)
      guard let type = child.attribute("type") else {
        var renaming = child.renamingCase(of: "type")
        if renaming != nil, let value = child.attributes.first(where: { $0.name.lowercased() == "type" })?.value {
          // The entry the rename makes is a sibling's already (ZL0507): either may be the one meant.
          if (written + miscased).contains(where: { InvalidValueRule.sameScreenType($0, value) }) { renaming?.range = nil }
          miscased.append(value)
        }
        diagnostics.append(MissingKeyRule.Message.screenWithoutType.diagnostic(at: child.spot, fixIt: renaming))
        continue
      }
      classes.append(Located(type.value, type.spot))
      // A device class, a window state, else a size class (one the project lacks is ZL0203); a
      // repeated one (ZL0507) replaces the first.
      let m = metrics(from: child, allowed: ["type"], owner: owner)
      if let selector = ClassSelector(alias: type.value) {
        result.byClass[selector] = m
        onScreen(.deviceClass(selector), child, m)
      } else if let state = ScreenState(knownWord: type.value) {
        result.byState[state] = m
        onScreen(.state(state), child, m)
      } else if !type.value.isEmpty {
        result.bySizeClass[type.value] = m
        onScreen(.sizeClass(type.value), child, m)
      }
    }
    return result
  }
}
