import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0413 multiple-sticky.
package enum MultipleStickyRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0413", name: "multiple-sticky", severity: .error, category: .screens,
    summary: "More than one sticky component on a screen.",
    explanation: "Only one component can be pinned when scrolled past; the second is reported with a note at the first.",
    bad: .files(
      [
        "screens/o.json":
          #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_2"}, "ui_components": [{"component_type": "html_ticker", "data": {"source": "1", "type": "WEB_URL"}, "styles": {"cell_styles": ["TICKER_1"]}}, {"component_type": ⟦⟧"html_ticker", "data": {"source": "2", "type": "WEB_URL"}, "styles": {"cell_styles": ["TICKER_1"]}}]}]"#
      ], reports: [.init("a second sticky component on screen 'other'; at most one can be pinned", notes: ["the first sticky component"])]),
    good: .files([
      "screens/o.json":
        #"[{"id": "other", "type": "general_content", "styles": {"family": "FAMILY_2"}, "ui_components": [{"component_type": "html_ticker", "data": {"source": "1", "type": "WEB_URL"}, "styles": {"cell_styles": ["TICKER_1"]}}]}]"#
    ]))

  /// While a family file cannot be read, its findings are dropped (`Driver.skipFamilyReferences`):
  /// the family a screen names may be the one in that file.
  package static let checksFamilyReferences = true

  /// A layout is sticky in the family the component is drawn with.
  package static let readsDrawnFamily = true

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    var sticky: SourceSpot?
    for visit in components {
      guard let f = visit.family, visit.isKnownType, f.maySticky(visit.type),
        f.family.layoutKind(of: visit.type, layoutName: visit.layout?.value) == .sticky
      else { continue }
      if let first = sticky {
        context.report(
          rule, "a second sticky component on screen '\(screen.id.value)'; at most one can be pinned", at: visit.component.type.spot,
          notes: [DiagnosticNote("the first sticky component", at: first)])
      } else {
        sticky = visit.component.type.spot
      }
    }
  }
}

extension Rule {
  public static let multipleSticky = MultipleStickyRule.rule
}
