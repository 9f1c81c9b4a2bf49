import Testing

@testable import BeckonURL

/// Runs the tables in the style of the standard's URL test data.
@Suite struct URLTableTests {
    /// Every row of every table.
    static let allCases = URLTestCase.special + URLTestCase.ipHosts + URLTestCase.nonSpecial + URLTestCase.relative

    @Test func tablesHaveAtLeastSixtyRows() {
        #expect(Self.allCases.count >= 60)
    }

    @Test(arguments: allCases)
    func parsesAsTheStandardDoes(_ row: URLTestCase) throws {
        let base = try row.base.map { try URLParser.parse($0).get() }
        let result = URLParser.parse(row.input, base: base)
        guard let expected = row.expectedHref else {
            #expect(throws: URLParseFailure.self) { try result.get() }
            return
        }
        let url = try result.get()
        #expect(url.href == expected)
        #expect(try URLParser.parse(url.href).get() == url, "the serialization parses back to the same URL")
    }
}
