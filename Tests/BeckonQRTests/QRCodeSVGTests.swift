import BeckonQR
import Testing

@Suite struct QRCodeSVGTests {
    static let link = "https://join.playa.app/invite/7KQ4M2XP?exp=1767225600&kid=p1&sig=Zx_3aB-c9dE"
    static let title = #"Scan to join "Tom & Jerry's" <party>"#

    @Test func isWellFormedWithOnePathAndAnEscapedTitle() throws {
        let code = try #require(QRCode(encoding: Self.link))
        let svg = code.svg(moduleSize: 5, quietZone: 4, title: Self.title)
        let outline = try #require(SVGOutline.parse(svg), "not well-formed XML")
        let side = code.size + 8
        let root = try #require(outline.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(root.attributes["viewBox"] == "0 0 \(side) \(side)")
        #expect(root.attributes["width"] == "\(side * 5)" && root.attributes["height"] == "\(side * 5)")
        #expect(root.attributes["role"] == "img")
        #expect(outline.elements.map(\.name) == ["svg", "title", "rect", "path"])
        #expect(outline.elements[2].attributes["fill"] == "#fff")
        #expect(outline.elements[3].attributes["fill"] == "#000")
        #expect(outline.title == Self.title)
        #expect(svg.contains("Scan to join &quot;Tom &amp; Jerry&apos;s&quot; &lt;party&gt;"))
        #expect(!svg.contains("script") && !svg.contains("href"))
    }

    @Test func pathDrawsExactlyTheDarkModules() throws {
        let code = try #require(QRCode(encoding: Self.link, correction: .high))
        let quietZone = 2
        let svg = code.svg(quietZone: quietZone, title: "code")
        let outline = try #require(SVGOutline.parse(svg))
        let data = try #require(outline.elements.last?.attributes["d"])
        // The top left finder pattern's first row, in the documented run syntax.
        #expect(data.hasPrefix("M2 2h7v1h-7z"))
        let side = code.size + 2 * quietZone
        var painted = Array(repeating: false, count: side * side)
        for run in data.split(separator: "M") {
            // Each run is "x yhwv1h-wz".
            let numbers = run.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            try #require(numbers.count == 5 && numbers[3] == 1 && numbers[4] == numbers[2], "run \(run)")
            let (x, y, width) = (numbers[0], numbers[1], numbers[2])
            for column in x..<(x + width) { painted[y * side + column] = true }
        }
        for y in 0..<side {
            for x in 0..<side {
                #expect(painted[y * side + x] == code.isDark(x: x - quietZone, y: y - quietZone), "module \(x), \(y)")
            }
        }
    }

    @Test func sameTextGivesTheSameBytes() throws {
        let first = try #require(QRCode(encoding: Self.link))
        let second = try #require(QRCode(encoding: Self.link))
        #expect(first == second)
        #expect(Array(first.svg(title: Self.title).utf8) == Array(second.svg(title: Self.title).utf8))
    }

    @Test func titleLeavesOutCharactersXMLForbids() throws {
        let code = try #require(QRCode(encoding: "x"))
        let outline = try #require(SVGOutline.parse(code.svg(title: "a\u{1}b\u{FFFF}c")))
        #expect(outline.title == "abc")
    }
}
