import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappResolution

/// Output formats for diagnostics.
public enum DiagnosticFormat: String, CaseIterable, Sendable {
  case text, json, sarif, github
}

/// Renders diagnostics in one of the formats.
public struct DiagnosticPrinter: Sendable {
  public var format: DiagnosticFormat
  public var color: Bool
  public var toolVersion: String
  /// What SARIF URIs and annotation paths are relative to.
  public var sourceRoot: SourceRoot
  /// The project folder the diagnostics are about: SARIF and annotations place a finding in a
  /// built-in family there (in its zlc.json when it has one) when no note points into the project.
  public var projectDirectory: String?
  /// A folder whose files the text format names by another name: a revision's temporary copy
  /// (`zlc diff --base`) shown as `REV:project`.
  public var relabeled: (folder: String, label: String)?

  public init(
    format: DiagnosticFormat, color: Bool = false, toolVersion: String = zlcVersion, sourceRoot: SourceRoot = .current(),
    projectDirectory: String? = nil
  ) {
    self.format = format
    self.color = color
    self.toolVersion = toolVersion
    self.sourceRoot = sourceRoot
    self.projectDirectory = projectDirectory
  }

  /// Where a finding in a built-in family is placed when none of its notes is in the project.
  package var anchorFallback: String? {
    guard let directory = projectDirectory else { return nil }
    let settings = directory.hasSuffix("/") ? directory + "zlc.json" : directory + "/zlc.json"
    return FileManager.default.fileExists(atPath: settings) ? settings : directory
  }

  public func render(_ diagnostics: [Diagnostic], fileCount: Int) -> String {
    switch format {
    case .text: return text(diagnostics)
    case .json: return json(diagnostics, fileCount: fileCount)
    case .sarif: return sarif(diagnostics)
    case .github: return github(diagnostics)
    }
  }

  // MARK: text

  /// How many diagnostics the text format shows in full unless told otherwise (`--max-diagnostics`).
  public static let defaultShownLimit = 50

  /// The `limit` diagnostics text shows in full when there are more, and those it counts instead:
  /// errors first, then warnings, then notes, so that a warning flood never hides an error; the
  /// shown ones keep their order.
  public static func shownInFull(_ diagnostics: [Diagnostic], limit: Int) -> (shown: [Diagnostic], hidden: [Diagnostic]) {
    guard limit > 0, diagnostics.count > limit else { return (diagnostics, []) }
    var picked = [Bool](repeating: false, count: diagnostics.count)
    var left = limit
    for severity in [Severity.error, .warning, .note] where left > 0 {
      for (i, d) in diagnostics.enumerated() where left > 0 && d.severity == severity {
        picked[i] = true
        left -= 1
      }
    }
    let shown = diagnostics.indices.filter { picked[$0] }.map { diagnostics[$0] }
    let hidden = diagnostics.indices.filter { !picked[$0] }.map { diagnostics[$0] }
    return (shown, hidden)
  }

  /// What the text format says of the diagnostics it does not show: how many, and how many of each
  /// rule, the most frequent first.
  /// A summary of findings a check did not keep (`… and 45 more of ZL0402 in this file`) counts
  /// as those findings.
  public static func hiddenSummary(_ hidden: ArraySlice<Diagnostic>) -> String {
    var counts: [String: (rule: Rule, count: Int)] = [:]
    for d in hidden { counts[d.code, default: (d.rule, 0)].count += d.findingCount }
    let rows = counts.values.sorted { $0.count != $1.count ? $0.count > $1.count : $0.rule.code < $1.rule.code }
    let total = hidden.reduce(0) { $0 + $1.findingCount }
    var out = "… and \(grouped(total)) more (--max-diagnostics 0 shows every one):\n"
    for row in rows { out += "  \(grouped(row.count)) × \(row.rule.code) \(row.rule.name)\n" }
    return out
  }

  /// A count with a comma every three digits: 4,950.
  package static func grouped(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return out
  }

  private func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

  /// Input text (paths, ids, keys in messages) with its control characters escaped.
  private func visible(_ s: String) -> String { TerminalText.visible(s) }
  /// A message made visible, the characters that show nothing escaped too (a zero-width space, a
  /// directional mark), so that a name holding one does not read as the name without it.
  private func distinct(_ s: String) -> String { TerminalText.distinct(s) }

