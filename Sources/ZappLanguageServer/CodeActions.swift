import Foundation
import ZappDiagnostics
import ZappLayout
import ZappLayoutCompiler
import ZappModel
import ZappReaders
import ZappRules
import ZappWriters

extension DocumentQuery {
  /// Quick fixes for the diagnostics between two positions: each fix-it (did-you-mean), and for an
  /// unknown data source type, declaring it in `zlc.json`. A fix-it `zlc check --fix` holds back
  /// (`FixApplier.Holds`: the name it suggests may be wrong while a file that defines names, or a
  /// screens file, has errors) is offered as not preferred, its title naming those files, and so
  /// is one the file would not read back with beside its other fixes (`fixItsLeftOut(in:)`).
  /// `clientCreatesFiles`: whether the client applies edits that create a file.
  func codeActions(from start: TextPosition?, to end: TextPosition?, clientCreatesFiles: Bool) -> [JSONObject] {
    let lines = document.lines
    let from = start.map(lines.offset) ?? 0
    let to = end.map(lines.offset) ?? from
    var actions: [JSONObject] = []
    var indexes: [String: LineIndex] = [document.path: lines]
    for d in session.diagnosticsByPath[document.path] ?? [] {
      guard let spot = d.spot, spot.file.path == document.path else { continue }
      let start = spot.offset
      let end = lines.tokenEnd(at: start)
      guard start < document.bytes.count, start <= to, from <= end else { continue }
      let diagnostic = session.lspDiagnostic(d, indexes: &indexes)
      // The compiler's own fix-it: a range of the checked text (this buffer) and its replacement.
      if let fix = d.fixIt, let range = fix.range, range.spot.file.path == document.path {
        let fixStart = range.spot.offset
        let fixEnd = min(fixStart + range.length, document.bytes.count)
        let shown = Self.shownText(of: fix.replacement, inXML: document.path.lowercased().hasSuffix(".xml"))
        let heldBy = session.fixHolds?.files(holding: d).sorted() ?? []
        var title = fix.replacement.isEmpty ? "Remove '\(range.text)'" : "Change to '\(shown)'"
        let leftOut = heldBy.isEmpty && FixApplier.identity(of: fix).map(session.fixItsLeftOut(in: range.spot.file).contains) == true
        if !heldBy.isEmpty {
          title += " (unsure while \(heldBy.map { "'\($0)'" }.joined(separator: ", ")) \(heldBy.count == 1 ? "has" : "have") errors)"
        } else if leftOut {
          title += " (unsure beside this file's other fixes, which rename into the same name)"
        }
        actions.append([
          "title": title,
          "kind": "quickfix",
          "isPreferred": heldBy.isEmpty && !leftOut,
          "diagnostics": [diagnostic],
          "edit": ["changes": [document.uri: [["range": lines.range(fixStart, fixEnd), "newText": fix.replacement]]]],
        ])
      }
      if d.rule == .unknownDataType, let name = LooseJSON.parse(Array(document.bytes[start..<end]))?.text, !name.isEmpty,
        let (file, edit) = declareDataType(name, clientCreatesFiles: clientCreatesFiles)
      {
        actions.append(["title": "Declare data type '\(name)' in \(file)", "kind": "quickfix", "diagnostics": [diagnostic], "edit": edit])
      }
    }
    return actions
  }

  /// The text a fix-it's replacement writes, as its action's title names it: a JSON string's text
  /// (in either quotes) with its escapes decoded, an XML attribute value's (in either quotes) with its entities
  /// decoded, anything else as written.
  static func shownText(of replacement: String, inXML: Bool) -> String {
    guard replacement.count >= 2, let quote = replacement.first, quote == "\"" || quote == "'", replacement.last == quote else {
      return replacement
    }
    if inXML {
      let element = XMLReader.read(SourceFile(path: "fix.xml", bytes: Array("<a v=\(replacement)/>".utf8))).root
      return element?.attribute("v")?.value ?? replacement
    }
    // A single-quoted string's escapes read as a double-quoted one's.
    let literal = quote == "\"" ? replacement : "\"" + replacement.dropFirst().dropLast() + "\""
    return LooseJSON.parse(Array(literal.utf8))?.text ?? replacement
  }

