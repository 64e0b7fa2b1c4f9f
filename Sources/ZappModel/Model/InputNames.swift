import Foundation
import ZappDiagnostics

/// Names near an input's that zlc does not read (ZL0122): a misspelled input folder or file at
/// the top level, a file in an input folder with a misspelled extension.
extension ProjectLoader {
  /// The marker zlc writes into every output folder (`OutputFolder.markerName`): a folder in the
  /// project that holds it is zlc's own output, never near an input whatever its name.
  package static let outputMarkerName = ".zlc-output"

  /// The name of the settings file a project in `root` reads: `zlc.json`, else the first name
  /// that differs from it only in case (ZL0120); nil when it has none.
  package static func settingsFileName(in root: String) -> String? {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0.lowercased() == "zlc.json" }
    return names.contains("zlc.json") ? "zlc.json" : names.sorted().first
  }

  /// Whether `directory` is a bundle zlc built: it holds zlc's output marker and a bundle's index
  /// (`bundle.json`, or `platforms.json` of a build for several platforms), or it is one platform's
  /// bundle in such a build (`out/ios`: its `bundle.json`, beside the marker and `platforms.json`).
  package static func isBuildOutput(_ directory: String) -> Bool {
    let folder = URL(fileURLWithPath: directory).standardizedFileURL
    let holds = { (url: URL, name: String) in FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path) }
    if holds(folder, outputMarkerName), holds(folder, "bundle.json") || holds(folder, "platforms.json") { return true }
    let parent = folder.deletingLastPathComponent()
    return holds(folder, "bundle.json") && holds(parent, outputMarkerName) && holds(parent, "platforms.json")
  }

  /// The extensions of the files read in each input folder, in the order messages list them.
  package static let inputExtensions: [String: [String]] = [
    "screens": ["json"], "components": ["json"], "families": ["xml", "json"], "registries": ["json"],
  ]

  /// The singular of each input folder, which is more than one edit from it for some.
  static let singularFolders: [String: String] = [
    "screen": "screens", "component": "components", "family": "families", "registry": "registries",
  ]

  /// The input a top-level entry `name` that is not one is a near miss of: the input's name, and
  /// whether it is a folder; nil when the name is not near one (a README, `docs`, `feeds`).
  package static func nearInput(atTop name: String) -> (name: String, isFolder: Bool)? {
    let lower = name.lowercased()
    guard !lower.hasPrefix("."), lower != "node_modules", !inputFileNames.contains(lower), !inputFolders.contains(lower) else {
      return nil
    }
    if let folder = singularFolders[lower] { return (folder, true) }
    if let folder = inputFolders.sorted().first(where: { isNearName(lower, $0) }) { return (folder, true) }
    // A file: its stem near an input's, and `.json` or an extension near it.
    let corrected = lower.hasSuffix(".json") ? lower : nearMiss(ofFile: lower, extensions: ["json"])
    guard let corrected, corrected.hasSuffix(".json") else { return nil }
    let stem = String(corrected.dropLast(".json".count))
    let inputs = inputFileNames.sorted()
    if inputs.contains(corrected) { return (corrected, false) }
    guard !stem.isEmpty, !stem.contains("."), let input = inputs.first(where: { isNearName(stem, String($0.dropLast(".json".count))) })
    else { return nil }
    return (input, false)
  }

  /// Whether a path (relative to the project) names no input but one a check reports as near one
  /// (ZL0122): a top-level entry near an input's name, or a file in an input folder whose extension
  /// is near the folder's. Its coming or going changes what a check reports.
  package static func isNearInputPath(_ relative: String) -> Bool {
    guard let slash = relative.lastIndex(of: "/") else { return nearInput(atTop: relative) != nil }
    let folder = String(relative.prefix { $0 != "/" }).lowercased()
    guard let extensions = inputExtensions[folder] else { return false }
    return nearMiss(ofFile: String(relative[relative.index(after: slash)...]), extensions: extensions) != nil
  }

  /// Whether `zlc preview --feeds` reads a file of its feeds folder named `name` (a feed,
  /// `*.json` in any case) or reports it (a near miss of one, `show.jsn`): the files a change of
  /// the folder is looked for in. Hidden files are neither.
  package static func isFeedsFolderEntry(_ name: String) -> Bool {
    !name.hasPrefix(".") && (name.lowercased().hasSuffix(".json") || nearMiss(ofFile: name, extensions: ["json"]) != nil)
  }

  /// The name a file `name` in an input folder that reads `extensions` would have had: with its
  /// last extension, near one of them (`jsn`, `jason`, `json5`), replaced by it, or without a
  /// `.txt` that follows one of them, or without the spaces or dots that end it (`home.json `,
  /// `zlc.json.`, which some file systems cannot even hold); nil for any other name (`README.md`,
  /// `home.json.bak`, an editor's backup `home.json~`).
  package static func nearMiss(ofFile name: String, extensions: [String]) -> String? {
    let trimmed = String(name.reversed().drop { $0.isWhitespace || $0 == "." }.reversed())
    if trimmed != name, !trimmed.isEmpty, let dot = trimmed.lastIndex(of: "."), trimmed.startIndex < dot,
      extensions.contains(trimmed[trimmed.index(after: dot)...].lowercased())
    {
      return trimmed
    }
    var parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2, !parts[0].isEmpty, let last = parts.last?.lowercased() else { return nil }
    if last == "txt", parts.count >= 3, extensions.contains(parts[parts.count - 2].lowercased()) {
      return parts.dropLast().joined(separator: ".")
    }
    guard !last.isEmpty, !extensions.contains(last),
      last.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) })
    else { return nil }
    let near = extensions.filter { isNear(last, $0) }.min { editDistance(last, $0) < editDistance(last, $1) }
    guard let near else { return nil }
    parts[parts.count - 1] = near
    return parts.joined(separator: ".")
  }

  /// Whether `word` is near the input's name `name` (`isNear`) and no numbered copy of it
  /// (`screens 2`, `rivers2`, `families_3`), which is no typo.
  static func isNearName(_ word: String, _ name: String) -> Bool {
    if word.hasPrefix(name) {
      let number = word.dropFirst(name.count).drop { $0 == " " || $0 == "-" || $0 == "_" }
      if !number.isEmpty, number.allSatisfy({ ("0"..."9").contains($0) }) { return false }
    }
    return isNear(word, name)
  }

  /// Whether `word` is near `name` but not `name`, case ignored: within one edit fewer than a
  /// did-you-mean allows (`SuggestionIndex.limit`), and at least one. A file name, unlike a
  /// reference, has nothing around it that says it was meant as an input.
  static func isNear(_ word: String, _ name: String) -> Bool {
    let a = word.lowercased()
    let b = name.lowercased()
    let (m, n) = (a.unicodeScalars.count, b.unicodeScalars.count)
    let allowed = max(1, SuggestionIndex.limit(m, n) - 1)
    // The distance is at least the difference of the lengths: a long name is not compared.
    guard abs(m - n) <= allowed else { return false }
    let distance = editDistance(a, b)
    return distance > 0 && distance <= allowed
  }
}
