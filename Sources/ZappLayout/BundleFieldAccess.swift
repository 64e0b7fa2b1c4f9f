// How a field's writer reads, and its reader sets, the property it holds, and which key holds a
// property.

extension BundleField {
  /// Sets the property at `path`: through its offset in the model when it is a stored property (a
  /// key path applied at run time costs some 150 instructions a set), else through the key path.
  static func setter<V>(_ path: WritableKeyPath<Model, V> & Sendable) -> @Sendable (inout Model, V) -> Void {
    // A model of no size has no address to write through.
    guard MemoryLayout<Model>.size > 0, let offset = MemoryLayout<Model>.offset(of: path) else { return { $0[keyPath: path] = $1 } }
    return { model, value in
      withUnsafeMutableBytes(of: &model) { bytes in
        bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: V.self).pointee = value
      }
    }
  }

  /// Reads the property at `path`: through its offset in the model when it is a stored property (a
  /// key path applied at run time costs some 150 instructions a read), else through the key path.
  static func getter<V>(_ path: KeyPath<Model, V> & Sendable) -> @Sendable (UnsafePointer<Model>) -> V {
    guard MemoryLayout<Model>.size > 0, let offset = MemoryLayout<Model>.offset(of: path) else { return { $0.pointee[keyPath: path] } }
    return { model in UnsafeRawPointer(model).advanced(by: offset).assumingMemoryBound(to: V.self).pointee }
  }

  /// Sets the optional property at `path` to a value.
  static func optionalSetter<V>(_ path: WritableKeyPath<Model, V?> & Sendable) -> @Sendable (inout Model, V) -> Void {
    let set = setter(path)
    return { set(&$0, $1) }
  }
}

extension BundleObject {
  /// The key the property `path` is written under, from the type's field table: what code that
  /// reads a bundle in another language (`zlc generate`'s client code) names, so that no key is
  /// spelled outside its table.
  public static func key(_ path: PartialKeyPath<Self>) -> String {
    let wanted = FieldPath(path)
    if let known = foundKeys.withLock({ $0[wanted] }) { return known }
    guard let field = fields.first(where: { ($0.path as AnyKeyPath?) == wanted.path }) else {
      preconditionFailure("\(schemaName)'s field table has no key for \(path)")
    }
    let key = field.key
    foundKeys.withLock { $0[wanted] = key }
    return key
  }
}

/// A key path as a dictionary key. Key paths are immutable: one is safe to share between threads.
struct FieldPath: Hashable, @unchecked Sendable {
  let path: AnyKeyPath

  init(_ path: AnyKeyPath) { self.path = path }
}

/// The keys `BundleObject.key(_:)` has found, by key path: comparing key paths costs hundreds of
/// instructions each, and a table holds dozens of fields, while a verifier asks per section.
private let foundKeys = Locked<[FieldPath: String]>([:])
