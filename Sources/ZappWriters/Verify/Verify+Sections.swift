import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel

extension BundleVerifier {
  /// What a client relies on in each section beyond its decoding: its `component` names a
  /// component of the screen's `ui_components`; its `target`, a screen of `ids` (the bundle's);
  /// without `layout_absent` it has a `geometry` (and
  /// with it no `layout_ref`, which is then never read); and on each device of the bundle its
  /// geometry (what a client lays it out with at any width) draws sizes above zero and the very
  /// `layout` written for that device, which is there wherever the section is drawn; its
  /// `cell_body` likewise (`cellBodyProblems`); its `drawn` entries are what its mapping draws
  /// (`drawnProblems`).
  /// `tree` is the screen file's tree, which tells where a section's derived keys come from. In a
  /// bundle another release wrote (`ownArithmetic` false), the layouts and `items_shown` are taken
  /// as written, sizes above zero: only that release has its arithmetic.
  package static func sectionProblems(
    _ screen: ResolvedScreen, tree: JSON, devices: [Device], ids: Set<ExactString>, in file: SourceFile, ownArithmetic: Bool = true
  ) -> [BundleProblem] {
    var problems: [BundleProblem] = []
    let components = screen["ui_components"]
    for (i, section) in screen.resolved.sections.enumerated() {
      let at = "resolved.sections[\(i)]"
      let name = "screen '\(screen.id)', section \(section.section) ('\(section.componentType)')"
      func problem(_ path: String, _ message: String) {
        problems.append(locate(BundleDecodingError(path: path, message: message), in: file))
      }
      if SectionBasis.component(at: section.component, in: components) == nil {
        problem("\(at).component", "\(name): component \(section.component) names no component of the screen's ui_components")
      }
      if let target = section.target, !ids.contains(ExactString(target)) {
        // Where the section holds no `target`, the runtime derived it from its component's.
        let written = tree["resolved"]?["sections"]?.arrayValue.map { i < $0.count && $0[i]["target"] != nil } ?? true
        let path = section.component.map { "ui_components[\($0)]" }.joined(separator: ".")
        problem(
          written ? "\(at).target" : "\(path).data.target",
          "\(name): target '\(target)' is not a screen of the bundle; a tap on an item would open nothing")
      }
      for found in cellBodyProblems(section, at: at, name: name, devices: devices, ownArithmetic: ownArithmetic)
        + drawnProblems(section, at: at, name: name, devices: devices)
      {
        problem(found.path, found.message)
      }
      if let reference = section.layoutRef, section.layoutAbsent != nil {
        problem(
          "\(at).layout_ref",
          "\(name): layout_ref '\(reference)' with layout_absent: a section with layout_absent holds its keys in place, so a client never reads the entry"
        )
      }
      // The geometry a compact section holds is its `layouts` entry's: located at the reference.
      let (geometryAt, geometry) =
        section.layoutRef.map { ("\(at).layout_ref", "the geometry of layouts entry '\($0)'") } ?? ("\(at).geometry", "its geometry")
      if section.geometry == nil, section.layoutAbsent == nil {
        let holder = section.layoutRef.map { "layouts entry '\($0)' holds" } ?? "holds"
        problem(
          section.layoutRef == nil ? at : geometryAt,
          "\(name): \(holder) no geometry, and the section has no layout_absent to say why; a client could not lay it out")
        continue
      }
      // The layouts a compact section holds are its `layouts` entry's too.
      let layoutAt = section.layoutRef == nil ? "\(at).layout" : geometryAt
      var layoutReported = false
      for device in devices {
        guard let (message, atLayout) = geometryMismatch(section, on: device, geometry: geometry, asWritten: !ownArithmetic) else {
          continue
        }
        problem(atLayout ? layoutAt : geometryAt, "\(name), device '\(device.name)': " + message)
        layoutReported = true
        break
      }
      // A layout for a device the bundle does not list is drawn on no device a client knows.
      if !layoutReported, let stray = section.layout.first(where: { entry in !devices.contains { $0.name == entry.device } }) {
        problem(layoutAt, "\(name): its layout has an entry for device '\(stray.device)', which the bundle does not list")
        layoutReported = true
      }
      // A section whose layouts are wrong has its item counts wrong for the same cause: one finding.
      if !layoutReported, let (device, message) = itemsShownMismatch(section, devices: devices, countsAsWritten: !ownArithmetic) {
        let path = section.itemsShown.contains { $0.device == device } ? "\(at).items_shown.\(device)" : at
        problems.append(locate(BundleDecodingError(path: path, message: "\(name), device '\(device)': " + message), in: file))
      }
    }
    return problems
  }

