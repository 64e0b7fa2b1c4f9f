import Foundation
import Hummingbird
import HummingbirdCore
import NIOCore
import ServiceLifecycle
import ZappWriters

/// A request's context, with its connection: the event stream closes its input when it ends.
struct ServeContext: RequestContext {
  var coreContext: CoreRequestContextStorage
  let channel: any Channel

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    channel = source.channel
  }
}

/// Answers every request from the state in memory.
@available(macOS 14, iOS 17, tvOS 17, *)
struct Responder: HTTPResponder {
  typealias Context = ServeContext
  let state: ServerState
  let hosts: HostCheck

  func respond(to request: Request, context: Context) async throws -> Response {
    if request.headers.contains(where: { $0.name.canonicalName == RequestTarget.missingHost.lowercased() }) {
      return Self.text(.badRequest, "an HTTP/1.1 request names its host in a Host header\n", extra: [:])
    }
    // The first `Host` is the request's authority; a second one stays among the fields, and a
    // request with two is refused (RFC 9112 §3.2). An absolute target's host replaced them all.
    if request.headers.contains(where: { $0.name.canonicalName == "host" }) {
      return Self.text(.badRequest, "a request names its host in one Host header, not in several\n", extra: [:])
    }
    if !hosts.allows(request.head.authority) {
      return Self.text(
        .forbidden,
        "zlc serve listens on a loopback address and answers requests for localhost or an IP address only,"
          + " not for '\(request.head.authority ?? "")': open the page as http://localhost:<port>/ or http://127.0.0.1:<port>/\n",
        extra: [:])
    }
    guard request.method == .get || request.method == .head else {
      return Self.text(.methodNotAllowed, "zlc serve answers GET and HEAD only\n", extra: [.allow: "GET, HEAD"])
    }
    guard let path = Self.servedPath(request.uri.path) else { return Self.notFound() }
    let (build, problems, generation) = state.snapshot
    switch path {
    case "", "preview":
      // Pages link to each other relatively: they live under /preview/. The query (`?device=`) goes
      // along. The address is relative (from `/` and `/preview` alike), so that a proxy serving
      // the server under a path of its own keeps it.
      let query = request.uri.query.map { $0.isEmpty ? "" : "?" + $0 } ?? ""
      return Response(status: .found, headers: [.location: "preview/" + query, .contentLength: "0"])
    case "preview/":
      return page("index.html", build: build, problems: problems, generation: generation, request: request)
    case "_zlc/events":
      // A HEAD gets the stream's headers (no length: the stream has none, and `Connection:
      // close`, so the connection closes after it) and no stream: it would never end.
      guard request.method == .get else {
        return Response(status: .ok, headers: Self.eventHeaders, body: ResponseBody { writer in try await writer.finish(nil) })
      }
      return events(request, context: context)
    default:
      if path.hasPrefix("preview/") {
        return page(
          String(path.dropFirst("preview/".count)), build: build, problems: problems, generation: generation, request: request)
      }
      guard let file = build.files[path] else {
        if build.files.isEmpty, Self.isBundlePath(path) {
          return Self.text(.serviceUnavailable, "the project has not built yet:\n\n\(problems ?? "")", extra: [:], request: request)
        }
        return Self.notFound()
      }
      return Self.serve(file, at: path, to: request)
    }
  }

