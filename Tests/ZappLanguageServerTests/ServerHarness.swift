import Foundation
import XCTest
import ZappLayoutCompiler

@testable import ZappLanguageServer
@testable import ZappModel
@testable import ZappReaders

extension XCTestCase {
  /// A temporary file holding `bytes`, opened for reading; closed and removed after the test.
  func inputFile(_ bytes: [UInt8]) throws -> Int32 {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-lsp-input-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    let fd = open(url.path, O_RDONLY)
    XCTAssertGreaterThanOrEqual(fd, 0)
    addTeardownBlock {
      close(fd)
      try? FileManager.default.removeItem(at: url)
    }
    return fd
  }

  /// One framed message.
  func framed(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

  /// The body of a framed message; nil for anything else.
  func body(_ incoming: Incoming) -> String? {
    guard case .body(let data) = incoming else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// Runs a server on `input` (framed messages) to its end: the server, its exit status and every
  /// message it wrote.
  func serve(_ input: [UInt8], limits: ReaderLimits = .default) throws -> (LanguageServer, Int32, [JSONObject]) {
    let inputFD = try inputFile(input)
    let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-lsp-output-\(UUID().uuidString)")
    let outputFD = open(outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    XCTAssertGreaterThanOrEqual(outputFD, 0)
    addTeardownBlock { try? FileManager.default.removeItem(at: outputURL) }
    let server = LanguageServer(input: inputFD, output: outputFD, limits: limits)
    let status = server.run()
    close(outputFD)
    let reader = MessageReader(input: try inputFile([UInt8](Data(contentsOf: outputURL))))
    var messages: [JSONObject] = []
    while let message = body(reader.read()) {
      messages.append(try XCTUnwrap(JSONSerialization.jsonObject(with: Data(message.utf8)) as? JSONObject))
    }
    return (server, status, messages)
  }

  /// A project folder with `zlc.json` and `screens/`, removed after the test.
  func emptyProject() throws -> URL {
    let project = FileManager.default.temporaryDirectory.appendingPathComponent("zlc-lsp-project-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: project.appendingPathComponent("screens"), withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: project) }
    try Data("{}\n".utf8).write(to: project.appendingPathComponent("zlc.json"))
    return project
  }

  /// A JSON string literal of `text`.
  func quoted(_ text: String) throws -> String {
    String(String(decoding: try JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast())
  }
}
