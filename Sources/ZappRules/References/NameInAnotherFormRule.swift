import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0339 name-in-another-form.
package enum NameInAnotherFormRule: ScreenRule {
  package static let rule = Rule(
    code: "ZL0339", name: "name-in-another-form", severity: .error, category: .references,
    summary: "A name written in another Unicode form than where it is declared.",
    explanation: """
      A component type (and a cell body's), a screen plugin's or navigation plugin's type, a \
      family, a cell style, a header or footer style, a layout, a data source type and a size \
      class (a key of `size_class_mapping` or of a size-class rule) must be written with the same \
      characters as where they are declared: the manifest's identifier, the family's name and \
      entries, `zlc.json`'s `data_types` and `size_classes`. `ä` written as one \
      character (U+00E4) and as `a` with a combining diaeresis (U+0308) read the same, and Swift \
      compares them as one name; but clients find a renderer or a data source by the name's \
      bytes, and the bundle carries each name as its file writes it. A component whose type is \
      written otherwise than its manifest's identifier gets no renderer, and the bundle asks for \
      the plugin twice. The name is shown by its code points; the fix writes it as it is declared.
      """,
    bad: .files(
      [
        "components/p.json": Example.manifest("", identifier: #"promo_b\u00e4nner"#),
        "screens/o.json": Example.screen(#"{"component_type": ⟦⟧"promo_ba\u0308nner"}"#),
      ],
      reports: [
        .init(
          "component type 'promo_ba\\u{308}nner' is the manifest's identifier 'promo_b\\u{e4}nner' in another Unicode form: clients compare names by their bytes",
          notes: ["declared here"], fixIt: #""promo_bänner""#)
      ]),
    good: .files([
      "components/p.json": Example.manifest("", identifier: #"promo_b\u00e4nner"#),
      "screens/o.json": Example.screen(#"{"component_type": "promo_b\u00e4nner"}"#),
    ]))

  package static let readsDrawnFamily = true

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    let project = context.project
    if let family = screen.family { checkFamily(family, context) }
    if let identifier = project.manifest(for: screen.type.value)?.identifier {
      check(screen.type, is: "screen type", declared: identifier.value, as: "the manifest's identifier", at: identifier.spot, context)
    }
    Project.forEachNavigation(of: screen.value) { object, isItem in
      guard let plugin = Project.navigationPlugin(of: object, isItem: isItem),
        let identifier = project.manifest(for: plugin.value)?.identifier
      else { return }
      let kind = isItem ? "nav item type" : "navigation type"
      check(plugin, is: kind, declared: identifier.value, as: "the manifest's identifier", at: identifier.spot, context)
    }
    for visit in components {
      let c = visit.component
      if let identifier = visit.manifest?.identifier {
        check(c.type, is: "component type", declared: identifier.value, as: "the manifest's identifier", at: identifier.spot, context)
      } else if let builtin = Project.builtinComponentTypeSet.firstIndex(of: visit.type) {
        check(c.type, is: "component type", declared: Project.builtinComponentTypeSet[builtin], as: "the built-in type", context)
      }
      if let body = c.cellBodyType, let identifier = project.manifest(for: body.value)?.identifier {
        check(
          body, is: "cell body component type", declared: identifier.value, as: "the manifest's identifier", at: identifier.spot, context)
      }
      if let own = visit.ownFamily { checkFamily(own, context) }
      if let dataType = c.dataType { checkDataType(dataType, context) }
      guard let f = visit.family else { continue }
      checkCellStyles(c.cellStyles, type: visit.type, family: f, context)
      if let body = c.cellBodyType { checkCellStyles(c.cellBodyStyles, type: body.value, family: f, context) }
      for header in [c.writtenHeader, c.writtenFooter].compactMap({ $0 }) {
        guard let i = f.headerSpots.index(forKey: header.value) else { continue }
        let spot = f.headerSpots[i]
        check(header, is: "header style", declared: spot.key, as: "header style", at: f.isBuiltin ? nil : spot.value, context)
      }
      if let layout = visit.layout, let spots = f.layoutSpots[visit.type], let i = spots.index(forKey: layout.value) {
        check(layout, is: "layout", declared: spots[i].key, as: "layout", at: f.isBuiltin ? nil : spots[i].value, context)
      }
    }
  }

  private static func checkFamily(_ name: Located<String>, _ context: RuleContext) {
    let families = context.project.families
    guard let i = families.index(forKey: name.value) else { return }
    let f = families[i].value
    check(name, is: "family", declared: families[i].key, as: "family", at: f.isBuiltin ? nil : f.spot, context)
  }

  private static func checkCellStyles(_ names: [Located<String>], type: String, family f: FamilyDecl, _ context: RuleContext) {
    guard let spots = f.cellSpots[type] else { return }
    for name in names {
      guard let i = spots.index(forKey: name.value) else { continue }
      check(name, is: "cell style", declared: spots[i].key, as: "cell style", at: f.isBuiltin ? nil : spots[i].value, context)
    }
  }

  /// A data source type against the built-in ones, `zlc.json`'s `data_types` and the data source
  /// providers' identifiers.
  private static func checkDataType(_ name: Located<String>, _ context: RuleContext) {
    // Most components name a built-in type with its bytes: nothing to look for, and no list made.
    if UnknownDataTypeRule.knownDataTypes.contains(where: { $0.hasSameUTF8(as: name.value) }) { return }
    let project = context.project
    // Every declaration that reads as the name: one with its bytes (`zlc.json` may list both forms) is it.
    let declared = (UnknownDataTypeRule.knownDataTypes + project.settings.dataTypes + project.dataSourceProviders.map(\.identifier.value))
      .filter { $0 == name.value }
    guard let first = declared.first, !declared.contains(where: { $0.hasSameUTF8(as: name.value) }) else { return }
    check(name, is: "data source type", declared: first, as: "data source type", context)
  }

  /// A finding at `written` (a name of kind `kind`) when it reads as `declared` (described as
  /// `what`, declared at `declaration`) but has other bytes. With `fixes` false, the fix is a hint
  /// with no range (rewriting the name would write a key its object holds already). A name a
  /// manifest's `initial_value` fills in for components (`filling`) is reported once, with a note
  /// at each.
  package static func check(
    _ written: Located<String>, is kind: String, declared: String, as what: String, at declaration: SourceSpot? = nil,
    fixes: Bool = true, filling: ManifestFilledValue? = nil, _ context: RuleContext
  ) {
    guard !written.value.hasSameUTF8(as: declared) else { return }
    let spelled = EquivalentScreenIDRule.spelled
    var fix = FixIt.didYouMean(declared, at: written.spot)
    fix.message = "write it as declared"
    if !fixes { fix.range = nil }
    context.report(
      rule,
      "\(kind) '\(spelled(written.value))' is \(what) '\(spelled(declared))' in another Unicode form: clients compare names by their bytes"
        + (filling?.qualifier ?? ""),
      at: written.spot, notes: declaration.map { [DiagnosticNote("declared here", at: $0)] } ?? [], fixIt: fix, gathering: filling?.note)
  }
}

extension Rule {
  public static let nameInAnotherForm = NameInAnotherFormRule.rule
}
