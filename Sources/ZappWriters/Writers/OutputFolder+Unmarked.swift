import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappReaders

extension OutputFolder {
  /// What a bundle written before zlc wrote markers holds, and nothing else.
  package static let unmarkedBundleNames: Set<String> = ["bundle.json", "rivers.json", "screens"]

  /// Accepts an output without zlc's marker only when it is exactly a bundle zlc could have
  /// written: `bundle.json`, `rivers.json` and `screens/` holding only the screen files
  /// `bundle.json` lists, all of them regular files that load with the runtime library as
  /// `zlc verify` loads them. Anything else is refused, naming the first file in the way.
  package func checkUnmarkedBundle() throws {
    let present = try Self.unmarkedBundleNames.sorted().filter { try exists($0) }
    for name in Self.unmarkedBundleNames.sorted() where !present.contains(name) {
      let shownFile = present.contains("bundle.json") ? "bundle.json" : present.first ?? name
      throw Refusal.notABundle(shown, file: shownFile, why: "there is no '\(name)' beside it")
    }
    for name in present { try requireEntry(name, folder: name == "screens") }
    try requireSearchable("screens")
    let screenFiles = try names(in: "screens").sorted().map { "screens/" + $0 }
    for file in screenFiles { try requireEntry(file, folder: false) }
    if let problem = BundleVerifier.verify(path).problems.first {
      let file = problem.file.hasPrefix(path + "/") ? String(problem.file.dropFirst(path.count + 1)) : "bundle.json"
      let place = problem.line.map { "line \($0), column \(problem.column ?? 1): " } ?? ""
      throw Refusal.notABundle(shown, file: file, why: place + problem.message)
    }
    // Read again within the same bound as `verify` read it: the file may have changed since.
    let indexBytes: [UInt8]
    switch BoundedFile.read(path + "/bundle.json", maxBytes: ReaderLimits.default.maxFileBytes) {
    case .success(let bytes): indexBytes = bytes
    case .failure(let failure): throw Refusal.notABundle(shown, file: "bundle.json", why: failure.description)
    }
    let index = try BundleIndex(json: try JSON.parse(indexBytes))
    let listed = Set(index.screens.map { $0.file.split(separator: "/").filter { $0 != "." }.joined(separator: "/") })
    if let unlisted = screenFiles.first(where: { !listed.contains($0) }) {
      throw Refusal.notABundle(shown, file: unlisted, why: "'bundle.json' does not list it")
    }
  }

  /// Whether anything is at `name` in the output; one that cannot be looked at (in a folder that can
  /// be listed but not searched) stops the write, as a folder that cannot be listed does.
  private func exists(_ name: String) throws -> Bool {
    var status = stat()
    if lstat(path + "/" + name, &status) == 0 { return true }
    if errno == ENOENT { return false }
    throw unreadableEntry(name, errno)
  }

  /// The failure for the entry `name` of the output that cannot be looked at, for the system's
  /// reason `code`: an I/O failure, which keeps the output as it is.
  private func unreadableEntry(_ name: String, _ code: Int32) -> BundleWriter.WriteError {
    .io(
      "cannot replace '\(shown)': '\(shown)/\(name)' cannot be read (\(String(cString: strerror(code)))); zlc keeps it as it is: make it readable (chmod -R u+rx) or choose another folder"
    )
  }

  /// Refuses an entry of an unmarked bundle that is not a regular file (or, for `screens`, a
  /// folder): nothing behind a link or a special file is ever opened.
  private func requireEntry(_ name: String, folder: Bool) throws {
    var status = stat()
    guard lstat(path + "/" + name, &status) == 0 else {
      // Not there (a name the listing gave that is not UTF-8): no file of a bundle zlc wrote.
      guard errno != ENOENT else {
        throw Refusal.notABundle(shown, file: name, why: "it cannot be read: \(String(cString: strerror(errno)))")
      }
      throw unreadableEntry(name, errno)
    }
    let type = status.st_mode & S_IFMT
    if type == S_IFLNK { throw Refusal.notABundle(shown, file: name, why: "it is a link") }
    if folder, type != S_IFDIR { throw Refusal.notABundle(shown, file: name, why: "it is not a folder") }
    if !folder, type == S_IFDIR { throw Refusal.notABundle(shown, file: name, why: "it is a folder") }
    if !folder, type != S_IFREG { throw Refusal.notABundle(shown, file: name, why: "it is not a regular file") }
  }
}
