import ZappDiagnostics
import ZappLayout
import ZappReaders

/// Reads an Applicaster JSON feed with positions, into the runtime's `FeedEntry`.
public enum FeedReader {
  public struct Result {
    public var feed: FeedEntry?
    public var document: JSONDocument?
    public var diagnostics: [Diagnostic]
    /// With `lazily`: the feed's children, each read from `document` when asked for (`feed` then
    /// has no `entries`).
    package var children: FeedChildren? = nil
  }

  /// Reads a feed; by default within `ReaderLimits.feed`, as a device reads it.
  public static func read(_ source: SourceFile, limits: ReaderLimits = .feed) -> Result {
    read(source, limits: limits, lazily: false)
  }

  /// Reads a feed; `lazily`, its children are left on the document and read one by one
  /// (`Result.children`): a sender of a million entries is mapped holding its file and tape, not a
  /// `FeedEntry` per child as well. The diagnostics are the same either way.
  package static func read(_ source: SourceFile, limits: ReaderLimits = .feed, lazily: Bool) -> Result {
    let read = JSONReader.read(source, limits: limits)
    guard let root = read.document?.root else { return Result(feed: nil, document: nil, diagnostics: read.diagnostics) }
    var diagnostics = read.diagnostics
    guard root.kind == .object else {
      diagnostics.append(WrongTypeRule.Message.notAnObject("a feed", found: root.kind).diagnostic(at: root.spot))
      return Result(feed: nil, document: read.document, diagnostics: diagnostics)
    }
    var checker = ShapeChecker { name, _ in name == "feedEntry" ? .object(Shapes.feedEntry) : .any }
    checker.checkObject(root, Shapes.feed, what: "feed")
    diagnostics += checker.diagnostics
    diagnostics += cardLayoutProblems(root)
    // A feed of 50,000 items, each with the same mistake, gives a hundred findings and a summary.
    diagnostics = DiagnosticList.kept(diagnostics)
    guard lazily else { return Result(feed: entry(root), document: read.document, diagnostics: diagnostics) }
    return Result(feed: entry(root, children: false), document: read.document, diagnostics: diagnostics, children: children(of: root))
  }

  /// ZL0203 for each card `layout` of `v` and the entries under it that is meant as a kind but
  /// names none (a number other than 1 to 4, a near miss of a kind's word): the item's elements
  /// would be placed as its cell style says. Another value is another reader's.
  static func cardLayoutProblems(_ v: JSONValue) -> [Diagnostic] {
    var found: [Diagnostic] = []
    var pending = [v]
    while let entry = pending.popLast() {
      if let layout = entry["layout"], let text = layout.kind == .number ? layout.numberText : layout.string,
        ElementLayoutKind(cardLayout: text) == nil, let problem = FamilyReader.cardLayoutProblem(text, at: layout.spot)
      {
        found.append(problem)
      }
      entry["entry"]?.forEachElement { if $0.kind == .object { pending.append($0) } }
    }
    return found.sorted { $0.spot?.offset ?? 0 < $1.spot?.offset ?? 0 }
  }

  /// The entries of `v`'s `entry` array (its objects), each read when asked for; none when it has
  /// no such array. Four bytes a child: the tape index of each.
  static func children(of v: JSONValue) -> FeedChildren {
    guard let list = v["entry"], list.kind == .array else { return FeedChildren([]) }
    var at: [Int32] = []
    at.reserveCapacity(list.elementCount)
    list.forEachElement { if $0.kind == .object { at.append(Int32($0.index)) } }
    let (document, indices) = (v.document, at)
    return FeedChildren(
      count: indices.count, read: { entry(JSONValue(document: document, index: Int(indices[$0]))) },
      title: {
        let child = JSONValue(document: document, index: Int(indices[$0]))
        return child["title"]?.string ?? id(of: child) ?? ""
      })
  }

  /// The `id` of entry `v`: a number as the runtime's decoder reads it (as an `Int` when it is a
  /// whole number `Int` holds: an integer literal as its digits, `1e2` as "100"; else as a
  /// `Double`), so both give the same entry.
  static func id(of v: JSONValue) -> String? {
    guard let id = v["id"] else { return nil }
    guard let text = id.numberText else { return id.string }
    if let whole = wholeNumber(numberText: text) { return String(whole) }
    // A number no `Double` holds (`1e400`, or `1e-400`, not zero but read as zero) is no id, as
    // the runtime's decoder drops it.
    guard let n = Double(text), n.isFinite else { return nil }
    if n == 0, text.prefix(while: { $0 != "e" && $0 != "E" }).contains(where: { $0 >= "1" && $0 <= "9" }) { return nil }
    return FeedEntry.id(number: n)
  }

  /// The entry `v` is; with `children`, its `entries` too.
  package static func entry(_ v: JSONValue, children: Bool = true) -> FeedEntry {
    var e = FeedEntry()
    e.id = id(of: v)
    e.title = v["title"]?.string
    e.typeValue = v["type"]?["value"]?.string
    e.contentSource = v["content"]?["src"]?.string
    e.contentType = v["content"]?["type"]?.string
    e.linkHref = v["link"]?["href"]?.string
    e.screenType = FeedEntry.screenType(v["screen_type"]?.string, alias: v["screenType"]?.string)
    e.uiTag = v["ui_tag"]?.string
    if let style = v["style"], style.kind == .object { e.style = JSON(style) }
    e.cardLayout = v["layout"].flatMap { FeedEntry.cardLayout(JSON($0)) }
    e.elements = v["elements"].flatMap { FeedEntry.cardElements(JSON($0)) }
    e.imageURL = v["media_group"].flatMap { FeedEntry.image(inMediaGroups: JSON($0)) }
    if children, let list = v["entry"], list.kind == .array {
      // Reserved to the element count: a sender of a million entries grown by doubling would
      // hold the old and the new array at once.
      var entries: [FeedEntry] = []
      entries.reserveCapacity(list.elementCount)
      list.forEachElement { if $0.kind == .object { entries.append(entry($0)) } }
      e.entries = entries
    }
    return e
  }
}

extension ReaderLimits {
  /// A feed's limits: values nested at most `FeedEntry.maxDepth` levels, the most the runtime's
  /// `FeedEntry.decode` reads on a device, so that a feed zlc maps is one a client can read; its
  /// text may hold any escaped control character, as JSON and the device allow.
  public static let feed = {
    var limits = ReaderLimits.default
    limits.maxDepth = FeedEntry.maxDepth
    limits.valuesMayHoldEscapedControls = true
    return limits
  }()
}
