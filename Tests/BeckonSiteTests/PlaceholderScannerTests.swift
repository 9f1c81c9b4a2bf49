import BeckonDiagnostics
import BeckonSite
import PropertyBased
import Testing

@Suite struct PlaceholderScannerTests {
    func scan(_ text: String) -> ([Placeholder], [Diagnostic]) {
        PlaceholderScanner.scan(text, in: SourceText(path: "t.md", text: text), utf8Offset: 0)
    }

    @Test func findsPlaceholdersWithTheirColumns() {
        let (placeholders, diagnostics) = scan("# Hi {{ inviter.firstName }}\n\nGet {{app.name}} — {{t.landing.cta}}")
        #expect(diagnostics.isEmpty)
        #expect(placeholders.map(\.path) == ["inviter.firstName", "app.name", "t.landing.cta"])
        #expect(placeholders.map(\.location.line) == [1, 3, 3])
        #expect(placeholders[2].location.column == 20)
    }

    @Test(arguments: ["{{ }}", "{{a..b}}", "{{1abc}}", "{{a b}}", "{{{raw}}}", "text {{unclosed"])
    func malformedPlaceholdersAreReported(text: String) {
        let (_, diagnostics) = scan(text)
        #expect(diagnostics.first?.rule == "template.placeholder-syntax")
    }

    @Test func anyPathWrittenInBracesIsFoundAtItsPlace() async {
        let segment = Gen.lowercaseLetter.string(of: 1...8)
        await propertyCheck(input: segment.array(of: 1...4), Gen.letterOrNumber.string(of: 0...20)) {
            segments, prefix in
            let path = segments.joined(separator: ".")
            let text = prefix.replacingOccurrences(of: "{", with: "") + "{{\(path)}}"
            let (placeholders, diagnostics) = scan(text)
            #expect(diagnostics.isEmpty)
            #expect(placeholders.map(\.path) == [path])
            #expect(placeholders.first?.location.column == text.count - path.count - 3)
        }
    }
}