  /// The most Unicode scalars of one message, note or fix-it the `text` and `github` formats show;
  /// the middle of a longer one is cut with `…`, so its start and its end (where a message says
  /// why, after a long path) stay. Messages quote values shortened and summarise lists, so this
  /// only bounds what a person reads when a message is huge all the same (a long id); `json` and
  /// `sarif` keep every message whole.
  public static let shownMessageLimit = 1_000

  /// The scalars of a cut message kept after its `…`: with the `…` and the head before it, exactly
  /// `shownMessageLimit` (299).
  static let shownMessageEnd = shownMessageLimit - shownHeadLimit - 1

  /// The scalars of a cut message kept before its `…`.
  static let shownHeadLimit = 700

  /// `s` as `display` shows it (its invisible characters escaped), its middle cut so that it
  /// shows at most `shownMessageLimit` scalars once shown, with `…` where it was cut: between
  /// characters, so no flag, accent or emoji sequence is split, nor a character's escape (but a
  /// character longer than the whole part shown, whose first scalars are shown).
  package static func shown(_ s: String, as display: (String) -> String = { $0 }) -> String {
    guard s.utf8.count > shownMessageLimit / 12 else { return display(s) }  // 12 bytes: the longest a scalar shows
    func width(_ part: Substring) -> Int { display(String(part)).unicodeScalars.count }
    // Measured character by character up to the limit, never shown whole: a message of a million
    // control characters is cut in time linear in what is shown.
    var measured = 0
    for character in s {
      measured += width(Substring(String(character)))
      if measured > shownMessageLimit { break }
    }
    guard measured > shownMessageLimit else { return display(s) }
    var head = s.startIndex
    var headScalars = 0
    for index in s.indices {
      let next = s.index(after: index)
      let scalars = width(s[index..<next])
      guard headScalars + scalars <= shownHeadLimit else { break }
      headScalars += scalars
      head = next
    }
    var tail = s.endIndex
    var tailScalars = 0
    while tail > head {
      let previous = s.index(before: tail)
      let scalars = width(s[previous..<tail])
      guard tailScalars + scalars <= shownMessageEnd else { break }
      tailScalars += scalars
      tail = previous
    }
    // A character longer than the whole part shown (a letter with thousands of accents) shows its
    // first scalars rather than nothing.
    var shownHead = display(String(s[..<head]))
    if head < s.endIndex {
      let cluster = display(String(s[head..<s.index(after: head)])).unicodeScalars
      if cluster.count > shownHeadLimit {
        shownHead += String(String.UnicodeScalarView(cluster.prefix(shownHeadLimit - headScalars)))
      }
    }
    return shownHead + "…" + display(String(s[tail...]))
  }

  package func text(_ diagnostics: [Diagnostic]) -> String { textChunks(diagnostics).joined() }

  /// The text format in order, in chunks rendered on all cores (excerpts cost the most); writing
  /// the chunks one after another prints what `render` returns.
  public func textChunks(_ diagnostics: [Diagnostic]) -> [String] {
    let chunk = 256
    return parallelMap((diagnostics.count + chunk - 1) / chunk) { k in
      // UTF-8 bytes appended to one buffer: appending to a String costs several times more.
      var out: [UInt8] = []
      out.reserveCapacity(chunk * 512)
      var notes = RenderedNotes()
      for d in diagnostics[(k * chunk)..<min(diagnostics.count, (k + 1) * chunk)] { text(d, into: &out, notes: &notes) }
      return String(decoding: out, as: UTF8.self)
    }
  }

  /// Notes already rendered, by message and spot: many findings point at the same definition
  /// ("screen 'show-0' is defined here"), and its heading and excerpt are worked out once.
  package struct RenderedNotes {
    package struct Key: Hashable {
      package let file: ObjectIdentifier
      package let offset: Int
      package let message: String
    }
    package var texts: [Key: [UInt8]] = [:]
  }

