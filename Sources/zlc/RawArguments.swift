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

  /// `bytes` as they can be shown: printable ASCII as it is, every other byte as `\xNN`.
  static func shown(_ bytes: [UInt8]) -> String {
    bytes.map { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") ? String(UnicodeScalar($0)) : "\\x" + hex($0) }.joined()
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }
}
