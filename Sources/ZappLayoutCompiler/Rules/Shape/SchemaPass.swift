import Foundation

/// The schema pass: every JSON input checked against its shape (`Model/Shapes.swift`, the schema
/// `zlc schema` prints). One walk of each value reports the four shape rules at once — ZL0201
/// missing keys, ZL0202 wrong types, ZL0203 values outside a set, ZL0204 unknown keys — so it runs
/// once, as `MissingKeyRule`'s check. A plugin's manifest widens the shapes of its screens and
/// components by the keys its fields declare.
enum SchemaPass {
  static func check(_ context: RuleContext) {
    let project = context.project
    var diagnostics: [Diagnostic] = []
    if let root = project.settings.root {
      var checker = ShapeChecker()
      checker.check(root, .object(Shapes.settings), what: "zlc.json")
      diagnostics += checker.diagnostics
    }
    if let root = project.screenTypes?.root {
      var checker = ShapeChecker()
      checker.check(root, .object(Shapes.screenTypes), what: "screen_types.json")
      diagnostics += checker.diagnostics
    }
    for manifest in project.manifests {
      var checker = ShapeChecker { name, _ in name == "field" ? .object(Shapes.manifestField) : .any }
      checker.check(manifest.value, .object(Shapes.manifest), what: "manifest")
      diagnostics += checker.diagnostics
    }
    context.bag.add(contentsOf: diagnostics)
    // Screens in parallel, in chunks, as the screen rules run.
    let screens = project.screenObjects
    let chunk = 64
    DispatchQueue.concurrentPerform(iterations: (screens.count + chunk - 1) / chunk) { k in
      var found: [Diagnostic] = []
      for screen in screens[(k * chunk)..<min(screens.count, (k + 1) * chunk)] { found += check(screen: screen, project) }
      context.bag.add(contentsOf: found)
    }
  }

  /// A screen object against the screen shape, widened by its plugin's and components' manifests.
  static func check(screen value: JSONValue, _ project: Project) -> [Diagnostic] {
    let plugin = value["type"]?.string.flatMap { t in t == "general_content" || t == "favorites" ? nil : project.manifest(for: t) }
    var checker = ShapeChecker { name, v in
      switch name {
      case "component": return .object(componentShape(for: v, project))
      case "navItem": return .object(Shapes.navItem)
      case "screenStyles": return .object(Shapes.screenStyles.adding(plugin?.fields(in: "styles").map(\.key) ?? []))
      case "screenRules": return .object(Shapes.screenRules.adding(plugin?.fields(in: "rules").map(\.key) ?? []))
      default: return .any
      }
    }
    checker.checkObject(value, Shapes.screen, what: "screen")
    return checker.diagnostics
  }

  /// The component shape, with the keys a plugin component's manifest declares.
  static func componentShape(for value: JSONValue, _ project: Project) -> ObjectShape {
    guard let type = value["component_type"]?.string, let manifest = project.manifest(for: type) else { return Shapes.component }
    var shape = Shapes.component
    shape.fields = shape.fields.map { field in
      switch field.key {
      case "styles": return (field.key, .object(Shapes.componentStyles.adding(manifest.fields(in: "styles").map(\.key))), field.summary)
      case "rules": return (field.key, .object(Shapes.componentRules.adding(manifest.fields(in: "rules").map(\.key))), field.summary)
      case "data": return (field.key, .object(Shapes.dataSource.adding(manifest.fields(in: "data").map(\.key))), field.summary)
      default: return field
      }
    }
    return shape
  }
}
