import ZappDiagnostics

/// ZL0109 xml-syntax.
package enum XMLSyntaxRule: RuleDefinition {
  package static let rule = Rule(
    code: "ZL0109", name: "xml-syntax", severity: .error, category: .reading,
    summary: "The file is not well-formed XML.",
    explanation: """
      Family XML must be well-formed XML 1.0: one root element, matching tags, quoted attribute \
      values, no duplicate attributes, only the five predefined entities and character references.
      """,
    bad: .files(
      ["families/f.xml": #"<Family name="F"><Screens>⟦⟧</Family>"#],
      reports: [
        .init(
          "closing tag </Family> does not match <Screens> opened at line 1",
          notes: [
            "references to families (ZL0301, ZL0302, ZL0304-ZL0306, ZL0315, ZL0320, ZL0328, ZL0413, ZL0511, ZL0620) were not checked until this file can be read"
          ])
      ]),
    good: .files(["families/f.xml": #"<Family name="F"><Screens/></Family>"#]))
}

extension Rule {
  public static let xmlSyntax = XMLSyntaxRule.rule
}

extension XMLSyntaxRule {
  package typealias Message = RuleMessage<XMLSyntaxRule>
}

extension RuleMessage where Owner == XMLSyntaxRule {
  package static var contentAfterRoot: Self {
    Self("content-after-root", "content after the root element (an XML file has one root element)")
  }
  package static var textBeforeRoot: Self { Self("text-before-root", "expected the root element, found text") }
  package static var textAfterRoot: Self { Self("text-after-root", "text after the root element") }
  package static var noRoot: Self { Self("no-root", "file has no root element") }
  package static var unterminatedDeclaration: Self { Self("unterminated-declaration", "unterminated XML declaration") }
  package static var declarationWithoutVersion: Self { Self("declaration-without-version", "the XML declaration needs a version") }
  /// `expected`: what may come next, as words (`'encoding', 'standalone', '?>'`, `a space`).
  package static func malformedDeclaration(expected: String) -> Self {
    Self("malformed-declaration", "malformed XML declaration: expected \(expected)")
  }
  package static func declarationValue(_ name: String, _ value: String, expecting: String) -> Self {
    Self("declaration-value", "the XML declaration's \(name) is '\(value)', expected '\(expecting)'")
  }
  package static func declarationNotInLowerCase(_ name: String) -> Self {
    Self("declaration-not-in-lower-case", "'<?\(name)' is no XML declaration: it is written '<?xml', in lower case")
  }
  package static func reservedInstructionName(_ name: String) -> Self {
    Self("reserved-instruction-name", "a processing instruction may not be named '\(name)': names 'xml' in any case are reserved")
  }
  package static var misplacedDeclaration: Self {
    Self("misplaced-declaration", "the XML declaration is only allowed at the very start of the file")
  }
  package static var unterminatedComment: Self { Self("unterminated-comment", "unterminated comment") }
  package static var doubleHyphenInComment: Self { Self("double-hyphen-in-comment", "'--' is not allowed inside a comment") }
  package static var unterminatedProcessingInstruction: Self {
    Self("unterminated-processing-instruction", "unterminated processing instruction")
  }
  package static var nameAtEnd: Self { Self("name-at-end", "expected a name, found the end of the file") }
  /// `found` is the character as shown, without quotes.
  package static func nameExpected(found: String) -> Self { Self("name-expected", "expected a name, found '\(found)'") }
  package static func controlCharacter(_ byte: UInt8) -> Self {
    Self("control-character", "control character U+\(hex(UInt32(byte))) is not allowed in XML")
  }
  package static func disallowedCharacter(_ scalar: UInt32) -> Self {
    Self("disallowed-character", "character U+\(hex(scalar)) is not allowed in XML")
  }
  package static func unterminatedStartTag(_ name: String) -> Self { Self("unterminated-start-tag", "unterminated start tag <\(name)>") }
  package static var slashWithoutClose: Self { Self("slash-without-close", "expected '>' after '/'") }
  package static var spaceBeforeAttribute: Self { Self("space-before-attribute", "expected a space before the attribute") }
  package static func equalsAfterAttribute(_ name: String) -> Self {
    Self("equals-after-attribute", "expected '=' after attribute '\(name)'")
  }
  package static var unquotedAttributeValue: Self { Self("unquoted-attribute-value", "attribute values must be quoted") }
  package static func duplicateAttribute(_ name: String) -> Self { Self("duplicate-attribute", "duplicate attribute '\(name)'") }
  package static func unclosedElement(_ name: String) -> Self { Self("unclosed-element", "element <\(name)> is not closed") }
  package static func unterminatedClosingTag(_ name: String) -> Self {
    Self("unterminated-closing-tag", "expected '>' to end </\(name)>")
  }
  package static func mismatchedClosingTag(_ closing: String, opening: String, openedAtLine line: Int) -> Self {
    Self("mismatched-closing-tag", "closing tag </\(closing)> does not match <\(opening)> opened at line \(line)")
  }
  package static var unterminatedCDATA: Self { Self("unterminated-cdata", "unterminated CDATA section") }
  package static var declarationInsideElement: Self {
    Self("declaration-inside-element", "declarations are not allowed inside elements")
  }
  package static var cdataEndInText: Self { Self("cdata-end-in-text", "']]>' is not allowed in text") }
  package static var unterminatedAttributeValue: Self { Self("unterminated-attribute-value", "unterminated attribute value") }
  package static var lessThanInAttributeValue: Self {
    Self("less-than-in-attribute-value", "'<' is not allowed in an attribute value; write &lt;")
  }
  package static var bareAmpersand: Self { Self("bare-ampersand", "'&' must start an entity or character reference; write &amp;") }
  /// `body` is the reference between '&' and ';'.
  package static func invalidCharacterReference(_ body: String) -> Self {
    Self("invalid-character-reference", "invalid character reference '&\(body);'")
  }
  package static func undefinedEntity(_ body: String) -> Self {
    Self("undefined-entity", "undefined entity '&\(body);' (only &lt; &gt; &amp; &quot; &apos; exist without a DTD)")
  }
}
