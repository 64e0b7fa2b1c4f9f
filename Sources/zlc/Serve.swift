import ArgumentParser
import Foundation
import Synchronization
import ZappDiagnostics
import ZappLayoutCompiler
import ZappLayoutServer
import ZappModel
import ZappWriters

struct Serve: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve", abstract: "Serve a layout project's bundle and preview over HTTP, building again on every change.",
    discussion: """
      Serves /rivers.json, /bundle.json and each screen's file, /screens/<file>.json as bundle.json names it \
      (with ETags; for an app of several platforms, /platforms.json and each platform's bundle under its folder, \
      /ios/rivers.json), and the preview at /preview/, \
      gzipped when the request's Accept-Encoding prefers gzip. \
      While the project has errors the last good bundle stays served and the preview shows the errors. \
      Listens on 127.0.0.1 only unless --host says otherwise: --host 0.0.0.0 exposes the project to the network. \
      On a loopback address, requests naming another host than localhost or an IP address get 403 \
      (the host of an absolute request target counts, not the Host header); an HTTP/1.1 request \
      without a Host header gets 400.
      """)

  @Argument(help: "The layout project folder.")
  var directory: String

  @Option(help: "The address to listen on. 127.0.0.1 (loopback) unless given; 0.0.0.0 listens on every interface.")
  var host = "127.0.0.1"

  @Option(parsing: .unconditional, help: "The port to listen on, 0 to 65535; 0 picks a free one (the address is printed).")
  var port = 8080

  @Option(name: .shortAndLong, help: "The folder to write the bundle to (default: a temporary folder, removed on exit).")
  var output: String?

  @Option(help: "A folder of sender feeds that fill connected screens in the preview (see zlc preview).")
  var feeds: String?

  @Flag(help: "Treat warnings as errors.")
  var warningsAsErrors = false

  @Option(
    name: .customLong("platform"),
    help: ArgumentHelp(
      "One of the project's platforms (ios, android_for_quickbrick, …): only its bundle is checked, built and served (at the top: /rivers.json), and the preview draws it. Without it, every platform's bundle is served and the preview draws the first platform's. Given once.",
      valueName: "platform"))
  var platform: String?

  @Option(
    parsing: .unconditional, help: "Seconds a connection may stay open without a request in progress before it is closed, 0.05 to 86400.")
  var idleTimeout = 5.0

  @Option(
    parsing: .unconditional,
    help:
      "The most connections open at once, 1 to 100000 (default: half of what the open-file limit leaves beside the server's own files, at most 1024); more wait to be accepted."
  )
  var maxConnections: Int?

  func validate() throws {
    try OutputChoice.validate(["-o", "--output"])
    try OutputChoice.validateOnce([["--host"], ["--port"], ["--feeds"], ["--idle-timeout"], ["--max-connections"]])
    try PlatformChoice.validate()
    try FolderArgument.validate(directory, "the layout project folder")
    if let feeds { try FolderArgument.validate(feeds, "the folder of preview feeds", option: "--feeds") }
    guard (0...65535).contains(port) else { throw ValidationError("--port takes 0 to 65535") }
    if let problem = Self.hostProblem(host) { throw ValidationError(problem) }
    guard idleTimeout.isFinite, (0.05...86400).contains(idleTimeout) else {
      throw ValidationError("--idle-timeout takes 0.05 to 86400 seconds")
    }
    if let maxConnections, !(1...100_000).contains(maxConnections) { throw ValidationError("--max-connections takes 1 to 100000") }
    // Refused before the first build: a server short of files cannot answer what it accepts.
    if let problem = PreviewServer.makeRoomToServe(connections: maxConnections) {
      writeError("Error: \(problem)\n")
      throw ExitCode(ExitStatus.ioFailure.rawValue)
    }
    if let maxConnections, let problem = PreviewServer.makeRoom(forConnections: maxConnections) { throw ValidationError(problem) }
  }

  func run() throws {
    // An IPv6 address may be given as the startup line prints it: [::1].
    let bare = host.hasPrefix("[") && host.hasSuffix("]") && host.count > 2 ? String(host.dropFirst().dropLast()) : host
    let options = PreviewServer.Options(
      directory: directory, host: bare, port: port, output: output, feeds: feeds, warningsAsErrors: warningsAsErrors,
      idleTimeout: .milliseconds(Int64(idleTimeout * 1000)),
      maxConnections: maxConnections ?? PreviewServer.defaultMaxConnections, platform: platform)
    let finished = StatusBox()
    let done = DispatchSemaphore(value: 0)
    Task {
      // Errors and diagnostics go to standard error, the log of builds to standard output; a log
      // that cannot be written does not stop the server.
      finished.status = await PreviewServer.run(
        options, say: { StandardStreams.write($0 + "\n", to: STDOUT_FILENO) }, complain: { writeError($0 + "\n") })
      done.signal()
    }
    done.wait()
    throw ExitCode(finished.status.rawValue)
  }
}

extension Serve {
  /// The usage error of a `host` that cannot be an address or a host name: empty, holding a port
  /// (`host:port`, `[::1]:80`), or holding anything but letters, digits and `.-_:%` (a space, a
  /// control character, a stray bracket); nil for a host the system is asked to resolve. The
  /// refusal quotes the host with its control characters escaped (`\u{1B}`); a host typed in that
  /// escaped form is refused too, as `\`, `{` and `}` are not allowed.
  static func hostProblem(_ host: String) -> String? {
    let advice = "give an address of this machine (127.0.0.1, 0.0.0.0)"
    if host.isEmpty { return "--host is empty: \(advice)" }
    let noHost =
      "--host '\(shortValue(TerminalText.visible(host)))' is no address or host name "
      + "(letters, digits and . - _ : %, an IPv6 address perhaps in brackets): \(advice)"
    // An IPv6 address has two colons or more: a single colon, or one after the brackets, starts a
    // port. A port in digits after a well-formed host (or none, `:80`) is told so; anything else
    // there is no host.
    let portAt: String.Index? =
      host.hasPrefix("[") ? host.range(of: "]:").map { host.index(after: $0.lowerBound) } : host.firstIndex(of: ":")
    if let portAt, host.hasPrefix("[") || host.count(where: { $0 == ":" }) == 1 {
      let (beforePort, port) = (String(host[..<portAt]), host[host.index(after: portAt)...])
      let digits = !port.isEmpty && port.allSatisfy { $0.isASCII && $0.isNumber }
      guard digits, beforePort.isEmpty || hostProblem(beforePort) == nil else { return noHost }
      return "--host '\(shortValue(TerminalText.visible(host)))' holds a port: give the host alone, and the port with --port"
    }
    // Brackets go around an IPv6 address as a whole ([::1]), as the startup line prints it.
    let inner = host.hasPrefix("[") && host.hasSuffix("]") ? host.dropFirst().dropLast() : Substring(host)
    let named = inner.unicodeScalars.allSatisfy {
      $0.properties.isAlphabetic || $0.properties.numericType != nil || ".-_:%".unicodeScalars.contains($0)
    }
    guard inner.isEmpty || !named else { return nil }
    return noHost
  }
}

/// The exit status of the server, set by its task before the main thread reads it.
final class StatusBox: Sendable {
  private let value = Mutex(ExitStatus.success)
  var status: ExitStatus {
    get { value.withLock { $0 } }
    set { value.withLock { $0 = newValue } }
  }
}
