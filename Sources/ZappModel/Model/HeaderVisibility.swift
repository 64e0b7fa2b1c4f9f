import ZappDiagnostics

extension ComponentDecl {
  /// The header's and footer's styles as `platform`'s client shows them: `header` and `footer`,
  /// but on a client that reads `visible` strictly (`readsStrictVisibility`), only one whose
  /// `visible` is `true`.
  public func header(on platform: String?) -> Located<String>? { value["styles"]?["header"]?.headerStyle(on: platform) }
  public func footer(on platform: String?) -> Located<String>? { value["styles"]?["footer"]?.headerStyle(on: platform) }

  /// Whether `platform`'s client shows a header or footer only when its `visible` is the boolean
  /// `true`: Zapp's native iOS SDK (`ios`) reads it as a `Bool`, so a missing
  /// `visible`, or the string `"true"`, hides it there. Every other client is read as zlc reads it.
  public static func readsStrictVisibility(on platform: String?) -> Bool { platform == "ios" }
}

extension JSONValue {
  /// A header or footer's `style` as `platform`'s client shows it (`ComponentDecl.header(on:)`).
  package func headerStyle(on platform: String?) -> Located<String>? {
    guard ComponentDecl.readsStrictVisibility(on: platform) else { return headerStyle(hidden: false) }
    return strictlyVisible ? headerStyle(hidden: true) : nil
  }

  /// Whether a header or footer's `visible` is `true` as a client that reads a `Bool` takes it:
  /// the boolean `true` alone (a number is ZL0202's).
  package var strictlyVisible: Bool { self["visible"]?.bool == true }
}
