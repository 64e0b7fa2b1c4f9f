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
    let family = decl.family
    let geometry = Geometry.sectionGeometry(
      family: family, componentType: visit.type, cellStyles: styles.map(\.value), layoutName: visit.layout?.value)
    let firstStyle = geometry.styles[0]
    var reported: Set<Int> = []
    let settings = context.project.settings
    // Where the section is hidden or replaced (its own mapping or its family's), it is not drawn
    // with these styles.
    let mapped = Set(
      (SizeClassMappingEntry.entries(of: visit.component) + SizeClassMappingEntry.entries(of: decl.sizeClassMappings[visit.type]))
        .map(\.key.value))
    for device in settings.devices + narrowestWindows(settings) where !mapped.contains(device.sizeClass ?? "") {
      guard let cells = geometry.layout(on: device).cells, cells.count == styles.count, cells[0].item.width > 0 else { continue }
      for i in 1..<cells.count where !reported.contains(i) && !(cells[i].item.width > 0) {
        // A style with no room of its own is reported at the family (ZL0503 above).
        let alone = geometry.styles[i].layout(kind: geometry.kind, responsive: geometry.responsive, device: device)
        guard alone.item.width > 0 else { continue }
        reported.insert(i)
        let m = firstStyle.metrics(on: device).metrics
        let on = naming(device)
        let insets = "\(format(m.insetLeft ?? 0)) + \(format(m.insetRight ?? 0))"
        let first = DiagnosticNote("the section's first cell style is '\(styles[0].value)'", at: styles[0].spot)
        context.report(
          rule,
          "cell style '\(styles[i].value)' of family '\(family.name)' has no room in this section \(on): with the section's insets (\(insets)) and spacing (\(format(m.interItemSpacing ?? 0))), its first style's, \(cells[i].columns) columns leave an item width of \(format(cells[i].item.width))",
          at: styles[i].spot, notes: [first] + notes(at: device, settings))
      }
    }
  }
}
