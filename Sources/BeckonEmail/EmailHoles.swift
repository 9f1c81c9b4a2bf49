import BeckonDiagnostics
import BeckonProvenance
import BeckonRender
import BeckonText

/// Stand-ins for an email's per-invite values while its template is compiled, and where they
/// landed in what was written.
///
/// A stand-in is private-use characters of plane 15 around letters (Hebrew ones for user data,
/// so text that isolates right-to-left values shows the isolation around it); the link's is an
/// `https` URL, which link checks and escaping pass as they pass a real one. Each comes in three
/// lengths: an email compiled with each must differ only where the stand-ins are, or something
/// in it depends on the value beyond being filled in (a width, an encoding) and the template is
/// rendered whole instead.
enum EmailHoles {
    /// A place a value goes, found in compiled output.
    struct Hole: Sendable, Hashable {
        /// The value; `nil` for the preheader's filler.
        var field: EmailValues.Field?
        var context: Context
        /// Whether the place isolates the value for bidi (FSI…PDI around it when it needs them).
        var isolated: Bool
    }

    /// How a value is written where it lands.
    enum Context: Sendable, Hashable {
        case plain, htmlText, htmlAttribute
    }

    private static let openBase: UInt32 = 0xF_0100
    private static let closeBase: UInt32 = 0xF_0180
    private static let fillerScalar: UInt32 = 0xF_01FF
    private static let linkPrefix = Array("https://beckon.invalid/".utf8)
    private static let linkSuffix = Array(".l".utf8)

    /// The mark written in place of the preheader's filler.
    static let fillerMark = String(Character(Unicode.Scalar(fillerScalar)!))

    /// How many letters each variant of a stand-in has: the long one outgrows what a width is
    /// computed with a floor for (a button is at least 200 px wide).
    static let lengths = [1, 3, 120]

    /// The stand-in for `field` in `variant` (an index of `lengths`).
    static func standIn(_ field: EmailValues.Field, variant: Int) -> String {
        let count = lengths[variant]
        if field == .link { return "https://beckon.invalid/" + String(repeating: "x", count: count) + ".l" }
        let open = Character(Unicode.Scalar(openBase + UInt32(field.rawValue))!)
        let close = Character(Unicode.Scalar(closeBase + UInt32(field.rawValue))!)
        return String(open) + String(repeating: field.isUserData ? "\u{05D0}" : "z", count: count) + String(close)
    }

    /// The origin compiled output gives a value's bytes, replaced by the invite's own when filled.
    static func origin(_ field: EmailValues.Field) -> Origin {
        Origin(.sample, at: SourceLocation(file: markerFile), key: "\(markerFile)\(field.rawValue)")
    }

    private static let markerFile = "\u{F01FE}"

    /// The marker origin of each field, in the order of `EmailValues.Field.allCases`.
    static let markerOrigins = EmailValues.Field.allCases.map(origin)

    /// Output split at its stand-ins: `literals.count == holes.count + 1`.
    struct Split {
        var literals: [[UInt8]]
        var holes: [Hole]
        /// Where each hole was in the output (isolation marks included).
        var ranges: [Range<Int>]
    }

