import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel

extension BundleVerifier {
  /// What the sections of a bundle tell of their component types: each type a section draws (a
  /// group never has a section of its own: its components are drawn in its place), and for each
  /// type a section binds data to, the first such section (a type that takes data takes it in
  /// every section: `own` on a root screen, `sender_child` on a connected one).
  package struct TypeEvidence: Sendable {
    var drawn: Set<ExactString> = []
    var takingData: [ExactString: (screen: String, section: Int, binding: String)] = [:]

    package init(_ screens: [ResolvedScreen]) {
      for screen in screens {
        for section in screen.resolved.sections {
          let type = ExactString(section.componentType)
          drawn.insert(type)
          guard takingData[type] == nil, section.data.binding == .own || section.data.binding == .senderChild else { continue }
          takingData[type] = (screen.id, section.section, section.data.binding.word)
        }
      }
    }
  }

  /// A screen whose sections bind data as the other kind of screen does: a connected screen's
  /// sections take the sender's children (`sender_child`), a root screen's their own source
  /// (`own`). Located at `resolved.connected`, naming the first section that disagrees.
  package static func connectionProblems(_ screen: ResolvedScreen) -> [BundleDecodingError] {
    let connected = screen.resolved.connected
    let wrong: Binding = connected ? .own : .senderChild
    guard let section = screen.resolved.sections.first(where: { $0.data.binding == wrong }) else { return [] }
    let name = "section \(section.section) ('\(section.componentType)')"
    let message =
      connected
      ? "screen '\(screen.id)' is connected, but \(name) binds its own data source ('own'); a connected screen's sections bind a child of the sender ('sender_child')"
      : "screen '\(screen.id)' is not connected, but \(name) binds a child of the sender ('sender_child'), which only a connected screen has; a root screen's sections bind their own data source ('own')"
    return [BundleDecodingError(path: "resolved.connected", message: message)]
  }

  /// Whether a component of type `type` (nil: no string) may be a group: zlc writes no section for
  /// a group alone. A built-in group type is one; any other built-in type, a type `evidence` shows
  /// drawn and a component without a type are none. Of a plugin type, only its manifest, which a
  /// bundle does not hold, can tell.
  static func mayBeEmptyGroup(_ type: String?, evidence: TypeEvidence) -> Bool {
    guard let type else { return false }
    let exact = ExactString(type)
    if builtinGroupTypes.contains(exact) { return true }
    return !builtinTypes.contains(exact) && !evidence.drawn.contains(exact)
  }

  private static let builtinGroupTypes = Set(Project.builtinGroupTypes.map(ExactString.init))
  private static let builtinTypes = Set(Project.builtinComponentTypes.map(ExactString.init))

  /// The leaf components of the screen's `ui_components` that have no section, and the sections
  /// out of screen order: `resolved.sections` holds one section per leaf component (each
  /// top-level one, or each component of a group in the group's place), in screen order. A
  /// component with no section and no components of its own may be an empty group when its type
  /// may be a group's (`mayBeEmptyGroup`).
  package static func coverageProblems(_ screen: ResolvedScreen, evidence: TypeEvidence) -> [BundleDecodingError] {
    let components = screen["ui_components"]?.arrayValue ?? []
    let sections = screen.resolved.sections
    var next = 0
    func missing(_ path: [Int], _ component: JSON) -> [BundleDecodingError] {
      let shown = path.map { "ui_components[\($0)]" }.joined(separator: ".")
      let type = component["component_type"]?.stringValue.map { " ('\($0)')" } ?? ""
      let message =
        "screen '\(screen.id)': \(shown)\(type) has no section; resolved.sections holds one section per leaf component, in screen order, so a client would not draw it"
      return [BundleDecodingError(path: next < sections.count ? "resolved.sections[\(next)]" : "resolved.sections", message: message)]
    }
    for (i, component) in components.enumerated() {
      let children = component["ui_components"]?.arrayValue ?? []
      if next < sections.count, sections[next].component == [i] {
        next += 1
        continue
      }
      if next < sections.count, sections[next].component.count == 2, sections[next].component[0] == i {
        for j in children.indices {
          guard next < sections.count, sections[next].component == [i, j] else { return missing([i, j], children[j]) }
          next += 1
        }
        continue
      }
      let type = component["component_type"]?.stringValue
      if let type, Project.builtinGroupTypes.contains(type), let first = children.first { return missing([i, 0], first) }
      if !children.isEmpty || !mayBeEmptyGroup(type, evidence: evidence) { return missing([i], component) }
    }
    guard next < sections.count else { return [] }
    let section = sections[next]
    let shown = section.component.map { "ui_components[\($0)]" }.joined(separator: ".")
    let message =
      "screen '\(screen.id)', section \(section.section) ('\(section.componentType)'): \(shown) is not the leaf component after the previous section's; resolved.sections holds one section per leaf component, in screen order"
    return [BundleDecodingError(path: "resolved.sections[\(next)]", message: message)]
  }

