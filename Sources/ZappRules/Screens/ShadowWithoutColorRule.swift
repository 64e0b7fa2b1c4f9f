import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0424 shadow-without-color.
package enum ShadowWithoutColorRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0424", name: "shadow-without-color", severity: .warning, category: .screens,
    summary:
      "A card style gives its shadow a `shadowRadius` or `shadowOffset` but no `shadowColor`: the shadow is drawn only for items whose own style gives one.",
    explanation: """
      A card's shadow is drawn in its `shadowColor`: a `shadowRadius` or `shadowOffset` without one \
      is drawn only for the feed items whose own `style` gives a colour, and on no other card. The \
      style a card is drawn with is its family cell's `style` with each key the component's `styles` \
      sets in its place, so a component may give the colour for a cell's radius, and a cell's key \
      the component sets again is not drawn there. On a size class whose `size_class_mapping` (or \
      the family's `sizeClassMapping`) draws the component as another, the replacement's cell style \
      is drawn under the component's `styles` in the same way; the cell styles of a component's cell \
      body (a tab bar's `cell_body_styles`) are drawn with the family cell's `style` alone. The \
      warning stands where the radius \
      or offset is written: in the cell's `style` (with a note at the component, or the replacement, \
      that draws it without a colour) or in the component's `styles`. Add a `shadowColor` (its alpha \
      is the shadow's opacity), or remove the key.
      """,
    bad: .files(
      [
        "families/cards.json":
          #"{"name": "CARDS", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "CARD", "aspectCellRatio": 1, "style": {⟦⟧"shadowRadius": 4}}, {"name": "PLAIN", "aspectCellRatio": 1}]}]}"#,
        "screens/o.json":
          #"[{"id": "other", "type": "general_content", "styles": {"family": "CARDS"}, "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["CARD"]}}, {"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["PLAIN"], ⟦⟧"shadowOffset": [0, 2]}}]}]"#,
      ],
      reports: [
        .init(
          "'shadowRadius' draws no shadow without a 'shadowColor': add one to the card style",
          notes: ["drawn here: the component's styles set no 'shadowColor' either"]),
        .init(
          "'shadowOffset' draws no shadow without a 'shadowColor': add one to the card style",
          notes: ["drawn with cell style 'PLAIN', which sets no 'shadowColor'"]),
      ]),
    good: .files([
      "families/cards.json":
        #"{"name": "CARDS", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "CARD", "aspectCellRatio": 1, "style": {"shadowRadius": 4}}, {"name": "PLAIN", "aspectCellRatio": 1}]}]}"#,
      "screens/o.json":
        ##"[{"id": "other", "type": "general_content", "styles": {"family": "CARDS"}, "ui_components": [{"component_type": "grid", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}, "styles": {"cell_styles": ["CARD"], "shadowColor": "#40000000"}}]}]"##,
    ]))

  package static func check(_ context: RuleContext) {
    // A cell's key is reported once, however many components draw it without a colour.
    var reportedCells: Set<[String]> = []
    // Without a family cell that shapes a shadow, only a component's own styles can: one without
    // such a key is passed over before its family is looked up.
    let cellsShapeShadows = context.project.families.values.contains { !$0.cellShadowKeys.isEmpty }
    context.project.forEachScreensFile { document, screens in
      // A file none of whose components' styles shapes a shadow is passed over whole, as it was
      // found the last time it was read unchanged.
      if !cellsShapeShadows, !context.project.fromScreensFile("styles shape shadows", document, screens, stylesShapeShadows) { return }
      for screen in screens {
        screen.forEachComponent { component in
          if !cellsShapeShadows, !(component.stylesValue.map(shapesShadow) ?? false) { return }
          check(component, in: screen, context, reportedCells: &reportedCells)
        }
      }
    }
  }

  /// Whether some component of `screens` has its own `styles` shape a shadow.
  private static func stylesShapeShadows(_ screens: ArraySlice<ScreenDecl>) -> Bool {
    var found = false
    for screen in screens where !found {
      screen.forEachComponent { if !found, $0.stylesValue.map(shapesShadow) ?? false { found = true } }
    }
    return found
  }

  /// A cell style a component is drawn with: one of its own, or a size class replacement's (its
  /// own `size_class_mapping`, else its family's `sizeClassMapping` for its type).
  private struct DrawnCell {
    /// The family component type the cell is a style of.
    let type: String?
    let cell: Located<String>
    /// The size class that draws the replacement; nil for the component's own cell styles.
    let sizeClass: String?
  }

  /// The cell styles of a component's cell body (a tab bar's `cell_body_styles`): drawn with the
  /// family cell's `style` alone, which the component's own `styles` do not reach.
  private static func bodyCells(_ component: ComponentDecl, decl: FamilyDecl?) -> [DrawnCell] {
    guard let body = component.cellBodyType?.value else { return [] }
    let type = decl?.family.component(body)?.type
    return component.cellBodyStyles.map { DrawnCell(type: type, cell: $0, sizeClass: nil) }
  }

  /// The component's own cell styles, then each replacement's that is not `hide`.
  private static func drawnCells(_ component: ComponentDecl, decl: FamilyDecl?) -> [DrawnCell] {
    let type = { (name: String) in decl?.family.component(name)?.type }
    let own = component.cellStyles.map { DrawnCell(type: type(component.typeName), cell: $0, sizeClass: nil) }
    let mapping = component.sizeClassMappingValue ?? decl?.sizeClassMappings[component.typeName]
    let replaced = SizeClassMappingEntry.entries(of: mapping).compactMap { entry -> DrawnCell? in
      guard !entry.hides, let cell = entry.cellStyle else { return nil }
      return DrawnCell(type: type(entry.componentType?.value ?? component.typeName), cell: cell, sizeClass: entry.key.value)
    }
    return own + replaced
  }

  /// The component's own shadow key without a colour, and the keys of the cells it draws without
  /// one (each where it is written): a cell's key the component's own replaces is not drawn there.
  private static func check(
    _ component: ComponentDecl, in screen: ScreenDecl, _ context: RuleContext, reportedCells: inout Set<[String]>
  ) {
    let styles = component.stylesValue
    let familyName = context.project.drawnFamilyName(of: component, in: screen)
    let decl = familyName.flatMap { context.project.families[$0] }
    let cellKeys = { (d: DrawnCell) in d.type.flatMap { decl?.cellShadowKeys[$0]?[d.cell.value] } }
    if let familyName {
      for d in bodyCells(component, decl: decl) { reportCell(d, keys: cellKeys(d), family: familyName, context, &reportedCells) }
    }
    let ownColor = styles?["shadowColor"].map { !$0.isNull } ?? false
    if ownColor { return }
    let ownShapes = styles.map(shapeKeys) ?? []
    let drawn = drawnCells(component, decl: decl)
    if let ownShape = ownShapes.first {
      // Drawn with no cell style, or with one that gives no colour: the note names the first.
      if component.cellStyles.isEmpty {
        context.report(rule, message(ownShape.value), at: ownShape.spot)
      } else if let d = drawn.first(where: { !(cellKeys($0)?.hasColor ?? false) }) {
        let on = d.sizeClass.map { "drawn on size class '\($0)' with" } ?? "drawn with"
        let note = DiagnosticNote("\(on) cell style '\(d.cell.value)', which sets no 'shadowColor'", at: d.cell.spot)
        context.report(rule, message(ownShape.value), at: ownShape.spot, notes: [note])
      }
    }
    guard let familyName else { return }
    let replacedKeys = Set(ownShapes.map(\.value))
    for d in drawn {
      guard let type = d.type, let keys = cellKeys(d), !keys.hasColor,
        let shape = keys.shapeKeys.first(where: { !replacedKeys.contains($0.value) }),
        reportedCells.insert([familyName, type, d.cell.value]).inserted
      else { continue }
      let note = DiagnosticNote("drawn here: the component's styles set no 'shadowColor' either", at: d.cell.spot)
      context.report(rule, message(shape.value), at: shape.spot, notes: [note])
    }
  }

  /// A cell body's cell style whose family cell shapes a shadow without a colour, reported at the
  /// key once per family cell (as the component's own cells are), with a note at the body's style.
  private static func reportCell(
    _ d: DrawnCell, keys: CellShadowKeys?, family: String, _ context: RuleContext, _ reported: inout Set<[String]>
  ) {
    guard let type = d.type, let keys, !keys.hasColor, let shape = keys.shapeKeys.first,
      reported.insert([family, type, d.cell.value]).inserted
    else { return }
    let note = DiagnosticNote("drawn here as the component's cell body, which its own styles do not reach", at: d.cell.spot)
    context.report(rule, message(shape.value), at: shape.spot, notes: [note])
  }

  /// Whether a component's `styles` has a key that shapes a shadow, not `null` (any of a key
  /// written twice, as `shapeKeys` lists them), compared in place rather than listed.
  private static func shapesShadow(_ styles: JSONValue) -> Bool {
    var found = false
    styles.forEachMember { key, value in
      if !found, !value.isNull, CardStyle.shadowShapeKeys.contains(where: key.stringEquals) { found = true }
    }
    return found
  }

  /// The keys of a component's `styles` that shape a shadow, in the order written, where they stand.
  private static func shapeKeys(_ styles: JSONValue) -> [Located<String>] {
    var found: [Located<String>] = []
    styles.forEachMember { key, value in
      guard !value.isNull, let name = key.string, CardStyle.shadowShapeKeys.contains(name) else { return }
      found.append(Located(name, key.spot))
    }
    return found
  }

  static func message(_ key: String) -> String {
    "'\(key)' draws no shadow without a 'shadowColor': add one to the card style"
  }
}

extension Rule {
  public static let shadowWithoutColor = ShadowWithoutColorRule.rule
}
