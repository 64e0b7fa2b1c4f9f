import Foundation
import ZappDiagnostics
import ZappLayoutCompiler
import ZappModel
import ZappReaders
import ZappRules
import ZappWriters

/// An error answered to a request, with a JSON-RPC / LSP error code.
struct ResponseError: Error {
  var code: Int
  var message: String

  static let parseError = -32700
  static let invalidRequest = -32600
  static let methodNotFound = -32601
  static let invalidParams = -32602
  static let serverNotInitialized = -32002
  static let requestCancelled = -32800
}

/// `zlc lsp`: a Language Server Protocol 3.17 server on standard input and output.
///
/// A reader thread takes messages off standard input and queues them (cancellations are noted on
/// arrival); the main thread handles them in order. Changes only mark their project; it is checked
/// again, and its diagnostics published, once the queue is empty or a request needs the result, so
/// a burst of keystrokes costs one check. Nothing is written but protocol messages on stdout.
public final class LanguageServer {
  private let input: Int32
  let channel: MessageWriter
  private let inbox = Inbox()

  private var initialized = false
  /// Whether the client said it is initialized (`initialized`, sent once).
  private var clientInitialized = false
  private var shutdownRequested = false
  var workspaceRoots: [String] = []
  /// Whether the client lets the server ask to be told of changes on disk
  /// (`workspace/didChangeWatchedFiles` registered dynamically).
  private var clientWatchesFiles = false
  /// Whether the client applies workspace edits that create files (`documentChanges` with the
  /// `create` resource operation).
  private var clientCreatesFiles = false
  /// Whether the client takes snippets in completions (an attribute inserted with the cursor
  /// between its quotes).
  private var clientSnippets = false
  /// The open documents by URI: a file opened under two URIs is two documents, and its project
  /// reads the text that came last (`place`).
  var documents: [String: OpenDocument] = [:]
  var sessions: [String: ProjectSession] = [:]
  /// The project each open file's text is in, by path: the only one that publishes for it.
  var owners: [String: String] = [:]
  /// How many texts arrived (opens and changes): numbers each document's latest.
  var textsArrived = 0
  var dirty: Set<String> = []
  /// Files to publish for after the next check even when their diagnostics did not change.
  var mustPublish: [String: Set<String>] = [:]

  /// The reader's limits, as `zlc check` applies them: an open document above
  /// `limits.maxFileBytes` is refused with one diagnostic (ZL0108) and never parsed.
  let limits: ReaderLimits

