import ZappDiagnostics
import ZappModel
import ZappWriters

/// The findings of project rules that read every screens file (the screen-set rules, ZL0511), kept
/// between checks while what they read from each file is the same and none of them points into a
/// changed file.
struct KeptFindings {
  /// Per screens file: its document, and what the rules read from it.
  private var keys: [String: (document: JSONDocument, key: [String])] = [:]
  /// The findings, and the files they (or their notes) point into.
  var findings: (paths: Set<String>, diagnostics: [Diagnostic])?

  /// The screens of each screens file, by path: what `canKeep` compares.
  static func screensFiles(of project: Project) -> [String: (document: JSONDocument, screens: [ScreenDecl])] {
    var byPath: [String: (document: JSONDocument, screens: [ScreenDecl])] = [:]
    for screen in project.screens {
      byPath[screen.value.document.source.path, default: (screen.value.document, [])].screens.append(screen)
    }
    return byPath
  }

  /// Records what the rules read from each file (`key`, worked out only for a file whose document
  /// changed) and says whether the findings still hold: the environment is the same, every file
  /// reads the same, and no finding is in a changed file.
  mutating func canKeep(
    _ files: [String: (document: JSONDocument, screens: [ScreenDecl])], environmentChanged: Bool,
    key: (_ document: JSONDocument, _ screens: [ScreenDecl]) -> [String]
  ) -> Bool {
    var next: [String: (document: JSONDocument, key: [String])] = [:]
    var changed = Set(keys.keys).subtracting(files.keys)
    var inputsChanged = !changed.isEmpty
    for (path, file) in files {
      if let previous = keys[path], previous.document === file.document {
        next[path] = previous
        continue
      }
      changed.insert(path)
      let made = key(file.document, file.screens)
      if keys[path]?.key != made { inputsChanged = true }
      next[path] = (file.document, made)
    }
    keys = next
    guard !environmentChanged, !inputsChanged, let findings else { return false }
    return findings.paths.isDisjoint(with: changed)
  }

  /// Forgets what each file read, so that every file's key is worked out again (when it depends
  /// on more than its file, and that changed).
  mutating func forgetFiles() { keys.removeAll() }

  /// Keeps `diagnostics` as the findings, with the files they and their notes point into.
  mutating func record(_ diagnostics: [Diagnostic]) {
    var paths: Set<String> = []
    for d in diagnostics {
      if let path = d.path { paths.insert(path) }
      for note in d.notes { if let path = note.spot?.file.path { paths.insert(path) } }
    }
    findings = (paths, diagnostics)
  }
}
