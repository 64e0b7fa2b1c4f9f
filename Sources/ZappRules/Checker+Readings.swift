import ZappDiagnostics
import ZappModel

/// An app that targets `ios` and a platform whose client reads the component's family draws a
/// component whose own family differs from its screen's with each (`Project.otherReadingFamily`).
/// The rules that read the family a component is drawn with (`readsDrawnFamily`) check such a
/// component under both readings: what only the other reading (the `ios` bundle's) finds is
/// reported with a note that says so, and a finding of both readings once.
extension Checker {
  /// Runs the screen and component rules on a screen of which some visits have another reading
  /// (`others` holds them, by index in `visits`).
  func check(_ screen: ScreenDecl, visits: [ComponentVisit], others: [Int: ComponentVisit], _ context: RuleContext) {
    let otherVisits = visits.indices.map { others[$0] ?? visits[$0] }
    for rule in RuleRegistry.screenRules {
      guard rule.readsDrawnFamily else {
        rule.check(screen, components: visits, context)
        continue
      }
      Self.checkBothReadings(of: screen, context) { rule.check(screen, components: $0 ? otherVisits : visits, $1) }
    }
    for (index, visit) in visits.enumerated() {
      guard let other = others[index] else {
        for rule in RuleRegistry.componentRules { rule.check(visit, context) }
        continue
      }
      for rule in RuleRegistry.componentRules {
        guard rule.readsDrawnFamily else {
          rule.check(visit, context)
          continue
        }
        Self.checkBothReadings(of: screen, context) { rule.check($0 ? other : visit, $1) }
      }
    }
  }

  /// Runs `check` under the project's reading (`false`) and the other (`true`), and reports the
  /// first's findings and those of the other that the first does not make, with
  /// `FamilyMismatchRule.Message.otherReading` (the other reading is the screen family's). A
  /// finding of one reading alone keeps no fix-it: what satisfies one family may not be in the
  /// other, whose reading would then offer the change back (`--fix` would swap them for ever).
  /// Findings of both readings at one place that differ only in wording (they name their family)
  /// but make the same fix are reported once, with the fix: each reading offers it, so it is valid
  /// under both.
  /// A finding of both readings is one by `FindingKey`: the same message at the same place, and
  /// the first reading's fix-it, if any, is the one reported.
  static func checkBothReadings(of screen: ScreenDecl, _ context: RuleContext, _ check: (Bool, RuleContext) -> Void) {
    let (ownReaders, screenReaders) = readingPlatforms(of: context.project)
    let own = DiagnosticBag()
    var ownContext = context.reporting(into: own)
    ownContext.readingPlatforms = ownReaders
    check(false, ownContext)
    let other = DiagnosticBag()
    var otherContext = context.reporting(into: other)
    otherContext.readingPlatforms = screenReaders
    check(true, otherContext)
    let (found, otherFound) = (own.all, other.all)
    let (seen, seenByOther) = (Set(found.map(FindingKey.init)), Set(otherFound.map(FindingKey.init)))
    var merged: Set<Int> = []
    for var diagnostic in found {
      if !seenByOther.contains(FindingKey(diagnostic)) {
        let same = otherFound.indices.first { i in
          !merged.contains(i) && !seen.contains(FindingKey(otherFound[i])) && makeTheSameFix(diagnostic, otherFound[i])
        }
        if let same, let family = screen.family {
          merged.insert(same)
          diagnostic.notes.append(FamilyMismatchRule.Message.otherReading(of: screen, family: family, finding: otherFound[same].message))
        } else {
          diagnostic.fixIt = nil
        }
      }
      context.bag.add(diagnostic)
    }
    for (i, var diagnostic) in otherFound.enumerated() where !seen.contains(FindingKey(diagnostic)) && !merged.contains(i) {
      diagnostic.fixIt = nil
      if let family = screen.family { diagnostic.notes.append(FamilyMismatchRule.Message.otherReading(of: screen, family: family)) }
      context.bag.add(diagnostic)
    }
  }

  /// The app's platforms whose clients draw a component with its own family (the project's
  /// reading), and those that draw it with its screen's (the other).
  static func readingPlatforms(of project: Project) -> (own: Set<String>, screen: Set<String>) {
    let targets = project.targetPlatforms
    return (Set(targets.filter { !Project.readsScreenFamily(on: $0) }), Set(targets.filter { Project.readsScreenFamily(on: $0) }))
  }

  /// Whether two findings of one rule at one place make the same fix, one `--fix` would apply.
  static func makeTheSameFix(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
    guard a.code == b.code, a.path == b.path, let spot = a.spot, spot.offset == b.spot?.offset,
      let fix = a.fixIt, let range = fix.range, let otherFix = b.fixIt, let otherRange = otherFix.range
    else { return false }
    return fix.replacement == otherFix.replacement && range.spot.offset == otherRange.spot.offset
      && range.spot.file.path == otherRange.spot.file.path && range.length == otherRange.length
  }
}