  public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, limits: ReaderLimits = .default) {
    self.input = input
    self.limits = limits
    channel = MessageWriter(output: output)
  }

  /// Serves until `exit`, the end of input or a failed write of output (a client that closed the
  /// server's output); returns the exit status the protocol asks for, 0 after `shutdown`, else 1.
  /// Ignores SIGPIPE, so that a closed output is a failed write, not the end of the process.
  public func run() -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let reader = Thread { [inbox, input] in Self.readLoop(MessageReader(input: input), into: inbox) }
    reader.stackSize = 8 << 20
    reader.start()
    while true {
      // After `shutdown` no check runs: its diagnostics would go to a client that is closing, and
      // `exit` would wait for it.
      if inbox.pending == 0, !shutdownRequested { flushChecks() }
      if channel.failed { return shutdownRequested ? 0 : 1 }
      switch inbox.take() {
      case .body(let body):
        // JSON that is not an object (a number, a batch, which LSP has none of) is no request.
        let value = MessageBody.value(body)
        guard let message = value as? JSONObject else {
          let code = value == nil ? ResponseError.parseError : ResponseError.invalidRequest
          let text = value == nil ? "a message body that is not JSON" : "a message body that is not a JSON object"
          channel.send(["jsonrpc": "2.0", "id": NSNull(), "error": ["code": code, "message": text]])
          continue
        }
        if let status = handle(message) { return status }
      case .malformed(let reason):
        channel.send(["jsonrpc": "2.0", "id": NSNull(), "error": ["code": ResponseError.parseError, "message": reason]])
      case .fatal(let reason):
        channel.send(["jsonrpc": "2.0", "id": NSNull(), "error": ["code": ResponseError.parseError, "message": reason]])
        // Not `FileHandle.write`, which traps when standard error is closed.
        _ = MessageWriter.write(Array((reason + "\n").utf8), to: STDERR_FILENO)
        return 1
      case .end:
        return shutdownRequested ? 0 : 1
      }
    }
  }

  /// The reader thread: frames messages and queues them; a cancellation (a small message) is noted
  /// at once, so a request still queued behind others is answered as cancelled.
  private static func readLoop(_ reader: MessageReader, into inbox: Inbox) {
    while true {
      let incoming = reader.read()
      if case .body(let body) = incoming, let cancelled = cancellation(body) {
        // A cancellation of an id that cannot be a request's (not a string or an integer) is ignored.
        if let key = cancelled { inbox.cancel(key) }
        continue
      }
      inbox.put(incoming)
      switch incoming {
      case .end, .fatal: return
      case .body, .malformed: continue
      }
    }
  }

  /// The key of the request a `$/cancelRequest` body cancels (nil for an id that cannot be a
  /// request's); nil for any other message, a `$/cancelRequest` with an `id` of its own too (a
  /// request, which is answered: no method starting with `$/` is one the server handles). A large body is read whole only when its top-level
  /// `method`, however JSON escapes it, is the cancellation's (a cancellation of a long id), so a
  /// large change is not parsed twice.
  static func cancellation(_ body: Data) -> String?? {
    let method = "$/cancelRequest"
    guard body.count < 512 || MessageBody.topLevelMethod(body) == method, let message = MessageBody.object(body),
      message["method"] as? String == method, message["id"] == nil
    else { return nil }
    return .some(idKey((message["params"] as? JSONObject)?["id"]))
  }

  /// A request id as a key; nil for anything but a string or an integer in `Int`'s range, as
  /// JSON-RPC ids are (a boolean is none, nor a number written with a fraction or an exponent).
  static func idKey(_ id: Any?) -> String? {
    if let s = id as? String { return "s:" + s }
    // JSONSerialization and `MessageBody` give a boolean as a `c` NSNumber, a fraction or an
    // exponent as a `d` one.
    guard let number = id as? NSNumber, !["c", "d", "f"].contains(String(cString: number.objCType)),
      let n = intValue(number)
    else { return nil }
    return "n:\(n)"
  }

  /// A request id as JSON writes it (`true`, `null`, `[1]`; a number with a fraction or an
  /// exponent with its fraction, `1.0`, `100.0`), for a message that names it.
  static func idText(_ id: Any) -> String {
    if let number = id as? NSNumber {
      switch String(cString: number.objCType) {
      case "c": return number.boolValue ? "true" : "false"
      case "d", "f": return "\(number.doubleValue)"
      default: break
      }
    }
    if id is NSNull { return "null" }
    guard let data = try? JSONSerialization.data(withJSONObject: id, options: [.fragmentsAllowed, .sortedKeys]) else {
      return "\(id)"
    }
    return String(decoding: data, as: UTF8.self)
  }

  // MARK: Dispatch

  /// Handles one message; returns an exit status when the server is to stop.
  func handle(_ message: JSONObject) -> Int32? {
    let method = message["method"] as? String ?? ""
    let params = message["params"] as? JSONObject ?? [:]
    guard message["method"] != nil else { return nil }  // a response to a request of ours: none is waited for
    guard let id = message["id"] else {
      if method == "exit" { return shutdownRequested ? 0 : 1 }
      guard initialized, !shutdownRequested else { return nil }
      do {
        try notification(method, params)
      } catch {
        // A notification has no answer: the client's log says why it was ignored, and of which document.
        let document = ((params["textDocument"] as? JSONObject)?["uri"] as? String).map { " of \($0)" } ?? ""
        let text = "zlc: ignored \(method)\(document): \(error.message)"
        channel.send(["jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": 1, "message": text]])
      }
      return nil
    }
    guard let key = Self.idKey(id) else {
      // An id that is neither a string nor an integer in range cannot be echoed as a request's id.
      let error = ResponseError(
        code: ResponseError.invalidRequest, message: "the request id is not a string or an integer zlc lsp can use: \(Self.idText(id))")
      reply(NSNull(), error: error)
      return nil
    }
    guard message["method"] is String else {
      reply(id, error: ResponseError(code: ResponseError.invalidRequest, message: "the request's method is not a string"))
      return nil
    }
    if inbox.takeCancellation(key) {
      reply(id, error: ResponseError(code: ResponseError.requestCancelled, message: "cancelled"))
      return nil
    }
    if method == "initialize" {
      // The protocol sends it once: a second would change the roots under the open documents.
      if initialized {
        reply(id, error: ResponseError(code: ResponseError.invalidRequest, message: "the server is initialized already"))
      } else {
        reply(id, result: initialize(params))
      }
      return nil
    }
    guard initialized else {
      reply(id, error: ResponseError(code: ResponseError.serverNotInitialized, message: "initialize first"))
      return nil
    }
    if shutdownRequested {
      reply(id, error: ResponseError(code: ResponseError.invalidRequest, message: "the server is shutting down"))
      return nil
    }
    do {
      let result = try request(method, params)
      // A cancellation that arrived while the request ran (behind a check it waited for): the
      // client wants no answer but the cancellation's.
      if method != "shutdown", inbox.takeCancellation(key) {
        reply(id, error: ResponseError(code: ResponseError.requestCancelled, message: "cancelled"))
        return nil
      }
      reply(id, result: result)
    } catch let error as ResponseError {
      reply(id, error: error)
    } catch {
      reply(id, error: ResponseError(code: -32603, message: "\(error)"))
    }
    return nil
  }

  private func reply(_ id: Any, result: Any) {
    channel.send(["jsonrpc": "2.0", "id": id, "result": result])
  }

  private func reply(_ id: Any, error: ResponseError) {
    channel.send(["jsonrpc": "2.0", "id": id, "error": ["code": error.code, "message": error.message]])
  }

  private func initialize(_ params: JSONObject) -> JSONObject {
    initialized = true
    var roots: [String] = []
    for folder in params["workspaceFolders"] as? [JSONObject] ?? [] {
      if let uri = folder["uri"] as? String, let path = FileURI.path(uri) { roots.append(path) }
    }
    if roots.isEmpty, let uri = params["rootUri"] as? String, let path = FileURI.path(uri) { roots.append(path) }
    // A path as `FileURI.path` gives a URI's: without a trailing `/`, `.` or `..`, so that the
    // files under it are found in it.
    if roots.isEmpty, let path = params["rootPath"] as? String, path.hasPrefix("/") {
      roots.append(URL(fileURLWithPath: path).standardizedFileURL.path)
    }
    workspaceRoots = roots
    let textDocument = (params["capabilities"] as? JSONObject)?["textDocument"] as? JSONObject
    let completionItem = (textDocument?["completion"] as? JSONObject)?["completionItem"] as? JSONObject
    clientSnippets = completionItem?["snippetSupport"] as? Bool == true
    let workspace = (params["capabilities"] as? JSONObject)?["workspace"] as? JSONObject
    clientWatchesFiles = (workspace?["didChangeWatchedFiles"] as? JSONObject)?["dynamicRegistration"] as? Bool == true
    let edits = workspace?["workspaceEdit"] as? JSONObject
    clientCreatesFiles =
      edits?["documentChanges"] as? Bool == true && (edits?["resourceOperations"] as? [String] ?? []).contains("create")
    return [
      "capabilities": [
        "positionEncoding": "utf-16",
        "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
        "completionProvider": ["triggerCharacters": ["\"", ":", "<", "/"], "resolveProvider": false],
        "hoverProvider": true,
        "definitionProvider": true,
        "referencesProvider": true,
        "codeActionProvider": ["codeActionKinds": ["quickfix"]],
      ] as JSONObject,
      "serverInfo": ["name": "zlc"],
    ]
  }

  /// Handles a notification; throws (changing nothing) when a number in it is out of range.
  private func notification(_ method: String, _ params: JSONObject) throws(ResponseError) {
    let textDocument = params["textDocument"] as? JSONObject ?? [:]
    let uri = textDocument["uri"] as? String ?? ""
    switch method {
    case "initialized":
      // The protocol sends it once: a second would ask for the same reports again.
      guard !clientInitialized else {
        throw ResponseError(code: ResponseError.invalidRequest, message: "the client said it is initialized already")
      }
      clientInitialized = true
      registerFileWatchers()
    case "textDocument/didOpen":
      guard let path = FileURI.path(uri) else { return }
      let version = try integer(textDocument["version"], "textDocument.version") ?? 0
      // A document without its text is not opened: an empty buffer would hide the file's own.
      guard let text = textDocument["text"] as? String else {
        throw ResponseError(code: ResponseError.invalidParams, message: "textDocument.text is not a string")
      }
      let document = OpenDocument(uri: uri, path: path, version: version, text: text, maxBytes: limits.maxFileBytes)
      documents[uri] = document
      textArrived(document)
      // A file of a workspace folder in no project (a `package.json` beside the project's folder)
      // has no diagnostics: said once, as it opens.
      if owners[path] == nil, !Self.isInZlcsOutput(path), workspaceRoots.contains(where: { FileURI.isPath(path, in: $0) }) {
        publish([], for: path)
      }
    case "textDocument/didChange":
      guard let document = documents[uri] else { return }
      // Every number is read before anything changes: a bad one leaves the document as it was.
      let version = try integer(textDocument["version"], "textDocument.version")
      let changes = try Self.contentChanges(params["contentChanges"])
      for change in changes { document.apply(change) }
      if let version { document.version = version }
      textArrived(document)
    case "textDocument/didClose":
      guard let document = documents.removeValue(forKey: uri) else { return }
      place(document.path)
      // The file's diagnostics go to the URIs of it still open, else to the file's own URI: this
      // one is cleared.
      if uri != FileURI.uri(document.path) || documents.values.contains(where: { $0.path == document.path }) {
        publish([], for: document.path, to: [uri])
      }
      retireIdleSessions()
    case "textDocument/didSave":
      rehome()
      for session in sessions.values { markDirty(session, publishing: nil) }
    case "workspace/didChangeWatchedFiles":
      // A change in a project no open document belongs to yet starts its session, so its
      // diagnostics are published as an open file's are: a folder with zlc.json, screens/ or
      // rivers.json, not a workspace holding other JSON (package.json), nor zlc's own output.
      var changed: [String] = []
      for change in params["changes"] as? [JSONObject] ?? [] {
        guard let uri = change["uri"] as? String, let path = FileURI.path(uri) else { continue }
        changed.append(path)
        guard projectRoot(for: path, orWorkspace: false) != nil, !Self.isInZlcsOutput(path) else { continue }
        _ = session(for: path)
      }
      // Read again whatever their stamps say: a tool may give a new file the old one's stamp.
      for session in sessions.values { session.fileSystem.forget(changed) }
      rehome()
      for session in sessions.values { markDirty(session, publishing: nil) }
    default:
      break
    }
  }

  /// The changes of a `didChange`, each read before any is made: throws InvalidParams when
  /// `contentChanges` is not a list of changes (missing, or holding a value that is no change
  /// object), so that no part of a malformed notification is applied.
  private static func contentChanges(_ value: Any?) throws(ResponseError) -> [ContentChange] {
    guard let items = value as? [Any] else {
      let what = value.map { "is \(kind($0)), not a list" } ?? "is missing"
      throw ResponseError(code: ResponseError.invalidParams, message: "contentChanges \(what)")
    }
    var changes: [ContentChange] = []
    for (index, item) in items.enumerated() {
      guard let change = item as? JSONObject else {
        throw ResponseError(
          code: ResponseError.invalidParams, message: "contentChanges[\(index)] is \(kind(item)), not a change object")
      }
      changes.append(try ContentChange(change))
    }
    return changes
  }

  /// What kind of JSON value `value` is, to name it in a message without its text (which may be
  /// a document's).
  static func kind(_ value: Any) -> String {
    switch value {
    case is String: "a string"
    case is [Any]: "a list"
    case is JSONObject: "an object"
    case let number as NSNumber: String(cString: number.objCType) == "c" ? "a boolean" : "a number"
    default: "null"
    }
  }

  /// Asks the client to report changes of project files on disk (a branch checked out, a file
  /// written by another tool), when it can: each is checked again as a save is. The answer is not
  /// waited for; a client that refuses leaves saves and edits as the only triggers.
  /// The JSON and XML files in any case of their extensions (`.JSON`, as `zlc check` reads them),
  /// and the creation or deletion of anything: a folder deleted, renamed or moved in is one event
  /// for the folder alone.
  private func registerFileWatchers() {
    guard clientWatchesFiles else { return }
    let watchers: [JSONObject] = [
      ["globPattern": "**/*.[jJ][sS][oO][nN]"], ["globPattern": "**/*.[xX][mM][lL]"], ["globPattern": "**/*", "kind": 5],
    ]
    let registration: JSONObject = [
      "id": "zlc-watched-files", "method": "workspace/didChangeWatchedFiles", "registerOptions": ["watchers": watchers],
    ]
    channel.send(
      [
        "jsonrpc": "2.0", "id": "zlc-register-watchers", "method": "client/registerCapability",
        "params": ["registrations": [registration]],
      ])
  }

  // MARK: Requests

  private func request(_ method: String, _ params: JSONObject) throws -> Any {
    switch method {
    case "shutdown":
      shutdownRequested = true
      return NSNull()
    case "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references",
      "textDocument/codeAction":
      guard let query = try documentQuery(method, params) else {
        return method == "textDocument/references" || method == "textDocument/codeAction" ? [Any]() : NSNull()
      }
      switch method {
      case "textDocument/completion":
        // `<` and `/` trigger completion for family XML (an element, a closing tag); typed in JSON
        // (a string's text), they ask for none.
        let trigger = (params["context"] as? JSONObject)?["triggerCharacter"] as? String
        if trigger == "<" || trigger == "/", !query.isFamilyXML { return ["isIncomplete": false, "items": [Any]()] as JSONObject }
        return query.completion(snippets: clientSnippets)
      case "textDocument/hover": return query.hover() ?? NSNull()
      case "textDocument/definition": return query.definition() ?? NSNull()
      case "textDocument/references":
        let context = params["context"] as? JSONObject
        return query.references(includeDeclaration: context?["includeDeclaration"] as? Bool ?? true)
      default:
        let range = params["range"] as? JSONObject ?? [:]
        let start = try TextPosition(range["start"], field: "range.start")
        let end = try TextPosition(range["end"], field: "range.end") ?? start
        // A fix's range is one of the checked text: another URI's text of the file would be cut wrongly.
        guard isCheckedText(query.document) else { return [Any]() }
        return query.codeActions(from: start, to: end, clientCreatesFiles: clientCreatesFiles)
      }
    default:
      throw ResponseError(code: ResponseError.methodNotFound, message: "zlc lsp does not handle \(method)")
    }
  }

  /// What a request about a position in an open document needs; nil for a document that is not
  /// open (the protocol's answer is then an empty result).
  private func documentQuery(_ method: String, _ params: JSONObject) throws -> DocumentQuery? {
    let value = (params["textDocument"] as? JSONObject)?["uri"]
    guard let uri = value as? String else {
      let what = value == nil || value is NSNull ? "is missing" : "is \(Self.kind(value ?? NSNull())), not a string"
      throw ResponseError(code: ResponseError.invalidParams, message: "textDocument.uri \(what)")
    }
    // A code action's place is its range: the other requests are about a position.
    let position =
      method == "textDocument/codeAction"
      ? TextPosition(line: 0, character: 0) : try TextPosition(required: params["position"], field: "position")
    guard let document = documents[uri], let root = owners[document.path], let session = sessions[root] else { return nil }
    if dirty.contains(session.root) { flushChecks() }
    return DocumentQuery(document: document, session: session, offset: document.lines.offset(of: position))
  }
}
