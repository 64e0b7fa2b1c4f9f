/// The section-composite mapper: which data each section of a screen shows. The same code runs in
/// `zlc map` and in client apps.
///
/// Root screens: each section takes its component's own data source. Connected screens: child k of
/// the sender goes to the k-th data-taking component in screen order; a group takes one child and
/// hands that child's children to its components the same way.
public enum Mapper {
  /// What the mapper decided for one section.
  public struct Section: Hashable, Sendable {
    /// The section's index in the screen.
    public var section: Int
    /// The path of its component in the screen's components.
    public var component: [Int]
    /// The component type drawn on the device (after its size class's mapping).
    public var componentType: String
    /// What the mapper decided.
    public var status: MapStatus
    /// The index of the feed child the section binds to, when it binds one.
    public var child: Int?
    /// Within a group's child, the index of the grandchild the section binds to.
    public var groupChild: Int?
    /// The bound child's `id`.
    public var childID: String?
    /// The bound child's `title`.
    public var childTitle: String?
    /// The bound child's data source: its `content.src`, else `link.href`.
    public var source: String?
    /// The bound child's data type: its source's `type=` parameter, else its `type.value`.
    public var type: String?
    /// How many items the bound child has and how many are shown, when it carries them.
    public var items: Items?
    /// The screen a tap on this child opens (`Mapper.destination(of:in:target:)`, with the
    /// component's `data.target`); nil when none does or its `screen_type` resolves to nothing.
    public var opens: String?
    /// With status `merged`: the section that shows this section's items.
    public var mergedInto: Int?
    /// The items the client shows, in order, when the child carries them inline: filtered,
    /// limited, merged and padded for the device's size class.
    public var entries: [Entry]?

    /// How many entries the bound child has, and how many the client shows.
    public struct Items: Hashable, Sendable {
      public var before: Int?
      public var after: Int?
      /// Placeholder items after them that fill the last row (`pad_rows`).
      public var placeholders: Int = 0
      /// How many the size class's filter left out (`filter_by_size_class`).
      public var filtered: Int = 0

      /// The counts of a section's items.
      public init(before: Int?, after: Int?, placeholders: Int = 0, filtered: Int = 0) {
        self.before = before
        self.after = after
        self.placeholders = placeholders
        self.filtered = filtered
      }
    }
  }

  /// One item a section shows: a feed entry, or a placeholder that fills the last row.
  public struct Entry: Hashable, Sendable {
    /// The item's index among its child's entries (nil for a placeholder).
    public var index: Int?
    /// The section whose child the item comes from, when another section's items are merged in.
    public var section: Int?
    /// The entry's `id`.
    public var id: String?
    /// The entry's `title`.
    public var title: String?
    /// `type.value`, else the `type=` of its source URL.
    public var type: String?
    /// True for a placeholder that fills the last row (`pad_rows`).
    public var placeholder: Bool
    /// How the item's card is drawn: its cell style's card style, with each key the item's own
    /// `style` sets in its place.
    public var cardStyle: CardStyle?
    /// The styles of the card's elements: each family element's, with the keys the item's j-th
    /// inline entry's `style` sets in their place (an entry beyond the family's elements adds one).
    public var elements: [ElementStyle]?
    /// Where those elements go in the item's width on the device.
    public var frames: [ElementFrame]?
    /// The screen a tap on the item opens: its own `screen_type` or `ui_tag`, the component's
    /// target (an item that is not playable), its type's `content_types` or fallback screen
    /// (`Mapper.destination(of:in:target:)`), else its child's (the section's `opens`); nil when
    /// its `screen_type` resolves to nothing.
    public var opens: String?

    /// An item with no card style or elements yet.
    public init(
      index: Int? = nil, section: Int? = nil, id: String? = nil, title: String? = nil, type: String? = nil, placeholder: Bool = false
    ) {
      self.index = index
      self.section = section
      self.id = id
      self.title = title
      self.type = type
      self.placeholder = placeholder
    }
  }

