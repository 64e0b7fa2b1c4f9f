import Foundation
import ZappLayout
import ZappModel

extension BundleVerifier {
  /// A multi-platform output: `platforms.json` loads, names each platform once, and each folder it
  /// names is a bundle that verifies and says it is that platform's. The screens of every bundle
  /// are counted.
  package static func verifyPlatforms(_ folder: String) -> VerifyOutcome {
    var problems: [BundleProblem] = []
    let listPath = join(folder, PlatformBundles.fileName)
    guard let list = load(listPath, problems: &problems, PlatformBundles.init(json:)) else {
      return VerifyOutcome(problems: problems, screens: 0)
    }
    let readable = BundleIndex.readableFormatVersions
    guard readable.contains(list.formatVersion) else {
      let message = "format_version \(list.formatVersion); this runtime reads \(readable.lowerBound) to \(readable.upperBound)"
      return VerifyOutcome(problems: [BundleProblem(file: listPath, message: message)], screens: 0)
    }
    if list.platforms.isEmpty { problems.append(BundleProblem(file: listPath, message: "names no platform")) }
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
    for entry in list.platforms {
      guard seen.insert(entry.platform).inserted else {
        problems.append(BundleProblem(file: listPath, message: "names platform '\(entry.platform)' twice"))
        continue
      }
      let parts = entry.folder.split(separator: "/", omittingEmptySubsequences: false)
      guard !entry.folder.hasPrefix("/"), !parts.contains(".."), !parts.contains(""), !parts.contains(".") else {
        problems.append(
          BundleProblem(file: listPath, message: "platform '\(entry.platform)' has folder '\(entry.folder)', outside the output"))
        continue
      }
      let bundleFolder = join(folder, entry.folder)
      let outcome = verify(bundleFolder)
      problems += outcome.problems
      screens += outcome.screens
      guard outcome.problems.isEmpty else { continue }
      let indexPath = join(bundleFolder, "bundle.json")
      if let index = load(indexPath, problems: &problems, BundleIndex.init(json:)) {
        if index.platform != entry.platform {
          let found = index.platform.map { "'\($0)'" } ?? "no platform"
          problems.append(
            BundleProblem(
              file: indexPath, message: "names \(found), but \(PlatformBundles.fileName) lists it for '\(entry.platform)'"))
        }
        if index.formatVersion != list.formatVersion {
          problems.append(
            BundleProblem(
              file: indexPath,
              message: "has format_version \(index.formatVersion), but \(PlatformBundles.fileName) says \(list.formatVersion)"))
        }
      }
    }
    return VerifyOutcome(problems: problems, screens: problems.isEmpty ? screens : 0)
  }
}
