import Foundation

/// A declarative description of what a JSON input may hold. The shape checker walks a document with
/// it and reports missing keys, wrong types, values outside their set and unknown keys; `zlc schema`
/// turns the same descriptions into JSON Schemas for editors.
public indirect enum Shape: Sendable {
  /// A string. `""` and `null` are accepted wherever a value may be absent.
  case string
  /// `true`/`false`, or the strings `"true"`/`"false"` that builders emit.
  case bool
  /// A whole number, or a string holding one (`"6"`).
  case integer
  /// A number, or a string holding one.
  case number
  /// One string of a set.
  case oneOf([String])
  case array(Shape)
  case object(ObjectShape)
  /// An object whose keys are free and whose values all have one shape.
  case map(Shape)
  /// A value whose shape is decided by context (components: their manifest decides extra keys).
  case custom(String)
  case any
}

/// The keys of an object: their shapes, which are required, and whether other keys are allowed.
public struct ObjectShape: Sendable {
  public typealias Field = (key: String, shape: Shape, summary: String)

  /// The fields and their indexes behind one reference: the checker takes a shape out of a `Shape`
  /// for every object it walks, and a copy then retains one object instead of five.
  private final class Storage: Sendable {
    let name: String
    let fields: [Field]
    let required: [String]
    let open: Bool
    /// Field positions by key: every key of every object of a project is looked up here.
    let fieldIndex: [String: Int]
    /// The same positions by the key's UTF-8 length, with its bytes, so that a key read in place
    /// from a file is found without decoding or hashing it.
    let fieldsByLength: [[(bytes: [UInt8], field: Int)]]

    init(name: String, fields: [Field], required: [String], open: Bool) {
      self.name = name
      self.fields = fields
      self.required = required
      self.open = open
      var fieldIndex: [String: Int] = [:]
      var fieldsByLength: [[(bytes: [UInt8], field: Int)]] = []
      for (i, field) in fields.enumerated() where fieldIndex[field.key] == nil {
        fieldIndex[field.key] = i
        let bytes = Array(field.key.utf8)
        while fieldsByLength.count <= bytes.count { fieldsByLength.append([]) }
        fieldsByLength[bytes.count].append((bytes, i))
      }
      self.fieldIndex = fieldIndex
      self.fieldsByLength = fieldsByLength
    }
  }

  private var storage: Storage

  public var name: String {
    get { storage.name }
    set { storage = Storage(name: newValue, fields: fields, required: required, open: open) }
  }
  public var fields: [Field] {
    get { storage.fields }
    set { storage = Storage(name: name, fields: newValue, required: required, open: open) }
  }
  public var required: [String] {
    get { storage.required }
    set { storage = Storage(name: name, fields: fields, required: newValue, open: open) }
  }
  public var open: Bool {
    get { storage.open }
    set { storage = Storage(name: name, fields: fields, required: required, open: newValue) }
  }

  public init(_ name: String, open: Bool = false, required: [String] = [], _ fields: [(String, Shape, String)]) {
    storage = Storage(name: name, fields: fields.map { (key: $0.0, shape: $0.1, summary: $0.2) }, required: required, open: open)
  }

  public func shape(of key: String) -> Shape? { storage.fieldIndex[key].map { storage.fields[$0].shape } }

  /// The shape of the member a JSON key names (nil when the shape has no such field).
  func shape(ofKey key: JSONValue) -> Shape? {
    let found = key.withPlainStringBytes { wanted -> Int? in
      let fieldsByLength = storage.fieldsByLength
      guard wanted.count < fieldsByLength.count else { return nil }
      for candidate in fieldsByLength[wanted.count]
      where wanted.isEmpty || candidate.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, wanted.baseAddress!, wanted.count) == 0 }) {
        return candidate.field
      }
      return nil
    }
    if let found { return found.map { storage.fields[$0].shape } }
    return key.string.flatMap { shape(of: $0) }
  }

  /// This shape with more keys allowed (a plugin's declared keys).
  /// Linear in the fields and keys: the fields are assigned (and indexed) once, not per key.
  public func adding(_ keys: [String]) -> ObjectShape {
    var copy = self
    var known = Set(fields.map(\.key))
    var added = fields
    for key in keys where known.insert(key).inserted { added.append((key, .any, "declared by the component's manifest")) }
    if added.count != fields.count { copy.fields = added }
    return copy
  }
}

