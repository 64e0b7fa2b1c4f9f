import ArgumentParser
import Foundation
import Synchronization
import ZappLayoutCompiler
import ZappLayoutServer

struct Serve: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve", abstract: "Serve a layout project's bundle and preview over HTTP, building again on every change.",
    discussion: """
      Serves /rivers.json, /bundle.json and /screens/<id>.json (with ETags) and the preview at /preview/. \
      While the project has errors the last good bundle stays served and the preview shows the errors. \
      Listens on 127.0.0.1 only unless --host says otherwise: --host 0.0.0.0 exposes the project to the network.
      """)

  @Argument(help: "The layout project folder.")
  var directory: String

  @Option(help: "The address to listen on. 127.0.0.1 (loopback) unless given; 0.0.0.0 listens on every interface.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on; 0 picks a free one (the address is printed).")
  var port = 8080

  @Option(name: .shortAndLong, help: "The folder to write the bundle to (default: a temporary folder, removed on exit).")
  var output: String?

  @Option(help: "A folder of sender feeds that fill connected screens in the preview (see zlc preview).")
  var feeds: String?

  @Flag(help: "Treat warnings as errors.")
  var warningsAsErrors = false

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port takes 0 to 65535") }
  }

  func run() throws {
    let options = PreviewServer.Options(
      directory: directory, host: host, port: port, output: output, feeds: feeds, warningsAsErrors: warningsAsErrors)
    let finished = StatusBox()
    let done = DispatchSemaphore(value: 0)
    Task {
      finished.status = await PreviewServer.run(options) { line in writeOut(line + "\n") }
      done.signal()
    }
    done.wait()
    throw ExitCode(finished.status.rawValue)
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
