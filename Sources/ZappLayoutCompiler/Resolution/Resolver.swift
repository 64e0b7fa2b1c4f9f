import ZappLayout

/// Turns a checked project into resolved screens: family, presentation, one section per leaf
/// component with its binding, cell styles, renderer, limits, styles and per-device layout.
public struct Resolver {
  let project: Project

  public init(project: Project) { self.project = project }

  /// The screen's original keys, in their order, followed by `resolved`. `home`, which builders
  /// also write as `"true"`, is written as the boolean the checker read.
  public func resolvedScreen(_ screen: ScreenDecl) -> JSONOut {
    var members = screen.value.members.compactMap { member -> (String, JSONOut)? in
      let key = member.key.string ?? ""
      if key == "home", !member.value.isNull { return (key, .bool(screen.isHome)) }
      return key == "resolved" ? nil : (key, JSONOut.from(member.value))
    }
    members.append(("resolved", resolution(screen)))
    return .object(members)
  }

  func familyName(_ screen: ScreenDecl) -> String? {
    if let f = screen.family?.value { return f }
    let names = Set(screen.allComponents.compactMap { $0.family?.value })
    return names.count == 1 ? names.first : nil
  }

  public func resolution(_ screen: ScreenDecl) -> JSONOut {
    var sections: [JSONOut] = []
    var nextChild = 0
    for component in screen.components {
      let type = component.type.value
      if project.isGroup(type) {
        let childIndex = screen.connected ? nextChild : nil
        if screen.connected { nextChild += 1 }
        var nextGrandchild = 0
        for nested in component.children {
          var binding: (Int, Int)?
          if let c = childIndex, project.takesData(nested.type.value) {
            binding = (c, nextGrandchild)
            nextGrandchild += 1
          }
          sections.append(section(nested, screen: screen, index: sections.count, child: binding?.0, groupChild: binding?.1))
        }
      } else {
        var child: Int?
        if screen.connected, project.takesData(type) {
          child = nextChild
          nextChild += 1
        }
        sections.append(section(component, screen: screen, index: sections.count, child: child, groupChild: nil))
      }
    }
    return .object([
      ("family", .optional(familyName(screen))),
      ("connected", .bool(screen.connected)),
      ("presentation", .string(screen.presentation)),
      ("launch_mode", .string(screen.launchMode)),
      ("sections", .array(sections)),
    ])
  }

  /// The components that get a section, in section order: groups give way to their children.
  public func leafComponents(_ screen: ScreenDecl) -> [ComponentDecl] {
    screen.components.flatMap { project.isGroup($0.type.value) ? $0.children : [$0] }
  }

