import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel

extension BundleVerifier {
  /// A multi-platform output: `platforms.json` loads, names each platform once, and each folder it
  /// names is a bundle that verifies and says it is that platform's. The screens of every bundle
  /// are counted.
  package static func verifyPlatforms(_ folder: String) -> VerifyOutcome {
    var problems: [BundleProblem] = []
    let listPath = join(folder, PlatformBundles.fileName)
    guard let listBytes = read(listPath, problems: &problems),
      let list = decode(listBytes, at: listPath, problems: &problems, PlatformBundles.init(json:))
    else {
      return VerifyOutcome(problems: problems, screens: 0)
    }
    let listFile = ValueLocator(SourceFile(path: listPath, bytes: listBytes))
    let readable = BundleIndex.readableFormatVersions
    guard readable.contains(list.formatVersion) else {
      let message = "format_version \(list.formatVersion); this runtime reads \(readable.lowerBound) to \(readable.upperBound)"
      return VerifyOutcome(problems: [listFile.problem(message, at: [.key("format_version")])], screens: 0)
    }
    if list.platforms.isEmpty { problems.append(listFile.problem("names no platform", at: [.key("platforms")])) }
    // A client of a multi-platform output reads its platform's folder: a bundle.json beside
    // platforms.json (left by an earlier single-platform build, say) is never read, and misleads.
    if exists(join(folder, "bundle.json")) {
      problems.append(
        BundleProblem(
          file: join(folder, "bundle.json"),
          message: "stands beside \(PlatformBundles.fileName); clients read each platform's folder, so this file is never read"))
    }
    var screens = 0
    var seen: Set<String> = []
    for (i, entry) in list.platforms.enumerated() {
      guard seen.insert(entry.platform).inserted else {
        problems.append(listFile.problem("names platform '\(entry.platform)' twice", at: [.key("platforms"), .index(i), .key("platform")]))
        continue
      }
      let parts = entry.folder.split(separator: "/", omittingEmptySubsequences: false)
      let inside = !entry.folder.hasPrefix("/") && !parts.contains("..") && !parts.contains("") && !parts.contains(".")
      guard inside, !entry.folder.utf8.contains(0), ScreenBundle.resolves(entry.folder, inside: realPath(folder), folder: folder) else {
        let how = inside && !entry.folder.utf8.contains(0) ? "which a link takes outside the output" : "outside the output"
        problems.append(
          listFile.problem(
            "platform '\(entry.platform)' has folder '\(entry.folder.replacingOccurrences(of: "\u{0}", with: "\\u0000"))', \(how)",
            at: [.key("platforms"), .index(i), .key("folder")]))
        continue
      }
      let bundleFolder = join(folder, entry.folder)
      let outcome = verify(bundleFolder)
      problems += outcome.problems
      screens += outcome.screens
      guard outcome.problems.isEmpty else { continue }
      let indexPath = join(bundleFolder, "bundle.json")
      if let bytes = read(indexPath, problems: &problems),
        let index = decode(bytes, at: indexPath, problems: &problems, BundleIndex.init(json:))
      {
        let indexFile = ValueLocator(SourceFile(path: indexPath, bytes: bytes))
        if index.platform != entry.platform {
          let found = index.platform.map { "'\($0)'" } ?? "no platform"
          problems.append(
            indexFile.problem("names \(found), but \(PlatformBundles.fileName) lists it for '\(entry.platform)'", at: [.key("platform")]))
        }
        if index.formatVersion != list.formatVersion {
          problems.append(
            indexFile.problem(
              "has format_version \(index.formatVersion), but \(PlatformBundles.fileName) says \(list.formatVersion)",
              at: [.key("format_version")]))
        }
      }
    }
    return VerifyOutcome(problems: problems, screens: problems.isEmpty ? screens : 0)
  }
}
