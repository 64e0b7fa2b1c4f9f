/// The section-composite mapper: which data each section of a screen shows. The same code runs in
/// `zlc map` and in client apps.
///
/// Root screens: each section takes its component's own data source. Connected screens: child k of
/// the sender goes to the k-th data-taking component in screen order; a group takes one child and
/// hands that child's children to its components the same way.
public enum Mapper {
  /// What the mapper decided for one section.
  public struct Section: Codable, Hashable, Sendable {
    public var section: Int
    public var component: [Int]
    public var componentType: String
    /// `bound`, `empty`, `incompatible` or `own` (root screens) or `none` (takes no data).
    public var status: String
    public var child: Int?
    public var groupChild: Int?
    public var childID: String?
    public var childTitle: String?
    public var source: String?
    public var type: String?
    public var items: Items?
    /// The screen a tap on this child opens, when the child carries a `screen_type`.
    public var opens: String?

    public struct Items: Codable, Hashable, Sendable {
      public var before: Int?
      public var after: Int?
    }

    enum CodingKeys: String, CodingKey {
      case section, component
      case componentType = "component_type"
      case status, child
      case groupChild = "group_child"
      case childID = "child_id"
      case childTitle = "child_title"
      case source, type, items, opens
    }
  }

  /// A finding of the mapper; the compiler turns these into diagnostics.
  public struct Finding: Codable, Hashable, Sendable {
    /// `unused-children`, `empty-component`, `incompatible-child` or `unmapped-screen-type`.
    public var kind: String
    public var message: String
    public var section: Int?
    /// Path of the child in the sender: `[2]`, or `[1, 0]` for a group's child.
    public var childPath: [Int]?
  }

  public struct Result: Codable, Hashable, Sendable {
    public var screen: String
    public var device: String
    public var sections: [Section]
    public var unusedChildren: [Int]
    public var findings: [Finding]

    enum CodingKeys: String, CodingKey {
      case screen, device, sections
      case unusedChildren = "unused_children"
      case findings
    }
  }

  /// Maps a resolved screen onto its data for one device.
  public static func map(screen: ResolvedScreen, sender: FeedEntry?, device: String, bundle: BundleIndex? = nil) -> Result {
    var result = Result(screen: screen.id, device: device, sections: [], unusedChildren: [], findings: [])
    let sections = screen.resolved.sections
    if !screen.resolved.connected {
      for s in sections {
        var out = base(s)
        out.status = s.data.binding == "own" ? "own" : "none"
        out.source = s.data.source
        out.type = s.data.type
        result.sections.append(out)
      }
      return result
    }
    let children = sender?.entries ?? []
    for s in sections {
      var out = base(s)
      guard s.data.binding == "sender_child", let childIndex = s.data.child else {
        out.status = "none"
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
        out.status = "empty"
        out.child = nil
        out.groupChild = nil
        result.findings.append(
          Finding(
            kind: "empty-component",
            message:
              "section \(s.section) ('\(s.componentType)') gets no child: the sender has no child \(path.map(String.init).joined(separator: "."))",
            section: s.section, childPath: path))
        result.sections.append(out)
        continue
      }
      out.childID = bound.id
      out.childTitle = bound.title
      out.source = bound.dataSource
      out.type = bound.dataType
      if let accepts = s.accepts, !accepts.isEmpty {
        let candidates = [bound.dataType, bound.typeValue].compactMap { $0 }
        if !candidates.contains(where: accepts.contains) {
          out.status = "incompatible"
          result.findings.append(
            Finding(
              kind: "incompatible-child",
              message:
                "child \(path.map(String.init).joined(separator: ".")) ('\(bound.title ?? bound.id ?? "")', type \(bound.dataType ?? "none")) is not a type '\(s.componentType)' accepts (\(accepts.joined(separator: ", ")))",
              section: s.section, childPath: path))
          result.sections.append(out)
          continue
        }
      }
      out.status = "bound"
      let before = bound.entries?.count
      var after = before
      if let b = before { after = s.itemsShown(of: b, on: device) }
      out.items = Section.Items(before: before, after: after)
      if let st = bound.screenType, !st.isEmpty {
        if let id = bundle?.screenID(forScreenType: st) {
          out.opens = id
        } else if bundle != nil {
          result.findings.append(
            Finding(
              kind: "unmapped-screen-type",
              message: "child \(path.map(String.init).joined(separator: ".")) has screen_type '\(st)', which opens no screen",
              section: s.section, childPath: path))
        }
      } else if let type = bound.typeValue, let id = bundle?.contentTypes[type] {
        out.opens = id
      } else if let target = s.target {
        out.opens = target
      }
      result.sections.append(out)
    }
    // A group consumes one child even when none of its components is bound.
    let consumed = Set(sections.compactMap { $0.data.binding == "sender_child" ? $0.data.child : nil })
    result.unusedChildren = children.indices.filter { !consumed.contains($0) }
    if !result.unusedChildren.isEmpty {
      let names = result.unusedChildren.map { i in "\(i) ('\(children[i].title ?? children[i].id ?? "")')" }
      result.findings.append(
        Finding(
          kind: "unused-children",
          message:
            "the sender has \(children.count) children but the screen takes \(consumed.count); not shown: \(names.joined(separator: ", "))",
          section: nil, childPath: nil))
    }
    return result
  }

  static func base(_ s: ResolvedSection) -> Section {
    Section(section: s.section, component: s.component, componentType: s.componentType, status: "none")
  }
}