  /// The sections whose `component_type` is not their component's (as written, by its bytes): zlc
  /// writes each section with its component's type, so a client would draw the component as
  /// another. Located at the section's `component_type`.
  package static func componentTypeProblems(_ screen: ResolvedScreen) -> [BundleDecodingError] {
    let components = screen["ui_components"]
    return screen.resolved.sections.enumerated().compactMap { i, section in
      guard let written = SectionBasis.component(at: section.component, in: components)?["component_type"]?.stringValue,
        ExactString(written) != ExactString(section.componentType)
      else { return nil }
      let shown = section.component.map { "ui_components[\($0)]" }.joined(separator: ".")
      let message =
        "screen '\(screen.id)', section \(section.section) ('\(section.componentType)'): its component, \(shown), is a '\(written)'; a section's component_type is its component's, or a client would draw the component as another"
      return BundleDecodingError(path: "resolved.sections[\(i)].component_type", message: message)
    }
  }

  /// The sections bound to no data (`none`) whose component type takes data, as another section
  /// of the bundle shows (`evidence`): a client would draw them empty.
  package static func unboundProblems(_ screen: ResolvedScreen, evidence: TypeEvidence) -> [BundleDecodingError] {
    screen.resolved.sections.enumerated().compactMap { i, section in
      guard section.data.binding == .none, let taking = evidence.takingData[ExactString(section.componentType)] else { return nil }
      let wants =
        screen.resolved.connected
        ? "on a connected screen it binds a child of the sender ('sender_child')"
        : "on a root screen it binds its own data source ('own')"
      let message =
        "screen '\(screen.id)', section \(section.section) ('\(section.componentType)'): binding 'none', but a '\(section.componentType)' takes data (screen '\(taking.screen)', section \(taking.section) binds it '\(taking.binding)'); \(wants)"
      return BundleDecodingError(path: "resolved.sections[\(i)].data", message: message)
    }
  }

  /// What the screen files show together: each one's sections cover its leaf components
  /// (`coverageProblems`) and bind data where their type takes it (`unboundProblems`), and then
  /// agree with them on cell styles (`cellStyleProblems`) and number the sender's children as the
  /// mapper does (`childNumberingProblems`), one screen
  /// alone is marked `home` (none, when every screen file decodes, is a problem of `bundle.json`),
  /// and each entry of `bundle.json` names its screen as the file does.
  /// `screens` are the decoded screen files in the order of `entries` (nil where one does not
  /// decode); a screen file with a problem already (its path in `faulty`) is passed over.
  package static func screenSetProblems(
    _ entries: [BundleIndex.Entry], screens: [ResolvedScreen?], folder: String, faulty: Set<String>, index: ValueLocator
  ) -> [BundleProblem] {
    let evidence = TypeEvidence(screens.compactMap { $0 })
    var problems: [BundleProblem] = []
    var home: (id: String, file: String)?
    for (i, (entry, screen)) in zip(entries, screens).enumerated() {
      let path = join(folder, entry.file)
      guard let screen, !faulty.contains(path) else { continue }
      var found =
        componentTypeProblems(screen) + coverageProblems(screen, evidence: evidence) + unboundProblems(screen, evidence: evidence)
      // Sections of other components than their own disagree with them in cell styles too: one cause.
      if found.isEmpty { found = cellStyleProblems(screen) + childNumberingProblems(screen) + componentAgreementProblems(screen) }
      if screen.home == true {
        if let first = home {
          found.append(
            BundleDecodingError(
              path: ResolvedScreen.homeField.key,
              message: "screen '\(screen.id)' is marked home, as is screen '\(first.id)' (\(first.file)); a bundle has one home screen"))
        } else {
          home = (screen.id, entry.file)
        }
      }
      if !found.isEmpty, let bytes = read(path, problems: &problems) {
        let file = SourceFile(path: path, bytes: bytes)
        problems += found.map { locate($0, in: file) }
      }
      // The name a client lists a screen by before opening it is the one opening it shows.
      let written = screen["name"]
      guard written == nil || written == .null || written?.stringValue != nil,
        entry.name.map(ExactString.init) != screen.name.map(ExactString.init)
      else { continue }
      let shown = { (name: String?) in name.map { "'\($0)'" } ?? "none" }
      problems.append(
        index.problem(
          "screen '\(entry.id)' has name \(shown(entry.name)), but its file (\(entry.file)) names it \(shown(screen.name))",
          at: [.key(BundleIndex.key(\.screens)), .index(i), .key("name")]))
    }
    let everyScreenRead = screens.allSatisfy { $0 != nil } && entries.allSatisfy { !faulty.contains(join(folder, $0.file)) }
    if home == nil, !entries.isEmpty, everyScreenRead {
      problems.append(
        index.problem(
          "no screen is marked home; a bundle has one home screen, the one a client opens first", at: [.key(BundleIndex.key(\.screens))]))
    }
    return problems
  }

