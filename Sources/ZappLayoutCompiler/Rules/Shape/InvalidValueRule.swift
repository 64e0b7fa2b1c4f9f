import ZappLayout

/// ZL0203 invalid-value. JSON values are checked by the schema pass (`SchemaPass`, run as ZL0201's check).
enum InvalidValueRule: ProjectRule {
  static let rule = Rule(
    code: "ZL0203", name: "invalid-value", severity: .error, category: .shape,
    summary: "A value is outside the set the key allows.",
    explanation: """
      Keys such as `styles.presentation` (push, present, present_then_push), \
      `styles.launch_mode` (standard, single_top, single_instance), a device `class` (phone, \
      tablet) or a family `layout` take one of a known set of values.
      """,
    bad: .files(["screens/o.json": Example.screen(Example.grid, extra: #", "rules": {"refresh": ⟦⟧"sometimes"}"#)]),
    good: .files(["screens/o.json": Example.screen(Example.grid, extra: #", "rules": {"refresh": "pull"}"#)]))

  static var needsCompleteProject: Bool { false }

  /// Device entries of `zlc.json`, and device classes and layout kinds of families; values of
  /// closed sets in JSON are the schema pass's.
  static func check(_ context: RuleContext) {
    for decl in context.project.familyDefinitions { check(decl, context) }
    let settings = context.project.settings
    for entry in settings.deviceEntries where !ProjectSettings.deviceWidths.contains(entry.width) {
      context.report(
        rule, "device width must be from 1 to \(format(Metrics.maxLength)) points, found \(entry.widthValue.quotedSource)",
        at: entry.widthValue.spot)
    }
    checkInstalls(context)
    if let devices = settings.devicesValue, devices.elements.isEmpty {
      context.report(rule, "'devices' is empty; list at least one device or leave the key out for the defaults", at: devices.spot)
    }
  }

  /// A registry's `installs` is a share from 0 to 1, and a platform's shares add up to at most 1.
  static func checkInstalls(_ context: RuleContext) {
    var byPlatform: [String: [Located<Double>]] = [:]
    for registry in context.project.registries {
      guard let installs = registry.installs else { continue }
      guard (0...1).contains(installs.value) else {
        context.report(
          rule, "'installs' is a share of the platform's active installs from 0 to 1, found \(format(installs.value))", at: installs.spot)
        continue
      }
      byPlatform[registry.platform?.value ?? "", default: []].append(installs)
    }
    for (platform, shares) in byPlatform.sorted(by: { $0.key < $1.key }) {
      let total = shares.map(\.value).reduce(0, +)
      guard total > 1 + 1e-9, let last = shares.last else { continue }
      context.report(
        rule, "the '\(platform)' registries' 'installs' add up to \(format(total)), more than all of the platform's installs (1)",
        at: last.spot, notes: shares.dropLast().map { DiagnosticNote("'installs' of another '\(platform)' registry", at: $0.spot) })
    }
  }

  static let deviceClasses = ["default", "phone", "iphone", "sw600", "tablet", "ipad", "universal"]

  static func check(_ decl: FamilyDecl, _ context: RuleContext) {
    for type in decl.deviceClassLists.joined() where ClassSelector(alias: type.value) == nil {
      context.report(
        rule, "unknown device class '\(shortValue(type.value))'; expected default, sw600 or universal (or phone, tablet, iphone, ipad)",
        at: type.spot, fixIt: .didYouMean(closestMatch(to: type.value, in: deviceClasses), at: type.spot))
    }
    let kinds = LayoutKind.knownWords
    for (values, what) in [(decl.layoutAttributes, "layout"), (decl.layoutKinds, "layout kind")] {
      for value in values where LayoutKind(knownWord: value.value) == nil {
        context.report(
          rule, "unknown \(what) '\(shortValue(value.value))'; expected one of \(kinds.joined(separator: ", "))", at: value.spot,
          fixIt: .didYouMean(closestMatch(to: value.value, in: kinds), at: value.spot))
      }
    }
  }
}

extension Rule {
  public static let invalidValue = InvalidValueRule.rule
}
