import Foundation
import Synchronization
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappResolution

extension BundleWriter {
  /// Writes the screen files and `rivers.json`; returns them (`rivers.json` last) and how many
  /// sections the screens have. Screens are encoded in parallel, a batch at a time, into memory;
  /// their files are created and `rivers.json` appended in order on a thread of its own while the
  /// next batch is encoded (files created from several threads in one folder only take turns at
  /// the folder's lock, spinning as they wait). A screen too large to keep goes straight to its file
  /// as it is encoded, and one whose input holds `Options.teedInputBytes` or more is written in
  /// order, its bytes going to its file and to `rivers.json` at once.
  func writeScreens(
    into folder: String, shown: String, paths: [String], interner: LayoutInterner?, place: WrittenBundle.Bundle,
    reuse: EarlierOutput?
  ) throws -> (files: [WrittenBundle.File], rivers: WrittenBundle.File, sections: Int) {
    let resolver = Resolver(project: project)
    let screens = project.screens
    let (pretty, form, keepAll) = (options.pretty, options.form, options.keep != nil)
    let opened = try StreamingFile(folder + "/rivers.json", shown: shown + "/rivers.json", keeping: keepAll, reuse: reuse)
    try opened.append(Array("[".utf8))
    // Appended to by the ordered stage only; the lock hands the file from one piece to the next.
    let riversFile = Mutex(opened)
    let done = WrittenScreens(count: screens.count)
    let stage = OrderedStage()
    defer { stage.waitUntilDone() }  // nothing may still write into a folder a failure removes
    let batch = options.screenBatch
    for start in stride(from: 0, to: screens.count, by: batch) where !stage.hasFailed {
      let range = start..<min(screens.count, start + batch)
      let teed = range.map { Self.inputBytes(of: screens[$0]) >= options.teedInputBytes }
      let written = parallelMap(range.count) { k in
        let i = range.lowerBound + k
        guard !teed[k] else { return (file: ScreenFile.Written(bytes: nil, size: 0, hash: "", failure: 0), sections: 0) }
        var sections = 0
        let file = ScreenFile.write(folder + "/" + paths[i], pretty: pretty, form: form, keepAll: keepAll, placeLater: true) {
          sections = resolver.writeResolvedScreen(screens[i], to: &$0, interner: interner)
        }
        return (file: file, sections: sections)
      }
      stage.submit {
        try riversFile.withLock { rivers in
          for (k, (screen, count)) in written.enumerated() {
            let i = range.lowerBound + k
            var file = screen
            var sections = count
            if file.isPending, let bytes = file.bytes { file.failure = Self.writeFile(folder + "/" + paths[i], bytes, reuse: reuse) }
            if file.failure != 0 {
              throw WriteError.io("cannot write '\(shown)/\(paths[i])': \(String(cString: strerror(file.failure)))")
            }
            let separator = i == 0 ? "" : ","
            try rivers.append(Array((pretty ? separator + "\n  " : separator).utf8))
            if teed[k] {
              let piece = RiversPiece(rivers, pretty: pretty)
              file = ScreenFile.write(
                folder + "/" + paths[i], pretty: pretty, form: form, keepAll: keepAll, tee: piece.append, reuse: reuse
              ) {
                sections = resolver.writeResolvedScreen(screens[i], to: &$0, interner: interner)
              }
              if file.failure != 0 {
                throw WriteError.io("cannot write '\(shown)/\(paths[i])': \(String(cString: strerror(file.failure)))")
              }
              try piece.finish()
            } else if let bytes = file.bytes {
              // A pretty file ends in a newline, which rivers.json leaves out.
              try bytes.withUnsafeBufferPointer { all in
                let body = UnsafeBufferPointer(rebasing: all.dropLast(pretty ? 1 : 0))
                if pretty { try Self.appendIndented(body, to: rivers) } else { try rivers.append(body) }
              }
            } else {
              try appendEncodingAgain(screens[i], resolver: resolver, interner: interner, to: rivers)
            }
            let path = place.path(paths[i])
            let keep = options.keep?(path, file.hash) == true
            done.add(
              WrittenBundle.File(
                path: path, size: file.size, hash: file.hash, bytes: keep ? file.bytes.map(WrittenBundle.File.exact) : nil),
              sections: sections)
          }
        }
        options.progress?(range.upperBound, screens.count)
      }
    }
    try stage.finish()
    let rivers = try riversFile.withLock { rivers in
      try rivers.append(Array((pretty ? (screens.isEmpty ? "]\n" : "\n]\n") : "]").utf8))
      try rivers.close()
      return (size: rivers.size, kept: rivers.kept)
    }
    let path = place.path("rivers.json")
    let hash = Self.riversHash(screenHashes: done.files.map(\.hash))
    // Copied to an array of its own size, as a screen's are: the appended array has grown past it.
    let kept = options.keep?(path, hash) == true ? rivers.kept.map(WrittenBundle.File.exact) : nil
    return (done.files, WrittenBundle.File(path: path, size: rivers.size, hash: hash, bytes: kept), done.sections)
  }
}

/// The screens written so far, in order, and their sections; added to by the ordered stage only.
private final class WrittenScreens: Sendable {
  private let state: Mutex<(files: [WrittenBundle.File], sections: Int)>

  init(count: Int) {
    var files: [WrittenBundle.File] = []
    files.reserveCapacity(count)
    state = Mutex((files, 0))
  }

  func add(_ file: WrittenBundle.File, sections: Int) {
    state.withLock {
      $0.files.append(file)
      $0.sections += sections
    }
  }

  var files: [WrittenBundle.File] { state.withLock { $0.files } }
  var sections: Int { state.withLock { $0.sections } }
}
