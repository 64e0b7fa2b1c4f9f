// The bundle contract as data: each contract type lists its keys once, in a table of
// `BundleField`s (key, meaning, type, presence), and the streaming encoder (`write(to:)`), the
// decoder, the JSON Schema (`zlc schema bundle`) and the key tables of docs/bundle.md are all
// made from that table. A new key is one line in its type's table (BundleFields*.swift).

/// The form a bundle is written in (docs/bundle.md, "Compatibility").
public enum BundleForm: Sendable {
  /// `format_version` 2: a section names an entry of `bundle.json`'s `layouts` (`layout_ref`)
  /// instead of holding its layout and geometry.
  case compact
  /// `format_version` 1's shape: every reference expanded in place, and no `layouts`.
  case expanded

  /// The `format_version` a bundle of this form declares.
  public var formatVersion: Int { self == .compact ? 2 : 1 }
}

/// The paths of the values a decoding reads, for its errors. A decoding first runs untracked,
/// making no path; only when it fails does it run again with them (`decodeTrackingOnFailure`).
enum DecodingPath {
  /// The path of every value of an untracked decoding.
  static let untracked = "\u{1}"

  static func at(_ path: String, _ key: String) -> String {
    if path == untracked { return untracked }
    return path.isEmpty ? key : "\(path).\(key)"
  }

  static func at(_ path: String, index: Int) -> String { path == untracked ? untracked : "\(path)[\(index)]" }
}

/// Reads the members of one object of a bundle file, with errors that name the value's path.
struct ObjectReader {
  let members: [(String, JSON)]
  let path: String
  let layouts: LayoutTable

  init(_ json: JSON, path: String, layouts: LayoutTable) throws {
    guard case .object(let members) = json else { throw BundleDecodingError(path: path, message: "expected an object") }
    self.members = members
    self.path = path
    self.layouts = layouts
  }

  func at(_ key: String) -> String { DecodingPath.at(path, key) }

  /// `read`, whose decoding error not already in an entry stands in the `layouts` entry `entry`,
  /// which the `layout_ref` at `reference` names.
  static func inEntry<T>(_ entry: String, at reference: String, _ read: () throws -> T) throws -> T {
    do {
      return try read()
    } catch var error as BundleDecodingError {
      if error.layoutEntry == nil {
        error.layoutEntry = entry
        error.referencePath = reference
      }
      throw error
    }
  }

  /// The value of `key`, `null` included; nil when absent.
  func member(_ key: String) -> JSON? {
    let length = key.utf8.count
    for i in members.indices where members[i].0.utf8.count == length && members[i].0 == key { return members[i].1 }
    return nil
  }

  /// The value of `key`; nil when absent or null. The keys asked for are the contract's (lowercase
  /// ASCII letters, digits and `_`, as a test of BundleTests holds every field's key), and no other
  /// text is the same as one of them, even as Swift compares strings, unless it has the same length:
  /// a member of another length is passed over without comparing the text.
  func optional(_ key: String) -> JSON? {
    let length = key.utf8.count
    for i in members.indices where members[i].0.utf8.count == length && members[i].0 == key {
      let value = members[i].1
      return value.isNull ? nil : value
    }
    return nil
  }
}

/// How one kind of value is written, read and described: the part of a field its type decides.
public struct BundleCodec<Value>: Sendable {
  /// The type as docs/bundle.md's key tables show it.
  let type: String
  let schema: JSON
  let write: @Sendable (Value, inout JSONWriter) -> Void
  let read: @Sendable (_ json: JSON, _ path: String, _ layouts: LayoutTable) throws -> Value
}

/// One key of a contract object: its meaning, type and presence, and how it is written and read.
public struct BundleField<Model>: Sendable {
  /// When a key is in its object.
  public enum Presence: Sendable {
    /// Always written; a reader fails without it.
    case required
    /// Always written, `null` for none.
    case nullable
    /// Written when it has a value (the meaning says when).
    case optional
    /// Always written; a reader takes the default without it (a key added within a format, or
    /// one earlier readers took as empty when absent).
    case alwaysWritten
  }