  /// The sections of a screen of a format_version 1 bundle that leave out a key only the compact
  /// form leaves out (`tree` is the screen's tree, at `prefix` in `file`: "[2]." in rivers.json): a
  /// reader of that version derives none.
  static func expandedFormProblems(_ screen: ResolvedScreen, tree: JSON, in file: SourceFile, prefix: String = "") -> [BundleProblem] {
    let written = tree["resolved"]?["sections"]?.arrayValue ?? []
    return zip(written, screen.resolved.sections).enumerated().compactMap { i, pair in
      let missing = ResolvedSection.keysLeftOutOfExpandedForm(pair.0, decoded: pair.1)
      guard !missing.isEmpty else { return nil }
      let keys = missing.map { "'\($0)'" }
      let listed = keys.count == 1 ? keys[0] : keys.dropLast().joined(separator: ", ") + " and " + keys[keys.count - 1]
      let message =
        "screen '\(screen.id)', section \(pair.1.section) ('\(pair.1.componentType)'): format_version 1, but the section leaves out \(listed), which only the compact form (format_version 2) may leave out; a reader of format_version 1 derives no key"
      return locate(BundleDecodingError(path: "\(prefix)resolved.sections[\(i)]", message: message), in: file)
    }
  }

  /// The first device whose `items_shown` count is not the one the runtime counts there
  /// (`itemsShownPerDevice`: none where no limit applies or the section is hidden), and why. With
  /// `countsAsWritten` (a bundle another release wrote, whose arithmetic may count otherwise), only
  /// a count where the section is hidden or for a device the bundle does not list.
  static func itemsShownMismatch(
    _ section: ResolvedSection, devices: [Device], countsAsWritten: Bool = false
  ) -> (device: String, message: String)? {
    if countsAsWritten {
      let hidden = devices.first { device in
        section.isHidden(sizeClass: device.sizeClass) && section.itemsShown.contains { $0.device == device.name }
      }
      if let device = hidden, let count = section.itemsShown.first(where: { $0.device == device.name })?.count {
        return (device.name, "items_shown gives \(count), but the section is hidden there")
      }
      return strayItemsShown(section, devices: devices)
    }
    let computed = section.itemsShownPerDevice(devices)
    guard !computed.elementsEqual(section.itemsShown, by: { $0.device == $1.device && $0.count == $1.count }) else { return nil }
    for device in devices {
      let wants = computed.first { $0.device == device.name }?.count
      let holds = section.itemsShown.first { $0.device == device.name }?.count
      guard wants != holds else { continue }
      let written = holds.map { "items_shown gives \($0)" } ?? "items_shown gives no count"
      let why: String
      if let wants {
        why = "the runtime shows \(wants) items there"
      } else if section.isHidden(sizeClass: device.sizeClass) {
        why = "the section is hidden there"
      } else {
        why = "no item limit applies there"
      }
      return (device.name, "\(written), but \(why)")
    }
    return strayItemsShown(section, devices: devices)
  }

  /// A count of `items_shown` for a device the bundle does not list, and why.
  static func strayItemsShown(_ section: ResolvedSection, devices: [Device]) -> (device: String, message: String)? {
    let stray = section.itemsShown.first { shown in !devices.contains { $0.name == shown.device } }
    return stray.map { ($0.device, "items_shown gives \($0.count), but the bundle lists no such device") }
  }

  /// Why the layout `section`'s geometry (`geometry` names it) draws on `device` is not the one
  /// written for it (true: the fault is the written layout's), nor a layout with every size above
  /// zero; nil when it is. The layout of a kind a newer release wrote, or any layout `asWritten`
  /// (of a bundle another release wrote), is taken as written (`newerKindProblem`).
  static func geometryMismatch(_ section: ResolvedSection, on device: Device, geometry: String, asWritten: Bool = false) -> (String, Bool)?
  {
    let drawn = section.drawn(on: device)
    guard !drawn.hidden, let computed = drawn.layout else { return nil }
    let noEntry = "\(geometry) draws the section there, but its layout has no entry for the device; a client would draw nothing"
    let newerKind = if case .unknown = computed.kind { true } else { false }
    if asWritten || newerKind {
      guard let written = section.layout(on: device.name) else { return (noEntry, true) }
      return newerKindProblem(written)
    }
    if let bad = computed.firstNonPositiveSize {
      return ("\(geometry) gives \(bad.path) \(bad.value) there; a size must be above zero", false)
    }
    guard let written = section.layout(on: device.name) else {
      return (noEntry, true)
    }
    // As written: the layout a client reads is rounded to 0.01, the one computed is not.
    guard written != computed, written.json != computed.json else { return nil }
    let (path, wants, holds) = firstDifference(computed.json, written.json, at: "") ?? ("", computed.json, written.json)
    return ("\(geometry) gives \(path.isEmpty ? "another layout" : path) \(text(wants)) there, but its layout holds \(text(holds))", false)
  }

