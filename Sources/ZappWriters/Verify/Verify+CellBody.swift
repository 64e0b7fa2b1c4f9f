import ZappDiagnostics
import ZappLayout

extension BundleVerifier {
  /// What a client relies on in a section's `cell_body`, as in the section itself: without
  /// `layout_absent` it has a `geometry` (and with it no `layout_ref`, which is then never read),
  /// and on each device of the bundle where the section draws it (`drawsCellBody(on:)`) its
  /// geometry draws sizes above zero and the very `layout` written for that device, which has no
  /// entry for any other. `at` is the section's path, `name` how messages name it.
  static func cellBodyProblems(
    _ section: ResolvedSection, at: String, name: String, devices: [Device], ownArithmetic: Bool = true
  ) -> [BundleDecodingError] {
    guard let body = section.cellBody else { return [] }
    let bodyAt = "\(at).\(ResolvedSection.key(\.cellBody))"
    let what = "\(name), cell_body ('\(body.componentType)')"
    let referenceAt = "\(bodyAt).\(CellBody.key(\.layoutRef))"
    if let reference = body.layoutRef, body.layoutAbsent != nil {
      return [
        BundleDecodingError(
          path: referenceAt,
          message:
            "\(what): layout_ref '\(reference)' with layout_absent: a body with layout_absent holds its keys in place, so a client never reads the entry"
        )
      ]
    }
    // The geometry and layouts a compact body holds are its `layouts` entry's: located at the reference.
    let (geometryAt, geometry) =
      body.layoutRef.map { (referenceAt, "the geometry of layouts entry '\($0)'") }
      ?? ("\(bodyAt).\(CellBody.key(\.geometry))", "its geometry")
    guard let drawing = body.geometry else {
      if body.layoutAbsent != nil { return [] }
      let holder = body.layoutRef.map { "layouts entry '\($0)' holds" } ?? "holds"
      return [
        BundleDecodingError(
          path: body.layoutRef == nil ? bodyAt : geometryAt,
          message: "\(what): \(holder) no geometry, and the body has no layout_absent to say why; a client could not lay it out")
      ]
    }
    let layoutAt = body.layoutRef == nil ? "\(bodyAt).\(CellBody.key(\.layout))" : geometryAt
    for device in devices {
      guard section.drawsCellBody(on: device) else {
        guard body.layout(on: device.name) != nil else { continue }
        let message =
          "\(what), device '\(device.name)': its layout has an entry for the device, where the section is not drawn as its type"
        return [BundleDecodingError(path: layoutAt, message: message)]
      }
      let computed = drawing.layout(on: device)
      let at = "\(what), device '\(device.name)': "
      // A layout of a kind a newer release wrote, or of a bundle another release wrote, is taken as written.
      let unknownKind = if case .unknown = computed.kind { true } else { false }
      let newerKind = !ownArithmetic || unknownKind
      if !newerKind, let bad = computed.firstNonPositiveSize {
        let message = at + "\(geometry) gives \(bad.path) \(bad.value) there; a size must be above zero"
        return [BundleDecodingError(path: geometryAt, message: message)]
      }
      guard let written = body.layout(on: device.name) else {
        let message = at + "\(geometry) draws the body there, but its layout has no entry for the device; a client would draw nothing"
        return [BundleDecodingError(path: layoutAt, message: message)]
      }
      if newerKind {
        guard let (message, _) = newerKindProblem(written) else { continue }
        return [BundleDecodingError(path: layoutAt, message: at + message)]
      }
      guard written != computed, written.json != computed.json else { continue }
      let (path, wants, holds) = firstDifference(computed.json, written.json, at: "") ?? ("", computed.json, written.json)
      let message =
        at + "\(geometry) gives \(path.isEmpty ? "another layout" : path) \(text(wants)) there, but its layout holds \(text(holds))"
      return [BundleDecodingError(path: geometryAt, message: message)]
    }
    return []
  }
}