  /// What a field is to the compact form.
  enum Role: Sendable {
    case plain
    /// Held by a `layouts` entry in the compact form when the object has a reference.
    case interned
    /// The id of the `layouts` entry that holds the interned fields (`layout_ref`).
    case reference
    /// A key of the screen as written, kept as it is (documented, not written by the field).
    case own
  }

  public let key: String
  /// What the key means: docs/bundle.md's text and the schema's description.
  public let meaning: String
  public let presence: Presence
  var role: Role = .plain
  /// Left out of the compact form when it is what the object's `derivationBasis` derives.
  var isDerived = false
  let type: String
  let schema: JSON
  /// Writes `"key": value`, or nothing for an absent value, of the model at the address given:
  /// a model passed by value to a closure stored for any model is copied whole to a new address,
  /// for each key (`BundleObject.writeMembers` makes its address once).
  let write: @Sendable (UnsafePointer<Model>, inout JSONWriter) -> Void
  /// Reads the key, if there, into the model.
  let read: @Sendable (inout Model, ObjectReader) throws -> Void
  /// The model's property the key holds, when it holds one (`BundleObject.key(_:)`).
  var path: (AnyKeyPath & Sendable)? = nil
  /// The key of the flag whose `true` lets this key be absent, when the key is required but for
  /// it (`component_type`, but for `hide`).
  var requiredUnless: String? = nil

  /// This field, held by a `layouts` entry in the compact form.
  var interned: Self {
    var field = self
    field.role = .interned
    return field
  }

  /// This field, left out of the compact form when it is what `SectionBasis` derives for it (and
  /// written as `null` there when it has no value but one would be derived).
  var derived: Self {
    let optional = presence == .optional
    let note =
      "Compact form: left out when it is what the runtime derives ([Derived keys](#derived-keys))"
      + (optional ? "; `null` for none where one would be derived." : ".")
    return Self(
      key: key, meaning: meaning + (meaning.hasSuffix(".") ? " " : ". ") + note, presence: presence, role: role, isDerived: true,
      type: optional ? type + " or null" : type, schema: optional ? BundleSchema.orNull(schema) : schema, write: write, read: read,
      path: path, requiredUnless: requiredUnless)
  }

  /// A field written and read by its own closures (`write` writes the key too).
  static func custom(
    _ key: String, _ presence: Presence, type: String, schema: JSON, _ meaning: String, path: (AnyKeyPath & Sendable)? = nil,
    write: @escaping @Sendable (Model, inout JSONWriter) -> Void, read: @escaping @Sendable (inout Model, ObjectReader) throws -> Void
  ) -> Self {
    Self(
      key: key, meaning: meaning, presence: presence, type: type, schema: schema, write: { write($0.pointee, &$1) }, read: read,
      path: path)
  }

  /// Writes the key of `model` (`write`, given the model's address).
  func write(_ model: Model, to w: inout JSONWriter) { withUnsafePointer(to: model) { write($0, &w) } }

  /// The general field: `get` gives the value to write (nil: none), `set` takes the value read.
  /// With none, `null` is written when `writesNull` says so; a reader fails without the key
  /// unless the object's `requiredUnless` flag is `true` (the schema says the same).
  static func make<V>(
    _ key: String, _ presence: Presence, _ codec: BundleCodec<V>, _ meaning: String,
    writesNull: (@Sendable (Model) -> Bool)? = nil, requiredUnless flag: String? = nil, path: (AnyKeyPath & Sendable)? = nil,
    get: @escaping @Sendable (Model) -> V?, set: @escaping @Sendable (inout Model, V) throws -> Void
  ) -> Self {
    make(
      key, presence, codec, meaning, writesNull: writesNull, requiredUnless: flag, path: path, getAt: { get($0.pointee) }, set: set)
  }

