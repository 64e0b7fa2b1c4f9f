import Foundation
import ZappDiagnostics
import ZappLayout
import ZappReaders

/// Reads Family XML (the published Android format plus the flow vocabulary) and JSON families into
/// the runtime `Family` model, checking attribute values on the way.
public enum FamilyReader {
  /// The attributes the arithmetic reads (`FamilyVocabulary.metrics`).
  package static let metricAttributes: Set<String> = Set(FamilyVocabulary.metrics.map(\.name))

  /// Reads a family file (`.xml` or `.json`).
  public static func read(_ source: SourceFile, builtin: Bool = false, limits: ReaderLimits = .default) -> (FamilyDecl?, [Diagnostic]) {
    if source.path.lowercased().hasSuffix(".json") {
      let result = JSONReader.read(source, limits: limits)
      guard let root = result.document?.root else { return (nil, result.diagnostics) }
      var diagnostics = result.diagnostics
      guard root.kind == .object else {
        diagnostics.append(
          WrongTypeRule.Message.familyFile(found: root.kind).diagnostic(
            at: SourceSpot(file: source, offset: root.offset, pointer: "")))
        return (nil, diagnostics)
      }
      let node = jsonNode(root, tag: "Family", pointer: "", diagnostics: &diagnostics)
      let (parts, more) = build(node, file: source, builtin: builtin)
      return (parts.map(FamilyDecl.init), diagnostics + more)
    }
    let result = XMLReader.read(source, limits: limits)
    guard let root = result.root else { return (nil, result.diagnostics) }
    var diagnostics = result.diagnostics
    guard root.name == "Family" else {
      diagnostics.append(InvalidValueRule.Message.familyRoot(found: root.name).diagnostic(at: root.spot))
      return (nil, diagnostics)
    }
    if let deep = tooDeepDisplayRule(in: root) {
      diagnostics.append(NestedTooDeepRule.Message.displayRulesNestedTooDeep(limit: maxDisplayRulesDepth).diagnostic(at: deep.spot))
    }
    var strays: [FamilyStray] = []
    let node = xmlNode(root, strays: &strays, diagnostics: &diagnostics)
    var (parts, more) = build(node, file: source, builtin: builtin)
    parts?.strays.insert(contentsOf: strays, at: 0)
    return (parts.map(FamilyDecl.init), diagnostics + more)
  }

  // MARK: XML → FamilyNode

  private static let wrappers: [String: String] = [
    "Screens": "Screen", "Components": "Component", "Cells": "Cell", "Layouts": "Layout", "Headers": "Header", "Footers": "Header",
    "Elements": "Element",
  ]
  /// The elements of the family format: an unexpected element near one is a misspelling (ZL0206).
  package static let elementNames = Set(wrappers.keys).union(wrappers.values).union(["Footer", "Responsive", "DisplayRules"]).sorted()

