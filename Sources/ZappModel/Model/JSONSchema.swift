import ZappDiagnostics
import ZappLayout

/// JSON Schemas (draft-07) of zlc's inputs, made from the same shapes the checker uses, so an
/// editor that validates with them agrees with `zlc check` on shape (the rules across files are
/// zlc's alone). `zlc schema KIND` prints one; `zlc schema bundle` prints the schema of what zlc
/// writes, from the runtime's bundle models (`BundleSchema`).
public enum JSONSchema {
  /// The inputs (and the one output) a schema can be printed for.
  public enum Kind: String, CaseIterable, Sendable {
    case screens, manifest, feed, settings
    case screenTypes = "screen-types"
    case bundle
    case registry
    case family

    /// Whether a project's names (screen ids, families, cell styles, types) are values of this
    /// input, which `schema(for:project:)` then lists as enums.
    public var holdsProjectNames: Bool { self == .screens || self == .screenTypes }

    package var root: ObjectShape {
      switch self {
      case .bundle: return ObjectShape("bundle", [])
      case .family: return ObjectShape("family", [])
      case .screens: return Shapes.screen
      case .manifest: return Shapes.manifest
      case .feed: return Shapes.feed
      case .settings: return Shapes.settings
      case .screenTypes: return Shapes.screenTypes
      case .registry: return Shapes.registry
      }
    }

    package var title: String {
      switch self {
      case .screens: return "Zapp screens (rivers format): one screen or an array of screens"
      case .manifest: return "Zapp plugin manifest (zappifest format)"
      case .feed: return "Applicaster JSON feed, as zlc map reads it"
      case .settings: return "zlc.json"
      case .screenTypes: return "screen_types.json"
      case .registry: return "zlc client renderer registry (registries/<name>.json): what one client build can render"
      case .bundle: return "zlc bundle: bundle.json"
      case .family: return "zlc family (JSON)"
      }
    }
  }