  /// `make`, with `getAt` giving the value of the model at an address.
  static func make<V>(
    _ key: String, _ presence: Presence, _ codec: BundleCodec<V>, _ meaning: String,
    writesNull: (@Sendable (Model) -> Bool)? = nil, requiredUnless flag: String? = nil, path: (AnyKeyPath & Sendable)? = nil,
    getAt get: @escaping @Sendable (UnsafePointer<Model>) -> V?, set: @escaping @Sendable (inout Model, V) throws -> Void
  ) -> Self {
    let nullable = presence == .nullable
    let write: @Sendable (UnsafePointer<Model>, inout JSONWriter) -> Void = { model, w in
      if let value = get(model) {
        w.key(key)
        codec.write(value, &w)
      } else if nullable || writesNull?(model.pointee) == true {
        w.key(key)
        w.null()
      }
    }
    let required = presence == .required
    let read: @Sendable (inout Model, ObjectReader) throws -> Void = { model, r in
      guard let raw = r.optional(key) else {
        if required || flag.map({ r.optional($0)?.boolValue != true }) == true {
          throw BundleDecodingError(path: r.at(key), message: "missing")
        }
        return
      }
      try set(&model, try codec.read(raw, r.at(key), r.layouts))
    }
    let canBeNull = nullable || writesNull != nil
    return Self(
      key: key, meaning: meaning, presence: presence, type: canBeNull ? codec.type + " or null" : codec.type,
      schema: canBeNull ? BundleSchema.orNull(codec.schema) : codec.schema, write: write, read: read, path: path, requiredUnless: flag)
  }

  /// Always written; a reader fails without it.
  static func required<V>(_ key: String, _ path: WritableKeyPath<Model, V> & Sendable, _ codec: BundleCodec<V>, _ meaning: String) -> Self {
    make(key, .required, codec, meaning, path: path, getAt: getter(path), set: setter(path))
  }

  /// Always written; a reader keeps the model's default without it.
  static func alwaysWritten<V>(
    _ key: String, _ path: WritableKeyPath<Model, V> & Sendable, _ codec: BundleCodec<V>, _ meaning: String
  ) -> Self {
    make(key, .alwaysWritten, codec, meaning, path: path, getAt: getter(path), set: setter(path))
  }

  /// Always written, `null` for nil.
  static func nullable<V>(_ key: String, _ path: WritableKeyPath<Model, V?> & Sendable, _ codec: BundleCodec<V>, _ meaning: String) -> Self
  {
    make(key, .nullable, codec, meaning, path: path, getAt: getter(path), set: optionalSetter(path))
  }

  /// Written when not nil.
  static func optional<V>(_ key: String, _ path: WritableKeyPath<Model, V?> & Sendable, _ codec: BundleCodec<V>, _ meaning: String) -> Self
  {
    make(key, .optional, codec, meaning, path: path, getAt: getter(path), set: optionalSetter(path))
  }

  /// Written when not empty.
  static func unlessEmpty<C: Collection & SendableMetatype>(
    _ key: String, _ path: WritableKeyPath<Model, C> & Sendable, _ codec: BundleCodec<C>, _ meaning: String
  ) -> Self {
    let get = getter(path)
    return make(
      key, .optional, codec, meaning, path: path,
      getAt: { model in
        let value = get(model)
        return value.isEmpty ? nil : value
      }, set: setter(path))
  }

  /// `true`, written only when true.
  static func flag(_ key: String, _ path: WritableKeyPath<Model, Bool> & Sendable, _ meaning: String) -> Self {
    let get = getter(path)
    return make(key, .optional, .bool, meaning, path: path, getAt: { get($0) ? true : nil }, set: setter(path))
  }

  /// The id of the `layouts` entry that holds the object's interned fields (compact form only).
  static func reference(_ key: String, _ path: WritableKeyPath<Model, String?> & Sendable, _ meaning: String) -> Self {
    var field = make(key, .optional, .string, meaning, path: path, getAt: getter(path), set: optionalSetter(path))
    field.role = .reference
    return field
  }

  /// A key of the screen as written: documented here, kept by the screen as it is. Reading it
  /// checks it against its presence and codec, and sets nothing.
  static func own<V>(_ key: String, _ presence: Presence, _ codec: BundleCodec<V>, _ meaning: String) -> Self {
    let nullable = presence == .nullable
    let required = presence == .required
    var field = custom(
      key, presence, type: nullable ? codec.type + " or null" : codec.type,
      schema: nullable ? BundleSchema.orNull(codec.schema) : codec.schema,
      meaning, write: { _, _ in },
      read: { _, r in
        guard let raw = r.optional(key) else {
          if required { throw BundleDecodingError(path: r.at(key), message: "missing") }
          return
        }
        _ = try codec.read(raw, r.at(key), r.layouts)
      })
    field.role = .own
    return field
  }
}

