import Foundation
import Synchronization
import ZappDiagnostics
import ZappModel
import ZappRules
import ZappWriters

/// Writes each good build of `zlc serve` to its output folder on a thread of its own, after the
/// build is served: pages reload as soon as the build is in memory, and the folder follows. A
/// write is atomic, as `zlc build`'s is (a staging folder filled, flushed and swapped in), with the
/// same files; when builds come faster than writes, the latest waiting build is written and the
/// ones between are skipped.
@available(macOS 14, iOS 17, tvOS 17, *)
final class OutputMirror: Sendable {
  private struct State {
    var waiting: ServedBuild?
    var writing = false
  }

  let output: String
  let project: String
  let complain: @Sendable (String) -> Void
  private let state = Mutex(State())
  /// Whether the last build written failed to be (a full disk): the folder holds an earlier one.
  private let failed = Atomic(false)

  /// Whether the output folder lacks the last build handed over, which could not be written.
  var lastWriteFailed: Bool { failed.load(ordering: .acquiring) }

  init(output: String, project: String, complain: @escaping @Sendable (String) -> Void) {
    self.output = output
    self.project = project
    self.complain = complain
  }

  /// Hands a build over to be written; returns at once.
  func write(_ build: ServedBuild) {
    let start = state.withLock { state -> Bool in
      state.waiting = build
      guard !state.writing else { return false }
      state.writing = true
      return true
    }
    if start { Thread.detachNewThread { self.drain() } }
  }

  /// Blocks until every build handed over is written.
  func waitUntilWritten() {
    while state.withLock({ $0.writing }) { Thread.sleep(forTimeInterval: 0.01) }
  }

  private func drain() {
    #if os(Linux)
      // The folder is written at the lowest priority: a build started meanwhile goes first (on
      // Linux, `who` 0 names the calling thread alone).
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
    #endif
    while let build = next() {
      do {
        try Self.write(build, to: output, project: project)
        failed.store(false, ordering: .releasing)
      } catch {
        failed.store(true, ordering: .releasing)
        // As `zlc build` prints it: a refused folder (files appeared in it) or an I/O error.
        let diagnostic =
          error is OutputFolder.Refusal
          ? OutputRefusedRule.Message.refused(error).diagnostic(at: nil, path: output)
          : IOErrorRule.Message.writeFailed(error).diagnostic(at: nil, path: output)
        complain(PreviewServer.printed(diagnostic))
      }
    }
  }

  /// The build waiting to be written, or nil (and no longer writing) when there is none.
  private func next() -> ServedBuild? {
    state.withLock { state in
      let build = state.waiting
      state.waiting = nil
      if build == nil { state.writing = false }
      return build
    }
  }

  /// Replaces the output folder with the build's files: every bundle file, the `screens/` folder of
  /// each bundle (empty for a bundle of no screens), and the marker.
  static func write(_ build: ServedBuild, to output: String, project: String) throws {
    let folder = try OutputFolder.validate(output, kind: .bundle, project: project)
    let paths = build.files.keys.sorted()
    var folders = Set(paths.map { PathText.deletingLastComponent($0) }.filter { !$0.isEmpty })
    for path in paths where (path as NSString).lastPathComponent == "bundle.json" {
      let bundle = PathText.deletingLastComponent(path)
      folders.insert(bundle.isEmpty ? "screens" : bundle + "/screens")
    }
    try folder.replace { staging, shown, reuse in
      for made in folders.sorted() {
        try FileManager.default.createDirectory(atPath: staging + "/" + made, withIntermediateDirectories: true)
      }
      for path in paths {
        guard let file = build.files[path] else { continue }
        let status = BundleWriter.writeFile(staging + "/" + path, file.bytes, reuse: reuse)
        if status != 0 { throw BundleWriter.WriteError.io("cannot write '\(shown)/\(path)': \(String(cString: strerror(status)))") }
      }
    }
  }
}
