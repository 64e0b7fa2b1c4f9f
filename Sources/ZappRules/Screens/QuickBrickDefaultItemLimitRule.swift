import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0332 default-item-limit-alias-on-quick-brick.
package enum QuickBrickDefaultItemLimitRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0332", name: "default-item-limit-alias-on-quick-brick", severity: .warning, category: .references,
    summary: "A manifest gives `data_source_limit` or `datasource_limit` a default, which Quick Brick does not read.",
    explanation: """
      Quick Brick reads a component's `rules.item_limit` alone, where other clients also take the \
      older `data_source_limit` and `datasource_limit` (ZL0331). The same holds for a plugin \
      manifest's defaults: a manifest whose `rules` field of an older name has an `initial_value`, \
      and whose `item_limit` has none, limits a component that writes no limit of its own on the \
      other clients, while the Quick Brick platforms (`ios_for_quickbrick`, `samsung_tv`, \
      `lg_tv`, `web`, …) show every item of it, and their bundles give its section no limit. In an \
      app that targets one and has such a component, it is a warning at the field's `key` in the \
      manifest a Quick Brick platform is built with, naming those platforms, with a note at the \
      first such component and, when the manifest has no `item_limit` field and no field shown on \
      a condition of this one, the fix: name the field `item_limit`, which every client reads.
      """,
    bad: .files(
      [
        "zlc.json": #"{"platforms": {"ios": {}, "android_for_quickbrick": {}}}"#,
        "components/rail.json": Example.manifest(
          #", "rules": {"fields": [{"key": ⟦⟧"data_source_limit", "type": "number_input", "initial_value": 6}]}"#, identifier: "rail"),
        "screens/o.json": Example.screen(#"{"component_type": "rail"}"#),
      ],
      reports: [
        .init(
          "android_for_quickbrick reads 'rules.item_limit' alone: it ignores this default 'data_source_limit' 6, and shows every item of a 'rail' component that writes no limit",
          notes: ["component 'rail' of screen 'other' writes no limit"], fixIt: #""item_limit""#)
      ]),
    good: .files([
      "zlc.json": #"{"platforms": {"ios": {}, "android_for_quickbrick": {}}}"#,
      "components/rail.json": Example.manifest(
        #", "rules": {"fields": [{"key": "item_limit", "type": "number_input", "initial_value": 6}]}"#, identifier: "rail"),
      "screens/o.json": Example.screen(#"{"component_type": "rail"}"#),
    ]))

  package static var needsCompleteProject: Bool { false }

  package static func check(_ context: RuleContext) {
    let project = context.project
    let quickBrick = project.targetPlatforms.filter(Platforms.isQuickBrick)
    guard !quickBrick.isEmpty else { return }
    // The manifests with such a default, each with the Quick Brick platforms built with it.
    var found: [(manifest: ManifestDecl, field: FieldDecl, platforms: [String])] = []
    var seen: Set<String> = []
    for manifest in project.manifests {
      guard let identifier = manifest.identifier?.value, seen.insert(identifier).inserted else { continue }
      for (used, platforms) in project.bundleManifests(for: identifier) {
        let readers = (platforms.isEmpty ? project.targetPlatforms : platforms).filter(Platforms.isQuickBrick)
        guard !readers.isEmpty, let field = ignoredDefault(of: used) else { continue }
        found.append((used, field, readers))
      }
    }
    guard !found.isEmpty else { return }
    let unlimited = firstUnlimitedComponents(of: Set(found.compactMap { $0.manifest.identifier?.value }), in: project)
    for (manifest, field, platforms) in found {
      guard let identifier = manifest.identifier?.value, let use = unlimited[identifier] else { continue }
      report(field, of: manifest, identifier: identifier, platforms: platforms, use: use, context)
    }
  }

  /// The field of an older name whose default Quick Brick ignores: the first of them with an
  /// `initial_value` (as the other clients take it) that is a limit, when `item_limit` has none.
  static func ignoredDefault(of manifest: ManifestDecl) -> FieldDecl? {
    guard !manifest.hasBuiltinComponentIdentifier, !manifest.hasQuickBrickComponentIdentifier,
      manifest.initialValue(section: "rules", key: "item_limit") == nil
    else { return nil }
    for alias in ["data_source_limit", "datasource_limit"] {
      guard let field = manifest.fields.first(where: { $0.section == "rules" && $0.key == alias && $0.initialValue != nil }),
        let value = field.initialValue
      else { continue }
      return parseItemLimit(value) == nil ? nil : field
    }
    return nil
  }

  /// Per plugin identifier, the first component of that type (in project order) that writes no
  /// item limit of its own, with its screen's id.
  static func firstUnlimitedComponents(of identifiers: Set<String>, in project: Project) -> [String: (spot: SourceSpot, screen: String)] {
    var result: [String: (spot: SourceSpot, screen: String)] = [:]
    for screen in project.screens {
      screen.forEachComponent { c in
        guard identifiers.contains(c.typeName), result[c.typeName] == nil, c.itemLimit == nil else { return }
        result[c.typeName] = (c.type.spot, screen.id.value)
      }
      if result.count == identifiers.count { break }
    }
    return result
  }

  static func report(
    _ field: FieldDecl, of manifest: ManifestDecl, identifier: String, platforms: [String], use: (spot: SourceSpot, screen: String),
    _ context: RuleContext
  ) {
    guard let key = field.value["key"], let value = field.initialValue else { return }
    let one = platforms.count == 1
    let message =
      "\(summarizedList(platforms)) \(one ? "reads" : "read") 'rules.item_limit' alone: \(one ? "it ignores" : "they ignore") this default "
      + "'\(field.key)' \(value.sourceText), and \(one ? "shows" : "show") every item of a '\(identifier)' component that writes no limit"
    // Renaming the field is the fix unless the manifest has an `item_limit` field already, or a
    // field shown on a condition of this one (which would then name no field).
    let path = "rules/" + field.key
    let renamable =
      manifest.field(section: "rules", key: "item_limit") == nil
      && !manifest.fields.contains { $0.conditionKeys.contains { $0.value == path } }
    let fixIt =
      renamable
      ? FixIt(
        message: "name it 'item_limit'", replacement: "\"item_limit\"",
        range: key.sourceRange) : nil
    context.report(
      rule, message, at: key.spot,
      notes: [DiagnosticNote("component '\(identifier)' of screen '\(use.screen)' writes no limit", at: use.spot)],
      fixIt: fixIt)
  }
}

extension Rule {
  public static let defaultItemLimitAliasOnQuickBrick = QuickBrickDefaultItemLimitRule.rule
}
