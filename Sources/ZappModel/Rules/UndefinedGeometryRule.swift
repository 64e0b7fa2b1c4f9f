import ZappDiagnostics
import ZappLayout

/// ZL0510 undefined-geometry.
package enum UndefinedGeometryRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0510", name: "undefined-geometry", severity: .error, category: .geometry,
    summary: "A misspelled attribute leaves a cell's items with a width and no height.",
    explanation: """
      A cell's item height is its width over `aspectCellRatio`, its width scaled by \
      `cellHeight / cellWidth`, or a fixed `cellHeight`. When the attribute that would give it is \
      misspelled (within the limit of ZL0206), the items of a flow, list, rail or pager have a \
      width and no height on a device class: the misspelling changed the geometry, and the error \
      points at it with the fix. A waterfall sizes items by their content and takes no height; \
      other misspellings are ZL0206's.
      """,
    bad: .files(
      [
        "families/f.json":
          #"{"name": "F", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", ⟦⟧"aspectCelRatio": 0.66}]}]}"#
      ],
      reports: [
        .init("misspelled 'aspectCelRatio' leaves cell style 'G' of family 'F' with a width and no height", fixIt: #""aspectCellRatio""#)
      ]),
    good: .files([
      "families/f.json":
        #"{"name": "F", "components": [{"type": "grid", "columns": 2, "cells": [{"name": "G", "aspectCellRatio": 0.66}]}]}"#
    ]))

  package static var needsCompleteProject: Bool { false }

  /// The metrics that give a cell's items their height.
  package static let heightMetrics: Set<String> = ["aspectCellRatio", "cellHeight"]

  package static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions {
      let heights = misspelledHeights(decl)
      let twice = MisspelledKeyRule.renamedTwice(decl, heights: heights)
      for found in heights {
        context.report(
          rule, "misspelled '\(found.name)' leaves cell style '\(found.cell)' of family '\(decl.family.name)' with a width and no height",
          at: found.spot,
          fixIt: MisspelledKeyRule.fix(
            found.suggestion, for: found.name, allowed: [found.suggestion.text], at: found.spot, taken: found.taken, twice: twice))
      }
    }
  }

  /// The cells' misspelled height metrics whose cell then has no height on some device class.
  /// A suggestion as near to another name (`elHeight` to `cellHeight` and `height`) is tied: a hint.
  package static func misspelledHeights(_ decl: FamilyDecl) -> [MisspelledHeight] {
    var found: [MisspelledHeight] = []
    func consider(_ name: String, _ spot: SourceSpot, type: String, cell: String, among names: [String], taken: [String]) {
      guard let suggestion = nearest(to: name, in: names), heightMetrics.contains(suggestion.text),
        lacksHeight(decl.family, type: type, cell: cell)
      else { return }
      found.append(MisspelledHeight(name: name, suggestion: suggestion, spot: spot, cell: cell, taken: taken))
    }
    for stray in decl.strays {
      guard case .attribute(let name, _, let allowed) = stray.kind, let cell = stray.cell else { continue }
      consider(name, stray.spot, type: cell.type, cell: cell.name, among: allowed, taken: stray.taken)
    }
    let metrics = FamilyReader.metricAttributes.sorted()
    for attribute in decl.cellPassThroughs {
      consider(
        attribute.name.value, attribute.name.spot, type: attribute.type, cell: attribute.cell, among: metrics, taken: attribute.taken)
    }
    return found
  }

  /// A cell's attribute near a height metric, which the cell lacks.
  package struct MisspelledHeight {
    package var name: String
    package var suggestion: Suggestion
    package var spot: SourceSpot
    package var cell: String
    /// The names the cell holds.
    package var taken: [String]
  }

  /// Whether the cell's items have no height on some device class, outside a waterfall (and a
  /// one-and-n layout, whose large item falls back to a square).
  package static func lacksHeight(_ family: Family, type: String, cell: String) -> Bool {
    let input = GeometryInput(family: family, componentType: type, cellStyle: cell)
    switch Geometry.kind(for: input) {
    case .flow, .horizontal, .linear, .paged, .sticky: break
    default: return false
    }
    return DeviceClass.allCases.contains { Geometry.itemHeight(width: 100, metrics: Geometry.metrics(for: input, on: $0)) == nil }
  }
}

extension Rule {
  public static let undefinedGeometry = UndefinedGeometryRule.rule
}
