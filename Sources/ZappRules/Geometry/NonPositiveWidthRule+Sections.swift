import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0503 in a section of several cell styles: every style is sized within the section's insets and
/// spacing, its first style's, so a style with room alone may have none after another.
extension NonPositiveWidthRule: ComponentRule {
  /// It checks the component against the family it is drawn with.
  package static let readsDrawnFamily = true

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let styles = visit.cellStyles
    guard styles.count > 1, let decl = visit.family, decl.family.component(visit.type) != nil else { return }
    // Where the section is hidden or replaced, it is not drawn with these styles: by its own
    // mapping, which (even empty) stands in for its family's, else by its family's.
    let mapping =
      visit.component.sizeClassMappingValue != nil
      ? SizeClassMappingEntry.entries(of: visit.component) : SizeClassMappingEntry.entries(of: decl.sizeClassMappings[visit.type])
    let mapped = Set(mapping.map(\.key.value))
    // Sections alike are laid out alike: each is laid out once, however many components draw it.
    let key =
      ["ZL0503", decl.family.name, visit.type, visit.layout?.value ?? "\u{1}", mapped.sorted().joined(separator: "\u{0}")]
      + styles.map(\.value)
    let findings = context.findingsByKey.value(for: key) {
      roomFindings(decl.family, type: visit.type, styles: styles.map(\.value), layout: visit.layout?.value, mapped: mapped, context)
    }
    let settings = context.project.settings
    for finding in findings {
      let first = DiagnosticNote("the section's first cell style is '\(styles[0].value)'", at: styles[0].spot)
      context.report(
        rule, finding.message, at: styles[finding.position].spot, notes: [first] + (finding.device.map { notes(at: $0, settings) } ?? []))
    }
  }

  /// The styles of a section that have no room after its first style's insets and spacing, each on
  /// the first device, or window of `LayoutWindows`, where it has none, in the order found.
  private static func roomFindings(
    _ family: Family, type: String, styles: [String], layout: String?, mapped: Set<String>, _ context: RuleContext
  ) -> [KeyedFinding] {
    let geometry = Geometry.sectionGeometry(family: family, componentType: type, cellStyles: styles, layoutName: layout)
    let firstStyle = geometry.styles[0]
    var findings: [KeyedFinding] = []
    let settings = context.project.settings
    // The findings on a device of the styles not found yet.
    func found(on device: Device) -> [KeyedFinding] {
      guard !mapped.contains(device.sizeClass ?? ""), let cells = geometry.layout(on: device).cells, cells.count == styles.count,
        cells[0].item.width > 0
      else { return [] }
      var out: [KeyedFinding] = []
      for i in 1..<cells.count where !findings.contains(where: { $0.position == i }) && !(cells[i].item.width > 0) {
        // A style with no room of its own is reported at the family (ZL0503 above).
        let alone = geometry.styles[i].layout(kind: geometry.kind, responsive: geometry.responsive, device: device)
        guard alone.item.width > 0 else { continue }
        let m = firstStyle.metrics(on: device).metrics
        let insets = "\(format(m.insetLeft ?? 0)) + \(format(m.insetRight ?? 0))"
        out.append(
          KeyedFinding(
            position: i,
            message:
              "cell style '\(styles[i])' of family '\(family.name)' has no room in this section \(naming(device, settings)): with the section's insets (\(insets)) and spacing (\(format(m.interItemSpacing ?? 0))), its first style's, \(cells[i].columns) columns leave an item width of \(format(cells[i].item.width))",
            device: device))
      }
      return out
    }
    for device in settings.devices { findings += found(on: device) }
    let ranges = LayoutWindows.ranges(context.project)
    // Each window adds at least one style: as many rounds as styles at most.
    while let window = LayoutWindows.first(
      in: ranges, settings.sizeClasses, styles: geometry.styles, responsive: geometry.responsive,
      where: { !found(on: $0).isEmpty })
    {
      findings += found(on: window)
    }
    return findings
  }
}
