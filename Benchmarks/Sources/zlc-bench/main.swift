// Measures the JSON reader's throughput against Foundation's JSONSerialization on the same bytes,
// in the same process: `zlc-bench json FILE [ROUNDS]` prints one JSON object with both rates.
import Foundation
import ZappDiagnostics
import ZappLayoutCompiler
import ZappReaders

func seconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The best of `rounds` timings (the least disturbed by the rest of the machine).
func best(_ rounds: Int, _ body: () -> Void) -> Double {
  (0..<rounds).map { _ in seconds(body) }.min() ?? 0
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, arguments[1] == "json", let data = FileManager.default.contents(atPath: arguments[2]) else {
  FileHandle.standardError.write("usage: zlc-bench json FILE [ROUNDS]\n".data(using: .utf8)!)
  exit(64)
}
let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5
let source = SourceFile(path: arguments[2], bytes: Array(data))
let megabytes = Double(data.count) / 1_000_000

var nodes = 0
let zlc = best(rounds) {
  let result = JSONReader.read(source)
  precondition(result.document != nil && !result.hasErrors, "the benchmark file must be valid JSON")
  nodes = result.document!.nodeCount
}
let foundation = best(rounds) {
  _ = try! JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
}
print(
  """
  {"file": "\(arguments[2])", "megabytes": \(megabytes), "values": \(nodes), \
  "zlc_seconds": \(zlc), "zlc_mb_per_s": \(megabytes / zlc), \
  "jsonserialization_seconds": \(foundation), "jsonserialization_mb_per_s": \(megabytes / foundation)}
  """)
