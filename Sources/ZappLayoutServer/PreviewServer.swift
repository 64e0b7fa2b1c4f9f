import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
import UnixSignals
import ZappDiagnostics
import ZappLayout
import ZappLayoutCompiler
import ZappModel
import ZappReaders
import ZappResolution
import ZappRules
import ZappWriters

/// `zlc serve`: builds a project, serves its bundle and its preview over HTTP, and builds again
/// whenever a file of the project changes.
///
/// Served paths, and nothing else: `/bundle.json`, `/rivers.json`, `/screens/<file>.json` (from
/// the last good build, with ETags; `If-None-Match` gets 304), `/preview/<page>.html` (the
/// preview, with the last build's errors on top while the project has any), `/_zlc/events`
/// (server-sent events: `reload` after every build) and `/` (redirects to the preview). Every
/// response comes from memory, so no path can reach a file of the machine. Bundle files and pages
/// are gzipped when the request's `Accept-Encoding` prefers it; the events never are.
@available(macOS 14, iOS 17, tvOS 17, *)
public enum PreviewServer {
  public struct Options: Sendable {
    public var directory: String
    public var host: String
    public var port: Int
    /// Where the bundle is written; a temporary folder when nil, removed on exit.
    public var output: String?
    public var feeds: String?
    public var warningsAsErrors: Bool
    /// How long a connection may stay open with no request in progress before it is closed.
    public var idleTimeout: Duration
    /// The most connections open at once; further ones wait in the listen queue until one closes.
    public var maxConnections: Int

    public init(
      directory: String, host: String = "127.0.0.1", port: Int = 8080, output: String? = nil, feeds: String? = nil,
      warningsAsErrors: Bool = false, idleTimeout: Duration = .seconds(5), maxConnections: Int = PreviewServer.defaultMaxConnections
    ) {
      self.directory = directory
      self.host = host
      self.port = port
      self.output = output
      self.feeds = feeds
      self.warningsAsErrors = warningsAsErrors
      self.idleTimeout = idleTimeout
      self.maxConnections = maxConnections
    }
  }

  /// Half the process's open-file limit (the soft `RLIMIT_NOFILE`), from 8 to 1,024: the other half
  /// is left to builds, the watcher and the event loops, so accepting never runs out of files.
  public static var defaultMaxConnections: Int {
    var limit = rlimit()
    #if os(Linux)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0 else { return 128 }
    let soft = Int(clamping: limit.rlim_cur)  // unlimited is the largest value
    return min(1024, max(8, soft / 2))
  }

  /// Where a build's bundle is: `rivers.json` and `bundle.json` at the root, or, for a bundle per
  /// platform, `platforms.json` and each platform's `rivers.json`; none before the first good build.
  static func bundlePaths(_ build: ServedBuild) -> String {
    guard !build.files.isEmpty else { return "bundle: none until the project builds" }
    let platforms = build.files.keys.filter { $0.hasSuffix("/rivers.json") && $0.split(separator: "/").count == 2 }.sorted()
    guard build.files[PlatformBundles.fileName] != nil, !platforms.isEmpty else { return "bundle: /rivers.json, /bundle.json" }
    return "bundles: /\(PlatformBundles.fileName), " + platforms.map { "/" + $0 }.joined(separator: ", ")
  }

