import Foundation
import ZappDiagnostics
import ZappModel
import ZappReaders
import ZappRules

extension FixApplier {
  /// What holds a check's fix-its back for a later round: `edits(for:of:)` leaves a held fix-it
  /// out, `waiting(for:of:)` names the files it waits for, and the language server offers it as
  /// not preferred.
  ///
  /// A did-you-mean names the closest of the names a project defines, so while a file that defines
  /// names has an error that may leave one of them unread, fix-its in other files wait for it (in
  /// other files that define names, only for a `zlc.json` that cannot be read or holds a key of
  /// the wrong shape, whose size classes and device classes the others use);
  /// while a screens file does not give every screen's id, fix-its that rename a reference to a
  /// screen wait for it.
  public struct Holds: Sendable {
    /// The project folder, links resolved.
    let root: String
    /// The project folder as the check was given it: a file's path from there says what input it
    /// is (a screens file linked from elsewhere is still `screens/…`).
    let directory: String
    /// The screens files (`screens/`, `rivers.json`) that do not give every screen's id, relative
    /// to the project.
    let screensWithoutEveryID: Set<String>
    /// The files that define names and hold an error, relative to the project.
    let definitionsWithErrors: Set<String>
    /// The project's settings, which define the size classes, device classes and platforms the
    /// other definitions use.
    static let settings = "zlc.json"
    /// Whether `zlc.json` has an error that may leave a size class or device class unread: it
    /// cannot be read, or a key or value is of the wrong shape (a misspelled `size_classes`).
    let settingsUnread: Bool

    /// The holds of a check's findings on its project.
    public init(_ diagnostics: [Diagnostic], of project: Project) {
      root = WorkingFolder.physicalPath(project.directory) ?? project.directory
      directory = project.directory
      let paths = Paths(root: root, directory: directory)
      screensWithoutEveryID = Self.screensWithoutEveryID(diagnostics, of: project, paths)
      definitionsWithErrors = Self.definitionsWithErrors(diagnostics, paths)
      settingsUnread = diagnostics.contains { d in
        guard d.severity == .error, [.reading, .shape].contains(d.rule.category), let path = d.spot?.file.path ?? d.path
        else { return false }
        return paths.asRead(path) == Self.settings
      }
    }

    /// The paths of the project's files relative to it.
    struct Paths {
      let root: String
      let directory: String

      /// `path` relative to the project as the check read it (`screens/home.json`, a link there
      /// kept as its name), else relative to the physical folder; nil when it lies outside the
      /// project (`FixApplier.relative(_:in:)`).
      func asRead(_ path: String) -> String? {
        guard let physical = FixApplier.relative(path, in: root) else { return nil }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : physical
      }
    }

    /// The files, relative to the project, whose errors a finding's fix-it waits for; empty when
    /// it applies now (or has no range in a file of the project).
    public func files(holding diagnostic: Diagnostic) -> Set<String> {
      // A fix that names nothing (a trailing comma's deletion, a value written in another form)
      // waits for no file.
      guard diagnostic.fixIt?.namesNothing != true,
        let path = diagnostic.fixIt?.range?.spot.file.path,
        let physical = FixApplier.relative(path, in: root)
      else {
        return []
      }
      // What input the file is, as the check read it; whether it is `zlc.json` itself, by the
      // file it is (a manifest that is a link to it is).
      let relative = Paths(root: root, directory: directory).asRead(path) ?? physical
      var files = Set<String>()
      if !FixApplier.definesNames(relative) {
        files.formUnion(definitionsWithErrors)
      } else if physical != Self.settings, settingsUnread {
        // A family's size classes and device classes are `zlc.json`'s.
        files.insert(Self.settings)
      }
      if Self.namesAScreen(diagnostic) { files.formUnion(screensWithoutEveryID) }
      return files
    }

    /// The screens files of the project that do not give every screen's id: one that cannot be
    /// read (a syntax error), or one holding a screen object read as no screen (no id, or no
    /// type). Another error in a screen (a style of the wrong type) leaves its id known.
    private static func screensWithoutEveryID(_ diagnostics: [Diagnostic], of project: Project, _ paths: Paths) -> Set<String> {
      // A screen that is no object (`{"show": 5}` in a map of screens), or a file that holds no
      // screens at all, is read as no screen object either.
      let notScreens = ["a screen is an object, found", "a screens file holds"]
      var unsure = Set(
        diagnostics.compactMap { d -> String? in
          guard d.severity == .error,
            d.rule.category == .reading || (d.rule == .wrongType && notScreens.contains { d.message.hasPrefix($0) }),
            let path = d.spot?.file.path ?? d.path, let relative = paths.asRead(path)
          else { return nil }
          return FixApplier.definesNames(relative) ? nil : relative
        })
      var objects: [String: Int] = [:]
      var screens: [String: Int] = [:]
      for object in project.screenObjects { objects[object.document.source.path, default: 0] += 1 }
      for screen in project.screens { screens[screen.value.document.source.path, default: 0] += 1 }
      for (path, count) in objects where count != screens[path, default: 0] {
        if let relative = paths.asRead(path) { unsure.insert(relative) }
      }
      return unsure
    }

    /// Whether the finding's fix-it renames a reference to a screen's id.
    private static func namesAScreen(_ diagnostic: Diagnostic) -> Bool { diagnostic.rule == .unknownScreen }

    /// The categories of the rules whose errors may leave a name of their file unread: one that
    /// cannot be read, a definition of the wrong shape (a missing `identifier`, a misspelled
    /// attribute), a geometry or manifest a reader passes over. A reference, a screen or a mapping
    /// finding names a use of a name, and its file's own names are all known.
    private static let categoriesLeavingNamesUnread: Set<Rule.Category> = [.reading, .shape, .geometry, .manifests]

    /// Manifest rules of a manifest read whole: keys publishing wants (unless the `identifier` is
    /// among the missing), a version, targets or frameworks, a plugin its clients cannot run, an
    /// `initial_value` of the wrong type. Its identifier and fields are known.
    private static let manifestRulesLeavingNamesKnown: [Rule] = [
      .manifestUnpermittedKeys, .manifestVersion, .manifestTargets, .manifestUIFrameworks, .unsupportedClient,
      .missingPlatformManifest, .pluginValueType,
    ]

    /// Whether an error may leave a name of its file unread.
    private static func mayLeaveNamesUnread(_ d: Diagnostic) -> Bool {
      guard categoriesLeavingNamesUnread.contains(d.rule.category) else { return false }
      if d.rule == .manifestMissingKeys { return d.message.contains("identifier") }
      return !manifestRulesLeavingNamesKnown.contains(d.rule)
    }

    /// The files of the project that define names and hold an error that may leave one of them
    /// unread.
    private static func definitionsWithErrors(_ diagnostics: [Diagnostic], _ paths: Paths) -> Set<String> {
      Set(
        diagnostics.compactMap { d -> String? in
          guard d.severity == .error, mayLeaveNamesUnread(d), let path = d.spot?.file.path ?? d.path,
            let relative = paths.asRead(path)
          else { return nil }
          return FixApplier.definesNames(relative) ? relative : nil
        })
    }
  }
}