  /// `inFamily`: the element stands in `<Family>` (or its `<Components>`), where a component belongs.
  private static func xmlNode(
    _ element: XMLElement, inFamily: Bool = false, strays: inout [FamilyStray], diagnostics: inout [Diagnostic]
  ) -> FamilyNode {
    // A prefixed element (`<a:GridComponent>`) keeps its name: no element of the format, it is
    // reported where its parent reports what it does not hold (clients read elements by name).
    var node = FamilyNode(tag: element.name.contains(":") ? element.name : canonicalTag(element.name), spot: element.spot)
    if node.tag != element.name { node.xmlName = element.name }
    for a in element.attributes {
      node.attributes.append((a.name, a.value, element.spot(of: a), element.spot(of: a, value: false)))
    }
    if node.tag == "Component", element.name != "Component", element.attribute("type") == nil {
      // <ListComponent name="LIST"> means component type `list`; the name wins where the two differ.
      let elementType = FamilyNode.snakeCase(String(element.name.dropLast("Component".count)))
      let typeName = element.attribute("name")?.value ?? elementType
      if inFamily, let name = element.attribute("name"), !name.value.isEmpty, !elementType.isEmpty,
        name.value.lowercased().filter({ $0 != "_" }) != elementType.filter({ $0 != "_" })
      {
        let message = ComponentElementNameRule.Message.nameDiffers(
          element: element.name, name: name.value, named: name.value.lowercased(), elementType: elementType)
        diagnostics.append(
          message.diagnostic(
            at: element.spot(of: name), notes: [DiagnosticNote("the element names '\(elementType)'", at: element.spot)]))
        node.namesAnotherTypeThanElement = true
      }
      node.attributes.append(
        ("type", typeName.lowercased(), element.attribute("name").map { element.spot(of: $0) } ?? element.spot, element.spot))
      node.attributes.removeAll { $0.name == "name" }
    }
    for child in element.children {
      if child.name == "DisplayRules" {
        // A cell's, once: elsewhere, or a second one, it would be dropped.
        if node.tag != "Cell" {
          strays.append(FamilyStray(kind: .element(name: child.name, place: "in <\(element.name)>", expected: nil), spot: child.spot))
        } else if node.passThrough != nil {
          strays.append(
            FamilyStray(kind: .element(name: child.name, place: "after the cell's first <DisplayRules>", expected: nil), spot: child.spot))
        } else {
          node.passThrough = xmlPassThrough(child)
          node.displayRules = displayRuleEntries(child, strays: &strays, diagnostics: &diagnostics)
        }
        continue
      }
      if let inner = wrappers[child.name] {
        for a in child.attributes {
          strays.append(
            FamilyStray(kind: .attribute(name: a.name, element: child.name, allowed: []), spot: child.spot(of: a, value: false)))
        }
        if let text = child.textOffset {
          strays.append(
            FamilyStray(kind: .text(element: child.name), spot: SourceSpot(file: child.file, offset: text, pointer: child.path)))
        }
        for grandchild in child.children {
          // A prefixed element (`<a:GridComponent>`) is a stray: clients read elements by their names.
          if !grandchild.name.contains(":"),
            canonicalTag(grandchild.name) == inner || (inner == "Component" && grandchild.name.hasSuffix("Component"))
          {
            node.children.append(xmlNode(grandchild, inFamily: node.tag == "Family", strays: &strays, diagnostics: &diagnostics))
          } else {
            strays.append(
              FamilyStray(kind: .element(name: grandchild.name, place: "inside <\(child.name)>", expected: inner), spot: grandchild.spot))
          }
        }
      } else {
        node.children.append(xmlNode(child, inFamily: node.tag == "Family", strays: &strays, diagnostics: &diagnostics))
      }
    }
    if let text = element.textOffset {
      strays.append(
        FamilyStray(kind: .text(element: element.name), spot: SourceSpot(file: element.file, offset: text, pointer: element.path)))
    }
    return node
  }

  /// Whether an XML attribute declares a namespace (`xmlns`, `xmlns:app`): XML's own, on any element.
  static func declaresANamespace(_ name: String) -> Bool { name == "xmlns" || name.hasPrefix("xmlns:") }

  /// A `<Footer>` is a header style by another name (docs/families.md), as `<Footers>` holds them.
  package static func canonicalTag(_ name: String) -> String {
    name.hasSuffix("Component") ? "Component" : name == "Footer" ? "Header" : name
  }

  private static func xmlPassThrough(_ element: XMLElement) -> PassThrough {
    var members: [PassThroughMember] = [PassThroughMember(key: "element", value: .string(element.name))]
    if !element.attributes.isEmpty {
      members.append(
        PassThroughMember(
          key: "attributes", value: .object(element.attributes.map { PassThroughMember(key: $0.name, value: .string($0.value)) })))
    }
    if !element.children.isEmpty {
      members.append(PassThroughMember(key: "children", value: .array(element.children.map(xmlPassThrough))))
    }
    return .object(members)
  }

  // MARK: JSON → FamilyNode

