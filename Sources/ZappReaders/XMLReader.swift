import Foundation
import ZappDiagnostics

// A strict XML 1.0 reader for family files, written by hand. FoundationXML's XMLParser (libxml2)
// gives no position for attributes and only the end position of a start tag, is not available to
// every client platform, and resolves DTDs unless told otherwise. Family files need none of DTDs,
// namespaces or external entities, so this reader checks well-formedness itself (tests compare its
// verdict with XMLParser's on a corpus of malformed files) and refuses any `<!DOCTYPE>`: entities are
// never declared, so they are never resolved or expanded.

/// An attribute with the offsets of its name and its value.
public struct XMLAttribute: Sendable {
  public let name: String
  public let value: String
  public let nameOffset: Int
  public let valueOffset: Int
}

/// An element with its attributes in written order and its child elements. Text is kept only as
/// "has text" for diagnostics; families carry no text content. Immutable: the reader builds the
/// whole tree first, then makes the elements top-down, each with its element path.
public final class XMLElement: Sendable {
  public let name: String
  public let offset: Int
  public let attributes: [XMLAttribute]
  public let children: [XMLElement]
  public let textOffset: Int?
  public let file: SourceFile
  /// The element path used as the pointer of XML diagnostics: `/Family/Components/Component[2]`
  /// (an index only where siblings share the name).
  public let path: String

  /// Makes the element of `node` and, below it, its children's, given the path of its parent.
  package init(_ node: XMLNode, parentPath: String, step: String, file: SourceFile) {
    name = node.name
    offset = node.offset
    attributes = node.attributes
    textOffset = node.textOffset
    self.file = file
    path = parentPath + "/" + step
    var counts: [String: Int] = [:]
    for child in node.children { counts[child.name, default: 0] += 1 }
    var seen: [String: Int] = [:]
    var made: [XMLElement] = []
    made.reserveCapacity(node.children.count)
    for child in node.children {
      seen[child.name, default: 0] += 1
      let step = counts[child.name, default: 0] > 1 ? "\(child.name)[\(seen[child.name]!)]" : child.name
      made.append(XMLElement(child, parentPath: path, step: step, file: file))
    }
    children = made
  }

  public func attribute(_ name: String) -> XMLAttribute? { attributes.first { $0.name == name } }

  public var spot: SourceSpot { SourceSpot(file: file, offset: offset, pointer: path) }

  public func spot(of attribute: XMLAttribute, value: Bool = true) -> SourceSpot {
    SourceSpot(file: file, offset: value ? attribute.valueOffset : attribute.nameOffset, pointer: path + "/@" + attribute.name)
  }
}

/// An element as the reader builds it, before the tree is whole.
package struct XMLNode: Sendable {
  package var name: String
  package var offset: Int
  package var attributes: [XMLAttribute] = []
  package var attributeNames: Set<String> = []
  package var children: [XMLNode] = []
  package var textOffset: Int?

  package mutating func noteText(at offset: Int) { if textOffset == nil { textOffset = offset } }
}

public struct XMLReadResult {
  public var root: XMLElement?
  public var diagnostics: [Diagnostic]
}

public enum XMLReader {
  public static func read(_ source: SourceFile, limits: ReaderLimits = .default) -> XMLReadResult {
    if source.bytes.count > limits.maxFileBytes {
      return XMLReadResult(
        root: nil,
        diagnostics: [
          LimitRule.Message.fileTooLarge(bytes: source.bytes.count, limit: limits.maxFileBytes)
            .diagnostic(at: SourceSpot(file: source, offset: 0))
        ])
    }
    // The parser reads through a pointer to the bytes, so it lives only inside this closure.
    let (root, diagnostics) = source.bytes.withUnsafeBufferPointer { buffer in
      var parser = XMLParserState(source: source, limits: limits, buffer: buffer)
      let root = parser.run().map { XMLElement($0, parentPath: "", step: $0.name, file: source) }
      return (root, parser.diagnostics.all)
    }
    return XMLReadResult(root: root, diagnostics: diagnostics)
  }
}

private struct XMLStop: Error {}

private struct XMLParserState {
  let source: SourceFile
  let limits: ReaderLimits
  var diagnostics = DiagnosticList()
  /// The bytes being read: valid only while `run` runs, inside `XMLReader.read`'s closure.
  let buffer: UnsafeBufferPointer<UInt8>
  var pos = 0
  var end = 0
  /// The open elements, outermost first.
  var stack: [XMLNode] = []

