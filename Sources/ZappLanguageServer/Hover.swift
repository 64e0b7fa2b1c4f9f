import ZappDiagnostics
import ZappLayout
import ZappLayoutCompiler
import ZappModel
import ZappResolution
import ZappRules
import ZappWriters

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
    } else if let text = familyHover() {
      parts.append(text)
    }
    if let node, let semantics, let component = semantics.component(containing: node),
      let text = componentHover(component, semantics, at: node)
    {
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
  /// and where its data comes from. Needs the last check to have read this buffer (valid JSON). An
  /// app of several platforms shows each platform's bundle (`Project.narrowed(to:)`), as `zlc
  /// build` writes it, and platforms whose bundles draw the component alike once.
  private func componentHover(_ node: LooseNode, _ semantics: Semantics, at hovered: LooseNode) -> String? {
    guard let project, let screenNode = semantics.screen(containing: node),
      let screen = project.screens.first(where: { $0.file.path == document.path && $0.value.offset == screenNode.start }),
      let component = screen.allComponents.first(where: { $0.value.offset == node.start })
    else { return nil }
    let platforms = project.bundlePlatforms
    let type = component.type.value
    // A group on every platform is no platform's section: one reading says it.
    let groupEverywhere = project.isGroup(type) && project.facts(ofType: type).groupPlatforms == nil
    guard !platforms.isEmpty, !groupEverywhere else { return Self.hover(component, of: screen, in: project, at: hovered) }
    var drawn: [(text: String, platforms: [String])] = []
    for platform in platforms {
      // Each platform's manifest says whether a plugin is a group there.
      guard let text = Self.hover(component, of: screen, in: project.narrowed(to: platform), at: hovered) else { continue }
      if let same = drawn.firstIndex(where: { $0.text == text }) {
        drawn[same].platforms.append(platform)
      } else {
        drawn.append((text, [platform]))
      }
    }
    if drawn.count == 1, let only = drawn.first, only.platforms.count > 1 {
      return "**on \(Markdown.text(only.platforms.joined(separator: ", ")))** (their bundles draw it alike)\n\n" + only.text
    }
    return drawn.map { "**on \(Markdown.text($0.platforms.joined(separator: ", ")))**\n\n" + $0.text }.joined(separator: "\n\n")
  }

  /// The hover of a component in `project`'s bundle: a group's, or its section's (`sectionHover`).
  private static func hover(_ component: ComponentDecl, of screen: ScreenDecl, in project: Project, at hovered: LooseNode) -> String? {
    let type = component.type.value
    guard project.isGroup(type) else { return sectionHover(component, of: screen, in: project, at: hovered) }
    return "**\(Markdown.text(type))** — a group: each of its \(component.children.count) components is a section of its own"
  }

  /// The hover of a component as `project`'s bundle resolves it (`Resolver`, as `zlc build`).
  private static func sectionHover(_ component: ComponentDecl, of screen: ScreenDecl, in project: Project, at hovered: LooseNode)
    -> String?
  {
    let resolution = Resolver(project: project).resolution(screen)
    guard let section = resolution.sections.first(where: { $0.component == component.path }) else { return nil }
    let decl = section.family.flatMap { project.families[$0] }
    let offered = decl.map { Set(EditorKnowledge.cellStyles(family: $0, componentType: section.componentType, in: project)) } ?? []
    let absence = decl == nil ? section.family.map { familyAbsence($0, in: project) } : nil
    if let text = cellStyleHover(hovered, section, family: decl?.family, offered: offered, familyAbsence: absence) { return text }
    let type = component.type.value
    var lines = ["**\(Markdown.text(type))**" + (section.family.map { " · family \(Markdown.text($0))" } ?? "")]
    if !section.cellStyles.isEmpty { lines[0] += " · cell styles " + section.cellStyles.map(Markdown.text).joined(separator: ", ") }
    if !section.layout.isEmpty {
      lines.append("")
      lines.append("| device | kind | columns | item |")
      lines.append("|---|---|---:|---|")
      for (device, layout) in section.layout {
        lines.append("| \(Markdown.text(device)) | \(layout.kind.word) | \(layout.columns) | \(size(layout.item)) |")
      }
    } else {
      switch section.layoutAbsent {
      case .noFamily? where absence != nil: lines.append("no layout: " + (absence ?? ""))
      case .noFamily?: lines.append("no layout: neither the component nor its screen names a family")
      default: lines.append("no layout: its family has no style for '\(Markdown.text(type))'; the component lays itself out")
      }
    }
    lines.append("")
    lines.append("data: " + binding(section.data))
    return lines.joined(separator: "\n")
  }

  /// Why a family the section names is not in `project`: its file, or another family file, cannot
  /// be read (a family may be in it), or none defines it.
  static func familyAbsence(_ name: String, in project: Project) -> String {
    let files = project.unreadableFamilyFiles
    guard !files.isEmpty else { return "no family '\(Markdown.text(name))' is defined" }
    let shown = files.map { Markdown.code(FileURI.relativePath($0, in: project.directory) ?? $0) }
    guard shown.count > 1 else { return "family '\(Markdown.text(name))' is not known while \(shown[0]) cannot be read (fix its errors)" }
    let listed = shown.count > 3 ? shown.prefix(3).joined(separator: ", ") + " and \(shown.count - 3) more" : shown.joined(separator: ", ")
    return "family '\(Markdown.text(name))' is not known while \(shown.count) family files cannot be read (fix their errors): \(listed)"
  }

  static func binding(_ data: DataBinding) -> String {
    switch data.binding {
    case .own:
      return "own source " + Markdown.code(data.source ?? "none") + (data.type.map { " (\(Markdown.text($0)))" } ?? "")
    case .senderChild:
      let child = data.child.map(String.init) ?? "?"
      if let group = data.groupChild { return "child \(child) of the sender, its child \(group) (connected screen, in a group)" }
      return "child \(child) of the sender (connected screen)"
    default:
      return "none"
    }
  }
}
