import XCTest

@testable import ZappLayout

final class GeometryTests: XCTestCase {
  /// The seed: 320 wide, insets and spacing 10 → 300 (one column) and 145 (two).
  func testSeedArithmetic() {
    XCTAssertEqual(Geometry.itemWidth(screenWidth: 320, insetLeft: 10, insetRight: 10, spacing: 10, columns: 1), 300)
    XCTAssertEqual(Geometry.itemWidth(screenWidth: 320, insetLeft: 10, insetRight: 10, spacing: 10, columns: 2), 145)
    var screen = Metrics()
    screen.insetLeft = 10
    screen.insetRight = 10
    screen.interItemSpacing = 10
    var two = Metrics()
    two.columns = 2
    let family = Family(
      name: "F", screens: LeveledMetrics(byClass: [.phone: screen]),
      components: [
        ComponentStyle(type: "grid", cells: [CellStyle(name: "ONE"), CellStyle(name: "TWO", metrics: LeveledMetrics(base: two))])
      ])
    let phone = Device(name: "p", deviceClass: .phone, width: 320)
    XCTAssertEqual(
      Geometry.layout(for: GeometryInput(family: family, componentType: "grid", cellStyle: "ONE"), device: phone).item.width, 300)
    XCTAssertEqual(
      Geometry.layout(for: GeometryInput(family: family, componentType: "grid", cellStyle: "TWO"), device: phone).item.width, 145)
  }

  /// A row of items with the spacing between them and the insets around it never takes more than
  /// the window: widths are rounded down to 0.01 pt (three items of 980 / 3 are 326.66, where
  /// the nearest, 326.67, made a row of 1024.01 in a 1024-point window), and never by more.
  func testARowOfItemsNeverTakesMoreThanTheWindow() {
    var overflows: [String] = []
    var roundedUp = 0
    for columns in 1...7 {
      for spacing in [0, 7, 12, 13.3] {
        var m = Metrics()
        (m.insetLeft, m.insetRight, m.interItemSpacing, m.columns, m.aspectCellRatio) = (10, 10.5, spacing, columns, 0.7)
        let family = Family(
          name: "F", screens: LeveledMetrics(base: m),
          components: [ComponentStyle(type: "grid", cells: [CellStyle(name: "C")]), ComponentStyle(type: "hero", layout: .oneAndN)])
        for width in stride(from: 280.0, through: 1400, by: 0.25) {
          let device = Device(name: "d", deviceClass: .phone, width: width)
          let grid = Geometry.layout(for: GeometryInput(family: family, componentType: "grid", cellStyle: "C"), device: device)
          let row = Double(grid.columns) * grid.item.width + Double(grid.columns - 1) * spacing + 20.5
          if row > width + 1e-9 { overflows.append("\(columns) columns of \(grid.item.width) in \(width): \(row)") }
          let exact = (width - 20.5 - Double(columns - 1) * spacing) / Double(columns)
          if grid.item.width > exact + 1e-9 || grid.item.width < exact - 0.01 - 1e-9 { roundedUp += 1 }
          let hero = Geometry.layout(for: GeometryInput(family: family, componentType: "hero", cellStyle: nil), device: device)
          if let large = hero.large, let small = hero.small?.first, large.width + spacing + small.width + 20.5 > width + 1e-9 {
            overflows.append("one_and_n in \(width): \(large.width) + \(small.width)")
          }
        }
      }
    }
    XCTAssertEqual(overflows.prefix(5), [])
    XCTAssertEqual(roundedUp, 0)
  }

