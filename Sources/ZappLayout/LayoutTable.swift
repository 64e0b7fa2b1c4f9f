// The shared layouts of a compact bundle, as a screen's decoding resolves its `layout_ref`s.

/// The entries of `bundle.json`'s `layouts` by id: what a `layout_ref` names while a screen is read.
/// Each entry's fields are decoded once per type that names it, and kept by every copy of the table.
public struct LayoutTable: Sendable {
  let entries: [String: JSON]
  /// Per type and entry id, a value of the type holding the entry's interned fields (`interned`).
  let decoded = Locked([InternedKey: KeptValue]())

  /// The table of a bundle's `layouts` (the first of two entries with the same id).
  public init(_ entries: [LayoutEntry]) {
    self.entries = Dictionary(entries.map { ($0.id, $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  /// The value `make` decodes from the entry `id` for `Model`, made on the first call and kept (a
  /// failure keeps nothing, so every call throws it again).
  func interned<Model: BundleObject>(_ id: String, _ make: () throws -> Model) throws -> Model {
    if let kept: Model = kept(id) { return kept }
    let made = try make()
    decoded.withLock { $0[InternedKey(type: ObjectIdentifier(Model.self), id: id)] = Kept(made) }
    return made
  }

  /// The value `interned` made from the entry `id` for `Model`, if it made one.
  func kept<Model: BundleObject>(_ id: String) -> Model? {
    guard let kept = decoded.withLock({ $0[InternedKey(type: ObjectIdentifier(Model.self), id: id)] }) else { return nil }
    // Kept under `Model`'s identifier, so a `Kept<Model>` (a cast of an existential to a large
    // struct cost some 1,200 instructions).
    return unsafeDowncast(kept, to: Kept<Model>.self).value
  }

  /// No entries: the table of a bundle in the expanded form.
  public static let empty = LayoutTable([])

  /// A type and a `layouts` entry id.
  struct InternedKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let id: String
  }

  /// A value kept by `interned`, of the type its key names.
  class KeptValue: @unchecked Sendable {}

  final class Kept<Model: Sendable>: KeptValue, @unchecked Sendable {
    let value: Model
    init(_ value: Model) { self.value = value }
  }
}
