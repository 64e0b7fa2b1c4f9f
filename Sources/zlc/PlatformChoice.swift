import ArgumentParser
import ZappDiagnostics

/// The one platform a command is narrowed to by `--platform`, given at most once.
///
/// The option is read as a list so that a second `--platform` is refused instead of silently
/// replacing the first: `--platform ios --platform android` reads as "both", and a build of only
/// the last would leave the other platform's bundle unwritten without a word.
enum PlatformChoice {
  /// The chosen platform: nil when none was given.
  static func platform(_ given: [String]) -> String? { given.first }

  /// Refuses more than one `--platform`.
  static func validate(_ given: [String]) throws {
    guard given.count > 1 else { return }
    let names = given.map { "'\(TerminalText.visible($0))'" }.joined(separator: ", ")
    throw ValidationError(
      "--platform is given \(given.count) times (\(names)): give one platform, or none for every platform of the project")
  }
}

/// `--platform` as `zlc build` and `zlc preview` take it.
struct PlatformOption: ParsableArguments {
  @Option(
    name: .customLong("platform"),
    help: ArgumentHelp(
      "One of the project's platforms (ios, android_for_quickbrick, …): only its bundle is checked and built (zlc preview: previewed). Without it, every platform's bundle is checked and built (zlc preview: the first platform's is previewed). Given once.",
      valueName: "platform"))
  var platforms: [String] = []

  /// The platform `--platform` names, if any.
  var platform: String? { PlatformChoice.platform(platforms) }

  func validate() throws { try PlatformChoice.validate(platforms) }
}

/// `--platform` as `zlc check` takes it.
struct CheckPlatformOption: ParsableArguments {
  @Option(
    name: .customLong("platform"),
    help: ArgumentHelp(
      "One of the project's platforms (ios, android_for_quickbrick, …): checked alone, as its bundle is built; other platforms' errors are not reported. Without it, every platform is checked. Given once.",
      valueName: "platform"))
  var platforms: [String] = []

  /// The platform `--platform` names, if any.
  var platform: String? { PlatformChoice.platform(platforms) }

  func validate() throws { try PlatformChoice.validate(platforms) }
}
