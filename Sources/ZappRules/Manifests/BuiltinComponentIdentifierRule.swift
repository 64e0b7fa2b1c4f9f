import ZappDiagnostics
import ZappModel

/// ZL0619 builtin-component-identifier.
package enum BuiltinComponentIdentifierRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0619", name: "builtin-component-identifier", severity: .warning, category: .manifests,
    summary: "A ui_component plugin's identifier is a built-in component type, which clients draw instead.",
    explanation: """
      A component's `component_type` names a built-in component (`list`, `grid`, `hero`, …) or a \
      ui_component plugin's `identifier`. A client looks the type up among its built-in components \
      first (Quick Brick's component lookup takes a plugin only for a type it has no component \
      of), and gives the component its own `data` whatever draws it. So a plugin whose \
      identifier is a built-in type (`"identifier": "hero"`) is never drawn: every component of \
      that type is the built-in one. zlc builds it so: the section binds the component's own data \
      source, it is drawn with its family's cell styles and checked as the built-in is (a cell \
      style it must name, ZL0304; an item height, ZL0511), and the manifest is left out of every \
      lookup of a plugin (its fields, `initial_value`s, `data` section, `data_types` and versions \
      apply to no component, and the platform rules do not count it as used). `zappifest \
      publish` accepts the identifier, so this is a warning, at the manifest's `identifier`, with \
      a note at the first component of that type. Give the plugin an identifier of its own and \
      name it in `component_type` where it is to be drawn. Quick Brick's own types (`gallery-qb`, \
      …) are built into Quick Brick alone: a manifest of such an identifier for a native client (a \
      platform other than Quick Brick's, or none, and `ui_frameworks` not Quick Brick's alone) is \
      that client's plugin, and is not reported, unless every platform the app targets is Quick \
      Brick's.
      """,
    bad: .files(
      ["components/x.json": Example.manifest("", identifier: "⟦⟧grid")],
      reports: [
        .init(
          "ui_component plugin 'grid' has the identifier of a built-in component type: clients draw the built-in 'grid', never this plugin, and zlc builds type 'grid' as the built-in without this manifest",
          notes: ["component 'grid' of screen 'home' is drawn as the built-in 'grid'"])
      ]),
    good: .files(["components/x.json": Example.manifest("", identifier: "x")]))

  package static var needsCompleteProject: Bool { false }

  /// One warning per identifier, at its first manifest, with notes at the first component of the
  /// type and at the plugin's other manifests.
  package static func check(_ context: RuleContext) {
    let project = context.project
    var reported: Set<String> = []
    let shadowing = project.manifests.filter { project.drawsBuiltin(insteadOf: $0) }
    for manifest in shadowing {
      guard let identifier = manifest.identifier, reported.insert(identifier.value).inserted else { continue }
      var notes: [DiagnosticNote] = []
      if let use = firstComponent(of: identifier.value, in: project) {
        notes.append(DiagnosticNote(Message.drawnAsBuiltin(identifier.value, screen: use.screen), at: use.type))
      }
      for other in shadowing where other !== manifest && other.identifier?.value == identifier.value {
        notes.append(DiagnosticNote("another manifest of plugin '\(identifier.value)'", at: other.identifier?.spot))
      }
      context.bag.add(Message.builtinIdentifier(identifier.value).diagnostic(at: identifier.spot, notes: notes))
    }
  }

  /// The first component of `type` in project order, with its screen's id.
  private static func firstComponent(of type: String, in project: Project) -> (type: SourceSpot, screen: String)? {
    for screen in project.screens {
      var found: SourceSpot?
      screen.forEachComponent { c in
        if found == nil, c.typeName == type { found = c.type.spot }
      }
      if let found { return (found, screen.id.value) }
    }
    return nil
  }
}

extension Rule {
  public static let builtinComponentIdentifier = BuiltinComponentIdentifierRule.rule
}

extension BuiltinComponentIdentifierRule {
  package typealias Message = RuleMessage<BuiltinComponentIdentifierRule>
}

extension RuleMessage where Owner == BuiltinComponentIdentifierRule {
  /// A ui_component manifest's `identifier` is the built-in component type `type`.
  package static func builtinIdentifier(_ type: String) -> Self {
    Self(
      "builtin-identifier",
      "ui_component plugin '\(type)' has the identifier of a built-in component type: clients draw the built-in '\(type)', never this plugin, and zlc builds type '\(type)' as the built-in without this manifest"
    )
  }

  /// The note at the first component of the type, on screen `screen`.
  package static func drawnAsBuiltin(_ type: String, screen: String) -> String {
    "component '\(type)' of screen '\(screen)' is drawn as the built-in '\(type)'"
  }
}