  /// The keys of an element that hold one value (not a list): the metrics and the names.
  private static let plainKeys = SuggestionIndex(
    Array(metricAttributes) + ["name", "type", "layout", "layoutId", "kind", "version", "showBottomPadding", "height"])

  private static let jsonChildren: [String: String] = [
    "screens": "Screen", "components": "Component", "cells": "Cell", "layouts": "Layout", "headers": "Header", "footers": "Header",
  ]

  /// The keys of a JSON family that hold an array or an object on each element. They are no
  /// attribute, so a misspelling of one (`"screenx": [...]`) is near none: a JSON array or object
  /// under an unknown key is matched against these too.
  static let jsonContainers: [String: [String]] = [
    "Family": ["screens", "components", "headers", "footers", "responsive"],
    "Component": ["screens", "cells", "layouts", "sizeClassMapping"], "Cell": ["screens", "displayRules", "elements", "style"],
    "Layout": ["screens"], "Header": ["screens"],
  ]

  /// Whether an attribute read from a JSON array or object is a near miss of a container key of `tag`.
  static func isMisspelledContainer(_ attribute: (name: String, value: String, spot: SourceSpot, nameSpot: SourceSpot), on tag: String)
    -> Bool
  {
    (attribute.value == "[]" || attribute.value == "{}") && closestMatch(to: attribute.name, in: jsonContainers[tag] ?? []) != nil
  }

  private static func jsonNode(_ value: JSONValue, tag: String, pointer: String, diagnostics: inout [Diagnostic]) -> FamilyNode {
    var node = FamilyNode(tag: tag, spot: SourceSpot(file: value.file, offset: value.offset, pointer: pointer))
    node.jsonKeys = value.members.map { $0.key.string ?? "" }
    for (key, member) in value.members {
      let name = key.string ?? ""
      let memberPointer = pointer + "/" + escapePointer(name)
      let spot = SourceSpot(file: value.file, offset: member.offset, pointer: memberPointer)
      let nameSpot = SourceSpot(file: value.file, offset: key.offset, pointer: memberPointer)
      if member.kind != .string, member.kind != .null { node.typedValues[name] = passThrough(member) }
      // A list of screens, cells, layouts or headers written as one (`"screens": {…}`) or as
      // another value (`"footers": "x"`): its entries would be dropped and every value they hold
      // would read as 0.
      // A string near an attribute's name is that attribute misspelled (`layouts` for `layout`).
      let isAbsent = member.kind == .null || (member.kind == .string && member.string == "")
      let isList = jsonChildren[name] != nil && jsonContainers[tag]?.contains(name) == true
      if isList, isAbsent { continue }  // no list, as a builder writes it
      if isList, member.kind != .array, member.kind == .object || plainKeys.suggestion(for: name) == nil {
        diagnostics.append(WrongTypeRule.Message.mustBe("'\(name)'", "an array of objects", found: member.kind).diagnostic(at: spot))
        continue
      }
      // A component's size-class mapping, the family's responsive rule or a cell's card style
      // (`objectKeys`): "" or null is none; another type would drop it.
      let isObjectKey = objectKeys[tag] == name
      if isObjectKey, isAbsent { continue }
      if isObjectKey, member.kind != .object, tag != "Cell" || member.kind != .string {
        diagnostics.append(WrongTypeRule.Message.mustBe("'\(name)'", "an object", found: member.kind).diagnostic(at: spot))
        continue
      }
      // A cell's display rules are passed to clients as written, as an array or an object: "" or
      // null is none, and another value would be passed as a cell attribute of that name.
      if tag == "Cell", name == "displayRules", member.kind != .array, member.kind != .object {
        if !isAbsent {
          diagnostics.append(WrongTypeRule.Message.mustBe("'\(name)'", "an array or an object", found: member.kind).diagnostic(at: spot))
        }
        continue
      }
      switch member.kind {
      case .string: node.attributes.append((name, member.string ?? "", spot, nameSpot))
      case .number: node.attributes.append((name, member.numberText ?? "", spot, nameSpot))
      case .bool: node.attributes.append((name, member.bool == true ? "true" : "false", spot, nameSpot))
      case .null: continue
      case .array:
        if let childTag = jsonChildren[name] {
          for (i, element) in member.elements.enumerated() {
            guard element.kind == .object else {
              diagnostics.append(
                WrongTypeRule.Message.holdsObjects(name, found: element.kind).diagnostic(
                  at: SourceSpot(file: value.file, offset: element.offset, pointer: memberPointer + "/\(i)")))
              continue
            }
            node.children.append(jsonNode(element, tag: childTag, pointer: memberPointer + "/\(i)", diagnostics: &diagnostics))
          }
        } else if name == "displayRules", tag == "Cell" {
          node.passThrough = passThrough(member)
        } else if name == "elements", tag == "Cell" {
          node.rawMembers[name] = member
        } else {
          node.attributes.append((name, "[]", spot, nameSpot))
        }
      case .object:
        if name == "sizeClassMapping", tag == "Component" {
          node.rawMembers[name] = member
        } else if name == "responsive", tag == "Family" {
          node.children.append(jsonNode(member, tag: "Responsive", pointer: memberPointer, diagnostics: &diagnostics))
        } else if name == "displayRules", tag == "Cell" {
          node.passThrough = passThrough(member)
        } else if name == "style", tag == "Cell" {
          node.rawMembers[name] = member
        } else {
          node.attributes.append((name, "{}", spot, nameSpot))
        }
      }
    }
    return node
  }

