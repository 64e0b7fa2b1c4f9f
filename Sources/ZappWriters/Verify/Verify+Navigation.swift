import ZappDiagnostics
import ZappLayout
import ZappModel

extension BundleVerifier {
  /// The screens a screen names beyond its sections' targets, each a screen of `ids` (the
  /// bundle's), as `zlc check` holds the project to (ZL0307): every navigation item's
  /// `data.target`, nested items' too; every component's header and footer target
  /// (`styles.header.data.target`, else `styles.header.target`), nested components' too, and a
  /// section's where its styles hold another than its component's; its hooks' `screen_id`s
  /// (`hooks.preload_plugins`, `postload_plugins`); and the screen's `data.parent`.
  /// `tree` is the screen file's tree. Each problem is located at the value; the walk is linear in
  /// the screen's size, and iterative (items and components nest as deep as the reader lets them).
  package static func referenceProblems(
    _ screen: ResolvedScreen, tree: JSON, ids: Set<ExactString>, in file: SourceFile
  ) -> [BundleProblem] {
    var problems: [BundleProblem] = []
    // The file is read again only at a first problem.
    let locator = ValueLocator(file)
    func refuse(at steps: [Step], _ message: String) {
      problems.append(locator.problem("\(text(of: steps)): screen '\(screen.id)', \(message)", at: steps))
    }
    func names(_ value: String) -> Bool { ids.contains(ExactString(value)) }
    for (n, navigation) in (tree["navigations"]?.arrayValue ?? []).enumerated() {
      let navigationName = "navigation " + label(navigation, fallback: "\(n)")
      // Depth first, in document order: the items still to see, each with its steps.
      var pending: [(JSON, [Step])] = items(of: navigation, at: [.key("navigations"), .index(n)]).reversed()
      while let (item, steps) = pending.popLast() {
        if let target = item["data"]?["target"]?.stringValue, !target.isEmpty, !names(target) {
          refuse(
            at: steps + [.key("data"), .key("target")],
            "\(navigationName), item \(label(item, fallback: text(of: steps))): navigation target '\(target)' is not a screen of the bundle; a tap on the item would open nothing"
          )
        }
        pending += items(of: item, at: steps).reversed()
      }
    }
    var pending: [(JSON, [Step])] = components(of: tree, at: []).reversed()
    while let (component, steps) = pending.popLast() {
      for kind in ["header", "footer"] {
        guard let (target, at) = linkTarget(component, kind), !names(target) else { continue }
        refuse(
          at: steps + at,
          "component \(label(component, fallback: text(of: steps))): \(kind) target '\(target)' is not a screen of the bundle; a tap on the \(kind) would open nothing"
        )
      }
      pending += components(of: component, at: steps).reversed()
    }
    // A section's styles hold its component's header, over its manifest's `initial_value`: one
    // that is not its component's written one is the section's own (or its manifest's).
    let written = tree["resolved"]?["sections"]?.arrayValue ?? []
    for (i, section) in screen.resolved.sections.enumerated() {
      let styles = JSON.object(section.styles)
      let at: [Step] = [.key("resolved"), .key("sections"), .index(i)]
      for kind in ["header", "footer"] {
        guard let (target, inside) = linkTarget(.object([("styles", styles)]), kind), !names(target) else { continue }
        let component = section.component.reduce(tree as JSON?) { holder, i in
          holder?["ui_components"]?.arrayValue.flatMap { i < $0.count ? $0[i] : nil }
        }
        if let component, linkTarget(component, kind)?.0 == target { continue }
        // At the section's own value where it holds one, else at the section.
        let own = i < written.count && linkTarget(written[i], kind)?.0 == target
        refuse(
          at: own ? at + inside : at,
          "section \(section.section) ('\(section.componentType)'): \(kind) target '\(target)' is not a screen of the bundle; a tap on the \(kind) would open nothing"
        )
      }
    }
    for key in ["preload_plugins", "postload_plugins"] {
      for (h, hook) in (tree["hooks"]?[key]?.arrayValue ?? []).enumerated() {
        guard let target = hook["screen_id"]?.stringValue, !target.isEmpty, !names(target) else { continue }
        let plugin = hook["identifier"]?.stringValue.map { "'\($0)'" } ?? "\(h)"
        refuse(
          at: [.key("hooks"), .key(key), .index(h), .key("screen_id")],
          "hook \(plugin): screen '\(target)' is not a screen of the bundle; the hook would open nothing")
      }
    }
    if let parent = tree["data"]?["parent"]?.stringValue, !parent.isEmpty, !names(parent) {
      refuse(at: [.key("data"), .key("parent")], "parent screen '\(parent)' is not a screen of the bundle")
    }
    return problems
  }

  /// The `nav_items` of a navigation or an item at `steps`, each with its steps.
  static func items(of holder: JSON, at steps: [Step]) -> [(JSON, [Step])] {
    (holder["nav_items"]?.arrayValue ?? []).enumerated().map { ($1, steps + [.key("nav_items"), .index($0)]) }
  }

  /// The `ui_components` of a screen or a group at `steps`, each with its steps.
  static func components(of holder: JSON, at steps: [Step]) -> [(JSON, [Step])] {
    (holder["ui_components"]?.arrayValue ?? []).enumerated().map { ($1, steps + [.key("ui_components"), .index($0)]) }
  }

  /// The screen a component's header or footer (`kind`) opens, as `zlc check` reads it
  /// (`styles.<kind>.data.target`, else `styles.<kind>.target`; a non-empty string), with its
  /// steps from the component.
  static func linkTarget(_ component: JSON, _ kind: String) -> (String, [Step])? {
    guard let link = component["styles"]?[kind] else { return nil }
    if let data = link["data"]?["target"] {
      return data.stringValue.flatMap { $0.isEmpty ? nil : ($0, [.key("styles"), .key(kind), .key("data"), .key("target")]) }
    }
    return link["target"]?.stringValue.flatMap { $0.isEmpty ? nil : ($0, [.key("styles"), .key(kind), .key("target")]) }
  }

  /// How a navigation, an item or a component is named: `'<id>'`, else `'<name>'` or
  /// `'<title>'`, else `fallback`.
  static func label(_ value: JSON, fallback: String) -> String {
    for key in ["id", "name", "title"] {
      if let text = value[key]?.stringValue, !text.isEmpty { return "'\(text)'" }
    }
    return fallback
  }

  /// `steps` written as a path (`navigations[1].nav_items[2]`).
  static func text(of steps: [Step]) -> String {
    var path = ""
    for step in steps {
      switch step {
      case .key(let key): path += path.isEmpty ? key : "." + key
      case .index(let i): path += "[\(i)]"
      }
    }
    return path
  }
}
