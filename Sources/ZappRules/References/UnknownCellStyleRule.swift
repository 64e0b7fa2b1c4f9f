import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0304 unknown-cell-style.
package enum UnknownCellStyleRule: ComponentRule, ScreenRule {
  package static let rule = Rule(
    code: "ZL0304", name: "unknown-cell-style", severity: .error, category: .references,
    summary: "A cell style the family (or the component's manifest) does not offer.",
    explanation: """
      Each entry of `cell_styles` (and `cell_body_styles`) must be a cell the family defines for \
      that component type, or an option the component manifest's `cell_styles` field offers for \
      that family (a screen plugin's own `cell_styles` too, for the family it reads); an empty or `null` entry beside others is an error too, as clients take the \
      styles by position. A built-in component that draws data needs at least one when its family styles \
      its type: without a cell style its items have no size and no layout id, and a client draws \
      nothing. So does a tab bar's body of such a type (`cell_body_component_type`), in \
      `cell_body_styles`.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(
          #"{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": [⟦⟧"LIST_1"]}}"#
        )
      ],
      reports: [
        .init(
          "cell style 'LIST_1' is not in family 'FAMILY_1' for 'grid' (the family offers GRID_1, GRID_2 for 'grid')",
          notes: ["cell style 'LIST_1' is defined for 'list' here"])
      ]),
    good: .files(["screens/o.json": Example.screen(Example.grid)]))

  /// While a family file cannot be read, its findings are dropped (`Driver.skipFamilyReferences`).
  package static let checksFamilyReferences = true

  /// It checks the component against the family it is drawn with.
  package static let readsDrawnFamily = true

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let c = visit.component
    for key in ["cell_styles", "cell_body_styles"] { checkHoles(in: c.stylesValue?[key], key: key, context) }
    guard let f = visit.family, visit.isKnownType else { return }
    if visit.cellStyles.isEmpty { checkNamesOne(visit, family: f, context) }
    check(visit.cellStyles, type: visit.type, family: f, context)
    if let body = c.cellBodyType, context.isKnownComponentType(body.value) {
      if c.cellBodyStyles.isEmpty { checkBodyNamesOne(visit, body: body, family: f, context) }
      check(c.cellBodyStyles, type: body.value, family: f, context)
    }
  }

  /// A screen plugin's own `styles.cell_styles`, when a manifest of the plugin declares a
  /// `cell_styles` field: each a style of the family the plugin reads (the screen's, else its
  /// manifest's `initial_value` for `styles.family`, as the bundle's `plugin_values` hold it) for
  /// the plugin's type, as a component's are, on every platform's manifest.
  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    guard screen.isPluginScreen, let list = screen.value["styles"]?["cell_styles"] else { return }
    let type = screen.type.value
    let project = context.project
    let uses = project.bundleManifests(for: type)
    guard uses.contains(where: { $0.manifest.field(section: "styles", key: "cell_styles") != nil }) else { return }
    let styles = (list.kind == .array ? list.elements : [list]).compactMap { entry in
      entry.string.flatMap { $0.isEmpty ? nil : Located($0, entry.spot) }
    }
    // Each platform's bundle fills the family its own manifest gives where the screen names none.
    let all = uses.flatMap(\.platforms)
    for (name, _, platforms) in project.pluginScreenFamilies(of: screen) {
      guard let family = project.families[name] else { continue }
      if platforms.count == all.count {
        check(styles, type: type, family: family, context)
      } else {
        check(styles, type: type, family: family, platforms: Set(platforms), on: " (on \(platforms.joined(separator: ", ")))", context)
      }
    }
  }

  /// An empty or `null` entry of a list of cell styles that names others: clients take the styles
  /// by position, so the items at it would have none, where zlc's bundle would give them the next.
  private static func checkHoles(in list: JSONValue?, key: String, _ context: RuleContext) {
    guard let list, list.kind == .array, list.elements.contains(where: { $0.string?.isEmpty == false }) else { return }
    for (index, entry) in list.elements.enumerated() where entry.kind == .null || entry.string == "" {
      context.report(
        rule,
        "entry \(index + 1) of 'styles.\(key)' is \(entry.kind == .null ? "null" : "empty"): it names no cell style, so the items a client styles by it would have no size",
        at: entry.spot)
    }
  }

  /// A tab bar's body of a built-in type its family styles names a cell style, as a component does.
  private static func checkBodyNamesOne(_ visit: ComponentVisit, body: Located<String>, family f: FamilyDecl, _ context: RuleContext) {
    guard !context.project.isGroup(body.value), context.project.manifest(for: body.value) == nil,
      Project.builtinComponentTypeSet.contains(body.value), !visit.component.misspellsCellBodyStyles
    else { return }
    let candidates = context.cellStyles.styles(f, type: body.value, project: context.project)
    guard !candidates.names.isEmpty else { return }
    context.report(
      rule,
      "cell body '\(body.value)' names no cell style in 'styles.cell_body_styles', so its items would have no size (family '\(f.family.name)' \(candidates.offered) for '\(body.value)')",
      at: body.spot)
  }

  /// A built-in component that draws data names a cell style when its family styles its type: a
  /// plugin's type too on the Quick Brick platforms that draw it as their own with the family of
  /// the reading checked (said in the message).
  private static func checkNamesOne(_ visit: ComponentVisit, family f: FamilyDecl, _ context: RuleContext) {
    let builtinOn =
      visit.manifest == nil
      ? [] : context.project.quickBrickBuiltinPlatforms(of: visit.type).filter { context.readingPlatforms?.contains($0) ?? true }
    guard visit.takesData, !visit.isGroup, visit.manifest == nil || !builtinOn.isEmpty,
      Project.builtinComponentTypeSet.contains(visit.type)
    else { return }
    // A misspelled `styles` or `cell_styles` (ZL0206) is the cause, and says so.
    guard !visit.component.misspellsCellStyles else { return }
    let candidates = context.cellStyles.styles(f, type: visit.type, project: context.project)
    guard !candidates.names.isEmpty else { return }
    let on = builtinOn.isEmpty ? "" : " (on \(builtinOn.joined(separator: ", ")), whose clients draw Quick Brick's own '\(visit.type)')"
    context.report(
      rule,
      "component '\(visit.type)' names no cell style in 'styles.cell_styles', so its items would have no size (family '\(f.family.name)' \(candidates.offered) for '\(visit.type)')\(on)",
      at: visit.component.type.spot)
  }

  /// Each of `styles` that is no style of `family` for `type` on `platforms` (nil: those
  /// reading the family, `RuleContext.readingPlatforms`); `on` names those platforms in the message.
  package static func check(
    _ styles: [Located<String>], type: String, family f: FamilyDecl, platforms: Set<String>? = nil, on: String = "",
    _ context: RuleContext
  ) {
    for style in styles {
      guard
        let refusal = context.cellStyles.refusal(
          of: style.value, family: f, type: type, project: context.project, platforms: platforms ?? context.readingPlatforms)
      else { continue }
      let candidates = refusal.styles
      let suggestion = candidates.suggestions.nearest(to: style.value)
      let notes =
        suggestion.map(\.text).flatMap { s in f.cellSpots[type]?[s].map { [DiagnosticNote("cell style '\(s)' is defined here", at: $0)] } }
        ?? definedForOtherTypes(style.value, family: f, type: type)
      context.report(
        rule,
        "cell style '\(style.value)' is not in family '\(f.family.name)' for '\(type)' (the family \(candidates.offered) for '\(type)')"
          // A refusal of some of the platforms names them itself; `on` names those read.
          + (refusal.fixable ? on + refusal.qualifier : refusal.qualifier),
        at: style.spot, notes: notes,
        fixIt: .didYouMean(suggestion, forName: style.value, at: refusal.fixable && on.isEmpty ? style.spot : nil))
    }
  }

  /// Notes at the family's definitions of `name` for component types other than `type`: a
  /// component type misspelled in the family (`gird`) is the cause the author looks for.
  static func definedForOtherTypes(_ name: String, family f: FamilyDecl, type: String) -> [DiagnosticNote] {
    f.cellTypes(defining: name).compactMap { other in
      guard other != type, let spot = f.cellSpots[other]?[name] else { return nil }
      return DiagnosticNote("cell style '\(name)' is defined for '\(other)' here", at: spot)
    }
  }
}

extension Rule {
  public static let unknownCellStyle = UnknownCellStyleRule.rule
}
