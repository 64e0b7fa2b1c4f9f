import Foundation

/// Output formats for diagnostics.
public enum DiagnosticFormat: String, CaseIterable, Sendable {
  case text, json, sarif, github
}

/// Renders diagnostics in one of the formats.
public struct DiagnosticPrinter {
  public var format: DiagnosticFormat
  public var color: Bool
  public var toolVersion: String

  public init(format: DiagnosticFormat, color: Bool = false, toolVersion: String = zlcVersion) {
    self.format = format
    self.color = color
    self.toolVersion = toolVersion
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

  private func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

  func text(_ diagnostics: [Diagnostic]) -> String {
    var out = ""
    for d in diagnostics {
      let label: String
      switch d.severity {
      case .error: label = paint("error:", "1;31")
      case .warning: label = paint("warning:", "1;35")
      case .note: label = paint("note:", "1;36")
      }
      let location = d.location.map { "\($0.file):\($0.line):\($0.column): " } ?? d.path.map { "\($0): " } ?? ""
      out += paint(location, "1") + label + " " + paint(d.message, "1") + " [\(d.code)]\n"
      if let spot = d.spot { out += excerpt(spot, underline: d.fixIt?.range.map { $0.spot.offset == spot.offset ? $0.text : "" }) }
      if let fix = d.fixIt { out += fixItLine(fix, gutter: d.spot.map { String($0.location.line).count } ?? 0) }
      for note in d.notes {
        let l =
          note.spot.map { s -> String in
            let x = s.location
            return "\(x.file):\(x.line):\(x.column): "
          } ?? ""
        out += paint(l, "1") + paint("note:", "1;36") + " " + note.message + "\n"
        if let spot = note.spot { out += excerpt(spot) }
      }
    }
    return out
  }

  /// The widest source line an excerpt shows; longer lines (minified JSON) are cut to a window
  /// around the column.
  static let excerptWidth = 120

  /// The fix-it under the caret, swift-syntax style: `  = fix-it: did you mean 'grid'? replace '"gird"' with '"grid"'`.
  func fixItLine(_ fix: FixIt, gutter: Int) -> String {
    let action = fix.range.map { " replace '\($0.text)' with '\(fix.replacement)'" } ?? ""
    return String(repeating: " ", count: gutter) + " = " + paint("fix-it:", "1;32") + " " + fix.message + action + "\n"
  }

  /// A source line with a caret at the spot; `underline` (the text of a fix-it's range starting
  /// there) extends the caret with `~` over the rest of its first line.
  func excerpt(_ spot: SourceSpot, underline: String? = nil) -> String {
    let number = String(spot.location.line)
    let (scalars, caret) = spot.file.excerptLine(at: spot.offset, width: Self.excerptWidth)
    guard !scalars.isEmpty else { return "" }
    var line = String.UnicodeScalarView()
    line.append(contentsOf: scalars)
    let gutter = String(repeating: " ", count: number.count)
    // Keep tabs in the caret line so the caret lines up with the source.
    var caretPrefix = ""
    for (i, ch) in scalars.enumerated() where i < caret {
      caretPrefix.unicodeScalars.append(ch == "\t" ? "\t" : " ")
    }
    let covered = (underline ?? "").prefix { $0 != "\n" }.unicodeScalars.count
    let tildes = String(repeating: "~", count: max(0, min(covered, scalars.count - caret) - 1))
    return "\(gutter) |\n\(number) | \(String(line))\n\(gutter) | \(caretPrefix)\(paint("^" + tildes, "1;32"))\n"
  }

  // MARK: json

  public static func jsonObject(_ d: Diagnostic) -> JSONOut {
    var members: [(String, JSONOut)] = [
      ("severity", .string(d.severity.rawValue)), ("code", .string(d.code)), ("message", .string(d.message)),
      ("file", .optional(d.location?.file ?? d.path)),
      ("line", d.location.map { .int($0.line) } ?? .null),
      ("column", d.location.map { .int($0.column) } ?? .null),
      ("pointer", .optional(d.pointer)),
    ]
    if let fix = d.fixIt { members.append(("fixits", .array([jsonFixIt(fix, file: d.location?.file ?? d.path)]))) }
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

  /// `{message, file, line, column, end_line, end_column, replacement}`; positions are null for a
  /// fix without a source range.
  static func jsonFixIt(_ fix: FixIt, file: String?) -> JSONOut {
    let start = fix.range?.start
    let end = fix.range?.end
    return .object([
      ("message", .string(fix.message)), ("file", .optional(start?.file ?? file)),
      ("line", start.map { .int($0.line) } ?? .null), ("column", start.map { .int($0.column) } ?? .null),
      ("end_line", end.map { .int($0.line) } ?? .null), ("end_column", end.map { .int($0.column) } ?? .null),
      ("replacement", .string(fix.replacement)),
    ])
  }

  func json(_ diagnostics: [Diagnostic], fileCount: Int) -> String {
    JSONOut.object([
      ("version", .int(1)),
      ("diagnostics", .array(diagnostics.map(Self.jsonObject))),
      (
        "summary",
        .object([
          ("errors", .int(diagnostics.filter { $0.severity == .error }.count)),
          ("warnings", .int(diagnostics.filter { $0.severity == .warning }.count)),
          ("files", .int(fileCount)),
        ])
      ),
    ]).serialized()
  }

  // MARK: sarif

  func sarif(_ diagnostics: [Diagnostic]) -> String {
    let rules = Rule.all.map { rule -> JSONOut in
      .object([
        ("id", .string(rule.code)), ("name", .string(rule.name)),
        ("shortDescription", .object([("text", .string(rule.summary))])),
        ("fullDescription", .object([("text", .string(rule.explanation))])),
        (
          "help",
          .object([
            ("text", .string("\(rule.explanation)\n\nBad:\n\(rule.bad.text)\n\nGood:\n\(rule.good.text)")),
            (
              "markdown", .string("\(rule.explanation)\n\n**Bad**\n\n```\n\(rule.bad.text)\n```\n\n**Good**\n\n```\n\(rule.good.text)\n```")
            ),
          ])
        ),
        ("defaultConfiguration", .object([("level", .string(sarifLevel(rule.severity)))])),
        ("properties", .object([("category", .string(rule.category.rawValue))])),
      ])
    }
    let index = Dictionary(uniqueKeysWithValues: Rule.all.enumerated().map { ($0.element.code, $0.offset) })
    let results = diagnostics.map { d -> JSONOut in
      var members: [(String, JSONOut)] = [
        ("ruleId", .string(d.code)), ("ruleIndex", .int(index[d.code] ?? 0)),
        ("level", .string(sarifLevel(d.severity))),
        ("message", .object([("text", .string(d.message))])),
      ]
      if let file = d.location?.file ?? d.path {
        var physical: [(String, JSONOut)] = [("artifactLocation", .object([("uri", .string(sarifURI(file)))]))]
        if let l = d.location {
          physical.append(("region", .object([("startLine", .int(l.line)), ("startColumn", .int(l.column))])))
        }
        var location: [(String, JSONOut)] = [("physicalLocation", .object(physical))]
        if let p = d.pointer {
          location.append(("logicalLocations", .array([.object([("fullyQualifiedName", .string(p.isEmpty ? "/" : p))])])))
        }
        members.append(("locations", .array([.object(location)])))
      }
      let related = d.notes.compactMap { note -> JSONOut? in
        guard let l = note.spot?.location else { return nil }
        return .object([
          (
            "physicalLocation",
            .object([
              ("artifactLocation", .object([("uri", .string(sarifURI(l.file)))])),
              ("region", .object([("startLine", .int(l.line)), ("startColumn", .int(l.column))])),
            ])
          ),
          ("message", .object([("text", .string(note.message))])),
        ])
      }
      if !related.isEmpty { members.append(("relatedLocations", .array(related))) }
      if let fix = d.fixIt, let range = fix.range { members.append(("fixes", .array([sarifFix(fix, range)]))) }
      return .object(members)
    }
    return JSONOut.object([
      ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
      ("version", .string("2.1.0")),
      (
        "runs",
        .array([
          .object([
            (
              "tool",
              .object([
                (
                  "driver",
                  .object([
                    ("name", .string("zlc")), ("version", .string(toolVersion)),
                    ("informationUri", .string("https://github.com/zapp-layout/zlc")),
                    ("rules", .array(rules)),
                  ])
                )
              ])
            ),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results)),
          ])
        ])
      ),
    ]).serialized()
  }