  /// A JSON string literal, escaped as zlc writes one (`JSONWriter`).
  static func quoted(_ text: String) -> String { JSON.string(text).encodedString(pretty: false) }

  /// The body of a JSON string literal: the text escaped, without its quotes.
  static func escaped(_ text: String) -> String { String(quoted(text).dropFirst().dropLast()) }

  /// The line break a text uses, for lines added to it: its first one (`\r\n`, a lone `\r` or
  /// `\n`); `\n` for a text of one line.
  static func lineBreak(of bytes: [UInt8]) -> String {
    guard let i = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return "\n" }
    guard bytes[i] == 0x0D else { return "\n" }
    return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? "\r\n" : "\r"
  }

  /// The spaces and tabs a line holds before `offset`, or nil when something else stands there
  /// (a member on the line of the `{`).
  static func indentation(of offset: Int, in bytes: [UInt8]) -> String? {
    var start = offset
    while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
    guard start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D else { return nil }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  /// The settings file's name and the edit that adds a data type to its `data_types`, creating
  /// the key, or the file where the project has none and the client can create files
  /// (`clientCreatesFiles`). The file is the one the project reads: `zlc.json`, else a name that
  /// differs from it only in case.
  func declareDataType(_ name: String, clientCreatesFiles: Bool) -> (file: String, edit: JSONObject)? {
    let file = ProjectLoader.settingsFileName(in: session.root) ?? "zlc.json"
    let path = (session.root as NSString).appendingPathComponent(file)
    let uri = FileURI.uri(path)
    let bytes: [UInt8]
    if let open = session.fileSystem.source(atPath: path) {
      bytes = open.bytes
    } else if let data = FileManager.default.contents(atPath: path) {
      bytes = [UInt8](data)
    } else {
      // Creating a file takes a client that applies `documentChanges` with a `create` operation.
      guard clientCreatesFiles else { return nil }
      return (
        file,
        [
          "documentChanges": [
            ["kind": "create", "uri": uri, "options": ["ignoreIfExists": true]],
            [
              "textDocument": ["uri": uri, "version": NSNull()],
              "edits": [["range": LineIndex([]).range(0, 0), "newText": "{\n  \"data_types\": [\(Self.quoted(name))]\n}\n"]],
            ],
          ]
        ]
      )
    }
    // A settings file zlc does not read cleanly (a trailing comma, `data_types` written twice, of
    // which zlc reads the first) gets no edit: it would stay broken, or add to a list zlc ignores.
    guard bytes.count <= session.limits.maxFileBytes else { return nil }
    let read = JSONReader.read(SourceFile(path: path, bytes: bytes), limits: session.limits)
    guard read.document != nil, !read.hasErrors, let root = LooseJSON.parse(bytes), root.kind == .object, root.closed else { return nil }
    let lines = LineIndex(bytes, markIsText: session.fileSystem.hasBuffer(atPath: path))
    let insertion: (offset: Int, text: String)
    let newline = Self.lineBreak(of: bytes)
    if let types = root["data_types"], types.kind == .array, types.closed {
      if let last = types.elements.last {
        insertion = (last.end, ", " + Self.quoted(name))
      } else {
        insertion = (types.start + 1, Self.quoted(name))
      }
    } else if root["data_types"] != nil {
      // A `data_types` that is not a list (a string, an object, half written): adding a second
      // one would write a duplicate key, and replacing it would lose what it holds.
      return nil
    } else if let last = root.members.last {
      let indent = Self.indentation(of: last.key.start, in: bytes) ?? "  "
      insertion = (last.value?.end ?? last.key.end, ",\(newline)\(indent)\"data_types\": [\(Self.quoted(name))]")
    } else {
      insertion = (root.start + 1, "\(newline)  \"data_types\": [\(Self.quoted(name))]\(newline)")
    }
    return (file, ["changes": [uri: [["range": lines.range(insertion.offset, insertion.offset), "newText": insertion.text]]]])
  }
}
