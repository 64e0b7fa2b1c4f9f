import ZappLayout

extension Family {
  /// This family with only `component`, holding only `cell` when one is given. It lays out as the
  /// whole family does, and the geometry finds the type and cell in it at once instead of by a
  /// scan of every component and cell (which made the rules that lay out each of N styles
  /// quadratic in N).
  package func narrowed(to component: ComponentStyle, cell: CellStyle?) -> Family {
    var single = component
    if let cell { single.cells = [cell] }
    var narrowed = self
    narrowed.components = [single]
    return narrowed
  }

  /// This family narrowed to each cell style it defines, by type and cell name (`"type\0cell"`):
  /// the first style of a type and of a name, as the family's own lookups find them.
  package func narrowedByCell() -> [String: Family] {
    var byCell: [String: Family] = [:]
    var types: Set<String> = []
    for component in components where types.insert(component.type).inserted {
      for cell in component.cells where byCell[component.type + "\u{0}" + cell.name] == nil {
        byCell[component.type + "\u{0}" + cell.name] = narrowed(to: component, cell: cell)
      }
    }
    return byCell
  }
}
