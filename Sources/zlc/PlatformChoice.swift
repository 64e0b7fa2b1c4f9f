import ArgumentParser
import ZappDiagnostics

/// The one platform a command is narrowed to by `--platform`, given at most once.
///
/// argument-parser keeps the last of an option given twice: `--platform ios --platform android`
/// reads as "both", and a build of only the last would leave the other platform's bundle
/// unwritten without a word, so a second `--platform` is refused.
enum PlatformChoice {
  /// Refuses more than one `--platform` in `arguments` (the command line).
  static func validate(in arguments: [String] = Array(CommandLine.arguments.dropFirst())) throws {
    try OutputChoice.validate(["--platform"], in: arguments, advice: "give one platform, or none for every platform of the project")
  }
}

/// `--platform` as `zlc build` and `zlc preview` take it.
struct PlatformOption: ParsableArguments {
  @Option(
    name: .customLong("platform"),
    help: ArgumentHelp(
      "One of the project's platforms (ios, android_for_quickbrick, …): only its bundle is checked and built (zlc preview: previewed). Without it, every platform's bundle is checked and built (zlc preview: the first platform's is previewed). Given once.",
      valueName: "platform"))
  var platform: String?

  func validate() throws { try PlatformChoice.validate() }
}

/// `--platform` as `zlc check` takes it.
struct CheckPlatformOption: ParsableArguments {
  @Option(
    name: .customLong("platform"),
    help: ArgumentHelp(
      "One of the project's platforms (ios, android_for_quickbrick, …): checked alone, as its bundle is built; other platforms' errors are not reported. Without it, every platform is checked. Given once.",
      valueName: "platform"))
  var platform: String?

  func validate() throws { try PlatformChoice.validate() }
}
