import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders
import ZappResolution
import ZappRules
import ZappWriters

extension Driver {
  /// What a build did.
  public struct BuildOutcome {
    public var check: CheckOutcome
    public var diagnostics: [Diagnostic]
    public var status: ExitStatus
    public var written: Bool
    public var screens: Int
    public var sections: Int
    /// What the bundle writer wrote, when it wrote.
    public var bundle: WrittenBundle? = nil
  }

  /// Checks the output folder and the project, then reads what `prepare` reads for the write (a
  /// preview's feeds), then runs `write` when none of them has an error; a failed write is an I/O
  /// error. A refused output is reported before the project is read.
  static func checkThenWrite(
    _ directory: String, output: String, kind: OutputFolder.Kind, warningsAsErrors: Bool, platform: String? = nil,
    prepare: (Project) -> [Diagnostic] = { _ in [] }, write: (Project, OutputFolder) throws -> Void
  ) -> BuildOutcome {
    let folder: OutputFolder
    do {
      folder = try OutputFolder.validate(output, kind: kind, project: directory)
    } catch {
      let diagnostics = [OutputRefusedRule.Message.refused(error).diagnostic(at: nil, path: output)]
      let unread = CheckOutcome(project: Project(directory: directory), diagnostics: diagnostics, status: .usage)
      return BuildOutcome(check: unread, diagnostics: diagnostics, status: .usage, written: false, screens: 0, sections: 0)
    }
    let outcome = check(directory, warningsAsErrors: warningsAsErrors, platform: platform, foldsIndentation: true)
    var diagnostics = outcome.diagnostics
    guard outcome.status == .success else {
      return BuildOutcome(check: outcome, diagnostics: diagnostics, status: outcome.status, written: false, screens: 0, sections: 0)
    }
    let prepared = prepare(outcome.project)
    diagnostics += prepared
    if !prepared.isEmpty, case let status = status(for: diagnostics), status != .success {
      return BuildOutcome(check: outcome, diagnostics: diagnostics, status: status, written: false, screens: 0, sections: 0)
    }
    do {
      try write(outcome.project, folder)
    } catch let refusal as OutputFolder.Refusal {  // found under the folder's lock, written meanwhile
      diagnostics.append(OutputRefusedRule.Message.refused(refusal).diagnostic(at: nil, path: output))
      return BuildOutcome(check: outcome, diagnostics: diagnostics, status: .usage, written: false, screens: 0, sections: 0)
    } catch {
      diagnostics.append(IOErrorRule.Message.writeFailed(error).diagnostic(at: nil, path: output))
      return BuildOutcome(check: outcome, diagnostics: diagnostics, status: .ioFailure, written: false, screens: 0, sections: 0)
    }
    return BuildOutcome(
      check: outcome, diagnostics: diagnostics, status: .success, written: true, screens: outcome.project.screens.count, sections: 0)
  }

  /// Checks a project and, when it has no errors, writes its bundle to `output` (compact and
  /// minified unless `bundle` says otherwise).
  public static func build(
    _ directory: String, output: String, warningsAsErrors: Bool = false, platform: String? = nil,
    bundle: BundleWriter.Options = BundleWriter.Options()
  ) -> BuildOutcome {
    var written: WrittenBundle?
    var outcome = checkThenWrite(directory, output: output, kind: .bundle, warningsAsErrors: warningsAsErrors, platform: platform) {
      written = try BundleWriter(project: $0, options: bundle).write(to: $1)
    }
    if outcome.written, let written {
      // Each platform's bundle holds the same screens; the sections are the first bundle's.
      outcome.sections = written.bundles.first?.sections ?? 0
      outcome.bundle = written
    }
    return outcome
  }

  /// What `zlc map` found.
  public struct MapOutcome {
    public var diagnostics: [Diagnostic]
    public var status: ExitStatus
    public var result: Mapper.Result?
    public var files: Int
  }

  /// Finds a screen by id, unique name or screen_type.
  static func findScreen(_ reference: String, in project: Project) -> ScreenDecl? {
    if let s = project.screen(named: reference) { return s }
    if let mapped = project.screenTypes?.screenTypes.first(where: { $0.key == reference }) {
      return project.screen(named: mapped.target.value)
    }
    return nil
  }