  init(source: SourceFile, limits: ReaderLimits, buffer: UnsafeBufferPointer<UInt8>) {
    self.source = source
    self.limits = limits
    self.buffer = buffer
  }

  /// Reports `message` (worded by its rule's file) at `offset` and returns the error that stops reading.
  private mutating func fail<Owner>(_ message: RuleMessage<Owner>, at offset: Int) -> XMLStop {
    let pointer = stack.isEmpty ? nil : openPath
    diagnostics.append(message.diagnostic(at: SourceSpot(file: source, offset: offset, pointer: pointer)))
    return XMLStop()
  }

  /// The path of the innermost open element, as far as the file has been read.
  private var openPath: String {
    var path = ""
    for (depth, node) in stack.enumerated() {
      let earlier = depth == 0 ? 0 : stack[depth - 1].children.filter { $0.name == node.name }.count
      path += "/" + (earlier > 0 ? "\(node.name)[\(earlier + 1)]" : node.name)
    }
    return path
  }

  mutating func run() -> XMLNode? {
    end = buffer.count
    do {
      return try parseDocument()
    } catch {
      return nil
    }
  }

  private func peek(_ text: String, at offset: Int? = nil) -> Bool {
    var i = offset ?? pos
    for b in text.utf8 {
      guard i < end, buffer[i] == b else { return false }
      i += 1
    }
    return true
  }

  private mutating func parseDocument() throws -> XMLNode {
    if let mark = EncodingRule.Message.byteOrderMark(of: buffer, count: end) {
      throw fail(mark, at: 0)
    }
    if end >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { pos = 3 }
    // Without a mark, UTF-16 and UTF-32 write the ASCII `<` or space a family starts with with zeros.
    if end >= 2, buffer[0] == 0 || buffer[1] == 0 {
      throw fail(EncodingRule.Message.notUTF8(buffer, count: end), at: 0)
    }
    if peek("<?"), let name = nameAfter(pos + 2), name.lowercased() == "xml" {
      // `<?XML` is no declaration, and no processing instruction may be named so.
      guard name == "xml" else { throw fail(XMLSyntaxRule.Message.declarationNotInLowerCase(name), at: pos + 2) }
      try parseDeclaration()
    }
    var root: XMLNode?
    while true {
      skipSpaces()
      guard pos < end else { break }
      if peek("<!--") {
        try parseComment()
      } else if peek("<?") {
        try parseProcessingInstruction()
      } else if peek("<!DOCTYPE") || peek("<!doctype") {
        throw fail(XMLDoctypeRule.Message.doctype, at: pos)
      } else if peek("<") {
        guard root == nil else { throw fail(XMLSyntaxRule.Message.contentAfterRoot, at: pos) }
        root = try parseElement()
      } else {
        let text = pos
        try checkCharacter()  // a character XML does not allow is reported as such, at it
        throw fail(root == nil ? XMLSyntaxRule.Message.textBeforeRoot : XMLSyntaxRule.Message.textAfterRoot, at: text)
      }
    }
    guard let element = root else { throw fail(XMLSyntaxRule.Message.noRoot, at: pos) }
    return element
  }

