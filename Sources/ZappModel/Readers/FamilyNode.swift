import ZappDiagnostics
import ZappLayout
import ZappReaders

/// A family element in a form common to XML and JSON: attributes with spots and typed children.
package struct FamilyNode {
  package var tag: String
  package var spot: SourceSpot
  /// The XML element's name when it is not `tag` (`<ListComponent>`, `<Footer>`), for messages.
  package var xmlName: String? = nil
  /// Whether a `<ListComponent name="…">`'s name names another type than its element (ZL0335).
  package var namesAnotherTypeThanElement = false
  package var attributes: [(name: String, value: String, spot: SourceSpot, nameSpot: SourceSpot)] = []
  package var children: [FamilyNode] = []
  package var passThrough: PassThrough? = nil
  /// An XML cell's `<DisplayRule>` entries, read from its first `<DisplayRules>`.
  package var displayRules: [DisplayRuleEntry]? = nil
  /// A JSON family's attribute values with their JSON types (numbers, booleans, arrays, objects),
  /// by name, so that pass-through attributes reach clients as written.
  package var typedValues: [String: PassThrough] = [:]
  /// A JSON family's members kept as JSON with their positions (`sizeClassMapping`).
  package var rawMembers: [String: JSONValue] = [:]
  /// A JSON family's keys on the element, arrays and objects included.
  package var jsonKeys: [String] = []

  /// Every name the element holds, its attributes' and its JSON keys: a rename into one of them
  /// would write it twice.
  package var attributeNames: [String] { attributes.map(\.name) + jsonKeys }

  /// The rename of an attribute written as `key` in another case (`Type` for `type`), for the
  /// finding that the element lacks `key`: clients read names in their case alone.
  package func renamingCase(of key: String) -> FixIt? {
    // An element that writes `key` (blank) would hold it twice.
    guard !attributes.contains(where: { $0.name == key }),
      let written = attributes.first(where: { $0.name.lowercased() == key.lowercased() })
    else { return nil }
    return .didYouMean(key, at: written.nameSpot)
  }

  /// The element's name as the file writes it.
  package var writtenName: String { xmlName ?? tag }

  package func attribute(_ name: String) -> (name: String, value: String, spot: SourceSpot, nameSpot: SourceSpot)? {
    attributes.first { $0.name == name }
  }

  /// The attribute's value, with ZL0202 added to `diagnostics` when a JSON family gives it as
  /// another value than a string (`"type": 7`, `"type": ["grid"]`), whose text names nothing.
  package func string(
    _ a: (name: String, value: String, spot: SourceSpot, nameSpot: SourceSpot), into diagnostics: inout [Diagnostic]
  ) -> String {
    if let typed = typedValues[a.name] {
      diagnostics.append(WrongTypeRule.Message.mustBe("'\(a.name)'", "a string", found: typed.kind).diagnostic(at: a.spot))
    }
    return a.value
  }
}

extension PassThrough {
  /// The JSON type of the value, for diagnostics.
  package var kind: JSONKind {
    switch self {
    case .string: return .string
    case .number: return .number
    case .bool: return .bool
    case .null: return .null
    case .array: return .array
    case .object: return .object
    }
  }
}

extension FamilyReader {
  /// A JSON value as clients receive it, passed through as written.
  package static func passThrough(_ value: JSONValue) -> PassThrough {
    switch value.kind {
    case .null: return .null
    case .bool: return .bool(value.bool ?? false)
    case .number: return .number(value.numberText ?? "0")
    case .string: return .string(value.string ?? "")
    case .array: return .array(value.elements.map(passThrough))
    case .object: return .object(value.members.map { PassThroughMember(key: $0.key.string ?? "", value: passThrough($0.value)) })
    }
  }
}

extension FamilyNode {
  /// `camelCase` as `snake_case` (`PagedHero` → `paged_hero`): a component element's type.
  static func snakeCase(_ camel: String) -> String {
    let characters = Array(camel)
    var out = ""
    for (i, ch) in characters.enumerated() {
      // A word starts at a capital after a small letter or a digit (`TabBar`), or at the last
      // capital of an acronym before a small letter (`HTMLTicker`: `html_ticker`, `LIST`: `list`).
      if ch.isUppercase, i > 0 {
        let previous = characters[i - 1]
        let next = i + 1 < characters.count ? characters[i + 1] : nil
        if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) { out += "_" }
      }
      out += ch.lowercased()
    }
    return out
  }
}