  /// Each screen of `rivers.json` (decoded as `rivers`) is its screen file's screen, as the file
  /// holds it. `differing` gives, for each screen file in the order of `entries`, the path of the
  /// first value where its tree and rivers.json's differ (nil where they do not, "" at the root);
  /// `screens` are the decoded screen files. A screen file in `faulty` is passed over, and so is a
  /// tree that differs and decodes the same (a key the compact form derives, written), unless the
  /// bundle is of the `expanded` form and the tree (of `trees`) leaves out such a key.
  package static func riversProblems(
    _ rivers: [ResolvedScreen], trees: [JSON], differing: [String?], entries: [BundleIndex.Entry], screens: [ResolvedScreen?],
    folder: String, faulty: Set<String>, expanded: Bool, in file: SourceFile
  ) -> [BundleProblem] {
    var problems: [BundleProblem] = []
    for (i, (entry, screen)) in zip(entries, screens).enumerated() where i < rivers.count && i < differing.count {
      guard let screen, let at = differing[i], !faulty.contains(join(folder, entry.file)) else { continue }
      if expanded, i < trees.count {
        // Its screen file's check saw its own tree: this one may leave out what that one holds.
        problems += expandedFormProblems(rivers[i], tree: trees[i], in: file, prefix: "[\(i)].")
      }
      guard rivers[i] != screen else { continue }
      let message =
        "screen '\(entry.id)' is not the one its file (\(entry.file)) holds\(at.isEmpty ? "" : ", first at \(at)"); rivers.json holds every screen as its screen file holds it"
      problems.append(locate(BundleDecodingError(path: "[\(i)]" + (at.isEmpty ? "" : "." + at), message: message), in: file))
    }
    return problems
  }

  /// The files of the bundle's `screens/` folder that `bundle.json` does not list (a file
  /// manager's metadata file aside): a bundle zlc writes holds its screen files alone.
  package static func unlistedScreenFiles(_ entries: [BundleIndex.Entry], folder: String) -> [BundleProblem] {
    let screens = join(folder, "screens")
    var status = stat()
    guard lstat(screens, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return [] }
    // A folder that cannot be listed may hide a file the index does not list: unreadable, not clean.
    var failure: Int32 = 0
    guard let names = FolderListing.list(screens, failure: &failure)?.map(\.name) else {
      return [BundleProblem(file: screens, message: "cannot list the folder: \(String(cString: strerror(failure)))", isIOFailure: true)]
    }
    let listed = Set(entries.map { ExactString($0.file.split(separator: "/").filter { $0 != "." }.joined(separator: "/")) })
    return names.sorted().compactMap { name in
      guard !listed.contains(ExactString("screens/" + name)), !OutputFolder.isMetadataFile(name, in: screens) else { return nil }
      return BundleProblem(file: join(screens, name), message: "'bundle.json' does not list it")
    }
  }
}