  /// Why the `written` layout of a kind this release does not know (`LayoutKind.unknown`: a
  /// newer compiler's, whose arithmetic only that compiler has) cannot be drawn: a size at or
  /// below zero; nil when it can. Such a layout is taken as written, not computed again.
  static func newerKindProblem(_ written: SectionLayout) -> (String, Bool)? {
    guard let bad = written.firstNonPositiveSize else { return nil }
    // A kind this release knows is taken as written in a bundle another release wrote.
    let whose = if case .unknown = written.kind { " (a newer release's)" } else { "" }
    return ("its layout, of kind '\(written.kind.word)'\(whose), gives \(bad.path) \(bad.value) there; a size must be above zero", true)
  }

  /// The path of the first value where `a` and `b` differ (a member one has and the other lacks
  /// is `null` in it), with both values; nil when they are equal.
  static func firstDifference(_ a: JSON, _ b: JSON, at path: String) -> (String, JSON, JSON)? {
    guard a != b else { return nil }
    switch (a, b) {
    case (.object(let x), .object(let y)):
      // Each member found through a table, not a scan per key: a screen may hold an object of
      // 100,000 members, which a scan per key compared 10¹⁰ times.
      let (xs, ys) = (x.firstIndices { $0.0 }, y.firstIndices { $0.0 })
      for key in x.map(\.0) + y.map(\.0) {
        let (u, v) = (xs[key].map { x[$0].1 } ?? .null, ys[key].map { y[$0].1 } ?? .null)
        if let found = firstDifference(u, v, at: path.isEmpty ? key : "\(path).\(key)") { return found }
      }
    case (.array(let x), .array(let y)) where x.count == y.count:
      for (i, (u, v)) in zip(x, y).enumerated() {
        if let found = firstDifference(u, v, at: "\(path)[\(i)]") { return found }
      }
    default: break
    }
    return (path, a, b)
  }

  /// A value as a message shows it: as written, or, past `longestShown` bytes, what it is (an
  /// array of 300 cells printed whole made a line of 100 KB).
  static func text(_ value: JSON) -> String {
    let written = value.encoded(pretty: false)
    guard written.count > longestShown else { return String(decoding: written, as: UTF8.self) }
    switch value {
    case .array(let items): return "an array of \(items.count) \(items.count == 1 ? "value" : "values")"
    case .object(let members): return "an object of \(members.count) \(members.count == 1 ? "member" : "members")"
    default: return String(String(decoding: written, as: UTF8.self).prefix(longestShown)) + "…"
    }
  }

  /// How many bytes of a value a message shows as written (characters, of a longer string).
  static let longestShown = 200

  /// Each device's `size_class` is the size class of the bundle its width falls in, as the
  /// compiler works it out (`drawn(on:)` applies that class's mappings and limits).
  package static func deviceProblems(_ index: BundleIndex, file: ValueLocator) -> [BundleProblem] {
    index.devices.enumerated().compactMap { i, device in
      guard let fault = device.sizeClassFault(in: index.sizeClasses) else { return nil }
      return file.problem(fault, at: [.key(BundleIndex.key(\.devices)), .index(i), .key(Device.key(\.sizeClass))])
    }
  }

  /// Each device name is listed once, by its bytes: a section's `layout` and `items_shown` hold one
  /// entry per name, so a second device of a name would be drawn as the first.
  package static func repeatedDeviceProblems(_ index: BundleIndex, file: ValueLocator) -> [BundleProblem] {
    var first: [ExactString: Int] = [:]
    let key = BundleIndex.key(\.devices)
    return index.devices.enumerated().compactMap { i, device in
      guard let at = first[ExactString(device.name)] else {
        first[ExactString(device.name)] = i
        return nil
      }
      return file.problem(
        "device '\(device.name)' listed twice (first at \(key)[\(at)])", at: [.key(key), .index(i), .key(Device.key(\.name))])
    }
  }

  /// There is a size class (zlc writes S, L and XL when `zlc.json` gives none), and the list is
  /// one the runtime loads (`SizeClass.firstFault`): named once each, each holding some widths,
  /// neither overlapping nor leaving a gap.
  package static func sizeClassProblems(_ index: BundleIndex, file: ValueLocator) -> [BundleProblem] {
    let key = BundleIndex.key(\.sizeClasses)
    if index.sizeClasses.isEmpty { return [file.problem("no size class: a window of any width would have none", at: [.key(key)])] }
    guard let fault = SizeClass.firstFault(in: index.sizeClasses) else { return [] }
    let sizeClass = index.sizeClasses[fault.index]
    let message =
      switch fault.key {
      case SizeClass.key(\.name) where sizeClass.name.isEmpty: "a size class has an empty name"
      case SizeClass.key(\.maxWidth):
        "size class '\(sizeClass.name)' is empty: max_width \(text(.exact(sizeClass.maxWidth ?? 0))) is not above min_width \(text(.exact(sizeClass.minWidth)))"
      default: fault.message
      }
    return [file.problem(message, at: [.key(key), .index(fault.index), .key(fault.key)])]
  }
}
