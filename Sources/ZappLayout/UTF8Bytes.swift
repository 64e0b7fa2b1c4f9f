import Foundation

extension String {
  /// Whether the two strings are the same UTF-8 bytes. `==` compares canonical equivalence (an
  /// `é` composed equals one decomposed); an id, a key or a name a client compares byte for byte
  /// is compared by this. Native strings are compared in place, without iterating.
  package func hasSameUTF8(as other: String) -> Bool {
    let a = utf8
    let b = other.utf8
    guard a.count == b.count else { return false }
    let compared = a.withContiguousStorageIfAvailable { x in
      b.withContiguousStorageIfAvailable { y in x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
    }
    if let compared = compared ?? nil { return compared }
    return a.elementsEqual(b)
  }
}
