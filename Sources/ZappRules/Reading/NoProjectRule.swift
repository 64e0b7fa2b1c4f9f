import Foundation
import ZappDiagnostics
import ZappModel
import ZappReaders

/// ZL0112 no-project.
package enum NoProjectRule: ProjectRule {
  package static let rule = Rule(
    code: "ZL0112", name: "no-project", severity: .error, category: .reading,
    summary: "The folder holds no layout project: no screens, or no file zlc reads.",
    explanation: """
      A layout project has its screens in `rivers.json` or `screens/*.json`, beside \
      `components/*.json`, `families/*.xml` or `*.json`, `zlc.json` and `screen_types.json`. A folder \
      with none of them (an empty folder, a folder of images, a mistyped path, the `screens/` folder \
      itself) would otherwise check clean and build an empty bundle, so it is an error: the message \
      says what was expected and what was found. A bundle zlc built (its folder holds zlc's \
      `.zlc-output` marker and `bundle.json`) is no project either, though it holds screens: \
      `zlc verify` checks it.
      """,
    bad: .text("$ zlc check manifests/screens"),
    good: .text("$ zlc check manifests"))

  /// The names of a project's files, as the message of ZL0112 lists them.
  package static let expectedFiles =
    "rivers.json or screens/*.json (the screens), with components/*.json, families/*.xml or *.json, zlc.json and screen_types.json beside them"

  /// Reports when the project's folder holds no layout project: no file zlc reads, no screens
  /// file, or screens files without a screen. A folder that could not be read is already an I/O
  /// error (the rule needs a complete project), and a screens file with errors has its own
  /// diagnostics, so neither is reported again.
  package static func check(_ context: RuleContext) {
    let project = context.project
    let directory = project.directory
    // Screen objects without an id or a type have their own errors (ZL0201).
    guard project.screens.isEmpty, project.screenObjects.isEmpty else { return }
    let diagnostics = context.bag.all
    let loader = ProjectLoader()
    let prefix = loader.join(directory, "")
    func relative(_ path: String) -> String { String(path.dropFirst(prefix.count)) }
    let screenFiles = project.files.filter { ProjectLoader.role(of: relative($0.path)) == .screens }
    let message: String
    var notes = hints(for: directory, loader: loader)
    // Screens files that hold no screen (`[]`): the finding stands at the first one's start.
    var spot: SourceSpot?
    if let first = screenFiles.first {
      let failed = Set(diagnostics.filter { $0.severity == .error }.compactMap(\.path))
      guard !screenFiles.contains(where: { failed.contains($0.path) }) else { return }
      let names = screenFiles.map { relative($0.path) }
      message = "no screens in '\(directory)': zlc expected at least one screen in " + summarizedList(names, limit: 3) + ", and found none"
      spot = SourceSpot(file: first, offset: start(of: first.bytes))
      notes.insert(DiagnosticNote("\(summarizedList(names)) \(names.count == 1 ? "holds" : "each hold") an empty list of screens"), at: 0)
    } else if project.files.isEmpty, ProjectLoader.isBuildOutput(directory) {
      message =
        "'\(directory)' holds a bundle zlc built, not a layout project: check the project it was built from, "
        + "or the bundle with zlc verify \(TerminalText.shellWord(directory))"
      notes = []
    } else if project.files.isEmpty {
      message = "no layout project in '\(directory)': zlc expected \(expectedFiles), and found none of them"
    } else {
      message =
        "no screens in '\(directory)': zlc expected rivers.json or screens/*.json, and found only "
        + summarizedList(project.files.lazy.map { relative($0.path) }, limit: 3)
    }
    context.bag.add(Diagnostic(rule, message, at: spot, notes: notes, path: spot == nil ? directory : nil))
  }

  /// The offset of a file's first value: past a byte order mark and white space.
  static func start(of bytes: [UInt8]) -> Int {
    var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    return offset < bytes.count ? offset : 0
  }

  /// What the folder holds instead, and where the project may be: its parent when the folder is
  /// one of a project's own folders, or a folder inside it that holds screens (not a bundle zlc
  /// built, which holds screen files too).
  package static func hints(for directory: String, loader: ProjectLoader) -> [DiagnosticNote] {
    let fm = FileManager.default
    let names = ((try? fm.contentsOfDirectory(atPath: directory)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    var notes: [DiagnosticNote] = []
    if names.isEmpty {
      notes.append(DiagnosticNote("the folder is empty"))
    } else if !names.contains(where: { ["rivers.json", "screens", "components", "families", "zlc.json"].contains($0.lowercased()) }) {
      let shown = summarizedList(names, limit: 3)
      notes.append(DiagnosticNote("the folder holds \(shown), none of which zlc reads"))
    }
    let standardized = URL(fileURLWithPath: directory).standardizedFileURL
    let last = standardized.lastPathComponent.lowercased()
    let holder = PathText.folderHolding(directory)
    if last == "screens", ProjectLoader.isBuildOutput(holder) {
      notes.append(
        DiagnosticNote(
          "'\(directory)' is the screens/ folder of a bundle zlc built: zlc verify \(TerminalText.shellWord(holder)) checks the bundle"))
    } else if ["screens", "components", "families"].contains(last) {
      notes.append(
        DiagnosticNote("'\(directory)' looks like the \(last)/ folder of a project: check the folder that holds it ('\(holder)')"))
    }
    for name in names.prefix(200) {
      let inner = loader.join(directory, name)
      let holdsScreens = fm.fileExists(atPath: loader.join(inner, "rivers.json")) || fm.fileExists(atPath: loader.join(inner, "screens"))
      let isBundle = fm.fileExists(atPath: loader.join(inner, "bundle.json")) || fm.fileExists(atPath: loader.join(inner, "platforms.json"))
      if holdsScreens, !isBundle {
        notes.append(DiagnosticNote("'\(inner)' holds screens: did you mean that folder?"))
        break
      }
    }
    return notes
  }
}

extension Rule {
  public static let noProject = NoProjectRule.rule
}
