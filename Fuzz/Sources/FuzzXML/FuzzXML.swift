import FuzzSupport
import ZappLayoutCompiler
import ZappModel
import ZappReaders

/// The XML reader and the Family reader on arbitrary bytes.
@_cdecl("FuzzXML_main")
public func fuzzXMLMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runLibFuzzer(argc, argv) { data, size in fuzzXML(data!, size) }
}

func fuzzXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let file = sourceFile(data, size, path: "fuzz.xml")
  let xml = XMLReader.read(file)
  checkInvariants(xml.diagnostics, files: [file])
  let (_, diagnostics) = FamilyReader.read(file)
  checkInvariants(diagnostics, files: [file])
  return 0
}