  // MARK: FamilyNode → Family

  /// Builds the model from the nodes. Only reading errors (a value that is not a number, a missing
  /// name) are diagnosed here; what the rules check is recorded in the `FamilyDecl` with its spot.
  struct Builder {
    var diagnostics: [Diagnostic] = []
    var numbers: [FamilyNumber] = []
    var strays: [FamilyStray] = []
    var deviceClassLists: [ScreenTypeList] = []
    /// Every `responsive="true"`, at any level, with its `<Screen>`'s `type` (nil off one) and
    /// the element it is of (`responsiveOwner` when read: nil in the family's `<Screens>`).
    var responsiveSpots: [(spot: SourceSpot, entry: String?, owner: ResponsiveOwner?)] = []
    var responsiveOwner: ResponsiveOwner?
    /// The cell being read, if any: its strays are marked with it.
    var cell: (type: String, name: String)?

    mutating func unknown(
      _ attribute: (name: String, value: String, spot: SourceSpot, nameSpot: SourceSpot), on tag: String, allowed: [String],
      taken: [String]
    ) {
      let containers = attribute.value == "[]" || attribute.value == "{}" ? FamilyReader.jsonContainers[tag] ?? [] : []
      strays.append(
        FamilyStray(
          kind: .attribute(name: attribute.name, element: tag, allowed: allowed + containers), spot: attribute.nameSpot, cell: cell,
          taken: taken))
    }

    /// The attribute's number when it is one and in range (recorded either way).
    mutating func number(
      _ a: (name: String, value: String, spot: SourceSpot, nameSpot: SourceSpot), on tag: String, isJSONNumber: Bool = false
    ) -> Double? {
      guard let v = decimalNumber(a.value) else {
        // A JSON number that is none here is past a 64-bit float: the JSON reader said so (ZL0104).
        if !isJSONNumber { diagnostics.append(FamilyReader.notANumber(a)) }
        numbers.append(FamilyNumber(element: tag, name: a.name, text: a.value, value: .nan, spot: a.spot, cell: cell))
        return nil
      }
      // A count written as text with spaces, a plus sign, leading zeros, a decimal point or an
      // exponent (`" 2"`, `"+2"`, `"02"`, `"2.0"`, `"1e1"`) is not read as one (a JSON number,
      // `2.0`, is); a count out of range, or no whole number (`"2.5"`), is ZL0502's.
      if a.name == "columns" || a.name == "smallItems", !isJSONNumber, let fix = wholeNumberDigitsFix(a.value), let n = Int(fix),
        (1...Metrics.maxColumns).contains(n)
      {
        diagnostics.append(
          WrongTypeRule.Message.wholeNumberAsDigits("'\(a.name)'", found: "'\(a.value)'").diagnostic(
            at: a.spot, fixIt: .rewriting(as: fix, at: a.spot)))
        return nil
      }
      let number = FamilyNumber(element: tag, name: a.name, text: a.value, value: v, spot: a.spot, cell: cell)
      numbers.append(number)
      return number.isInRange ? v : nil
    }

