import FuzzSupport
import ZappLayoutCompiler
import ZappReaders

/// The JSON reader on arbitrary bytes: never a crash, every diagnostic inside the file, and a
/// document whenever no error was reported.
@_cdecl("FuzzJSON_main")
public func fuzzJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runLibFuzzer(argc, argv) { data, size in fuzzJSON(data!, size) }
}

func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let file = sourceFile(data, size, path: "fuzz.json")
  let result = JSONReader.read(file)
  if !result.hasErrors { precondition(result.document != nil, "no error but no document") }
  checkInvariants(result.diagnostics, files: [file])
  return 0
}