  /// Builds, serves until SIGINT, SIGTERM or SIGHUP (those not ignored at start: `StopSignals`), and
  /// returns the exit status. `say` prints a line of the log (the address it listens on, each
  /// build's outcome), `complain` a problem (an error, a build's diagnostics).
  public static func run(
    _ options: Options, say: @escaping @Sendable (String) -> Void, complain: @escaping @Sendable (String) -> Void
  ) async -> ExitStatus {
    let stopSignals = StopSignals.numbers.compactMap { number in [UnixSignal.sigterm, .sigint, .sighup].first { $0.rawValue == number } }
    let fm = FileManager.default
    var isFolder: ObjCBool = false
    guard fm.fileExists(atPath: options.directory, isDirectory: &isFolder), isFolder.boolValue else {
      complain("error: '\(options.directory)' is not a folder")
      return .ioFailure
    }
    var temporary: String?
    let output: String
    if let chosen = options.output {
      output = chosen
    } else {
      let base = (NSTemporaryDirectory() as NSString).appendingPathComponent("zlc-serve-\(getpid())-\(UUID().uuidString.prefix(8))")
      do {
        // Until the server handles the stop signals, a stop removes it (and the first build's
        // staging folder, which `StopSignals.removeStagingOnStop` registers).
        try StopSignals.unlessStopping {
          StopSignals.removeOnStop(base)
          try fm.createDirectory(atPath: base, withIntermediateDirectories: true)
        }
      } catch {
        complain("error: cannot create a temporary folder for the bundle: \(WritableFolder.plain(error))")
        return .ioFailure
      }
      temporary = base
      output = base + "/bundle"
    }
    let folder: OutputFolder
    do {
      folder = try OutputFolder.validate(output, kind: .bundle, project: options.directory)
    } catch {
      complain(Self.printed(OutputRefusedRule.Message.refused(error).diagnostic(at: nil, path: output)))
      if let temporary { try? fm.removeItem(atPath: temporary) }
      return .usage
    }
    do {
      try folder.makeParent()  // a folder that cannot be written is refused before serving, as by zlc build
    } catch {
      complain(Self.printed(IOErrorRule.Message.writeFailed(error).diagnostic(at: nil, path: output)))
      if let temporary { try? fm.removeItem(atPath: temporary) }
      return .ioFailure
    }
    defer { if let temporary { try? fm.removeItem(atPath: temporary) } }

    let builder = ServeBuilder(
      directory: options.directory, output: output, feeds: options.feeds, warningsAsErrors: options.warningsAsErrors)
    let state = ServerState()
    let mirror = OutputMirror(output: output, project: options.directory, complain: complain)
    let watcher = Watcher(builder: builder, state: state, mirror: mirror, say: say, complain: complain)
    let address = (options.host.contains(":") ? "[\(options.host)]" : options.host) + ":\(options.port)"
    switch PortProbe.probe(host: options.host, port: options.port) {
    case .free: break
    case .inUse:
      complain("error: cannot serve on \(address): the port is in use; choose another with --port (--port 0 takes a free one)")
      return .ioFailure
    case .noSuchHost:
      complain("error: cannot serve on \(address): no such host; give --host an address of this machine (127.0.0.1, 0.0.0.0)")
      return .ioFailure
    case .unusable(let reason):
      complain("error: cannot serve on \(address): \(reason)")
      return .ioFailure
    }
    // The first build happens before the server listens, so the first request sees it, and the
    // output folder holds it before the address is printed.
    await watcher.buildNow()
    mirror.waitUntilWritten()
    // From here the server handles the stop signals: a stop ends the service, and the folder is
    // removed on the way out; later builds' staging folders are not registered with `StopSignals`,
    // whose handlers the server's replace.
    StopSignals.removeStagingOnStop(false)
    defer { mirror.waitUntilWritten() }  // before the temporary folder goes

    var logger = Logger(label: "zlc-serve")
    logger.logLevel = .critical
    let host = options.host
    let idle = options.idleTimeout.components
    let app = Application(
      responder: Responder(state: state, hosts: HostCheck(boundHost: host)),
      // Idle connections (no request in progress, or a request that stopped arriving) are closed
      // after the idle timeout; beyond the connection limit the server stops accepting until one closes.
      server: .http1(
        configuration: .init(
          additionalChannelHandlers: [RequestTarget.Installer()],
          idleTimeout: .nanoseconds(idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000))),
      configuration: ApplicationConfiguration(
        address: .hostname(host, port: options.port), serverName: "zlc/\(zlcVersion)",
        availableConnectionsDelegate: MaximumAvailableConnections(max(1, options.maxConnections))),
      services: [watcher],
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? options.port
        let shown = host.contains(":") ? "[\(host)]" : host
        say("serving \(options.directory) on http://\(shown):\(port)/ (preview: /preview/, \(state.announcePaths()))")
        say("bundle folder: \(output)")
      },
      logger: logger)
    do {
      try await app.runService(gracefulShutdownSignals: stopSignals)
    } catch {
      complain("error: cannot serve on \(address): \(PortProbe.reason(error))")
      return .ioFailure
    }
    return .success
  }

  /// A diagnostic about the output folder as `zlc build` prints it (`path: error: … [code]`), without its newline.
  static func printed(_ diagnostic: Diagnostic) -> String {
    DiagnosticPrinter(format: .text, color: false).text([diagnostic]).trimmingCharacters(in: .newlines)
  }
}

