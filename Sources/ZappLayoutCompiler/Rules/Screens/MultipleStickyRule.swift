import ZappLayout

/// ZL0413 multiple-sticky.
enum MultipleStickyRule: ScreenRule {
  static let rule = Rule(
    code: "ZL0413", name: "multiple-sticky", severity: .error, category: .screens,
    summary: "More than one sticky component on a screen.",
    explanation: "Only one component can be pinned when scrolled past; the second is reported with a note at the first.",
    bad: .files([
      "screens/o.json":
        #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_2"}, "ui_components": [{"component_type": "html_ticker", "data": {"source": "1", "type": "WEB_URL"}}, {"component_type": ⟦⟧"html_ticker", "data": {"source": "2", "type": "WEB_URL"}}]}]"#
    ]),
    good: .files([
      "screens/o.json":
        #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_2"}, "ui_components": [{"component_type": "html_ticker", "data": {"source": "1", "type": "WEB_URL"}}]}]"#
    ]))

  static func check(_ screen: ScreenDecl, _ context: RuleContext) {
    var sticky: SourceSpot?
    func walk(_ c: ComponentDecl, inGroup: Bool) {
      let visit = ComponentVisit(c, screen: screen, inGroup: inGroup, project: context.project)
      if let f = visit.family, visit.isKnownType, f.family.component(visit.type) != nil {
        let input = GeometryInput(
          family: f.family, componentType: visit.type, cellStyle: c.cellStyles.first?.value, layoutName: c.layout?.value)
        if Geometry.kind(for: input) == .sticky {
          if let first = sticky {
            context.report(
              rule, "a second sticky component on screen '\(screen.id.value)'; at most one can be pinned", at: c.type.spot,
              notes: [DiagnosticNote("the first sticky component", at: first)])
          } else {
            sticky = c.type.spot
          }
        }
      }
      guard context.project.isGroup(visit.type) else { return }
      for child in c.children { walk(child, inGroup: true) }
    }
    for component in screen.components { walk(component, inGroup: false) }
  }
}

extension Rule {
  public static let multipleSticky = MultipleStickyRule.rule
}
