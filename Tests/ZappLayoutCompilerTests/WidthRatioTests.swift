import XCTest

@testable import ZappDiagnostics
@testable import ZappLayoutCompiler

/// A flow cell's `widthRatio` of 1/n with spacing between items fits fewer than n a row (ZL0522).
final class WidthRatioTests: XCTestCase {
  /// A family of a 320-point phone, insets and spacing of 10, whose grid cells are `cells`.
  func family(_ cells: String, spacing: String = "10") -> String {
    #"""
    <Family name="F"><Screens><Screen type="default" insetLeft="10" insetRight="10" interItemSpacing="\#(spacing)"/></Screens>
    <Components><Component type="grid">\#(cells)</Component></Components></Family>
    """#
  }

  let project = ["zlc.json": #"{"devices": [{"name": "se", "class": "phone", "width": 320}]}"#]

  /// A half and a third are reported on the device where they lose an item, at the cell style,
  /// with the note at the device; a share that names no count (`0.3`, fitting 3), a half without
  /// spacing and a half in a linear section pass.
  func testAShareOfOneNthWithSpacingLosesAnItem() throws {
    let cells = #"""
      <Cell name=⟦ZL0522⟧"HALF" widthRatio="0.5" cellHeight="100"/>
      <Cell name=⟦ZL0522⟧"THIRD" widthRatio="0.3333" cellHeight="100"/>
      <Cell name="TENTHS" widthRatio="0.3" cellHeight="100"/>
      """#
    let notes = ["device 'se' is declared here"]
    func message(_ name: String, fits: String, meant: Int, ratio: String, width: String) -> String {
      "cell style '\(name)' of family 'F' fits \(fits) a row on device 'se' (320 wide), not \(meant): each takes widthRatio \(ratio) of the content width (\(width) of 300), and interItemSpacing 10 between them leaves no room for the next; for \(meant) a row, use columns \(meant) in place of widthRatio"
    }
    try assertFindings(
      project.merging(["families/f.xml": family(cells)]) { $1 },
      [
        "families/f.xml": [
          (message("HALF", fits: "1 item", meant: 2, ratio: "0.5", width: "150"), notes, nil),
          (message("THIRD", fits: "2 items", meant: 3, ratio: "0.3333", width: "99.99"), notes, nil),
        ]
      ])
    try assertFindings(
      project.merging(["families/f.xml": family(#"<Cell name="HALF" widthRatio="0.5" cellHeight="100"/>"#, spacing: "0")]) { $1 }, [:])
    let linear = family(#"<Cell name="HALF" widthRatio="0.5" cellHeight="100"/>"#).replacingOccurrences(
      of: #"type="grid">"#, with: #"type="list" layout="linear">"#)
    try assertFindings(project.merging(["families/f.xml": linear]) { $1 }, [:])
  }
}
