import Foundation
import ZappDiagnostics
import ZappModel
import ZappResolution
import ZappRules

extension ClientAPI {
  /// Names of one list whose identifiers met (`show` and `Show`), so that each got its name's
  /// hash instead (`show_1c633350`, `show_0df6f1ca`): an identifier client code used is gone.
  package struct Renaming: Sendable {
    /// What the names are, in the plural (`screen ids`).
    package var noun: String
    /// How the identifiers are written in the generated code.
    package var form: IdentifierForm
    /// The identifier the names would all have had, in lower camel case (`show`).
    package var shared: String
    /// The names with their identifiers, in list order.
    package var names: [ClientName]
    /// Where each name is written, where known.
    package var spots: [SourceSpot?]
  }

  /// How a list's identifiers are written: a case (Swift lower camel case, Kotlin and TypeScript
  /// upper), a property (lower camel case) or a type (upper camel case).
  package enum IdentifierForm: Sendable {
    case enumCase, property, type

    /// `name` (an identifier in lower camel case) as `language` writes it in this form.
    package func written(_ name: String, in language: ClientLanguage) -> String {
      let upper = name.prefix(1).uppercased() + name.dropFirst()
      switch self {
      case .enumCase: return language == .swift ? name : upper
      case .property: return name
      case .type: return upper
      }
    }
  }

  /// The renamings of every list the code declares, with the spots of screens, screen types,
  /// component types (their first component), plugins, fields and options.
  package static func renamings(of api: ClientAPI, project: Project) -> [Renaming] {
    var result: [Renaming] = []
    func add(_ noun: String, _ form: IdentifierForm, _ names: [ClientName], spot: (String) -> SourceSpot? = { _ in nil }) {
      for group in ClientIdentifiers.collisions(names) {
        let shared = ClientIdentifiers.shortened(ClientIdentifiers.base(group[0].wire), wire: group[0].wire)
        result.append(Renaming(noun: noun, form: form, shared: shared, names: group, spots: group.map { spot($0.wire) }))
      }
    }
    add("screen ids", .enumCase, api.screens) { project.screen(id: $0)?.id.spot }
    let typeKeys = project.screenTypes?.screenTypes ?? []
    add("screen types", .enumCase, api.screenTypes.map(\.name)) { key in typeKeys.first { $0.key.utf8.elementsEqual(key.utf8) }?.keySpot }
    add("component types", .enumCase, api.componentTypes) { type in
      project.screens.lazy.flatMap(\.components).first { $0.type.value.utf8.elementsEqual(type.utf8) }?.type.spot
    }
    // Where a screen first needs each cell layout, layout kind, screen plugin and navigation
    // plugin: worked out on the first renaming of one of them.
    var needs: [RendererNeed.Kind: [ExactString: SourceSpot]]?
    func need(_ kind: RendererNeed.Kind, _ name: String) -> SourceSpot? {
      if needs == nil { needs = firstNeeds(of: project, platform: api.platform) }
      return needs?[kind]?[ExactString(name)]
    }
    add("cell layouts", .enumCase, api.cellLayouts) { need(.cellLayout, $0) }
    add("layout kinds", .enumCase, api.layoutKinds) { need(.layoutKind, $0) }
    add("screen plugins", .enumCase, api.screenPlugins) { need(.screenPlugin, $0) }
    add("navigation plugins", .enumCase, api.navigationPlugins) { need(.navigationPlugin, $0) }
    add("plugins", .type, api.plugins.map(\.name)) { id in api.plugins.first { $0.name.wire.utf8.elementsEqual(id.utf8) }?.spot }
    for plugin in api.plugins {
      for model in plugin.models {
        let owner = "the plugin '\(plugin.name.wire)'"
        add("\(model.section) fields of \(owner)", .property, model.fields.map(\.name)) { key in
          model.fields.first { $0.name.wire.utf8.elementsEqual(key.utf8) }?.spot
        }
        for field in model.fields {
          guard let options = field.options else { continue }
          add("options of the field '\(field.name.wire)' of \(owner)", .enumCase, options.cases) { field.spot(ofOption: $0) }
        }
      }
    }
    return result
  }

  /// Where the screens first need each renderer, by kind and name (by its bytes): a cell style
  /// that draws with a cell layout, a component of a layout kind, a screen of a screen plugin.
  static func firstNeeds(of project: Project, platform: String?) -> [RendererNeed.Kind: [ExactString: SourceSpot]] {
    var found: [RendererNeed.Kind: [ExactString: SourceSpot]] = [:]
    for screen in project.screens {
      project.forEachRendererNeed(screen, platform: platform) { need in
        if found[need.kind]?[ExactString(need.name)] == nil { found[need.kind, default: [:]][ExactString(need.name)] = need.spot }
      }
    }
    return found
  }
}

extension ClientAPI.Renaming {
  /// The warning (ZL0121) in `language`'s identifiers: at the first name written somewhere, with
  /// a note at each other one; without any, in the project's folder `path`.
  package func diagnostic(in language: ClientLanguage, path: String) -> Diagnostic {
    let identifiers = names.map { form.written($0.lower, in: language) }
    let message = RenamedIdentifierRule.Message.renamed(
      noun, shared: form.written(shared.lowercasedFirst, in: language), names: zip(names, identifiers).map { ($0.wire, $1) })
    let located = names.indices.filter { spots[$0] != nil }
    let notes = located.dropFirst().compactMap { i in
      spots[i].map { RenamedIdentifierRule.note(names[i].wire, identifier: identifiers[i], at: $0) }
    }
    return message.diagnostic(at: located.first.flatMap { spots[$0] }, notes: notes, path: located.isEmpty ? path : nil)
  }
}
