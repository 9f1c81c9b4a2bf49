import BeckonDiagnostics
import Testing

@testable import BeckonProvenance

/// A map edited for replaced bytes and renamed origins is the map of the edited text marked anew.
@Suite struct ProvenanceEditingTests {
    static let layout = Origin(.layout, at: SourceLocation(file: "templates/layouts/base.mustache", line: 3))
    static let first = Origin(.sample, at: SourceLocation(file: "beckon.yml", line: 40), key: "maya.code")
    static let stand = Origin(.sample, at: SourceLocation(file: "stand-in", line: 1), key: "stand-in")
    static let other = Origin(.sample, at: SourceLocation(file: "stand-in", line: 2), key: "other")

    /// `<p>` + `value1` in `one` + `, ` + `value2` in `two` + `</p>`, marked and stripped.
    static func map(
        _ value1: String, _ one: Origin?, _ value2: String, _ two: Origin?
    ) -> (
        bytes: [UInt8], provenance: ProvenanceMap
    ) {
        OriginMarks.strip(
            OriginMarks.base(layout) + "<p>" + OriginMarks.wrap(value1, in: one) + ", "
                + OriginMarks.wrap(value2, in: two) + "</p>")
    }

    @Test func renamedOriginsMergeAndDroppedOnesGo() {
        let compiled = Self.map("xx", Self.stand, "yyyy", Self.other)
        let standIndex = compiled.provenance.originIndices(of: [Self.stand])[0].index
        let otherIndex = compiled.provenance.originIndices(of: [Self.other])[0].index
        // Both values written in one field: one origin, as when marked so.
        let merged = compiled.provenance.edited(
            replacements: [(3..<5, 6), (7..<11, 1)], newOrigins: [standIndex: Self.first, otherIndex: Self.first])
        let expected = Self.map("abcdef", Self.first, "z", Self.first)
        #expect(merged.spans == expected.provenance.spans)
        #expect(merged.origins == expected.provenance.origins)
        // A value without an origin has no span and names nothing.
        let dropped = compiled.provenance.edited(
            replacements: [(3..<5, 1), (7..<11, 2)], newOrigins: [standIndex: nil, otherIndex: Self.first])
        let expectedDropped = Self.map("a", nil, "bc", Self.first)
        #expect(dropped.spans == expectedDropped.provenance.spans)
        #expect(dropped.origins == expectedDropped.provenance.origins)
    }
}
