import Foundation
import ZappDiagnostics
import ZappLayout
import ZappModel
import ZappResolution
import ZappRules

// SARIF 2.1.0 for code scanning: rules with help links, results located in repository files
// relative to %SRCROOT%.
extension DiagnosticPrinter {
  /// The link to a rule's section of docs/rules.md (GitHub's heading anchor of `### CODE name`).
  public static func helpURI(_ rule: Rule) -> String {
    "\(zlcHomepage)/blob/main/docs/rules.md#\(rule.code.lowercased())-\(rule.name.lowercased())"
  }

  /// The most results one run holds: GitHub code scanning refuses a run of more.
  public static let sarifResultLimit = 25_000

  package func sarif(_ diagnostics: [Diagnostic]) -> String {
    let index = Dictionary(uniqueKeysWithValues: Rule.all.enumerated().map { ($0.element.code, $0.offset) })
    // Past the limit, errors first, then one result counting the rest.
    let (kept, left) =
      diagnostics.count > Self.sarifResultLimit ? Self.shownInFull(diagnostics, limit: Self.sarifResultLimit - 1) : (diagnostics, [])
    var results = kept.map { sarifResult($0.anchoredInProject(fallback: anchorFallback), ruleIndex: index[$0.code] ?? 0) }
    if let first = left.first { results.append(leftOutResult(first, left, ruleIndex: index[first.code] ?? 0)) }
    var run: [(String, JSONOut)] = [
      (
        "tool",
        .object([
          (
            "driver",
            .object([
              ("name", .string("zlc")), ("version", .string(toolVersion)), ("semanticVersion", .string(zlcVersion)),
              ("informationUri", .string(zlcHomepage)), ("rules", .array(Rule.all.map(sarifRule))),
            ])
          )
        ])
      )
    ]
    run.append(
      (
        "originalUriBaseIds",
        .object([
          ("%SRCROOT%", .object([("uri", .string(fileURI(sourceRoot.path, directory: true)))])),
          (
            "ZLC_FAMILIES",
            .object([
              ("uri", .string("\(zlcHomepage)/blob/v\(zlcVersion)/families/")),
              ("description", .object([("text", .string("The families built into zlc."))])),
            ])
          ),
        ])
      ))
    run.append(("columnKind", .string("unicodeCodePoints")))
    run.append(("results", .array(results)))
    return JSONOut.object([
      ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
      ("version", .string("2.1.0")),
      ("runs", .array([.object(run)])),
    ]).serialized()
  }

  /// One result for the findings past `sarifResultLimit`, at the first of them: how many, of which
  /// severities, and where to read them all (`properties.omitted` holds the count).
  func leftOutResult(_ first: Diagnostic, _ left: [Diagnostic], ruleIndex: Int) -> JSONOut {
    let total = left.reduce(0) { $0 + $1.findingCount }
    let counts = [Severity.error, .warning, .note].compactMap { severity -> String? in
      let n = left.filter { $0.severity == severity }.reduce(0) { $0 + $1.findingCount }
      return n == 0 ? nil : "\(n) \(severity == .note ? "note" : severity.rawValue)\(n == 1 ? "" : "s")"
    }
    var summary = first.anchoredInProject(fallback: anchorFallback)
    summary.severity = left.contains { $0.severity == .error } ? .error : left.contains { $0.severity == .warning } ? .warning : .note
    summary.message =
      "and \(total) more \(total == 1 ? "finding" : "findings") (\(counts.joined(separator: ", "))) not in this report: code "
      + "scanning takes at most \(Self.sarifResultLimit) results of a run; zlc check --format json lists them"
    summary.notes = []
    summary.fixIt = nil
    guard case .object(var members) = sarifResult(summary, ruleIndex: ruleIndex) else { return .null }
    members.removeAll { $0.0 == "properties" }
    members.append(("properties", .object([("omitted", .int(total))])))
    return .object(members)
  }

  package func sarifRule(_ rule: Rule) -> JSONOut {
    .object([
      ("id", .string(rule.code)), ("name", .string(rule.name)),
      ("shortDescription", .object([("text", .string(rule.summary))])),
      ("fullDescription", .object([("text", .string(rule.explanation))])),
      ("helpUri", .string(Self.helpURI(rule))),
      (
        "help",
        .object([
          ("text", .string("\(rule.explanation)\n\nBad:\n\(rule.bad.text)\n\nGood:\n\(rule.good.text)")),
          ("markdown", .string("\(rule.explanation)\n\n**Bad**\n\n```\n\(rule.bad.text)\n```\n\n**Good**\n\n```\n\(rule.good.text)\n```")),
        ])
      ),
      ("defaultConfiguration", .object([("level", .string(sarifLevel(rule.severity)))])),
      ("properties", .object([("category", .string(rule.category.rawValue))])),
    ])
  }

