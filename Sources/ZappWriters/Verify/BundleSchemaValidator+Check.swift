import Foundation
import ZappDiagnostics
import ZappLayout

extension BundleSchemaValidator {
  /// One value that breaks the schema: where it is on its document's tape (a key's own node for
  /// an unknown key), its path in the file (`resolved.sections[2].layout_absent`), and why.
  package struct Finding: Sendable, Equatable {
    package var index: Int
    package var path: String
    package var text: String

    /// The path, then why: as `zlc verify` prints it.
    package var message: String { path.isEmpty ? text : "\(path): \(text)" }
  }

  /// What `value` breaks of the definition `definition` (of `array` of them when `array`, of the
  /// elements at `elements` alone when given), in the order of the file, each once. Each value is
  /// visited once per subschema that applies to it, so the cost is linear in the file.
  package func findings(_ value: JSONValue, definition: String, array: Bool = false, elements: Set<Int>? = nil) -> [Finding] {
    guard let node = definitions[definition] else { return [] }
    var run = Run(schema: self)
    if array {
      if value.kind != .array {
        run.add(value.index, "expected an array of \(noun(node)), found \(value.kind.article)")
      } else {
        var i = 0
        value.forEachElement { element in
          if elements?.contains(i) ?? true {
            run.path.append(.index(i))
            _ = run.check(element, node, key: nil, noun: nil)
            run.path.removeLast()
          }
          i += 1
        }
      }
    } else {
      _ = run.check(value, node, key: nil, noun: nil)
    }
    // The same value may be checked by more than one subschema (`allOf` of a definition that the
    // enclosing one also names): each finding once, in the file's order.
    var seen: Set<FindingKey> = []
    let unique = run.findings.filter { seen.insert(FindingKey(index: $0.index, text: $0.text)).inserted }
    return unique.enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }.map(\.element)
  }

  private struct FindingKey: Hashable {
    var index: Int
    var text: String
  }

  /// How a message names an object of the definition at `node`: "a section", "bundle.json".
  func noun(_ node: Int) -> String {
    guard let name = nodes[node].name else { return "an object" }
    switch name {
    case BundleIndex.schemaName: return "bundle.json"
    case PlatformBundles.schemaName: return PlatformBundles.fileName
    case BundleIndex.Entry.schemaName: return "an entry of screens"
    default:
      let words = name.replacingOccurrences(of: "_", with: " ")
      return ("aeiou".contains(words.first ?? "x") ? "an " : "a ") + words
    }
  }

  /// One walk of a document against the schema: the path to the value at hand, and what was found.
  struct Run {
    let schema: BundleSchemaValidator
    var path: [BundleVerifier.Step] = []
    var findings: [Finding] = []

    /// The path as a message starts: `resolved.sections[2].layout`.
    var pathText: String {
      var text = ""
      for step in path {
        switch step {
        case .key(let key): text += text.isEmpty ? key : ".\(key)"
        case .index(let i): text += "[\(i)]"
        }
      }
      return text
    }

    mutating func add(_ index: Int, _ text: String) {
      findings.append(Finding(index: index, path: pathText, text: text))
    }

    /// Whether `value` holds to the node `n`; what it breaks is added to `findings`. `key` is the
    /// key the value is under (an array's for its elements); `noun` names the object at hand when
    /// an enclosing subschema of the same value is a definition's.
    mutating func check(_ value: JSONValue, _ n: Int, key: String?, noun: String?) -> Bool {
      let node = schema.nodes[n]
      let noun = node.name != nil ? schema.noun(n) : noun
      if node.never {
        add(value.index, "\(shown(value)) is not allowed here")
        return false
      }
      if let types = node.types, !Self.admits(types, value) {
        add(value.index, "expected \(types.text), found \(found(value))")
        return false
      }
      var holds = true
      if let values = node.enumValues, !values.contains(where: { Self.equals(value, $0) }) {
        holds = false
        add(value.index, enumText(value, values, key: key))
      }
      if let constant = node.constValue, !Self.equals(value, constant) {
        holds = false
        add(value.index, "\(shown(value)) where the bundle format allows \(constant.encodedText) alone")
      }
      if value.kind == .number { holds = checkBounds(value, node) && holds }
      if value.kind == .object { holds = checkObject(value, node, noun: noun) && holds }
      if value.kind == .array, let items = node.items {
        var i = 0
        value.forEachElement { element in
          path.append(.index(i))
          holds = check(element, items, key: key, noun: nil) && holds
          path.removeLast()
          i += 1
        }
      }
      for part in node.allOf { holds = check(value, part, key: key, noun: noun) && holds }
      if !node.anyOf.isEmpty { holds = checkAnyOf(value, node.anyOf, key: key, noun: noun) && holds }
      if let not = node.not, holdsSilently(value, not, key: key, noun: noun) {
        holds = false
        let ruledOut = schema.nodes[not]
        if ruledOut.required.count == 1, ruledOut.properties.isEmpty, let keyNode = keyIndex(value, ruledOut.required[0]) {
          add(keyNode, "key \"\(ruledOut.required[0])\" is not allowed in \(noun ?? "this object")")
        } else {
          add(value.index, "\(shown(value)) is of a form the bundle format rules out here")
        }
      }
      if let condition = node.condition, let then = node.then, holdsSilently(value, condition, key: key, noun: noun) {
        holds = check(value, then, key: key, noun: noun) && holds
      }
      return holds
    }

    /// Whether `value` holds to `n`, adding nothing to `findings`.
    mutating func holdsSilently(_ value: JSONValue, _ n: Int, key: String?, noun: String?) -> Bool {
      let kept = findings
      findings = []
      defer { findings = kept }
      return check(value, n, key: key, noun: noun)
    }

    /// `anyOf`: the first branch that holds ends the search. When none does, the findings of the
    /// one branch whose type takes the value (an object's, of `object or null`), else one finding
    /// that names why each fails.
    mutating func checkAnyOf(_ value: JSONValue, _ branches: [Int], key: String?, noun: String?) -> Bool {
      var failed: [(branch: Int, findings: [Finding])] = []
      for branch in branches {
        let kept = findings
        findings = []
        let holds = check(value, branch, key: key, noun: noun)
        let own = findings
        findings = kept
        if holds { return true }
        failed.append((branch, own))
      }
      let taking = failed.filter { takes($0.branch, value) }
      if taking.count == 1 {
        findings += taking[0].findings
      } else {
        let reasons = failed.compactMap { $0.findings.first?.text }
        add(value.index, "holds to none of the forms the bundle format allows here: " + reasons.joined(separator: "; or "))
      }
      return false
    }

    /// Whether the node's `type`, `const` or `enum` lets the value's kind through.
    func takes(_ n: Int, _ value: JSONValue) -> Bool {
      let node = schema.nodes[n]
      if node.never { return false }
      if let types = node.types { return Self.admits(types, value) }
      if let constant = node.constValue { return Self.equals(value, constant) }
      if let values = node.enumValues { return values.contains { Self.equals(value, $0) } }
      return true
    }

    /// `required`, `maxProperties`, `properties` and `additionalProperties` of an object.
    mutating func checkObject(_ value: JSONValue, _ node: Node, noun: String?) -> Bool {
      var holds = true
      var keys: Set<String> = []
      var count = 0
      var unknown: [(key: String, index: Int)] = []
      value.forEachMember { keyValue, member in
        let key = keyValue.string ?? ""
        keys.insert(key)
        count += 1
        if let property = node.properties[key] {
          path.append(.key(key))
          holds = check(member, property, key: key, noun: nil) && holds
          path.removeLast()
          return
        }
        switch node.additional {
        case .any: break
        case .none:
          holds = false
          unknown.append((key, keyValue.index))
        case .schema(let other):
          path.append(.key(key))
          holds = check(member, other, key: key, noun: nil) && holds
          path.removeLast()
        }
      }
      // The nearest of the keys the object lacks, once all are known.
      for (key, index) in unknown {
        var text = "unknown key \"\(key)\" in \(noun ?? "this object") (not in the bundle format of zlc \(zlcVersion))"
        if let near = closestMatch(to: key, in: node.propertyKeys.filter { !keys.contains($0) }) {
          text += "; the nearest key is \"\(near)\""
        }
        add(index, text)
      }
      for key in node.required where !keys.contains(key) {
        holds = false
        add(value.index, "missing key \"\(key)\" in \(noun ?? "this object")")
      }
      if let most = node.maxProperties, count > most {
        holds = false
        add(value.index, "holds \(count) keys where the bundle format allows at most \(most)")
      }
      return holds
    }

    /// `minimum`, `exclusiveMinimum`, `maximum` and `exclusiveMaximum` of a number.
    mutating func checkBounds(_ value: JSONValue, _ node: Node) -> Bool {
      guard let text = value.numberText else { return true }
      var holds = true
      if let minimum = node.minimum, Self.compare(text, minimum) < 0 {
        holds = false
        add(value.index, "\(text) is below the least value the bundle format allows, \(minimum)")
      }
      if let bound = node.exclusiveMinimum, Self.compare(text, bound) <= 0 {
        holds = false
        add(value.index, "\(text) is not above \(bound), which the bundle format requires")
      }
      if let maximum = node.maximum, Self.compare(text, maximum) > 0 {
        holds = false
        add(value.index, "\(text) is above the greatest value the bundle format allows, \(maximum)")
      }
      if let bound = node.exclusiveMaximum, Self.compare(text, bound) >= 0 {
        holds = false
        add(value.index, "\(text) is not below \(bound), which the bundle format requires")
      }
      return holds
    }

    /// The index on the tape of the key `key` of an object.
    func keyIndex(_ value: JSONValue, _ key: String) -> Int? { value.keyNode(key)?.index }

    /// `"standrad" is not a launch_mode (expected one of: standard, …)`, with the nearest word.
    func enumText(_ value: JSONValue, _ values: [JSON], key: String?) -> String {
      let words = values.map { $0.stringValue ?? $0.encodedText }
      let article = { (key: String) in key.first.map { "aeiou".contains($0) } == true ? "an" : "a" }
      var text = "\(shown(value)) is not " + (key.map { "\(article($0)) \($0)" } ?? "a value the bundle format allows here")
      text += " (expected one of: \(words.joined(separator: ", ")))"
      if let word = value.string, let near = closestMatch(to: word, in: values.compactMap(\.stringValue)) {
        text += "; the nearest is \"\(near)\""
      }
      return text
    }

    /// A value as a message quotes it: a string in quotes, a short scalar as written, else its kind.
    func shown(_ value: JSONValue) -> String {
      switch value.kind {
      case .string:
        let text = value.string ?? ""
        return text.count <= 60 ? "\"\(text)\"" : "\"\(text.prefix(57))...\""
      case .number: return value.numberText ?? "a number"
      case .bool: return value.bool == true ? "true" : "false"
      case .null: return "null"
      case .array, .object: return value.kind.article
      }
    }

    /// What the value is, for a type mismatch: "a number (5)".
    func found(_ value: JSONValue) -> String {
      switch value.kind {
      case .string, .number, .bool: return "\(value.kind.article) (\(shown(value)))"
      default: return value.kind.article
      }
    }

    static func admits(_ types: Types, _ value: JSONValue) -> Bool {
      switch value.kind {
      case .null: return types.contains(.null)
      case .bool: return types.contains(.boolean)
      case .string: return types.contains(.string)
      case .array: return types.contains(.array)
      case .object: return types.contains(.object)
      case .number: return types.contains(.number) || (types.contains(.integer) && isWhole(value.numberText ?? ""))
      }
    }

    /// Whether a number's text is a whole number (`1.0` is, as draft-07 counts).
    static func isWhole(_ text: String) -> Bool {
      if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return true }
      guard let double = Double(text), double.isFinite else { return false }
      return double == double.rounded()
    }

    /// The order of two numbers given as their JSON text: exactly for whole numbers (those beyond
    /// an `Int` by their sign), else as doubles.
    static func compare(_ a: String, _ b: String) -> Int {
      func whole(_ text: String) -> (Int?, sign: Int)? {
        guard !text.isEmpty, !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else { return nil }
        return (Int(text), text.hasPrefix("-") ? -1 : 1)
      }
      if let x = whole(a), let y = whole(b) {
        if let p = x.0, let q = y.0 { return p < q ? -1 : p > q ? 1 : 0 }
        // One is beyond an Int: the larger in size, by its sign.
        if x.0 == nil, y.0 != nil { return x.sign }
        if y.0 == nil, x.0 != nil { return -y.sign }
      }
      let p = Double(a) ?? 0
      let q = Double(b) ?? 0
      return p < q ? -1 : p > q ? 1 : 0
    }

    /// Whether a value of the document is the schema's `const` or `enum` value.
    static func equals(_ value: JSONValue, _ json: JSON) -> Bool {
      switch json {
      case .null: return value.kind == .null
      case .bool(let b): return value.bool == b
      case .string(let s): return value.stringEquals(s)
      case .number(let text):
        guard let own = value.numberText else { return false }
        return own == text || compare(own, text) == 0
      case .array(let elements):
        guard value.kind == .array, value.elementCount == elements.count else { return false }
        return zip(value.elements, elements).allSatisfy { equals($0, $1) }
      case .object(let members):
        let own = value.members
        guard value.kind == .object, own.count == members.count else { return false }
        return members.allSatisfy { key, expected in value[key].map { equals($0, expected) } ?? false }
      }
    }
  }
}

extension JSON {
  /// The value as compact JSON text, for a message.
  var encodedText: String { String(decoding: encoded(pretty: false), as: UTF8.self) }
}
