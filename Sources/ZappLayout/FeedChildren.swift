/// The children of a sender feed, each read when the mapper asks for it: zlc maps a sender of a
/// million entries from its file without a `FeedEntry` held for each child.
package struct FeedChildren: Sendable {
  /// How many children the sender has.
  package let count: Int
  private let read: @Sendable (Int) -> FeedEntry

  /// Children that `read` gives, each by its index in `0..<count`.
  package init(count: Int, read: @escaping @Sendable (Int) -> FeedEntry) {
    self.count = count
    self.read = read
  }

  /// A sender's own `entries`.
  package init(_ entries: [FeedEntry]) {
    self.init(count: entries.count) { entries[$0] }
  }

  /// The children's indices.
  package var indices: Range<Int> { 0..<count }

  /// The child at `index`, read anew each time.
  package subscript(index: Int) -> FeedEntry { read(index) }
}
