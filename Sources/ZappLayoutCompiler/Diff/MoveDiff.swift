import ZappDiagnostics
import ZappLayout
import ZappModel

/// The screens and families written in another file of the project than before: a screen moved
/// to another screens file (or between `rivers.json` and `screens/`), a family to another file
/// under `families/`. What they resolve to is compared apart, as any screen's or family's: a move
/// is listed so that it reads neither as a removal and an addition nor as nothing, and what it
/// changed beside, if anything, is listed as the changes it makes.
enum MoveDiff {
  /// A `screen_moved` change for each pair of screens (the same id, or a renamed one) whose files
  /// have other paths in their projects; `old` and `new` are the paths.
  static func screenMoves(_ base: DiffSide, _ head: DiffSide, pairs: [(base: Int, head: Int)]) -> [DiffChange] {
    pairs.compactMap { pair in
      let (old, new) = (base.project.screens[pair.base].file, head.project.screens[pair.head].file)
      guard let from = path(of: old, in: base.project), let to = path(of: new, in: head.project), from != to else { return nil }
      return DiffChange(kind: .screenMoved, screens: [head.ids[pair.head]], field: "file", old: .string(from), new: .string(to))
    }
  }

  /// A `family_moved` change for each family both projects read from a file, from files of other
  /// paths; by the family's name, in the order of the names.
  static func familyMoves(_ base: Project, _ head: Project) -> [DiffChange] {
    let names = Set(base.families.keys).intersection(head.families.keys).sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
    return names.compactMap { name in
      guard let old = base.families[name], let new = head.families[name], !old.isBuiltin, !new.isBuiltin,
        let from = path(of: old.file, in: base), let to = path(of: new.file, in: head), from != to
      else { return nil }
      return DiffChange(kind: .familyMoved, family: name, field: "file", old: .string(from), new: .string(to))
    }
  }

  /// The path of `file` in the project's folder (`screens/home.json`); nil when it is not inside
  /// it, so that two folders written differently never make every file read as moved.
  static func path(of file: SourceFile, in project: Project) -> String? {
    let folder = project.directory.hasSuffix("/") ? project.directory : project.directory + "/"
    guard file.path.hasPrefix(folder) else { return nil }
    return String(file.path.dropFirst(folder.count))
  }
}
