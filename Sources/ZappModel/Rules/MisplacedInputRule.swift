import ZappDiagnostics
import ZappReaders

/// ZL0128 misplaced-input.
package enum MisplacedInputRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0128", name: "misplaced-input", severity: .error, category: .reading,
    summary: "A screens file holds a family or a plugin manifest.",
    explanation: """
      zlc reads each kind of file from its own place: screens from `screens/*.json` (or \
      `rivers.json`), families from `families/`, plugin manifests from `components/`. A family \
      (an object with a `components` list, and no screen's `id`, `type` or `ui_components`, nor a \
      component's `component_type`) or a plugin \
      manifest (an object with an `identifier` and a `manifest_version`) in a screens file is \
      read as no screen, and the project lacks it where it belongs: the screens that use the \
      family or the plugin fail too. It is one error at the file's value, which is not read as \
      screens; move the file to the folder that reads it.
      """,
    bad: .files(
      ["screens/STARTER.json": #"⟦⟧{"name": "STARTER", "components": [{"type": "grid", "cells": [{"name": "G", "aspectCellRatio": 1}]}]}"#],
      reports: [
        .init("this file holds a family ('components'), not screens: zlc reads families from families/; move it there")
      ]),
    good: .files([
      "families/STARTER.json": #"{"name": "STARTER", "components": [{"type": "grid", "cells": [{"name": "G", "aspectCellRatio": 1}]}]}"#
    ]))

  /// What a screens file's value holds in place of screens, when it is a family or a manifest.
  package enum Kind {
    case family, manifest
  }

  /// Whether a screens file's value (its object, or its `rivers`) is a family or a plugin
  /// manifest, not screens.
  package static func misplacedKind(_ container: JSONValue) -> Kind? {
    guard container.kind == .object, container["id"] == nil, container["ui_components"] == nil else { return nil }
    if container["identifier"]?.kind == .string, container["manifest_version"] != nil { return .manifest }
    // A screen of another spelling (`components` for `ui_components`) has a `type`, or components
    // with a `component_type`; a family's components have neither.
    guard container["type"] == nil, let components = container["components"], components.kind == .array,
      !components.elements.contains(where: { $0["component_type"] != nil })
    else { return nil }
    return .family
  }
}

extension Rule {
  public static let misplacedInput = MisplacedInputRule.rule
}

extension MisplacedInputRule {
  package typealias Message = RuleMessage<MisplacedInputRule>
}

extension RuleMessage where Owner == MisplacedInputRule {
  /// A screens file holds a `kind` of file.
  package static func misplaced(_ kind: MisplacedInputRule.Kind) -> Self {
    switch kind {
    case .family:
      return Self(
        "family-in-screens",
        "this file holds a family ('components'), not screens: zlc reads families from families/; move it there")
    case .manifest:
      return Self(
        "manifest-in-screens",
        "this file holds a plugin manifest ('identifier', 'manifest_version'), not a screen: zlc reads manifests from components/; move it there"
      )
    }
  }
}
