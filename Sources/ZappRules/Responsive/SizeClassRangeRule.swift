import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0508 size-class-range.
package enum SizeClassRangeRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0508", name: "size-class-range", severity: .error, category: .geometry,
    summary:
      "A size class's width range is empty, begins past 10,000 points, overlaps another's or leaves a gap before the next, a name is given twice, or a device is in no size class.",
    explanation: """
      Each entry of zlc.json's `size_classes` holds the window widths from `min_width` \
      (inclusive) up to `max_width` (exclusive; absent for no upper bound). A window has exactly \
      one size class, so a range must not be empty, no two ranges may share a width, and one \
      range ends where the next begins: a window in a gap between them would have none, and no \
      size-class mapping or item limit would apply to it. For the same reason every device of \
      the project must be in a size class, and each size class has a name of its own: a family's \
      entries for the name would apply to both ranges. A class begins at 10,000 points at most, \
      the widest window zlc checks and clients lay out: a client lays a wider window out as \
      10,000 points wide.
      """,
    bad: .files(
      [
        "zlc.json":
          #"{"size_classes": [{"name": "S", "min_width": 0, "max_width": 600, "class": "phone"}, {"name": "L", "min_width": ⟦⟧500, "class": "tablet"}]}"#
      ], reports: [.init("size class 'L' (from 500 up) overlaps size class 'S' (from 0 to 600)", notes: ["'S' is defined here"])]),
    good: .files([
      "zlc.json":
        #"{"size_classes": [{"name": "S", "min_width": 0, "max_width": 600, "class": "phone"}, {"name": "L", "min_width": 600, "class": "tablet"}]}"#
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    let entries = context.project.settings.sizeClassEntries
    let overlapsSome = !areApart(entries.map(\.sizeClass).filter { !isEmpty($0) })
    var ranged: [SizeClassEntry] = []
    for entry in entries {
      let c = entry.sizeClass
      if let max = c.maxWidth, isEmpty(c) {
        context.report(
          rule, "size class '\(c.name)' is empty: max_width \(text(max)) is not above min_width \(text(c.minWidth))",
          at: entry.value["max_width"]?.spot)
        continue
      }
      if c.minWidth > Metrics.maxLength {
        let widest = text(Metrics.maxLength)
        context.report(
          rule,
          "size class '\(c.name)' begins at \(text(c.minWidth)) points, past the widest window zlc checks and clients lay out (\(widest) points): a client lays a wider window out as \(widest) points wide, so its values would never apply as checked",
          at: entry.value["min_width"]?.spot)
      }
      if overlapsSome, let other = ranged.first(where: { overlap($0.sizeClass, c) }) {
        context.report(
          rule,
          "size class '\(c.name)' (\(range(c))) overlaps size class '\(other.sizeClass.name)' (\(range(other.sizeClass)))",
          at: entry.value["min_width"]?.spot,
          notes: [DiagnosticNote("'\(other.sizeClass.name)' is defined here", at: other.value["name"]?.spot)])
      }
      ranged.append(entry)
    }
    if !overlapsSome { checkGaps(ranged, context) }
    checkNames(entries, context)
    checkDevices(context)
  }

  /// Each size class named once (two names that read the same are one to zlc, which resolves
  /// names as they read, but two to clients, which compare their bytes).
  private static func checkNames(_ entries: [SizeClassEntry], _ context: RuleContext) {
    var first: [String: (name: String, spot: SourceSpot?)] = [:]
    for entry in entries {
      let name = entry.sizeClass.name
      if let earlier = first[name] {
        context.report(
          rule, "size class '\(name)' is defined twice" + TerminalText.inAnotherForm(name, earlier.name),
          at: entry.value["name"]?.spot, notes: [DiagnosticNote("first defined here", at: earlier.spot)])
      } else {
        first[name] = (name, entry.value["name"]?.spot)
      }
    }
  }

  /// Each device of the project in a size class, when zlc.json gives its own.
  private static func checkDevices(_ context: RuleContext) {
    let settings = context.project.settings
    guard !settings.sizeClassEntries.isEmpty else { return }
    let written = Dictionary(settings.deviceEntries.map { ($0.name.value, $0.widthValue.spot) }, uniquingKeysWith: { a, _ in a })
    for device in settings.devices where device.sizeClass == nil {
      context.report(
        rule,
        "device '\(device.name)' (\(text(device.width)) pt wide) is in no size class: clients would lay it out with no size class's values",
        at: written[device.name] ?? settings.root?["size_classes"]?.spot)
    }
  }

  /// Ranges apart from each other, in order of `min_width`: each ends where the next begins.
  private static func checkGaps(_ entries: [SizeClassEntry], _ context: RuleContext) {
    let sorted = entries.filter { !isEmpty($0.sizeClass) }.sorted { $0.sizeClass.minWidth < $1.sizeClass.minWidth }
    for (earlier, later) in zip(sorted, sorted.dropFirst()) {
      guard let end = earlier.sizeClass.maxWidth, end < later.sizeClass.minWidth else { continue }
      context.report(
        rule,
        "no size class holds widths from \(text(end)) to \(text(later.sizeClass.minWidth)): size class '\(later.sizeClass.name)' begins after '\(earlier.sizeClass.name)' ends",
        at: later.value["min_width"]?.spot,
        notes: [DiagnosticNote("'\(earlier.sizeClass.name)' ends here", at: earlier.value["max_width"]?.spot)])
    }
  }

  static func isEmpty(_ c: SizeClass) -> Bool { c.maxWidth.map { $0 <= c.minWidth } ?? false }

  /// Whether no two of the (non-empty) ranges overlap, found with one sort: sorted by min_width,
  /// ranges that are apart each end by the next one's start. A project whose ranges are apart
  /// (every valid one) then never compares each class with every earlier one. Ranges with a
  /// bound that is not a finite number are not sorted: they are taken to overlap.
  static func areApart(_ classes: [SizeClass]) -> Bool {
    guard classes.allSatisfy({ $0.minWidth.isFinite && ($0.maxWidth?.isFinite ?? true) }) else { return false }
    let sorted = classes.sorted { $0.minWidth < $1.minWidth }
    return zip(sorted, sorted.dropFirst()).allSatisfy { earlier, later in (earlier.maxWidth ?? .infinity) <= later.minWidth }
  }

  package static func overlap(_ a: SizeClass, _ b: SizeClass) -> Bool {
    a.minWidth < (b.maxWidth ?? .infinity) && b.minWidth < (a.maxWidth ?? .infinity)
  }

  package static func text(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value) }

  package static func range(_ c: SizeClass) -> String { "from \(text(c.minWidth))" + (c.maxWidth.map { " to \(text($0))" } ?? " up") }
}

extension Rule {
  public static let sizeClassRange = SizeClassRangeRule.rule
}
