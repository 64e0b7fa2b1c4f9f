import ZappDiagnostics
import ZappLayout
import ZappLayoutCompiler
import ZappModel

/// Completion and hover in a family file: XML element names, attribute names and the words an
/// attribute takes at the cursor, JSON keys and words, and what each attribute means
/// (`FamilyKnowledge`).
extension DocumentQuery {
  /// Whether the document is a family file written in XML.
  var isFamilyXML: Bool { kind == .family && document.path.lowercased().hasSuffix(".xml") }

  /// The component types a family may style: the project's, else the built-in ones.
  private var componentTypes: [String] { project?.knownComponentTypes ?? Project.builtinComponentTypes }

  /// The names of the project's size classes (the default ones without a project).
  var sizeClasses: [String] { (project?.settings.sizeClasses ?? SizeClass.defaults).map(\.name) }

  /// The completions at the cursor of a family XML text. `snippets`: the client takes snippets,
  /// so an attribute name is inserted with its quotes and the cursor between them.
  func familyXMLCompletion(snippets: Bool) -> [JSONObject] {
    guard document.bytes.count <= document.maxBytes, let cursor = FamilyXMLCursor.at(offset, in: document.bytes),
      cursor.isEndTag || !cursor.parents.contains("DisplayRules")
    else { return [] }
    let typed = String(decoding: document.bytes[cursor.typed], as: UTF8.self)
    let range = document.lines.range(cursor.typed.lowerBound, cursor.typed.upperBound)
    switch cursor.place {
    case .elementName:
      let types = componentTypesByElement
      return FamilyKnowledge.childElements(of: cursor.parents.last, componentTypes: componentTypes).map { name in
        familyItem(
          name, kind: CompletionKind.class, summary: elementSummary(name, types: types) ?? "", edit: ["range": range, "newText": name])
      }
    case .attributeName:
      // A prefixed name (`android:`, `app:`) is no attribute of the family format.
      guard !typed.contains(":") else { return [] }
      let present = Set(cursor.attributes.map(\.name)).subtracting([cursor.attributeAtCursor].compactMap { $0 })
      var next = cursor.typed.upperBound
      while next < document.bytes.count, document.bytes[next] == 0x20 { next += 1 }
      let hasValue = next < document.bytes.count && document.bytes[next] == UInt8(ascii: "=")
      return FamilyKnowledge.xmlAttributes(of: cursor.element, parents: cursor.parents).filter { !present.contains($0.name) }.map {
        attribute in
        let newText = hasValue ? attribute.name : attribute.name + (snippets ? "=\"$1\"" : "=\"\"")
        var item = familyItem(
          attribute.name, kind: CompletionKind.property, detail: attribute.detail, summary: attribute.summary,
          edit: ["range": range, "newText": newText])
        if snippets, !hasValue { item["insertTextFormat"] = 2 }
        return item
      }
    case .attributeValue(let attribute):
      return words(for: attribute, on: FamilyKnowledge.canonical(cursor.element)).map {
        familyItem($0, kind: CompletionKind.enumMember, edit: ["range": range, "newText": $0])
      }
    case .endTagName(let closed):
      // After `</`: the innermost element still open, its tag closed with `>` when it is not yet.
      guard let open = cursor.parents.last else { return [] }
      let summary = elementSummary(open).map { "Closes `<\(open)>`: \($0)" } ?? "Closes `<\(open)>`."
      return [
        familyItem(open, kind: CompletionKind.class, summary: summary, edit: ["range": range, "newText": closed ? open : open + ">"])
      ]
    }
  }

  /// The words `attribute` of `element` takes, each once.
  private func words(for attribute: String, on element: String) -> [String] {
    var seen: Set<String> = []
    return FamilyKnowledge.values(of: attribute, on: element, sizeClasses: sizeClasses, componentTypes: componentTypes).filter {
      seen.insert($0).inserted
    }
  }

  private func familyItem(_ label: String, kind: Int, detail: String? = nil, summary: String = "", edit: JSONObject? = nil)
    -> JSONObject
  {
    var item: JSONObject = ["label": label, "kind": kind]
    if let detail { item["detail"] = detail }
    if !summary.isEmpty { item["documentation"] = ["kind": "markdown", "value": summary] }
    if let edit { item["textEdit"] = edit }
    return item
  }

  /// The family element a JSON object of a family file is (`Family`, `Screen`, `Component`,
  /// `Cell`, `Layout`, `Header`, `Responsive`, a cell's `CardStyle`, `Element` and its `ElementStyle`), with the metrics it reads when it is a screen entry.
  static func familyElement(of node: LooseNode) -> (element: String, owner: FamilyReader.MetricOwner)? {
    guard node.kind == .object else { return nil }
    guard let parent = node.parent else { return ("Family", .family) }
    if parent.kind == .object {
      if node.keyInParent == "responsive", parent.parent == nil { return ("Responsive", .cell) }
      // An element's `style` holds the keys that place it, over the element's own; a cell's, its card's.
      guard node.keyInParent == "style" else { return nil }
      switch familyElement(of: parent)?.element {
      case "Element"?: return ("ElementStyle", .cell)
      case "Cell"?: return ("CardStyle", .cell)
      default: return nil
      }
    }
    guard parent.kind == .array, let key = parent.keyInParent, let holder = parent.parent.flatMap(familyElement(of:)) else {
      return nil
    }
    switch (holder.element, key) {
    case ("Family", "screens"): return ("Screen", .family)
    case ("Header", "screens"): return ("Screen", .header)
    case (_, "screens"): return ("Screen", .cell)
    case ("Family", "components"): return ("Component", .cell)
    case ("Family", "headers"), ("Family", "footers"): return ("Header", .header)
    case ("Component", "cells"): return ("Cell", .cell)
    case ("Component", "layouts"): return ("Layout", .cell)
    case ("Cell", "elements"): return ("Element", .cell)
    default: return nil
    }
  }

