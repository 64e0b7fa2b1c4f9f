import Foundation
import ZappLayout

/// One thing a client could not load in a bundle: the file, where in it when known, and why.
public struct BundleProblem: Sendable, Equatable {
  public var file: String
  public var line: Int?
  public var column: Int?
  public var message: String

  public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// `file:line:column: error: message`, as the other commands print diagnostics.
  public var text: String {
    let location = line.map { "\(file):\($0):\(column ?? 1): " } ?? "\(file): "
    return location + "error: " + message
  }
}

/// What `zlc verify` found in a bundle folder.
public struct VerifyOutcome: Sendable {
  public var problems: [BundleProblem]
  /// The screens that `ScreenBundle.load` returned (0 when it failed).
  public var screens: Int
  public var status: ExitStatus { problems.isEmpty ? .success : .inputErrors }
}

/// Loads a bundle as a client app does, with the runtime library (`ScreenBundle.load`, and
/// `rivers.json` decoded as resolved screens), and reports each file that does not load with the
/// place in it. It also checks what a client relies on without decoding: screen files match their
/// `sha256`, the ids in `bundle.json`, the screen files and `rivers.json` agree, and the mappings
/// name screens of the bundle.
public enum BundleVerifier {
  public static func verify(_ folder: String) -> VerifyOutcome {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      return VerifyOutcome(problems: [BundleProblem(file: folder, message: "no bundle folder '\(folder)'")], screens: 0)
    }
    var problems: [BundleProblem] = []
    let indexPath = join(folder, "bundle.json")
    guard let index = decode(BundleIndex.self, at: indexPath, problems: &problems) else {
      return VerifyOutcome(problems: problems, screens: 0)
    }
    guard index.formatVersion == BundleIndex.currentFormatVersion else {
      problems.append(
        BundleProblem(
          file: indexPath,
          message: "format_version \(index.formatVersion); this runtime reads \(BundleIndex.currentFormatVersion)"))
      return VerifyOutcome(problems: problems, screens: 0)
    }
    let ids = Set(index.screens.map(\.id))
    for entry in index.screens {
      verifyScreen(entry, folder: folder, indexPath: indexPath, problems: &problems)
    }
    for (kind, mapping) in [("screen_types", index.screenTypes), ("content_types", index.contentTypes)] {
      for (key, id) in mapping.sorted(by: { $0.key < $1.key }) where !ids.contains(id) {
        problems.append(BundleProblem(file: indexPath, message: "\(kind) maps '\(key)' to '\(id)', which is not a screen of the bundle"))
      }
    }
    let riversPath = join(folder, "rivers.json")
    if let rivers = decode([ResolvedScreen].self, at: riversPath, problems: &problems), rivers.map(\.id) != index.screens.map(\.id) {
      problems.append(
        BundleProblem(
          file: riversPath,
          message: "holds \(rivers.count) screens that are not the \(index.screens.count) of bundle.json in the same order"))
    }
    guard problems.isEmpty else { return VerifyOutcome(problems: problems, screens: 0) }
    // Last, the one call a client makes: whatever the checks above missed, it must load.
    do {
      let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: folder))
      return VerifyOutcome(problems: [], screens: bundle.screens.count)
    } catch {
      return VerifyOutcome(problems: [BundleProblem(file: folder, message: "ScreenBundle.load fails: \(error)")], screens: 0)
    }
  }

  /// Checks one screen file of the index: its path, its bytes against `sha256`, that it decodes,
  /// and that it is the screen the index says.
  static func verifyScreen(_ entry: BundleIndex.Entry, folder: String, indexPath: String, problems: inout [BundleProblem]) {
    let parts = entry.file.split(separator: "/", omittingEmptySubsequences: false)
    guard !entry.file.hasPrefix("/"), !parts.contains(".."), !parts.contains("") else {
      problems.append(BundleProblem(file: indexPath, message: "screen '\(entry.id)' has file '\(entry.file)', outside the bundle"))
      return
    }
    let path = join(folder, entry.file)
    guard let bytes = read(path, problems: &problems) else { return }
    let hash = SHA256.hex([UInt8](bytes))
    if hash != entry.sha256 {
      problems.append(BundleProblem(file: path, message: "its SHA-256 is \(hash), not \(entry.sha256) as bundle.json says"))
    }
    guard let screen = decode(ResolvedScreen.self, from: bytes, at: path, problems: &problems) else { return }
    if screen.id != entry.id {
      problems.append(BundleProblem(file: path, message: "holds screen '\(screen.id)', but bundle.json lists it for '\(entry.id)'"))
    }
  }

  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  static func read(_ path: String, problems: inout [BundleProblem]) -> Data? {
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      problems.append(BundleProblem(file: path, message: "cannot read: \((error as NSError).localizedDescription)"))
      return nil
    }
  }

  static func decode<T: Decodable>(_ type: T.Type, at path: String, problems: inout [BundleProblem]) -> T? {
    guard let bytes = read(path, problems: &problems) else { return nil }
    return decode(type, from: bytes, at: path, problems: &problems)
  }

  /// Decodes with `JSONDecoder`, as a client does; a failure is located with zlc's own reader.
  static func decode<T: Decodable>(_ type: T.Type, from bytes: Data, at path: String, problems: inout [BundleProblem]) -> T? {
    do {
      return try JSONDecoder().decode(type, from: bytes)
    } catch {
      problems.append(locate(error, in: SourceFile(path: path, bytes: [UInt8](bytes))))
      return nil
    }
  }

  /// Where a decoding error is: the first syntax error zlc's reader finds, else the value the
  /// decoder's coding path leads to.
  static func locate(_ error: Error, in file: SourceFile) -> BundleProblem {
    let read = JSONReader.read(file)
    if let syntax = read.diagnostics.first(where: { $0.severity == .error && $0.rule.category == .reading }) {
      let location = syntax.location
      return BundleProblem(file: file.path, line: location?.line, column: location?.column, message: "not JSON: " + syntax.message)
    }
    guard let decoding = error as? DecodingError else {
      return BundleProblem(file: file.path, message: "does not load: \(error)")
    }
    let (path, describeAt) = describe(decoding)
    var node = read.document?.root
    var found = node
    for key in path {
      if let i = key.intValue {
        let elements = node?.elements ?? []
        node = i < elements.count ? elements[i] : nil
      } else {
        node = node?[key.stringValue]
      }
      guard let next = node else { break }
      found = next
    }
    let pointer = path.isEmpty ? "the root" : "/" + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
    let message = describeAt(pointer)
    guard let spot = found?.spot else { return BundleProblem(file: file.path, message: message) }
    let location = spot.location
    return BundleProblem(file: file.path, line: location.line, column: location.column, message: message)
  }

  /// The coding path of a decoding error and its sentence, given the path as a JSON pointer.
  static func describe(_ error: DecodingError) -> ([CodingKey], (String) -> String) {
    switch error {
    case .typeMismatch(let type, let context):
      return (context.codingPath, { "\($0) does not load as \(type): \(context.debugDescription)" })
    case .valueNotFound(let type, let context):
      return (context.codingPath, { "\($0) is null where a client needs \(type)" })
    case .keyNotFound(let key, let context):
      return (context.codingPath, { "\($0) has no key '\(key.stringValue)', which a client needs" })
    case .dataCorrupted(let context):
      return (context.codingPath, { "\($0) does not load: \(context.debugDescription)" })
    @unknown default:
      return ([], { "\($0) does not load: \(error)" })
    }
  }
}
