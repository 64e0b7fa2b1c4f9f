import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0503 in a section of several cell styles: every style is sized within the section's insets and
/// spacing, its first style's, so a style with room alone may have none after another.
extension NonPositiveWidthRule: ComponentRule {
  /// It checks the component against the family it is drawn with.
  package static let readsDrawnFamily = true

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    SectionStyleFindings.report(rule, visit, context) { section, cells, i, device in
      guard !(cells[i].item.width > 0) else { return nil }
      // A style with no room of its own is reported at the family (ZL0503 above).
      guard section.alone(i, on: device).item.width > 0 else { return nil }
      return
        "cell style '\(section.styles[i])' of family '\(section.family.name)' has no room in this \(section.part) \(naming(device, context.project.settings)): with \(section.room(on: device)), \(cells[i].columns) columns leave an item width of \(format(cells[i].item.width))"
    }
  }
}

/// ZL0509 in a section of several cell styles: a style sized within its first style's insets and
/// spacing may be left too narrow for its shape to have a height (an `aspectCellRatio` of 100 on
/// an item 0.2 wide), where it has one alone.
extension NonPositiveHeightRule: ComponentRule {
  /// It checks the component against the family it is drawn with.
  package static let readsDrawnFamily = true

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    SectionStyleFindings.report(rule, visit, context) { section, cells, i, device in
      let item = cells[i].item
      guard item.width > 0, let height = item.height, !(height > 0) else { return nil }
      // A style with no height of its own is reported at the family (ZL0509 above).
      guard section.alone(i, on: device).firstNonPositiveSize == nil else { return nil }
      return
        "cell style '\(section.styles[i])' of family '\(section.family.name)' has no height in this \(section.part) \(NonPositiveWidthRule.naming(device, context.project.settings)): with \(section.room(on: device)), its items would be \(format(item.width)) wide and \(format(height)) high"
    }
  }
}

/// The styles of a section of several cell styles (or of its cells' body: `cell_body_styles`) laid
/// out together, and where one of them fails a rule that it passes alone (ZL0503, ZL0509).
package struct SectionStyleFindings {
  package let family: Family
  package let styles: [String]
  package let geometry: SectionGeometry
  /// `section`, or `cell body` for the body of a section's cells.
  package let part: String

  /// Style `i` laid out on `device` alone, as the family rules check it.
  func alone(_ i: Int, on device: Device) -> SectionLayout {
    geometry.styles[i].layout(kind: geometry.kind, responsive: geometry.responsive, device: device)
  }

  /// `the section's insets (16 + 16) and spacing (8), its first style's`.
  func room(on device: Device) -> String {
    let m = geometry.styles[0].metrics(on: device).metrics
    return
      "the \(part)'s insets (\(format(m.insetLeft ?? 0)) + \(format(m.insetRight ?? 0))) and spacing (\(format(m.interItemSpacing ?? 0))), its first style's"
  }

  /// Reports each style after the first for which `failing` gives a message, at the style in
  /// `cell_styles` (or `cell_body_styles`), on the first device, or window of `LayoutWindows`,
  /// where it does; on a device where the first style has room and the section is neither hidden
  /// nor replaced (where its body is not drawn either).
  package static func report(
    _ rule: Rule, _ visit: ComponentVisit, _ context: RuleContext,
    failing: (_ section: SectionStyleFindings, _ cells: [CellLayout], _ style: Int, _ device: Device) -> String?
  ) {
    guard let decl = visit.family else { return }
    // Where the section is hidden or replaced, it is not drawn with these styles.
    let mapped = Set(SizeClassMappingEntry.entries(drawing: visit.component, in: decl).map(\.key.value))
    report(rule, decl, type: visit.type, layout: visit.layout?.value, styles: visit.cellStyles, part: "section", mapped, context, failing)
    if let body = visit.component.cellBodyType {
      report(rule, decl, type: body.value, layout: nil, styles: visit.component.cellBodyStyles, part: "cell body", mapped, context, failing)
    }
  }

  /// `report(_:_:_:failing:)` for one set of styles of a component type laid out together.
  private static func report(
    _ rule: Rule, _ decl: FamilyDecl, type: String, layout: String?, styles: [Located<String>], part: String, _ mapped: Set<String>,
    _ context: RuleContext, _ failing: (_ section: SectionStyleFindings, _ cells: [CellLayout], _ style: Int, _ device: Device) -> String?
  ) {
    guard styles.count > 1, decl.family.component(type) != nil else { return }
    // Sections alike are laid out alike: each is laid out once, however many components draw it.
    let key =
      [rule.code, part, decl.family.name, type, layout ?? "\u{1}", mapped.sorted().joined(separator: "\u{0}")] + styles.map(\.value)
    let findings = context.findingsByKey.value(for: key) {
      let geometry = Geometry.sectionGeometry(family: decl.family, componentType: type, cellStyles: styles.map(\.value), layoutName: layout)
      let section = SectionStyleFindings(family: decl.family, styles: styles.map(\.value), geometry: geometry, part: part)
      return section.findings(mapped: mapped, context) { failing(section, $0, $1, $2) }
    }
    let settings = context.project.settings
    for finding in findings {
      let first = DiagnosticNote("the \(part)'s first cell style is '\(styles[0].value)'", at: styles[0].spot)
      context.report(
        rule, finding.message, at: styles[finding.position].spot,
        notes: [first] + (finding.device.map { NonPositiveWidthRule.notes(at: $0, settings) } ?? []))
    }
  }

  /// The styles that fail, each on the first device, or window of `LayoutWindows`, where it does,
  /// in the order found.
  private func findings(mapped: Set<String>, _ context: RuleContext, failing: ([CellLayout], Int, Device) -> String?) -> [KeyedFinding] {
    var findings: [KeyedFinding] = []
    let settings = context.project.settings
    // The findings on a device of the styles not found yet.
    func found(on device: Device) -> [KeyedFinding] {
      guard !mapped.contains(device.sizeClass ?? ""), let cells = geometry.layout(on: device).cells, cells.count == styles.count,
        cells[0].item.width > 0
      else { return [] }
      // The section is laid out once per device, each style read from it (a section may have
      // thousands); the styles found are looked up in a set.
      let done = Set(findings.map(\.position))
      return (1..<cells.count).compactMap { i in
        guard !done.contains(i), let message = failing(cells, i, device) else { return nil }
        return KeyedFinding(position: i, message: message, device: device)
      }
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
