import ZappDiagnostics
import ZappLayout
import ZappLayoutCompiler
import ZappModel
import ZappRules
import ZappWriters

/// LSP completion item kinds used here.
enum CompletionKind {
  static let property = 10
  static let value = 12
  static let enumMember = 20
  static let reference = 18
  static let `class` = 7
}

extension DocumentQuery {
  /// Completions at the cursor: keys of the object it is in (with their descriptions), or values
  /// for the key it is under, from the project's own families, manifests and screens; in a family
  /// XML file, the element names, attribute names and words valid at the cursor. `snippets`: the
  /// client takes snippets.
  func completion(snippets: Bool = false) -> JSONObject {
    if isFamilyXML { return ["isIncomplete": false, "items": familyXMLCompletion(snippets: snippets)] }
    guard let semantics, let context = LooseJSON.context(in: semantics.root, at: offset, bytes: document.bytes) else {
      return ["isIncomplete": false, "items": [Any]()]
    }
    var items: [JSONObject]
    switch context.place {
    case .key(let object, let typed):
      items = keyItems(object, semantics: semantics).map { edit($0, typed: typed, isKey: true, snippets: snippets) }
    case .value(let container, let key, let typed):
      items = valueItems(container: container, key: key, typed: typed, semantics: semantics).map { edit($0, typed: typed, isKey: false) }
    }
    return ["isIncomplete": false, "items": items]
  }

  /// An item that replaces the string being typed (between its quotes), or inserts a quoted one:
  /// the label escaped as a JSON string (an id may hold a quote or a backslash).
  private func edit(_ item: JSONObject, typed: LooseNode?, isKey: Bool, snippets: Bool = false) -> JSONObject {
    var item = item
    let label = item["label"] as? String ?? ""
    var range: (start: Int, end: Int)?
    var text: String
    var addsColon = false
    // A string "closed" by the opening quote of the next member's key (`"ta, "width": 1`) is one
    // left unclosed: its quote is followed by a name, which no string in JSON is.
    let closed = typed.map { $0.closed && !isFollowedByName($0.end) } ?? false
    if let typed, typed.kind == .string, closed, isKey, !isFollowedByColon(typed.end) {
      // A key typed between quotes an editor closed (`{ "‸" }`): the colon is written too.
      (range, text, addsColon) = ((typed.start + 1, typed.end), Self.escaped(label) + "\": ", true)
    } else if let typed, typed.kind == .string, closed {
      (range, text) = ((typed.start + 1, typed.end - 1), Self.escaped(label))
    } else if let typed, typed.kind == .string {
      // Unclosed (an editor that does not close quotes): the string runs to the end of the line
      // or to the next quote, over what follows it (` },`, `, "width`). The word being typed is
      // replaced, and the quote closed.
      let bytes = document.bytes
      let stop = typed.closed ? typed.end - 1 : typed.end
      var end = max(typed.start + 1, min(offset, stop))
      while end < stop, end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
      (range, text, addsColon) = ((typed.start + 1, end), Self.escaped(label) + "\"" + (isKey ? ": " : ""), isKey)
    } else {
      (text, addsColon) = (Self.quoted(label) + (isKey ? ": " : ""), isKey)
    }
    // A key inserted before another member, for a client that takes snippets: the comma between
    // the two, the cursor left before it for the value.
    if addsColon, snippets, isFollowedByKey(range?.end ?? offset) {
      text = Self.snippetEscaped(text) + "$1,"
      item["insertTextFormat"] = 2
    }
    if let range {
      item["textEdit"] = ["range": document.lines.range(range.start, range.end), "newText": text]
    } else {
      item["insertText"] = text
    }
    return item
  }

  /// Whether the first byte from `offset` on that is not white space opens a string: the key of
  /// another member, which a key inserted before it needs a comma to be apart from.
  private func isFollowedByKey(_ offset: Int) -> Bool { firstByteAfterSpaces(offset) == UInt8(ascii: "\"") }

  /// Whether the byte at `offset` is one of a name (`isNameByte`).
  private func isFollowedByName(_ offset: Int) -> Bool { offset < document.bytes.count && Self.isNameByte(document.bytes[offset]) }

  /// Whether the first byte from `offset` on that is not white space is a colon.
  private func isFollowedByColon(_ offset: Int) -> Bool { firstByteAfterSpaces(offset) == UInt8(ascii: ":") }

  /// The first byte from `offset` on that is not JSON white space; nil at the end.
  private func firstByteAfterSpaces(_ offset: Int) -> UInt8? {
    let bytes = document.bytes
    var index = offset
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    return index < bytes.count ? bytes[index] : nil
  }