/// The last good build, the last build's problems, and the pages listening for reloads.
@available(macOS 14, iOS 17, tvOS 17, *)
final class ServerState: Sendable {
  private struct State {
    var current = ServedBuild.empty(app: nil)
    var problems: String?
    var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
    var generation = 0
    /// The bundle's paths as last printed; nil until the banner prints them.
    var announced: String?
  }

  private let state = Mutex(State())

  /// The build to serve, the problems of the latest build (nil when it was good), and how many
  /// builds were recorded, good or not (a page says which it shows): read together.
  var snapshot: (build: ServedBuild, problems: String?, generation: Int) {
    state.withLock { ($0.current, $0.problems, $0.generation) }
  }

  /// The served bundle's paths, for the banner: later builds announce theirs when they differ.
  func announcePaths() -> String {
    state.withLock { state in
      let paths = PreviewServer.bundlePaths(state.current)
      state.announced = paths
      return paths
    }
  }

  /// Records a build and tells every listening page to reload. Returns the bundle's paths when
  /// this build moved them from those last announced (the first good build after a failed start,
  /// a platform added), else nil.
  func record(_ result: ServeBuilder.Result) -> String? {
    let (event, continuations, moved) = state.withLock { state -> (String, [AsyncStream<String>.Continuation], String?) in
      state.generation += 1
      var moved: String?
      switch result {
      case .built(var build, _):
        build.generation = state.generation
        state.current = build
        state.problems = nil
        let paths = PreviewServer.bundlePaths(build)
        if let announced = state.announced, announced != paths {
          state.announced = paths
          moved = paths
        }
      case .failed(let text):
        state.problems = text
      }
      let ok = state.problems == nil
      return (
        "event: reload\ndata: {\"generation\":\(state.generation),\"ok\":\(ok)}\n\n", Array(state.listeners.values), moved
      )
    }
    for continuation in continuations { continuation.yield(event) }
    return moved
  }

  func nextGeneration() -> Int { state.withLock { $0.generation + 1 } }

  /// A stream of events for one page, beginning with a `current` event that says the latest
  /// build's generation (a page drawn before it reloads: a build may end between the page's
  /// request and its listening); ends when the page goes away or the server stops.
  func listen() -> AsyncStream<String> {
    let id = UUID()
    let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
    continuation.onTermination = { [weak self] _ in _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) } }
    state.withLock {
      $0.listeners[id] = continuation
      continuation.yield("event: current\ndata: {\"generation\":\($0.generation)}\n\n")
    }
    return stream
  }
}

/// Builds again whenever an input file of the project changes (the compiler's `InputWatcher`, the
/// same as `zlc build --watch`) or a feed in the feeds folder does (compared every 250 ms).
@available(macOS 14, iOS 17, tvOS 17, *)
struct Watcher: Service {
  let builder: ServeBuilder
  let state: ServerState
  let mirror: OutputMirror
  let say: @Sendable (String) -> Void
  let complain: @Sendable (String) -> Void
  /// Watching starts here, before the first build, so no change is missed.
  let changes: AsyncStream<Void>

  init(
    builder: ServeBuilder, state: ServerState, mirror: OutputMirror, say: @escaping @Sendable (String) -> Void,
    complain: @escaping @Sendable (String) -> Void
  ) {
    self.builder = builder
    self.state = state
    self.mirror = mirror
    self.say = say
    self.complain = complain
    changes = Self.changes(directory: builder.directory, feeds: builder.feeds)
  }