    /// The output split at its stand-ins, with each hole's context (`html`: inside a tag or in
    /// text); `nil` when a stand-in was cut or changed on the way.
    static func split(_ bytes: [UInt8], html: Bool) -> Split? {
        var split = Split(literals: [], holes: [], ranges: [])
        var literalStart = 0
        var index = 0
        while index < bytes.count {
            let found: (field: EmailValues.Field?, end: Int)?
            switch bytes[index] {
            case 0xF3:
                guard let scalar = scalar(bytes, at: index) else { return nil }
                switch scalar {
                case fillerScalar: found = (nil, index + 4)
                case openBase..<closeBase:
                    guard let field = EmailValues.Field(rawValue: Int(scalar - openBase)),
                        let end = closing(bytes, from: index + 4, field: field)
                    else { return nil }
                    found = (field, end)
                case closeBase...fillerScalar: return nil
                default: found = nil
                }
            case UInt8(ascii: "h"):
                found = link(bytes, at: index).map { (EmailValues.Field.link, $0) }
            default: found = nil
            }
            guard let found else {
                index += 1
                continue
            }
            var range = index..<found.end
            let isolated =
                found.field?.isUserData == true && range.lowerBound >= 3 && range.upperBound + 3 <= bytes.count
                && bytes[(range.lowerBound - 3)..<range.lowerBound].elementsEqual(isolateOpen)
                && bytes[range.upperBound..<(range.upperBound + 3)].elementsEqual(isolateClose)
            if isolated { range = (range.lowerBound - 3)..<(range.upperBound + 3) }
            guard range.lowerBound >= literalStart else { return nil }
            split.literals.append(Array(bytes[literalStart..<range.lowerBound]))
            split.holes.append(
                Hole(
                    field: found.field, context: html ? context(bytes, before: range.lowerBound) : .plain,
                    isolated: isolated))
            split.ranges.append(range)
            literalStart = range.upperBound
            index = range.upperBound
        }
        split.literals.append(Array(bytes[literalStart...]))
        return split
    }

    /// Whether bytes hold a stand-in or a piece of one.
    static func containsStandIn(_ bytes: [UInt8]) -> Bool {
        for index in bytes.indices where bytes[index] == 0xF3 {
            if let scalar = scalar(bytes, at: index), (openBase...fillerScalar).contains(scalar) { return true }
        }
        return bytes.firstIndex(ofBytes: Array(linkPrefix.dropFirst("https://".utf8.count))) != nil
    }

    /// FSI and PDI in UTF-8.
    private static let isolateOpen: [UInt8] = [0xE2, 0x81, 0xA8]
    private static let isolateClose: [UInt8] = [0xE2, 0x81, 0xA9]

    /// The value of the four-byte scalar at `index` (a stand-in's), if the bytes hold all of it.
    private static func scalar(_ bytes: [UInt8], at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        return UTF8Scalar.decode(bytes, at: index).scalar.value
    }

    /// The end of a stand-in whose opening ends at `start`: its letters, then its closing.
    private static func closing(_ bytes: [UInt8], from start: Int, field: EmailValues.Field) -> Int? {
        let letter: [UInt8] = field.isUserData ? [0xD7, 0x90] : [UInt8(ascii: "z")]
        var index = start
        while index + letter.count <= bytes.count, bytes[index..<(index + letter.count)].elementsEqual(letter) {
            index += letter.count
        }
        guard index > start, bytes.count > index, bytes[index] == 0xF3,
            scalar(bytes, at: index) == closeBase + UInt32(field.rawValue)
        else { return nil }
        return index + 4
    }

    /// The end of the link's stand-in starting at `index`, if one does.
    private static func link(_ bytes: [UInt8], at index: Int) -> Int? {
        guard bytes.count - index > linkPrefix.count,
            bytes[index..<(index + linkPrefix.count)].elementsEqual(linkPrefix)
        else { return nil }
        var end = index + linkPrefix.count
        while end < bytes.count, bytes[end] == UInt8(ascii: "x") { end += 1 }
        guard end + linkSuffix.count <= bytes.count, bytes[end..<(end + linkSuffix.count)].elementsEqual(linkSuffix)
        else { return nil }
        return end + linkSuffix.count
    }

    /// Whether a place in HTML is inside a tag (an attribute value) or in text.
    private static func context(_ bytes: [UInt8], before index: Int) -> Context {
        var position = index
        while position > 0 {
            position -= 1
            if bytes[position] == UInt8(ascii: ">") { return .htmlText }
            if bytes[position] == UInt8(ascii: "<") { return .htmlAttribute }
        }
        return .htmlText
    }
}
