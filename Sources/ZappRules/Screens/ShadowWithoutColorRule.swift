import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0424 shadow-without-color.
package enum ShadowWithoutColorRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0424", name: "shadow-without-color", severity: .warning, category: .screens,
    summary: "A card style gives its shadow a `shadowRadius` or `shadowOffset` but no `shadowColor`, so no shadow is drawn.",
    explanation: """
      A card's shadow is drawn in its `shadowColor`: a `shadowRadius` or `shadowOffset` alone draws \
      nothing, and the bundle leaves them out. The style a card is drawn with is its family cell's \
      `style` with each key the component's `styles` sets in its place, so a component may give the \
      colour for a cell's radius. The warning stands where the radius or offset is written: in the \
      cell's `style` (with a note at the component that draws it without a colour) or in the \
      component's `styles`. Add a `shadowColor` (its alpha is the shadow's opacity), or remove the key.
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
    for screen in context.project.screens {
      screen.forEachComponent { component in
        check(component, in: screen, context, reportedCells: &reportedCells)
      }
    }
  }

  /// The component's own shadow key without a colour, and the keys of the cells it draws without
  /// one (each where it is written).
  private static func check(
    _ component: ComponentDecl, in screen: ScreenDecl, _ context: RuleContext, reportedCells: inout Set<[String]>
  ) {
    let styles = component.stylesValue
    let ownColor = styles?["shadowColor"].map { !$0.isNull } ?? false
    let ownShape = styles.flatMap(shapeKey)
    let familyName = context.project.drawnFamilyName(of: component, in: screen)
    let decl = familyName.flatMap { context.project.families[$0] }
    let type = decl?.family.component(component.typeName)?.type
    let cellKeys = { (name: String) in type.flatMap { decl?.cellShadowKeys[$0]?[name] } }
    if ownColor { return }
    if let ownShape {
      // Drawn with no cell style, or with one that gives no colour: the note names the first.
      let uncoloured = component.cellStyles.first { !(cellKeys($0.value)?.hasColor ?? false) }
      if component.cellStyles.isEmpty {
        context.report(rule, message(ownShape.value), at: ownShape.spot)
      } else if let cell = uncoloured {
        let note = DiagnosticNote("drawn with cell style '\(cell.value)', which sets no 'shadowColor'", at: cell.spot)
        context.report(rule, message(ownShape.value), at: ownShape.spot, notes: [note])
      }
    }
    guard let familyName, let type else { return }
    for cell in component.cellStyles {
      guard let keys = cellKeys(cell.value), !keys.hasColor, let shape = keys.shapeKey,
        reportedCells.insert([familyName, type, cell.value]).inserted
      else { continue }
      let note = DiagnosticNote("drawn here: the component's styles set no 'shadowColor' either", at: cell.spot)
      context.report(rule, message(shape.value), at: shape.spot, notes: [note])
    }
  }

  /// The first key of a component's `styles` that shapes a shadow, where it stands.
  private static func shapeKey(_ styles: JSONValue) -> Located<String>? {
    var found: Located<String>?
    styles.forEachMember { key, value in
      guard found == nil, !value.isNull, let name = key.string, CardStyle.shadowShapeKeys.contains(name) else { return }
      found = Located(name, key.spot)
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