  /// The schema of one input, with a definition for each named shape it refers to. With a project,
  /// the values that name its families, cell styles, component types and screens are enums of them.
  public static func schema(for kind: Kind, project: Project? = nil) -> JSONOut {
    if kind == .bundle { return BundleSchema.json }
    if kind == .family { return FamilySchema.json }
    var definitions: [(String, JSONOut)] = []
    var defined: Set<String> = []
    func define(_ name: String, _ shape: ObjectShape) {
      guard !defined.contains(name) else { return }
      defined.insert(name)
      definitions.append((name, .null))
      let index = definitions.count - 1
      definitions[index] = (name, object(shape))
    }
    func custom(_ name: String) -> JSONOut {
      switch name {
      case "component":
        // A ui_component's manifest adds keys to its styles, rules and data: open in a schema.
        define(name, opening(["styles", "rules", "data"], of: Shapes.component))
      // A nav item plugin's manifest adds keys to its data.
      case "navItem": define(name, opening(["data"], of: Shapes.navItem))
      case "field": define(name, Shapes.manifestField)
      case "feedEntry": define(name, Shapes.feedEntry)
      // Screen plugins add their own keys to a screen's styles and rules.
      case "screenStyles": return object(Shapes.screenStyles, open: true, orEmptyString: true)
      case "screenRules": return object(Shapes.screenRules, open: true, orEmptyString: true)
      case "contentTypeTarget":
        return .object([("anyOf", .array([value(.string), object(Shapes.contentTypeTarget)]))])
      case "replacement": return .object([("anyOf", .array([value(.string), object(Shapes.replacement)]))])
      // A select's option: a plain value, or an object of text and value; a value is a string,
      // number or boolean.
      case "option": return .object([("anyOf", .array([custom("optionValue"), object(Shapes.manifestOption)]))])
      case "optionValue": return .object([("type", .array(["string", "number", "boolean", "null"].map { .string($0) }))])
      default: return .object([])
      }
      return .object([("$ref", .string("#/definitions/\(name)"))])
    }
    func value(_ shape: Shape) -> JSONOut {
      // Builders write "" or null wherever a value may be absent, and numbers and booleans as strings.
      let absent: [JSONOut] = [.object([("type", .string("null"))]), .object([("const", .string(""))])]
      switch shape {
      case .any: return .object([])
      case .string: return .object([("type", .array([.string("string"), .string("null")]))])
      case .name: return .object([("type", .string("string")), ("minLength", .int(1))])
      case .bool:
        return .object([
          (
            "anyOf",
            .array([.object([("type", .string("boolean"))]), .object([("enum", .array([.string("true"), .string("false")]))])] + absent)
          )
        ])
      case .integer:
        return .object([
          (
            "anyOf",
            .array(
              [
                .object([("type", .string("integer"))]),
                .object([("type", .string("string")), ("pattern", .string(#"^-?(0|[1-9][0-9]*)$"#))]),
              ]
                + absent)
          )
        ])
      case .number:
        return .object([
          (
            "anyOf",
            .array(
              [
                .object([("type", .string("number"))]),
                // A JSON number, spaces or tabs around it, as zlc reads a number in a string.
                .object([
                  ("type", .string("string")), ("pattern", .string(#"^[ \t]*-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?[ \t]*$"#)),
                ]),
              ] + absent)
          )
        ])
      case .stringOrNumber: return .object([("type", .array([.string("string"), .string("number"), .string("null")]))])
      case .scalar: return .object([("type", .array(["string", "number", "boolean", "null"].map { .string($0) }))])
      case .oneOf(let options): return .object([("enum", .array(options.map { .string($0) } + [.string(""), .null]))])
      case .array(let element):
        var items = value(element)
        // A list of objects holds no null (ZL0202): a client would find no object there.
        if case .object(var members) = items, element.isObjectLike {
          members.append(("not", .object([("type", .string("null"))])))
          items = .object(members)
        }
        return .object([("anyOf", .array([.object([("type", .string("array")), ("items", items)])] + absent))])
      case .map(let element):
        return .object([("type", .array([.string("object"), .string("null")])), ("additionalProperties", value(element))])
      // Builders write "" for an absent object too, which zlc reads as absent.
      case .object(let shape): return object(shape, orEmptyString: true)
      case .custom(let name):
        // A reference to a definition: "" beside it (a `$ref` takes no other keyword).
        let schema = custom(name)
        guard case .object(let members) = schema, members.first?.0 == "$ref" else { return schema }
        return .object([("anyOf", .array([schema, .object([("const", .string(""))])]))])
      }
    }
    /// The value of a required key: a string of one character or more, a number or a whole
    /// number, as a value of the shape is, but never "" or null.
    func requiredValue(_ shape: Shape) -> JSONOut {
      switch shape {
      case .string: return .object([("type", .string("string")), ("minLength", .int(1))])
      case .number, .integer:
        guard case .object(let members) = value(shape), case .array(let options)? = members.first(where: { $0.0 == "anyOf" })?.1 else {
          return value(shape)
        }
        return .object([("anyOf", .array(Array(options.prefix(2))))])
      default: return value(shape)
      }
    }
    /// An object of `shape`, or null; with `orEmptyString`, or "" too (`maxLength` bounds strings alone).
    func object(_ shape: ObjectShape, open: Bool? = nil, orEmptyString: Bool = false) -> JSONOut {
      var members: [(String, JSONOut)] = [
        ("type", .array([.string("object"), .string("null")] + (orEmptyString ? [.string("string")] : [])))
      ]
      if orEmptyString { members.append(("maxLength", .int(0))) }
      members.append(
        (
          "properties",
          .object(
            shape.fields.map { field in
              // A required key must hold a value: "" or null is a missing one to zlc (ZL0201).
              let required = shape.required.contains(field.key)
              var property = required ? requiredValue(field.shape) : value(field.shape)
              if let project, let names = projectValues(project, shape: shape.name, key: field.key) {
                property = enumerated(names, field.shape, required: required)
              }
              property = refusing(shape.name, field.key, property)
              if !field.summary.isEmpty, case .object(var m) = property {
                m.insert(("description", .string(field.summary)), at: 0)
                property = .object(m)
              }
              return (field.key, property)
            })
        ))
      if !shape.required.isEmpty {
        members.append(("required", .array(shape.required.map { .string($0) })))
      }
      members.append(("additionalProperties", .bool(open ?? shape.open)))
      return .object(members)
    }

    var root = object(kind.root)
    if kind == .screens {
      // A screen plugin's manifest adds keys to its screen's `data`: open in a schema.
      var screen = kind.root
      screen.fields = screen.fields.map { field in
        guard field.key == "data", case .object(var shape) = field.shape else { return field }
        shape.open = true
        return (field.key, .object(shape), field.summary)
      }
      define("screen", screen)
      // A screen is an object: null in its place is an error (ZL0202).
      if let at = definitions.firstIndex(where: { $0.0 == "screen" }), case .object(var members) = definitions[at].1,
        let type = members.firstIndex(where: { $0.0 == "type" })
      {
        members[type].1 = .string("object")
        definitions[at].1 = .object(members)
      }
      let reference = JSONOut.object([("$ref", .string("#/definitions/screen"))])
      root = .object([
        (
          "anyOf",
          .array([
            reference, .object([("type", .string("array")), ("items", reference)]),
            // `rivers` holds an array of screens, or Quick Brick's map of them by id.
            .object([
              ("type", .string("object")), ("required", .array([.string("rivers")])),
              (
                "properties",
                .object([
                  (
                    "rivers",
                    .object([
                      (
                        "anyOf",
                        .array([
                          .object([("type", .string("array")), ("items", reference)]),
                          .object([
                            ("type", .string("object")), ("minProperties", .int(1)),
                            ("properties", .object([("$schema", .object([("type", .string("string"))]))])),
                            ("additionalProperties", reference),
                          ]),
                        ])
                      )
                    ])
                  )
                ])
              ),
            ]),
            // Quick Brick keeps rivers as a map keyed by screen id; an empty one holds no screen (ZL0202).
            .object([
              ("type", .string("object")), ("minProperties", .int(1)),
              ("properties", .object([("$schema", .object([("type", .string("string"))]))])),
              ("additionalProperties", reference),
            ]),
          ])
        )
      ])
    }
    if kind == .manifest {
      // A manifest file holds one manifest, an array of them, or the build pipeline's
      // plugin_configurations: [{"plugin": manifest, "configuration_json": …}].
      define("manifest", kind.root)
      let reference = JSONOut.object([("$ref", .string("#/definitions/manifest"))])
      // A delivered manifest (the configuration's `plugin`) is not held to zappifest's keys.
      let published = published(reference)
      let configuration = JSONOut.object([
        ("type", .string("object")), ("required", .array([.string("plugin")])),
        (
          "properties",
          .object([
            ("plugin", .object([("description", .string("the plugin's manifest")), ("allOf", .array([reference]))]))
          ])
        ),
      ])
      root = .object([
        (
          "anyOf",
          .array([published, .object([("type", .string("array")), ("items", .object([("anyOf", .array([published, configuration]))]))])])
        )
      ])
    }
    var members: [(String, JSONOut)] = [
      ("$schema", .string("http://json-schema.org/draft-07/schema#")),
      ("title", .string(kind.title)),
    ]
    if case .object(let rootMembers) = root { members += rootMembers }
    // A file holding null alone is an error (ZL0202).
    if !members.contains(where: { $0.0 == "not" }) { members.append(("not", notNull)) }
    if !definitions.isEmpty { members.append(("definitions", .object(definitions))) }
    return .object(members)
  }

  /// `shape` with its object fields `keys` open: a manifest adds its keys to them.
  private static func opening(_ keys: [String], of shape: ObjectShape) -> ObjectShape {
    var shape = shape
    shape.fields = shape.fields.map { field in
      guard keys.contains(field.key), case .object(var opened) = field.shape else { return field }
      opened.open = true
      return (field.key, .object(opened), field.summary)
    }
    return shape
  }
}

extension Shape {
  /// Whether a value of the shape is an object (or a reference to one).
  fileprivate var isObjectLike: Bool {
    switch self {
    case .object: return true
    case .custom(let name): return !["contentTypeTarget", "replacement", "option", "optionValue"].contains(name)
    default: return false
    }
  }
}
