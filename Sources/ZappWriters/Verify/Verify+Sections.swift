import Foundation
import ZappDiagnostics
import ZappLayout

extension BundleVerifier {
  /// What a client relies on in each section beyond its decoding: its `component` names a
  /// component of the screen's `ui_components`, and on each device of the bundle its `geometry`
  /// (what a client lays it out with at any width) draws sizes above zero and the very `layout`
  /// written for that device.
  package static func sectionProblems(_ screen: ResolvedScreen, devices: [Device], in file: SourceFile) -> [BundleProblem] {
    var problems: [BundleProblem] = []
    let components = screen["ui_components"]
    for (i, section) in screen.resolved.sections.enumerated() {
      let at = "resolved.sections[\(i)]"
      let name = "screen '\(screen.id)', section \(section.section) ('\(section.componentType)')"
      if SectionBasis.component(at: section.component, in: components) == nil {
        let message = "\(name): component \(section.component) names no component of the screen's ui_components"
        problems.append(locate(BundleDecodingError(path: "\(at).component", message: message), in: file))
      }
      // The geometry a compact section holds is its `layouts` entry's: located at the reference.
      let (geometryAt, geometry) =
        section.layoutRef.map { ("\(at).layout_ref", "the geometry of layouts entry '\($0)'") } ?? ("\(at).geometry", "its geometry")
      for device in devices {
        guard let message = geometryMismatch(section, on: device, geometry: geometry) else { continue }
        problems.append(
          locate(BundleDecodingError(path: geometryAt, message: "\(name), device '\(device.name)': " + message), in: file))
        break
      }
      if let (device, message) = itemsShownMismatch(section, devices: devices) {
        let path = section.itemsShown.contains { $0.device == device } ? "\(at).items_shown.\(device)" : at
        problems.append(locate(BundleDecodingError(path: path, message: "\(name), device '\(device)': " + message), in: file))
      }
    }
    return problems
  }

  /// The first device whose `items_shown` count is not the one the runtime counts there
  /// (`itemsShownPerDevice`: none where no limit applies or the section is hidden), and why.
  static func itemsShownMismatch(_ section: ResolvedSection, devices: [Device]) -> (device: String, message: String)? {
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
    // A count for a device the bundle does not list.
    let stray = section.itemsShown.first { shown in !devices.contains { $0.name == shown.device } }
    return stray.map { ($0.device, "items_shown gives \($0.count), but the bundle lists no such device") }
  }

  /// Why the layout `section`'s geometry (`geometry` names it) draws on `device` is not the one
  /// written for it, nor a layout with every size above zero; nil when it is.
  static func geometryMismatch(_ section: ResolvedSection, on device: Device, geometry: String) -> String? {
    let drawn = section.drawn(on: device)
    guard !drawn.hidden, let computed = drawn.layout else { return nil }
    if let bad = computed.firstNonPositiveSize {
      return "\(geometry) gives \(bad.path) \(bad.value) there; a size must be above zero"
    }
    // As written: the layout a client reads is rounded to 0.01, the one computed is not.
    guard let written = section.layout(on: device.name), written != computed, written.json != computed.json else { return nil }
    let (path, wants, holds) = firstDifference(computed.json, written.json, at: "") ?? ("", computed.json, written.json)
    return "\(geometry) gives \(path.isEmpty ? "another layout" : path) \(text(wants)) there, but its layout holds \(text(holds))"
  }

  /// The path of the first value where `a` and `b` differ (a member one has and the other lacks
  /// is `null` in it), with both values; nil when they are equal.
  static func firstDifference(_ a: JSON, _ b: JSON, at path: String) -> (String, JSON, JSON)? {
    guard a != b else { return nil }
    switch (a, b) {
    case (.object(let x), .object(let y)):
      for key in x.map(\.0) + y.map(\.0) {
        let (u, v) = (a[key] ?? .null, b[key] ?? .null)
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

  private static func text(_ value: JSON) -> String { String(decoding: value.encoded(pretty: false), as: UTF8.self) }

  /// Each size class holds some widths: its `max_width`, when it has one, is above its `min_width`.
  package static func sizeClassProblems(_ index: BundleIndex, file: ValueLocator) -> [BundleProblem] {
    index.sizeClasses.enumerated().compactMap { i, sizeClass in
      guard let max = sizeClass.maxWidth, !(max > sizeClass.minWidth) else { return nil }
      return file.problem(
        "size class '\(sizeClass.name)' is empty: max_width \(text(.exact(max))) is not above min_width \(text(.exact(sizeClass.minWidth)))",
        at: [.key(BundleIndex.key(\.sizeClasses)), .index(i), .key(SizeClass.key(\.maxWidth))])
    }
  }
}
