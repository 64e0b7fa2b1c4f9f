import ZappLayout

extension DocumentQuery {
  /// Hover on an entry of `styles.cell_styles`: that style's layout id in the family, which items
  /// it draws (the last style repeats to the end of the data), and its item size on each device;
  /// or that the section's `family` has no such cell for its type (no geometry to show): that its
  /// type's manifest offers it for the family (`offered`, which ZL0304 accepts), or that nothing does.
  static func cellStyleHover(
    _ node: LooseNode, _ section: ResolvedSection, family: Family?, offered: Set<String> = [], familyAbsence: String? = nil
  ) -> String? {
    guard node.kind == .string, !node.isKey, let list = node.parent, list.kind == .array, list.keyInParent == "cell_styles",
      let i = list.elements.firstIndex(where: { $0 === node })
    else { return nil }
    let details = section.cellStyleDetails
    guard i < details.count else { return nil }
    let cell = details[i]
    if let familyAbsence { return "**\(Markdown.text(cell.cellStyle))** · cell style \(i + 1) of \(details.count) · \(familyAbsence)" }
    if let family, family.component(section.componentType)?.cell(named: cell.cellStyle) == nil {
      let head = "**\(Markdown.text(cell.cellStyle))** · cell style \(i + 1) of \(details.count)"
      let type = Markdown.text(section.componentType)
      guard offered.contains(cell.cellStyle) else { return head + " · not a cell of family \(Markdown.text(family.name)) for '\(type)'" }
      return head + " · offered by the manifest of '\(type)' for family \(Markdown.text(family.name)), which has no cell of it:"
        + " the component lays itself out"
    }
    var lines = [
      "**\(Markdown.text(cell.cellStyle))** · cell style \(i + 1) of \(details.count) · layout id "
        + (cell.layoutID.map(Markdown.code) ?? "none in the family")
    ]
    if details.count > 1 {
      lines.append(
        i == details.count - 1
          ? "draws item \(i + 1) and every item after it (the last style repeats to the end of the data)"
          : "draws item \(i + 1)")
    }
    if !section.layout.isEmpty {
      lines.append("")
      lines.append("| device | columns | item | elements |")
      lines.append("|---|---:|---|---:|")
      for (device, layout) in section.layout {
        let drawn = layout.cell(forItem: i)
        lines.append("| \(Markdown.text(device)) | \(drawn.columns) | \(size(drawn.item)) | \(drawn.elements?.count ?? 0) |")
      }
    }
    return lines.joined(separator: "\n")
  }
}
