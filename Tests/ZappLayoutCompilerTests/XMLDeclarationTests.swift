import Foundation
import XCTest

@testable import ZappDiagnostics
@testable import ZappReaders

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The XML declaration is read as XML 1.0 writes it, and refused where it is not, as expat and
/// libxml2 refuse it; a line break in an attribute value is one space, however the file ends its
/// lines.
final class XMLDeclarationTests: XCTestCase {
  private static let root = "\n<Family name=\"F\"><Screens/></Family>"

  func testAMalformedDeclarationIsRefusedWhereItGoesWrong() {
    let cases: [(String, String)] = [
      ("<?xml version=\"1.0\" ⟦ZL0109⟧foo=\"bar\"?>", "malformed XML declaration: expected 'encoding', 'standalone', '?>'"),
      ("<?xml version=\"1.0\"⟦ZL0109⟧encoding=\"UTF-8\"?>", "malformed XML declaration: expected a space"),
      ("<?xml version=\"1.0\" standalone=\"yes\" ⟦ZL0109⟧encoding=\"UTF-8\"?>", "malformed XML declaration: expected '?>'"),
      ("<?⟦ZL0109⟧XML version=\"1.0\"?>", "'<?XML' is no XML declaration: it is written '<?xml', in lower case"),
      ("⟦ZL0109⟧<?xml?>", "the XML declaration needs a version"),
      ("⟦ZL0109⟧<?xml encoding=\"UTF-8\"?>", "the XML declaration needs a version"),
      ("<?xml version=\"⟦ZL0109⟧2.0\"?>", "the XML declaration's version is '2.0', expected '1.0'"),
      ("<?xml version=\"1.0\" standalone=\"⟦ZL0109⟧maybe\"?>", "the XML declaration's standalone is 'maybe', expected 'yes' or 'no'"),
      ("<?xml version ⟦ZL0109⟧\"1.0\"?>", "expected '=' after attribute 'version'"),
    ]
    for (declaration, message) in cases {
      let m = Marked(declaration + Self.root)
      let r = XMLReader.read(SourceFile(path: "f.xml", text: m.text))
      XCTAssertNil(r.root, declaration)
      assertDiagnostics(r.diagnostics, m, file: "f.xml", messages: [message])
      #if canImport(FoundationXML)
        let parser = XMLParser(data: Data(m.text.utf8))
        XCTAssertFalse(parser.parse() && parser.parserError == nil, "libxml2 accepts \(declaration)")
      #endif
    }
  }

  func testAWellFormedDeclarationIsRead() {
    for declaration in [
      "<?xml version=\"1.0\"?>", "<?xml version='1.1' encoding='utf-8' standalone='no' ?>",
      "<?xml version = \"1.0\"\n  encoding=\"UTF-8\"?>", "<?xml-stylesheet href=\"a.css\"?>",
    ] {
      let r = XMLReader.read(SourceFile(path: "f.xml", text: declaration + Self.root))
      XCTAssertNotNil(r.root, declaration)
      XCTAssertEqual(r.diagnostics.map(\.message), [], declaration)
    }
  }

  /// A processing instruction named `xml` in another case is refused inside the file too.
  func testAnInstructionNamedXMLInAnyCaseIsReserved() {
    let m = Marked("<Family name=\"F\"><?⟦ZL0109⟧Xml x?></Family>")
    let r = XMLReader.read(SourceFile(path: "f.xml", text: m.text))
    assertDiagnostics(
      r.diagnostics, m, file: "f.xml", messages: ["a processing instruction may not be named 'Xml': names 'xml' in any case are reserved"])
  }

  /// `\r\n` in an attribute value is one line break, so one space; `\r` alone and `\n` alone are one
  /// each, and `\n\r` two.
  func testALineBreakInAnAttributeValueIsOneSpace() throws {
    for (written, read) in [
      ("a\r\nb", "a b"), ("a\rb", "a b"), ("a\nb", "a b"), ("a\tb", "a b"), ("a\n\rb", "a  b"), ("a\r\n\r\nb", "a  b"),
    ] {
      let r = XMLReader.read(SourceFile(path: "f.xml", text: "<Family name=\"\(written)\"><Screens/></Family>"))
      XCTAssertEqual(try XCTUnwrap(r.root?.attribute("name")).value, read, written.debugDescription)
    }
  }
}