  /// One diagnostic in the text format, with its excerpt, fix-it and notes; its notes taken from
  /// (and added to) those already rendered.
  package func text(_ d: Diagnostic, into out: inout [UInt8], notes: inout RenderedNotes) {
    let label: String
    switch d.severity {
    case .error: label = paint("error:", "1;31")
    case .warning: label = paint("warning:", "1;35")
    case .note: label = paint("note:", "1;36")
    }
    // Each spot's line and column are worked out once, for the heading and the excerpt.
    let location = d.location
    if let location {
      heading(location, into: &out)
    } else {
      out += paint(visible(d.path.map { "\(shownPath($0)): " } ?? ""), "1")
    }
    out += label
    out += " "
    out += paint(Self.shown(shownMessage(d.message), as: TerminalText.distinct), "1")
    out += " [\(d.code)]\n"
    if let spot = d.spot, let location { excerpt(spot, at: location, into: &out) }
    if let fix = d.fixIt {
      out += repeatElement(UInt8(ascii: " "), count: location.map { String($0.line).utf8.count } ?? 0)
      out += " = "
      out += paint("fix-it:", "1;32")
      out += " "
      out += Self.shown(fix.summary, as: TerminalText.distinct)
      out += "\n"
    }
    for note in d.notes {
      guard let spot = note.spot else {
        noteText(note, into: &out)
        continue
      }
      let key = RenderedNotes.Key(file: ObjectIdentifier(spot.file), offset: spot.offset, message: note.message)
      if let rendered = notes.texts[key] {
        out += rendered
      } else {
        var rendered: [UInt8] = []
        noteText(note, into: &rendered)
        out += rendered
        notes.texts[key] = rendered
      }
    }
  }

  /// A note: its heading, message and excerpt.
  private func noteText(_ note: DiagnosticNote, into out: inout [UInt8]) {
    let noteLocation = note.spot?.location
    if let noteLocation { heading(noteLocation, into: &out) } else if color { out += paint("", "1") }
    out += paint("note:", "1;36")
    out += " "
    out += Self.shown(shownMessage(note.message), as: TerminalText.distinct)
    out += "\n"
    if let spot = note.spot, let noteLocation { excerpt(spot, at: noteLocation, into: &out) }
  }

  /// `file:line:column: `, bold when in colour, appended piece by piece (no interpolation).
  private func heading(_ location: SourceLocation, into out: inout [UInt8]) {
    if color { out += "\u{1B}[1m" }
    out += visible(shownPath(location.file))
    out += ":"
    out += String(location.line)
    out += ":"
    out += String(location.column)
    out += ": "
    if color { out += "\u{1B}[0m" }
  }

  /// A path as the text format shows it: under the `relabeled` folder, its label instead.
  package func shownPath(_ path: String) -> String {
    guard let (folder, label) = relabeled else { return path }
    if path == folder { return label }
    guard path.hasPrefix(folder + "/") else { return path }
    return label + path.dropFirst(folder.count)
  }

  /// A message as the text format shows it: the `relabeled` folder, quoted alone or at the start
  /// of a quoted path, as its label.
  package func shownMessage(_ message: String) -> String {
    guard let (folder, label) = relabeled else { return message }
    return message.replacingOccurrences(of: "'\(folder)'", with: "'\(label)'")
      .replacingOccurrences(of: "'\(folder)/", with: "'\(label)/")
  }

  /// The widest source line an excerpt shows; longer lines (minified JSON) are cut to a window
  /// around the column.
  package static let excerptWidth = 120

  /// The source line of a spot, with the token at the spot underlined (`^~~~`). Control
  /// characters are shown escaped, and the underline follows display width (wide characters and
  /// emoji take two columns), so that it lands under the token in a terminal.
  package func excerpt(_ spot: SourceSpot, at location: SourceLocation, into out: inout [UInt8]) {
    let number = String(location.line)
    let (scalars, caret) = spot.file.excerptLine(
      at: spot.offset, line: location.line, column: location.column, width: Self.excerptWidth)
    guard !scalars.isEmpty else { return }
    let length = max(1, min(spot.file.tokenLength(at: spot.offset), scalars.count - caret))
    let gutter = repeatElement(UInt8(ascii: " "), count: number.utf8.count)
    out += gutter
    out += " |\n"
    out += number
    out += " | "
    if Self.isPlainASCII(scalars) {
      // Bytes straight into the output: no strings made for the line or its marks.
      let (shown, marks) = Self.plainMarks(scalars, caret: caret, length: length)
      out += shown
      out.append(UInt8(ascii: "\n"))
      out += gutter
      out += " | "
      let firstMark = min(caret, scalars.count)
      out += marks[..<firstMark]
      if color { out += "\u{1B}[1;32m" }
      out += marks[firstMark...]
      if color { out += "\u{1B}[0m" }
    } else {
      let (shown, marks) = Self.marks(scalars, caret: caret, length: length)
      let firstMark = marks.utf8.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? marks.endIndex
      out += shown
      out += "\n"
      out += gutter
      out += " | "
      out += marks.utf8[..<firstMark]
      out += paint(String(marks[firstMark...]), "1;32")
    }
    out += "\n"
  }

