import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0337 unknown-family-component-type.
package enum UnknownFamilyComponentTypeRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0337", name: "unknown-family-component-type", severity: .warning, category: .references,
    summary: "A project family styles a component type that is a near miss of a known one.",
    explanation: """
      A family's component (`<Component type="…">`, `<GridComponent>`, a JSON family's \
      `"type"`) styles the components of one type. A type that is neither built in nor a \
      `ui_component` manifest's identifier, but is a misspelling of one (`gird` for `grid`), \
      styles nothing: the components of the type meant find none of its cell styles (ZL0304 at \
      each of them). It is a warning at the family's type, with the type meant as its fix (a \
      hint where the family styles that type too, where an element names the type \
      (`<GirdComponent>`): rename the element, or where a client registry lists the written type \
      or the plugin's manifest is in a file named after it: the identifier may be the \
      misspelling). A type near no known one is not reported: families are shared \
      between apps, and style plugins that this app does not have; nor is one that looks like \
      another name than a built-in or plugin type (`promo_banner_tv` beside `promo_banner`, \
      `carousel_tv`, `horizontal_list_2`). The built-in \
      families are not checked.
      """,
    bad: .files(
      [
        "families/f.json": #"{"name": "F", "components": [{"type": ⟦⟧"gird", "cells": [{"name": "G", "aspectCellRatio": 1}]}]}"#
      ],
      reports: [
        .init(
          "family 'F' styles component type 'gird', which is neither built in nor a ui_component manifest's: it styles no component",
          fixIt: #""grid""#)
      ]),
    good: .files([
      "families/f.json": #"{"name": "F", "components": [{"type": "grid", "cells": [{"name": "G", "aspectCellRatio": 1}]}]}"#
    ]))

  package static func check(_ context: RuleContext) {
    let known = context.knownComponentTypes()
    let knownLowercased = Set(known.map { $0.lowercased() })
    for decl in context.project.families.values where !decl.isBuiltin {
      for component in decl.family.components {
        let type = component.type
        guard !knownLowercased.contains(type.lowercased()), !decl.typesNamedAgainstElement.contains(type),
          let spot = decl.componentSpots[type], let suggestion = nearest(to: type, in: known),
          isMisspelling(type, of: suggestion.text)
        else { continue }
        report(type, suggestion: suggestion, at: spot, in: decl, context)
      }
    }
  }

  /// Whether `type` looks like `known` mistyped, not like a type of its own: a word more, fewer or
  /// in another's place (`carousel_tv`, `horizontal_list_tv` beside `horizontal_list_qb`) or another
  /// number (`horizontal_list_2`) is a type of its own. A built-in type's words are few and known,
  /// so one of them an edit off (`grud`, `tab_baf`, `lists`) is a misspelling; a plugin's follows
  /// the rule of names (`Suggestion.looksLikeAnotherName`).
  static func isMisspelling(_ type: String, of known: String) -> Bool {
    guard Project.builtinComponentTypeSet.contains(known) else { return !Suggestion.looksLikeAnotherName(known, than: type) }
    guard type.filter(\.isNumber) == known.filter(\.isNumber) else { return false }
    switch WordDifference(type, known) {
    case .sameLetters: return true  // case and separators
    case .wordsAdded, .regrouped, .severalWords: return false
    case .oneWord(let x, let y): return editDistance(String(x), String(y)) <= 1
    }
  }

  private static func report(
    _ type: String, suggestion: Suggestion, at spot: SourceSpot, in decl: FamilyDecl, _ context: RuleContext
  ) {
    let meant = suggestion.text
    var notes: [DiagnosticNote] = []
    if let manifest = context.project.manifest(for: meant) {
      notes.append(DiagnosticNote("'\(meant)' is declared here", at: manifest.identifier?.spot ?? manifest.spot))
    }
    let stylesMeantToo = decl.family.component(meant) != nil
    if stylesMeantToo {
      notes.append(DiagnosticNote("family '\(decl.family.name)' styles '\(meant)' here", at: decl.componentSpots[meant.lowercased()]))
    }
    var fix: FixIt?
    if decl.typesOfTypedElements.contains(type) {
      // `<GirdComponent>` or `<GirdComponent name="GIRD">`: the element names the type too.
      fix = FixIt(message: "did you mean <\(elementName(of: meant))>?", replacement: "<\(elementName(of: meant))>", range: nil)
    } else {
      fix = .didYouMean(suggestion, forName: type, except: Project.builtinComponentTypeSet, at: spot)
      if stylesMeantToo { fix?.range = nil }
      // The manifest's identifier may be the misspelling (a registry lists the family's type, or
      // the manifest's file is named after it), as ZL0303 says of the screens.
      if let why = UnknownComponentTypeRule.writtenNameMayBeRight(type, near: meant, context.project) {
        notes.append(DiagnosticNote("\(why): the manifest's identifier may be the misspelling"))
        fix?.range = nil
      }
    }
    context.report(
      rule,
      "family '\(decl.family.name)' styles component type '\(written(type, at: spot))', which is neither built in nor a ui_component manifest's: it styles no component",
      at: spot, notes: notes, fixIt: fix)
  }

  /// The type as the family writes it at `spot` (`Gird`; the family reads types in lower case),
  /// when the spot is its quoted value; else `type`.
  static func written(_ type: String, at spot: SourceSpot) -> String {
    let bytes = spot.file.bytes
    let start = spot.offset
    guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") || bytes[start] == UInt8(ascii: "'"),
      let end = bytes[(start + 1)...].firstIndex(of: bytes[start])
    else { return type }
    let text = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
    return text.lowercased() == type ? text : type
  }

  /// The family XML element of a component type: `horizontal_list` → `HorizontalListComponent`.
  static func elementName(of type: String) -> String {
    type.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
      + "Component"
  }
}

extension Rule {
  public static let unknownFamilyComponentType = UnknownFamilyComponentTypeRule.rule
}
