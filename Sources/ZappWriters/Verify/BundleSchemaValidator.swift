import Foundation
import ZappDiagnostics
import ZappLayout

/// The bundle's JSON Schema (`BundleSchema.json`, what `zlc schema bundle` prints), compiled once
/// for `zlc verify`: each subschema a node of a flat table, every `$ref` resolved to the node of
/// its definition, so that checking a file walks it once against the nodes, with no lookup by
/// name and no schema read again per value.
///
/// It implements the draft-07 keywords the schema uses, and no others (`validationKeywords`); a
/// keyword it does not implement is listed in `unsupported`, never ignored unsaid, and a test holds
/// that list empty for zlc's own schema. As in draft-07, a `$ref` stands for its whole subschema:
/// keywords beside it are not read.
package final class BundleSchemaValidator: Sendable {
  /// The keywords that constrain a value, each implemented here.
  package static let validationKeywords: Set<String> = [
    "$ref", "allOf", "anyOf", "if", "then", "not", "const", "enum", "type", "items", "properties", "required",
    "additionalProperties", "maxProperties", "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum",
  ]
  /// The keywords read past: annotations, and the container of the definitions a `$ref` names.
  package static let annotationKeywords: Set<String> = ["description", "title", "$schema", "definitions"]

  /// The schema of this release's bundle.
  package static let bundle = BundleSchemaValidator(BundleSchema.json)

  /// The node of each definition, by name.
  package let definitions: [String: Int]
  /// Keywords (or `$ref` targets) of the schema this validator does not implement.
  package let unsupported: [String]
  let nodes: [Node]
  let root: Int

  /// Compiles `schema` (a draft-07 schema whose `$ref`s name its `definitions`).
  package init(_ schema: JSON) {
    var builder = Builder(definitions: schema["definitions"]?.objectValue ?? [])
    root = builder.compile(schema)
    nodes = builder.nodes
    definitions = builder.index
    unsupported = builder.unsupported
  }

  /// A set of JSON types (`type`), one bit each; `number` admits an integer.
  struct Types: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = Types(rawValue: 1)
    static let boolean = Types(rawValue: 2)
    static let integer = Types(rawValue: 4)
    static let number = Types(rawValue: 8)
    static let string = Types(rawValue: 16)
    static let array = Types(rawValue: 32)
    static let object = Types(rawValue: 64)

    static let names: [(String, Types)] = [
      ("null", .null), ("boolean", .boolean), ("integer", .integer), ("number", .number), ("string", .string),
      ("array", .array), ("object", .object),
    ]

    /// As a message says it: "a string or null".
    var text: String {
      let words: [(Types, String)] = [
        (.string, "a string"), (.integer, "a whole number"), (.number, "a number"), (.boolean, "a boolean"),
        (.array, "an array"), (.object, "an object"), (.null, "null"),
      ]
      let shown = words.filter { contains($0.0) && !($0.0 == .integer && contains(.number)) }.map(\.1)
      return shown.count <= 1 ? shown.joined() : shown.dropLast().joined(separator: ", ") + " or " + shown.last!
    }
  }

  /// What `additionalProperties` says of a key `properties` does not name.
  enum Additional: Sendable {
    case any, none
    case schema(Int)
  }

  /// One subschema, its keywords read.
  struct Node: Sendable {
    /// The definition's name, for a definition's node.
    var name: String?
    /// The schema `false`: no value holds to it.
    var never = false
    var types: Types?
    var enumValues: [JSON]?
    var constValue: JSON?
    var properties: [String: Int] = [:]
    /// The keys of `properties` in their order, for a did-you-mean.
    var propertyKeys: [String] = []
    var required: [String] = []
    var additional = Additional.any
    var maxProperties: Int?
    var minimum: String?
    var maximum: String?
    var exclusiveMinimum: String?
    var exclusiveMaximum: String?
    var items: Int?
    var allOf: [Int] = []
    var anyOf: [Int] = []
    var not: Int?
    var condition: Int?
    var then: Int?
  }

  /// Reads a schema into nodes: the definitions first (so a `$ref` finds its node before the
  /// definition is read), then each subschema where it stands.
  struct Builder {
    var nodes: [Node] = []
    var index: [String: Int] = [:]
    var unsupported: [String] = []

    init(definitions: [(String, JSON)]) {
      for (name, _) in definitions where index[name] == nil {
        index[name] = nodes.count
        nodes.append(Node(name: name))
      }
      for (name, schema) in definitions {
        guard let at = index[name] else { continue }
        var node = read(schema)
        node.name = name
        nodes[at] = node
      }
    }

    /// The node of `schema`: its definition's for a `$ref`, else a new one.
    mutating func compile(_ schema: JSON) -> Int {
      if let reference = schema["$ref"]?.stringValue { return resolve(reference) }
      let node = read(schema)
      nodes.append(node)
      return nodes.count - 1
    }

    /// The node a `$ref` names: `#/definitions/NAME` alone is used.
    mutating func resolve(_ reference: String) -> Int {
      let prefix = "#/definitions/"
      let name =
        reference.hasPrefix(prefix)
        ? String(reference.dropFirst(prefix.count)).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        : nil
      if let name, let at = index[name] { return at }
      unsupported.append("$ref \(reference)")
      nodes.append(Node(never: true))
      return nodes.count - 1
    }

    /// The keywords of one subschema.
    mutating func read(_ schema: JSON) -> Node {
      switch schema {
      case .bool(let holds): return Node(never: !holds)
      case .object(let members):
        if let reference = schema["$ref"]?.stringValue { return Node(allOf: [resolve(reference)]) }
        var node = Node()
        for (keyword, value) in members { read(keyword, value, into: &node) }
        return node
      default:
        unsupported.append("a schema that is \(schema)")
        return Node(never: true)
      }
    }

    mutating func read(_ keyword: String, _ value: JSON, into node: inout Node) {
      switch keyword {
      case "type":
        let names = value.arrayValue?.compactMap(\.stringValue) ?? value.stringValue.map { [$0] } ?? []
        var types: Types = []
        for name in names {
          guard let type = Types.names.first(where: { $0.0 == name })?.1 else {
            unsupported.append("type \(name)")
            continue
          }
          types.insert(type)
        }
        node.types = types
      case "enum": node.enumValues = value.arrayValue ?? []
      case "const": node.constValue = value
      case "properties":
        for (key, schema) in value.objectValue ?? [] {
          node.properties[key] = compile(schema)
          node.propertyKeys.append(key)
        }
      case "required": node.required = value.arrayValue?.compactMap(\.stringValue) ?? []
      case "additionalProperties":
        switch value {
        case .bool(let allowed): node.additional = allowed ? .any : .none
        default: node.additional = .schema(compile(value))
        }
      case "maxProperties": node.maxProperties = value.intValue
      case "minimum": node.minimum = value.numberText
      case "maximum": node.maximum = value.numberText
      case "exclusiveMinimum": node.exclusiveMinimum = value.numberText
      case "exclusiveMaximum": node.exclusiveMaximum = value.numberText
      case "items":
        if value.arrayValue != nil { unsupported.append("items as an array (a tuple)") }
        node.items = compile(value)
      case "allOf": node.allOf = (value.arrayValue ?? []).map { compile($0) }
      case "anyOf": node.anyOf = (value.arrayValue ?? []).map { compile($0) }
      case "not": node.not = compile(value)
      case "if": node.condition = compile(value)
      case "then": node.then = compile(value)
      case _ where BundleSchemaValidator.annotationKeywords.contains(keyword): break
      default: unsupported.append(keyword)
      }
    }
  }
}

extension JSON {
  /// A number's text as written.
  var numberText: String? {
    if case .number(let text) = self { return text }
    return nil
  }
}
