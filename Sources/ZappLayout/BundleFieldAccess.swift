// How a field's writer reads, and its reader sets, the property it holds.

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
  static func getter<V>(_ path: KeyPath<Model, V> & Sendable) -> @Sendable (Model) -> V {
    guard MemoryLayout<Model>.size > 0, let offset = MemoryLayout<Model>.offset(of: path) else { return { $0[keyPath: path] } }
    return { model in
      withUnsafeBytes(of: model) { bytes in bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: V.self).pointee }
    }
  }

  /// Sets the optional property at `path` to a value.
  static func optionalSetter<V>(_ path: WritableKeyPath<Model, V?> & Sendable) -> @Sendable (inout Model, V) -> Void {
    let set = setter(path)
    return { set(&$0, $1) }
  }
}