  /// Builds on a thread of its own (a build is CPU work that must not hold up the server's
  /// tasks), records the result (pages reload), then hands a good build to the output folder's
  /// writer.
  func buildNow() async {
    let builder = builder
    let generation = state.nextGeneration()
    let previous = state.snapshot.build
    let started = ContinuousClock.now
    let result = await withCheckedContinuation { (done: CheckedContinuation<ServeBuilder.Result, Never>) in
      Thread.detachNewThread { done.resume(returning: builder.build(generation: generation, previous: previous)) }
    }
    let moved = state.record(result)
    let elapsed = ContinuousClock.now - started
    let ms = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    switch result {
    case .built(let build, let warnings):
      mirror.write(build)
      if !warnings.isEmpty { complain(warnings.trimmingCharacters(in: .newlines)) }
      let encoded = builder.encodedCount == 1 ? "1 screen file" : "\(builder.encodedCount) screen files"
      let screens = build.screenCount == 1 ? "1 screen" : "\(build.screenCount) screens"
      // The first build encodes every screen: there are no others to keep.
      say("built \(screens) in \(ms) ms (\(encoded) encoded\(previous.files.isEmpty ? "" : ", the others kept"))")
      if let moved { say("serving the \(moved)") }
    case .failed(let problems):
      complain(problems.trimmingCharacters(in: .newlines))
      say(
        previous.files.isEmpty
          ? "build failed: nothing to serve yet; the bundle's paths answer 503 until the project builds"
          : "build failed: still serving the last good bundle")
    }
  }

  /// One element per change; changes during a build make one more build, not one each.
  static func changes(directory: String, feeds: String?) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let started = DispatchSemaphore(value: 0)
    // The watcher threads block (in inotify's read, or between polls) for the life of the
    // process; they hold nothing that needs tidying when it exits.
    Thread.detachNewThread {
      let watcher = InputWatcher(directory: directory)
      started.signal()
      while true {
        watcher.waitForChange(settle: 0.05, early: true)
        continuation.yield()
      }
    }
    started.wait()
    if let feeds {
      Thread.detachNewThread {
        var seen = Self.fingerprint(of: feeds)
        while true {
          Thread.sleep(forTimeInterval: 0.25)
          let now = Self.fingerprint(of: feeds)
          if now != seen {
            seen = now
            continuation.yield()
          }
        }
      }
    }
    return stream
  }

  /// The feeds folder's `*.json` files with their sizes and modification times; a folder that
  /// cannot be listed (missing, or a file) differs from an empty one, so that making or removing
  /// it builds again.
  static func fingerprint(of folder: String) -> [String] {
    let fm = FileManager.default
    guard let entries = try? fm.contentsOfDirectory(atPath: folder) else { return ["\u{0}unreadable"] }
    let names = entries.filter { $0.hasSuffix(".json") }.sorted()
    return names.map { name in
      let attributes = try? fm.attributesOfItem(atPath: folder + "/" + name)
      let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
      let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      return "\(name)\t\(size)\t\(modified)"
    }
  }

  func run() async throws {
    for await _ in changes.cancelOnGracefulShutdown() {
      await buildNow()
    }
  }
}

/// Answers every request from the state in memory.
@available(macOS 14, iOS 17, tvOS 17, *)
struct Responder: HTTPResponder {
  typealias Context = BasicRequestContext
  let state: ServerState
  let hosts: HostCheck

  func respond(to request: Request, context: Context) async throws -> Response {
    if request.headers.contains(where: { $0.name.canonicalName == RequestTarget.missingHost.lowercased() }) {
      return Self.text(.badRequest, "an HTTP/1.1 request names its host in a Host header\n", extra: [:])
    }
    // The first `Host` is the request's authority; a second one stays among the fields.
    let named = [request.head.authority] + request.headers.filter { $0.name.canonicalName == "host" }.map { Optional($0.value) }
    if let refused = named.first(where: { !hosts.allows($0) }) {
      return Self.text(
        .forbidden,
        "zlc serve listens on a loopback address and answers requests for localhost or an IP address only,"
          + " not for '\(refused ?? "")': open the page as http://localhost:<port>/ or http://127.0.0.1:<port>/\n",
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
      // along.
      let query = request.uri.query.map { $0.isEmpty ? "" : "?" + $0 } ?? ""
      return Response(status: .found, headers: [.location: "/preview/" + query, .contentLength: "0"])
    case "preview/":
      return page("index.html", build: build, problems: problems, generation: generation, request: request)
    case "_zlc/events":
      // A HEAD gets the stream's headers and no stream: it would never end.
      guard request.method == .get else {
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store", .contentLength: "0"])
      }
      return events(request)
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
      return Self.serve(file, to: request)
    }
  }

  /// A bundle file: 304 when `If-None-Match` names the ETag of either encoding; else the bytes,
  /// gzipped (made once per file and kept) when the request prefers gzip, with the gzip ETag.
  static func serve(_ file: ServedBuild.File, to request: Request) -> Response {
    let gzip = file.bytes.count >= ContentCoding.minimumSize && ContentCoding.negotiate(request.headers[.acceptEncoding]) == .gzip
    var headers: HTTPFields = [
      .eTag: gzip ? file.gzipETag : file.etag, .cacheControl: "no-cache", .contentType: "application/json; charset=utf-8",
      .vary: "Accept-Encoding",
    ]
    if let match = request.headers[.ifNoneMatch], Self.matches(match, file.etag) || Self.matches(match, file.gzipETag) {
      return Response(status: .notModified, headers: headers)
    }
    var buffer = gzip ? file.gzipped.value : ByteBuffer()
    if buffer.readableBytes > 0 {
      headers[.contentEncoding] = "gzip"
    } else {
      headers[.eTag] = file.etag
      buffer = ByteBuffer(bytes: file.bytes)
    }
    headers[.contentLength] = String(buffer.readableBytes)
    return Response(status: .ok, headers: headers, body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: buffer))
  }

