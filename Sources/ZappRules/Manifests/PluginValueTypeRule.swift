import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders

/// ZL0614 plugin-value-type.
package enum PluginValueTypeRule: ScreenRule, ComponentRule {
  package static let rule = Rule(
    code: "ZL0614", name: "plugin-value-type", severity: .error, category: .manifests,
    summary: "A value of a plugin component, screen plugin or navigation plugin does not fit its manifest field.",
    explanation: """
      A plugin's manifest declares each of its fields with a type, and the client reads the \
      screen's value as that type: a plugin component's `styles`, `data`, `rules`, `general`, \
      `assets` and `advertising`, a screen plugin's own `general`, `styles`, `rules`, `data`, \
      `assets` and `advertising`, the `styles`, `rules`, `data` \
      and `assets` of a navigation whose `navigation_type` names a navigation plugin, and the \
      `general`, `styles`, `rules`, `data` and `assets` of a navigation item whose `type` names a \
      nav_item plugin: the values its bundle's `plugin_values` hold. A plugin drawn in a \
      component's place (a `size_class_mapping` replacement, a `fallback`) reads the component's \
      values of the fields its manifest declares, which the bundle's entry for it carries: they \
      are checked against that manifest too. A `switch` or `checkbox` takes `true` or `false` (also written \
      as `"true"`, `"false"`, `"1"`, `"0"`, `1` or `0`, which the bundle's resolved `styles` and \
      `plugin_values` hold as the boolean they spell); a `color_picker` or `color_picker_rgba` takes \
      `rgba(r, g, b, a)`, `rgb(r, g, b)` or `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`; a \
      `number_input` takes a number (or a string holding one), within the field's `min` and `max` \
      when it gives them; a `select` or `react_select` takes one of its `options` and a \
      `tag_select` or `multi_select` one or several of them (the options of its \
      `conditional_fields` count too, whatever their conditions), each as text: a list or an \
      object in a select's place, or an object or `null` among a multi-select's values, is none, \
      whatever the options; an `uploader` takes the address of \
      the file uploaded (`https://…` or another `scheme://…`, `//host/…`, `data:…`), which the \
      client downloads: a file's name or path (`logo.png`, `assets/logo.png`), an address without \
      its scheme (`www.example.com/logo.png`, `www.example.com:8080/logo.png`) or a value that is no \
      text loads nothing (a template, `{{assets}}/logo.png`, passes); a `text_input` or `text_area` \
      takes text (or a number, which the client reads as its digits), not an object, a list or a \
      boolean; a `screen_selector` takes a screen's id and a `nav_bar_selector` a navigation bar's \
      id, as text (not a number). A value the client cannot read as \
      its type ships a broken component, so it is an error. `""` and `null` are not checked (the \
      bundle keeps them as written).
      """,
    bad: .files(
      [
        "components/b.json": Example.manifest(
          #", "styles": {"fields": [{"key": "show_button", "type": "switch", "initial_value": true}]}"#, identifier: "banner"),
        "screens/o.json": Example.screen(#"{"component_type": "banner", "styles": {"show_button": ⟦⟧"maybe"}}"#),
      ],
      reports: [
        .init(
          #"'styles.show_button' is a switch field: expected true or false, found "maybe""#, notes: ["the banner manifest declares it here"]
        )
      ]),
    good: .files([
      "components/b.json": Example.manifest(
        #", "styles": {"fields": [{"key": "show_button", "type": "switch", "initial_value": true}]}"#, identifier: "banner"),
      "screens/o.json": Example.screen(#"{"component_type": "banner", "styles": {"show_button": "false"}}"#),
    ]))

  /// The component sections whose values manifest fields describe: its `styles` and those its
  /// section's `plugin_values` hold.
  package static let sections = ["styles", "data", "rules", "general", "assets", "advertising"]

  /// The sections of a screen plugin's own screen whose values its manifest's fields describe:
  /// those its bundle's `plugin_values` hold.
  package static let screenSections = ["general", "styles", "rules", "data", "assets", "advertising"]

  package static func check(_ visit: ComponentVisit, _ context: RuleContext) {
    let type = visit.component.type.value
    if visit.manifest != nil { check(visit.component.value, sections: sections, plugin: type, context) }
    // A plugin drawn in the component's place (a size class's replacement, the fallback) reads
    // the component's values of the fields its manifest declares, which its bundle entry carries.
    var seen: Set<String> = [type]
    var entries = SizeClassMappingEntry.replacements(of: visit.component)
    // A component without a mapping of its own is drawn as its family's mapping says (under
    // either reading of an app whose clients read families both ways).
    if visit.component.sizeClassMappingValue == nil {
      for family in [visit.family, visit.otherReadingFamily].compactMap({ $0 }) {
        entries += SizeClassMappingEntry.entries(of: family.sizeClassMappings[type])
      }
    }
    for entry in entries where !entry.hides {
      guard let replacement = entry.componentType?.value, seen.insert(replacement).inserted,
        context.project.manifest(for: replacement) != nil
      else { continue }
      check(visit.component.value, sections: sections, plugin: replacement, context)
    }
  }

  package static func check(_ screen: ScreenDecl, components: [ComponentVisit], _ context: RuleContext) {
    if screen.isPluginScreen { check(screen.value, sections: screenSections, plugin: screen.type.value, context) }
    let project = context.project
    // A navigation drawn by a navigation plugin (`navigation_type`), and an item by a nav_item
    // plugin (`type`): the plugin reads the sections its bundle's `plugin_values` hold as its
    // manifest's fields.
    // Each platform's manifest says whether its plugin draws them (a plugin may be a nav item on
    // one platform and a component on another).
    Project.forEachNavigation(of: screen.value) { object, isItem in
      guard let name = Project.navigationPlugin(of: object, isItem: isItem), project.manifest(for: name.value) != nil else { return }
      check(object, plugin: name.value, context) { Project.navigationValueSections(of: $0, isItem: isItem) }
    }
  }

  /// Each value of `sections` of `object` that a field of the plugin's manifest describes,
  /// against that field: against each platform's manifest when the bundles of several platforms
  /// are built with different ones (a finding of some platforms says which, and its fix is a hint).
  package static func check(_ object: JSONValue, sections: [String], plugin: String, _ context: RuleContext) {
    check(object, plugin: plugin, context) { _ in sections }
  }

  /// `check(_:sections:plugin:_:)` with the sections each platform's manifest reads, when it
  /// reads any (`sectionsOf` nil: that platform's plugin reads none of the object's values).
  static func check(_ object: JSONValue, plugin: String, _ context: RuleContext, sectionsOf: (ManifestDecl) -> [String]?) {
    let built = context.project.bundleManifests(for: plugin)
    let manifests = built.compactMap { manifest, platforms in
      sectionsOf(manifest).map { (manifest: manifest, platforms: platforms, sections: $0) }
    }
    // A finding of some platforms names them; the others whose manifests describe the value
    // accept it (a platform whose manifest has no such field reports the key on its own).
    let all = built.flatMap(\.platforms)
    var reported: [String: Int] = [:]  // a value's offset and message, to the finding's index
    var findings: [(diagnostic: Diagnostic, platforms: [String], section: String, key: String)] = []
    for (manifest, platforms, sections) in manifests {
      for (finding, section, name) in problems(in: object, sections: sections, manifest: manifest) {
        let key = "\(finding.spot?.offset ?? -1)\u{0}\(finding.message)"
        if let at = reported[key] {
          findings[at].platforms += platforms
          findings[at].diagnostic.notes += finding.notes
        } else {
          reported[key] = findings.count
          findings.append((finding, platforms, section, name))
        }
      }
    }
    // The platforms with any finding at a value: the others' manifests accept it.
    // The fixes offered at a value, one a fix's place and replacement: a value every platform
    // refuses keeps its fix when the platforms' manifests suggest the same, none when they differ.
    var refusing: [Int: Set<String>] = [:]
    var fixes: [Int: Set<String>] = [:]
    for (finding, platforms, _, _) in findings {
      let at = finding.spot?.offset ?? -1
      refusing[at, default: []].formUnion(platforms)
      fixes[at, default: []].insert(finding.fixIt.map(fixKey) ?? "")
    }
    for (finding, platforms, section, key) in findings {
      var diagnostic = finding
      if platforms.count < all.count {
        let at = finding.spot?.offset ?? -1
        let describing = manifests.filter { $0.sections.contains(section) && $0.manifest.field(section: section, key: key)?.type != nil }
        let accepting = describing.flatMap(\.platforms).filter { !(refusing[at] ?? []).contains($0) }
        diagnostic.message +=
          accepting.isEmpty
          ? " (on \(platforms.joined(separator: ", ")))"
          : " (on \(platforms.joined(separator: ", ")) only: the manifests of \(accepting.joined(separator: ", ")) accept it)"
        // A value some platform accepts is not replaced for the others: the suggestion is a hint.
        if !accepting.isEmpty {
          diagnostic.fixIt?.range = nil
        } else if fixes[at]?.count != 1 {
          diagnostic.fixIt = nil
        }
      }
      context.bag.add(diagnostic)
    }
  }

  /// A fix's place and replacement, for telling whether two platforms' manifests suggest the same.
  private static func fixKey(_ fix: FixIt) -> String {
    "\(fix.range.map { "\($0.spot.offset):\($0.length)" } ?? "-")\u{0}\(fix.replacement)"
  }

  /// The values of `sections` of `object` that do not fit the field of `manifest` describing them,
  /// each with the section and key of its field.
  private static func problems(
    in object: JSONValue, sections: [String], manifest: ManifestDecl
  ) -> [(diagnostic: Diagnostic, section: String, key: String)] {
    var found: [(diagnostic: Diagnostic, section: String, key: String)] = []
    for section in sections {
      guard let values = object[section], values.kind == .object else { continue }
      values.forEachMember { key, value in
        guard let name = key.string, name != "cell_styles", let field = manifest.field(section: section, key: name), let type = field.type
        else { return }
        guard let problem = PluginValueForm.problem(with: value, type: type.value, field: field.value, section: section) else { return }
        let diagnostic = Diagnostic(
          rule, "'\(section).\(name)' is \(PluginValueForm.article(type.value)) field: \(problem.expected), found \(value.quotedSource)",
          at: value.spot,
          notes: [DiagnosticNote("the \(manifest.identifier?.value ?? "plugin") manifest declares it here", at: type.spot)],
          fixIt: .didYouMean(problem.suggestion, at: problem.element ?? value.spot))
        found.append((diagnostic, section, name))
      }
    }
    return found
  }
}

extension Rule {
  public static let pluginValueType = PluginValueTypeRule.rule
}

/// The forms a manifest field type accepts, and what to say about a value that has none of them.
package enum PluginValueForm {
  /// What the field expects, and the closest acceptable value when there is one.
  package struct Problem {
    package var expected: String
    package var suggestion: Suggestion?
    /// The value the suggestion replaces (an element of a list), when it is not the whole value.
    package var element: SourceSpot? = nil
  }

  /// What is wrong with `value` of a field of `type` in `section` (nil: a section zlc reads
  /// nothing of), nil when nothing is.
  package static func problem(with value: JSONValue, type: String, field: JSONValue, section: String? = nil) -> Problem? {
    if value.kind == .null || (value.kind == .string && value.string == "") { return nil }
    // A key of a component's own that zlc reads itself (`rules.item_limit_by_size_class`, an
    // object) is checked as that key (ZL0202), whatever text field a manifest offers it in.
    if textTypes.contains(type), let section, let key = field["key"]?.string, readsItself(section: section, key: key) { return nil }
    switch type {
    case "switch", "checkbox":
      return isBoolean(value) ? nil : Problem(expected: "expected true or false", suggestion: nil)
    case "color_picker", "color_picker_rgba":
      guard let text = value.string, isColour(text) else {
        return Problem(expected: "expected a colour: rgba(r, g, b, a), rgb(r, g, b) or #RRGGBB[AA]", suggestion: nil)
      }
      return nil
    case "number_input": return numberProblem(value, field: field)
    case "select", "react_select": return optionProblem([value], field: field, many: false)
    case "tag_select", "multi_select": return optionProblem(value.kind == .array ? value.elements : [value], field: field, many: true)
    case "uploader":
      guard let text = value.string, isAddress(text) else {
        return Problem(expected: "expected the address of an uploaded file, such as https://…", suggestion: nil)
      }
      return nil
    case "text_input", "text_area":
      // A number is text the client reads as its digits; an object, a list or a boolean is none.
      return [.string, .number].contains(value.kind) ? nil : Problem(expected: "expected text", suggestion: nil)
    case "screen_selector":
      return value.kind == .string ? nil : Problem(expected: "expected the id of a screen, as text", suggestion: nil)
    case "nav_bar_selector":
      return value.kind == .string ? nil : Problem(expected: "expected the id of a navigation bar, as text", suggestion: nil)
    default: return nil
    }
  }

  /// The types of fields whose value is text: a screen's or a navigation bar's id among them.
  static let textTypes: Set<String> = ["text_input", "text_area", "screen_selector", "nav_bar_selector"]

  /// Whether `key` of `section` is a key of a component's own, whose value zlc reads itself.
  static func readsItself(section: String, key: String) -> Bool {
    switch section {
    case "rules": return Shapes.componentRules.shape(of: key) != nil
    case "data": return Shapes.dataSource.shape(of: key) != nil
    case "styles": return Shapes.componentStyles.shape(of: key) != nil
    default: return false
    }
  }

  /// A field type with its article: `a switch`, `an uploader`.
  package static func article(_ type: String) -> String {
    (type.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + type
  }

  /// Whether an uploader's value is an address a client can download, without spaces at its ends:
  /// `scheme://…` (`https://`, an app's own), scheme-relative (`//host/…`), or of a scheme without
  /// a host (`data:`, `blob:`); or a template filled in first. `host:8080/…` has no scheme.
  package static func isAddress(_ text: String) -> Bool {
    if text.contains("{{") || text.contains("${") { return true }
    guard let first = text.first, !first.isWhitespace, text.last?.isWhitespace == false else { return false }
    if text.hasPrefix("//") { return text.dropFirst(2).first.map { $0 != "/" } ?? false }
    for scheme in opaqueSchemes where text.lowercased().hasPrefix(scheme) { return text.count > scheme.count }
    guard let colon = text.firstIndex(of: ":"), colon > text.startIndex, first.isASCII, first.isLetter else { return false }
    let rest = text[text.index(after: colon)...]
    guard rest.hasPrefix("//"), rest.count > 2 else { return false }
    return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  /// The schemes of addresses without a host that a client downloads a file from.
  static let opaqueSchemes = ["data:", "blob:"]

  package static func isBoolean(_ value: JSONValue) -> Bool {
    switch value.kind {
    case .bool: return true
    case .number: return value.numberText == "0" || value.numberText == "1"
    case .string: return ["true", "false", "0", "1"].contains(value.string ?? "")
    default: return false
    }
  }

  /// `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `rgb(r, g, b)` and `rgba(r, g, b, a)` with channels of
  /// 0 to 255 and an alpha of 0 to 1 (`0.5` or, as CSS writes it, `.5`).
  package static func isColour(_ text: String) -> Bool {
    if text.hasPrefix("#") {
      let digits = text.dropFirst()
      return [3, 4, 6, 8].contains(digits.count) && digits.allSatisfy(\.isHexDigit)
    }
    let lower = text.lowercased()
    let isRGBA = lower.hasPrefix("rgba(")
    guard isRGBA || lower.hasPrefix("rgb("), lower.hasSuffix(")") else { return false }
    let inner = lower.dropFirst(isRGBA ? 5 : 4).dropLast()
    let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
    guard parts.count == (isRGBA ? 4 : 3) else { return false }
    for channel in parts.prefix(3) {
      guard let n = Int(channel), (0...255).contains(n), channel.allSatisfy(\.isASCIIDigit) else { return false }
    }
    if isRGBA {
      let alpha = parts[3].hasPrefix(".") ? "0" + parts[3] : parts[3]
      guard let value = Double(alpha), (0...1).contains(value), isPlainDecimal(alpha) else { return false }
    }
    return true
  }

  package static func numberProblem(_ value: JSONValue, field: JSONValue) -> Problem? {
    let text = value.kind == .number ? value.numberText : value.string
    guard let text, isPlainDecimal(text) || value.kind == .number, let number = Double(text), number.isFinite else {
      return Problem(expected: "expected a number", suggestion: nil)
    }
    if let limit = field["min"], let minimum = bound(limit), number < minimum {
      return Problem(expected: "expected a number of at least \(limit.sourceText)", suggestion: nil)
    }
    if let limit = field["max"], let maximum = bound(limit), number > maximum {
      return Problem(expected: "expected a number of at most \(limit.sourceText)", suggestion: nil)
    }
    return nil
  }

  package static func bound(_ value: JSONValue) -> Double? {
    value.kind == .number ? value.numberText.flatMap(Double.init) : value.string.flatMap(decimalNumber)
  }

  /// The values the field offers: its `options`, then those of its `conditional_fields` (their
  /// conditions are not evaluated: a value offered under any condition is accepted), each once,
  /// and whether any comes from a condition. Nil when it offers none, or when an option's value
  /// cannot be read (an object without a `value`): the options the builder offers are then not known.
  package static func options(_ field: JSONValue) -> (values: [String], conditional: Bool)? {
    var lists = [field["options"]]
    lists += (field["conditional_fields"]?.elements ?? []).map { $0["options"] }
    var values: [String] = []
    var conditional = false
    for (index, list) in lists.enumerated() {
      guard let list, list.kind == .array else { continue }
      for option in list.elements {
        guard let value = option.kind == .object ? option["value"].flatMap(text) : text(option) else { return nil }
        if values.contains(value) { continue }
        values.append(value)
        if index > 0 { conditional = true }
      }
    }
    return values.isEmpty ? nil : (values, conditional)
  }

  package static func text(_ value: JSONValue) -> String? {
    switch value.kind {
    case .string: return value.string
    case .number: return value.numberText
    case .bool: return value.bool == true ? "true" : "false"
    default: return nil
    }
  }

  /// A select's value, or a value among a multi-select's, that is not one of the field's options.
  /// The client reads each as one option: a list, an object or (in a list) `null` is none, whatever
  /// the options (a `react_select`'s come from the builder).
  package static func optionProblem(_ values: [JSONValue], field: JSONValue, many: Bool) -> Problem? {
    let known = options(field)
    if values.contains(where: { text($0) == nil }) {
      let among = known.map { "\(many ? "values among" : "one of") \(summarizedList($0.values.map { "'\($0)'" }))" }
      let expected = "expected " + (among ?? (many ? "option values" : "one option value")) + (many ? ", each as text" : ", as text")
      return Problem(expected: expected, suggestion: nil)
    }
    guard let (options, conditional) = known else { return nil }
    for value in values {
      // By bytes, as the builder and clients compare values: not two Unicode forms of one text.
      guard let given = text(value), !options.contains(where: { $0.utf8.elementsEqual(given.utf8) }) else { continue }
      let listed = summarizedList(options.map { "'\($0)'" })
      var expected = "expected \(many ? "values among" : "one of") \(listed)"
      if conditional { expected += " (its options and those of its conditional_fields, whatever their conditions)" }
      // An option that reads the same is the one meant: say how they differ, and fix it to its bytes.
      if let same = options.first(where: { $0 == given }) {
        expected += TerminalText.inAnotherForm(given, same)
        return Problem(expected: expected, suggestion: Suggestion(text: same, isTied: false), element: value.spot)
      }
      return Problem(expected: expected, suggestion: nearest(to: given, in: options), element: value.spot)
    }
    return nil
  }

  /// `-12`, `3.5`, `0.25`: a decimal number without spaces, a plus sign or an exponent.
  package static func isPlainDecimal<S: StringProtocol>(_ text: S) -> Bool {
    let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count <= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
