import ZappDiagnostics
import ZappModel

/// ZL0426 quick-brick-type.
package enum QuickBrickTypeRule: ComponentRule {
  package static let rule = Rule(
    code: "ZL0426", name: "quick-brick-type", severity: .error, category: .references,
    summary: "A Quick Brick component type is used in an app one of whose target platforms has a native client.",
    explanation: """
      Quick Brick, Applicaster's React Native client, draws component types of its own \
      (`group-qb`, `gallery-qb`, `horizontal_list_qb`, …); the native clients (ios, android, tvos, \
      android_tv, amazon, roku) draw none of them, so a screen that uses one shows a hole there. \
      So is a size class replacement's (a component's own or a JSON family's \
      `sizeClassMapping`), a fallback's or a cell body's (`cell_body_component_type`) type. \
      A target platform with a manifest of that type (a plugin of the same name, not for \
      Quick Brick alone) is not reported, nor is a platform id zlc does not know. An app that names no platform is not \
      checked; a finding that only some platforms make names them.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {}}}"#,
        "screens/o.json": Example.screen(
          #"{"component_type": ⟦⟧"horizontal_list_qb", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#),
      ], reports: [.init("'horizontal_list_qb' is a Quick Brick component type, which the native clients do not draw")]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios_for_quickbrick": {}}}"#,
      "screens/o.json": Example.screen(
        #"{"component_type": "horizontal_list_qb", "data": {"source": "1", "type": "APPLICASTER_COLLECTION"}}"#),
    ]))

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    for type in drawnTypes(of: visit.component) { report(type, context) }
  }

  /// The finding for `type` where a native platform of the app does not draw it.
  static func report(_ type: Located<String>, _ context: RuleContext) {
    let native = nativePlatformsRefusing(type.value, in: context.project)
    guard !native.isEmpty else { return }
    let on = native.count < context.project.targetPlatforms.count ? " (on \(native.joined(separator: ", ")))" : ""
    context.report(rule, "'\(type.value)' is a Quick Brick component type, which the native clients do not draw" + on, at: type.spot)
  }

  /// The types a client may draw for a component: its own, its size class replacements', its
  /// fallback's and its cell body's, in document order of their kinds.
  static func drawnTypes(of component: ComponentDecl) -> [Located<String>] {
    var types = [component.type]
    for entry in SizeClassMappingEntry.replacements(of: component) where !entry.hides { entry.componentType.map { types.append($0) } }
    component.cellBodyType.map { types.append($0) }
    return types
  }
}

extension QuickBrickTypeRule {
  /// The app's native platforms that do not draw `type`, when it is a Quick Brick component type
  /// no manifest serves there; none for any other type.
  package static func nativePlatformsRefusing(_ type: String, in project: Project) -> [String] {
    guard Project.quickBrickComponentTypeSet.contains(type) else { return [] }
    // A manifest for Quick Brick alone is shadowed by its built-in and serves no native client.
    let manifests = project.manifests(for: type).filter { !$0.hasBuiltinComponentIdentifier }
    // A manifest that names no platform serves them all.
    guard !manifests.contains(where: { $0.platform == nil }) else { return [] }
    let served = Set(manifests.flatMap(\.servedPlatforms))
    // Known native platforms only: an id zlc does not know may be a Quick Brick app's.
    return project.targetPlatforms.filter { Platforms.known.contains($0) && !Platforms.isQuickBrick($0) && !served.contains($0) }
  }
}

/// A JSON family's `sizeClassMapping` is checked the same way, in the family file: the components
/// without a mapping of their own that the family draws take it.
extension QuickBrickTypeRule: ProjectRule {
  package static func check(_ context: RuleContext) {
    for mapping in SizeClassMappingEntry.familyMappings(context.project) {
      for entry in mapping.entries where !entry.hides { entry.componentType.map { report($0, context) } }
    }
  }
}

extension Rule {
  public static let quickBrickType = QuickBrickTypeRule.rule
}