/// Walks JSON with a shape and reports what does not fit.
public struct ShapeChecker {
  public var diagnostics: [Diagnostic] = []
  /// Decides the shape of `.custom` values from the value itself.
  public var resolveCustom: (String, JSONValue) -> Shape = { _, _ in .any }

  public init(resolveCustom: @escaping (String, JSONValue) -> Shape = { _, _ in .any }) {
    self.resolveCustom = resolveCustom
  }

  public mutating func check(_ value: JSONValue, _ shape: Shape, what: @autoclosure () -> String) {
    if value.isNull { return }
    switch shape {
    case .any: return
    case .string:
      if value.kind != .string { wrong(value, what, expected: "a string") }
    case .bool:
      if value.kind == .bool { return }
      if value.kind == .string, let s = value.string, s == "true" || s == "false" || s.isEmpty { return }
      wrong(value, what, expected: "true or false")
    case .integer:
      if value.kind == .number, let n = value.number, n == n.rounded() { return }
      if value.kind == .string, let s = value.string, s.isEmpty || Int(s.trimmingSpaces) != nil { return }
      wrong(value, what, expected: "a whole number")
    case .number:
      if value.kind == .number { return }
      if value.kind == .string, let s = value.string, s.isEmpty || flexNumber(value) != nil { return }
      wrong(value, what, expected: "a number")
    case .oneOf(let options):
      guard value.kind == .string, let s = value.string else {
        wrong(value, what, expected: "one of \(options.joined(separator: ", "))")
        return
      }
      if s.isEmpty || options.contains(s) { return }
      let suggestion = closestMatch(to: s, in: options)
      diagnostics.append(
        Diagnostic(
          .invalidValue,
          "'\(s)' is not a valid \(what()); expected one of \(options.joined(separator: ", "))",
          at: value.spot, fixIt: .didYouMean(suggestion, at: value.spot)))
    case .array(let element):
      guard value.kind == .array else {
        if value.kind == .string, value.string?.isEmpty == true { return }
        wrong(value, what, expected: "an array")
        return
      }
      value.forEachElement { e in check(e, element, what: what()) }
    case .map(let element):
      guard value.kind == .object else {
        wrong(value, what, expected: "an object")
        return
      }
      for (key, member) in value.members {
        check(member, element, what: key.string ?? what())
      }
    case .object(let object):
      checkObject(value, object, what: what())
    case .custom(let name):
      check(value, resolveCustom(name, value), what: what())
    }
  }

  public mutating func checkObject(_ value: JSONValue, _ object: ObjectShape, what: @autoclosure () -> String) {
    guard value.kind == .object else {
      if value.kind == .string, value.string?.isEmpty == true { return }
      wrong(value, what, expected: "an object")
      return
    }
    for key in object.required {
      let member = value[key]
      if member == nil || member!.isNull || (member!.kind == .string && member!.string!.isEmpty) {
        let location = member?.spot ?? value.spot
        diagnostics.append(Diagnostic(.missingKey, "\(object.name) is missing required key '\(key)'", at: location))
      }
    }
    value.forEachMember { key, member in
      // This loop runs for every key of every screen: the key's bytes are compared in place with
      // the few fields of the same length; a name is decoded only for a diagnostic.
      if let shape = object.shape(ofKey: key) {
        check(member, shape, what: "'\(key.string ?? "")'")
      } else if !object.open {
        let name = key.string ?? ""
        let suggestion = closestMatch(to: name, in: object.fields.map(\.key))
        diagnostics.append(
          Diagnostic(
            .unknownKey,
            "unknown key '\(name)' in \(object.name)", at: key.spot, fixIt: .didYouMean(suggestion, at: key.spot)))
      }
    }
  }

  mutating func wrong(_ value: JSONValue, _ what: () -> String, expected: String) {
    diagnostics.append(
      Diagnostic(.wrongType, "\(what()) must be \(expected), found \(value.kind.article)", at: value.spot))
  }
}
