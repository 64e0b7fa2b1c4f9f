import ArgumentParser
import ZappDiagnostics

/// The one output folder of a command, given at most once.
///
/// argument-parser keeps the last of an option given twice: `-o a -o b` would write `b` alone and
/// leave `a` as it was without a word, as a second `--platform` would leave a platform unbuilt.
enum OutputChoice {
  /// The values given to the option of `names` (`-o`, `--output`) in `arguments` (the command line,
  /// up to a `--`): `-o a`, `--output a`, `-o=a` and `--output=a`.
  static func given(_ names: [String], in arguments: [String]) -> [String] {
    var values: [String] = []
    var index = 0
    while index < arguments.count, arguments[index] != "--" {
      let argument = arguments[index]
      if names.contains(argument) {
        values.append(index + 1 < arguments.count ? arguments[index + 1] : "")
        index += 2
        continue
      }
      if let name = names.first(where: { argument.hasPrefix($0 + "=") }) { values.append(String(argument.dropFirst(name.count + 1))) }
      index += 1
    }
    return values
  }

  /// Refuses each option of `options` (each given by its names) that takes one value and is given
  /// more than once: the parser would keep the last one silently (`--device phone --device tv`).
  static func validateOnce(_ options: [[String]], in arguments: [String] = Array(CommandLine.arguments.dropFirst())) throws {
    for names in options { try validate(names, in: arguments, advice: "give it once") }
  }

  /// Refuses the option of `names` given more than once in `arguments`, with `advice`.
  static func validate(
    _ names: [String], in arguments: [String] = Array(CommandLine.arguments.dropFirst()), advice: String = "give one folder"
  ) throws {
    let values = given(names, in: arguments)
    guard values.count > 1 else { return }
    let shown = values.map { "'\(TerminalText.visible($0))'" }.joined(separator: ", ")
    throw ValidationError("\(names.joined(separator: "/")) is given \(values.count) times (\(shown)): \(advice)")
  }
}
