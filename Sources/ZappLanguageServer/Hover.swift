import ZappLayout
import ZappLayoutCompiler

extension DocumentQuery {
  /// Hover: a rule code's explanation; a key's description; for anything inside a component, its
  /// resolved layout on each device and its data binding; and the rules of diagnostics under the cursor.
  func hover() -> JSONObject? {
    var parts: [String] = []
    let node = semantics?.root.innermost(at: offset, touching: false)
    if let node, node.kind == .string, let rule = Rule.named(node.text) {
      parts.append("```\n" + Driver.explain(rule) + "```")
    } else if let node, node.kind == .string, node.isKey, let parent = node.parent, let semantics,
      let shape = semantics.objectShape(of: parent), let field = shape.fields.first(where: { $0.key == node.text })
    {
      parts.append("**\(field.key)** (\(Self.describe(field.shape)))" + (field.summary.isEmpty ? "" : " — \(field.summary)"))
    }
    if let node, let semantics, let component = semantics.component(containing: node), let text = componentHover(component, semantics) {
      parts.append(text)
    }
    for d in session.diagnosticsByPath[document.path] ?? [] {
      guard let spot = d.spot, spot.offset <= offset, offset < document.lines.tokenEnd(at: spot.offset) else { continue }
      parts.append("**\(d.code) \(d.rule.name)**: \(d.rule.summary) (`zlc explain \(d.code)`)")
    }
    guard !parts.isEmpty else { return nil }
    return ["contents": ["kind": "markdown", "value": parts.joined(separator: "\n\n---\n\n")]]
  }

  /// The component as the bundle resolves it: per device the layout kind, columns and item size,
  /// and where its data comes from. Needs the last check to have read this buffer (valid JSON).
  private func componentHover(_ node: LooseNode, _ semantics: Semantics) -> String? {
    guard let project, let screenNode = semantics.screen(containing: node),
      let screen = project.screens.first(where: { $0.file.path == document.path && $0.value.offset == screenNode.start }),
      let component = screen.allComponents.first(where: { $0.value.offset == node.start })
    else { return nil }
    let type = component.type.value
    if project.isGroup(type) {
      return "**\(type)** — a group: each of its \(component.children.count) components is a section of its own"
    }
    let resolution = Resolver(project: project).resolution(screen)
    guard case .array(let sections)? = resolution["sections"],
      let section = sections.first(where: { Self.path(of: $0) == component.path })
    else { return nil }
    var lines = ["**\(type)**" + (section["family"].flatMap(Self.string).map { " · family \($0)" } ?? "")]
    if case .array(let styles)? = section["cell_styles"], !styles.isEmpty {
      lines[0] += " · cell styles " + styles.compactMap(Self.string).joined(separator: ", ")
    }
    if case .object(let layouts)? = section["layout"], !layouts.isEmpty {
      lines.append("")
      lines.append("| device | kind | columns | item |")
      lines.append("|---|---|---:|---|")
      for (device, layout) in layouts {
        let kind = layout["kind"].flatMap(Self.string) ?? "?"
        let columns = layout["columns"].flatMap(Self.number).map(format) ?? "?"
        let width = layout["item"]?["width"].flatMap(Self.number).map(format) ?? "?"
        let height = layout["item"]?["height"].flatMap(Self.number).map(format) ?? "auto"
        lines.append("| \(device) | \(kind) | \(columns) | \(width) × \(height) |")
      }
    } else {
      lines.append("no layout: its family is unknown or has no style for '\(type)'")
    }
    lines.append("")
    lines.append("data: " + Self.binding(section["data"]))
    return lines.joined(separator: "\n")
  }

  static func binding(_ data: JSONOut?) -> String {
    switch data?["binding"].flatMap(string) {
    case "own"?:
      let source = data?["source"].flatMap(string) ?? "none"
      let type = data?["type"].flatMap(string).map { " (\($0))" } ?? ""
      return "own source `\(source)`\(type)"
    case "sender_child"?:
      let child = data?["child"].flatMap(number).map(format) ?? "?"
      if let group = data?["group_child"].flatMap(number) {
        return "child \(child) of the sender, its child \(format(group)) (connected screen, in a group)"
      }
      return "child \(child) of the sender (connected screen)"
    default:
      return "none"
    }
  }

  static func path(of section: JSONOut) -> [Int]? {
    guard case .array(let steps)? = section["component"] else { return nil }
    return steps.compactMap { number($0).map { Int($0) } }
  }

  static func string(_ value: JSONOut) -> String? {
    if case .string(let s) = value { return s }
    return nil
  }

  static func number(_ value: JSONOut) -> Double? {
    switch value {
    case .number(let n): return n
    case .numberText(let text): return Double(text)
    default: return nil
    }
  }
}