  func section(_ c: ComponentDecl, screen: ScreenDecl, index: Int, child: Int?, groupChild: Int?) -> JSONOut {
    let type = c.type.value
    let familyName = (c.family ?? screen.family)?.value
    let family = familyName.flatMap { project.families[$0]?.family }
    let manifest = project.manifest(for: type)
    let cellStyles = c.cellStyles.map(\.value)
    var members: [(String, JSONOut)] = [
      ("section", .int(index)),
      ("component", .array(c.path.map { .int($0) })),
      ("component_type", .string(type)),
    ]
    if let id = c.value["id"], !id.isNull { members.append(("component_id", .string(id.string ?? id.numberText ?? ""))) }
    members.append(("family", .optional(familyName)))
    members.append(("cell_styles", .array(cellStyles.map { .string($0) })))
    let layoutID = cellStyles.first.flatMap { family?.component(type)?.cell(named: $0)?.layoutID }
    members.append(("renderer", .object([("layout_id", .optional(layoutID))])))
    var binding: [(String, JSONOut)]
    if screen.connected {
      if let c = child {
        binding = [("binding", .string("sender_child")), ("child", .int(c))]
        if let g = groupChild { binding.append(("group_child", .int(g))) }
      } else {
        binding = [("binding", .string("none"))]
      }
    } else if project.takesData(type) {
      binding = [("binding", .string("own")), ("source", .optional(c.source?.value)), ("type", .optional(c.dataType?.value))]
    } else {
      binding = [("binding", .string("none"))]
    }
    members.append(("data", .object(binding)))
    members.append(("item_limit", c.itemLimit.flatMap(parseItemLimit).map { .int($0) } ?? .null))
    if c.fillRows { members.append(("fill_rows", .bool(true))) }
    if let accepts = manifest?.dataTypes, !accepts.isEmpty { members.append(("accepts", .array(accepts.map { .string($0) }))) }
    if let target = c.target { members.append(("target", .string(target.value))) }
    members.append(("styles", styles(c, manifest: manifest)))
    if let cellStyle = cellStyles.first, let cell = family?.component(type)?.cell(named: cellStyle) {
      if !cell.attributes.isEmpty {
        members.append(("cell_attributes", .object(cell.attributes.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
      }
      if let rules = cell.displayRules { members.append(("display_rules", passThrough(rules))) }
    }
    var layouts: [(String, JSONOut)] = []
    if let f = family, f.component(type) != nil {
      for device in project.settings.devices {
        let layout = Geometry.layout(family: f, componentType: type, cellStyles: cellStyles, layoutName: c.layout?.value, device: device)
        var out = Self.layoutJSON(layout)
        if let header = c.header, let h = f.header(named: header.value)?.height(on: device.deviceClass), case .object(var m) = out {
          m.append(("header_height", .number(h)))
          out = .object(m)
        }
        layouts.append((device.name, out))
      }
    }
    members.append(("layout", .object(layouts)))
    return .object(members)
  }

  /// Screen values over the manifest's `initial_value`s.
  func styles(_ c: ComponentDecl, manifest: ManifestDecl?) -> JSONOut {
    var members: [(String, JSONOut)] = []
    let own = c.value["styles"]
    if let s = own, s.kind == .object {
      members = s.members.map { ($0.key.string ?? "", JSONOut.from($0.value)) }
    }
    for field in manifest?.fields(in: "styles") ?? [] where own?[field.key] == nil {
      if let initial = field.initialValue, field.key != "cell_styles" { members.append((field.key, JSONOut.from(initial))) }
    }
    return .object(members)
  }

  static func layoutJSON(_ l: SectionLayout) -> JSONOut {
    func item(_ i: ItemSize) -> JSONOut {
      .object([("width", .number(i.width))] + (i.height.map { [("height", JSONOut.number($0))] } ?? []))
    }
    func frame(_ f: Frame) -> JSONOut {
      .object([("x", .number(f.x)), ("y", .number(f.y)), ("width", .number(f.width)), ("height", .number(f.height))])
    }
    var m: [(String, JSONOut)] = [
      ("kind", .string(l.kind.rawValue)), ("columns", .int(l.columns)), ("item", item(l.item)),
      (
        "insets",
        .object([
          ("top", .number(l.insets.top)), ("left", .number(l.insets.left)), ("bottom", .number(l.insets.bottom)),
          ("right", .number(l.insets.right)),
        ])
      ),
      ("inter_item_spacing", .number(l.interItemSpacing)), ("line_spacing", .number(l.lineSpacing)),
    ]
    if let s = l.scrollDirection { m.append(("scroll_direction", .string(s))) }
    if let large = l.large { m.append(("large", frame(large))) }
    if let small = l.small { m.append(("small", .array(small.map(frame)))) }
    if let w = l.columnWidth { m.append(("column_width", .number(w))) }
    if let p = l.pinned { m.append(("pinned", .bool(p))) }
    if let cells = l.cells {
      m.append(
        ("cells", .array(cells.map { .object([("style", .string($0.style)), ("columns", .int($0.columns)), ("item", item($0.item))]) })))
    }
    return .object(m)
  }

  func passThrough(_ p: PassThrough) -> JSONOut {
    switch p {
    case .string(let s): return .string(s)
    case .number(let text): return .numberText(text)
    case .bool(let b): return .bool(b)
    case .null: return .null
    case .array(let a): return .array(a.map(passThrough))
    case .object(let m): return .object(m.map { ($0.key, passThrough($0.value)) })
    }
  }

  /// The resolved `screen_types` and `content_types`: names turned into ids.
  public func mappings() -> (screenTypes: [(String, String)], contentTypes: [(String, String)]) {
    guard let decl = project.screenTypes else { return ([], []) }
    func resolve(_ list: [(key: String, target: Located<String>)]) -> [(String, String)] {
      list.compactMap { entry in project.screen(named: entry.target.value).map { (entry.key, $0.id.value) } }
    }
    return (resolve(decl.screenTypes), resolve(decl.contentTypes))
  }
}
