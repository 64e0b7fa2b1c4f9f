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
/// the last good build, with ETags; `If-None-Match` gets 304, an `If-Match` of another hash 412),
/// `/preview/<page>.html` (the preview, with the last build's errors on top while the project has
/// any), `/_zlc/events`
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
    /// The one platform checked, built, served and previewed; every platform's bundle when nil.
    public var platform: String?

    public init(
      directory: String, host: String = "127.0.0.1", port: Int = 8080, output: String? = nil, feeds: String? = nil,
      warningsAsErrors: Bool = false, idleTimeout: Duration = .seconds(5), maxConnections: Int = PreviewServer.defaultMaxConnections,
      platform: String? = nil
    ) {
      self.platform = platform
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

  /// Where a build's bundle is: `rivers.json` and `bundle.json` at the root, or, for a bundle per
  /// platform, `platforms.json` and each platform's `rivers.json`; none before the first good build.
  static func bundlePaths(_ build: ServedBuild) -> String {
    guard !build.files.isEmpty else { return "bundle: none until the project builds" }
    // The platforms in `platforms.json`'s order (`zlc.json`'s), each at its folder.
    guard let list = build.files[PlatformBundles.fileName], let json = try? JSON.parse(list.bytes),
      let bundles = try? PlatformBundles(json: json), !bundles.platforms.isEmpty
    else { return "bundle: /rivers.json, /bundle.json" }
    return "bundles: /\(PlatformBundles.fileName), " + bundles.platforms.map { "/\($0.folder)/rivers.json" }.joined(separator: ", ")
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
      // As a build words it: missing, out of reach (with the system's reason), or a file.
      let shown = TerminalText.visible(options.directory)
      let message =
        fm.fileExists(atPath: options.directory) ? IOErrorRule.Message.projectIsAFile(shown) : IOErrorRule.Message.absentFolder(shown)
      complain(Self.printed(message.diagnostic(at: nil, path: shown)))
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
          // Only its own folder: a TMPDIR that does not exist is an error naming it, not made. It is
          // made readable by its owner only (as `mkdtemp` makes one): it holds the project's output.
          guard mkdir(base, 0o700) == 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
        }
      } catch {
        let shown = TerminalText.visible(PathText.deletingLastComponent(base))
        complain("error: cannot create a temporary folder for the bundle in '\(shown)': \(WritableFolder.plain(error))")
        return .ioFailure
      }
      temporary = base
      output = base + "/bundle"
    }
    let folder: OutputFolder
    do {
      folder = try OutputFolder.validate(output, kind: .bundle, project: options.directory)
      // The feeds folder is watched and its `*.json` read as feeds: a bundle written there would
      // be read back as feeds (`bundle.json`, `rivers.json`) by the next build.
      if let feeds = options.feeds, WorkingFolder.physicalPath(feeds) == folder.path { throw FeedsFolderAsOutput(output: output) }
    } catch {
      let (diagnostic, isIOFailure) = OutputFolder.notAccepted(error, output: output)
      complain(Self.printed(diagnostic))
      if let temporary { OutputFolder.removeMarkerLast(temporary) }
      return isIOFailure ? .ioFailure : .usage
    }
    do {
      try folder.makeParent()  // a folder that cannot be written is refused before serving, as by zlc build
    } catch {
      complain(Self.printed(IOErrorRule.Message.writeFailed(error).diagnostic(at: nil, path: output)))
      if let temporary { OutputFolder.removeMarkerLast(temporary) }
      return .ioFailure
    }
    // The bundle's marker last, as any output zlc removes: a kill meanwhile leaves it marked.
    defer { if let temporary { OutputFolder.removeMarkerLast(temporary) } }
    // What the writes will keep beside the output (ZL0126), named once, not at each rebuild; with
    // --warnings-as-errors, errors, and the server does not start, as a build writes nothing.
    let kept = Driver.keptLeftoverWarnings(folder, warningsAsErrors: options.warningsAsErrors)
    for diagnostic in kept { complain(Self.printed(diagnostic)) }
    if kept.contains(where: { $0.severity == .error }) { return .inputErrors }

    let builder = ServeBuilder(
      directory: options.directory, output: output, feeds: options.feeds, warningsAsErrors: options.warningsAsErrors,
      platform: options.platform)
    let state = ServerState()
    let mirror = OutputMirror(output: output, project: options.directory, complain: complain)
    let watcher = Watcher(builder: builder, state: state, mirror: mirror, say: say, complain: complain)
    // The paths and the host as given are printed with their control characters escaped.
    let address = TerminalText.visible((options.host.contains(":") ? "[\(options.host)]" : options.host) + ":\(options.port)")
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
    // Options that ask for what the project does not have stop it, as they stop `zlc build`.
    if case .failed(_, _, usage: true) = await watcher.buildNow(atStart: true) { return .usage }
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
    let idleTime = TimeAmount.nanoseconds(idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000)
    let app = Application(
      responder: Responder(state: state, hosts: HostCheck(boundHost: host)),
      // Idle connections (no request in progress, or a request that stopped arriving) are closed
      // after the idle timeout, once what they were sent has gone (or the client took nothing of
      // it for as long); beyond the connection limit the server stops accepting until one closes.
      server: .http1(
        configuration: .init(
          additionalChannelHandlers: [RequestTarget.Installer(stallTimeout: DrainBeforeClose.stallTimeout(idle: idleTime))],
          idleTimeout: .init(idleTime))),
      configuration: ApplicationConfiguration(
        address: .hostname(host, port: options.port), serverName: "zlc/\(zlcVersion)",
        availableConnectionsDelegate: MaximumAvailableConnections(max(1, options.maxConnections))),
      services: [watcher],
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? options.port
        let shown = TerminalText.visible(host.contains(":") ? "[\(host)]" : host)
        say("serving \(TerminalText.visible(options.directory)) on http://\(shown):\(port)/ (preview: /preview/, \(state.announcePaths()))")
        // A folder the first build could not be written to is named as such, not as holding it.
        let unwritten = mirror.lastWriteFailed ? " (not written: see the error above; each build is written again)" : ""
        say("bundle folder: \(TerminalText.visible(output))" + unwritten)
        if let previewed = state.snapshot.build.previewedBundle {
          say("note: the preview draws \(previewed); --platform ID serves and previews another alone")
        }
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

  /// The output folder is the feeds folder (links resolved).
  struct FeedsFolderAsOutput: Error, CustomStringConvertible {
    var output: String
    var description: String {
      "output '\(output)' is the feeds folder; zlc would read its own bundle back as feeds (use -o build)"
    }
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
    var listeners: [UUID: EventMailbox] = [:]
    var generation = 0
    /// The bundle's paths as last printed; nil until the banner prints them.
    var announced: String?
  }

  private let state = Mutex(State())

  /// This server's id, random at start: pages and events carry it beside the build number, which
  /// starts at 1 in every server, so a page a stopped server drew reloads when another answers.
  let server = String(UInt64.random(in: 1...UInt64.max), radix: 36)

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
    let (event, mailboxes, moved) = state.withLock { state -> (String, [EventMailbox], String?) in
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
      case .failed(let text, let app, _):
        state.problems = text
        // Before a first good build, the pages name the app as the project does.
        if state.current.files.isEmpty, let app { state.current = .empty(app: app) }
      }
      let ok = state.problems == nil
      return (
        "event: reload\ndata: {\"generation\":\(state.generation),\"ok\":\(ok),\"server\":\"\(server)\"}\n\n",
        Array(state.listeners.values), moved
      )
    }
    for mailbox in mailboxes { mailbox.reload(event) }
    return moved
  }

  func nextGeneration() -> Int { state.withLock { $0.generation + 1 } }

  /// How many pages listen for reloads (for tests).
  var listenerCount: Int { state.withLock { $0.listeners.count } }

  /// One page's events: a mailbox holding, first, a `current` event that says the latest build's
  /// generation and the server's id (a page drawn before it reloads: a build may end between the page's request and
  /// its listening), then the latest `reload`; and the wake-up stream that says when the mailbox
  /// has something, which ends when the page goes away or the server stops.
  func listen() -> (AsyncStream<Void>, EventMailbox) {
    let id = UUID()
    let (wakes, mailbox) = EventMailbox.make { [weak self] in _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) } }
    state.withLock {
      $0.listeners[id] = mailbox
      mailbox.current("event: current\ndata: {\"generation\":\($0.generation),\"server\":\"\(server)\"}\n\n")
    }
    return (wakes, mailbox)
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
    changes = Self.changes(directory: builder.directory, output: builder.output, feeds: builder.feeds)
  }

  /// Builds on a thread of its own (a build is CPU work that must not hold up the server's
  /// tasks), records the result (pages reload), then hands a good build to the output folder's
  /// writer. `atStart`: the build before the server listens, which options the project does not
  /// meet stop (the caller returns); a later one reports them as any failed build.
  @discardableResult
  func buildNow(atStart: Bool = false) async -> ServeBuilder.Result {
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
    case .failed(let problems, _, let usage):
      complain(problems.trimmingCharacters(in: .newlines))
      // At the start the server stops on it: nothing is served.
      if usage && atStart { return result }
      say(
        previous.files.isEmpty
          ? "build failed: nothing to serve yet; the bundle's paths answer 503 until the project builds"
          : "build failed: still serving the last good bundle")
    }
    return result
  }

  /// One element per change; changes during a build make one more build, not one each.
  static func changes(directory: String, output: String, feeds: String?) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let started = DispatchSemaphore(value: 0)
    // The watcher threads block (in inotify's read, or between polls) for the life of the
    // process; they hold nothing that needs tidying when it exits.
    Thread.detachNewThread {
      let watcher = InputWatcher(directory: directory, output: output)
      started.signal()
      while true {
        watcher.waitForChange(settle: 0.05, early: true)
        continuation.yield()
      }
    }
    started.wait()
    if let feeds {
      Thread.detachNewThread {
        var seen = FeedsFolder.fingerprint(of: feeds)
        while true {
          Thread.sleep(forTimeInterval: 0.25)
          let now = FeedsFolder.fingerprint(of: feeds)
          if now != seen {
            seen = now
            continuation.yield()
          }
        }
      }
    }
    return stream
  }

  func run() async throws {
    for await _ in changes.cancelOnGracefulShutdown() {
      await buildNow()
    }
  }
}
