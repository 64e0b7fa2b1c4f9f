import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders
import ZappRules

extension Resolver {
  /// The section's geometry for any width, when its family (the one `key` names) styles its
  /// component type; worked out once per distinct key: family, type, cell styles, layout and header.
  package func sectionGeometry(_ family: Family, key: GeometryMemo.Key) -> SectionGeometry? {
    geometries.geometry(key) {
      let type = key.componentType.value
      guard family.component(type) != nil else { return nil }
      return Geometry.sectionGeometry(
        family: family, componentType: type, cellStyles: key.cellStyles.map(\.value), layoutName: key.layoutName?.value,
        header: key.header?.value, footer: key.footer?.value)
    }
  }

  /// What a section's geometry is made from: its family's name, its type and cell styles, and
  /// its component's layout, header and footer.
  package func geometryKey(familyName: String, type: String, cellStyles: [String], component c: ComponentDecl) -> GeometryMemo.Key {
    GeometryMemo.Key(
      family: ExactString(familyName), componentType: ExactString(type), cellStyles: cellStyles.map(ExactString.init),
      layoutName: c.layout.map { ExactString($0.value) }, header: c.header(on: project.clientPlatform).map { ExactString($0.value) },
      footer: c.footer(on: project.clientPlatform).map { ExactString($0.value) })
  }

  /// `rules.item_limit_by_size_class`: each size class's whole number from 1 to 999,999,999
  /// (ZL0410 reports others).
  package func itemLimits(_ c: ComponentDecl, manifest: ManifestDecl?) -> [(sizeClass: String, limit: Int)] {
    guard let value = c.setting("item_limit_by_size_class", in: "rules", manifest: manifest), value.kind == .object else { return [] }
    return value.members.compactMap { key, limit in
      guard let name = key.string, let n = parseItemLimit(limit) else { return nil }
      return (name, n)
    }
  }

  /// The component's `size_class_mapping`, else its family's `sizeClassMapping` for the type, each
  /// replacement with its geometry, layout id and card style in the family, in the project's order
  /// of size classes (keys written in another order are the same mapping), others after them.
  package func sizeClassMapping(_ c: ComponentDecl, familyName: String?) -> [MappedSizeClass] {
    let decl = familyName.flatMap { project.families[$0] }
    guard let value = c.sizeClassMappingValue ?? decl?.sizeClassMappings[c.typeName],
      let mapping = SizeClassMapping(json: JSON(value))
    else { return [] }
    let order = Dictionary(
      project.settings.sizeClasses.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    let entries = mapping.entries.enumerated().sorted { a, b in
      let (x, y) = (order[a.element.sizeClass] ?? order.count, order[b.element.sizeClass] ?? order.count)
      return x != y ? x < y : a.offset < b.offset
    }.map(\.element)
    return entries.map { name, replacement in
      let drawn = replacementInFamily(replacement, of: c, family: decl?.family)
      var mapped = MappedSizeClass(sizeClass: name, replacement: replacement, geometry: drawn?.geometry)
      mapped.layoutID = drawn?.layoutID
      mapped.cardStyle = drawn?.cardStyle
      (mapped.styles, mapped.pluginValues) = replacementValues(replacement, of: c)
      return mapped
    }
  }

  /// The component's `fallback`, with its layout id, card style and geometry in the family.
  package func fallback(_ c: ComponentDecl, familyName: String?) -> SectionFallback? {
    guard let value = c.fallbackValue, let mapping = SizeClassMapping(json: .object([("fallback", JSON(value))])),
      let replacement = mapping.entries.first?.replacement
    else { return nil }
    let drawn = replacementInFamily(replacement, of: c, family: familyName.flatMap { project.families[$0]?.family })
    let values = replacementValues(replacement, of: c)
    return SectionFallback(
      replacement: replacement, layoutID: drawn?.layoutID, cardStyle: drawn?.cardStyle, geometry: drawn?.geometry,
      styles: values.styles, pluginValues: values.pluginValues)
  }

  /// A plugin replacement's values (a size class's or a fallback's `styles` and `plugin_values`),
  /// made of what its own manifest declares: for each field, the component's own value for that
  /// key, else the field's `initial_value`, as a plugin component's section fills them (a
  /// `switch`'s `"false"` as false); the component's keys the manifest does not declare are not
  /// the replacement's. Nils for `hide`, a built-in type (no manifest), or no value.
  package func replacementValues(_ replacement: SizeClassReplacement, of c: ComponentDecl) -> (styles: JSON?, pluginValues: JSON?) {
    guard resolvesStyles, case .use(let type, _) = replacement, let manifest = project.manifest(for: type) else { return (nil, nil) }
    let own = c.value["styles"].flatMap { $0.kind == .object ? $0 : nil }
    var styles: [(String, JSON)] = []
    var keys: Set<String> = []
    for field in manifest.fields(in: "styles") where !Self.unfilledStyleKeys.contains(field.key) && !keys.contains(field.key) {
      guard let value = own?[field.key].map({ Self.screenValue($0, field: field) }) ?? Self.filledValue(field) else { continue }
      styles.append((field.key, value))
      keys.insert(field.key)
    }
    let others = Self.pluginValues(
      of: c.value, manifest: manifest, sections: Self.componentValueSections, leavingOut: ["data": Project.resolvedDataKeys],
      declaredOnly: true)
    return (styles.isEmpty ? nil : .object(styles), others)
  }

  /// How a replacement (a size class's or a fallback) is drawn, when the family styles its type:
  /// its geometry, its cell style's layout id, and its card style (the cell's, with each key the
  /// component's `styles` sets in its place).
  package func replacementInFamily(
    _ replacement: SizeClassReplacement, of c: ComponentDecl, family: Family?
  ) -> (geometry: SectionGeometry?, layoutID: String?, cardStyle: CardStyle?)? {
    guard case .use(let type, let style) = replacement, let family, let component = family.component(type) else { return nil }
    let geometry = Geometry.sectionGeometry(
      family: family, componentType: type, cellStyles: style.map { [$0] } ?? [], layoutName: nil,
      header: c.header(on: project.clientPlatform)?.value, footer: c.footer(on: project.clientPlatform)?.value)
    let cell = style.flatMap { component.cell(named: $0) }
    let card = (cell?.cardStyle ?? CardStyle()).overridden(by: c.stylesValue.map(Resolver.cardStyle) ?? CardStyle())
    return (geometry, cell?.layoutID, card.isEmpty ? nil : card)
  }
}

extension ResolvedSection {
  /// Gives the section `cells`, each cell style's renderer, when it lists more than one, and the
  /// first style's card style.
  package mutating func setCells(_ cells: [SectionCell], cardStyle: CardStyle?) {
    self.cells = cells.count > 1 ? cells : []
    self.cardStyle = cardStyle
  }