  /// Maps a sender feed onto a screen of a checked project.
  public static func map(
    screen reference: String, project directory: String, sender: String?, device: String?, platform: String? = nil
  ) -> MapOutcome {
    let outcome = check(directory, platform: platform)
    var diagnostics = outcome.diagnostics
    guard outcome.status == .success else {
      return MapOutcome(diagnostics: diagnostics, status: outcome.status, result: nil, files: outcome.project.files.count)
    }
    let project = outcome.project
    let fileCount = project.files.count + (sender == nil ? 0 : 1)
    guard let screen = findScreen(reference, in: project) else {
      let candidates =
        project.screens.map(\.id.value) + project.screens.compactMap { $0.name?.value }
        + (project.screenTypes?.screenTypes.map(\.key) ?? [])
      let suggestion = closestMatch(to: reference, in: candidates)
      diagnostics.append(
        UnknownMapScreenRule.Message.noScreen(reference).diagnostic(
          at: nil, fixIt: .didYouMean(suggestion, at: nil), path: directory))
      // A bad argument, as an unknown --device is: 64.
      return MapOutcome(diagnostics: diagnostics, status: .usage, result: nil, files: fileCount)
    }
    if sender != nil, !screen.connected {
      diagnostics.append(UnknownMapScreenRule.Message.senderForRootScreen(screen.id.value).diagnostic(at: nil, path: directory))
      return MapOutcome(diagnostics: diagnostics, status: .usage, result: nil, files: fileCount)
    }
    let deviceName = device ?? project.settings.devices[0].name
    guard project.settings.devices.contains(where: { $0.name == deviceName }) else {
      let names = project.settings.devices.map(\.name)
      diagnostics.append(
        UnknownDeviceRule.Message.noDevice(deviceName, devices: names).diagnostic(
          at: nil, fixIt: .didYouMean(closestMatch(to: deviceName, in: names), at: nil), path: directory))
      return MapOutcome(diagnostics: diagnostics, status: .usage, result: nil, files: fileCount)
    }
    var feed: FeedEntry?
    var feedSource: (JSONDocument, JSONValue)?
    if let path = sender {
      let bag = DiagnosticBag()
      guard let file = ProjectLoader().readFile(path, bag: bag) else {
        diagnostics += bag.all
        return MapOutcome(diagnostics: diagnostics, status: .ioFailure, result: nil, files: fileCount)
      }
      let read = FeedReader.read(file)
      diagnostics += read.diagnostics
      guard let entry = read.feed, !read.diagnostics.contains(where: { $0.severity == .error }) else {
        return MapOutcome(diagnostics: diagnostics, status: .inputErrors, result: nil, files: fileCount)
      }
      feed = entry
      if let doc = read.document, let root = doc.root { feedSource = (doc, root) }
    }
    // Run the runtime mapper on the resolved screen, the same value a client loads.
    let resolver = Resolver(project: project)
    let result = Mapper.map(screen: resolver.resolvedScreen(screen), sender: feed, device: deviceName, bundle: resolver.bundleIndex())
    let leaves = resolver.leafComponents(screen)
    for finding in result.findings {
      diagnostics.append(mapDiagnostic(finding, feed: feedSource?.1, leaves: leaves, senderPath: sender))
    }
    return MapOutcome(
      diagnostics: diagnostics.sortedForOutput(fileOrder: project.fileOrder), status: .success, result: result, files: fileCount)
  }

