import ZappDiagnostics
import ZappLayout

extension BundleVerifier {
  /// Whether each section's cell styles agree with one another, as a client picks the style of
  /// each item from them: `cell_styles` are its component's `styles.cell_styles`; `cells`, with
  /// several styles, holds one entry per style in that order (none with one style or none), the
  /// first with the section's `renderer`; and its geometry lays out one style each, in order.
  /// Its `cell_body` is its component's too (`cellBodyAgreementProblems`). At most one problem of
  /// each kind a section.
  static func cellStyleProblems(_ screen: ResolvedScreen) -> [BundleDecodingError] {
    let components = screen["ui_components"]
    return screen.resolved.sections.enumerated().flatMap { i, section in
      let at = "resolved.sections[\(i)]"
      let name = "screen '\(screen.id)', section \(section.section) ('\(section.componentType)')"
      let component = SectionBasis.component(at: section.component, in: components)
      return cellStyleProblems(section, component: component, at: at, name: name)
        + cellBodyAgreementProblems(section, component: component, at: at, name: name)
    }
  }

  /// `cellStyleProblems(_:)` of one section at `at`, named `name` in messages, whose component is
  /// `component` (nil when it names none).
  private static func cellStyleProblems(
    _ section: ResolvedSection, component: JSON?, at: String, name: String
  ) -> [BundleDecodingError] {
    var problems: [BundleDecodingError] = []
    // A compact section's geometry and renderer are its `layouts` entry's: located at the reference.
    let geometryAt = section.layoutRef == nil ? "\(at).\(ResolvedSection.key(\.geometry))" : "\(at).layout_ref"
    var styles = section.cellStyles
    if let component, let named = componentCellStyles(component), named != styles {
      problems.append(
        BundleDecodingError(
          path: "\(at).\(ResolvedSection.key(\.cellStyles))",
          message:
            "\(name): cell_styles \(text(.array(styles.map(JSON.string)))) are not its component's styles.cell_styles \(text(.array(named.map(JSON.string)))); a client would draw its items with styles the screen does not name"
        ))
      // What the rest is checked against: the component's, so that one edit is one finding.
      styles = named
    }
    if let found = cellsProblem(section, styles: styles, at: at, name: name, rendererAt: geometryAt) {
      problems.append(BundleDecodingError(path: found.path, message: found.message))
    }
    // A section with `layout_absent` never reads a geometry (one beside it is reported as such).
    if let geometry = section.geometry, section.layoutAbsent == nil {
      let laidOut = geometry.styles.map(\.style)
      let wanted = styles.isEmpty ? [nil] : styles.map(Optional.some)
      if laidOut != wanted {
        let holder = section.layoutRef.map { "the geometry of layouts entry '\($0)'" } ?? "its geometry"
        problems.append(
          BundleDecodingError(
            path: geometryAt,
            message:
              "\(name): \(holder) lays out the styles \(styleList(laidOut)), but the section's are \(styleList(wanted)); a client would size its cells with other styles"
          ))
      }
    }
    return problems
  }

  /// Style names as a message shows them: `["GRID_1", null]` (null for a style of no name).
  static func styleList(_ names: [String?]) -> String { text(.array(names.map { $0.map(JSON.string) ?? .null })) }

  /// The cell styles a component names, as the compiler reads them (non-empty strings, in order);
  /// nil when its `styles.cell_styles` is not an array of strings the derivation reads.
  private static func componentCellStyles(_ component: JSON) -> [String]? {
    let basis = SectionBasis(index: 0, nextPath: [], screenFamily: nil, component: component)
    guard case .array(let names)? = basis.value(forKey: ResolvedSection.key(\.cellStyles)) else { return nil }
    return names.compactMap { name in
      guard case .string(let text) = name else { return nil }
      return text
    }
  }

  /// Why the section's `cells` is not one entry per style of `styles` in order (none for fewer
  /// than two) with the first's renderer the section's own; nil when it is.
  private static func cellsProblem(
    _ section: ResolvedSection, styles: [String], at: String, name: String, rendererAt: String
  ) -> (path: String, message: String)? {
    let cellsAt = "\(at).\(ResolvedSection.key(\.cells))"
    let wanted = styles.count > 1 ? styles : []
    guard section.cells.count == wanted.count else {
      let holds = section.cells.count
      return (
        cellsAt,
        "\(name): cells lists \(holds) \(holds == 1 ? "style" : "styles"), but the section has \(styles.count) cell \(styles.count == 1 ? "style" : "styles") (cells lists each when there are several, else none)"
      )
    }
    for (i, (cell, style)) in zip(section.cells, wanted).enumerated() where cell.cellStyle != style {
      return (
        "\(cellsAt)[\(i)].\(SectionCell.key(\.cellStyle))",
        "\(name): cells[\(i)] is the style '\(cell.cellStyle)', but cell style \(i) of the section is '\(style)'"
      )
    }
    guard let first = section.cells.first, first.layoutID != section.renderer.layoutID else { return nil }
    let id = { (id: String?) in id.map { "'\($0)'" } ?? "null" }
    let path = section.layoutRef == nil ? "\(at).\(ResolvedSection.key(\.renderer)).layout_id" : rendererAt
    return (
      path,
      "\(name): renderer.layout_id \(id(section.renderer.layoutID)) is not the first cell style's (\(id(first.layoutID)) in cells); a client would draw the first items with another renderer"
    )
  }
}
