import ZappDiagnostics
import ZappModel

/// ZL0302 family-mismatch.
package enum FamilyMismatchRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0302", name: "family-mismatch", severity: .warning, category: .references,
    summary: "A component's family differs from its screen's.",
    explanation: """
      Zapp's native iOS SDK reads the family from the screen, other clients (Quick Brick's too) \
      from the component. When both are given and differ, the screen renders differently per \
      platform. Each platform's bundle holds what its client draws: the `ios` bundle is laid out \
      with the screen's family, every other one (and a bundle of no platform) with the \
      component's, and each platform's registries are checked against the cells of its family. \
      In an app that targets `ios` and another platform, the cell styles, layouts and geometry of \
      such a component are checked with both families; a finding of the screen's alone says so in \
      a note. An app whose platforms (`zlc.json`'s, or its manifests') do not include `ios` draws \
      the component's family everywhere, and is not warned.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": ⟦⟧"FAMILY_2", "cell_styles": ["GRID_1"]}}"#
        )
      ],
      reports: [
        .init(
          "component family 'FAMILY_2' differs from its screen's family 'FAMILY_1'; iOS uses the screen's", notes: ["the screen's family"])
      ]),
    good: .files([
      "screens/o.json": Example.screen(
        #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"family": "FAMILY_1", "cell_styles": ["GRID_1"]}}"#
      )
    ]))

  /// While a family file cannot be read, its findings are dropped (`Driver.skipFamilyReferences`).
  package static let checksFamilyReferences = true

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard let own = visit.ownFamily, let screenFamily = visit.screen.family, own.value != screenFamily.value else { return }
    // An app whose platforms are known and do not include iOS draws the component's family alone.
    guard context.project.mayReadScreenFamily else { return }
    context.report(
      rule, "component family '\(own.value)' differs from its screen's family '\(screenFamily.value)'; iOS uses the screen's",
      at: own.spot, notes: [DiagnosticNote("the screen's family", at: screenFamily.spot)])
  }
}

extension Rule {
  public static let familyMismatch = FamilyMismatchRule.rule
}

extension FamilyMismatchRule {
  package typealias Message = RuleMessage<FamilyMismatchRule>
}

extension RuleMessage where Owner == FamilyMismatchRule {
  /// The note on a finding that only the reading of `ios`'s client makes, where the screen's
  /// family differs from its component's own (`Project.otherReadingFamily`).
  package static func otherReading(of screen: ScreenDecl, family: Located<String>) -> DiagnosticNote {
    DiagnosticNote(
      "the \(Project.screenFamilyPlatform) bundle draws the components of screen '\(screen.id.value)' with the screen's family '\(family.value)' (\(Owner.rule.code))",
      at: family.spot)
  }

  /// `otherReading(of:family:)` of a finding both readings make with one fix: what that reading
  /// found, in its own words.
  package static func otherReading(of screen: ScreenDecl, family: Located<String>, finding: String) -> DiagnosticNote {
    let note = otherReading(of: screen, family: family)
    return DiagnosticNote(note.message + ", where too: " + finding, at: family.spot)
  }
}