  /// A body made for this request: gzipped when the request prefers gzip and the bytes are not
  /// small, with `Content-Encoding`, `Content-Length` and `Vary` set in `headers`.
  static func body(_ bytes: [UInt8], for request: Request, headers: inout HTTPFields) -> ResponseBody {
    headers[.vary] = "Accept-Encoding"
    var buffer = ByteBuffer()
    if bytes.count >= ContentCoding.minimumSize, ContentCoding.negotiate(request.headers[.acceptEncoding]) == .gzip {
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

  /// The percent-decoded path without its leading slash, or nil for a path that could point
  /// anywhere but at what is served: a `..` or `.` segment, a backslash, a NUL, or bad escapes.
  static func servedPath(_ raw: String) -> String? {
    guard raw.hasPrefix("/"), let decoded = String(raw.dropFirst()).removingPercentEncoding else { return nil }
    if decoded.contains("\\") || decoded.contains("\0") || decoded.hasPrefix("/") { return nil }
    let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
    if segments.contains(where: { $0 == ".." || $0 == "." }) { return nil }
    return decoded
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

  func page(_ name: String, build: ServedBuild, problems: String?, generation: Int, request: Request) -> Response {
    var renderer: PreviewRenderer
    switch build.preview {
    case .success(let made): renderer = made
    case .failure:
      return Self.text(.internalServerError, "internal error: the bundle's screens do not decode; save a file to build again\n", extra: [:])
    }
    renderer.live = true
    renderer.generation = generation
    renderer.problems = problems
    guard let html = renderer.page(named: name) else { return Self.notFound() }
    let type =
      name.hasSuffix(".js")
      ? "text/javascript; charset=utf-8" : name.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/html; charset=utf-8"
    var headers: HTTPFields = [.contentType: type, .cacheControl: "no-store"]
    let body = Self.body(Array(html.utf8), for: request, headers: &headers)
    return Response(status: .ok, headers: headers, body: body)
  }

  /// Server-sent events: a `reload` event after every build, until the page goes away or the
  /// server shuts down. A page that goes away (closes the connection) ends its stream at once: left
  /// until the next build's event failed to reach it, it would hold one of the connections.
  func events(_ request: Request) -> Response {
    let stream = state.listen()
    return Response(
      status: .ok,
      headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
      body: ResponseBody { writer in
        try await writer.write(ByteBuffer(string: ": zlc serve\nretry: 500\n\n"))
        try await request.body.consumeWithCancellationOnInboundClose { _ in
          for await event in stream.cancelOnGracefulShutdown() {
            try await writer.write(ByteBuffer(string: event))
          }
        }
        try await writer.finish(nil)
      })
  }

  static func notFound() -> Response { text(.notFound, "not found: zlc serve serves the bundle and the preview only\n", extra: [:]) }

  /// A plain-text response; with `request`, gzipped as `body(_:for:headers:)` says.
  static func text(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields, request: Request? = nil) -> Response {
    var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .contentLength: String(text.utf8.count)]
    headers.append(contentsOf: extra)
    guard let request else { return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text))) }
    let body = body(Array(text.utf8), for: request, headers: &headers)
    return Response(status: status, headers: headers, body: body)
  }
}
