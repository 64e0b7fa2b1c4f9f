// The codecs of the bundle's plain values: strings, whole numbers, booleans and numbers.

extension BundleCodec where Value == String {
  static var string: Self {
    Self(
      type: "string", schema: BundleSchema.type("string"), write: { value, w in w.string(value) },
      read: { json, path, _ in
        guard let s = json.stringValue else { throw expected("a string", at: path) }
        return s
      })
  }

  /// A card's colour, as zlc writes it: `#` and 3, 6 or 8 hexadecimal digits (`CardStyle.isColor`).
  /// A reader refuses another, which no client could draw.
  static var color: Self {
    Self(
      type: "colour", schema: BundleSchema.type("string"), write: { value, w in w.string(value) },
      read: { json, path, _ in
        guard let s = json.stringValue, CardStyle.isColor(s) else {
          throw expected("a colour: #RGB, #RRGGBB or #AARRGGBB", at: path)
        }
        return s
      })
  }
}

extension BundleCodec where Value == Int {
  /// A count of columns or small items, as zlc writes it: 1 to `Metrics.maxColumns`. A reader
  /// refuses another, so that no client lays out a billion columns.
  static var count: Self { wholeNumber(from: 1, to: Metrics.maxColumns) }

  /// Items per row, as zlc writes them: 1 or more (`one_and_n`: 1 + its small items). A reader
  /// refuses 0 or a negative count, which no row has.
  static var columns: Self { positive }

  /// A whole number from 1 (columns, an item limit, the items shown under one): a reader refuses
  /// 0 or a negative one, which zlc never writes.
  static var positive: Self { wholeNumber(from: 1) }

  /// An index into a list (a section, a child of the sender): 0 or more. A reader refuses a
  /// negative one, which no list has.
  static var index: Self { wholeNumber(from: 0) }

  /// A whole number from `minimum`, up to `maximum` when given; a reader refuses another.
  private static func wholeNumber(from minimum: Int, to maximum: Int? = nil) -> Self {
    let wanted = maximum.map { "a whole number from \(minimum) to \($0)" } ?? "a whole number, \(minimum) or more"
    return Self(
      type: maximum.map { "whole number, \(minimum) to \($0)" } ?? "whole number, \(minimum) or more",
      // Up to the largest a reader takes when none is given: a larger one does not fit an `Int`.
      schema: BundleSchema.integer(in: minimum...(maximum ?? Int.max)),
      write: { value, w in w.int(value) },
      read: { json, path, _ in
        guard let n = json.intValue, n >= minimum, maximum.map({ n <= $0 }) ?? true else {
          throw expected(wanted, at: path)
        }
        return n
      })
  }

  static var int: Self {
    Self(
      type: "whole number", schema: BundleSchema.integer(in: Int.min...Int.max), write: { value, w in w.int(value) },
      read: { json, path, _ in
        guard let n = json.intValue else { throw expected("a whole number", at: path) }
        return n
      })
  }
}

extension BundleCodec where Value == Bool {
  static var bool: Self {
    Self(
      type: "boolean", schema: BundleSchema.type("boolean"), write: { value, w in w.bool(value) },
      read: { json, path, _ in
        guard let b = json.boolValue else { throw expected("true or false", at: path) }
        return b
      })
  }
}

extension BundleCodec where Value == Double {
  /// A computed length, rounded to 0.01.
  static var number: Self { double(write: { value, w in w.number(value) }) }
  /// A family value exactly as the arithmetic reads it.
  static var exact: Self { double(write: { value, w in w.exact(value) }) }
  /// A length a family or card gives as it is (an inset, a spacing, a margin), rounded to 0.01: 0
  /// to `Metrics.maxLength`. A reader refuses another (a negative inset), which zlc never writes.
  static var length: Self {
    let what = "a number from 0 to \(Int(Metrics.maxLength))"
    return Self(
      type: "number, " + what.dropFirst("a number ".count), schema: BundleSchema.number(in: 0...Metrics.maxLength, upperExcluded: false),
      write: { value, w in w.number(value) },
      read: { json, path, _ in
        guard let d = json.doubleValue, d >= 0, d <= Metrics.maxLength else { throw expected(what, at: path) }
        return d
      })
  }

  /// A family number exactly as the arithmetic reads it, within what zlc lays out with
  /// (`Metrics.accepts`; `name` as the family names it, `insetLeft`): a reader refuses another (a
  /// negative inset, a ratio of 0), which the compiler never writes.
  static func metric(_ name: String) -> Self {
    let (range, upperExcluded) = Metrics.acceptedRange(name)
    return number(in: range, upperExcluded: upperExcluded) { Metrics.accepts(name, $0) }
  }

  /// An exact number in `range` (without its bottom when `lowerExcluded`, its top when
  /// `upperExcluded`); `accepts` decides, when given, what `range` describes.
  static func number(
    in range: ClosedRange<Double>, lowerExcluded: Bool = false, upperExcluded: Bool = false,
    accepts: (@Sendable (Double) -> Bool)? = nil
  ) -> Self {
    func text(_ d: Double) -> String {
      if case .number(let text) = JSON.exact(d) { return text }
      return String(d)
    }
    let from = lowerExcluded ? "above \(text(range.lowerBound)) up" : "from \(text(range.lowerBound))"
    let what = "a number \(from) to \(upperExcluded ? "below " : "")\(text(range.upperBound))"
    let inRange: @Sendable (Double) -> Bool = { d in
      range.contains(d) && !(lowerExcluded && d == range.lowerBound) && !(upperExcluded && d == range.upperBound)
    }
    return Self(
      type: "number, " + what.dropFirst("a number ".count),
      schema: BundleSchema.number(in: range, lowerExcluded: lowerExcluded, upperExcluded: upperExcluded),
      write: { value, w in w.exact(value) },
      read: { json, path, _ in
        guard let d = json.doubleValue, accepts?(d) ?? inRange(d) else {
          throw expected(what, at: path)
        }
        return d
      })
  }

  private static func double(write: @escaping @Sendable (Double, inout JSONWriter) -> Void) -> Self {
    Self(
      type: "number", schema: BundleSchema.type("number"), write: write,
      read: { json, path, _ in
        guard let d = json.doubleValue else { throw expected("a number", at: path) }
        return d
      })
  }
}
