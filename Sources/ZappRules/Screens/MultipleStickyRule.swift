import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0413 multiple-sticky.
package enum MultipleStickyRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0413", name: "multiple-sticky", severity: .error, category: .screens,
    summary: "More than one sticky component on a screen.",
    explanation: """
      Only one component can be pinned when scrolled past, on each size class: a component that its \
      size class mapping (its own, else its family's for its type) draws as a sticky type there \
      counts on that size class, and one it hides there does not. The second is reported with a \
      note at the first, and at the replacement that makes it sticky.
      """,
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
    let names = context.project.settings.sizeClasses.map(\.name)
    let classes = names.isEmpty ? [""] : names
    // Per size class, the first component pinned there.
    var first: [String: SourceSpot] = [:]
    for visit in components {
      let pinned = stickyClasses(of: visit, among: classes, context.project)
      guard !pinned.isEmpty else { continue }
      let clashes = classes.filter { pinned[$0] != nil && first[$0] != nil }
      for name in classes where first[name] == nil && pinned[name] != nil { first[name] = visit.component.type.spot }
      guard let clash = clashes.first, let earlier = first[clash] else { continue }
      var notes = [DiagnosticNote("the first sticky component", at: earlier)]
      if let replacement = pinned[clash] ?? nil {
        notes.append(DiagnosticNote("drawn as '\(replacement.value)' on size class '\(clash)'", at: replacement.spot))
      }
      let scope = clashes.count == classes.count ? "" : " on size class\(clashes.count == 1 ? "" : "es") \(clashes.joined(separator: ", "))"
      context.report(
        rule, "a second sticky component on screen '\(screen.id.value)'\(scope); at most one can be pinned",
        at: visit.component.type.spot, notes: notes)
    }
  }

  /// The size classes (of `classes`) on which `visit` is drawn as a sticky component: as written
  /// where its size class mapping (its own, else its family's for its type) has no entry, as its
  /// replacement where it has one (with that replacement's type), nowhere it is hidden.
  static func stickyClasses(of visit: ComponentVisit, among classes: [String], _ project: Project) -> [String: Located<String>?] {
    guard let family = visit.family else { return [:] }
    func isSticky(_ type: String, layoutName: String?) -> Bool {
      family.maySticky(type) && family.family.layoutKind(of: type, layoutName: layoutName) == .sticky
    }
    let asWritten = visit.isKnownType && isSticky(visit.type, layoutName: visit.layout?.value)
    let component = visit.component
    let entries = SizeClassMappingEntry.entries(drawing: component, in: family)
    var pinned: [String: Located<String>?] = [:]
    for name in classes {
      guard let entry = entries.first(where: { $0.key.value == name }) else {
        if asWritten { pinned[name] = .some(nil) }
        continue
      }
      // A type zlc does not know as written (`HTML_Ticker`) is ZL0314's, drawn as nothing known.
      if let type = entry.componentType, !entry.hides, project.facts(ofType: type.value).isKnown, isSticky(type.value, layoutName: nil) {
        pinned[name] = type
      }
    }
    return pinned
  }
}

extension Rule {
  public static let multipleSticky = MultipleStickyRule.rule
}