  /// Youku: standardWidth 440, scale 1.2, phone columns 2 → 3 columns at 1024 and 2 at 768.
  func testResponsiveColumns() {
    XCTAssertEqual(Geometry.responsiveColumns(width: 1024, standardWidth: 440, scale: 1.2, phoneColumns: 2), 3)
    XCTAssertEqual(Geometry.responsiveColumns(width: 768, standardWidth: 440, scale: 1.2, phoneColumns: 2), 2)
    XCTAssertEqual(Geometry.responsiveColumns(width: 200, standardWidth: 440, scale: 1.2, phoneColumns: 2), 1)
    var tablet = Metrics()
    tablet.responsive = true
    var phoneColumns = Metrics()
    phoneColumns.columns = 2
    var explicit = Metrics()
    explicit.columns = 5
    let family = Family(
      name: "F", responsive: ResponsiveRule(standardWidth: 440, scale: 1.2), screens: LeveledMetrics(byClass: [.tablet: tablet]),
      components: [
        ComponentStyle(
          type: "grid", metrics: LeveledMetrics(base: phoneColumns),
          cells: [
            CellStyle(name: "A"), CellStyle(name: "B", metrics: LeveledMetrics(byClass: [.tablet: explicit])),
          ])
      ])
    let input = GeometryInput(family: family, componentType: "grid", cellStyle: "A")
    XCTAssertEqual(Geometry.columns(for: input, device: Device(name: "l", deviceClass: .tablet, width: 1024)), 3)
    XCTAssertEqual(Geometry.columns(for: input, device: Device(name: "p", deviceClass: .tablet, width: 768)), 2)
    XCTAssertEqual(Geometry.columns(for: input, device: Device(name: "phone", deviceClass: .phone, width: 375)), 2)
    let b = GeometryInput(family: family, componentType: "grid", cellStyle: "B")
    XCTAssertEqual(Geometry.columns(for: b, device: Device(name: "l", deviceClass: .tablet, width: 1024)), 5, "explicit columns win")
  }

  func testResponsiveColumnsOfExtremeFamiliesStayInRange() {
    // Found by fuzzing: a tiny standard width once overflowed the conversion to Int.
    XCTAssertEqual(Geometry.responsiveColumns(width: 1024, standardWidth: 1e-300, scale: 1e-10, phoneColumns: 2), Metrics.maxColumns)
    XCTAssertEqual(Geometry.responsiveColumns(width: 1e308, standardWidth: 1, scale: 1, phoneColumns: 1), Metrics.maxColumns)
    XCTAssertEqual(Geometry.responsiveColumns(width: 10, standardWidth: 1e300, scale: 1e10, phoneColumns: 1), 1)
  }

  /// A flow cell's width ratio gives as many columns as fit a row, and a ratio too small for any row
  /// (found by a mutation run: 1e-300 once trapped converting 1 / ratio to `Int`) the most a row holds.
  func testFlowWidthRatioColumnsStayInRange() {
    func columns(widthRatio: Double, spacing: Double? = nil) -> Int {
      var cell = Metrics()
      cell.widthRatio = widthRatio
      cell.interItemSpacing = spacing
      let family = Family(
        name: "F", screens: LeveledMetrics(base: Metrics()),
        components: [ComponentStyle(type: "grid", cells: [CellStyle(name: "G", metrics: LeveledMetrics(base: cell))])])
      let phone = Device(name: "p", deviceClass: .phone, width: 375)
      return Geometry.layout(for: GeometryInput(family: family, componentType: "grid", cellStyle: "G"), device: phone).columns
    }
    XCTAssertEqual(columns(widthRatio: 0.25), 4)
    XCTAssertEqual(columns(widthRatio: 0.3), 3)
    XCTAssertEqual(columns(widthRatio: 1), 1)
    XCTAssertEqual(columns(widthRatio: 1e-3), Metrics.maxColumns)
    XCTAssertEqual(columns(widthRatio: 1e-300), Metrics.maxColumns)
    XCTAssertEqual(columns(widthRatio: .leastNonzeroMagnitude), Metrics.maxColumns)
    // Items and the spacing between them fit the row: two halves with 12 between them do not.
    XCTAssertEqual(columns(widthRatio: 0.5, spacing: 12), 1)
    XCTAssertEqual(columns(widthRatio: 0.3, spacing: 12), 3)  // 3 × 112.5 + 2 × 12 = 361.5 ≤ 375
    XCTAssertEqual(columns(widthRatio: 0.3, spacing: 20), 2)  // 3 × 112.5 + 2 × 20 = 377.5 > 375
  }

