import ZappDiagnostics

/// ZL0204 unknown-key. JSON values are checked by the schema pass (`SchemaPass`, run as ZL0201's check).
package enum UnknownKeyRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0204", name: "unknown-key", severity: .warning, category: .shape,
    summary: "A key zlc does not know.",
    explanation: """
      A key that is not part of the format: clients ignore it silently. Real files carry keys of \
      other tools, so a foreign key is a warning, with a did-you-mean when it is close to a known \
      key. In a structure whose keys zlc knows whole, a close key is a misspelling: ZL0206, an error. \
      A plugin component may carry any key its manifest declares.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", ⟦⟧"analytics_tag": "x", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["GRID_1"]}}"#
        )
      ], reports: [.init("unknown key 'analytics_tag' in component")]),
    good: .files(["screens/o.json": Example.screen(Example.grid)]))

  package static var needsCompleteProject: Bool { false }

  /// What family files hold that the format does not have; unknown JSON keys are the schema
  /// pass's, near misses ZL0206's.
  package static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions {
      for stray in decl.strays {
        switch stray.kind {
        case .attribute(let name, let element, let allowed):
          // A near miss of an allowed name is ZL0206's.
          if closestMatch(to: name, in: allowed) == nil {
            context.report(rule, "unknown attribute '\(name)' on <\(element)>", at: stray.spot)
          }
        case .element(let name, let place, let expected):
          // A near miss of an element of the format is ZL0206's.
          if MisspelledKeyRule.nearElement(name) == nil {
            context.report(rule, "unexpected <\(name)> \(place)" + (expected.map { "; expected <\($0)>" } ?? ""), at: stray.spot)
          }
        case .text(let element):
          context.report(rule, "text inside <\(element)> is ignored", at: stray.spot)
        }
      }
    }
  }
}

extension Rule {
  public static let unknownKey = UnknownKeyRule.rule
}

extension UnknownKeyRule {
  package typealias Message = RuleMessage<UnknownKeyRule>
}

extension RuleMessage where Owner == UnknownKeyRule {
  /// A JSON key no structure `object` takes (`object` as the schema names it).
  package static func unknownKey(_ name: String, in object: String) -> Self { Self("unknown-key", "unknown key '\(name)' in \(object)") }
}
