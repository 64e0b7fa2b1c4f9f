import Synchronization
import ZappLayout
import ZappModel

/// What a section's `layouts` entries are made from, by exact characters: the inputs of its
/// geometry (family, component type, cell styles, layout, header and footer) and its size class mapping.
/// Its renderer, cell attributes and display rules are its first cell style's in the family, its
/// layout per device is its geometry's or a replacement's on the project's devices, and each
/// replacement's geometry is made from the same family, header and footer: within one project, sections
/// of one key have byte-identical entries, so the interner names them without writing them again.
package struct EntryKey: Hashable, Sendable {
  /// One size class of the mapping: hidden there (`type` nil), or replaced by a type and style.
  struct Replacement: Hashable, Sendable {
    let sizeClass: ExactString
    let type: ExactString?
    let style: ExactString?
  }

  let geometry: GeometryMemo.Key
  let mapping: [Replacement]

  init(geometry: GeometryMemo.Key, mapping: [MappedSizeClass]) {
    self.geometry = geometry
    self.mapping = mapping.map { mapped in
      switch mapped.replacement {
      case .hide: Replacement(sizeClass: ExactString(mapped.sizeClass), type: nil, style: nil)
      case .use(let type, let style):
        Replacement(sizeClass: ExactString(mapped.sizeClass), type: ExactString(type), style: style.map(ExactString.init))
      }
    }
  }
}

/// The layouts of the sections a resolver has drawn on the project's devices, by `EntryKey`:
/// sections made alike are drawn alike, so each takes the first one's arrays (shared, not
/// copied) instead of laying itself out again on every device.
package final class DrawingMemo: Sendable {
  package typealias Drawing = (layout: [(device: String, layout: SectionLayout)], drawn: [(device: String, drawn: DrawnSection)])

  private let made = Mutex([EntryKey: Drawing]())

  package init() {}

  package func drawing(_ key: EntryKey) -> Drawing? { made.withLock { $0[key] } }

  /// Keeps the first drawing of a key (two threads may draw one at once, alike).
  package func keep(_ drawing: Drawing, for key: EntryKey) { made.withLock { if $0[key] == nil { $0[key] = drawing } } }
}