    mutating func metrics(from node: FamilyNode, allowed extra: [String], owner: FamilyReader.MetricOwner) -> Metrics {
      var m = Metrics()
      var padding: Double?
      var paddingSide: Double?
      var paddingTopBottom: Double?
      var divider: Double?
      // Made once per element, not per attribute: a cell may pass thousands through (a short list is scanned, as most are).
      let extraNames = extra.count > 16 ? Set(extra) : nil
      var allowed: [String]?
      var taken: [String]?
      for a in node.attributes {
        guard FamilyReader.metricAttributes.contains(a.name), owner.takes(a.name) else {
          if let misplaced = FamilyReader.misplacedMetric(a, on: node, owner: owner, extra: extra) {
            diagnostics.append(misplaced)
          } else if !(extraNames?.contains(a.name) ?? extra.contains(a.name)), !FamilyReader.declaresANamespace(a.name) {
            if allowed == nil { (allowed, taken) = (owner.metrics + extra, node.attributeNames) }
            // Named as written (`<GridComponent>`), as the author looks for it.
            unknown(a, on: node.xmlName ?? node.tag, allowed: allowed ?? [], taken: taken ?? [])
          }
          continue
        }
        if a.name == "responsive" {
          // Exactly as clients read it (`Family(jsonFamily:)`): `TRUE` is no boolean there, and an
          // object (the family's rule, written on a screen entry) turns nothing on.
          switch a.value {
          case "true":
            m.responsive = true
            responsiveSpots.append((a.spot, node.tag == "Screen" ? node.attribute("type")?.value : nil, responsiveOwner))
          case "false": m.responsive = false
          default:
            if let kind = node.typedValues[a.name]?.kind, kind == .object || kind == .array {
              diagnostics.append(WrongTypeRule.Message.mustBe("'responsive'", "true or false", found: kind).diagnostic(at: a.spot))
            } else {
              diagnostics.append(WrongTypeRule.Message.trueOrFalse("responsive", found: a.value).diagnostic(at: a.spot))
            }
          }
          continue
        }
        let isJSONNumber = node.typedValues[a.name].map { if case .number = $0 { true } else { false } } ?? false
        guard let v = number(a, on: node.tag, isJSONNumber: isJSONNumber) else { continue }
        switch a.name {
        case "columns": m.columns = Int(v)
        case "smallItems": m.smallItems = Int(v)
        case "insetLeft": m.insetLeft = v
        case "insetRight": m.insetRight = v
        case "insetTop": m.insetTop = v
        case "insetBottom": m.insetBottom = v
        case "interItemSpacing": m.interItemSpacing = v
        case "lineSpacing": m.lineSpacing = v
        case "padding": padding = v
        case "paddingSide": paddingSide = v
        case "paddingTopBottom": paddingTopBottom = v
        case "divider": divider = v
        case "innerSpacing": m.innerSpacing = v
        case "aspectCellRatio": m.aspectCellRatio = v
        case "cellWidth": m.cellWidth = v
        case "cellHeight": m.cellHeight = v
        case "designWidth": m.designWidth = v
        case "designScreenWidth": m.designScreenWidth = v
        case "widthRatio": m.widthRatio = v
        case "height": m.height = v
        default: break
        }
      }
      // Android words map onto the flow vocabulary; an explicit flow attribute wins.
      let side = paddingSide ?? padding
      m.insetLeft = m.insetLeft ?? side
      m.insetRight = m.insetRight ?? side
      m.insetTop = m.insetTop ?? paddingTopBottom
      m.insetBottom = m.insetBottom ?? paddingTopBottom
      m.interItemSpacing = m.interItemSpacing ?? divider
      m.lineSpacing = m.lineSpacing ?? divider
      return m
    }

