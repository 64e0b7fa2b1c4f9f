import Foundation
import ZappDiagnostics
import ZappModel
import ZappReaders
import ZappRules
import ZappWriters

extension Driver {
  /// What `zlc init` did.
  public struct InitOutcome {
    public var diagnostics: [Diagnostic]
    public var status: ExitStatus
    /// The files written, relative to the project folder, in order.
    public var written: [String]
  }

  /// Writes a starter project into `directory`, which must not exist or hold nothing but hidden
  /// entries (a fresh `.git`). The app is named after the folder. Nothing is overwritten: a folder
  /// with other entries is refused (ZL0111, exit status 64) before anything is written.
  public static func initialize(_ directory: String, template: StarterTemplate) -> InitOutcome {
    let manager = FileManager.default
    guard !directory.isEmpty else { return refused(directory, .initIntoEmptyPath) }
    guard let absolute = WorkingFolder.absolutePath(directory) else {
      return refused(directory, .vanishedWorkingFolder(directory))
    }
    var isDirectory: ObjCBool = false
    var status = stat()
    if lstat(absolute, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, !manager.fileExists(atPath: absolute) {
      return refused(directory, .initIntoBrokenLink(directory))
    }
    if manager.fileExists(atPath: absolute, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        return refused(directory, .initIntoFile(directory))
      }
      let entries = ((try? manager.contentsOfDirectory(atPath: absolute)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
      if !entries.isEmpty {
        let shown = entries.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        return refused(directory, .initIntoFullFolder(directory, holding: shown))
      }
    }
    // A read-only folder is kept as it is, even for root, which could write it anyway.
    let holder = WritableFolder.nearestExisting(absolute)
    if let refusal = WritableFolder.refusal(holder) {
      let diagnostic = IOErrorRule.Message.cannotWriteStarter(because: "'\(holder)' \(refusal)").diagnostic(at: nil, path: directory)
      return InitOutcome(diagnostics: [diagnostic], status: .ioFailure, written: [])
    }
    let app = Self.appName(folder: (absolute as NSString).lastPathComponent)
    var written: [String] = []
    do {
      for file in template.files(app: app) {
        let url = URL(fileURLWithPath: absolute).appendingPathComponent(file.path)
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.contents.utf8).write(to: url, options: .withoutOverwriting)
        written.append(file.path)
      }
    } catch {
      let diagnostic = IOErrorRule.Message.cannotWriteStarter(because: WritableFolder.reason(error, creating: absolute)).diagnostic(
        at: nil, path: directory)
      return InitOutcome(diagnostics: [diagnostic], status: .ioFailure, written: written)
    }
    return InitOutcome(diagnostics: [], status: .success, written: written)
  }

  /// The starter's app name: the folder's, with its control characters (which no name in
  /// `zlc.json` may hold) as spaces; "App" when nothing is left.
  static func appName(folder: String) -> String {
    let scalars = folder.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }
    let name = String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .whitespaces)
    return name.isEmpty ? "App" : name
  }

  private static func refused(_ directory: String, _ message: OutputRefusedRule.Message) -> InitOutcome {
    InitOutcome(diagnostics: [message.diagnostic(at: nil, path: directory)], status: .usage, written: [])
  }
}