  /// A finding of the mapper, with what the compiler needs to word it and to place it.
  public enum Finding: Hashable, Sendable {
    /// The sender has more children than the screen takes; these are not shown.
    case unusedChildren(indices: [Int], titles: [String], childCount: Int, taken: Int)
    /// The sender's child `child` (titled `childTitle`), which a group takes, has more children
    /// than the group's components take; these (`indices` among its children) are not shown.
    case unusedGrandchildren(child: Int, childTitle: String, indices: [Int], titles: [String], grandchildCount: Int, taken: Int)
    /// No child is left for a section: clients hide it.
    case emptyComponent(section: Int, componentType: String, childPath: [Int])
    /// The bound child is of a type the component does not accept.
    case incompatibleChild(section: Int, componentType: String, childPath: [Int], title: String, type: String?, accepts: [String])
    /// The child names a `screen_type` that no mapping or screen id resolves.
    case unmappedScreenType(section: Int, childPath: [Int], screenType: String)

    public var kind: FindingKind {
      switch self {
      case .unusedChildren: return .unusedChildren
      case .unusedGrandchildren: return .unusedGrandchildren
      case .emptyComponent: return .emptyComponent
      case .incompatibleChild: return .incompatibleChild
      case .unmappedScreenType: return .unmappedScreenType
      }
    }

    /// The section the finding is about, if one.
    public var section: Int? {
      switch self {
      case .unusedChildren, .unusedGrandchildren: return nil
      case .emptyComponent(let s, _, _), .incompatibleChild(let s, _, _, _, _, _), .unmappedScreenType(let s, _, _): return s
      }
    }

    /// Path of the child in the sender: `[2]`, or `[1, 0]` for a group's child.
    public var childPath: [Int]? {
      switch self {
      case .unusedChildren(let indices, _, _, _): return indices.first.map { [$0] }
      case .unusedGrandchildren(let child, _, let indices, _, _, _): return indices.first.map { [child, $0] }
      case .emptyComponent(_, _, let p), .incompatibleChild(_, _, let p, _, _, _), .unmappedScreenType(_, let p, _): return p
      }
    }
  }

  /// What the mapper decided for a screen and a feed on one device.
  public struct Result: Hashable, Sendable {
    /// The screen's id.
    public var screen: String
    /// The device's name.
    public var device: String
    /// One entry per section of the screen, in order.
    public var sections: [Section]
    /// The indices of the feed's children no section binds.
    public var unusedChildren: [Int]
    /// What the compiler reports of the mapping (empty children, incompatible types, …).
    public var findings: [Finding]
  }

  /// For each section, the section it is merged into on `sizeClass`, if any: section k + 1 is
  /// merged into section k when k merges the next there, both draw their data, and k is not
  /// merged itself (one level). One pass, so a screen of many merging sections stays linear.
  package static func mergeTargets(_ sections: [ResolvedSection], sizeClass: String?, drawsData: (ResolvedSection) -> Bool)
    -> [Int?]
  {
    mergeTargets(
      count: sections.count, mergesNext: { sections[$0].mergesNext(sizeClass: sizeClass) }, drawsData: { drawsData(sections[$0]) })
  }

  /// `mergeTargets(_:sizeClass:drawsData:)` of `count` sections known by their index: whether
  /// section i merges the next on the size class, and whether it draws its data there. The
  /// compiler's rules ask it of components not yet resolved.
  package static func mergeTargets(count: Int, mergesNext: (Int) -> Bool, drawsData: (Int) -> Bool) -> [Int?] {
    var into = [Int?](repeating: nil, count: count)
    guard count > 1 else { return into }
    var drawn = drawsData(0)
    for i in 1..<count {
      let next = drawsData(i)
      if into[i - 1] == nil, drawn, next, mergesNext(i - 1) { into[i] = i - 1 }
      drawn = next
    }
    return into
  }

  /// Maps a resolved screen onto its data for one device. The device's size class comes from
  /// `bundle` (its `devices`); without it none applies, so the rules of a size class (its limit,
  /// `filter_by_size_class`, `merge_next_by_size_class`) are not applied: pass the bundle index.
  public static func map(screen: ResolvedScreen, sender: FeedEntry?, device: String, bundle: BundleIndex? = nil) -> Result {
    map(screen: screen, children: FeedChildren(sender?.entries ?? []), device: device, bundle: bundle)
  }

