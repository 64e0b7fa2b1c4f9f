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

  /// A `manifest_moved` change for each plugin manifest both projects read from files of other
  /// paths: the same identifier for the same platforms (its content edited or not), by its
  /// identifier (`component`), in the order of the identifiers. Of several manifests of one
  /// identifier and platforms, those read from the same path on both sides stay; the others are
  /// paired in project order. Then, of one identifier, the files gone and new left are moves
  /// too (the manifest's `platform` edited as it moved, or manifests merged into fewer files or
  /// split into more; see `leftMoves`). A move names the platforms of the apps whose bundle is
  /// built with the manifest on either side (none when that is every platform of both apps; a
  /// platform-free manifest serves only the platforms no manifest of their own serves) and is
  /// left out when it is none of them (`--platform` names another).
  static func manifestMoves(_ base: Project, _ head: Project) -> [DiffChange] {
    let (old, new) = (manifestPaths(base), manifestPaths(head))
    let (builtBefore, builtAfter) = (platformsBuilt(base), platformsBuilt(head))
    let every = base.targetPlatforms + head.targetPlatforms.filter { !base.targetPlatforms.contains($0) }
    let identifiers = Set(old.keys.map(\.identifier)).intersection(new.keys.map(\.identifier))
    // A move's platforms, when they are those whose bundle switched files (`platformSwitches`);
    // else those whose bundle is built with either file, but the ones built from one file on
    // both sides (`unchanged`), for which nothing moved.
    var moves: [(identifier: String, from: String, to: String, platforms: [String]?, unchanged: Set<String>)] = []
    for identifier in identifiers.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      // Each side's files of the identifier, by platforms, each platforms' in project order.
      let files = { (paths: [ManifestKey: [String]]) in
        paths.filter { $0.key.identifier == identifier }.sorted { $0.key.platforms.lexicographicallyPrecedes($1.key.platforms) }
      }
      let (before, after) = (files(old), files(new))
      var found: [(identifier: String, from: String, to: String)] = []
      for (key, from) in before {
        let to = new[key] ?? []
        let (gone, come) = (from.filter { !to.contains($0) }, to.filter { !from.contains($0) })
        found += zip(gone, come).map { (identifier, $0.0, $0.1) }
      }
      // The files no move and no file of the other side at the same path accounts for, by path.
      let moved = Set(found.flatMap { [$0.from, $0.to] })
      let left = { (side: [(key: ManifestKey, value: [String])], other: [(key: ManifestKey, value: [String])]) in
        side.flatMap { key, paths in
          paths.filter { path in !moved.contains(path) && !other.contains { $0.value.contains(path) } }.map {
            (platforms: key.platforms, path: $0)
          }
        }
      }
      let byPath = { (files: [(platforms: [String], path: String)]) in files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
      }
      let (gone, come) = (byPath(left(before, after)), byPath(left(after, before)))
      found += leftMoves(gone, come).map { (identifier, $0.from.path, $0.to.path) }
      let (unchanged, switched) = platformSwitches(
        before.flatMap(\.value), after.flatMap(\.value), builtBefore: builtBefore, builtAfter: builtAfter, every: every)
      moves += found.map { ($0.identifier, $0.from, $0.to, nil, unchanged) }
      for (from, to, platforms) in switched where !found.contains(where: { $0.from == from && $0.to == to }) {
        moves.append((identifier, from, to, platforms, []))
      }
    }
    return moves.compactMap { move in
      let built =
        move.platforms.map(Set.init)
        ?? Set((builtBefore[move.from] ?? []) + (builtAfter[move.to] ?? [])).subtracting(move.unchanged)
      guard let platforms = named(built, every: every) else { return nil }
      return DiffChange(
        kind: .manifestMoved, platforms: platforms, component: move.identifier, field: "file", old: .string(move.from),
        new: .string(move.to))
    }
  }

  /// For an identifier's files on each side (`old`, `new`), the platforms of `every` whose bundle
  /// is built from one file on both sides (`unchanged`), and each pair of paths a platform's
  /// bundle is built from before and after where they differ, with those platforms in the order
  /// of `every`: a manifest merged into a file both sides have, or split out of one, moves some
  /// platforms alone, which no file gone or new shows.
  static func platformSwitches(
    _ old: [String], _ new: [String], builtBefore: [String: [String]], builtAfter: [String: [String]], every: [String]
  ) -> (unchanged: Set<String>, switches: [(from: String, to: String, platforms: [String])]) {
    var unchanged: Set<String> = []
    var switches: [(from: String, to: String, platforms: [String])] = []
    for platform in every {
      guard let from = builtPath(platform, among: old, built: builtBefore),
        let to = builtPath(platform, among: new, built: builtAfter)
      else { continue }
      if from == to {
        unchanged.insert(platform)
      } else if let i = switches.firstIndex(where: { $0.from == from && $0.to == to }) {
        switches[i].platforms.append(platform)
      } else {
        switches.append((from, to, [platform]))
      }
    }
    return (unchanged, switches)
  }

  /// Of `files`, the one `platform`'s bundle is built with (`built`: `platformsBuilt`).
  static func builtPath(_ platform: String, among files: [String], built: [String: [String]]) -> String? {
    files.first { built[$0]?.contains(platform) ?? false }
  }

  /// The moves among an identifier's files gone and new that no same platforms paired: the one
  /// gone and the one new; else, manifests merged into fewer files, each gone to the new file
  /// that serves its platforms (else that serves some of them, else the first new; also when as
  /// many, more than one), and for a split into more files, each new from the gone file that
  /// served its platforms (likewise).
  static func leftMoves(
    _ gone: [(platforms: [String], path: String)], _ come: [(platforms: [String], path: String)]
  ) -> [(from: (platforms: [String], path: String), to: (platforms: [String], path: String))] {
    guard let first = gone.first, let new = come.first else { return [] }
    if gone.count == 1, come.count == 1 { return [(first, new)] }
    // The file of `among` whose platforms cover `platforms` (all when empty), else share one.
    let serving = { (platforms: [String], among: [(platforms: [String], path: String)]) in
      among.first { $0.platforms.isEmpty || (!platforms.isEmpty && platforms.allSatisfy($0.platforms.contains)) }
        ?? among.first { $0.platforms.isEmpty || platforms.isEmpty || $0.platforms.contains(where: platforms.contains) }
        ?? among[0]
    }
    if gone.count >= come.count { return gone.map { ($0, serving($0.platforms, come)) } }
    return come.map { (serving($0.platforms, gone), $0) }
  }

  /// The platforms of `every` (the apps') among `built`, in the order of `every`: none when they
  /// are all of them (or the apps name none), nil when they are none of them.
  static func named(_ built: Set<String>, every: [String]) -> [String]? {
    guard !every.isEmpty else { return [] }
    let named = every.filter(built.contains)
    if named.isEmpty { return nil }
    return named.count == every.count ? [] : named
  }

  /// The path of each manifest file the project's bundles are built with, and the target
  /// platforms whose bundle is built with it (the manifest that fits each best).
  static func platformsBuilt(_ project: Project) -> [String: [String]] {
    var built: [String: [String]] = [:]
    let identifiers = Set(project.manifests.compactMap { $0.identifier?.value })
    for identifier in identifiers {
      let manifests = project.manifests(for: identifier)
      for platform in project.targetPlatforms {
        guard let chosen = Project.bestFit(among: manifests, on: platform) ?? manifests.first,
          let path = path(of: chosen.value.file, in: project)
        else { continue }
        built[path, default: []].append(platform)
      }
    }
    return built
  }

  /// A manifest's identity: its identifier and the platforms it serves.
  struct ManifestKey: Hashable {
    var identifier: String
    var platforms: [String]
  }

  /// The paths, in the project folder, of the files of each identifier's manifests, in project order.
  static func manifestPaths(_ project: Project) -> [ManifestKey: [String]] {
    var paths: [ManifestKey: [String]] = [:]
    for manifest in project.manifests {
      guard let identifier = manifest.identifier?.value, let path = path(of: manifest.value.file, in: project) else { continue }
      paths[ManifestKey(identifier: identifier, platforms: manifest.servedPlatforms), default: []].append(path)
    }
    return paths
  }

  /// The path of `file` in the project's folder (`screens/home.json`); nil when it is not inside
  /// it, so that two folders written differently never make every file read as moved.
  static func path(of file: SourceFile, in project: Project) -> String? {
    let folder = project.directory.hasSuffix("/") ? project.directory : project.directory + "/"
    guard file.path.hasPrefix(folder) else { return nil }
    return String(file.path.dropFirst(folder.count))
  }
}
