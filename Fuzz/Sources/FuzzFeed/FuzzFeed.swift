import FuzzSupport
import ZappLayoutCompiler
import ZappModel

/// The Applicaster feed reader on arbitrary bytes.
@_cdecl("FuzzFeed_main")
public func fuzzFeedMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runLibFuzzer(argc, argv) { data, size in fuzzFeed(data!, size) }
}

func fuzzFeed(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let file = sourceFile(data, size, path: "fuzz-feed.json")
  let result = FeedReader.read(file)
  checkInvariants(result.diagnostics, files: [file])
  return 0
}
