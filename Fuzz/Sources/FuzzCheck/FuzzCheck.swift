import Foundation
import FuzzSupport
import ZappLayoutCompiler

/// A whole `zlc check` of a project made from the input. The project is a copy of the demo in a
/// temporary folder; the input's first byte picks one of its files (or one of a few extra roles:
/// a project family in XML or JSON) and the remaining bytes replace that file's content.
private let project: (root: String, files: [String]) = {
  let demo = ProcessInfo.processInfo.environment["ZLC_FUZZ_DEMO"] ?? "manifests"
  let root = NSTemporaryDirectory() + "zlc-fuzz-check-\(getpid())"
  let manager = FileManager.default
  try? manager.removeItem(atPath: root)
  do {
    try manager.copyItem(atPath: demo, toPath: root)
  } catch {
    fatalError("cannot copy the demo project from '\(demo)': \(error)")
  }
  var files = (manager.subpaths(atPath: root) ?? []).filter { $0.hasSuffix(".json") }.sorted()
  files += ["families/FUZZ.xml", "families/FUZZ.json"]
  try? manager.createDirectory(atPath: root + "/families", withIntermediateDirectories: true)
  return (root, files)
}()

@_cdecl("FuzzCheck_main")
public func fuzzCheckMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  runLibFuzzer(argc, argv) { data, size in fuzzCheck(data!, size) }
}

func fuzzCheck(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let path = project.root + "/" + project.files[Int(data[0]) % project.files.count]
  let original = FileManager.default.contents(atPath: path)
  let content = Data(bytes: data + 1, count: size - 1)
  guard FileManager.default.createFile(atPath: path, contents: content) else { fatalError("cannot write \(path)") }
  defer {
    if let original {
      FileManager.default.createFile(atPath: path, contents: original)
    } else {
      try? FileManager.default.removeItem(atPath: path)
    }
  }
  let outcome = Driver.check(project.root)
  checkInvariants(outcome.diagnostics, files: [])
  return 0
}
