import BeckonSite
import Testing

@Suite struct ColorTests {
    @Test(arguments: [
        ("#fff", "#ffffff"), ("#0B57D0", "#0b57d0"), ("#0b57d080", "rgba(11, 87, 208, 0.502)"),
        ("rgb(26, 115, 232)", "#1a73e8"), ("rgba(0,0,0,0.6)", "rgba(0, 0, 0, 0.6)"), (" #abc ", "#aabbcc"),
    ])
    func parsesCSSNotations(text: String, css: String) {
        #expect(Color(css: text)?.css == css)
    }

    @Test(arguments: ["red", "#ggg", "#12345", "rgb(300, 0, 0)", "rgba(0,0,0,2)", "", "#", "url(x)", "rgb(1,2)"])
    func rejectsEverythingElse(text: String) {
        #expect(Color(css: text) == nil)
    }
}
