import Foundation
import ZappDiagnostics
import ZappLayout

/// A declarative description of what a JSON input may hold. The shape checker walks a document with
/// it and reports missing keys, wrong types, values outside their set and unknown keys; `zlc schema`
/// turns the same descriptions into JSON Schemas for editors.
public indirect enum Shape: Sendable {
  /// A string. `""` and `null` are accepted wherever a value may be absent.
  case string
  /// A string that names something, as a registry lists its renderers: `null` and `""` name
  /// nothing, and are reported.
  case name
  /// `true`/`false`, or the strings `"true"`/`"false"` that builders emit.
  case bool
  /// A whole number, or a string holding one (`"6"`).
  case integer
  /// A number, or a string holding one.
  case number
  /// A string or a number, either as it is: an id (a feed entry's `"42"` or `42`).
  case stringOrNumber
  /// A string, a number or a boolean, as it is: what a select stores when an option is chosen.
  case scalar
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

extension Shape {
  /// Whether values of the shape are objects (a custom shape is one, a component or a field, but
  /// for a select's option and its value, which may be plain values).
  package var holdsObjects: Bool {
    switch self {
    case .object: return true
    case .custom(let name): return name != "option" && name != "optionValue"
    default: return false
    }
  }

  /// Whether `""` among an array's values of the shape is an empty entry, passed over: the entries
  /// of `zlc.json`'s `devices` and `size_classes` (a list of nothing else is ZL0203's error). Among
  /// a screen's or a manifest's objects it is an error: a build would write it where a client reads
  /// a component, a navigation or a field.
  package var skipsEmptyEntries: Bool {
    guard case .object(let object) = self else { return false }
    return object.name == Shapes.device.name || object.name == Shapes.sizeClass.name
  }
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

  /// The shape of the member whose key is the node at `index` of a tape (nil when the shape has
  /// no such field): a key written without escapes is compared in place, by length, then bytes.
  package func shape(ofKeyAt index: Int, _ nodes: [JSONNode], _ bytes: [UInt8]) -> Shape? {
    let node = nodes[index]
    guard node.flags & (JSONNode.hasEscapes | JSONNode.needsRepair) == 0 else {
      return shape(of: JSONStrings.decode(bytes, node))
    }
    let count = node.end - node.start - 2
    let fieldsByLength = storage.fieldsByLength
    guard count >= 0, count < fieldsByLength.count else { return nil }
    let found = bytes.withUnsafeBufferPointer { all -> Int? in
      let wanted = all.baseAddress! + node.start + 1
      for candidate in fieldsByLength[count]
      where count == 0 || candidate.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, wanted, count) == 0 }) {
        return candidate.field
      }
      return nil
    }
    return found.map { storage.fields[$0].shape }
  }

  /// The summary of a key a plugin's manifest declares (`adding(_:)`).
  static let declaredByManifest = "declared by the component's manifest"

  /// Whether `key` is one a plugin's manifest declares: a name its author gave, so a near miss of
  /// it may be another field's name (`image_2` for `image_1`).
  func isDeclaredByManifest(_ key: String) -> Bool { fields.first { $0.key == key }?.summary == Self.declaredByManifest }

  /// This shape with more keys allowed (a plugin's declared keys).
  /// Linear in the fields and keys: the fields are assigned (and indexed) once, not per key.
  public func adding(_ keys: [String]) -> ObjectShape {
    var copy = self
    var known = Set(fields.map(\.key))
    var added = fields
    for key in keys where known.insert(key).inserted { added.append((key, .any, Self.declaredByManifest)) }
    if added.count != fields.count { copy.fields = added }
    return copy
  }
}

/// Walks JSON with a shape and reports what does not fit.
///
/// The walk runs on the tape: every key of every object of a project passes through it, so values
/// are visited by index, keys are compared in place, and a `JSONValue` is made only where a
/// value must be decoded, a custom shape decided or a diagnostic reported.
public struct ShapeChecker {
  /// What does not fit, at most `diagnosticsPerFileAndCode` per file and code (the rest counted).
  public private(set) var found = DiagnosticList()
  public var diagnostics: [Diagnostic] { found.all }
  /// Decides the shape of `.custom` values from the value itself.
  public var resolveCustom: (String, JSONValue) -> Shape = { _, _ in .any }