  /// A bundle file: 406 when the request accepts neither gzip nor the bytes as they are; else
  /// 412 when `If-Match` names none of the file's current ETags for the coding chosen (the identity
  /// ETag, `"<sha256>"`, names the bytes either coding carries; the gzip ETag names the gzipped
  /// bytes only); 304 when `If-None-Match` names the ETag of either encoding; else the bytes,
  /// gzipped (made once per file and kept) when the request prefers gzip, with the gzip ETag.
  static func serve(_ file: ServedBuild.File, at path: String, to request: Request) -> Response {
    guard let coding = ContentCoding.negotiate(request.headers[.acceptEncoding], size: file.bytes.count) else {
      return notAcceptable()
    }
    let gzipped = coding == .gzip ? file.gzipped.value : ByteBuffer()
    let gzip = gzipped.readableBytes > 0
    if let match = request.headers[.ifMatch], !Self.matchesStrongly(match, file.etag),
      !gzip || !Self.matchesStrongly(match, file.gzipETag)
    {
      let body =
        !gzip && Self.matchesStrongly(match, file.gzipETag)
        ? gzipETagWithoutGzip(path, etag: file.etag) : preconditionFailed(path, etag: file.etag, gzip: gzip)
      return Self.text(.preconditionFailed, body, extra: [.eTag: file.etag], request: request)
    }
    var headers: HTTPFields = [
      .eTag: gzip ? file.gzipETag : file.etag, .cacheControl: "no-cache", .contentType: "application/json; charset=utf-8",
      .vary: "Accept-Encoding",
    ]
    if let match = request.headers[.ifNoneMatch], Self.matches(match, file.etag) || Self.matches(match, file.gzipETag) {
      return Response(status: .notModified, headers: headers)
    }
    let buffer = gzip ? gzipped : ByteBuffer(bytes: file.bytes)
    if gzip { headers[.contentEncoding] = "gzip" }
    headers[.contentLength] = String(buffer.readableBytes)
    return Response(status: .ok, headers: headers, body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: buffer))
  }

  /// The body of a 412: the fact (the `If-Match` names none of the file's current ETags), the
  /// ETag to send, and what to do when the hash the client holds is an earlier build's.
  static func preconditionFailed(_ path: String, etag: String, gzip: Bool) -> String {
    "'\(path)': the request's If-Match names none of this file's current ETags; its ETag is \(etag)"
      + (gzip ? " (gzipped, \(ContentCoding.gzipETag(etag)))" : "")
      + ". An ETag is the file's sha256 from bundle.json in quotes (\"<sha256>\"); when the request's hash is an"
      + " earlier build's, fetch bundle.json again, then the file\n"
  }

  /// The body of a 412 whose `If-Match` names the file's current gzip ETag for an answer that is
  /// not gzipped: that ETag holds only for gzipped bytes, so the plain one is the one to send.
  static func gzipETagWithoutGzip(_ path: String, etag: String) -> String {
    "'\(path)': the request's If-Match names this file's gzip ETag, \(ContentCoding.gzipETag(etag)), which holds only for a"
      + " gzipped answer, and this answer is not gzipped; send its plain ETag, \(etag) (the file's sha256 from bundle.json"
      + " in quotes)\n"
  }

  /// A body made for this request: gzipped when the request prefers gzip (as `ContentCoding`
  /// chooses), with `Content-Encoding`, `Content-Length` and `Vary` set in `headers`; nil when the
  /// request accepts no coding.
  static func body(_ bytes: [UInt8], for request: Request, headers: inout HTTPFields) -> ResponseBody? {
    headers[.vary] = "Accept-Encoding"
    guard let coding = ContentCoding.negotiate(request.headers[.acceptEncoding], size: bytes.count) else { return nil }
    var buffer = ByteBuffer()
    if coding == .gzip {
      buffer = ContentCoding.gzip(bytes)
    }
    if buffer.readableBytes > 0 {
      headers[.contentEncoding] = "gzip"
    } else {
      buffer = ByteBuffer(bytes: bytes)
    }
    headers[.contentLength] = String(buffer.readableBytes)
    return request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: buffer)
  }

  /// The path without its leading slash, each segment percent-decoded, or nil for a path that
  /// could point anywhere but at what is served: a `..` or `.` segment, a backslash, a NUL, bad
  /// escapes, or an encoded slash (`%2F` is a character of a segment, never a separator, and no
  /// served name has it).
  static func servedPath(_ raw: String) -> String? {
    guard raw.hasPrefix("/") else { return nil }
    var segments: [String] = []
    for segment in raw.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      guard let decoded = segment.removingPercentEncoding, !decoded.contains("/"), !decoded.contains("\\"),
        !decoded.contains("\0"), decoded != "..", decoded != "."
      else { return nil }
      segments.append(decoded)
    }
    if segments.count > 1, segments[0].isEmpty { return nil }  // `//…`
    return segments.joined(separator: "/")
  }

  /// A path a bundle has: `bundle.json`, `rivers.json`, `screens/….json`, and for an app of
  /// several platforms `platforms.json` and the same under a platform's folder (`ios/bundle.json`).
  static func isBundlePath(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard path.hasSuffix(".json"), (1...3).contains(parts.count), !parts.contains(where: \.isEmpty) else { return false }
    switch parts.count {
    case 1: return ["bundle.json", "rivers.json", "platforms.json"].contains(parts[0])
    case 2: return parts[0] == "screens" || parts[1] == "bundle.json" || parts[1] == "rivers.json"
    default: return parts[1] == "screens"
    }
  }

  /// Whether an `If-None-Match` value names the ETag (`*`, or one of a comma-separated list, weak or not).
  static func matches(_ header: String, _ etag: String) -> Bool {
    header.split(separator: ",").contains { candidate in
      let trimmed = candidate.trimmingCharacters(in: .whitespaces)
      return trimmed == "*" || trimmed == etag || trimmed == "W/" + etag
    }
  }

  /// Whether an `If-Match` value names the ETag: `*`, or one of a comma-separated list, compared
  /// strongly (a weak ETag, `W/"…"`, never matches, RFC 9110 §13.1.1).
  static func matchesStrongly(_ header: String, _ etag: String) -> Bool {
    header.split(separator: ",").contains { candidate in
      let trimmed = candidate.trimmingCharacters(in: .whitespaces)
      return trimmed == "*" || trimmed == etag
    }
  }

  func page(_ name: String, build: ServedBuild, problems: String?, generation: Int, request: Request) -> Response {
    var renderer: PreviewRenderer
    switch build.preview {
    case .success(let made): renderer = made
    case .failure:
      return Self.text(.internalServerError, "internal error: the bundle's screens do not decode; save a file to build again\n", extra: [:])
    }
    renderer.live = true
    renderer.generation = generation
    renderer.server = state.server
    renderer.problems = problems
    guard let html = renderer.page(named: name) else {
      // A page a tab may be left on (its screen removed or renamed): one that still reloads.
      guard name.hasSuffix(".html") else { return Self.notFound() }
      // An error answer never fails for its coding: a request that accepts none gets it as it is.
      let bytes = Array(renderer.missingPage(named: name).utf8)
      var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
      guard let body = Self.body(bytes, for: request, headers: &headers) else {
        headers[.contentLength] = String(bytes.count)
        let plain = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        return Response(status: .notFound, headers: headers, body: plain)
      }
      return Response(status: .notFound, headers: headers, body: body)
    }
    let type =
      name.hasSuffix(".js")
      ? "text/javascript; charset=utf-8" : name.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/html; charset=utf-8"
    var headers: HTTPFields = [.contentType: type, .cacheControl: "no-store"]
    guard let body = Self.body(Array(html.utf8), for: request, headers: &headers) else { return Self.notAcceptable() }
    return Response(status: .ok, headers: headers, body: body)
  }

  /// The headers of the event stream for a GET and a HEAD alike.
  /// (`X-Accel-Buffering: no` asks a proxy in front, such as nginx, to pass each event on as it
  /// comes instead of holding the stream in its buffer.)
  static let eventHeaders: HTTPFields = [
    .contentType: "text/event-stream", .cacheControl: "no-store", .connection: "close",
    HTTPFields.Element.Name("X-Accel-Buffering")!: "no",
  ]

  /// Server-sent events: a `reload` event after every build, until the page goes away or the
  /// server shuts down.
  ///
  /// A page that goes away (closes the connection) ends its stream at once: left until the next
  /// build's event failed to reach it, it would hold one of the connections. A client that only
  /// closes its sending side (a half-close) still reads, and keeps its stream. The two look alike
  /// when the request's input ends, so from then on the stream sends a comment (`:`, which pages
  /// ignore) now, after 50 ms, and then at doubling intervals of at most a second: to a connection
  /// closed at the other end, a write fails and the stream ends. Events wait in a mailbox
  /// (`EventMailbox`): a page that reads late gets the latest `reload`, never crowded out.
  ///
  /// The stream holds its connection until it ends, so a request sent behind it on the same
  /// connection cannot be answered in order: the answer says `Connection: close`, and the stream
  /// ends once such a request is read (`RequestTarget.requestBehind`), after the events already
  /// due; the connection then closes without answering it, freeing its place at once, though
  /// the client keeps it open. The end of the input is seen past
  /// such requests too (`RequestTarget.inputEnded`: Hummingbird reads the next request's head, which
  /// hides the end from the request's body), so a client that sent some and closed the connection
  /// frees it at once.
  func events(_ request: Request, context: Context) -> Response {
    let (wakes, mailbox) = state.listen()
    let channel = context.channel
    return Response(
      status: .ok, headers: Self.eventHeaders,
      body: ResponseBody { writer in
        try await writer.write(ByteBuffer(string: ": zlc serve\nretry: 500\n\n"))
        let (inputEnded, endInput) = AsyncStream<Void>.makeStream()
        channel.eventLoop.submit { try channel.pipeline.syncOperations.handler(type: RequestTarget.self).inputEnded }
          .flatMap { $0 }.whenComplete { _ in endInput.finish() }
        channel.eventLoop.submit { try channel.pipeline.syncOperations.handler(type: RequestTarget.self).requestBehind }
          .flatMap { $0 }.whenComplete { _ in mailbox.end() }
        try await request.body.consumeWithInboundCloseHandler { _ in
          try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
              for await _ in inputEnded {}
              var pause = Duration.milliseconds(50)
              while !Task.isCancelled {
                guard mailbox.comment() else { break }
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .seconds(1))
              }
            }
            for await _ in wakes.cancelOnGracefulShutdown() {
              let text = mailbox.take()
              if !text.isEmpty { try await writer.write(ByteBuffer(string: text)) }
            }
            group.cancelAll()
          }
        } onInboundClosed: {
          endInput.finish()
        }
        try await writer.finish(nil)
        // A request sent behind the stream is not answered: the connection then closes.
        channel.close(mode: .input, promise: nil)
      })
  }

  static func notFound() -> Response { text(.notFound, "not found: zlc serve serves the bundle and the preview only\n", extra: [:]) }

  static func notAcceptable() -> Response {
    text(
      .notAcceptable, "zlc serve sends gzip or the bytes as they are, and the request's Accept-Encoding refuses both\n",
      extra: [:])
  }

  /// A plain-text response, never stored (a miss or a failure is transient: the next build may
  /// answer); with `request`, gzipped as `body(_:for:headers:)` says, else (or when the request
  /// accepts no coding) as it is.
  static func text(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields, request: Request? = nil) -> Response {
    var headers: HTTPFields = [
      .contentType: "text/plain; charset=utf-8", .contentLength: String(text.utf8.count), .cacheControl: "no-store",
    ]
    headers.append(contentsOf: extra)
    let plain = ResponseBody(byteBuffer: ByteBuffer(string: text))
    guard let request else { return Response(status: status, headers: headers, body: plain) }
    var coded = headers
    guard let body = body(Array(text.utf8), for: request, headers: &coded) else {
      return Response(status: status, headers: headers, body: request.method == .head ? ResponseBody() : plain)
    }
    return Response(status: status, headers: coded, body: body)
  }
}
