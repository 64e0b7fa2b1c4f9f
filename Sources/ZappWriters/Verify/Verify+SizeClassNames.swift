import ZappDiagnostics
import ZappLayout

extension BundleVerifier {
  /// The sections' values kept per size class (`size_class_mapping`, `item_limit_by_size_class`,
  /// `filter_by_size_class`, `merge_next_by_size_class`) that name a size class the bundle does not
  /// have, which a client at any width never applies; and a merge into the next section on the
  /// screen's last section, which has none.
  package static func sizeClassNameProblems(_ screen: ResolvedScreen, sizeClasses: [SizeClass], in file: SourceFile) -> [BundleProblem] {
    let known = Set(sizeClasses.map(\.name))
    var problems: [BundleProblem] = []
    let sections = screen.resolved.sections
    for (i, section) in sections.enumerated() {
      let at = "resolved.sections[\(i)]"
      let name = "screen '\(screen.id)', section \(section.section) ('\(section.componentType)')"
      func unknown(_ sizeClass: String, _ path: String, _ what: String) {
        guard !known.contains(sizeClass) else { return }
        let message = "\(name): \(what) names size class '\(sizeClass)', which is not a size class of the bundle; a client never applies it"
        problems.append(locate(BundleDecodingError(path: path, message: message), in: file))
      }
      for (k, mapped) in section.sizeClassMapping.enumerated() {
        unknown(mapped.sizeClass, "\(at).size_class_mapping[\(k)].size_class", "its size_class_mapping")
      }
      for entry in section.itemLimitBySizeClass {
        unknown(entry.sizeClass, "\(at).item_limit_by_size_class.\(entry.sizeClass)", "its item_limit_by_size_class")
      }
      for entry in section.filterBySizeClass {
        unknown(entry.sizeClass, "\(at).filter_by_size_class.\(entry.sizeClass)", "its filter_by_size_class")
      }
      for (k, sizeClass) in section.mergeNextBySizeClass.enumerated() {
        unknown(sizeClass, "\(at).merge_next_by_size_class[\(k)]", "its merge_next_by_size_class")
      }
      if i == sections.count - 1, !section.mergeNextBySizeClass.isEmpty {
        let message = "\(name): merge_next_by_size_class on the screen's last section, which has no next section to merge"
        problems.append(locate(BundleDecodingError(path: "\(at).merge_next_by_size_class", message: message), in: file))
      }
    }
    return problems
  }
}
