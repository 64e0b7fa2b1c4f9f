import ZappDiagnostics
import ZappModel

/// ZL0429 group-shows-no-child.
package enum GroupShowsNoChildRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0429", name: "group-shows-no-child", severity: .warning, category: .screens,
    summary: "A group of a connected screen holds no component that takes data: the sender's child it takes is shown by no section.",
    explanation: """
      On a connected screen, child k of the sender goes to the k-th component in screen order \
      that takes data, and a group takes one child and hands that child's children to its own \
      components. A group takes its child whatever it holds: an empty group (no \
      `ui_components`, or an empty list), or one whose components take no data (a \
      `promo_banner`), takes a child that no section shows, and the children after it go to the \
      components after it. A plugin that is a group, or takes data, on some platforms only is \
      reported naming them. Give the group a component that takes data, or remove it.
      """,
    bad: .files(
      [
        "screens/home.json": Example.homeOpeningByItems,
        "screens/o.json": Example.screen(
          #"{"component_type": ⟦⟧"group", "ui_components": []}, {"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}"#,
          extra: #", "data": {"connected": true}"#),
      ],
      reports: [
        .init("this group holds no component, yet takes child 0 of the item that opens screen 'other': no section shows it")
      ]),
    good: .files([
      "screens/home.json": Example.homeOpeningByItems,
      "screens/o.json": Example.screen(
        #"{"component_type": "group", "ui_components": [{"component_type": "grid", "styles": {"cell_styles": ["GRID_1"]}}]}"#,
        extra: #", "data": {"connected": true}"#),
    ]))

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard screen.connected else { return }
    let project = context.project
    let readings = project.sectionReadings(of: screen.components.map(\.typeName))
    // Each group that shows no child, with the child it takes, and the platforms whose bundles
    // read it so (a plugin may be a group on some platforms only).
    var found: [(component: ComponentDecl, child: Int, platforms: [String?])] = []
    var positions: [String: Int] = [:]
    for platform in readings {
      // The sender's children go to the top-level components as the resolver binds them.
      var child = 0
      for (index, component) in screen.components.enumerated() {
        let type = component.typeName
        if project.isGroup(type, on: platform) {
          if !component.children.contains(where: { project.takesData($0.typeName, on: platform) }) {
            let key = "\(index) \(child)"
            if let at = positions[key] {
              found[at].platforms.append(platform)
            } else {
              positions[key] = found.count
              found.append((component, child, [platform]))
            }
          }
          child += 1
        } else if project.takesData(type, on: platform) {
          child += 1
        }
      }
    }
    for (component, child, platforms) in found {
      let holds = component.children.isEmpty ? "no component" : "no component that takes data"
      context.report(
        rule,
        "this group holds \(holds), yet takes child \(child) of the item that opens screen '\(screen.id.value)': no section shows it"
          + project.qualifier(on: platforms, of: readings),
        at: component.type.spot)
    }
  }
}

extension Rule {
  public static let groupShowsNoChild = GroupShowsNoChildRule.rule
}
