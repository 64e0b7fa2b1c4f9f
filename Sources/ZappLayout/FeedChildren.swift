/// The children of a sender feed, each read when the mapper asks for it: zlc maps a sender of a
/// million entries from its file without a `FeedEntry` held for each child.
package struct FeedChildren: Sendable {
  /// How many children the sender has.
  package let count: Int
  private let read: @Sendable (Int) -> FeedEntry
  private let readTitle: @Sendable (Int) -> String

  /// Children that `read` gives, each by its index in `0..<count`; `title`, when given, gives a
  /// child's name (`title(at:)`) without reading the whole child.
  package init(count: Int, read: @escaping @Sendable (Int) -> FeedEntry, title: (@Sendable (Int) -> String)? = nil) {
    self.count = count
    self.read = read
    self.readTitle = title ?? { Self.name(of: read($0)) }
  }

  /// A sender's own `entries`.
  package init(_ entries: [FeedEntry]) {
    self.init(count: entries.count) { entries[$0] }
  }

  /// The children's indices.
  package var indices: Range<Int> { 0..<count }

  /// The child at `index`, read anew each time.
  package subscript(index: Int) -> FeedEntry { read(index) }

  /// The name a finding gives the child at `index` (`name(of:)`): a sender's unused children are
  /// named, one by one, without their items, styles and images.
  package func title(at index: Int) -> String { readTitle(index) }

  /// The name a finding gives an entry: its title, else its id, else "".
  package static func name(of entry: FeedEntry) -> String { entry.title ?? entry.id ?? "" }
}