  /// The name at `offset`, when one starts there (without reading past the file's end).
  private func nameAfter(_ offset: Int) -> String? {
    guard offset < end, isNameStart(buffer[offset]) else { return nil }
    var i = offset
    while i < end, isNameChar(buffer[i]) { i += 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<i]), as: UTF8.self)
  }

  /// Reads the XML declaration at `pos` as XML 1.0 writes it: `<?xml`, a space, `version="1.x"`,
  /// then `encoding` and `standalone` in that order, each after a space, and `?>`; anything else
  /// is refused where it stands, as expat and libxml2 refuse it.
  private mutating func parseDeclaration() throws {
    let start = pos
    guard find("?>", from: pos) != nil else { throw fail(XMLSyntaxRule.Message.unterminatedDeclaration, at: start) }
    pos += 5
    var pseudoAttributes = ["version", "encoding", "standalone"][...]
    while true {
      let spaced = pos < end && isSpace(buffer[pos])
      skipSpaces()
      if peek("?>") {
        guard pseudoAttributes.first != "version" else { throw fail(XMLSyntaxRule.Message.declarationWithoutVersion, at: start) }
        pos += 2
        return
      }
      let at = pos
      guard let name = nameAfter(pos), let index = pseudoAttributes.firstIndex(of: name), spaced else {
        let expected = !spaced ? "a space" : pseudoAttributes.map { "'\($0)', " }.joined() + "'?>'"
        throw fail(XMLSyntaxRule.Message.malformedDeclaration(expected: expected), at: at)
      }
      if index != pseudoAttributes.startIndex, pseudoAttributes.first == "version" {
        throw fail(XMLSyntaxRule.Message.declarationWithoutVersion, at: start)
      }
      pseudoAttributes = pseudoAttributes[(index + 1)...]
      pos += name.utf8.count
      try parseDeclarationValue(of: name)
    }
  }

  /// Reads `= "value"` of the declaration's pseudo-attribute `name` and checks the value.
  private mutating func parseDeclarationValue(of name: String) throws {
    skipSpaces()
    guard pos < end, buffer[pos] == 0x3D else { throw fail(XMLSyntaxRule.Message.equalsAfterAttribute(name), at: pos) }
    pos += 1
    skipSpaces()
    guard pos < end, buffer[pos] == 0x22 || buffer[pos] == 0x27 else { throw fail(XMLSyntaxRule.Message.unquotedAttributeValue, at: pos) }
    let quote = buffer[pos]
    let valueStart = pos + 1
    var i = valueStart
    while i < end, buffer[i] != quote, buffer[i] != 0x3F { i += 1 }
    guard i < end, buffer[i] == quote else { throw fail(XMLSyntaxRule.Message.unterminatedAttributeValue, at: pos) }
    let value = String(decoding: UnsafeBufferPointer(rebasing: buffer[valueStart..<i]), as: UTF8.self)
    switch name {
    case "version":
      guard value.hasPrefix("1."), value.count > 2, value.utf8.dropFirst(2).allSatisfy({ (0x30...0x39).contains($0) }) else {
        throw fail(XMLSyntaxRule.Message.declarationValue(name, value, expecting: "1.0"), at: valueStart)
      }
    case "encoding":
      let lowered = value.lowercased()
      if lowered != "utf-8" && lowered != "utf8" && lowered != "us-ascii" {
        throw fail(EncodingRule.Message.declaredEncoding(lowered), at: valueStart)
      }
    default:
      guard value == "yes" || value == "no" else {
        throw fail(XMLSyntaxRule.Message.declarationValue(name, value, expecting: "yes' or 'no"), at: valueStart)
      }
    }
    pos = i + 1
  }

  private func find(_ text: String, from: Int) -> Int? {
    let bytes = Array(text.utf8)
    var i = from
    while i + bytes.count <= end {
      if buffer[i] == bytes[0] {
        var match = true
        for k in 1..<bytes.count where buffer[i + k] != bytes[k] {
          match = false
          break
        }
        if match { return i }
      }
      i += 1
    }
    return nil
  }

  private mutating func parseComment() throws {
    let start = pos
    pos += 4
    while true {
      guard pos + 2 < end else { throw fail(XMLSyntaxRule.Message.unterminatedComment, at: start) }
      if buffer[pos] == 0x2D, buffer[pos + 1] == 0x2D {
        guard buffer[pos + 2] == 0x3E else { throw fail(XMLSyntaxRule.Message.doubleHyphenInComment, at: pos) }
        pos += 3
        return
      }
      try checkCharacter()
    }
  }

  private mutating func parseProcessingInstruction() throws {
    let start = pos
    pos += 2
    let name = try parseName()
    if name == "xml" { throw fail(XMLSyntaxRule.Message.misplacedDeclaration, at: start) }
    if name.lowercased() == "xml" { throw fail(XMLSyntaxRule.Message.reservedInstructionName(name), at: start + 2) }
    guard let close = find("?>", from: pos) else { throw fail(XMLSyntaxRule.Message.unterminatedProcessingInstruction, at: start) }
    while pos < close { try checkCharacter() }
    pos = close + 2
  }

  @inline(__always) private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

  private mutating func skipSpaces() { while pos < end, isSpace(buffer[pos]) { pos += 1 } }

  private func isNameStart(_ b: UInt8) -> Bool {
    (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x3A || b >= 0x80
  }

  private func isNameChar(_ b: UInt8) -> Bool {
    isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E
  }

  private mutating func parseName() throws -> String {
    let start = pos
    guard pos < end, isNameStart(buffer[pos]) else {
      if pos >= end { throw fail(XMLSyntaxRule.Message.nameAtEnd, at: pos) }
      throw fail(XMLSyntaxRule.Message.nameExpected(found: display(buffer[pos])), at: pos)
    }
    while pos < end, isNameChar(buffer[pos]) {
      if buffer[pos] >= 0x80 { try checkCharacter() } else { pos += 1 }
    }
    return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<pos]), as: UTF8.self)
  }

  private func display(_ b: UInt8) -> String {
    b >= 0x20 && b < 0x7F ? String(Character(Unicode.Scalar(b))) : "U+\(hex(UInt32(b)))"
  }

  /// Checks the character at `pos` is an XML Char in valid UTF-8 and advances past it.
  private mutating func checkCharacter() throws {
    let b = buffer[pos]
    if b < 0x80 {
      if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D {
        if b == 0 { throw fail(EncodingRule.Message.nulInFile, at: pos) }
        throw fail(XMLSyntaxRule.Message.controlCharacter(b), at: pos)
      }
      pos += 1
      return
    }
    var length = 0
    var scalar: UInt32 = 0
    var minimum: UInt32 = 0
    if b & 0xE0 == 0xC0 {
      length = 2
      scalar = UInt32(b & 0x1F)
      minimum = 0x80
    } else if b & 0xF0 == 0xE0 {
      length = 3
      scalar = UInt32(b & 0x0F)
      minimum = 0x800
    } else if b & 0xF8 == 0xF0 {
      length = 4
      scalar = UInt32(b & 0x07)
      minimum = 0x10000
    } else {
      throw fail(EncodingRule.Message.invalidUTF8Byte(b), at: pos)
    }
    guard pos + length <= end else { throw fail(EncodingRule.Message.truncatedUTF8, at: pos) }
    for k in 1..<length {
      let c = buffer[pos + k]
      guard c & 0xC0 == 0x80 else { throw fail(EncodingRule.Message.invalidUTF8, at: pos) }
      scalar = scalar << 6 | UInt32(c & 0x3F)
    }
    if scalar < minimum || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar < 0xE000) {
      throw fail(EncodingRule.Message.invalidUTF8, at: pos)
    }
    if scalar == 0xFFFE || scalar == 0xFFFF { throw fail(XMLSyntaxRule.Message.disallowedCharacter(scalar), at: pos) }
    pos += length
  }

  /// Closes the innermost element: it becomes a child of the element around it, and is returned.
  private mutating func close() -> XMLNode {
    let node = stack.removeLast()
    if !stack.isEmpty { stack[stack.count - 1].children.append(node) }
    return node
  }

  /// Reads one element and its content; it ends up in its parent's children.
  private mutating func parseElement() throws -> XMLNode {
    let start = pos
    if stack.count >= limits.maxDepth {
      throw fail(NestedTooDeepRule.Message.elementsNestedTooDeep(limit: limits.maxDepth), at: pos)
    }
    pos += 1
    let name = try parseName()
    stack.append(XMLNode(name: name, offset: start))
    let top = stack.count - 1
    // Attributes.
    while true {
      let hadSpace = pos < end && isSpace(buffer[pos])
      skipSpaces()
      guard pos < end else { throw fail(XMLSyntaxRule.Message.unterminatedStartTag(name), at: start) }
      if buffer[pos] == 0x2F {
        guard pos + 1 < end, buffer[pos + 1] == 0x3E else { throw fail(XMLSyntaxRule.Message.slashWithoutClose, at: pos + 1) }
        pos += 2
        return close()
      }
      if buffer[pos] == 0x3E {
        pos += 1
        break
      }
      guard hadSpace else { throw fail(XMLSyntaxRule.Message.spaceBeforeAttribute, at: pos) }
      let nameOffset = pos
      let attributeName = try parseName()
      skipSpaces()
      guard pos < end, buffer[pos] == 0x3D else { throw fail(XMLSyntaxRule.Message.equalsAfterAttribute(attributeName), at: pos) }
      pos += 1
      skipSpaces()
      guard pos < end, buffer[pos] == 0x22 || buffer[pos] == 0x27 else {
        throw fail(XMLSyntaxRule.Message.unquotedAttributeValue, at: pos)
      }
      let valueOffset = pos
      let value = try parseAttributeValue()
      guard stack[top].attributeNames.insert(attributeName).inserted else {
        throw fail(XMLSyntaxRule.Message.duplicateAttribute(attributeName), at: nameOffset)
      }
      stack[top].attributes.append(XMLAttribute(name: attributeName, value: value, nameOffset: nameOffset, valueOffset: valueOffset))
    }
    // Content.
    while true {
      guard pos < end else { throw fail(XMLSyntaxRule.Message.unclosedElement(name), at: start) }
      let b = buffer[pos]
      if b == 0x3C {
        if peek("</") {
          let closeOffset = pos
          pos += 2
          let closeName = try parseName()
          skipSpaces()
          guard pos < end, buffer[pos] == 0x3E else { throw fail(XMLSyntaxRule.Message.unterminatedClosingTag(closeName), at: pos) }
          pos += 1
          guard closeName == name else {
            let line = source.lineAndColumn(of: start).line
            throw fail(XMLSyntaxRule.Message.mismatchedClosingTag(closeName, opening: name, openedAtLine: line), at: closeOffset)
          }
          return close()
        } else if peek("<!--") {
          try parseComment()
        } else if peek("<![CDATA[") {
          let cdata = pos
          guard let close = find("]]>", from: pos + 9) else { throw fail(XMLSyntaxRule.Message.unterminatedCDATA, at: cdata) }
          pos += 9
          while pos < close {
            if !isSpace(buffer[pos]) { stack[top].noteText(at: pos) }
            try checkCharacter()
          }
          pos = close + 3
        } else if peek("<?") {
          try parseProcessingInstruction()
        } else if peek("<!") {
          if peek("<!DOCTYPE") || peek("<!ENTITY") { throw fail(XMLDoctypeRule.Message.declarationInsideElement, at: pos) }
          throw fail(XMLSyntaxRule.Message.declarationInsideElement, at: pos)
        } else {
          _ = try parseElement()
        }
      } else if b == 0x26 {
        stack[top].noteText(at: pos)
        _ = try parseReference()
      } else {
        if b == 0x5D, peek("]]>") { throw fail(XMLSyntaxRule.Message.cdataEndInText, at: pos) }
        if !isSpace(b) { stack[top].noteText(at: pos) }
        try checkCharacter()
      }
    }
  }

  private mutating func parseAttributeValue() throws -> String {
    let quote = buffer[pos]
    let start = pos
    pos += 1
    var bytes: [UInt8] = []
    while true {
      guard pos < end else { throw fail(XMLSyntaxRule.Message.unterminatedAttributeValue, at: start) }
      let b = buffer[pos]
      if b == quote {
        pos += 1
        break
      }
      if b == 0x3C { throw fail(XMLSyntaxRule.Message.lessThanInAttributeValue, at: pos) }
      if b == 0x26 {
        bytes.append(contentsOf: try parseReference())
        continue
      }
      if b == 0x09 || b == 0x0A || b == 0x0D {
        // A line break read as XML reads it, one `\n` for `\r\n`, then as one space.
        bytes.append(0x20)
        pos += b == 0x0D && pos + 1 < end && buffer[pos + 1] == 0x0A ? 2 : 1
        continue
      }
      let before = pos
      try checkCharacter()
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[before..<pos]))
      if pos - start > limits.maxStringBytes {
        throw fail(StringTooLongRule.Message.attributeValueTooLong(limit: limits.maxStringBytes), at: start)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads `&name;` or `&#…;` and returns its UTF-8 bytes. Only the five predefined entities exist.
  private mutating func parseReference() throws -> [UInt8] {
    let start = pos
    guard let semicolon = (pos..<min(end, pos + 32)).first(where: { buffer[$0] == 0x3B }) else {
      throw fail(XMLSyntaxRule.Message.bareAmpersand, at: start)
    }
    let body = String(decoding: UnsafeBufferPointer(rebasing: buffer[(pos + 1)..<semicolon]), as: UTF8.self)
    pos = semicolon + 1
    switch body {
    case "lt": return [0x3C]
    case "gt": return [0x3E]
    case "amp": return [0x26]
    case "quot": return [0x22]
    case "apos": return [0x27]
    default: break
    }
    if body.hasPrefix("#") {
      // Digits alone, as XML writes them: `UInt32(_:radix:)` would also take a sign (`&#+51;`).
      let digits = body.dropFirst()
      let value: UInt32?
      if digits.hasPrefix("x") {
        let hex = digits.dropFirst()
        value = !hex.isEmpty && hex.allSatisfy({ $0.isASCII && $0.isHexDigit }) ? UInt32(hex, radix: 16) : nil
      } else {
        value = !digits.isEmpty && digits.allSatisfy({ ("0"..."9").contains($0) }) ? UInt32(digits, radix: 10) : nil
      }
      guard let v = value, let scalar = Unicode.Scalar(v),
        v == 0x9 || v == 0xA || v == 0xD || (v >= 0x20 && v != 0xFFFE && v != 0xFFFF)
      else { throw fail(XMLSyntaxRule.Message.invalidCharacterReference(body), at: start) }
      return Array(String(Character(scalar)).utf8)
    }
    throw fail(XMLSyntaxRule.Message.undefinedEntity(body), at: start)
  }
}
