import Foundation
import Synchronization
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappRules

/// `zlc preview`: the pages of `PreviewRenderer` written to a folder, `index.html` (the map of
/// the app and its screens) and one page per screen. Written like the bundle: deterministic, and
/// swapped in whole; the screens' pages are drawn and written in parallel, a batch at a time, so
/// memory holds the project and a batch of pages, not the preview.
public struct PreviewWriter {
  public let project: Project
  /// Screen id, by its exact characters → the sender feed that fills it.
  public let senders: [ExactString: FeedEntry]
  /// Told how many screens' pages of how many are written, after each batch (a progress bar).
  public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

  public init(project: Project, senders: [ExactString: FeedEntry] = [:]) {
    self.project = project
    self.senders = senders
  }

  /// Writes the preview folder.
  public func write(to output: OutputFolder) throws {
    // The only reference to the drawn screens, dropped on a thread of its own once the pages are
    // written: freeing 10,000 screens takes a while that the swap and the caller need not wait for.
    let drawn = Mutex<PreviewRenderer?>(PreviewRenderer(project: project, senders: senders))
    let progress = progress
    try output.replace { staging, shown, reuse in
      try drawn.withLock { renderer in
        guard let renderer else { preconditionFailure("the drawn screens are dropped only after the pages are written") }
        try Self.fill(staging, shown: shown, reuse: reuse, with: renderer, progress: progress)
      }
      DispatchQueue.global(qos: .utility).async { drawn.withLock { $0 = nil } }
    }
  }

  /// Writes every file of the preview into `staging`.
  private static func fill(
    _ staging: String, shown: String, reuse: EarlierOutput?, with renderer: PreviewRenderer,
    progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
  ) throws {
    func check(_ status: Int32, _ path: String) throws {
      if status != 0 { throw BundleWriter.WriteError.io("cannot write '\(shown)/\(path)': \(String(cString: strerror(status)))") }
    }
    for (name, text) in [(PreviewRenderer.styleFile, PreviewRenderer.style), (PreviewRenderer.scriptFile, PreviewRenderer.script)] {
      try check(BundleWriter.writeFile(staging + "/" + name, Array(text.utf8), reuse: reuse), name)
    }
    // The index and screens.js read every screen: drawn on a thread of their own while the
    // pages are drawn in batches on the others, so that no batch waits for them.
    let shared = Mutex<[(String, Int32)]>([])
    let drawing = DispatchGroup()
    DispatchQueue.global().async(group: drawing) { shared.withLock { $0 = writeShared(renderer, staging, reuse: reuse) } }
    defer { drawing.wait() }
    let count = renderer.screens.count
    let batch = 256
    for start in stride(from: 0, to: count, by: batch) {
      let range = start..<min(count, start + batch)
      let written = parallelMap((range.count + run - 1) / run) { k in
        let first = range.lowerBound + k * run
        return writePages(renderer, first..<min(range.upperBound, first + run), staging, reuse: reuse)
      }
      for (file, status) in joined(written) { try check(status, file) }
      progress?(range.upperBound, count)
    }
    drawing.wait()
    for (file, status) in shared.withLock({ $0 }) { try check(status, file) }
  }

  /// Draws and writes `index.html` and `screens.js`; each file's name and status.
  static func writeShared(_ renderer: PreviewRenderer, _ folder: String, reuse: EarlierOutput?) -> [(String, Int32)] {
    var index = PageBytes(capacity: 1 << 16)
    renderer.indexPage(into: &index)
    let indexPath = folder + "/index.html"
    return [
      ("index.html", index.withBytes { BundleWriter.writeFile(indexPath, $0, reuse: reuse) }),
      ("screens.js", BundleWriter.writeFile(folder + "/screens.js", renderer.screensScriptBytes(), reuse: reuse)),
    ]
  }

  /// How many pages one task draws and writes in turn, in one buffer.
  static let run = 16

  /// Draws and writes the pages of the screens at `positions` into `folder`, one after the other
  /// in one buffer (a fresh buffer per page costs the kernel new zeroed pages); each file's name
  /// and status. A page the earlier preview `reuse` already holds is linked from there.
  static func writePages(
    _ renderer: PreviewRenderer, _ positions: Range<Int>, _ folder: String, reuse: EarlierOutput?
  ) -> [(String, Int32)] {
    var page = PageBytes(capacity: 1 << 16)
    return positions.map { i in
      renderer.screenPage(i, into: &page)
      let path = folder + "/" + renderer.files[i]
      return (renderer.files[i], page.withBytes { BundleWriter.writeFile(path, $0, reuse: reuse) })
    }
  }

  /// The pages, file name → HTML, `index.html` first.
  public func pages() -> [(path: String, html: String)] {
    PreviewRenderer(project: project, senders: senders).pages()
  }
}
