import Foundation
import ZappDiagnostics

/// The command line as the system passed it, before it is read as Swift strings.
enum RawArguments {
  /// Refuses an argument that is not UTF-8 text (exit status 64), before any is parsed. Swift reads
  /// each argument as UTF-8, with a replacement character (U+FFFD) for each byte that is not part
  /// of it: `zlc init $'caf\xE9'` would write `caf\u{FFFD}`, a folder the user never named, and a
  /// project, a sender or an output folder would be looked for under another name.
  static func refuseTextNotInUTF8() {
    for index in 1..<Int(CommandLine.argc) {
      guard let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil else { continue }
      let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
      writeError("Error: argument \(index) ('\(shown(Array(bytes)))') is not UTF-8 text; zlc reads paths and names as UTF-8\n")
      exit(ExitStatus.usage.rawValue)
    }
  }

  /// Refuses a group of short options that holds `h` (`-xh`, `-ohms`, a folder named `-dash`), before
  /// any is parsed (exit status 64). argument-parser reads such a group as `-h` among others and
  /// prints the help with status 0, so a mistyped argument in CI would pass without a check. zlc
  /// has two short options, `-h` and `-o`, each given alone; arguments after `--` are not options.
  static func refuseGroupedShortOptions(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
    for argument in arguments.prefix(while: { $0 != "--" }) where Self.isGroupHoldingHelp(argument) {
      writeError(
        "Error: unknown option '\(argument)': zlc's short options -h and -o are each given alone; an argument that begins with '-' (a folder, a screen id) goes after --\n"
      )
      exit(ExitStatus.usage.rawValue)
    }
  }

  /// Whether `argument` is one dash and two or more characters, `h` among them before any `=`
  /// (`-o=/home/x` is `-o` and its value).
  static func isGroupHoldingHelp(_ argument: String) -> Bool {
    argument.hasPrefix("-") && !argument.hasPrefix("--") && argument.count > 2
      && argument.dropFirst().prefix { $0 != "=" }.contains("h")
  }

  /// `bytes` as they can be shown: printable ASCII as it is, every other byte as `\xNN`.
  static func shown(_ bytes: [UInt8]) -> String {
    bytes.map { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") ? String(UnicodeScalar($0)) : "\\x" + hex($0) }.joined()
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }
}
