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
