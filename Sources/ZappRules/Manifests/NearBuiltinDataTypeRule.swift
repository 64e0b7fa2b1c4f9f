import ZappDiagnostics
import ZappModel

/// ZL0420 near-builtin-data-type.
package enum NearBuiltinDataTypeRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0420", name: "near-builtin-data-type", severity: .warning, category: .screens,
    summary: "A plugin manifest's data type one edit from a built-in type.",
    explanation: """
      A plugin manifest's `data_types` entry that is no known type (built in, declared in \
      `zlc.json`'s `data_types` or a data source provider's identifier) but one edit (a letter \
      added, left out or changed) or one swap of two adjacent letters from a built-in type \
      (`SMART_BANER`, `WEB_RUL`) is most likely that type misspelled: the builder then gives the \
      component no source of the built-in type. It may also be a type of the app's own, so it is \
      a warning, with the built-in type as a hint; declare the type in `zlc.json`'s `data_types` \
      to have it taken as the app's own. An entry that differs from a built-in type in case alone, \
      or one in the `APPLICASTER_` namespace, is surely misspelled: ZL0402.
      """,
    bad: .files(
      [
        "screens/o.json": Example.screen(Example.grid),
        "components/b.json": Example.manifest(#", "data_types": [⟦⟧"SMART_BANER"]"#, identifier: "banner"),
      ],
      reports: [
        .init(
          "data type 'SMART_BANER' in the data_types of the 'banner' manifest is one edit from the built-in type 'SMART_BANNER'",
          notes: ["declare 'SMART_BANER' in zlc.json's data_types if it is a type of the app's own"], fixIt: #""SMART_BANNER""#)
      ]),
    good: .files([
      "zlc.json": #"{"data_types": ["SMART_BANER"]}"#,
      "screens/o.json": Example.screen(Example.grid),
      "components/b.json": Example.manifest(#", "data_types": ["SMART_BANER", "TOP_BANNER"]"#, identifier: "banner"),
    ]))

  package static func check(_ context: RuleContext) {
    let project = context.project
    let builtin = UnknownDataTypeRule.knownDataTypes
    let known = Set(builtin + project.settings.dataTypes + project.dataSourceProviders.map(\.identifier.value))
    let index = SuggestionIndex(Array(known))
    for manifest in project.manifests {
      for entry in manifest.value["data_types"]?.elements ?? [] {
        guard let name = entry.string, !name.isEmpty, !known.contains(name),
          let near = builtin.first(where: { editDistance(name.uppercased(), $0) == 1 }),
          !UnknownDataTypeRule.isSurelyMisspelled(name, of: near),
          // Nearer a type the app declares: ZL0402's.
          index.nearest(to: name).map({ builtin.contains($0.text) }) ?? true
        else { continue }
        var fixIt = FixIt.didYouMean(near, at: entry.spot)
        fixIt.range = nil
        let owner = manifest.identifier.map { " of the '\($0.value)' manifest" } ?? ""
        context.report(
          rule, "data type '\(name)' in the data_types\(owner) is one edit from the built-in type '\(near)'", at: entry.spot,
          notes: [DiagnosticNote("declare '\(name)' in zlc.json's data_types if it is a type of the app's own")], fixIt: fixIt)
      }
    }
  }
}

extension Rule {
  public static let nearBuiltinDataType = NearBuiltinDataTypeRule.rule
}
