/// The section-composite mapper: which data each section of a screen shows. The same code runs in
/// `zlc map` and in client apps.
///
/// Root screens: each section takes its component's own data source. Connected screens: child k of
/// the sender goes to the k-th data-taking component in screen order; a group takes one child and
/// hands that child's children to its components the same way.
public enum Mapper {
  /// What the mapper decided for one section.
  public struct Section: Hashable, Sendable {
    public var section: Int
    public var component: [Int]
    public var componentType: String
    public var status: MapStatus
    public var child: Int?
    public var groupChild: Int?
    public var childID: String?
    public var childTitle: String?
    public var source: String?
    public var type: String?
    public var items: Items?
    /// The screen a tap on this child opens, when the child carries a `screen_type`.
    public var opens: String?

    /// How many entries the bound child has, and how many the client shows.
    public struct Items: Hashable, Sendable {
      public var before: Int?
      public var after: Int?
    }
  }

  /// A finding of the mapper, with what the compiler needs to word it and to place it.
  public enum Finding: Hashable, Sendable {
    /// The sender has more children than the screen takes; these are not shown.
    case unusedChildren(indices: [Int], titles: [String], childCount: Int, taken: Int)
    /// No child is left for a section: clients hide it.
    case emptyComponent(section: Int, componentType: String, childPath: [Int])
    /// The bound child is of a type the component does not accept.
    case incompatibleChild(section: Int, componentType: String, childPath: [Int], title: String, type: String?, accepts: [String])
    /// The child names a `screen_type` that no mapping or screen id resolves.
    case unmappedScreenType(section: Int, childPath: [Int], screenType: String)

    public var kind: FindingKind {
      switch self {
      case .unusedChildren: return .unusedChildren
      case .emptyComponent: return .emptyComponent
      case .incompatibleChild: return .incompatibleChild
      case .unmappedScreenType: return .unmappedScreenType
      }
    }

    /// The section the finding is about, if one.
    public var section: Int? {
      switch self {
      case .unusedChildren: return nil
      case .emptyComponent(let s, _, _), .incompatibleChild(let s, _, _, _, _, _), .unmappedScreenType(let s, _, _): return s
      }
    }

    /// Path of the child in the sender: `[2]`, or `[1, 0]` for a group's child.
    public var childPath: [Int]? {
      switch self {
      case .unusedChildren(let indices, _, _, _): return indices.first.map { [$0] }
      case .emptyComponent(_, _, let p), .incompatibleChild(_, _, let p, _, _, _), .unmappedScreenType(_, let p, _): return p
      }
    }
  }

  public struct Result: Hashable, Sendable {
    public var screen: String
    public var device: String
    public var sections: [Section]
    public var unusedChildren: [Int]
    public var findings: [Finding]
  }

  /// Maps a resolved screen onto its data for one device.
  public static func map(screen: ResolvedScreen, sender: FeedEntry?, device: String, bundle: BundleIndex? = nil) -> Result {
    var result = Result(screen: screen.id, device: device, sections: [], unusedChildren: [], findings: [])
    let sections = screen.resolved.sections
    if !screen.resolved.connected {
      for s in sections {
        var out = base(s, device: device)
        out.status = hidden(s, on: device) ? .hidden : s.data.binding == .own ? .own : .none
        out.source = s.data.source
        out.type = s.data.type
        result.sections.append(out)
      }
      return result
    }
    let children = sender?.entries ?? []
    for s in sections {
      var out = base(s, device: device)
      guard s.data.binding == .senderChild, let childIndex = s.data.child else {
        out.status = .none
        result.sections.append(out)
        continue
      }
      out.child = childIndex
      out.groupChild = s.data.groupChild
      var child: FeedEntry? = childIndex < children.count ? children[childIndex] : nil
      var path = [childIndex]
      if let g = s.data.groupChild {
        path.append(g)
        let grand = child?.entries ?? []
        child = g < grand.count ? grand[g] : nil
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
      let before = bound.entries?.count
      var after = before
      if let b = before {
        let sizeClass = bundle?.devices.first { $0.name == device }?.sizeClass
        after = s.itemsShown(of: b, on: device, sizeClass: sizeClass)
      }
      out.items = Section.Items(before: before, after: after)
      if let st = bound.screenType, !st.isEmpty {
        if let id = bundle?.screenID(forScreenType: st) {
          out.opens = id
        } else if bundle != nil {
          result.findings.append(.unmappedScreenType(section: s.section, childPath: path, screenType: st))
        }
      } else if let tag = bound.uiTag, !tag.isEmpty, let id = bundle?.screenID(forUITag: tag) {
        out.opens = id
      } else if let type = bound.typeValue, let id = bundle?.screenID(forContentType: type) {
        out.opens = id
      } else if let target = s.target {
        out.opens = target
      }
      result.sections.append(out)
    }
    // A group consumes one child even when none of its components is bound.
    let consumed = Set(sections.compactMap { $0.data.binding == .senderChild ? $0.data.child : nil })
    result.unusedChildren = children.indices.filter { !consumed.contains($0) }
    if !result.unusedChildren.isEmpty {
      result.findings.append(
        .unusedChildren(
          indices: result.unusedChildren, titles: result.unusedChildren.map { children[$0].title ?? children[$0].id ?? "" },
          childCount: children.count, taken: consumed.count))
    }
    return result
  }

  /// The section's own fields, with the component type drawn on the device (its size class
  /// mapping applied, as the bundle's `drawn` says).
  static func base(_ s: ResolvedSection, device: String) -> Section {
    let drawn = s.drawn.first { $0.device == device }?.drawn
    return Section(section: s.section, component: s.component, componentType: drawn?.componentType ?? s.componentType, status: .none)
  }

  /// True when the size class mapping hides the section on the device.
  static func hidden(_ s: ResolvedSection, on device: String) -> Bool { s.drawn.first { $0.device == device }?.drawn.hidden == true }
}
