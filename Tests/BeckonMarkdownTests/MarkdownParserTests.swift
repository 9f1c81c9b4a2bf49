import BeckonMarkdown
import Testing

@Suite struct MarkdownParserTests {
    @Test func placeholdersArriveInOneTextNode() {
        let document = MarkdownParser.parse("Hi {{inviter.first_name}}, see *{{t.a_b}}*!")
        let paragraph = document.children[0]
        #expect(paragraph.kind == .paragraph)
        #expect(paragraph.children[0].literal == "Hi {{inviter.first_name}}, see ")
        #expect(paragraph.children[1].kind == .emphasis)
        #expect(paragraph.children[1].children[0].literal == "{{t.a_b}}")
    }

    @Test func linkDestinationsKeepPlaceholdersUnencoded() {
        let document = MarkdownParser.parse("[Accept]({{invite.url}})")
        let link = document.children[0].children[0]
        #expect(link.kind == .link(destination: "{{invite.url}}", title: ""))
    }

    @Test func nodesKnowTheirLines() {
        let document = MarkdownParser.parse("# Title\n\nSecond paragraph\n")
        #expect(document.children.map(\.line) == [1, 3])
        #expect(document.children[0].kind == .heading(level: 1))
    }

    @Test(arguments: [
        ("**bold** and _em_", "bold and em"),
        ("[link](https://a.test) `code`", "link code"),
        ("line one\nline two", "line one line two"),
    ])
    func plainTextDropsMarkup(markdown: String, expected: String) {
        #expect(MarkdownParser.parseInline(markdown).map(\.plainText).joined() == expected)
    }

    @Test func inlineParsingReadsBlockSyntaxAsText() {
        let nodes = MarkdownParser.parseInline("# not a heading")
        #expect(nodes.allSatisfy { !$0.isBlock })
    }

    @Test func pathologicalNestingBecomesTextInsteadOfOverflowingTheStack() {
        let (document, tooDeep) = MarkdownParser.parseReportingDepth(String(repeating: ">", count: 100_000) + " deep")
        #expect(tooDeep)
        #expect(document.plainText.contains("deep"))
        #expect(!MarkdownParser.parseReportingDepth("> quoted\n\n- item").tooDeep)
        _ = MarkdownParser.parseInline(
            String(repeating: "*", count: 50_000) + "x" + String(repeating: "*", count: 50_000))
    }
}