    /// The name `key` gives `node`, or nil when it gives none: a missing, empty or blank one
    /// (`name=" "`) is `missing` at the node. A JSON name that is no string is ZL0202 at its value:
    /// a number (`"name": 2`) is read as written, a list or an object names nothing.
    mutating func name(_ key: String, of node: FamilyNode, missing: MissingKeyRule.Message) -> (
      name: String, value: String, spot: SourceSpot, nameSpot: SourceSpot
    )? {
      guard let attribute = node.attribute(key), attribute.value.contains(where: { !$0.isWhitespace }) else {
        diagnostics.append(missing.diagnostic(at: node.spot, fixIt: node.renamingCase(of: key)))
        return nil
      }
      if let typed = node.typedValues[key] {
        diagnostics.append(WrongTypeRule.Message.mustBe("'\(key)'", "a string", found: typed.kind).diagnostic(at: attribute.spot))
        if typed.kind == .array || typed.kind == .object { return nil }  // names nothing: its follow-ons would name "[]"
      }
      return attribute
    }
  }

  private static func build(_ root: FamilyNode, file: SourceFile, builtin: Bool) -> (FamilyParts?, [Diagnostic]) {
    var b = Builder()
    guard let nameAttr = b.name("name", of: root, missing: .familyWithoutName) else { return (nil, b.diagnostics) }
    var family = Family(name: nameAttr.value)
    var decl = FamilyParts(family: family, file: file, spot: nameAttr.spot, isBuiltin: builtin)
    let rootNames = root.attributeNames  // once, not per stray
    for a in root.attributes {
      switch a.name {
      case "name": break
      case "version": family.version = root.string(a, into: &b.diagnostics)
      case "showBottomPadding":
        if a.value == "true" || a.value == "false" {
          family.showBottomPadding = a.value == "true"
        } else {
          b.diagnostics.append(WrongTypeRule.Message.trueOrFalse("showBottomPadding", found: a.value).diagnostic(at: a.spot))
        }
      case "$schema": break
      // The XML Schema header the docs recommend: `xmlns:xsi` and `xsi:noNamespaceSchemaLocation`.
      case _ where a.name.hasPrefix("xmlns") || a.name.hasPrefix("xsi:"): break
      default:
        b.unknown(a, on: "Family", allowed: ["name", "version", "showBottomPadding"], taken: rootNames)
      }
    }
    var screensNode = FamilyNode(tag: "Family", spot: root.spot)
    var definedTypes = Set<String>()  // the component types already kept: a set, not a scan per component
    for child in root.children {
      switch child.tag {
      case "Responsive":
        decl.responsiveDefinitions.append(child.spot)
        b.strayChildren(of: child)
        guard decl.responsiveDefinitions.count == 1 else { continue }  // ZL0507 reports the others
        var standard: Double?
        var scale: Double?
        let names = child.attributeNames  // once, not per stray
        for a in child.attributes {
          switch a.name {
          case "standardWidth", "scale":
            guard let v = b.number(a, on: child.tag) else { continue }
            if a.name == "scale" { scale = v } else { standard = v }
          default:
            b.unknown(a, on: "Responsive", allowed: ["standardWidth", "scale"], taken: names)
          }
        }
        if let s = standard {
          family.responsive = ResponsiveRule(standardWidth: s, scale: scale ?? 1)
        } else if child.attributes.first(where: { $0.name == "standardWidth" }) == nil {
          b.diagnostics.append(MissingKeyRule.Message.responsiveWithoutStandardWidth.diagnostic(at: child.spot))
        }
      case "Screen": screensNode.children.append(child)
      case "Component":
        if let component = buildComponent(child, builder: &b, decl: &decl) {
          decl.componentDefinitions.append(Located(component.type, child.attribute("type")?.spot ?? child.spot))
          // The first definition of a type counts (ZL0507 reports the others).
          if definedTypes.insert(component.type).inserted {
            family.components.append(component)
            decl.componentSpots[component.type] = child.attribute("type")?.spot ?? child.spot
            if child.namesAnotherTypeThanElement { decl.typesNamedAgainstElement.insert(component.type) }
            if child.xmlName != nil, child.attribute("type")?.nameSpot.offset == child.spot.offset {
              decl.typesOfTypedElements.insert(component.type)
            }
            if component.scale != nil, let scale = child.attribute(Metrics.scaleName) {
              decl.componentScales.append((component.type, scale.spot))
            }
          }
        }
      case "Header":
        guard let name = b.name("name", of: child, missing: .headerWithoutName) else { continue }
        let metrics = b.leveled(
          child, baseAllowed: ["name"], owner: .header, place: child.writtenName == "Footer" ? "in a footer" : "in a header")
        family.headers.append(HeaderStyle(name: name.value, metrics: metrics))
        // The first of a repeated name is the one a lookup finds (ZL0507 reports the others).
        if decl.headerSpots[name.value] == nil { decl.headerSpots[name.value] = name.spot }
        decl.headerDefinitions.append(Located(name.value, name.spot))
      default:
        b.strays.append(FamilyStray(kind: .element(name: child.writtenName, place: "in <Family>", expected: nil), spot: child.spot))
      }
    }
    family.screens = b.leveled(screensNode, baseAllowed: [], owner: .family)
    decl.family = family
    decl.responsiveSpots = b.responsiveSpots
    decl.numbers = b.numbers
    decl.strays = b.strays
    decl.deviceClassLists = b.deviceClassLists
    // A name that is no string (`"name": 1`) names no family the screens mean: the file makes none.
    return (root.typedValues["name"] == nil ? decl : nil, b.diagnostics)
  }

