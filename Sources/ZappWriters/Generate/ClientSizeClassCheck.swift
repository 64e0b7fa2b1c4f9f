// The check of `size_classes` in the generated decoders of `bundle.json`, in each language: the
// faults the runtime refuses (`SizeClass.firstFault`) refused alike, with the same words in
// Swift, Kotlin and TypeScript (no width in them: each language prints a number its own way).

/// The generated function that checks a bundle's size classes, as the runtime does: each named,
/// once; each holding some widths; none overlapping another or leaving a gap between them.
package enum ClientSizeClassCheck {
  /// Its doc comment's words.
  static let summary =
    "The size classes as the runtime takes them: each named, once, each holding some widths, none overlapping another or leaving a gap between them; any other throws."

  /// The Swift function `checkSizeClasses(_:)`, a static member of `ZappBundleIndex`.
  package static func swift(_ c: inout CodeText) {
    c.doc(summary, style: .slashes)
    emit(
      #"""
      private static func checkSizeClasses(_ classes: [SizeClass]) throws {
        // Names compared by their bytes, as the runtime compares them.
        var named: [[UInt8]: Int] = [:]
        for (i, c) in classes.enumerated() {
          let at = "size_classes[\(i)]"
          if c.name.isEmpty { throw ZappBundleError.malformed(at + ".name: empty") }
          if let first = named[Array(c.name.utf8)] {
            throw ZappBundleError.malformed(at + ".name: size class '" + c.name + "' is defined twice (first at [\(first)])")
          }
          named[Array(c.name.utf8)] = i
          if let max = c.maxWidth, !(max > c.minWidth) {
            throw ZappBundleError.malformed(at + ".max_width: size class '" + c.name + "' is empty: its max_width is not above its min_width")
          }
        }
        let order = classes.indices.sorted { classes[$0].minWidth < classes[$1].minWidth }
        for (a, b) in zip(order, order.dropFirst()) {
          let (earlier, later) = (classes[a], classes[b])
          let at = "size_classes[\(b)].min_width: "
          guard let end = earlier.maxWidth, end <= later.minWidth else {
            throw ZappBundleError.malformed(at + "size class '" + later.name + "' overlaps size class '" + earlier.name + "'")
          }
          if end < later.minWidth {
            throw ZappBundleError.malformed(
              at + "no size class holds the widths between size class '" + earlier.name + "' and size class '" + later.name + "'")
          }
        }
      }
      """#, into: &c)
  }

  /// The Kotlin function `checkSizeClasses`, which returns the list it was given.
  package static func kotlin(_ c: inout CodeText) {
    c.doc(summary, style: .block)
    emit(
      #"""
      private fun checkSizeClasses(classes: List<SizeClass>): List<SizeClass> {
          val named = HashMap<String, Int>()
          classes.forEachIndexed { i, c ->
              val at = "size_classes[" + i + "]"
              if (c.name.length == 0) throw ZappBundleException(at + ".name: empty")
              val first = named[c.name]
              if (first != null) {
                  throw ZappBundleException(at + ".name: size class '" + c.name + "' is defined twice (first at [" + first + "])")
              }
              named[c.name] = i
              val max = c.maxWidth
              if (max != null && !(max > c.minWidth)) {
                  throw ZappBundleException(at + ".max_width: size class '" + c.name + "' is empty: its max_width is not above its min_width")
              }
          }
          val order = classes.indices.sortedBy { classes[it].minWidth }
          for (k in 1 until order.size) {
              val earlier = classes[order[k - 1]]
              val later = classes[order[k]]
              val at = "size_classes[" + order[k] + "].min_width: "
              val end = earlier.maxWidth
              if (end == null || end > later.minWidth) {
                  throw ZappBundleException(at + "size class '" + later.name + "' overlaps size class '" + earlier.name + "'")
              }
              if (end < later.minWidth) {
                  throw ZappBundleException(
                      at + "no size class holds the widths between size class '" + earlier.name + "' and size class '" + later.name + "'")
              }
          }
          return classes
      }
      """#, into: &c)
  }

  /// The TypeScript function `zappCheckSizeClasses`, which returns the list it was given. Its
  /// table of names is an object without a prototype, so that it compiles for ES5 too.
  package static func typescript(_ c: inout CodeText) {
    c.doc(summary, style: .block)
    emit(
      #"""
      function zappCheckSizeClasses(classes: ZappSizeClass[]): ZappSizeClass[] {
        const named: { [name: string]: number } = Object.create(null);
        classes.forEach((c: ZappSizeClass, i: number) => {
          const at = "size_classes[" + i + "]";
          if (c.name === "") {
            throw new Error(at + ".name: empty");
          }
          const first = named[c.name];
          if (first !== undefined) {
            throw new Error(at + ".name: size class '" + c.name + "' is defined twice (first at [" + first + "])");
          }
          named[c.name] = i;
          if (c.maxWidth !== null && !(c.maxWidth > c.minWidth)) {
            throw new Error(at + ".max_width: size class '" + c.name + "' is empty: its max_width is not above its min_width");
          }
        });
        // By min_width, stably, each with its place in the list.
        const sorted = classes.map((c: ZappSizeClass, i: number) => ({ c: c, i: i })).sort((x, y) => x.c.minWidth - y.c.minWidth);
        for (let k = 1; k < sorted.length; k++) {
          const a = sorted[k - 1];
          const b = sorted[k];
          if (a === undefined || b === undefined) {
            continue;
          }
          const earlier = a.c;
          const later = b.c;
          const at = "size_classes[" + b.i + "].min_width: ";
          const end = earlier.maxWidth;
          if (end === null || end > later.minWidth) {
            throw new Error(at + "size class '" + later.name + "' overlaps size class '" + earlier.name + "'");
          }
          if (end < later.minWidth) {
            throw new Error(at + "no size class holds the widths between size class '" + earlier.name + "' and size class '" + later.name + "'");
          }
        }
        return classes;
      }
      """#, into: &c)
  }

  private static func emit(_ code: String, into c: inout CodeText) {
    for line in code.split(separator: "\n", omittingEmptySubsequences: false) { c.line(String(line)) }
  }
}