  /// Words a mapper finding and places it: at the sender's child it is about (or its `entry`
  /// array), or, for a section that gets no child, at the component.
  static func mapDiagnostic(_ finding: Mapper.Finding, feed root: JSONValue?, leaves: [ComponentDecl], senderPath: String?) -> Diagnostic {
    // Reached without listing the sender's entries: a finding costs its child's index, not 10⁶.
    func child(_ path: [Int]) -> JSONValue? {
      var node = root
      for i in path { node = node?["entry"]?.element(at: i) }
      return node
    }
    func dotted(_ path: [Int]) -> String { path.map(String.init).joined(separator: ".") }
    switch finding {
    case .unusedChildren(let indices, let titles, let count, let taken):
      let names = summarizedList(indices.indices.lazy.map { "\(indices[$0]) ('\(titles[$0])')" })
      let spot = indices.first.flatMap { child([$0]) }?.spot
      return UnusedChildrenRule.Message.unusedChildren(count: count, taken: taken, names: names).diagnostic(
        at: spot, path: spot?.file.path ?? senderPath)
    case .emptyComponent(let section, let type, let path):
      let spot = section < leaves.count ? leaves[section].spot : (root?["entry"] ?? root)?.spot
      return EmptyComponentRule.Message.noChild(section: section, type: type, path: dotted(path)).diagnostic(
        at: spot, path: spot?.file.path ?? senderPath)
    case .incompatibleChild(_, let type, let path, let title, let dataType, let accepts):
      let spot = child(path)?.spot
      let message = IncompatibleChildRule.Message.incompatible(
        path: dotted(path), title: title, dataType: dataType, type: type, accepts: accepts)
      return message.diagnostic(at: spot, path: spot?.file.path ?? senderPath)
    case .unmappedScreenType(_, let path, let screenType):
      let spot = child(path)?.spot
      return UnmappedScreenTypeRule.Message.opensNoScreen(path: dotted(path), screenType: screenType).diagnostic(
        at: spot, path: spot?.file.path ?? senderPath)
    }
  }

  /// The json form of a map result (documented in docs/mapper.md).
  public static func mapJSON(_ result: Mapper.Result, diagnostics: [Diagnostic]) -> String {
    let sections = result.sections.map { s -> JSONOut in
      .object(
        [
          ("section", .int(s.section)), ("component", .array(s.component.map { .int($0) })),
          ("component_type", .string(s.componentType)), ("status", .string(s.status.word)),
          ("child", s.child.map { .int($0) } ?? .null),
          ("group_child", s.groupChild.map { .int($0) } ?? .null),
          ("child_id", .optional(s.childID)), ("child_title", .optional(s.childTitle)),
          ("source", .optional(s.source)), ("type", .optional(s.type)),
          (
            "items",
            s.items.map {
              .object(
                [("before", $0.before.map { .int($0) } ?? .null), ("after", $0.after.map { .int($0) } ?? .null)]
                  + ($0.filtered > 0 ? [("filtered", .int($0.filtered))] : [])
                  + ($0.placeholders > 0 ? [("placeholders", .int($0.placeholders))] : []))
            } ?? .null
          ),
          ("opens", .optional(s.opens)),
        ] + (s.mergedInto.map { [("merged_into", .int($0))] } ?? []) + (s.entries.map { [("entries", .array($0.map(entryJSON)))] } ?? []))
    }
    return JSONOut.object([
      ("screen", .string(result.screen)), ("device", .string(result.device)),
      ("sections", .array(sections)),
      ("unused_children", .array(result.unusedChildren.map { .int($0) })),
      ("diagnostics", .array(diagnostics.map(DiagnosticPrinter.jsonObject))),
    ]).serialized()
  }

  /// One item of a section in the json form: a placeholder is `{"placeholder": true}`.
  static func entryJSON(_ e: Mapper.Entry) -> JSON {
    if e.placeholder { return .object([("placeholder", .bool(true))] + (e.cardStyle.map { [("card_style", $0.json)] } ?? [])) }
    var members: [(String, JSON)] = [("index", e.index.map { .int($0) } ?? .null)]
    if let s = e.section { members.append(("section", .int(s))) }
    members += [("id", .optional(e.id)), ("title", .optional(e.title)), ("type", .optional(e.type))]
    if let card = e.cardStyle { members.append(("card_style", card.json)) }
    if let elements = e.elements { members.append(("elements", .array(elements.map(\.json)))) }
    if let frames = e.frames { members.append(("frames", .array(frames.map(\.json)))) }
    return .object(members)
  }