  package func sarifResult(_ d: Diagnostic, ruleIndex: Int) -> JSONOut {
    var members: [(String, JSONOut)] = [
      ("ruleId", .string(d.code)), ("ruleIndex", .int(ruleIndex)),
      ("level", .string(sarifLevel(d.severity))),
      ("message", .object([("text", .string(Self.messageText(d)))])),
    ]
    if let file = d.location?.file ?? d.path {
      var location: [(String, JSONOut)] = [("physicalLocation", physicalLocation(file, d.location, spot: d.spot))]
      if let p = d.pointer {
        location.append(("logicalLocations", .array([.object([("fullyQualifiedName", .string(p.isEmpty ? "/" : p))])])))
      }
      members.append(("locations", .array([.object(location)])))
    }
    let related = d.notes.enumerated().compactMap { i, note -> JSONOut? in
      guard let l = note.spot?.location else { return nil }
      return .object([
        ("id", .int(i)), ("physicalLocation", physicalLocation(l.file, l, spot: note.spot)),
        ("message", .object([("text", .string(note.message))])),
      ])
    }
    if !related.isEmpty { members.append(("relatedLocations", .array(related))) }
    if let fix = d.fixIt, let range = fix.range { members.append(("fixes", .array([sarifFix(fix, range)]))) }
    if d.omittedCount > 0 { members.append(("properties", .object([("omitted", .int(d.omittedCount))]))) }
    return .object(members)
  }

  /// A result's message: the diagnostic's, then the lines of what has no place of its own in SARIF
  /// (a note of no place, a fix-it of no range, such as a command-line value's), as the text
  /// format prints them.
  package static func messageText(_ d: Diagnostic) -> String {
    var text = d.message
    if let fix = d.fixIt, fix.range == nil { text += "\nfix-it: " + fix.summary }
    for note in d.notes where note.spot == nil { text += "\nnote: " + note.message }
    return text
  }

  /// A SARIF `fix`: one artifact change that replaces the range's region with the replacement.
  package func sarifFix(_ fix: FixIt, _ range: SourceRange) -> JSONOut {
    let (start, end) = (range.start, range.end)
    let region = JSONOut.object([
      ("startLine", .int(start.line)), ("startColumn", .int(start.column)), ("endLine", .int(end.line)), ("endColumn", .int(end.column)),
    ])
    let replacement = JSONOut.object([("deletedRegion", region), ("insertedContent", .object([("text", .string(fix.replacement))]))])
    return .object([
      ("description", .object([("text", .string(fix.message))])),
      (
        "artifactChanges", .array([.object([("artifactLocation", artifactLocation(start.file)), ("replacements", .array([replacement]))])])
      ),
    ])
  }

  /// An artifact and its region: from `location` to the end of the token at `spot` (the one the
  /// text format underlines) on its line; SARIF's `endColumn` is the column after the region.
  package func physicalLocation(_ file: String, _ location: SourceLocation?, spot: SourceSpot? = nil) -> JSONOut {
    var physical: [(String, JSONOut)] = [("artifactLocation", artifactLocation(file))]
    if let l = location {
      var region: [(String, JSONOut)] = [("startLine", .int(l.line)), ("startColumn", .int(l.column))]
      if let spot {
        region += [("endLine", .int(l.line)), ("endColumn", .int(l.column + spot.file.tokenLength(at: spot.offset)))]
      }
      physical.append(("region", .object(region)))
    }
    return .object(physical)
  }

  /// A repository file as a URI relative to %SRCROOT%; a file outside as an absolute file URI; a
  /// built-in family relative to ZLC_FAMILIES, the families/ folder of zlc's own repository.
  package func artifactLocation(_ path: String) -> JSONOut {
    if Diagnostic.isBuiltin(path) {
      return .object([
        ("uri", .string(relativeReference(String(path.dropFirst("<built-in>/".count))))), ("uriBaseId", .string("ZLC_FAMILIES")),
      ])
    }
    if let relative = sourceRoot.relative(path) {
      return .object([("uri", .string(relative.isEmpty ? "./" : relativeReference(relative))), ("uriBaseId", .string("%SRCROOT%"))])
    }
    return .object([("uri", .string(fileURI(sourceRoot.absolute(path), directory: false)))])
  }

  package func fileURI(_ absolute: String, directory: Bool) -> String {
    let encoded = percentEncoded(absolute)
    return "file://" + encoded + (directory && !encoded.hasSuffix("/") ? "/" : "")
  }

  package func percentEncoded(_ path: String, colons: Bool = false) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: ";?#[]%" + (colons ? ":" : ""))
    return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
  }

  /// A relative path as a relative reference: its colons encoded too (`%3A`), since a first segment
  /// with a colon (`c:app/home.json`) would read as a URI of scheme `c` (RFC 3986, section 4.2).
  package func relativeReference(_ path: String) -> String { percentEncoded(path, colons: true) }

  package func sarifLevel(_ s: Severity) -> String {
    switch s {
    case .error: return "error"
    case .warning: return "warning"
    case .note: return "note"
    }
  }
}
