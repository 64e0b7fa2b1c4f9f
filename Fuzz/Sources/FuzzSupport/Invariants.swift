import CLibFuzzer
import ZappDiagnostics
import ZappLayoutCompiler
import ZappWriters

/// Checks what must hold for any input, however hostile, and traps (a libFuzzer finding) when it
/// does not: every diagnostic points inside its file, and the text, json and github formats render
/// the first 50 (rendering all of an input's thousands would make each run ten times slower).
public func checkInvariants(_ diagnostics: [Diagnostic], files: [SourceFile]) {
  for diagnostic in diagnostics {
    if let spot = diagnostic.spot {
      precondition(spot.offset >= 0 && spot.offset <= spot.file.bytes.count, "offset outside the file")
      let location = spot.location
      precondition(location.line >= 1 && location.column >= 1, "line or column below 1")
    }
    precondition(!diagnostic.message.isEmpty, "empty message")
  }
  // SARIF is left out: it embeds the whole rule catalogue, a fixed cost ten times that of a read,
  // and prints each result's location with the same code as the json format.
  let shown = Array(diagnostics.prefix(50))
  for format in [DiagnosticFormat.text, .json, .github] {
    _ = DiagnosticPrinter(format: format).render(shown, fileCount: files.count)
  }
}

/// The fuzz input as a source file.
public func sourceFile(_ data: UnsafePointer<UInt8>, _ size: Int, path: String) -> SourceFile {
  SourceFile(path: path, bytes: Array(UnsafeBufferPointer(start: data, count: size)))
}

/// Runs libFuzzer on `callback` with the process's arguments.
public func runLibFuzzer(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
  var count = argc
  var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
  return LLVMFuzzerRunDriver(&count, &arguments, callback)
}