/// A contract type: an object of the bundle whose keys its field table lists.
public protocol BundleObject: JSONWritable, Sendable {
  /// The name of its definition in `zlc schema bundle` and of its key table in docs/bundle.md.
  static var schemaName: String { get }
  /// What the object is, for the schema.
  static var summary: String { get }
  /// Every key, in the order written.
  static var fields: [BundleField<Self>] { get }
  /// The value a reader starts from: every key that may be absent at its default.
  static var blank: Self { get }
  /// Whether keys other than the fields may appear (a screen's own keys).
  static var isOpen: Bool { get }
  /// The id of the `layouts` entry the compact form names instead of the interned fields.
  var layoutReference: String? { get }
  /// What the compact form derives the derived fields from, when it may leave them out.
  var derivationBasis: SectionBasis? { get }
  /// Reads a value, resolving `layout_ref`s in `layouts`.
  static func decode(_ json: JSON, path: String, layouts: LayoutTable) throws -> Self
  /// The `layouts` entry of this value: its interned fields as one object.
  func writeInterned(to w: inout JSONWriter)
}

extension BundleObject {
  public static var isOpen: Bool { false }
  public var layoutReference: String? { nil }
  public var derivationBasis: SectionBasis? { nil }

  public func write(to w: inout JSONWriter) { writeObject(to: &w) }

  /// The object with its members (what `write(to:)` writes), for a type's own specialized entry.
  func writeObject(to w: inout JSONWriter) {
    w.beginObject()
    writeMembers(to: &w)
    w.endObject()
  }

  /// The members, in table order; in the compact form, a value with a reference writes it in place
  /// of its interned fields. Each key is written from the value's one address.
  func writeMembers(to w: inout JSONWriter) {
    withUnsafePointer(to: self) { writeMembers(at: $0, to: &w) }
  }

  private func writeMembers(at model: UnsafePointer<Self>, to w: inout JSONWriter) {
    let referenced = w.bundleForm == .compact && layoutReference != nil
    let basis = w.bundleForm == .compact ? derivationBasis : nil
    let fields = Self.fields
    // By index: a field is not copied (nor its closures and strings retained) to be written.
    var derivedIndex = 0
    for i in fields.indices {
      if fields[i].isDerived, let basis {
        writeDerived(fields, i, as: derivedIndex, basis: basis, at: model, to: &w)
        derivedIndex += 1
        continue
      }
      switch fields[i].role {
      case .plain: fields[i].write(model, &w)
      case .interned: if !referenced { fields[i].write(model, &w) }
      case .reference: if referenced { fields[i].write(model, &w) }
      case .own: break
      }
    }
  }

  /// Writes the derived field `fields[i]` (the `k`-th derived one) unless its bytes are those of
  /// the value derived (or the basis keeps it in place: `isKeptInPlace`); `null` when it has no
  /// value but one would be derived. A section that holds the derived value as typed
  /// (`ResolvedSection.holdsDerived`) writes nothing, neither value written. The field is read in
  /// place: passed, it would be copied, and what it holds retained.
  private func writeDerived(
    _ fields: [BundleField<Self>], _ i: Int, as k: Int, basis: SectionBasis, at model: UnsafePointer<Self>, to w: inout JSONWriter
  ) {
    let key = fields[i].key
    // The derived fields are in the order of `SectionBasis.keys`; a table out of that order is
    // looked up by name.
    let derivable = SectionBasis.Key(rawValue: k).flatMap { $0.name == key ? $0 : nil } ?? SectionBasis.Key(named: key)
    if let derivable, let section = self as? ResolvedSection, section.holdsDerived(derivable, from: basis) { return }
    let derived = basis.isKeptInPlace(key) ? nil : derivable.flatMap(basis.value(of:))
    let outcome = w.write(
      { fields[i].write(model, &$0) },
      unlessSameAs: { one in
        guard let derived else { return }
        one.key(key)
        one.value(derived)
      })
    if outcome == .keptEmpty, derived != nil {
      w.key(key)
      w.null()
    }
  }

  public func writeInterned(to w: inout JSONWriter) { writeInternedObject(to: &w) }

