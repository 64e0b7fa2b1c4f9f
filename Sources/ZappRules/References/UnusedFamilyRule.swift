import ZappDiagnostics
import ZappLayout
import ZappModel

/// ZL0320 unused-family.
package enum UnusedFamilyRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0320", name: "unused-family", severity: .warning, category: .references,
    summary: "A project family that no screen uses, named like one that screens use.",
    explanation: """
      A family in the project's `families/` folder that no screen or component names, while its \
      name is a near miss of a family that they do name, is most likely misspelled: the screens \
      are drawn with the other family, and this one's values reach no bundle. Rename the family \
      or the screens' `styles.family`, or remove the file. A family named as a built-in one \
      replaces it (ZL0310) and is not reported, nor is one that differs from a used one only in \
      the number it ends with (`FAMILY_3` beside `FAMILY_2`: numbered families are a convention), nor \
      one as near two used families. An unused family whose file is named after a family the \
      screens use (`families/FAMILY_1.xml` holding a family renamed `MY_FAMILY`) is reported too: \
      the screens are drawn with that family (the built-in one, here), not with the file's.
      """,
    bad: .files(
      [
        "families/f.xml": #"<Family name=⟦⟧"FAMILY_l"/>"#,
        "screens/o.json": #"[{"id": "other", "type": "favorites", "styles": {"family": "FAMILY_1"}, "ui_components": []}]"#,
      ],
      reports: [
        .init(
          "family 'FAMILY_l' is used by no screen or component; the screens use 'FAMILY_1'",
          notes: ["family 'FAMILY_1' is defined here"])
      ]),
    good: .files([
      "families/f.xml": #"<Family name="FAMILY_L"/>"#,
      "screens/o.json": #"[{"id": "other", "type": "favorites", "styles": {"family": "FAMILY_L"}, "ui_components": []}]"#,
    ]))

  /// While a family file cannot be read, its findings are dropped (`Driver.skipFamilyReferences`):
  /// the family a screen names may be the one in that file.
  package static let checksFamilyReferences = true

  package static func check(_ context: RuleContext) {
    let project = context.project
    // A family named as a built-in one replaces it (ZL0310): no misspelling.
    let own = project.familyDefinitions.filter { project.builtinFamilies[$0.family.name] == nil }
    guard !own.isEmpty else { return }
    // Only a family named near another one can be a misspelling of it: usually none is, and then
    // no screen is read (the editor runs this rule on every change).
    let names = Set(project.families.keys).union(project.builtinFamilies.keys)
    let everyName = SuggestionIndex(names.sorted())
    // A family renamed inside a file named after another family (`FAMILY_1.xml` holding
    // `MY_FAMILY`) most likely meant to be that one.
    let suspects = own.filter { everyName.nearest(to: $0.family.name) != nil || names.contains(Self.fileStem(of: $0)) }
    guard !suspects.isEmpty else { return }
    let used = project.familyNamesInUse
    let usedNames = SuggestionIndex(used.sorted())
    var reported: Set<String> = []
    for family in suspects where !used.contains(family.family.name) && reported.insert(family.family.name).inserted {
      let name = family.family.name
      let stem = Self.fileStem(of: family)
      let meant: String
      let message: String
      var hint: FixIt?
      if stem != name, used.contains(stem) {
        meant = stem
        message = "family '\(name)' is used by no screen or component; its file is named after '\(stem)', which the screens use"
        hint = .didYouMean(stem, at: nil)  // or the file was copied to make a new family: a guess
      } else {
        guard let near = usedNames.nearest(to: name), !near.isTied, !Self.areNumberedSiblings(name, near.text) else { continue }
        meant = near.text
        message = "family '\(name)' is used by no screen or component; the screens use '\(near.text)'"
      }
      let other = project.families[meant] ?? project.builtinFamilies[meant]
      context.report(
        rule, message, at: family.spot, notes: other.map { [DiagnosticNote("family '\(meant)' is defined here", at: $0.spot)] } ?? [],
        fixIt: hint)
    }
  }

  /// The name of a family's file without its folder and extension (`FAMILY_1` of
  /// `families/FAMILY_1.xml`).
  static func fileStem(of family: FamilyDecl) -> String {
    let name = family.file.path.split(separator: "/").last.map(String.init) ?? family.file.path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// Whether two names differ only in the number they end with (`FAMILY_2` and `FAMILY_3`, `GRID`
  /// and `GRID2`): numbered families are a convention, and one not used yet is no misspelling.
  static func areNumberedSiblings(_ a: String, _ b: String) -> Bool {
    func stem(_ s: String) -> Substring {
      let head = s.reversed().drop { $0.isASCII && $0.isNumber }
      return s.prefix(head.count)
    }
    return (a.count > stem(a).count || b.count > stem(b).count) && stem(a) == stem(b)
  }
}

extension Rule {
  public static let unusedFamily = UnusedFamilyRule.rule
}
