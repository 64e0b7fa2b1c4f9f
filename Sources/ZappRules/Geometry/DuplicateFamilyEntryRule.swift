import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0507 duplicate-family-entry.
package enum DuplicateFamilyEntryRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0507", name: "duplicate-family-entry", severity: .error, category: .geometry,
    summary:
      "A family defines the same component type, cell style, layout, header style, device class, size class, state or responsive rule twice, or a display rule sets one view twice.",
    explanation: """
      Within a family, each component type is defined once, each cell style and layout once per \
      component, each header or footer style once (they share their names), and each device \
      class, size class or state once per \
      element, and its responsive rule once. zlc keeps the first component, cell style, layout, \
      header style or responsive rule and the last screen entry; which one a client would keep is not defined, so the repeat is an error.

      A `<View>` whose `name` is given twice in one `<DisplayRule>` is a warning at the second, \
      with a note at the first: both reach clients, and whether a client applies one of them or \
      both, in which order, is not known. Merge the two views into one, or remove one.
      """,
    bad: .files(
      [
        "families/f.xml":
          #"<Family name="F"><Components><Component type="grid"><Cell name="G"/><Cell name=⟦⟧"G"/></Component></Components></Family>"#
      ], reports: [.init("cell style 'G' is defined twice for 'grid'", notes: ["first defined here"])]),
    good: .files([
      "families/f.xml":
        #"<Family name="F"><Components><Component type="grid"><Cell name="G"/><Cell name="H"/></Component></Components></Family>"#
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions { check(decl, context) }
  }

  package static func check(_ decl: FamilyDecl, _ context: RuleContext) {
    var components: Set<String> = []
    for definition in decl.componentDefinitions where !components.insert(definition.value).inserted {
      context.report(
        rule, "component type '\(definition.value)' is defined twice in family \(decl.family.name)", at: definition.spot,
        notes: decl.componentSpots[definition.value].map { [DiagnosticNote("first defined here", at: $0)] } ?? [])
    }
    var cells: Set<[String]> = []
    for (type, name) in decl.cellDefinitions where !cells.insert([type, name.value]).inserted {
      context.report(
        rule, "cell style '\(name.value)' is defined twice for '\(type)'", at: name.spot,
        notes: decl.cellSpots[type]?[name.value].map { [DiagnosticNote("first defined here", at: $0)] } ?? [])
    }
    var layouts: Set<[String]> = []
    for (type, name) in decl.layoutDefinitions where !layouts.insert([type, name.value]).inserted {
      context.report(
        rule, "layout '\(name.value)' is defined twice for '\(type)'", at: name.spot,
        notes: decl.layoutSpots[type]?[name.value].map { [DiagnosticNote("first defined here", at: $0)] } ?? [])
    }
    var headers: Set<String> = []
    for name in decl.headerDefinitions where !headers.insert(name.value).inserted {
      context.report(
        rule, "header or footer style '\(name.value)' is defined twice in family \(decl.family.name) (they share their names)",
        at: name.spot,
        notes: decl.headerSpots[name.value].map { [DiagnosticNote("first defined here", at: $0)] } ?? [])
    }
    if let first = decl.responsiveDefinitions.first {
      for repeated in decl.responsiveDefinitions.dropFirst() {
        context.report(
          rule, "<Responsive> is given twice in family \(decl.family.name)", at: repeated,
          notes: [DiagnosticNote("first given here", at: first)])
      }
    }
    // A view a display rule sets twice: whether clients apply one or both is not known. Names
    // are compared as written, as clients compare them; a blank one is ZL0201's.
    for rules in decl.displayRules {
      for entry in rules {
        var first: [String: SourceSpot] = [:]
        for view in entry.viewNames where view.value.contains(where: { !$0.isWhitespace }) {
          if let spot = first[view.value] {
            context.report(
              rule, "view '\(view.value)' is set twice in one <DisplayRule>: whether clients apply one or both is not known",
              at: view.spot, notes: [DiagnosticNote("first set here", at: spot)], severity: .warning)
          } else {
            first[view.value] = view.spot
          }
        }
      }
    }
    for list in decl.deviceClassLists {
      // A device class under any of its names; a state or a size class by its own name.
      var first: [String: SourceSpot] = [:]
      for type in list.types where !type.value.isEmpty {
        let what =
          ClassSelector(alias: type.value) != nil ? "device class" : ScreenState(knownWord: type.value) != nil ? "state" : "size class"
        let key = ClassSelector(alias: type.value).map { "class " + $0.rawValue } ?? type.value
        if let spot = first[key] {
          context.report(
            rule, "\(what) '\(type.value)' is given twice", at: type.spot, notes: [DiagnosticNote("first given here", at: spot)])
        } else {
          first[key] = type.spot
        }
      }
    }
  }
}

extension Rule {
  public static let duplicateFamilyEntry = DuplicateFamilyEntryRule.rule
}