  /// The object of the interned fields (what `writeInterned(to:)` writes).
  func writeInternedObject(to w: inout JSONWriter) {
    w.beginObject()
    let fields = Self.fields
    withUnsafePointer(to: self) { model in
      for i in fields.indices where fields[i].role == .interned { fields[i].write(model, &w) }
    }
    w.endObject()
  }

  public static func decode(_ json: JSON, path: String, layouts: LayoutTable) throws -> Self {
    try decode(try ObjectReader(json, path: path, layouts: layouts))
  }

  /// The value of the object `r` reads.
  static func decode(_ r: ObjectReader) throws -> Self { try decode(r) { _ in 0 } }

  /// The value of the object `r` reads, with the fields `prefill` sets (it gives them as a bit
  /// mask of field indices) taken as it sets them instead of read: a compact section's derived keys.
  static func decode(_ r: ObjectReader, prefill: (inout Self) -> UInt64) throws -> Self {
    let (path, layouts) = (r.path, r.layouts)
    let fields = Self.fields
    // With a reference, every interned field is read from its entry, wherever it stands.
    var held: (reader: ObjectReader, entry: String)?
    // By index (as below): `first(where:)` would copy each field it passes.
    if let reference = fields.indices.first(where: { fields[$0].role == .reference }).map({ fields[$0].key }),
      let raw = r.member(reference)
    {
      // A reference that is no string (`null`, `12`) names no entry: not a section holding its keys.
      guard let id = raw.stringValue else { throw expected("a string", at: r.at(reference)) }
      // A kept value was made from the entry, which is there.
      if path == DecodingPath.untracked, let kept: Self = layouts.kept(id) { return try decode(r, interned: kept, prefill: prefill) }
      guard let entry = layouts.entries[id] else {
        throw BundleDecodingError(path: r.at(reference), message: "no entry '\(id)' in bundle.json's layouts")
      }
      if path == DecodingPath.untracked {
        let interned: Self = try layouts.interned(id) { try internedFields(ObjectReader(entry, path: path, layouts: layouts)) }
        return try decode(r, interned: interned, prefill: prefill)
      }
      let at = r.at(reference)
      held = (try ObjectReader.inEntry(id, at: at) { try ObjectReader(entry, path: at, layouts: layouts) }, id)
    }
    var model = blank
    let prefilled = prefill(&model)
    // By index: a field is not copied (nor its closures retained) to be read.
    for i in fields.indices where !isSet(i, in: prefilled) {
      switch fields[i].role {
      case .own: continue
      case .interned:
        guard let held else {
          try fields[i].read(&model, r)
          continue
        }
        try ObjectReader.inEntry(held.entry, at: held.reader.path) { try fields[i].read(&model, held.reader) }
      case .reference, .plain: try fields[i].read(&model, r)
      }
    }
    return model
  }

  /// Whether bit `i` of a mask of field indices is set.
  private static func isSet(_ i: Int, in mask: UInt64) -> Bool { i < 64 && mask & (1 << UInt64(i)) != 0 }

  /// A blank value with the interned fields read from a `layouts` entry.
  private static func internedFields(_ entry: ObjectReader) throws -> Self {
    let fields = Self.fields
    var model = blank
    for i in fields.indices where fields[i].role == .interned { try fields[i].read(&model, entry) }
    return model
  }

  /// The value of `r` whose interned fields are those of `interned`: its other fields are read over
  /// them. The same value as reading every field in table order, as no field's read depends on an
  /// interned field after it (a failure may differ: only untracked decodings read so, whose errors
  /// are found again in table order).
  private static func decode(_ r: ObjectReader, interned: Self, prefill: (inout Self) -> UInt64) throws -> Self {
    let fields = Self.fields
    var model = interned
    let prefilled = prefill(&model)
    for i in fields.indices where !isSet(i, in: prefilled) {
      switch fields[i].role {
      case .own, .interned: continue
      case .reference, .plain: try fields[i].read(&model, r)
      }
    }
    return model
  }

  /// `decode`, untracked first (no path made for the values read); a failure decodes again with
  /// paths, for the place of its error.
  static func decodeTrackingOnFailure(_ json: JSON, path: String, layouts: LayoutTable) throws -> Self {
    do {
      return try decode(json, path: DecodingPath.untracked, layouts: layouts)
    } catch is BundleDecodingError {
      return try decode(json, path: path, layouts: layouts)
    }
  }