  /// A window narrower than its insets leaves a negative content width: with a tiny ratio and a
  /// spacing just above the item's negative width, the fit is a huge negative number, which once
  /// trapped converting to `Int`. One column, as for any row that fits none.
  func testFlowWidthRatioInAWindowNarrowerThanItsInsetsIsOneColumn() {
    var metrics = Metrics()
    metrics.insetLeft = 0.5
    metrics.insetRight = 0.5
    metrics.widthRatio = 1e-4
    metrics.interItemSpacing = (1e-4).nextUp
    let layout = Geometry.layout(kind: .flow, metrics: metrics, columns: 1, width: 0)
    XCTAssertEqual(layout.columns, 1)
  }

  /// A one_and_n layout of a family made in code with `Int.max` small items lays out at most 1,000,
  /// as many as zlc and the bundle's reader keep, instead of trapping.
  func testOneAndNOfAFamilyMadeInCodeCapsItsSmallItems() {
    var one = Metrics()
    one.smallItems = .max
    let family = Family(
      name: "F", screens: LeveledMetrics(base: Metrics()),
      components: [ComponentStyle(type: "hero", layout: .oneAndN, metrics: LeveledMetrics(base: one))])
    let layout = Geometry.layout(
      for: GeometryInput(family: family, componentType: "hero", cellStyle: nil), device: Device(name: "p", deviceClass: .phone, width: 375))
    XCTAssertEqual(layout.small?.count, Metrics.maxColumns)
    XCTAssertEqual(layout.columns, Metrics.maxColumns + 1)
  }

  /// The family numbers zlc lays out with: a width ratio gives at most 1,000 items a row, and a
  /// count is a whole number of 1 to 1,000.
  func testFamilyNumbersInRange() {
    XCTAssertTrue(Metrics.accepts("widthRatio", 0.001))
    XCTAssertTrue(Metrics.accepts("widthRatio", 0.999))
    XCTAssertFalse(Metrics.accepts("widthRatio", 0.000999))
    XCTAssertFalse(Metrics.accepts("widthRatio", 1))
    XCTAssertTrue(Metrics.accepts("columns", 1000))
    XCTAssertFalse(Metrics.accepts("columns", 1001))
    XCTAssertFalse(Metrics.accepts("smallItems", 2.5))
    XCTAssertFalse(Metrics.accepts("cellHeight", 0))
    XCTAssertTrue(Metrics.accepts("insetLeft", 0))
  }

  /// Android words: padding → side insets, paddingTopBottom → top/bottom, divider → spacing,
  /// paddingSide on a cell overrides the side insets; aspectCellRatio gives the height.
  func testAndroidWordsByHand() {
    var screen = Metrics()
    screen.insetLeft = 12
    screen.insetRight = 12
    screen.insetTop = 12
    screen.insetBottom = 12
    screen.interItemSpacing = 12
    screen.lineSpacing = 12
    var cell = Metrics()
    cell.insetLeft = 8
    cell.insetRight = 8
    cell.aspectCellRatio = 0.9
    cell.columns = 2
    let family = Family(
      name: "A", screens: LeveledMetrics(byClass: [.phone: screen]),
      components: [ComponentStyle(type: "list", cells: [CellStyle(name: "L", metrics: LeveledMetrics(byClass: [.phone: cell]))])])
    let l = Geometry.layout(
      for: GeometryInput(family: family, componentType: "list", cellStyle: "L"), device: Device(name: "p", deviceClass: .phone, width: 360))
    // (360 − 8 − 8 − 12) / 2 = 166; 166 / 0.9 = 184.44
    XCTAssertEqual(l.item.width, 166)
    XCTAssertEqual(l.item.height, 184.44)
    XCTAssertEqual(l.insets, Insets(top: 12, left: 8, bottom: 12, right: 8))
  }