  /// Maps a resolved screen onto a sender's children, read one by one: only those the sections
  /// take, and the titles of the rest.
  package static func map(screen: ResolvedScreen, children: FeedChildren, device: String, bundle: BundleIndex? = nil) -> Result {
    var result = Result(screen: screen.id, device: device, sections: [], unusedChildren: [], findings: [])
    let sections = screen.resolved.sections
    let sizeClass = bundle?.devices.first { $0.name == device }?.sizeClass
    // The children the sections are bound to, each read once.
    var taken: [Int: FeedEntry] = [:]
    if screen.resolved.connected {
      for s in sections where s.data.binding == .senderChild {
        if let c = s.data.child, children.indices.contains(c), taken[c] == nil { taken[c] = children[c] }
      }
    }
    // The child bound to a section, if any.
    func boundChild(_ s: ResolvedSection) -> FeedEntry? {
      guard s.data.binding == .senderChild, let c = s.data.child, let child = taken[c] else { return nil }
      guard let g = s.data.groupChild else { return child }
      let grand = child.entries ?? []
      return grand.indices.contains(g) ? grand[g] : nil
    }
    // Whether a section draws its data on the device: bound (or with its own source), not hidden.
    func drawsData(_ s: ResolvedSection) -> Bool {
      guard !hidden(s, on: device) else { return false }
      guard screen.resolved.connected else { return s.data.binding == .own }
      guard let bound = boundChild(s) else { return false }
      return s.accepts.isEmpty || [bound.dataType, bound.typeValue].contains { $0.map(s.accepts.contains) ?? false }
    }
    let merges = mergeTargets(sections, sizeClass: sizeClass, drawsData: drawsData)
    if !screen.resolved.connected {
      for (i, s) in sections.enumerated() {
        var out = base(s, device: device)
        out.status = hidden(s, on: device) ? .hidden : s.data.binding == .own ? .own : .none
        if out.status == .own, let into = merges[i] {
          out.status = .merged
          out.mergedInto = sections[into].section
        }
        out.source = s.data.source
        out.type = s.data.type
        result.sections.append(out)
      }
      return result
    }
    for (i, s) in sections.enumerated() {
      var out = base(s, device: device)
      guard s.data.binding == .senderChild, let childIndex = s.data.child else {
        out.status = .none
        result.sections.append(out)
        continue
      }
      out.child = childIndex
      out.groupChild = s.data.groupChild
      var child = taken[childIndex]
      var path = [childIndex]
      if let g = s.data.groupChild {
        path.append(g)
        let grand = child?.entries ?? []
        child = grand.indices.contains(g) ? grand[g] : nil
      }
      guard let bound = child else {
        out.status = .empty
        out.child = nil
        out.groupChild = nil
        result.findings.append(.emptyComponent(section: s.section, componentType: s.componentType, childPath: path))
        result.sections.append(out)
        continue
      }
      out.childID = bound.id
      out.childTitle = bound.title
      out.source = bound.dataSource
      out.type = bound.dataType
      if !s.accepts.isEmpty {
        let candidates = [bound.dataType, bound.typeValue].compactMap { $0 }
        if !candidates.contains(where: s.accepts.contains) {
          out.status = .incompatible
          result.findings.append(
            .incompatibleChild(
              section: s.section, componentType: s.componentType, childPath: path, title: bound.title ?? bound.id ?? "",
              type: bound.dataType, accepts: s.accepts))
          result.sections.append(out)
          continue
        }
      }
      out.status = hidden(s, on: device) ? .hidden : .bound
      if out.status == .bound, let into = merges[i] {
        out.status = .merged
        out.mergedInto = sections[into].section
      }
      let opened = destination(of: bound, in: bundle, target: s.target)
      out.opens = opened.unmapped == nil ? opened.screen : nil
      if let st = opened.unmapped, bundle != nil {
        result.findings.append(.unmappedScreenType(section: s.section, childPath: path, screenType: st))
      }
      var entries = bound.entries.map { $0.map { (entry: $0, section: s.section) } }
      // The items of the next section's child that this one shows, where its taps go, its path and
      // its component's target.
      var mergedIn: (entries: [FeedEntry], opens: String?, path: [Int], target: String?, untargeted: String?)?
      if out.status == .bound, i + 1 < sections.count, merges[i + 1] == i, let next = boundChild(sections[i + 1]) {
        // Known only when both children hold their items: one whose items load at run time
        // (from its source) comes first or last among them in a count nobody knows here.
        entries = entries.flatMap { own in next.entries.map { own + $0.map { (entry: $0, section: sections[i + 1].section) } } }
        let nextTarget = sections[i + 1].target
        let nextOpened = destination(of: next, in: bundle, target: nextTarget)
        let nextPath = [sections[i + 1].data.child, sections[i + 1].data.groupChild].compactMap { $0 }
        let nextOpens = nextOpened.unmapped == nil ? nextOpened.screen : nil
        mergedIn = (
          next.entries ?? [], nextOpens, nextPath, nextTarget, Self.untargetedOpens(of: next, in: bundle, target: nextTarget) ?? nextOpens
        )
      }
      if let entries, out.status == .bound {
        var shown = s.shownEntries(entries, sizeClass: sizeClass, layout: s.layout(on: device))
        // Where a tap on each item goes: its own screen, else its child's (for a playable item,
        // the child's without the component's target, which a playable item never opens).
        let untargeted = Self.untargetedOpens(of: bound, in: bundle, target: s.target) ?? out.opens
        for k in shown.indices {
          guard let index = shown[k].index else { continue }
          let (items, childOpens, childPath, target, childUntargeted) =
            shown[k].section == nil
            ? (bound.entries ?? [], out.opens, path, s.target, untargeted) : mergedIn ?? ([], nil, [], nil, nil)
          guard items.indices.contains(index) else { continue }
          let item = destination(of: items[index], in: bundle, target: target)
          let fallback = Self.isPlayable(items[index]) ? childUntargeted : childOpens
          shown[k].opens = item.unmapped == nil ? item.screen ?? fallback : nil
          if let st = item.unmapped, bundle != nil {
            result.findings.append(.unmappedScreenType(section: s.section, childPath: childPath + [index], screenType: st))
          }
        }
        let placeholders = shown.filter(\.placeholder).count
        let excludes = s.itemFilter(sizeClass: sizeClass)?.excluder()
        let filtered = excludes.map { excludes in entries.filter { excludes($0.entry) }.count } ?? 0
        out.items = Section.Items(
          before: entries.count, after: shown.count - placeholders, placeholders: placeholders, filtered: filtered)
        out.entries = shown
      } else {
        // A section merged into the one before shows none of its items itself: that one does.
        let before = entries?.count
        out.items = Section.Items(
          before: before, after: before.map { out.status == .merged ? 0 : s.itemsShown(of: $0, on: device, sizeClass: sizeClass) })
      }
      result.sections.append(out)
    }
    result.findings += unusedGrandchildren(sections, children: taken)
    let takenCount = childrenTaken(by: screen)
    result.unusedChildren = Array(children.indices.dropFirst(takenCount))
    if !result.unusedChildren.isEmpty {
      result.findings.append(
        .unusedChildren(
          indices: result.unusedChildren,
          titles: result.unusedChildren.map { children.title(at: $0) },
          childCount: children.count, taken: takenCount))
    }
    return result
  }

