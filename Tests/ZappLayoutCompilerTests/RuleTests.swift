import XCTest

@testable import ZappLayoutCompiler

/// Each rule with a failing case (exactly its own diagnostics, at the marked positions) and a
/// passing case (the fix: no diagnostic at all). Cases are small projects over a clean base.
final class RuleTests: XCTestCase {
  /// Every rule's examples, from the registry: the bad one raises exactly the rule, at each `⟦⟧`
  /// marker, and nothing else; the good one raises nothing (notes aside). Both are written over
  /// `Example.baseProject`.
  func testEveryRuleExampleFailsThenPasses() throws {
    var described: [String] = []
    for rule in RuleRegistry.rules {
      guard rule.bad.isCheckable, rule.good.isCheckable else {
        described.append(rule.code)
        continue
      }
      let (bad, places, expected) = try check(rule.bad, code: rule.code)
      let actual = zip(bad, places).filter { $0.0.severity != .note || $0.0.code == rule.code }.map(\.1).sorted()
      XCTAssertEqual(actual, expected.sorted(), "\(rule.code) bad example: \(bad.map { "\($0.code) \($0.message)" })")
      XCTAssertFalse(expected.isEmpty, "\(rule.code): the bad example marks where the rule points")
      let (good, _, _) = try check(rule.good, code: rule.code)
      XCTAssertEqual(good.filter { $0.severity != .note }.map { "\($0.code) \($0.message)" }, [], "\(rule.code) good example")
    }
    // Only rules whose example is not a project (a command line, an encoding, a limit, zlc map's
    // findings) are described rather than checked.
    XCTAssertEqual(
      described,
      [
        "ZL0100", "ZL0106", "ZL0108", "ZL0111", "ZL0112", "ZL0113", "ZL0114", "ZL0115", "ZL0116", "ZL0117", "ZL0118", "ZL0119", "ZL0701",
        "ZL0702", "ZL0703", "ZL0704", "ZL0705", "ZL0706",
      ])
  }

