import Foundation
import ZappLayout

/// `zlc preview`: the pages of `PreviewRenderer` written to a folder, `index.html` (the map of
/// the app and its screens) and one page per screen. Written like the bundle: deterministic, and
/// swapped in whole.
public struct PreviewWriter {
  public let project: Project
  public let senders: [String: FeedEntry]

  public init(project: Project, senders: [String: FeedEntry] = [:]) {
    self.project = project
    self.senders = senders
  }

  /// Writes the preview folder.
  public func write(to output: OutputFolder) throws {
    let pages = pages()
    try output.replace { staging, shown in
      for (path, text) in pages {
        let status = BundleWriter.writeFile(staging + "/" + path, Array(text.utf8))
        if status != 0 { throw BundleWriter.WriteError.io("cannot write '\(shown)/\(path)': \(String(cString: strerror(status)))") }
      }
    }
  }

  /// The pages, file name → HTML, `index.html` first.
  public func pages() -> [(path: String, html: String)] {
    PreviewRenderer(project: project, senders: senders).pages()
  }
}