  /// Where a tap on a feed entry (a child, or an item of one) shown by a component whose
  /// `data.target` is `target` goes, rule 11: the screen its `screen_type` resolves to (through the
  /// bundle's `screen_types`, else a screen of that id), else the screen of its `ui_tag`, else,
  /// for an entry that is not playable (`isPlayable`), `target`, else the one its `type.value` maps
  /// to in `content_types`, else its type's fallback screen (`fallback_screens`: a video's player,
  /// a link's web view). `unmapped` is a `screen_type` that resolves to nothing (a tap on the entry
  /// goes nowhere), or any `screen_type` without a bundle to resolve it in.
  public static func destination(of entry: FeedEntry, in bundle: BundleIndex?, target: String? = nil) -> (
    screen: String?, unmapped: String?
  ) {
    if let st = entry.screenType, !st.isEmpty {
      return bundle?.screenID(forScreenType: st).map { ($0, nil) } ?? (nil, st)
    }
    if let tag = entry.uiTag, !tag.isEmpty, let id = bundle?.screenID(forUITag: tag) { return (id, nil) }
    if !isPlayable(entry), let target { return (target, nil) }
    if let type = entry.typeValue, let id = bundle?.screenID(forContentType: type) ?? bundle?.fallbackScreenID(forContentType: type) {
      return (id, nil)
    }
    return (nil, nil)
  }

  /// Whether a tap on the entry plays it rather than opening the component's target, as Quick
  /// Brick's `isPlayable` says: its `type.value` is `video`, `channel` or `audio`, or its
  /// `content.type` is `video/hls`.
  public static func isPlayable(_ entry: FeedEntry) -> Bool {
    playableTypes.contains(entry.typeValue ?? "") || entry.contentType == "video/hls"
  }

  /// The `type.value`s of the entries a tap plays (`isPlayable`).
  static let playableTypes: Set<String> = ["video", "channel", "audio"]