  func testLayoutKinds() {
    var m = Metrics()
    m.insetLeft = 12
    m.insetRight = 12
    m.interItemSpacing = 12
    m.cellWidth = 16
    m.cellHeight = 9
    m.columns = 3
    var one = Metrics()
    one.widthRatio = 0.6
    one.smallItems = 2
    let family = Family(
      name: "F", screens: LeveledMetrics(base: m),
      components: [
        ComponentStyle(
          type: "hero", layout: .paged,
          layouts: [
            NamedLayout(name: "ONE", kind: .oneAndN, metrics: LeveledMetrics(base: one)), NamedLayout(name: "W", kind: .waterfall),
            NamedLayout(name: "H", kind: .horizontal),
          ])
      ])
    let phone = Device(name: "p", deviceClass: .phone, width: 375)
    let paged = Geometry.layout(for: GeometryInput(family: family, componentType: "hero", cellStyle: nil), device: phone)
    XCTAssertEqual(paged.item, ItemSize(width: 351, height: 197.44))
    XCTAssertEqual(paged.scrollDirection, "horizontal")
    let oneAndN = Geometry.layout(
      for: GeometryInput(family: family, componentType: "hero", cellStyle: nil, layoutName: "ONE"), device: phone)
    // large: (351 − 12) · 0.6 = 203.4; small: 351 − 12 − 203.4 = 135.6
    XCTAssertEqual(oneAndN.large?.width, 203.4)
    XCTAssertEqual(oneAndN.small?.count, 2)
    XCTAssertEqual(oneAndN.small?.first?.width, 135.6)
    XCTAssertEqual(oneAndN.small?.first?.x, Geometry.round2(12 + 203.4 + 12))
    let waterfall = Geometry.layout(
      for: GeometryInput(family: family, componentType: "hero", cellStyle: nil, layoutName: "W"), device: phone)
    XCTAssertEqual(waterfall.columns, 3)
    XCTAssertEqual(waterfall.columnWidth, 109)
    XCTAssertNil(waterfall.item.height)
    XCTAssertEqual(
      Geometry.layout(for: GeometryInput(family: family, componentType: "hero", cellStyle: nil, layoutName: "H"), device: phone).item.width,
      109)
  }

  func testShapeOfAHigherLevelReplacesTheLowerOne() {
    var low = Metrics()
    low.aspectCellRatio = 2
    var high = Metrics()
    high.cellHeight = 50
    let merged = low.overlaid(by: high)
    XCTAssertNil(merged.aspectCellRatio)
    XCTAssertEqual(Geometry.itemHeight(width: 100, metrics: merged), 50)
  }
  /// `Family.layoutKind` reads in place what `Geometry.kind` reads off a copy of the style: the
  /// named layout's kind, else the component's; the type is found whatever its case.
  func testLayoutKindReadsTheStyleInPlace() {
    let family = Family(
      name: "F",
      components: [
        ComponentStyle(
          type: "grid", layout: .flow, layouts: [NamedLayout(name: "PIN", kind: .sticky), NamedLayout(name: "W", kind: .waterfall)]),
        ComponentStyle(type: "hero", layout: .paged),
      ])
    XCTAssertEqual(family.layoutKind(of: "grid", layoutName: "PIN"), .sticky)
    XCTAssertEqual(family.layoutKind(of: "GRID", layoutName: "W"), .waterfall)
    XCTAssertEqual(family.layoutKind(of: "grid", layoutName: nil), .flow)
    XCTAssertEqual(family.layoutKind(of: "grid", layoutName: "pin"), .flow, "layout names are exact")
    XCTAssertEqual(family.layoutKind(of: "hero", layoutName: "PIN"), .paged)
    XCTAssertNil(family.layoutKind(of: "list", layoutName: nil))
    XCTAssertEqual(family.componentIndex("Hero"), 1)
    for type in ["grid", "hero"] {
      for name in [nil, "PIN", "W", "x"] as [String?] {
        XCTAssertEqual(
          family.layoutKind(of: type, layoutName: name), family.component(type).map { Geometry.kind(of: $0, layoutName: name) })
      }
    }
  }

  /// A type the family does not style, or styles without a layout, has the kind the type
  /// implies; a written layout wins.
  func testATypeWithoutALayoutHasTheKindItImplies() {
    let family = Family(name: "F", components: [ComponentStyle(type: "carousel"), ComponentStyle(type: "hero", layout: .flow)])
    func kind(_ type: String) -> LayoutKind { Geometry.kind(for: GeometryInput(family: family, componentType: type, cellStyle: nil)) }
    XCTAssertEqual(kind("carousel"), .paged, "styled without a layout")
    XCTAssertEqual(kind("hero"), .flow, "a written layout wins")
    XCTAssertEqual(kind("horizontal_list"), .horizontal, "not styled")
    XCTAssertEqual(kind("tab_bar"), .horizontal)
    XCTAssertEqual(kind("grid"), .flow)
  }
}
