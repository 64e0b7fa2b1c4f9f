import ZappLayout
import ZappModel

/// The windows, beyond the project's devices, in which the geometry rules lay a section out: a
/// client lays a section out at any width of a size class, so each size class is checked from its
/// narrowest width up to its widest, without a sweep. Within one size class a window without a
/// state reads the same metrics at every width; an item's width and height then grow with the
/// width as long as the columns stay the same, and each time the responsive rule adds a column
/// (at a multiple of its unit u) the item is narrowest: `u − s + (s − L − R) / n` for n columns,
/// which moves one way as n grows. So the narrowest item of a class is at its lower bound, at the
/// first column jump in it, or at the last one, and the narrowest window with no room is found
/// among the jumps between them by halving.
package enum LayoutWindows {
  /// The narrowest window checked in a size class from 0 that holds no device: an iPhone SE or an
  /// iPad's slide-over, the narrowest window iOS and Android clients give.
  package static let narrowestClientWidth = 320.0

  /// The widest window checked in a size class without `max_width`: the widest device a project
  /// may declare.
  package static let widestClientWidth = Metrics.maxLength

  /// One size class's range of widths checked, both ends included.
  package struct Range {
    var sizeClass: SizeClass
    var low: Double
    var high: Double
  }

  /// The ranges of width checked: every size class of the project (none in an app of TV
  /// platforms alone, whose windows are its devices' and do not change width), from its
  /// `min_width`, or, for a class from 0, from its narrowest device (else
  /// `narrowestClientWidth`), up to the last width before its `max_width` (else
  /// `widestClientWidth`).
  package static func ranges(_ project: Project) -> [Range] {
    let settings = project.settings
    let platforms = project.targetPlatforms
    guard platforms.isEmpty || !platforms.allSatisfy(ProjectSettings.televisionPlatforms.contains) else { return [] }
    return settings.sizeClasses.compactMap { sizeClass in
      let widths = settings.devices.filter { $0.sizeClass == sizeClass.name }.map(\.width)
      let low = sizeClass.minWidth > 0 ? sizeClass.minWidth : (widths.min() ?? narrowestClientWidth)
      let high = min(sizeClass.maxWidth.map(\.nextDown) ?? widestClientWidth, widestClientWidth)
      // Overlapping or empty ranges are ZL0508's.
      guard low <= high, ProjectSettings.deviceWidths.contains(low), windowClass(low, settings) == sizeClass.name else { return nil }
      return Range(sizeClass: sizeClass, low: low, high: high)
    }
  }

  private static func windowClass(_ width: Double, _ settings: ProjectSettings) -> String? {
    SizeClass.containing(width: width, in: settings.sizeClasses)?.name
  }

  /// The narrowest window, without a name, in which `isBad` holds, in the order: each range's
  /// windows without a state, then in each state the styles give values for in that range's class
  /// (`states(_:in:_:)`); for each, the range's lower bound, then, per style whose columns the
  /// responsive rule sets there, its first column jump in the range and the narrowest jump with
  /// `isBad` up to its last one. `ranges` are the project's (`ranges(_:)`), worked out once for
  /// every style.
  package static func first(
    in ranges: [Range], _ classes: [SizeClass], styles: [StyleGeometry], responsive: ResponsiveRule?,
    where isBad: (Device) -> Bool
  ) -> Device? {
    for range in ranges {
      for state in [nil] + states(styles, in: range, classes) {
        let window = first(in: range, state: state, classes, styles: styles, responsive: responsive, where: isBad)
        if let window { return window }
      }
    }
    return nil
  }

  /// The narrowest window, without a name, in which `isBad` holds among those where a size class
  /// with a `max_width` has its widest items: just before a column jump of the styles in it (0.01
  /// point before, where the columns before the jump still hold), and its last width (0.01 point
  /// below `max_width`). Just before the jump to k columns an item is `u − s + (u + s − L − R) /
  /// (k − 1)` wide, which moves one way as k grows: the widest is before the first jump in the
  /// class or before the last. Elements that grow with their item in a cell of a fixed height
  /// overflow there first. A class without `max_width` is checked at its devices alone: a window
  /// wider than any device would be no client's.
  package static func widest(
    in ranges: [Range], _ classes: [SizeClass], styles: [StyleGeometry], responsive: ResponsiveRule?,
    where isBad: (Device) -> Bool
  ) -> Device? {
    for range in ranges {
      guard let maxWidth = range.sizeClass.maxWidth else { continue }
      for state in [nil] + states(styles, in: range, classes) {
        var widths: Set<Double> = [max(range.low, maxWidth - 0.01)]
        if let responsive {
          let low = Device(forWidth: range.low, state: state, sizeClasses: classes)
          let high = Device(forWidth: range.high, state: state, sizeClasses: classes)
          for style in styles {
            let (first, last) = (
              style.columns(responsive: responsive, device: low) + 1, style.columns(responsive: responsive, device: high)
            )
            guard first <= last else { continue }
            let unit = responsive.standardWidth / Double(style.phoneColumns) * responsive.scale
            for k in Set([first, last]).sorted() {
              let width = Double(k) * unit - 0.01
              let before = Device(forWidth: width, state: state, sizeClasses: classes)
              if width > range.low, width < maxWidth, style.columns(responsive: responsive, device: before) == k - 1 {
                widths.insert(width)
              }
            }
          }
        }
        for width in widths.sorted() {
          let window = Device(forWidth: width, state: state, sizeClasses: classes)
          if isBad(window) { return window }
        }
      }
    }
    return nil
  }

  /// The known states whose values differ, for some style, from a window's without a state in
  /// the range's size class: the metrics of a window in one of them are constant within the class.
  static func states(_ styles: [StyleGeometry], in range: Range, _ classes: [SizeClass]) -> [ScreenState] {
    let deviceClass = Device(forWidth: range.low, sizeClasses: classes).deviceClass
    let named = styles.flatMap(\.variants).filter {
      $0.screen.deviceClass == deviceClass && ($0.screen.sizeClass == nil || $0.screen.sizeClass == range.sizeClass.name)
    }.compactMap(\.screen.state)
    return ScreenState.known.filter(named.contains)
  }

  /// The narrowest window of one range in `state` in which `isBad` holds (see above).
  private static func first(
    in range: Range, state: ScreenState?, _ classes: [SizeClass], styles: [StyleGeometry], responsive: ResponsiveRule?,
    where isBad: (Device) -> Bool
  ) -> Device? {
    let low = Device(forWidth: range.low, state: state, sizeClasses: classes)
    if isBad(low) { return low }
    guard let responsive else { return nil }
    let high = Device(forWidth: range.high, state: state, sizeClasses: classes)
    var tried: Set<Double> = []
    for style in styles {
      let first = style.columns(responsive: responsive, device: low) + 1
      var last = style.columns(responsive: responsive, device: high)
      let unit = responsive.standardWidth / Double(style.phoneColumns) * responsive.scale
      // The columns that start at the class's `max_width` belong to the next class, though the
      // last width before it reads them (the runtime rounds a hair up).
      while last >= first, Double(last) * unit > range.high { last -= 1 }
      guard first <= last else { continue }
      // The window where `k` columns start, kept within the range.
      let window = { (k: Int) in
        Device(forWidth: min(max(Double(k) * unit, range.low), range.high), state: state, sizeClasses: classes)
      }
      guard tried.insert(unit).inserted else { continue }
      if isBad(window(first)) { return window(first) }
      guard isBad(window(last)) else { continue }
      // `last` is bad and `first` is not: halve between them.
      var (good, bad) = (first, last)
      while bad - good > 1 {
        let middle = (good + bad) / 2
        if isBad(window(middle)) { bad = middle } else { good = middle }
      }
      return window(bad)
    }
    return nil
  }
}