  /// `text` as snippet text: `$`, `}` and a backslash stand for themselves.
  private static func snippetEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "$" || character == "}" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  /// A byte of a name being typed: a letter, a digit, `_`, `-`, `.` or a byte of a non-ASCII
  /// character.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte == 0x2D
      || byte == 0x2E
  }

  private func item(_ label: String, kind: Int, detail: String? = nil, documentation: String? = nil) -> JSONObject {
    var item: JSONObject = ["label": label, "kind": kind]
    if let detail { item["detail"] = detail }
    if let documentation, !documentation.isEmpty { item["documentation"] = ["kind": "markdown", "value": documentation] }
    return item
  }

  private func keyItems(_ object: LooseNode, semantics: Semantics) -> [JSONObject] {
    if semantics.kind == .family { return familyKeys(object) }
    // Keys already written are not offered again, except the one being typed.
    let typing = object.members.first { $0.key.start < offset && offset <= $0.key.end }?.key.text
    let present = Set(object.members.map(\.key.text)).subtracting([typing].compactMap { $0 })
    // A size class mapping is keyed by the project's size classes.
    if case .map(.custom("replacement"))? = semantics.shape(of: object) {
      return sizeClasses.filter { !present.contains($0) }.map { item($0, kind: CompletionKind.property, detail: "size class") }
    }
    guard let shape = semantics.objectShape(of: object) else { return [] }
    var items = shape.fields.filter { !present.contains($0.key) }.map { field in
      item(field.key, kind: CompletionKind.property, detail: Self.describe(field.shape), documentation: field.summary)
    }
    // A ui_component's manifest adds keys to the styles, rules and data of its components.
    let sections = ["component styles": "styles", "component rules": "rules", "data": "data"]
    if let section = sections[shape.name], let component = semantics.component(containing: object),
      let type = component.string("component_type"), let project, project.manifest(for: type) != nil
    {
      for field in Self.declaredFields(of: type, in: section, project: project)
      where shape.shape(of: field.key) == nil && !present.contains(field.key) {
        let label = field.value["label"]?.string ?? ""
        items.append(item(field.key, kind: CompletionKind.property, detail: "declared by \(type)", documentation: Markdown.text(label)))
      }
    }
    // A navigation plugin's manifest adds keys to its navigation's sections, a nav item plugin's
    // to its item's.
    if let (plugin, section, isItem) = navigationPlugin(of: object), let project, let manifest = project.manifest(for: plugin),
      isItem ? manifest.isNavItem : manifest.type.map({ $0 != "nav_item" && Shapes.navigationPluginTypes.contains($0) }) ?? false
    {
      let declared = Self.declaredFields(of: plugin, in: section, project: project)
      for field in declared where shape.shape(of: field.key) == nil && !present.contains(field.key) {
        let label = field.value["label"]?.string ?? ""
        items.append(item(field.key, kind: CompletionKind.property, detail: "declared by \(plugin)", documentation: Markdown.text(label)))
      }
      // A navigation's `data`, where its plugin declares fields, is a data source too (as `zlc
      // check` reads it): its `source`, `type`, … beside them.
      if !isItem, section == "data", !manifest.fields(in: "data").isEmpty {
        let offered = Set(declared.map(\.key))
        for field in Shapes.dataSource.fields where !present.contains(field.key) && !offered.contains(field.key) {
          items.append(item(field.key, kind: CompletionKind.property, detail: Self.describe(field.shape), documentation: field.summary))
        }
      }
    }
    return items
  }

  /// The fields of a plugin's `section` that the manifest of every platform's bundle declares, each
  /// key once, in the order of the first: a key one platform's manifest lacks is reported there.
  private static func declaredFields(of plugin: String, in section: String, project: Project) -> [FieldDecl] {
    let manifests = project.bundleManifests(for: plugin).map(\.manifest)
    guard let first = manifests.first else { return [] }
    let others = manifests.dropFirst().map { Set($0.fields(in: section).map(\.key)) }
    var seen: Set<String> = []
    return first.fields(in: section).filter { field in others.allSatisfy { $0.contains(field.key) } && seen.insert(field.key).inserted }
  }

  /// The plugin whose manifest declares the keys of `object` and the section it is, when `object`
  /// is a section (`styles`, `data`, …) of a navigation (its `navigation_type`) or of a nav item
  /// (its `type`).
  private func navigationPlugin(of object: LooseNode) -> (plugin: String, section: String, isItem: Bool)? {
    guard let section = object.keyInParent, let holder = object.parent, holder.kind == .object,
      let list = holder.parent?.keyInParent, list == "navigations" || list == "nav_items",
      let plugin = holder.string(list == "nav_items" ? "type" : "navigation_type"), !plugin.isEmpty
    else { return nil }
    return (plugin, section, list == "nav_items")
  }

  static func describe(_ shape: Shape) -> String {
    switch shape {
    case .string, .name: return "string"
    case .bool: return "boolean"
    case .integer: return "whole number"
    case .number: return "number"
    case .stringOrNumber: return "string or number"
    case .scalar: return "string, number or boolean"
    case .oneOf(let options): return options.joined(separator: " | ")
    case .array(let element): return "array of \(describe(element))"
    case .object(let object): return object.name
    case .map(let element): return "object of \(describe(element))"
    case .custom(let name): return name
    case .any: return "any"
    }
  }

  private func valueItems(container: LooseNode, key: String?, typed: LooseNode?, semantics: Semantics) -> [JSONObject] {
    if semantics.kind == .family { return familyValues(container, key: key) }
    // The place of the value: its key in an object, the key of its array, or the key of its map.
    let probe = typed ?? LooseNode(.string, start: offset)
    if typed == nil {
      probe.parent = container
      if container.kind == .object, let key { container.members.append((LooseNode.key(key), probe)) }
      if container.kind == .array { container.elements.append(probe) }
    }
    defer {
      if typed == nil {
        if container.kind == .object, !container.members.isEmpty, container.members.last?.value === probe { container.members.removeLast() }
        if container.kind == .array, container.elements.last === probe { container.elements.removeLast() }
      }
    }
    let place = placeOf(probe)
    var items: [JSONObject] = []
    let component = semantics.component(containing: probe)
    if let project,
      let reference = Reference.at(
        key: place.key, shapeName: place.shapeName, value: "", component: component,
        screenType: semantics.screen(containing: probe)?.string("type"), holder: probe.parent, semantics: semantics)
    {
      let other = component.flatMap(semantics.otherReadingFamily(of:)).flatMap { project.families[$0] }
      items = referenceItems(reference, project: project, otherReading: other)
    }
    if items.isEmpty, let shape = probeShape(probe, semantics: semantics) {
      switch shape {
      case .oneOf(let options): items = options.map { item($0, kind: CompletionKind.enumMember) }
      // A replacement is `"hide"`, or an object of its type and cell style.
      case .custom("replacement"): items = [item("hide", kind: CompletionKind.enumMember, detail: "not drawn there")]
      default: break
      }
    }
    return items
  }

  private func probeShape(_ probe: LooseNode, semantics: Semantics) -> Shape? {
    guard let parent = probe.parent else { return nil }
    if parent.kind == .array, let shape = semantics.shape(of: parent), case .array(let element) = Semantics.resolved(shape) {
      return element
    }
    if parent.kind == .object, case .map(let value)? = semantics.shape(of: parent).map(Semantics.resolved) { return value }
    if parent.kind == .object, let key = probe.keyInParent { return semantics.objectShape(of: parent)?.shape(of: key) }
    return nil
  }

  /// The names a reference may take. `otherReading`: the family the app's other reading draws the
  /// component with (`Semantics.otherReadingFamily(of:)`), whose names must be valid too.
  private func referenceItems(_ reference: Reference, project: Project, otherReading: FamilyDecl? = nil) -> [JSONObject] {
    switch reference {
    case .componentType:
      return EditorKnowledge.componentTypes(in: project).map { type in
        if let manifest = project.manifest(for: type) {
          let name = manifest.value["name"]?.string ?? type
          return item(
            type, kind: CompletionKind.class, detail: "ui_component",
            documentation: "**\(Markdown.text(name))**\n\n\(Markdown.text(manifest.value["description"]?.string ?? ""))")
        }
        return item(type, kind: CompletionKind.class, detail: "built-in component type")
      }
    case .screenType:
      return EditorKnowledge.screenTypes(in: project).map { item($0, kind: CompletionKind.class, detail: "screen type") }
    case .family:
      return project.families.values.sorted { $0.family.name < $1.family.name }.map { decl in
        item(
          decl.family.name, kind: CompletionKind.reference, detail: decl.isBuiltin ? "built-in family" : "family",
          documentation: Markdown.text(decl.family.components.map(\.type).joined(separator: ", ")))
      }
    case .cellStyle(_, let family, let type):
      guard let family, let type, let decl = project.families[family] else { return [] }
      let families = [decl] + (otherReading.map { [$0] } ?? [])
      let names = EditorKnowledge.cellStyles(families: families, componentType: type, in: project)
      let documentation = cellDocumentation(names, families: families, type: type, project: project)
      let detail = "cell style of \(families.map(\.family.name).joined(separator: " and ")) for \(type)"
      return names.map { item($0, kind: CompletionKind.enumMember, detail: detail, documentation: documentation[$0]) }
    case .layout(_, let family, let type):
      guard let family, let type, let style = project.families[family]?.family.component(type) else { return [] }
      // The other family's names as a set: a family may have thousands of styles.
      let other = otherReading.map { Set($0.family.component(type)?.layouts.map(\.name) ?? []) }
      let names = style.layouts.map(\.name).filter { other?.contains($0) ?? true }
      let detail = "layout of \(([family] + [otherReading?.family.name].compactMap { $0 }).joined(separator: " and ")) for \(type)"
      return names.map { item($0, kind: CompletionKind.enumMember, detail: detail) }
    case .headerStyle(_, let family):
      guard let family, let decl = project.families[family] else { return [] }
      let other = otherReading.map { Set($0.family.headers.map(\.name)) }
      let names = decl.family.headers.map(\.name).filter { other?.contains($0) ?? true }
      let detail = "header style of \(([family] + [otherReading?.family.name].compactMap { $0 }).joined(separator: " and "))"
      return names.map { item($0, kind: CompletionKind.enumMember, detail: detail) }
        + [item("No Header", kind: CompletionKind.enumMember, detail: "no header")]
    case .screen, .openedScreen, .screenID:
      // A mapping may name a screen by its unique name; everything else, by its id alone.
      var byName = false
      if case .screen = reference { byName = true }
      var items: [JSONObject] = []
      var names: Set<String> = []
      for screen in project.screens {
        let name = screen.name?.value
        items.append(
          item(
            screen.id.value, kind: CompletionKind.reference, detail: name.map { "screen “\($0)”" } ?? "screen",
            documentation:
              "\(Markdown.text(screen.type.value))\(screen.connected ? ", connected" : "") — \(Markdown.text(screen.file.path))"))
        if byName, let name, name != screen.id.value, project.screens(named: name).count == 1, names.insert(name).inserted {
          items.append(item(name, kind: CompletionKind.reference, detail: "name of screen \(screen.id.value)"))
        }
      }
      return items
    case .dataType(_, let plugin):
      return EditorKnowledge.dataTypes(in: project, plugin: plugin).map {
        item($0, kind: CompletionKind.enumMember, detail: "data source type")
      }
    }
  }

  /// The documentation of each of `names` that is a cell of `families`: its size on each device
  /// in each family (headed by the family when there are several).
  private func cellDocumentation(_ names: [String], families: [FamilyDecl], type: String, project: Project) -> [String: String] {
    var documentation: [String: [String]] = [:]
    let wanted = Set(names)
    for decl in families {
      // Each style by name, and laid out in the family narrowed to it: a component may have
      // thousands of cells, and the family's own lookups scan them.
      guard let component = decl.family.component(type) else { continue }
      var seen: Set<String> = []
      for cell in component.cells where wanted.contains(cell.name) && seen.insert(cell.name).inserted {
        let sizes = cellDocumentation(cell.name, family: decl.family.narrowed(to: component, cell: cell), type: type, project: project)
        documentation[cell.name, default: []].append(families.count > 1 ? "**\(Markdown.text(decl.family.name))**\n\n\(sizes)" : sizes)
      }
    }
    return documentation.mapValues { $0.joined(separator: "\n\n") }
  }

  /// A cell style's size on each of the project's devices, for completion documentation.
  private func cellDocumentation(_ cell: String, family: Family, type: String, project: Project) -> String {
    project.settings.devices.map { device in
      let layout = Geometry.layout(family: family, componentType: type, cellStyles: [cell], layoutName: nil, device: device)
      return
        "- \(Markdown.text(device.name)): \(layout.kind.word), \(layout.columns) column\(layout.columns == 1 ? "" : "s"), item \(Self.size(layout.item))"
    }.joined(separator: "\n")
  }

  static func size(_ item: ItemSize) -> String {
    format(item.width) + " × " + (item.height.map(format) ?? "auto")
  }
}

extension LooseNode {
  /// A key node for a member added while completing.
  static func key(_ text: String) -> LooseNode {
    let node = LooseNode(.string, start: -1)
    node.text = text
    node.isKey = true
    return node
  }
}
