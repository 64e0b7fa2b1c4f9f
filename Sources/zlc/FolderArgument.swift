import ArgumentParser

/// A folder given on the command line: an empty path names none, so it is a usage error (64)
/// before anything is read, as an empty `-o` is, not a folder that cannot be found (74).
enum FolderArgument {
  /// Refuses an empty `path`; `what` names the folder as the usage error says it (`the layout
  /// project folder`), `option` the option that gave it, if one did (`--project`).
  static func validate(_ path: String, _ what: String, option: String? = nil) throws {
    guard path.isEmpty else { return }
    let given = option.map { "\($0) is empty" } ?? "'' is an empty path"
    throw ValidationError("\(given): give \(what) (. for the working folder)")
  }
}
