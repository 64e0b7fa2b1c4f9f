import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0513 in a `one_and_n` section of one cell style whose family component has several: the
/// section draws that style in every slot, the small ones too, which the family's check leaves
/// out for a component of several styles (a section of several draws its later ones there).
extension ElementsOverflowCardRule: ComponentRule {
  /// It checks the component against the family it is drawn with.
  package static let readsDrawnFamily = true

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    guard let decl = visit.family, visit.cellStyles.count == 1,
      decl.family.components.filter({ $0.type == visit.type }).map(\.cells.count).reduce(0, +) > 1
    else { return }
    let style = visit.cellStyles[0]
    // Where the section is hidden or replaced, it is not drawn with this style.
    let mapped = Set(SizeClassMappingEntry.entries(drawing: visit.component, in: decl).map(\.key.value))
    // Sections alike are checked once, however many components draw them.
    let key =
      [rule.code, "small slots", decl.family.name, visit.type, visit.layout?.value ?? "\u{1}", style.value] + mapped.sorted()
    let findings = context.findingsByKey.value(for: key) {
      smallSlotFindings(decl.family, type: visit.type, style: style.value, layout: visit.layout?.value, mapped: mapped, context)
    }
    let settings = context.project.settings
    for finding in findings {
      context.report(
        rule, finding.message, at: style.spot, notes: finding.device.map { NonPositiveWidthRule.notes(at: $0, settings) } ?? [])
    }
  }

  /// The first device, or window of `LayoutWindows`, on which the style's elements fit its
  /// `one_and_n` layout's large slot but not its small ones (an overflow of the large slot is the
  /// family's finding), with the message saying by how much.
  private static func smallSlotFindings(
    _ family: Family, type: String, style name: String, layout: String?, mapped: Set<String>, _ context: RuleContext
  ) -> [KeyedFinding] {
    let input = GeometryInput(family: family, componentType: type, cellStyle: name, layoutName: layout)
    guard Geometry.kind(for: input) == .oneAndN else { return [] }
    let style = Geometry.styleGeometry(for: input)
    guard !style.elements.isEmpty, style.elementLayout.isKnown else { return [] }
    let responsive = family.responsive(for: type)
    let layoutOn = { style.layout(kind: .oneAndN, responsive: responsive, device: $0) }
    let isBad = { (device: Device) -> Bool in
      guard !mapped.contains(device.sizeClass ?? "") else { return false }
      let layout = layoutOn(device)
      if let below = overflow(style, layout) { return below.isSmall }
      return sideOverflow(style, layout)?.isSmall ?? false
    }
    let settings = context.project.settings
    let ranges = LayoutWindows.ranges(context.project)
    guard
      let device = settings.devices.first(where: isBad)
        ?? LayoutWindows.first(in: ranges, settings.sizeClasses, styles: [style], responsive: responsive, where: isBad)
        ?? LayoutWindows.widest(in: ranges, settings.sizeClasses, styles: [style], responsive: responsive, where: isBad)
    else { return [] }
    let on = NonPositiveWidthRule.naming(device, settings)
    let elementsOf = "the elements of cell style '\(name)' of family '\(family.name)'"
    let message: String
    if let (elements, height, _) = overflow(style, layoutOn(device)) {
      message =
        "\(elementsOf) are \(format(elements)) high \(on), but this section's \(cells(true)) are \(format(height)) high: the card cuts off \(format(Geometry.round2(elements - height))) points"
    } else if let (end, width, _) = sideOverflow(style, layoutOn(device)) {
      message =
        "\(elementsOf) reach \(format(end)) points across \(on), but this section's \(cells(true)) are \(format(width)) wide: the card cuts off \(format(Geometry.round2(end - width))) points at its side"
    } else {
      return []
    }
    return [KeyedFinding(position: 0, message: message, device: device)]
  }
}