  /// Whether every scalar of an excerpt is printable ASCII (or the "…" of a cut line): one column
  /// each, nothing to escape, no grapheme clusters — most JSON and XML lines.
  package static func isPlainASCII(_ scalars: [Unicode.Scalar]) -> Bool {
    scalars.allSatisfy { ($0.value >= 0x20 && $0.value < 0x7F) || $0 == "…" }
  }

  /// The excerpt line and its marks, as UTF-8 bytes, when every scalar takes one column: the
  /// marks are `caret` spaces, `^` and `~` under the rest of the token.
  package static func plainMarks(_ scalars: [Unicode.Scalar], caret: Int, length: Int) -> (shown: [UInt8], marks: [UInt8]) {
    var shown: [UInt8] = []
    shown.reserveCapacity(scalars.count + 6)
    for scalar in scalars {
      if scalar.value < 0x80 { shown.append(UInt8(scalar.value)) } else { shown += [0xE2, 0x80, 0xA6] }  // "…"
    }
    var marks = [UInt8](repeating: 0x20, count: min(caret, scalars.count))
    marks.append(UInt8(ascii: "^"))
    if caret < scalars.count {
      let underlined = min(caret + length, scalars.count) - caret
      marks += repeatElement(UInt8(ascii: "~"), count: max(0, underlined - 1))
    }
    return (shown, marks)
  }

  /// The excerpt line made visible and its marks, character by character with terminal widths.
  package static func marks(_ scalars: [Unicode.Scalar], caret: Int, length: Int) -> (shown: String, marks: String) {
    var source = String.UnicodeScalarView()
    source.append(contentsOf: scalars)
    var shown = ""
    var marks = ""
    var index = 0  // scalars of the line before the current character
    for character in String(source) {
      let count = character.unicodeScalars.count
      defer { index += count }
      // Keep tabs in both lines so that the marks line up with the source.
      let text = character == "\t" ? "\t" : TerminalText.distinct(String(character))
      shown += text
      let width = text == "\t" ? 1 : text.reduce(0) { $0 + TerminalText.width($1) }
      if index + count <= caret {
        marks += text == "\t" ? "\t" : String(repeating: " ", count: width)
      } else if index < caret + length {
        // A character that takes no column (a zero-width space) takes no mark after the caret.
        marks += index <= caret ? "^" + String(repeating: "~", count: max(0, width - 1)) : String(repeating: "~", count: width)
      }
    }
    if index <= caret { marks += "^" }
    return (shown, marks)
  }

  // MARK: json

  public static func jsonObject(_ d: Diagnostic) -> JSONOut {
    var members: [(String, JSONOut)] = [
      ("severity", .string(d.severity.rawValue)), ("code", .string(d.code)), ("message", .string(d.message)),
      ("file", .optional(d.location?.file ?? d.path)),
      ("line", d.location.map { .int($0.line) } ?? .null),
      ("column", d.location.map { .int($0.column) } ?? .null),
      // The end of the token the text format underlines, on its line (the column after it).
      ("end_line", d.location.map { .int($0.line) } ?? .null),
      ("end_column", d.spot.map { .int($0.location.column + $0.file.tokenLength(at: $0.offset)) } ?? .null),
      ("pointer", .optional(d.pointer)),
    ]
    // A summary of findings past the cap says how many it stands for.
    if d.omittedCount > 0 { members.append(("omitted", .int(d.omittedCount))) }
    // Always present, as `notes` is: `[]` for a finding without a fix.
    members.append(("fixits", .array(d.fixIt.map { [jsonFixIt($0, file: d.location?.file ?? d.path)] } ?? [])))
    members.append(
      (
        "notes",
        .array(
          d.notes.map { note in
            let l = note.spot?.location
            return .object([
              ("message", .string(note.message)), ("file", .optional(l?.file)),
              ("line", l.map { .int($0.line) } ?? .null), ("column", l.map { .int($0.column) } ?? .null),
            ])
          })
      ))
    return .object(members)
  }