  /// The item lines of a section under the map table: index (or `section:index` for an item
  /// merged in from another section), id, title and type; its card style; each element's style
  /// and content frame; `placeholder` for an item that fills the last row.
  static func entryLines(_ s: Mapper.Section) -> String {
    guard let entries = s.entries, !entries.isEmpty else { return "" }
    // Listed when they are more than a count: filtered, merged, padded or styled.
    let shaped =
      (s.items?.filtered ?? 0) > 0 || entries.contains { $0.placeholder || $0.section != nil || $0.cardStyle != nil || $0.elements != nil }
    guard shaped else { return "" }
    func n(_ v: Double) -> String { JSON.exact(v).encodedString(pretty: false) }
    var out = "section \(s.section) items:\n"
    for e in entries {
      if e.placeholder {
        out += "  placeholder\n"
        continue
      }
      let index = (e.section.map { "\($0):" } ?? "") + (e.index.map(String.init) ?? "-")
      let fields = [index, e.id ?? "-", e.title ?? "-", e.type ?? "-"].map { TerminalText.visible($0) }
      out += "  " + fields.joined(separator: "  ") + "\n"
      if let card = e.cardStyle {
        let parts =
          [card.backgroundColor.map { "background \(TerminalText.visible($0))" }, card.cornerRadius.map { "corner radius \(n($0))" }]
          + [card.margin.map { "margin \([$0.top, $0.left, $0.bottom, $0.right].map(n).joined(separator: " "))" }]
        out += "    card: " + parts.compactMap { $0 }.joined(separator: ", ") + "\n"
      }
      for (j, element) in (e.elements ?? []).enumerated() {
        let m = element.margin
        var line = "    element \(j): \(element.display.rawValue)"
        if let r = element.widthRatio { line += " width_ratio \(n(r))" }
        if let r = element.widthHeightRatio { line += " width_height_ratio \(n(r))" }
        if m != .zero { line += " margin \([m.top, m.left, m.bottom, m.right].map(n).joined(separator: " "))" }
        if let f = e.frames?[j].content { line += " → \(n(f.width)) × \(n(f.height)) at \(n(f.x)), \(n(f.y))" }
        out += line + "\n"
      }
    }
    return out
  }

  /// The text table of a map result.
  public static func mapTable(_ result: Mapper.Result) -> String {
    let header = ["SECTION", "COMPONENT", "STATUS", "CHILD", "SOURCE", "TYPE", "ITEMS", "OPENS"]
    var rows: [[String]] = [header]
    for s in result.sections {
      let child = s.child.map { c in s.groupChild.map { "\(c).\($0)" } ?? "\(c)" } ?? "-"
      let childText = child + (s.childTitle.map { " \($0)" } ?? "")
      let items =
        s.items.map { i in
          "\(i.before.map(String.init) ?? "?") → \(i.after.map(String.init) ?? "?")" + (i.placeholders > 0 ? " (+\(i.placeholders))" : "")
        } ?? "-"
      // Cells come from the project and the feed: control characters escaped, widths in columns.
      rows.append(
        [
          "\(s.section)", "\(s.componentType) [\(s.component.map(String.init).joined(separator: "."))]", s.status.word,
          childText, s.source ?? "-", s.type ?? "-", items, s.opens ?? "-",
        ].map { TerminalText.visible($0) })
    }
    let widths = header.indices.map { i in rows.map { TerminalText.width(of: $0[i]) }.max() ?? 0 }
    var out = "screen \(TerminalText.visible(result.screen)) on \(TerminalText.visible(result.device))\n"
    for row in rows {
      out +=
        row.enumerated().map { i, cell in
          i == row.count - 1 ? cell : cell + String(repeating: " ", count: max(0, widths[i] - TerminalText.width(of: cell)))
        }
        .joined(separator: "  ") + "\n"
    }
    for s in result.sections {
      if let into = s.mergedInto { out += "section \(s.section) merged into section \(into)\n" }
      out += entryLines(s)
    }
    if !result.unusedChildren.isEmpty { out += "unused children: \(summarizedList(result.unusedChildren.lazy.map(String.init)))\n" }
    return out
  }
}
