import BeckonHTML
import Foundation
import Testing

@Suite struct XMLDocumentTests {
    let xliff = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file source-language="en-US" target-language="de-DE">
            <body>
              <trans-unit id="a" xml:space="preserve">
                <source>Tom &amp; Jerry &lt;3 &#x1F600;</source>
                <target state="translated"><![CDATA[<b>fett</b>]]></target>
                <!-- a comment -->
              </trans-unit>
            </body>
          </file>
        </xliff>
        """

    @Test func readsElementsAttributesNamespacesAndLines() throws {
        let document = XMLDocument(xliff)
        #expect(document.isWellFormed)
        let root = try #require(document.root)
        #expect(root.name == "xliff")
        #expect(root.namespace == "urn:oasis:names:tc:xliff:document:1.2")
        #expect(root[attribute: "version"] == "1.2")
        let unit = try #require(root.descendants(named: "trans-unit").first)
        #expect(unit.line == 5)
        #expect(unit[attribute: "xml:space"] == "preserve")
        #expect(unit[attribute: "space"] == "preserve")
        #expect(unit.element(named: "source")?.textContent == "Tom & Jerry <3 😀")
        #expect(unit.element(named: "target")?.textContent == "<b>fett</b>")
        #expect(unit.element(named: "target")?[attribute: "state"] == "translated")
        #expect(unit.children.contains { $0.kind == .comment && $0.text == " a comment " })
    }

    @Test func whitespaceAndCarriageReturnsInContentSurvive() {
        let document = XMLDocument("<a>  two\n lines&#13;\t </a>")
        #expect(document.root?.textContent == "  two\n lines\r\t ")
    }

    @Test(arguments: [
        ("<a>\n<b>\n</a>", 3),
        ("<a>\n\n<b attr=x/></a>", 3),
        ("<a>&undefined;</a>", 1),
        ("<a></a>\n<b/>", 2),
        ("", 1),
        ("just text", 1),
    ])
    func malformedDocumentsReportTheirLine(xml: String, line: Int) {
        let document = XMLDocument(xml)
        #expect(!document.isWellFormed)
        #expect(document.errors.first?.line == line, "\(document.errors)")
    }

    @Test func errorsCarryAColumnWhereLibxml2KnowsIt() throws {
        let error = try #require(XMLDocument("<a>\n  <b></c>\n</a>").errors.first)
        #expect(error.line == 2)
        #expect(error.column == 10)  // just past the end tag
        #expect(error.message == "Opening and ending tag mismatch: b line 2 and c")
    }

    @Test func attributeValuesAreDecoded() {
        let root = XMLDocument("<a title=\"Tom &amp; &quot;Jerry&quot; &#x1F600;&#10;\"/>").root
        #expect(root?[attribute: "title"] == "Tom & \"Jerry\" 😀\n")
    }

    @Test func externalEntitiesAreNeverLoaded() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-xxe-\(UUID()).txt")
        try Data("TOP-SECRET".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE a [
              <!ENTITY xxe SYSTEM "\(secret.absoluteString)">
              <!ENTITY % remote SYSTEM "\(secret.absoluteString)">
              %remote;
            ]>
            <a>before &xxe; after</a>
            """
        let document = XMLDocument(xml)
        #expect(document.hasDocumentType)
        let root = try #require(document.root)
        #expect(!root.textContent.contains("TOP-SECRET"))
        #expect(root.children.contains { $0.kind == .entityReference && $0.text == "xxe" })
    }

    @Test func internalEntitiesAreNotExpanded() throws {
        let xml = """
            <!DOCTYPE a [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <a title="x">&lol2;</a>
            """
        let document = XMLDocument(xml)
        let root = try #require(document.root)
        #expect(root.textContent == "")
    }

    @Test func anyBytesParseWithoutCrashing() {
        let samples: [[UInt8]] = [
            [], [0x3C], [0x3C, 0xFF, 0x00, 0x3E], [0xEF, 0xBB, 0xBF, 0x3C, 0x61, 0x2F, 0x3E],
            Array("<a>\u{0}</a>".utf8), Array(String(repeating: "<a>", count: 5000).utf8),
        ]
        for bytes in samples { _ = XMLDocument(bytes: bytes) }
        #expect(XMLDocument(bytes: [0xEF, 0xBB, 0xBF, 0x3C, 0x61, 0x2F, 0x3E]).isWellFormed)
    }

    @Test func parsesConcurrently() async {
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask { XMLDocument("<a n='\(index)'><b/></a>").root?[attribute: "n"] == "\(index)" }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