  /// Gives the section its geometry and mapping, and, for each device, the layout it is drawn
  /// with there (`drawn(on:)`, the runtime's own code); a device where it is hidden has no layout.
  /// `alike` is how a section made alike (`EntryKey`) is drawn: taken as this one's. In place:
  /// a section is large, and each copy of it retains every member.
  package mutating func drawOnDevices(
    geometry: SectionGeometry?, mapping: [MappedSizeClass], limits: [(sizeClass: String, limit: Int)], devices: [Device],
    alike: DrawingMemo.Drawing? = nil
  ) {
    self.geometry = geometry
    sizeClassMapping = mapping
    itemLimitBySizeClass = limits
    if let alike {
      (layout, drawn) = alike
    } else {
      for device in devices {
        let drawing = drawn(on: device)
        if let layout = drawing.layout { self.layout.append((device.name, layout)) }
        if !mapping.isEmpty { drawn.append((device.name, drawing)) }
      }
    }
    itemsShown = itemsShownPerDevice(devices)
  }
}

extension ResolvedSection {
  /// Gives the section its component's `filter_by_size_class`, `merge_next_by_size_class` and
  /// `pad_rows` (values of other types are the checker's: ZL0202).
  package mutating func applyDataRules(of c: ComponentDecl, manifest: ManifestDecl?) {
    let rule = { (key: String) in c.setting(key, in: "rules", manifest: manifest).flatMap { $0.isNull ? nil : $0 } }
    if let filters = rule("filter_by_size_class"), filters.kind == .object {
      filterBySizeClass = filters.members.compactMap { key, value in
        guard let name = key.string, value.kind == .object else { return nil }
        let types = value["exclude_types"]?.elements.compactMap(\.string) ?? []
        return (name, ItemFilter(excludeTypes: types))
      }
    }
    mergeNextBySizeClass = rule("merge_next_by_size_class")?.elements.compactMap(\.string) ?? []
    padRows = flexBool(rule("pad_rows")) ?? false
  }
}

extension BundleIndex {
  package func withSizeClasses(_ sizeClasses: [SizeClass]) -> BundleIndex {
    var index = self
    index.sizeClasses = sizeClasses
    return index
  }
}

extension Resolver {
  /// Per registered client that draws some sections with their fallbacks: those sections, by
  /// screen and section index (the bundle's `fallbacks`). Ordered by platform, then by the
  /// client's oldest build, not by the registries' file names: renaming a registry changes no byte.
  package func clientFallbacks() -> [ClientFallbacks] {
    let coverages = project.targetCoverages.enumerated().sorted { a, b in
      Self.registryPrecedes(a.element.registry, b.element.registry, else: a.offset < b.offset)
    }
    return coverages.compactMap { _, coverage in
      let registry = coverage.registry
      let applied = coverage.gaps.filter(\.appliesFallback)
      guard !applied.isEmpty else { return nil }
      // Each screen's sections by component path, found once: a screen may have thousands.
      var sectionByPath: [ObjectIdentifier: [[Int]: Int]] = [:]
      let sections: [SectionReference] = applied.compactMap { gap in
        guard let component = gap.component else { return nil }
        let screen = ObjectIdentifier(gap.screen)
        if sectionByPath[screen] == nil { sectionByPath[screen] = leafComponents(gap.screen).firstIndices { $0.path } }
        guard let index = sectionByPath[screen]?[component.path] else { return nil }
        return SectionReference(screen: gap.screen.id.value, section: index)
      }
      return ClientFallbacks(
        platform: registry.platform?.value ?? "", clientVersion: registry.clientName, installs: registry.share, sections: sections)
    }
  }

  /// Whether `a` comes before `b` among a bundle's clients: by platform, then by the oldest
  /// build (a `client_version` that is no version after those that are), then by the
  /// `client_version` as written; `tie` when all are equal.
  static func registryPrecedes(_ a: ClientRegistry, _ b: ClientRegistry, else tie: Bool) -> Bool {
    let (platformA, platformB) = (Array((a.platform?.value ?? "").utf8), Array((b.platform?.value ?? "").utf8))
    if platformA != platformB { return platformA.lexicographicallyPrecedes(platformB) }
    switch (a.lowerBound, b.lowerBound) {
    case (let x?, let y?) where Platforms.compare(x, y) != 0: return Platforms.compare(x, y) < 0
    case (.some, nil): return true
    case (nil, .some): return false
    default: break
    }
    let (nameA, nameB) = (Array(a.clientName.utf8), Array(b.clientName.utf8))
    return nameA == nameB ? tie : nameA.lexicographicallyPrecedes(nameB)
  }
}