  private static func buildComponent(_ node: FamilyNode, builder b: inout Builder, decl: inout FamilyParts) -> ComponentStyle? {
    guard let typeAttr = node.attribute("type") ?? node.attribute("name"), !typeAttr.value.isEmpty else {
      b.diagnostics.append(MissingKeyRule.Message.componentWithoutType.diagnostic(at: node.spot, fixIt: node.renamingCase(of: "type")))
      return nil
    }
    let type = node.string(typeAttr, into: &b.diagnostics).lowercased()  // a number or a list is no type's name
    if let kind = node.typedValues[typeAttr.name]?.kind, kind == .array || kind == .object { return nil }
    var component = ComponentStyle(type: type)
    if let layout = node.attribute("layout") {
      decl.layoutAttributes.append(Located(layout.value, layout.spot))
      if let kind = LayoutKind(knownWord: layout.value) { component.layout = kind }  // an unknown kind is ZL0203
    }
    b.responsiveOwner = ResponsiveOwner(type: type)
    defer { b.responsiveOwner = nil }
    component.metrics = b.leveled(node, baseAllowed: ["type", "name", "layout", Metrics.scaleName])
    // The component's own responsive scale, range-checked as the rule's (ZL0504).
    if let scale = node.attribute(Metrics.scaleName) { component.scale = b.number(scale, on: node.tag) }
    if let mapping = node.rawMembers["sizeClassMapping"] {
      checkReplacements(in: mapping, strays: &b.strays, diagnostics: &b.diagnostics)
      if decl.sizeClassMappings[type] == nil { decl.sizeClassMappings[type] = mapping }
    }
    var definedCells = Set<String>()  // the cell names already kept: a set, not a scan per cell
    for child in node.children {
      switch child.tag {
      case "Screen": continue
      case "Cell":
        guard let name = b.name("name", of: child, missing: .cellWithoutName) else { continue }
        decl.cellDefinitions.append((type, Located(name.value, name.spot)))
        if !definedCells.insert(name.value).inserted { continue }  // ZL0507
        var attributes: [String: String] = [:]
        var taken: [String]?  // one array, made for the first attribute passed through and shared by the rest
        // A misspelled container key (`"screenx": [...]`) is not passed through: it is ZL0206's.
        for a in child.attributes
        where !FamilyReader.metricAttributes.contains(a.name) && !["name", "layoutId", "elements"].contains(a.name)
          && !FamilyReader.isMisspelledContainer(a, on: "Cell")
        {
          attributes[a.name] = a.value
          if taken == nil { taken = child.attributeNames }
          decl.cellPassThroughs.append((type, name.value, Located(a.name, a.nameSpot), taken ?? []))
        }
        // A layout id is a renderer's name: a number, a list or an empty one is no name a client has.
        let layoutID = cellLayoutID(child, diagnostics: &b.diagnostics)
        let passthroughNames = Array(attributes.keys) + ["name", "layoutId", "elements"]
        b.cell = (type, name.value)
        b.responsiveOwner = ResponsiveOwner(type: type, cell: name.value)
        let metrics = b.leveled(child, baseAllowed: passthroughNames, place: "in a cell", holdsElements: true) { window, screen, m in
          if m.designWidth != nil, let spot = screen.attribute("designWidth")?.spot {
            decl.designWidths.append((type, name.value, window, spot))
          }
        }
        b.cell = nil
        if metrics.base.designWidth != nil, let spot = child.attribute("designWidth")?.spot {
          decl.designWidths.append((type, name.value, .deviceClass(.universal), spot))
        }
        let cell = CellStyle(
          name: name.value, layoutID: layoutID, metrics: metrics, attributes: attributes,
          displayRules: child.passThrough, typedAttributes: child.typedValues.filter { attributes[$0.key] != nil })
        component.cells.append(withCard(cell, of: child, diagnostics: &b.diagnostics, strays: &b.strays))
        if let rules = child.displayRules { decl.displayRules.append(rules) }
        if decl.cellSpots[type]?[name.value] == nil { decl.cellSpots[type, default: [:]][name.value] = name.spot }
        if let style = child.rawMembers["style"], let keys = CellShadowKeys(style: style) {
          decl.cellShadowKeys[type, default: [:]][name.value] = keys
        }
      case "Layout":
        guard let kindAttr = child.attribute("kind") else {
          b.diagnostics.append(
            MissingKeyRule.Message.layoutWithoutNameOrKind.diagnostic(at: child.spot, fixIt: child.renamingCase(of: "kind")))
          continue
        }
        guard let name = b.name("name", of: child, missing: .layoutWithoutNameOrKind) else { continue }
        decl.layoutKinds.append(Located(kindAttr.value, kindAttr.spot))
        guard let kind = LayoutKind(knownWord: kindAttr.value) else { continue }  // ZL0203
        b.responsiveOwner = ResponsiveOwner(type: type, layout: name.value)
        let first = b.numbers.count
        let metrics = b.leveled(child, baseAllowed: ["name", "kind"], place: "in a layout")
        // A value the layout's kind does not read (ZL0524), on the layout or one of its screen entries.
        for n in b.numbers[first...] where n.isNumber && n.isInRange {
          guard let why = LayoutIgnoresValueRule.ignored(n.name, by: kind) else { continue }
          b.diagnostics.append(
            LayoutIgnoresValueRule.Message.ignored(n.name, layout: name.value, kind: kind, why: why).diagnostic(at: n.spot))
        }
        component.layouts.append(NamedLayout(name: name.value, kind: kind, metrics: metrics))
        if decl.layoutSpots[type]?[name.value] == nil { decl.layoutSpots[type, default: [:]][name.value] = name.spot }
        decl.layoutDefinitions.append((type, Located(name.value, name.spot)))
      default:
        b.strays.append(FamilyStray(kind: .element(name: child.writtenName, place: "in a component", expected: nil), spot: child.spot))
      }
    }
    return component
  }
}