  public init(resolveCustom: @escaping (String, JSONValue) -> Shape = { _, _ in .any }) {
    self.resolveCustom = resolveCustom
  }

  /// Checks a file's root. `null` and `""` stand for an absent value inside a file, but a whole
  /// file of either is a root of the wrong type where an object is wanted.
  public mutating func check(_ value: JSONValue, _ shape: Shape, what: @autoclosure () -> String) {
    let tape = Tape(value.document)
    if value.kind == .null || value.string?.isEmpty == true, case .object = shape {
      wrong(value.index, .text(what()), tape, expected: "an object")
      return
    }
    check(value.index, shape, .text(what()), tape)
  }

  public mutating func checkObject(_ value: JSONValue, _ object: ObjectShape, what: @autoclosure () -> String) {
    let tape = Tape(value.document)
    checkObject(value.index, object, .text(what()), tape)
  }

  /// The document a walk reads, its tape and bytes taken once.
  private struct Tape {
    let document: JSONDocument
    let nodes: [JSONNode]
    let bytes: [UInt8]

    init(_ document: JSONDocument) {
      self.document = document
      nodes = document.nodes
      bytes = document.source.bytes
    }

    func value(_ index: Int) -> JSONValue { JSONValue(document: document, index: index) }
  }

  /// What a value is called in a message, worked out only for a diagnostic.
  private enum Subject {
    /// As given ("screen", "zlc.json").
    case text(String)
    /// A member's key, quoted: `'styles'`.
    case key(Int)
    /// A member's key as it is: the values of a map are named by their keys.
    case bareKey(Int)
    /// An element of the array under a member's key: "each element of 'targets'".
    indirect case element(Subject)

    func text(_ tape: Tape) -> String {
      switch self {
      case .text(let text): return text
      case .key(let index): return "'\(tape.value(index).string ?? "")'"
      case .bareKey(let index): return tape.value(index).string ?? ""
      case .element(let array): return "each element of \(array.text(tape))"
      }
    }

    /// What a value's own name is: an element's is its array's ("'x' is not a valid 'targets'").
    func named(_ tape: Tape) -> String {
      if case .element(let array) = self { return array.named(tape) }
      return text(tape)
    }
  }

  private mutating func check(_ index: Int, _ shape: Shape, _ what: Subject, _ tape: Tape) {
    let kind = tape.nodes[index].kind
    if case .name = shape {
      checkName(index, what, tape)
      return
    }
    if kind == .null { return }
    switch shape {
    case .any, .name: return
    case .string:
      if kind != .string { wrong(index, what, tape, expected: "a string") }
    case .bool:
      if kind == .bool { return }
      if kind == .string, let s = tape.value(index).string, s == "true" || s == "false" || s.isEmpty { return }
      wrong(index, what, tape, expected: "true or false")
    case .integer:
      let value = tape.value(index)
      if kind == .number, let n = value.number, n == n.rounded() { return }
      if kind == .string, let s = value.string {
        if s.isEmpty || canonicalWholeNumber(s) != nil { return }
        if let fix = wholeNumberFix(s) {
          found.append(
            WrongTypeRule.Message.wholeNumberAsDigits(what.text(tape), found: value.quotedSource).diagnostic(
              at: value.spot, fixIt: .rewriting(as: fix, at: value.spot)))
          return
        }
      }
      wrong(index, what, tape, expected: "a whole number")
    case .number:
      if kind == .number { return }
      let value = tape.value(index)
      if kind == .string, let s = value.string, s.isEmpty || flexNumber(value) != nil { return }
      wrong(index, what, tape, expected: "a number")
    case .stringOrNumber:
      if kind != .string && kind != .number { wrong(index, what, tape, expected: "a string or a number") }
    case .scalar:
      if kind != .string && kind != .number && kind != .bool {
        wrong(index, what, tape, expected: "a string, a number or a boolean")
      }
    case .oneOf(let options):
      guard kind == .string, let s = tape.value(index).string else {
        wrong(index, what, tape, expected: "one of \(options.joined(separator: ", "))")
        return
      }
      if s.isEmpty || options.contains(s) { return }
      let spot = tape.value(index).spot
      found.append(
        InvalidValueRule.Message.notOneOf(s, subject: what.named(tape), options: options).diagnostic(
          at: spot, fixIt: .didYouMean(for: s, among: options, at: spot)))
    case .array(let element):
      guard kind == .array else {
        if kind == .string, tape.value(index).string?.isEmpty == true { return }
        wrong(index, what, tape, expected: "an array")
        return
      }
      var i = index + 1
      let end = tape.nodes[index].next(at: index)
      while i < end {
        let elementKind = tape.nodes[i].kind
        if elementKind == .null, element.holdsObjects {
          // `null` stands for an absent value, but an array of objects has no absent entries.
          found.append(
            WrongTypeRule.Message.elementNotAnObject(what.text(tape), found: .null).diagnostic(at: tape.value(i).spot))
        } else if element.holdsObjects, elementKind != .object,
          !(element.skipsEmptyEntries && elementKind == .string && tape.value(i).string?.isEmpty == true)
        {
          // The message names the array's elements, not the array; `""` too, but for a settings
          // list's empty entry (`skipsEmptyEntries`).
          found.append(
            WrongTypeRule.Message.elementNotAnObject(what.text(tape), found: elementKind).diagnostic(at: tape.value(i).spot))
        } else {
          check(i, element, element.holdsObjects ? what : .element(what), tape)
        }
        i = tape.nodes[i].next(at: i)
      }
    case .map(let element):
      guard kind == .object else {
        wrong(index, what, tape, expected: "an object")
        return
      }
      var key = index + 1
      let end = tape.nodes[index].next(at: index)
      while key < end {
        check(key + 1, element, .bareKey(key), tape)
        key = tape.nodes[key + 1].next(at: key + 1)
      }
    case .object(let object):
      checkObject(index, object, what, tape)
    case .custom(let name):
      check(index, resolveCustom(name, tape.value(index)), what, tape)
    }
  }

