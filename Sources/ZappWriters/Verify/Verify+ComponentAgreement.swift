import ZappLayout
import ZappModel

extension BundleVerifier {
  /// The sections whose values contradict their component where a build never lets them differ:
  /// `component_id` (the component's `id`, always), the `source` and `type` of an `own` binding
  /// that the component writes (a manifest's `initial_value` fills only what it leaves out), and
  /// each key of the component's `styles` (a manifest fills in others beside them). A client reads
  /// a section's values as written: it would load another feed, or draw without a style.
  package static func componentAgreementProblems(_ screen: ResolvedScreen) -> [BundleDecodingError] {
    let components = screen["ui_components"]
    var problems: [BundleDecodingError] = []
    for (i, section) in screen.resolved.sections.enumerated() {
      guard let component = SectionBasis.component(at: section.component, in: components) else { continue }
      let basis = SectionBasis(index: i, nextPath: [], screenFamily: nil, component: component)
      let at = "resolved.sections[\(i)]"
      let name = "screen '\(screen.id)', section \(section.section) ('\(section.componentType)')"
      let shown = section.component.map { "ui_components[\($0)]" }.joined(separator: ".")
      let id = basis.value(forKey: ResolvedSection.componentIDKey)?.stringValue
      if section.componentID.map(ExactString.init) != id.map(ExactString.init) {
        let its = id.map { "'\($0)'" } ?? "none"
        problems.append(
          BundleDecodingError(
            path: "\(at).\(ResolvedSection.componentIDKey)",
            message:
              "\(name): component_id \(section.componentID.map { "'\($0)'" } ?? "null") is not its component's id (\(shown) has \(its)); a client would take the section for another component"
          ))
      }
      if section.data.binding == .own, let written = basis.value(forKey: ResolvedSection.dataKey) {
        for (key, bound) in [("source", section.data.source), ("type", section.data.type)] {
          guard let own = written[key]?.stringValue, ExactString(own) != bound.map(ExactString.init) else { continue }
          problems.append(
            BundleDecodingError(
              path: "\(at).\(ResolvedSection.dataKey)",
              message:
                "\(name): binds \(key) \(bound.map { "'\($0)'" } ?? "null"), but its component, \(shown), writes '\(own)'; a client would load other data than the screen names"
            ))
        }
      }
      let keys = Set(section.styles.map { ExactString($0.0) })
      for (key, _) in basis.value(forKey: ResolvedSection.stylesKey)?.objectValue ?? [] where !keys.contains(ExactString(key)) {
        problems.append(
          BundleDecodingError(
            path: "\(at).\(ResolvedSection.stylesKey)",
            message:
              "\(name): its styles lack '\(key)' of its component's (\(shown)); a section's styles hold each of its component's, or a client would draw it without them"
          ))
      }
    }
    return problems
  }
}

extension ResolvedSection {
  /// Keys `BundleVerifier.componentAgreementProblems` locates its problems at.
  static let componentIDKey = key(\.componentID)
  static let dataKey = key(\.data)
  static let stylesKey = key(\.styles)
}