  /// A SARIF 2.1.0 `fix`: one artifact change replacing the range's region.
  func sarifFix(_ fix: FixIt, _ range: SourceRange) -> JSONOut {
    let start = range.start
    let end = range.end
    return .object([
      ("description", .object([("text", .string(fix.message))])),
      (
        "artifactChanges",
        .array([
          .object([
            ("artifactLocation", .object([("uri", .string(sarifURI(start.file)))])),
            (
              "replacements",
              .array([
                .object([
                  (
                    "deletedRegion",
                    .object([
                      ("startLine", .int(start.line)), ("startColumn", .int(start.column)), ("endLine", .int(end.line)),
                      ("endColumn", .int(end.column)),
                    ])
                  ),
                  ("insertedContent", .object([("text", .string(fix.replacement))])),
                ])
              ])
            ),
          ])
        ])
      ),
    ])
  }

  func sarifLevel(_ s: Severity) -> String {
    switch s {
    case .error: return "error"
    case .warning: return "warning"
    case .note: return "note"
    }
  }

  func sarifURI(_ path: String) -> String {
    var p = path
    while p.hasPrefix("./") { p.removeFirst(2) }
    return p.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? p
  }

  // MARK: github

  func github(_ diagnostics: [Diagnostic]) -> String {
    var out = ""
    for d in diagnostics {
      let command = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
      var properties: [String] = []
      if let file = d.location?.file ?? d.path { properties.append("file=" + escapeProperty(file)) }
      if let l = d.location {
        properties.append("line=\(l.line)")
        properties.append("col=\(l.column)")
      }
      properties.append("title=" + escapeProperty(d.code))
      let fix =
        d.fixIt.map { f in "\nfix-it: " + f.message + (f.range.map { " replace '\($0.text)' with '\(f.replacement)'" } ?? "") } ?? ""
      out += "::\(command) \(properties.joined(separator: ","))::\(escapeData(d.message + fix))\n"
    }
    return out
  }

  func escapeData(_ s: String) -> String {
    s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
  }

  func escapeProperty(_ s: String) -> String {
    escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}

/// The version of zlc, written to bundles and SARIF.
public let zlcVersion = "0.1.0"