  /// Where an object of a JSON family stands in a component's `sizeClassMapping`: the mapping
  /// (keyed by size class) or one of its replacements.
  enum ReplacementPlace { case mapping, replacement }

  static func replacementPlace(of node: LooseNode) -> ReplacementPlace? {
    guard node.kind == .object, let parent = node.parent, parent.kind == .object else { return nil }
    if node.keyInParent == "sizeClassMapping", familyElement(of: parent)?.element == "Component" { return .mapping }
    return replacementPlace(of: parent) == .mapping ? .replacement : nil
  }

  /// The top of the tree `node` is in.
  static func root(of node: LooseNode) -> LooseNode {
    var top = node
    while let parent = top.parent { top = parent }
    return top
  }

  /// The keys of the JSON family object `object` not written yet (but the one being typed).
  func familyKeys(_ object: LooseNode) -> [JSONObject] {
    let typing = object.members.first { $0.key.start < offset && offset <= $0.key.end }?.key.text
    let present = Set(object.members.map(\.key.text)).subtracting([typing].compactMap { $0 })
    switch Self.replacementPlace(of: object) {
    case .mapping?:
      return sizeClasses.filter { !present.contains($0) }.map { familyItem($0, kind: CompletionKind.property, detail: "size class") }
    case .replacement?:
      return Shapes.replacement.fields.filter { !present.contains($0.key) }.map {
        familyItem($0.key, kind: CompletionKind.property, detail: "string", summary: $0.summary)
      }
    case nil: break
    }
    guard let found = Self.familyElement(of: object) else { return [] }
    return FamilyKnowledge.jsonKeys(of: found.element, owner: found.owner).filter { !present.contains($0.name) }.map {
      familyItem($0.name, kind: CompletionKind.property, detail: $0.detail, summary: $0.summary)
    }
  }

  /// The words a string value under `key` of the JSON family object `container` takes.
  func familyValues(_ container: LooseNode, key: String?) -> [JSONObject] {
    switch (Self.replacementPlace(of: container), key) {
    case (.mapping?, _): return [familyItem("hide", kind: CompletionKind.enumMember, detail: "not drawn there")]
    case (.replacement?, "component_type"?): return componentTypes.map { familyItem($0, kind: CompletionKind.enumMember) }
    case (.replacement?, "cell_style"?):
      // The cell styles the family gives the replacement's type, as this text has them.
      let type = container.string("component_type")?.lowercased()
      let components = Self.root(of: container)["components"]?.elements ?? []
      let cells = components.filter { $0.string("type")?.lowercased() == type }.flatMap { $0["cells"]?.elements ?? [] }
      return cells.compactMap { $0.string("name") }.map { familyItem($0, kind: CompletionKind.value, detail: "cell style") }
    case (.replacement?, _): return []
    case (nil, _): break
    }
    guard let key, let found = Self.familyElement(of: container), ["type", "layout", "kind", "display"].contains(key) else {
      return []
    }
    return words(for: key, on: found.element).map { familyItem($0, kind: CompletionKind.enumMember) }
  }

  /// The component type each component element styles (`GridComponent`: `grid`), the first of
  /// those sharing an element.
  private var componentTypesByElement: [String: String] {
    var types: [String: String] = [:]
    for type in componentTypes {
      if let element = FamilyKnowledge.elementName(ofType: type), types[element] == nil { types[element] = type }
    }
    return types
  }

  /// What an XML element of a family is: its own summary, or for a component element
  /// (`<GridComponent>`) the component type it styles; nil for an element the format lacks.
  /// `types`: `componentTypesByElement`, when the caller has it already.
  func elementSummary(_ name: String, types: [String: String]? = nil) -> String? {
    if let summary = FamilyKnowledge.elementSummaries[name] { return summary }
    guard FamilyKnowledge.canonical(name) == "Component" else { return nil }
    guard let type = (types ?? componentTypesByElement)[name] else {
      return "A component's style; no component type zlc knows here is named for it."
    }
    return "The style of the \(Markdown.code(type)) component type."
  }

  /// What the family attribute (or JSON key) under the cursor means; nil elsewhere.
  func familyHover() -> String? {
    if isFamilyXML {
      guard document.bytes.count <= document.maxBytes, let cursor = FamilyXMLCursor.at(offset, in: document.bytes) else { return nil }
      if cursor.place == .elementName || cursor.isEndTag, !cursor.element.isEmpty {
        return elementSummary(cursor.element).map { "**\(Markdown.text(cursor.element))** — \($0)" }
      }
      let attributes =
        FamilyKnowledge.xmlAttributes(of: cursor.element, parents: cursor.parents)
        + FamilyKnowledge.displayRuleAttributes(of: cursor.element)
      guard let name = cursor.attributeAtCursor, let attribute = attributes.first(where: { $0.name == name }) else { return nil }
      return Self.hoverText(attribute)
    }
    guard kind == .family, let node = semantics?.root.innermost(at: offset, touching: false), node.kind == .string, node.isKey,
      let object = node.parent, let found = Self.familyElement(of: object),
      let attribute = FamilyKnowledge.jsonKeys(of: found.element, owner: found.owner).first(where: { $0.name == node.text })
    else { return nil }
    return Self.hoverText(attribute)
  }

  private static func hoverText(_ attribute: FamilyKnowledge.Attribute) -> String {
    "**\(attribute.name)**" + (attribute.detail.map { " (\($0))" } ?? "") + (attribute.summary.isEmpty ? "" : " — \(attribute.summary)")
  }
}