  /// `{message, file, line, column, end_line, end_column, replacement}`; the positions are null
  /// for a fix without a source range (a command-line value).
  package static func jsonFixIt(_ fix: FixIt, file: String?) -> JSONOut {
    let start = fix.range?.start
    let end = fix.range?.end
    return .object([
      ("message", .string(fix.message)), ("file", .optional(start?.file ?? file)),
      ("line", start.map { .int($0.line) } ?? .null), ("column", start.map { .int($0.column) } ?? .null),
      ("end_line", end.map { .int($0.line) } ?? .null), ("end_column", end.map { .int($0.column) } ?? .null),
      ("replacement", .string(fix.replacement)),
    ])
  }

  package func json(_ diagnostics: [Diagnostic], fileCount: Int) -> String {
    JSONOut.object([
      ("version", .int(1)),
      ("diagnostics", .array(diagnostics.map(Self.jsonObject))),
      (
        "summary",
        .object([
          ("errors", .int(diagnostics.count(of: .error))),
          ("warnings", .int(diagnostics.count(of: .warning))),
          ("files", .int(fileCount)),
        ])
      ),
    ]).serialized()
  }

  // MARK: github

  package func github(_ diagnostics: [Diagnostic]) -> String {
    var out = ""
    for d in diagnostics.map({ $0.anchoredInProject(fallback: anchorFallback) }) {
      let command = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
      var properties: [String] = []
      if let file = d.location?.file ?? d.path { properties.append("file=" + escapeFileProperty(sourceRoot.relative(file) ?? file)) }
      if let l = d.location {
        properties.append("line=\(l.line)")
        properties.append("col=\(l.column)")
      }
      properties.append("title=" + escapeProperty(d.code))
      let fix = d.fixIt.map { "%0A" + escapeData("fix-it: " + Self.shown($0.summary, as: Self.visible)) } ?? ""
      let notes = d.notes.map { "%0A" + escapeData(noteLine($0)) }.joined()
      out += "::\(command) \(properties.joined(separator: ","))::\(escapeData(Self.shown(d.message, as: Self.visible)))\(fix)\(notes)\n"
    }
    return out
  }

  /// A note as an annotation's line: `file:line:column: note: message`, its file relative to the
  /// repository, or the message alone for a note of no place.
  package func noteLine(_ note: DiagnosticNote) -> String {
    let place = note.spot.map { spot in
      let l = spot.location
      return "\(sourceRoot.relative(l.file) ?? l.file):\(l.line):\(l.column): "
    }
    return (place ?? "") + "note: " + Self.shown(note.message, as: Self.visible)
  }

  /// A workflow command's message: control characters made visible, then `%`, CR and LF escaped
  /// as the runner expects; in one pass over the bytes.
  /// `s` with its control and bidirectional characters escaped, as annotations show them.
  static func visible(_ s: String) -> String { TerminalText.visible(s) }

  package func escapeData(_ s: String) -> String { Self.escaped(TerminalText.visible(s), property: false) }

  /// A workflow command's property: as its message, and `:` and `,` escaped too.
  package func escapeProperty(_ s: String) -> String { Self.escaped(TerminalText.visible(s), property: true) }

  /// A workflow command's `file` property: a line break in the path escaped as the runner decodes
  /// it (`%0A`), so the annotation names the file; other control characters, which it does not
  /// decode, made visible as `escapeProperty` does.
  package func escapeFileProperty(_ path: String) -> String {
    let breaksAlone = path.unicodeScalars.allSatisfy { $0 == "\n" || $0 == "\r" || !TerminalText.isEscaped($0) }
    return breaksAlone ? Self.escaped(path, property: true) : escapeProperty(path)
  }

  package static func escaped(_ s: String, property: Bool) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count)
    for byte in s.utf8 {
      switch byte {
      case UInt8(ascii: "%"): out += "%25".utf8
      case 0x0D: out += "%0D".utf8
      case 0x0A: out += "%0A".utf8
      case UInt8(ascii: ":") where property: out += "%3A".utf8
      case UInt8(ascii: ",") where property: out += "%2C".utf8
      default: out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}

/// Appends a string's UTF-8 bytes (the text printer's buffer).
private func += (bytes: inout [UInt8], text: String) {
  var text = text
  text.withUTF8 { bytes.append(contentsOf: $0) }
}