  /// Where a tap on `child` goes without the component's `target`, when the target is what it
  /// would open (a playable item falls back to this); nil when the target plays no part.
  static func untargetedOpens(of child: FeedEntry, in bundle: BundleIndex?, target: String?) -> String?? {
    guard target != nil else { return nil }
    let opened = destination(of: child, in: bundle, target: nil)
    return .some(opened.unmapped == nil ? opened.screen : nil)
  }

  /// The children of each group's child past the last one the group's components take, in child
  /// order. A group none of whose components takes data takes none of its child's children, and
  /// they are not reported: its child was not meant for them.
  static func unusedGrandchildren(_ sections: [ResolvedSection], children: [Int: FeedEntry]) -> [Finding] {
    var taken: [Int: Int] = [:]  // group child → how many of its children its group takes
    for s in sections where s.data.binding == .senderChild {
      guard let c = s.data.child, let g = s.data.groupChild else { continue }
      taken[c] = max(taken[c] ?? 0, successor(g))
    }
    return taken.keys.sorted().compactMap { c in
      guard let child = children[c], let grand = child.entries, let count = taken[c], grand.count > count else { return nil }
      let unused = Array(grand.indices.dropFirst(count))
      return .unusedGrandchildren(
        child: c, childTitle: child.title ?? child.id ?? "", indices: unused,
        titles: unused.map { grand[$0].title ?? grand[$0].id ?? "" }, grandchildCount: grand.count,
        taken: count)
    }
  }

  /// The index after `index`, `Int.max` at most: a bundle's `child` is any whole number a client
  /// reads, `Int.max` too.
  private static func successor(_ index: Int) -> Int { index == .max ? .max : index + 1 }

  /// How many of the sender's children a connected screen takes (the first ones: the numbering
  /// has no gaps). Each top-level component that takes data takes one, and so does each group,
  /// even when none of its components takes data: its sections are the ones whose `component`
  /// path is two long, and a group with no components at all, which has no section, is a
  /// component of the screen's `ui_components` that no section stands for. At least every child
  /// up to the last one a section is bound to.
  public static func childrenTaken(by screen: ResolvedScreen) -> Int {
    guard screen.resolved.connected else { return 0 }
    var bound = 0  // top-level components bound to a child
    var groups: Set<Int> = []
    var drawn: Set<Int> = []  // top-level components with a section
    var pastLastBound = 0
    for s in screen.resolved.sections {
      guard let top = s.component.first else { continue }
      drawn.insert(top)
      if s.component.count > 1 { groups.insert(top) }
      guard s.data.binding == .senderChild, let child = s.data.child else { continue }
      if s.component.count == 1 { bound += 1 }
      pastLastBound = max(pastLastBound, successor(child))
    }
    // Every component of the screen that is not a group has a section.
    let listed = screen["ui_components"]?.arrayValue ?? []
    let emptyGroups = listed.indices.filter { i in
      !drawn.contains(i) && !(listed[i]["component_type"]?.stringValue ?? "").isEmpty
    }
    return max(bound + groups.count + emptyGroups.count, pastLastBound)
  }

  /// The section's own fields, with the component type drawn on the device (its size class
  /// mapping applied, as the bundle's `drawn` says).
  static func base(_ s: ResolvedSection, device: String) -> Section {
    let drawn = s.drawnEntry(on: device)
    return Section(section: s.section, component: s.component, componentType: drawn?.componentType ?? s.componentType, status: .none)
  }

  /// The sections of a screen merged into the one before on `device` when every section that
  /// takes data has it (a screen previewed without a feed: its items are a sample), each with the
  /// section it is merged into.
  package static func mergedWithoutData(screen: ResolvedScreen, device: String, bundle: BundleIndex) -> Result {
    let sections = screen.resolved.sections
    let sizeClass = bundle.devices.first { $0.name == device }?.sizeClass
    let merges = mergeTargets(sections, sizeClass: sizeClass) { !hidden($0, on: device) && $0.data.binding != .none }
    var result = Result(screen: screen.id, device: device, sections: [], unusedChildren: [], findings: [])
    for (i, into) in merges.enumerated() {
      guard let into else { continue }
      var out = base(sections[i], device: device)
      out.status = .merged
      out.mergedInto = sections[into].section
      result.sections.append(out)
    }
    return result
  }

  /// True when the size class mapping hides the section on the device.
  static func hidden(_ s: ResolvedSection, on device: String) -> Bool { s.drawnEntry(on: device)?.hidden == true }
}