  /// What each rule's bad example reports: message, notes and fix-it replacement, in output order.
  static let bad: [(code: String, message: String, notes: [String], fixIt: String?)] = [
    ("ZL0101", #"expected ',' or '}', found '"'; is a comma missing?"#, [], nil),
    ("ZL0102", "trailing comma before '}'", [], nil),
    ("ZL0103", "JSON does not allow comments", [], nil),
    ("ZL0104", "a JSON number has no leading zeros", [], nil),
    ("ZL0105", "keys use double quotes, not single quotes", [], nil),
    ("ZL0107", "duplicate key 'type'", ["'type' is first defined here"], nil),
    (
      "ZL0109", "closing tag </Family> does not match <Screens> opened at line 1",
      ["references to families (ZL0301, ZL0302, ZL0304-ZL0306) were not checked until this file can be read"], nil
    ),
    (
      "ZL0110", "family XML must not have a DTD (<!DOCTYPE>); zlc never reads or expands entities",
      ["references to families (ZL0301, ZL0302, ZL0304-ZL0306) were not checked until this file can be read"], nil
    ),
    ("ZL0201", "component is missing required key 'component_type'", [], nil),
    ("ZL0202", "'home' must be true or false, found a number", [], nil),
    ("ZL0203", "'sometimes' is not a valid 'refresh'; expected one of none, auto, pull, auto_and_pull", [], nil),
    ("ZL0204", "unknown key 'analytics_tag' in component", [], nil),
    ("ZL0205", "device 'phone' is listed twice", ["first listed here"], nil),
    ("ZL0206", "misspelled key 'stlyes' in component: clients ignore it", [], #""styles""#),
    ("ZL0301", "unknown family 'FAMILY_9'", ["family 'FAMILY_1' is defined here"], #""FAMILY_1""#),
    (
      "ZL0302", "component family 'FAMILY_2' differs from its screen's family 'FAMILY_1'; iOS uses the screen's", ["the screen's family"],
      nil
    ),
    ("ZL0303", "unknown component type 'gird'", [], #""grid""#),
    ("ZL0304", "cell style 'LIST_1' is not in family 'FAMILY_1' for 'grid' (the family offers GRID_1, GRID_2 for 'grid')", [], nil),
    (
      "ZL0305", "family 'FAMILY_1' declares no layout 'HERO_9' for 'hero' (it has HERO_1, HERO_2)", ["layout 'HERO_1' is defined here"],
      #""HERO_1""#
    ),
    ("ZL0306", "family 'FAMILY_1' declares no header style 'HEADER_7'", ["header 'HEADER_1' is defined here"], #""HEADER_1""#),
    ("ZL0307", "target screen 'hom' is not the id of any screen", ["screen 'home' is defined here"], #""home""#),
    (
      "ZL0308", "screen name 'Details' is shared by 2 screens; name the screen by its id",
      ["screen 'other' is named 'Details'", "screen 'p' is named 'Details'"], nil
    ),
    ("ZL0309", "component 'grid' has cell styles but no family: set styles.family on it or on its screen", [], nil),
    ("ZL0310", "family 'FAMILY_2' replaces the built-in family of the same name", ["the built-in family"], nil),
    ("ZL0311", "family 'MY' is defined twice", ["first defined here"], nil),
    ("ZL0312", "screen type 'setings' is neither general_content, favorites nor a declared screen plugin", [], nil),
    (
      "ZL0313", "component 'grid' of screen 'other' needs cell layout 'layout_01_grid_02', which the ios client 20.1.0 cannot render",
      ["cell_layouts of the ios 20.1.0 registry, without 'layout_01_grid_02'"], nil
    ),
    (
      "ZL0318",
      "component 'grid' of screen 'other' needs cell layout 'layout_01_grid_02', which the ios client 19.0.0..<20.0.0 (4% of installs) cannot render; that client draws nothing (its fallback hides it) instead",
      ["the fallback", "cell_layouts of the ios 19.0.0..<20.0.0 registry, without 'layout_01_grid_02'"], nil
    ),
    ("ZL0401", "'grid' component on root screen 'other' has no data source", [], nil),
    ("ZL0402", "unknown data source type 'APPLICASTER_COLECTION'", [], #""APPLICASTER_COLLECTION""#),
    (
      "ZL0403",
      "component on connected screen 'other' has its own data source '1'; connected screens hand the sender's children to their components",
      [], nil
    ),
    ("ZL0404", "screen id 'other' is used by another screen", ["first used here"], nil),
    ("ZL0405", #"no screen is marked "home": true; exactly one screen must be"#, [], nil),
    ("ZL0406", "screen 'other' is also marked home; exactly one screen is", ["'home' is marked home here"], nil),
    ("ZL0407", "the home screen 'home' is a connected screen; nothing opens it, so it has no sender", [], nil),
    (
      "ZL0408",
      "nothing can open connected screen 'lost': no screen_types or content_types mapping, component data.target or navigation item names it",
      [], nil
    ),
    ("ZL0409", "nothing opens root screen 'lost': no navigation item, component target or mapping names it", [], nil),
    ("ZL0410", #"item_limit must be a positive whole number, found "six""#, [], nil),
    ("ZL0411", "'x' cannot stand in a group: its manifest's appearance is [screen]", ["declared here"], nil),
    ("ZL0412", "a group cannot stand inside another group", [], nil),
    ("ZL0413", "a second sticky component on screen 'other'; at most one can be pinned", ["the first sticky component"], nil),
    (
      "ZL0414", "screen plugin 'settings_screen' cannot hold components (its manifest does not set characteristics.can_have_components)",
      ["declared here"], nil
    ),
    ("ZL0416", "screen 'other' has ui_tag 'epg', which screen 'home' already has", ["'home' has it here"], nil),
    (
      "ZL0415", "screen 'other' has no ui_components: it opens without sections",
      ["'ui_component' would hold them if it were named 'ui_components'"], nil
    ),
    ("ZL0501", "'padding' must not be negative, found '-1'", [], nil),
    ("ZL0512", "'lineSpacing' must be at most 10000 points, found '1e308'", [], nil),
    ("ZL0502", "'columns' must be a whole number from 1 to 1000, found '0'", [], nil),
    ("ZL0503", "cell style 'G' of family 'F' has no room on device 'phone' (375 wide): 8 columns leave an item width of -5.63", [], nil),
    ("ZL0504", "'aspectCellRatio' must be from 0.01 to 100, found '0'", [], nil),
    ("ZL0505", "cell style 'G' declares a design width of 150 but the family arithmetic gives 145 on a 320-point phone", [], nil),
    ("ZL0506", "device class is responsive but family 'F' has no <Responsive standardWidth=… scale=…> rule", [], nil),
    ("ZL0507", "cell style 'G' is defined twice for 'grid'", ["first defined here"], nil),
    (
      "ZL0509",
      "cell style 'H' of family 'F' has no height on device 'phone' (375 wide): its one_and_n large item is 5 high, too short for 2 small items with 12-point spacing: each would be -3.5 high",
      [], nil
    ),
    (
      "ZL0510", "misspelled 'aspectCelRatio' leaves cell style 'G' of family 'F' with a width and no height", [],
      #""aspectCellRatio""#
    ),
    (
      "ZL0511",
      "cell style 'G' of family 'F' has no item height on device 'phone' (375 wide): its items would be 187.5 wide and of no height; set aspectCellRatio, cellHeight, or cellWidth with cellHeight",
      ["used by component 'grid' of screen 'other'"], nil
    ),
    (
      "ZL0601",
      "Manifest missing mandatory keys: [author_name, author_email, manifest_version, name, description, min_zapp_sdk, ui_builder_support]",
      [], nil
    ),
    ("ZL0602", "Manifest contains unpermitted key 'latest_version'", [], nil),
    ("ZL0603", "Plugin version latest is not valid", [], nil),
    ("ZL0604", #"Please enter a valid targets, 'mobile' or 'tv' (found "phone")"#, [], nil),
    ("ZL0605", #"Please enter a valid array of UI Frameworks: "react" is neither 'native' nor 'quickbrick'"#, [], nil),
    ("ZL0606", "identifier 'x' is declared by another manifest for platform 'ios'", ["first declared here"], nil),
    (
      "ZL0607",
      "unknown field type 'text_imput' (zappifest publish accepts it, but the builder shows no control for it; known types: \(UnknownFieldTypeRule.fieldTypes.joined(separator: ", ")))",
      [],
      #""text_input""#
    ),
    ("ZL0608", "conditional field 'styles/c' names no field of section 'styles'", [], #""styles/a""#),
    ("ZL0610", "plugin 'x' has no manifest for platform 'android' (it has ios)", ["manifest for 'ios'"], nil),
    (
      "ZL0611", "plugin 'x' needs Zapp SDK 20.0.0 or later on 'ios', but the app supports clients from 19.0.0",
      ["min_zapp_sdk of its 'ios' manifest", "the app's oldest client"], nil
    ),
    (
      "ZL0612", "plugin 'x' is deprecated since Zapp SDK 19.0.0 on 'ios' (the app supports clients from 20.0.0)",
      ["deprecated_since_zapp_sdk of its 'ios' manifest"], nil
    ),
    ("ZL0613", "unknown platform 'andriod'; known platforms: \(Platforms.known.joined(separator: ", "))", [], #""android""#),
    (
      "ZL0614", #"'styles.show_button' is a switch field: expected true or false, found "maybe""#,
      ["the banner manifest declares it here"], nil
    ),
    (
      "ZL0609",
      "unknown plugin type 'component' (zappifest publish accepts it; known types: \(ManifestTypeRule.pluginTypes.joined(separator: ", ")))",
      [], #""ui_component""#
    ),
  ]

  /// The rules' bad examples, asserted whole: code, position, message, notes and fix-it (every
  /// rule with a line in `bad`, which is every rule with a checkable example when this was written).
  func testEveryRuleExampleReportsItsMessageNotesAndFixIt() throws {
    let listed = Set(Self.bad.map(\.code))
    XCTAssertTrue(listed.isSubset(of: Set(RuleRegistry.rules.filter(\.bad.isCheckable).map(\.code))))
    for rule in RuleRegistry.rules where listed.contains(rule.code) {
      var files = Example.baseProject
      var specs: [DiagnosticSpec] = []
      let wanted = Self.bad.filter { $0.code == rule.code }
      for (path, text) in rule.bad.files {
        let marked = Marked(text)
        files[path] = marked.text
        for marker in marked.markers where specs.count < wanted.count {
          let expected = wanted[specs.count]
          specs.append(
            DiagnosticSpec(
              code: rule.code, file: path, line: marker.line, column: marker.column, message: expected.message, notes: expected.notes,
              fixIt: expected.fixIt))
        }
      }
      XCTAssertEqual(specs.count, wanted.count, rule.code)
      let dir = try makeProject(files)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      assertDiagnostics(Driver.check(dir).diagnostics.filter { $0.code == rule.code }, in: dir, specs)
    }
  }

  /// Writes an example over the base project and checks it: the diagnostics and where the markers
  /// say `code` must be reported (as `CODE@file:line:column`).
  func check(_ example: RuleExample, code: String) throws -> (diagnostics: [Diagnostic], places: [String], expected: [String]) {
    var files = Example.baseProject
    var expected: [String] = []
    for (path, text) in example.files {
      let marked = Marked(text)
      files[path] = marked.text
      expected += marked.markers.map { "\($0.code ?? code)@\(path):\($0.line):\($0.column)" }
    }
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let diagnostics = Driver.check(dir).diagnostics
    return (diagnostics, diagnostics.map { place($0, in: dir) }, expected)
  }

  /// Tests/Fixtures/defects.marked: a project with one defect per rule `check` reports. Every
  /// defect is reported at its own line and column, and nothing else is.
  func testDefectsFixtureReportsEachDefectAndNothingElse() throws {
    let marked = try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/Fixtures/defects.marked"), encoding: .utf8)
    var files: [String: String] = [:]
    var expected: [String] = []
    var current: String?
    var lines: [Substring] = []
    func finish() {
      guard let path = current else { return }
      let text = Marked(lines.joined(separator: "\n") + "\n")
      expected += text.markers.map { "\($0.code ?? "?")@\(path):\($0.line):\($0.column)" }
      files[path] = text.text
    }
    for line in marked.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("=== ") {
        finish()
        current = String(line.dropFirst(4))
        lines = []
      } else if current != nil {
        lines.append(line)
      }
    }
    finish()
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let actual = outcome.diagnostics.map { place($0, in: dir) }
    XCTAssertEqual(actual.sorted(), expected.sorted(), outcome.diagnostics.map { "\($0.code) \($0.message)" }.joined(separator: "\n"))
    // One defect per rule, each a rule of the registry. Each rule's own examples are checked
    // alone (testEveryRuleExampleFailsThenPasses), so a new rule needs no line here; this project
    // shows that the defects of many rules side by side are each reported, and nothing else.
    let codes = expected.map { String($0.prefix(6)) }
    XCTAssertEqual(codes.count, Set(codes).count, "one defect per rule")
    XCTAssertTrue(Set(codes).isSubset(of: Set(Rule.all.map(\.code))), "\(Set(codes).subtracting(Rule.all.map(\.code)))")
  }

  /// The checker's lists, read from `RuleChecks`, hold exactly the rules of each kind, in order.
  /// Reachability follows ids: a screen whose id another screen also has is opened with it, and
  /// what either of the two opens is reached; an opener of the same id is not listed as an opener.
  func testReachabilityThroughDuplicateIDs() throws {
    var files = Example.baseProject
    // A second 'other' (ZL0404) whose grid opens the connected screen 'detail'.
    files["screens/twin.json"] = Example.screen(Example.gridOpening("detail"))
    files["screens/detail.json"] =
      #"[{"id": "detail", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": [\#(Example.gridOpening("lost"))]}]"#
    // 'lost' is opened only by 'detail', which is reached: nothing to report for either.
    files["screens/lost.json"] =
      #"[{"id": "lost", "type": "general_content", "data": {"connected": true}, "styles": {"family": "FAMILY_1"}, "ui_components": []}]"#
    let reached = try check(files)
    XCTAssertEqual(reached.filter { ["ZL0408", "ZL0409"].contains($0.code) }.map(\.message), [])
    XCTAssertEqual(reached.filter { $0.code == "ZL0404" }.count, 1)

    // Without the home's navigation item, neither 'other' is opened, and 'detail' only by them.
    files["screens/home.json"] = Example.home.replacingOccurrences(of: #"{"title": "Other", "data": {"target": "other"}}"#, with: "")
    let lost = try check(files).filter { ["ZL0408", "ZL0409"].contains($0.code) }
    XCTAssertEqual(
      lost.map(\.message).sorted(),
      [
        "nothing opens root screen 'other': no navigation item, component target or mapping names it",
        "nothing opens root screen 'other': no navigation item, component target or mapping names it",
      ])
    XCTAssertEqual(lost.flatMap(\.notes).count, 0)
  }

  /// A component's `styles`, `data` and `rules` are found in one walk of its keys when it is read:
  /// as `JSONValue[key]` finds them, keys written with escapes included, the first of a repeated key.
  func testComponentMembersAsTheirKeysAreWritten() throws {
    var files = Example.baseProject
    files["screens/o.json"] = Example.screen(
      #"{"component_type": "grid", "st\u0079les": {"family": "FAMILY_2", "cell_styles": ["GRID_1"]}, "styles": {"family": "FAMILY_1"}, "d\u0061ta": {"source": "1", "type": "APPLICASTER_COLLECTION", "target": "home"}, "rules": {"item_limit": 4}}"#
    )
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.check(dir)
    let component = try XCTUnwrap(outcome.project.screen(id: "other")?.components.first)
    XCTAssertEqual(component.family?.value, "FAMILY_2")
    XCTAssertEqual(component.cellStyles.map(\.value), ["GRID_1"])
    XCTAssertEqual(component.target?.value, "home")
    XCTAssertEqual(component.source?.value, "1")
    XCTAssertEqual(component.itemLimit?.number, 4)
    XCTAssertTrue(outcome.diagnostics.contains { $0.code == "ZL0107" })
  }

  private func check(_ files: [String: String]) throws -> [Diagnostic] {
    let dir = try makeProject(files)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    return Driver.check(dir).diagnostics
  }

  func testRuleChecksMatchTheRulesKinds() {
    let codes = { (types: [any RuleDefinition.Type]) in types.map { $0.rule.code } }
    XCTAssertEqual(codes(RuleRegistry.projectRules), codes(RuleRegistry.all.filter { $0 is any ProjectRule.Type }))
    XCTAssertEqual(codes(RuleRegistry.screenRules), codes(RuleRegistry.all.filter { $0 is any ScreenRule.Type }))
    XCTAssertEqual(codes(RuleRegistry.componentRules), codes(RuleRegistry.all.filter { $0 is any ComponentRule.Type }))
    XCTAssertEqual(codes(RuleRegistry.screenRules.filter { $0 is any ComponentRule.Type }), ["ZL0301", "ZL0307"])
  }

  /// The registry lists every rule once, in code order, and every rule type of the sources is in
  /// it: a rule file that is not registered would never run. The list is generated; this fails
  /// until `make registry` has run after a rule file was added or removed.
  func testTheRegistryListsEveryRuleFileInCodeOrder() throws {
    let codes = RuleRegistry.all.map { $0.rule.code }
    XCTAssertEqual(codes, codes.sorted())
    XCTAssertEqual(Set(codes).count, codes.count)
    let rules = repositoryRoot.appendingPathComponent("Sources/ZappLayoutCompiler/Rules")
    var declared: Set<String> = []
    let files = FileManager.default.enumerator(atPath: rules.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    for file in files {
      let text = try String(contentsOf: rules.appendingPathComponent(file), encoding: .utf8)
      for match in text.matches(of: /enum (\w+): [^{]*\{\s*static let rule = Rule\(/) { declared.insert(String(match.1)) }
    }
    XCTAssertGreaterThan(declared.count, 70)
    XCTAssertEqual(declared, Set(RuleRegistry.all.map { String(describing: $0) }), "the rule registry is stale: run make registry")
  }

  /// The rules whose findings wait for unreadable family files are those that say so in their own
  /// files, and the note names their codes as ranges.
  func testFamilyReferenceRulesAreDerivedFromTheRules() {
    XCTAssertFalse(Driver.familyReferenceRules.isEmpty)
    XCTAssertTrue(Driver.familyReferenceRules.allSatisfy { $0.category == .references })
    XCTAssertEqual(Driver.codeRanges(["ZL0301", "ZL0302", "ZL0304", "ZL0305", "ZL0306"]), "ZL0301, ZL0302, ZL0304-ZL0306")
    XCTAssertEqual(Driver.codeRanges(["ZL0101", "ZL0102", "ZL0103", "ZL0201"]), "ZL0101-ZL0103, ZL0201")
    XCTAssertEqual(Driver.codeRanges([]), "")
    XCTAssertEqual(LimitRule.Message.fileTooLarge(bytes: nil, limit: 8).messageID, "ZL0108.file-too-large")
  }

  func testDemoChecksClean() {
    let outcome = Driver.check(repositoryRoot.appendingPathComponent("manifests").path)
    XCTAssertEqual(outcome.diagnostics.map { "\($0.code) \($0.message)" }, [])
    XCTAssertGreaterThanOrEqual(outcome.project.screens.count, 10)
  }

  func testDocsRulesMatchesTheCatalogue() throws {
    let onDisk = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
    XCTAssertEqual(onDisk, Driver.rulesMarkdown(), "docs/rules.md is stale: run make docs")
    XCTAssertEqual(Set(Rule.all.map(\.code)).count, Rule.all.count, "codes are unique")
  }
}
