import Foundation
import XCTest

/// The compiler's phases are SwiftPM targets in one direction: a phase imports only the phases
/// below it (and the runtime), never one above, so a reader cannot reach into the rules or a rule
/// into a writer.
final class PhaseTargetTests: XCTestCase {
  /// From the bottom up, as Package.swift's `compilerPhases` lists them from the top down.
  static let phases = [
    "ZappDiagnostics", "ZappReaders", "ZappModel", "ZappRules", "ZappResolution", "ZappWriters", "ZappLayoutCompiler",
  ]

  func testNoPhaseImportsOneAboveIt() throws {
    let sources = repositoryRoot.appendingPathComponent("Sources")
    var checked = 0
    for (level, phase) in Self.phases.enumerated() {
      let allowed = Set(Self.phases[..<level]).union(["ZappLayout"])
      let folder = sources.appendingPathComponent(phase)
      let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
      XCTAssertFalse(files.isEmpty, phase)
      for file in files {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for match in text.matches(of: /(?m)^(?:@testable )?import (Zapp\w*)$/) {
          XCTAssertTrue(allowed.contains(String(match.1)), "\(phase)/\(file) imports \(match.1), which is not below \(phase)")
          checked += 1
        }
      }
    }
    XCTAssertGreaterThan(checked, 300)
  }

  /// Package.swift declares the same phases, top down, and no phase target depends on one above it.
  func testPackageDeclaresThePhasesInOrder() throws {
    let manifest = try String(contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let listed = try XCTUnwrap(manifest.firstMatch(of: /let compilerPhases: \[Target.Dependency\] = \[([^\]]*)\]/)).1
    let names = listed.matches(of: /"(\w+)"/).map { String($0.1) }
    XCTAssertEqual(names, Self.phases.dropLast().reversed())
    for (level, phase) in Self.phases.enumerated() where phase != "ZappLayoutCompiler" {
      let declaration = try XCTUnwrap(
        manifest.firstMatch(of: try Regex(#"\.target\(\s*name: ""# + phase + #"",\s*dependencies: \[([^\]]*)\]"#)))
      let dependencies = (declaration.output[1].substring ?? "").matches(of: /"(Zapp\w*)"/).map { String($0.1) }
      XCTAssertFalse(dependencies.isEmpty, phase)
      XCTAssertTrue(Set(dependencies).isSubset(of: Set(Self.phases[..<level]).union(["ZappLayout"])), "\(phase) depends on \(dependencies)")
    }
  }
}
