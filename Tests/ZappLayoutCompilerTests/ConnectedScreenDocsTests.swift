import Foundation
import XCTest
import ZappLayout

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler
@testable import ZappModel
@testable import ZappResolution
@testable import ZappWriters

/// A connected screen as the Zapp docs write it: its components' `data.source` may be a
/// placeholder word with no type (no source of their own, ZL0403), and its `data.parent` names the
/// screen that opens it (ZL0408).
final class ConnectedScreenDocsTests: XCTestCase {
  /// The base project with the connected screen `show` (`data` extra keys after `connected`)
  /// holding `components`; the home screen's menu still opens `other`, and nothing else opens
  /// `show`.
  func check(_ components: String, data: String = "") throws -> (String, [Diagnostic]) {
    let show =
      #"[{"id": "show", "type": "general_content", "styles": {"family": "FAMILY_1"}, "data": {"connected": true\#(data)}, "#
      + #""ui_components": [\#(components)]}]"#
    let dir = try makeProject(
      Example.baseProject.merging(["screens/s.json": show, "screen_types.json": #"{"screen_types": {"show": "show"}}"#]) { $1 })
    return (dir, Driver.check(dir).diagnostics)
  }

  static func grid(_ data: String) -> String {
    #"{"component_type": "grid", "data": {\#(data)}, "styles": {"cell_styles": ["GRID_1"]}}"#
  }

  /// `source_url` and `URL`, in any case, with an empty or absent type, are the docs' placeholders:
  /// no source of the component's own.
  func testAPlaceholderSourceWithoutATypeIsNoSource() throws {
    for data in [
      #""source": "source_url", "type": """#, #""source": "URL", "type": """#, #""source": "Source_URL""#,
      #""source": "url", "type": null"#,
    ] {
      let (dir, found) = try check(Self.grid(data))
      defer { try? FileManager.default.removeItem(atPath: dir) }
      assertDiagnostics(found, in: dir, [])
    }
  }

  /// A real source (a CMS id, a URL) and a placeholder with a type are sources of the component's own.
  func testARealSourceOrAPlaceholderWithATypeIsOwn() throws {
    for (source, type) in [("3126", ""), ("https://cdn/feed.json", ""), ("source_url", "APPLICASTER_COLLECTION"), ("source_url ", "")] {
      let marked = Marked(
        #"[{"id": "show", "type": "general_content", "styles": {"family": "FAMILY_1"}, "data": {"connected": true}, "#
          + #""ui_components": [\#(Self.grid(#""source": ⟦⟧"\#(source)", "type": "\#(type)""#))]}]"#)
      let dir = try makeProject(
        Example.baseProject.merging(["screens/s.json": marked.text, "screen_types.json": #"{"screen_types": {"show": "show"}}"#]) { $1 })
      defer { try? FileManager.default.removeItem(atPath: dir) }
      assertDiagnostics(
        Driver.check(dir).diagnostics, in: dir,
        [
          DiagnosticSpec(
            code: "ZL0403", file: "screens/s.json", line: marked.markers[0].line, column: marked.markers[0].column,
            message:
              "component on connected screen 'show' has its own data source '\(source)'; connected screens hand the sender's children to their components"
          )
        ])
    }
  }

  /// The bundle binds a component with a placeholder source to the sender's child, as one with "".
  func testAPlaceholderSourceBindsTheSendersChild() throws {
    let (dir, found) = try check(Self.grid(#""source": "source_url", "type": """#) + ", " + Self.grid(#""source": "", "type": """#))
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(found, in: dir, [])
    let project = ProjectLoader().load(dir, into: DiagnosticBag())
    let sections = Resolver(project: project).resolvedScreen(project.screen(id: "show")!).resolved.sections
    XCTAssertEqual(sections.map(\.data), [DataBinding(binding: .senderChild, child: 0), DataBinding(binding: .senderChild, child: 1)])
  }

  /// The project of the base one and `screens`, checked.
  func check(screens: String) throws -> (String, [Diagnostic]) {
    let dir = try makeProject(Example.baseProject.merging(["screens/s.json": screens]) { $1 })
    return (dir, Driver.check(dir).diagnostics)
  }

  static let nothing =
    "no screen_types or content_types mapping, component data.target, header or footer target, hook, screen_selector field or navigation item names it, and it has no data.parent naming another screen"

  /// A connected screen whose `data.parent` names a screen is opened by it: by the home screen, it
  /// can be opened; by none, it cannot (and the parent is ZL0307).
  func testTheParentOpensAConnectedScreen() throws {
    let (dir, found) = try check(
      screens: #"[{"id": "show", "type": "favorites", "data": {"connected": true, "parent": "home"}, "ui_components": []}]"#)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(found, in: dir, [])

    let marked = Marked(
      #"[{"id": ⟦ZL0408⟧"show", "type": "favorites", "data": {"connected": true, "parent": ⟦ZL0307⟧"nowhere"}, "ui_components": []}]"#)
    let (dir2, found2) = try check(screens: marked.text)
    defer { try? FileManager.default.removeItem(atPath: dir2) }
    let (show, parent) = (marked.markers[0], marked.markers[1])
    assertDiagnostics(
      found2, in: dir2,
      [
        DiagnosticSpec(
          code: "ZL0408", file: "screens/s.json", line: show.line, column: show.column,
          message: "nothing can open connected screen 'show': \(Self.nothing)"),
        DiagnosticSpec(
          code: "ZL0307", file: "screens/s.json", line: parent.line, column: parent.column,
          message: "parent screen 'nowhere' is not the id of any screen"),
      ])
  }

  /// A misspelled parent nearest to the screen's own id gets no did-you-mean: a screen is never
  /// its own parent (the fix would leave ZL0408). Nearest to another screen's id, it gets that one.
  func testAParentIsNeverSuggestedAsTheScreenItself() throws {
    for (parent, fixIt) in [("lsot", nil), ("hom", "did you mean 'home'?")] {
      let marked = Marked(
        #"[{"id": "lost", "type": "favorites", "data": {"connected": true, "parent": ⟦⟧"\#(parent)"}, "ui_components": []}]"#)
      let (dir, found) = try check(screens: marked.text)
      defer { try? FileManager.default.removeItem(atPath: dir) }
      let unknown = found.filter { $0.code == "ZL0307" }
      XCTAssertEqual(unknown.map(\.message), ["parent screen '\(parent)' is not the id of any screen"], parent)
      XCTAssertEqual(unknown.first?.location?.column, marked.markers[0].column, parent)
      XCTAssertEqual(unknown.first?.fixIt?.message, fixIt, parent)
    }
  }

  /// A parent that nothing reachable opens opens the screen only from there: a note at the parent.
  func testAnUnreachableParentIsNoted() throws {
    let marked = Marked(
      #"[{"id": ⟦⟧"lost", "type": "favorites", "data": {"connected": true}, "ui_components": []}, "#
        + #"{"id": ⟦⟧"show", "type": "favorites", "data": {"connected": true, "parent": ⟦⟧"lost"}, "ui_components": []}]"#)
    let (dir, found) = try check(screens: marked.text)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let (lost, show) = (marked.markers[0], marked.markers[1])
    assertDiagnostics(
      found, in: dir,
      [
        DiagnosticSpec(
          code: "ZL0408", file: "screens/s.json", line: lost.line, column: lost.column,
          message: "nothing can open connected screen 'lost': \(Self.nothing)"),
        DiagnosticSpec(
          code: "ZL0408", file: "screens/s.json", line: show.line, column: show.column,
          message: "nothing can open connected screen 'show': only screens that cannot be reached themselves open it",
          notes: ["opened from screen 'lost', which nothing reachable opens"]),
      ])
    XCTAssertEqual(
      found.first { $0.message.contains("'show'") }?.notes.first?.spot.map { [$0.location.line, $0.location.column] },
      [marked.markers[2].line, marked.markers[2].column])
  }

  /// A root screen whose `data.parent` names the home screen is opened by it (ZL0409).
  func testTheParentOpensARootScreen() throws {
    let (dir, found) = try check(screens: #"[{"id": "more", "type": "favorites", "data": {"parent": "home"}, "ui_components": []}]"#)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    assertDiagnostics(found, in: dir, [])
  }

  /// The preview draws what the checks count: the parent opens the screen, in its "Opened by"
  /// list and the app map, from the project and from a written bundle alike.
  func testThePreviewShowsTheParentOpeningTheScreen() throws {
    let screens = #"[{"id": "more", "type": "favorites", "data": {"connected": true, "parent": "home"}, "ui_components": []}]"#
    let dir = try makeProject(Example.baseProject.merging(["screens/s.json": screens]) { $1 })
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let outcome = Driver.build(dir, output: dir + "/out")
    assertDiagnostics(outcome.diagnostics, in: dir, [])
    let bundle = try ScreenBundle.load(from: URL(fileURLWithPath: dir + "/out"))
    let renderers = [
      PreviewRenderer(project: Driver.check(dir).project),
      PreviewRenderer(index: bundle.index, screens: try bundle.index.screens.indices.map { try bundle.screen(at: $0) }),
    ]
    for renderer in renderers {
      let more = try XCTUnwrap(renderer.page(named: "more.html"))
      XCTAssertTrue(more.contains("<b>Opened by</b>"), more)
      XCTAssertTrue(more.contains("<small>data.parent</small>"), more)
      XCTAssertTrue(renderer.links.contains { $0.from == "home" && $0.to == "more" && $0.label == "data.parent" })
    }
  }
}