  private mutating func checkObject(_ index: Int, _ object: ObjectShape, _ what: Subject, _ tape: Tape) {
    let kind = tape.nodes[index].kind
    guard kind == .object else {
      if kind == .string, tape.value(index).string?.isEmpty == true { return }
      wrong(index, what, tape, expected: "an object")
      return
    }
    if !object.required.isEmpty {
      let value = tape.value(index)
      for key in object.required {
        let member = value[key]
        if member == nil || member!.isNull || (member!.kind == .string && member!.string!.isEmpty) {
          let message =
            member.map { MissingKeyRule.Message.emptyRequired(key, in: object.name, null: $0.isNull) }
            ?? .missingRequired(key, in: object.name)
          found.append(message.diagnostic(at: member?.spot ?? value.spot))
        }
      }
    }
    var key = index + 1
    let end = tape.nodes[index].next(at: index)
    while key < end {
      // The key's bytes are compared in place with the few fields of the same length; a name is
      // decoded only when it is written with escapes, or for a diagnostic.
      if let shape = object.shape(ofKeyAt: key, tape.nodes, tape.bytes) {
        check(key + 1, shape, .key(key), tape)
      } else if !object.open || MisspelledKeyRule.openShapesOfKnownKeys.contains(object.name)
        || UnknownKeyRule.nearMissKeys[object.name] != nil
      {
        let keyValue = tape.value(key)
        let name = keyValue.string ?? ""
        // A manifest's own key in its `characteristics` (`data`, `styles`): read at the top alone.
        if object.name == "characteristics", MisspelledKeyRule.manifestKeysOutOfCharacteristics.contains(name) {
          found.append(MisspelledKeyRule.Message.holdersKey(name, in: object.name, of: "manifest").diagnostic(at: keyValue.spot))
          key = tape.nodes[key + 1].next(at: key + 1)
          continue
        }
        // A key of one of the object's own objects, a level too high (`cell_styles` beside
        // `styles`, `target` beside `data`): clients ignore it here as they would a misspelling.
        if MisspelledKeyRule.closedShapes.contains(object.name), let holder = objectHolding(name, in: object, tape.value(index)) {
          found.append(MisspelledKeyRule.Message.misplacedKey(name, in: object.name, belongsIn: holder).diagnostic(at: keyValue.spot))
          key = tape.nodes[key + 1].next(at: key + 1)
          continue
        }
        // In an open structure of many keys of its own (a feed entry), near misses of the keys
        // zlc reads alone, and an array under a synonym of `entry` (`children`) where it is missing
        // or null (which the readers take as missing).
        let warnedKeys = UnknownKeyRule.nearMissKeys[object.name]
        let candidates = warnedKeys ?? object.fields.map(\.key)
        var nearest = ZappDiagnostics.nearest(to: name, in: candidates)
        if nearest == nil, let synonym = UnknownKeyRule.arraySynonyms[object.name]?[name], tape.nodes[key + 1].kind == .array,
          tape.value(index)[synonym].map({ $0.kind == .null }) ?? true
        {
          nearest = Suggestion(text: synonym, isTied: false)
        }
        let suggestion = nearest?.text
        // A near miss of a key of a structure zlc knows whole is a misspelling (ZL0206); in an
        // open structure whose usual keys zlc knows, only a near miss is reported. So is, in any
        // structure, a key one edit from a key a plugin's manifest declares there (a screen
        // plugin's `advertising`): the plugin takes the field's default.
        let nearDeclared =
          nearest.map { !$0.isTied && object.isDeclaredByManifest($0.text) && SchemaPass.isOneEdit(name, from: $0.text) } ?? false
        let misspelled =
          suggestion != nil
          && (MisspelledKeyRule.closedShapes.contains(object.name) || MisspelledKeyRule.openShapesOfKnownKeys.contains(object.name)
            || nearDeclared)
        if object.open, !misspelled, suggestion == nil || warnedKeys == nil {
          key = tape.nodes[key + 1].next(at: key + 1)
          continue
        }
        // A rename into a key the object already holds, or that another key would be renamed to
        // too, would write a duplicate key (ZL0107): no fix.
        let taken = suggestion.map { tape.value(index)[$0] != nil || renamedTwice($0, in: object, candidates, index, tape) } ?? false
        // A key as near to two keys (`title_3` to `title_1` and `title_2`) is a hint, never a fix.
        // A field a manifest declares is a name its author gave: two such may be two fields.
        let named = nearest.map { object.isDeclaredByManifest($0.text) ? $0.forName(name) : $0 }
        let fixIt = FixIt.didYouMean(taken ? nil : named, at: keyValue.spot)
        found.append(
          misspelled
            ? MisspelledKeyRule.Message.misspelledKey(name, in: object.name).diagnostic(at: keyValue.spot, fixIt: fixIt)
            : UnknownKeyRule.Message.unknownKey(name, in: object.name).diagnostic(at: keyValue.spot, fixIt: fixIt))
      }
      key = tape.nodes[key + 1].next(at: key + 1)
    }
  }

