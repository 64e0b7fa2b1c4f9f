import ZappLayout

extension BundleVerifier {
  /// What a section says it draws agrees with what draws it: each `drawn` entry is the section as
  /// its `size_class_mapping` draws it on that device (`drawn(on:)`: the size class, hidden or
  /// not, and the component type and cell styles drawn), one per device of the bundle when it has
  /// a mapping and none without; a mapping entry's geometry lays out the entry's own cell style.
  /// The mapper reads `drawn` as written, so an entry that disagrees draws another renderer with
  /// this geometry. At most one problem a section; `at` is its path, `name` how messages name it.
  static func drawnProblems(_ section: ResolvedSection, at: String, name: String, devices: [Device]) -> [BundleDecodingError] {
    let drawnAt = "\(at).drawn"
    if section.sizeClassMapping.isEmpty {
      guard let first = section.drawn.first else { return [] }
      let message =
        "\(name): drawn has an entry for device '\(first.device)', but the section has no size_class_mapping; drawn says how a mapping draws it"
      return [BundleDecodingError(path: drawnAt, message: message)]
    }
    if let problem = mappingStyleProblem(section, at: at, name: name) { return [problem] }
    for device in devices {
      let wanted = section.drawn(on: device)
      guard let written = section.drawnEntry(on: device.name) else {
        let message =
          "\(name), device '\(device.name)': drawn has no entry for the device, though the section has a size_class_mapping; a client would not know what to draw there"
        return [BundleDecodingError(path: drawnAt, message: message)]
      }
      guard let disagreement = firstDisagreement(written, wanted) else { continue }
      return [
        BundleDecodingError(
          path: "\(drawnAt).\(device.name)",
          message: "\(name), device '\(device.name)': drawn " + disagreement + "; a client draws what drawn says")
      ]
    }
    if let stray = section.drawn.first(where: { entry in !devices.contains { $0.name == entry.device } }) {
      let message = "\(name): drawn has an entry for device '\(stray.device)', which the bundle does not list"
      return [BundleDecodingError(path: drawnAt, message: message)]
    }
    return []
  }

  /// How the `written` entry of `drawn` first differs from the one the mapping draws (`wanted`),
  /// as the end of a message after "drawn"; nil when they agree.
  private static func firstDisagreement(_ written: DrawnSection, _ wanted: DrawnSection) -> String? {
    let word = { (value: String?) in value.map { text(.string($0)) } ?? "null" }
    guard written.sizeClass == wanted.sizeClass else {
      return "gives size_class \(word(written.sizeClass)), but the device's size class is \(word(wanted.sizeClass))"
    }
    let mapping = "on size class \(word(wanted.sizeClass)) its size_class_mapping"
    guard written.hidden == wanted.hidden else {
      return written.hidden ? "hides the section, but \(mapping) draws it" : "draws the section, but \(mapping) hides it"
    }
    guard !wanted.hidden else { return nil }
    if written.componentType != wanted.componentType {
      return "gives component_type \(word(written.componentType)), but \(mapping) draws a \(word(wanted.componentType))"
    }
    if written.cellStyles != wanted.cellStyles {
      return "gives cell_styles \(styleList(written.cellStyles)), but \(mapping) draws \(styleList(wanted.cellStyles))"
    }
    return nil
  }

  /// The first mapping entry whose geometry lays out other styles than its `cell_style` (one with
  /// no style when it names none): a client would size the replacement's cells with another style.
  private static func mappingStyleProblem(_ section: ResolvedSection, at: String, name: String) -> BundleDecodingError? {
    for (k, mapped) in section.sizeClassMapping.enumerated() {
      guard case .use(_, let style) = mapped.replacement, let geometry = mapped.geometry else { continue }
      let laidOut = geometry.styles.map(\.style)
      guard laidOut != [style] else { continue }
      let entryAt = "\(at).\(ResolvedSection.key(\.sizeClassMapping))[\(k)]"
      let holder = mapped.layoutRef.map { "the geometry of layouts entry '\($0)'" } ?? "its geometry"
      return BundleDecodingError(
        path: mapped.layoutRef == nil ? "\(entryAt).geometry" : "\(entryAt).layout_ref",
        message:
          "\(name), size_class_mapping for '\(mapped.sizeClass)': \(holder) lays out the styles \(styleList(laidOut)), but the entry's cell_style is \(styleList([style])); a client would size the replacement's cells with another style"
      )
    }
    return nil
  }

  /// A section's `cell_body` is its component's: `styles.cell_body_component_type` and the
  /// non-empty strings of `styles.cell_body_styles`, and its geometry lays out those styles; a
  /// section whose component names no body type has none. `component` is the section's component
  /// (nil: it names none, reported elsewhere).
  static func cellBodyAgreementProblems(
    _ section: ResolvedSection, component: JSON?, at: String, name: String
  ) -> [BundleDecodingError] {
    guard let component else { return [] }
    let bodyAt = "\(at).\(ResolvedSection.key(\.cellBody))"
    let styles = component["styles"]
    let type = styles?["cell_body_component_type"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    guard let body = section.cellBody else {
      guard let type else { return [] }
      let message =
        "\(name): its component's styles.cell_body_component_type is '\(type)', but the section has no cell_body; a client would draw its cells empty"
      return [BundleDecodingError(path: at, message: message)]
    }
    guard let type, type == body.componentType else {
      let says = type.map { "is '\($0)'" } ?? "names no type"
      let message =
        "\(name): cell_body has component_type '\(body.componentType)', but its component's styles.cell_body_component_type \(says); a client would draw its cells with another component"
      return [BundleDecodingError(path: "\(bodyAt).\(CellBody.key(\.componentType))", message: message)]
    }
    let named = (styles?["cell_body_styles"]?.arrayValue ?? []).compactMap { $0.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
    guard named == body.cellStyles else {
      let message =
        "\(name): cell_body has cell_styles \(styleList(body.cellStyles)), but its component's styles.cell_body_styles are \(styleList(named)); a client would draw the body's items with styles the screen does not name"
      return [BundleDecodingError(path: "\(bodyAt).\(CellBody.key(\.cellStyles))", message: message)]
    }
    guard let geometry = body.geometry, body.layoutAbsent == nil else { return [] }
    let laidOut = geometry.styles.map(\.style)
    let wanted = named.isEmpty ? [nil] : named.map(Optional.some)
    guard laidOut != wanted else { return [] }
    let holder = body.layoutRef.map { "the geometry of layouts entry '\($0)'" } ?? "its geometry"
    let message =
      "\(name), cell_body ('\(body.componentType)'): \(holder) lays out the styles \(styleList(laidOut)), but the body's are \(styleList(wanted)); a client would size its cells with other styles"
    return [
      BundleDecodingError(
        path: body.layoutRef == nil ? "\(bodyAt).\(CellBody.key(\.geometry))" : "\(bodyAt).\(CellBody.key(\.layoutRef))", message: message)
    ]
  }
}