  /// The value as a `JSON` tree: its compact form's bytes, parsed.
  public var json: JSON { (try? JSON.parse(encoded(pretty: false))) ?? .null }
}

// MARK: Codecs

func expected(_ what: String, at path: String) -> BundleDecodingError { BundleDecodingError(path: path, message: "expected \(what)") }

extension BundleCodec where Value == DeviceClass {
  static var deviceClass: Self {
    Self(
      type: DeviceClass.allCases.map { "`\($0.rawValue)`" }.joined(separator: " or "),
      schema: .object([("enum", .array(DeviceClass.allCases.map { .string($0.rawValue) }))]),
      write: { value, w in w.string(value.rawValue) },
      read: { json, path, _ in
        guard let word = json.stringValue else { throw expected("a string", at: path) }
        guard let deviceClass = DeviceClass(rawValue: word) else {
          throw BundleDecodingError(path: path, message: "unknown device class '\(word)'")
        }
        return deviceClass
      })
  }
}

extension BundleCodec where Value: Vocabulary {
  /// A word of a closed vocabulary; a word this library does not know reads as `unknown`.
  static func word(_ what: String) -> Self {
    Self(
      type: "word", schema: BundleSchema.vocabulary(Value.self, what), write: { value, w in w.string(value.word) },
      read: { json, path, _ in
        guard let word = json.stringValue else { throw expected("a string", at: path) }
        return Value(word: word)
      })
  }
}

extension BundleCodec where Value == JSON {
  /// Any JSON value, passed through as written.
  static var any: Self {
    Self(type: "any JSON", schema: .object([]), write: { value, w in w.value(value) }, read: { json, _, _ in json })
  }
}

extension BundleCodec where Value == [(String, JSON)] {
  /// An object passed through as written, its members in order.
  static var members: Self {
    Self(
      type: "object", schema: BundleSchema.type("object"), write: { value, w in w.object(value) },
      read: { json, path, _ in
        guard let members = json.objectValue else { throw expected("an object", at: path) }
        return members
      })
  }
}

extension BundleCodec where Value: BundleObject {
  /// A contract object, by its definition.
  static var object: Self {
    Self(
      type: "`\(Value.schemaName)`", schema: BundleSchema.ref(Value.schemaName), write: { value, w in value.write(to: &w) },
      read: { json, path, layouts in try Value.decode(json, path: path, layouts: layouts) })
  }
}

extension BundleCodec {
  /// An array of values.
  static func array<Element>(_ element: BundleCodec<Element>) -> Self where Value == [Element] {
    Self(
      type: "[\(element.type)]", schema: BundleSchema.array(element.schema),
      write: { items, w in
        w.beginArray()
        for item in items { element.write(item, &w) }
        w.endArray()
      },
      read: { json, path, layouts in
        guard let items = json.arrayValue else { throw expected("an array", at: path) }
        return try items.enumerated().map { try element.read($1, DecodingPath.at(path, index: $0), layouts) }
      })
  }

  /// An object of a name → value per element, in order; `make` drops a name it does not know.
  static func map<Element, V>(
    _ value: BundleCodec<V>, name: String, key: @escaping @Sendable (Element) -> String,
    value get: @escaping @Sendable (Element) -> V, make: @escaping @Sendable (String, V) -> Element?
  ) -> Self where Value == [Element] {
    Self(
      type: "\(name) → \(value.type)", schema: BundleSchema.map(value.schema),
      write: { items, w in
        w.beginObject()
        for item in items {
          w.key(key(item))
          value.write(get(item), &w)
        }
        w.endObject()
      },
      read: { json, path, layouts in
        guard let members = json.objectValue else { throw expected("an object", at: path) }
        return try members.compactMap { name, item in make(name, try value.read(item, DecodingPath.at(path, name), layouts)) }
      })
  }

  /// An object of name → value pairs, in order.
  static func pairs<V>(_ value: BundleCodec<V>, name: String) -> Self where Value == [(String, V)] {
    map(value, name: name, key: { $0.0 }, value: { $0.1 }, make: { ($0, $1) })
  }
}