  /// The key of the field of `object` (the value `value`) whose object takes `name` (`styles` for
  /// `cell_styles` in a component, `styles` for `family` in a screen), when one does.
  private func objectHolding(_ name: String, in object: ObjectShape, _ value: JSONValue) -> String? {
    for field in object.fields {
      var shape = field.shape
      if case .custom(let custom) = shape { shape = resolveCustom(custom, value[field.key] ?? value) }
      if case .object(let child) = shape, child.shape(of: name) != nil { return field.key }
    }
    return nil
  }

  /// Whether more than one key of the object at `index` that `object` does not know has
  /// `suggestion` as its closest key among `candidates`.
  private func renamedTwice(_ suggestion: String, in object: ObjectShape, _ candidates: [String], _ index: Int, _ tape: Tape) -> Bool {
    var count = 0
    tape.value(index).forEachMember { key, _ in
      guard let name = key.string, object.shape(of: name) == nil else { return }
      if closestMatch(to: name, in: candidates) == suggestion { count += 1 }
    }
    return count > 1
  }

  /// A name: a string of one character or more, not all white space or invisible characters
  /// (a zero-width space).
  private mutating func checkName(_ index: Int, _ what: Subject, _ tape: Tape) {
    let value = tape.value(index)
    guard value.kind == .string else { return wrong(index, what, tape, expected: "a string") }
    if let name = value.string, name.unicodeScalars.allSatisfy({ $0.properties.isWhitespace || $0.properties.generalCategory == .format }) {
      found.append(WrongTypeRule.Message.emptyName(what.text(tape), blank: !name.isEmpty).diagnostic(at: value.spot))
    }
  }

  private mutating func wrong(_ index: Int, _ what: Subject, _ tape: Tape, expected: String) {
    let value = tape.value(index)
    found.append(
      WrongTypeRule.Message.mustBe(what.text(tape), expected, found: value.kind).diagnostic(at: value.spot))
  }
}
