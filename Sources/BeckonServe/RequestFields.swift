import BeckonJSON
import Foundation
import InviteModel
import NIOCore

/// The members of a JSON request body, read strictly: valid UTF-8, one object, no member twice,
/// no member the endpoint does not know, each of the type it must have. Every refusal is a 400
/// problem naming the field. The API's generated decoders refuse unknown members and wrong
/// types first; these checks stay as the rules a new invite's members are held to, whatever
/// decoded them.
struct RequestFields: Sendable {
    /// The largest body an endpoint reads.
    static let maximumBytes = 64 * 1024

    private var members: [String: JSONValue]

    /// The members of a parsed body, each one of `allowed`.
    init(_ value: JSONValue, allowed: Set<String>) throws(APIProblem) {
        guard let list = value.members else { throw .badRequest("The body must be a JSON object.") }
        members = try Self.members(list, allowed: allowed) { key in
            .badRequest(
                "`\(key)` is not a member of this request; it takes \(allowed.sorted().joined(separator: ", ")).",
                field: key)
        }
    }

    /// An object's members by name, each one of `allowed`; `unknown` is the refusal of one that
    /// is not, given its printable name. `null` is absent, as the generated decoders read it: it
    /// never overrides a member.
    private static func members(
        _ list: [JSONValue.Member], allowed: Set<String>, unknown: (String) -> APIProblem
    ) throws(APIProblem) -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        for member in list {
            guard allowed.contains(member.key) else { throw unknown(printable(member.key)) }
            if member.value.kind != .null { members[member.key] = member.value }
        }
        return members
    }

    /// `body` parsed strictly: valid UTF-8 and JSON, no member twice, depth and size bounded.
    static func parse(_ body: ByteBuffer) throws(APIProblem) -> JSONValue {
        guard let text = String(validating: Array(body.readableBytesView), as: UTF8.self) else {
            throw .badRequest("The body is not valid UTF-8.")
        }
        do {
            return try JSONParser.parse(text)
        } catch {
            throw .badRequest(
                "The body is not valid JSON: \(Self.visible(error.message)) (at byte \(error.offset)).",
                field: error.member.map(Self.printable))
        }
    }

    /// Members already read, each one allowed and none `null`.
    private init(members: [String: JSONValue]) {
        self.members = members
    }

    /// These members with `other`'s added, `other`'s winning where both have one.
    func merging(_ other: RequestFields) -> RequestFields {
        RequestFields(members: members.merging(other.members) { _, theirs in theirs })
    }

    mutating func remove(_ name: String) {
        members[name] = nil
    }

    /// A string member (a `null` one is absent).
    func string(_ name: String, required: Bool = false) throws(APIProblem) -> String? {
        guard let value = members[name] else {
            if required { throw .badRequest("`\(name)` is required.", field: name) }
            return nil
        }
        guard let text = value.string else {
            throw .badRequest("`\(name)` must be a string, not \(value.kindDescription).", field: name)
        }
        return text
    }

    /// An opaque id (letters, digits, `-`, `_`, at most 64): what links and events may carry.
    func identifier(_ name: String, required: Bool = false) throws(APIProblem) -> String? {
        guard let text = try string(name, required: required) else { return nil }
        guard InviteLink.isOpaqueID(text) else {
            throw .badRequest("`\(name)` must be 1 to 64 letters, digits, `-` or `_`.", field: name)
        }
        return text
    }

    /// Text a person wrote (a first name, a title): at most `maximum` characters (and at most
    /// four code points and sixteen bytes a character on average, so one "character" of
    /// thousands of combining marks is refused too), with at least one visible character, and
    /// without line breaks, control characters or bidirectional controls, which could end a
    /// header, a subject line or reverse the text around it.
    func text(_ name: String, maximum: Int, required: Bool = false) throws(APIProblem) -> String? {
        guard let text = try string(name, required: required) else { return nil }
        guard text.utf8.count <= maximum * 16, text.unicodeScalars.count <= maximum * 4 else {
            throw .badRequest(
                "`\(name)` is \(text.utf8.count) bytes in \(text.unicodeScalars.count) code points; the most is \(maximum * 4) code points in \(maximum * 16) bytes.",
                field: name)
        }
        guard text.count <= maximum else {
            throw .badRequest("`\(name)` is \(text.count) characters; the most is \(maximum).", field: name)
        }
        guard text.unicodeScalars.contains(where: Self.isVisible) else {
            throw .badRequest("`\(name)` must have a visible character.", field: name)
        }
        if let scalar = text.unicodeScalars.first(where: Self.isForbidden) {
            throw .badRequest(
                "`\(name)` holds U+\(String(scalar.value, radix: 16, uppercase: true)), a control or bidirectional formatting character.",
                field: name)
        }
        return text
    }

    /// One of an enumeration's raw values.
    func choice<Value: RawRepresentable & CaseIterable>(
        _ name: String, of type: Value.Type, required: Bool = false
    ) throws(APIProblem) -> Value? where Value.RawValue == String {
        guard let text = try string(name, required: required) else { return nil }
        guard let value = Value(rawValue: text) else {
            let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw .badRequest("`\(name)` must be one of \(allowed).", field: name)
        }
        return value
    }

    /// An array of objects, each read with its own allowed members.
    func objects(_ name: String, allowed: Set<String>, maximum: Int) throws(APIProblem) -> [RequestFields] {
        guard let value = members[name], case .array(let items) = value.kind else {
            throw .badRequest("`\(name)` must be an array.", field: name)
        }
        guard !items.isEmpty else { throw .badRequest("`\(name)` must not be empty.", field: name) }
        guard items.count <= maximum else {
            throw .badRequest("`\(name)` holds \(items.count) entries; the most is \(maximum).", field: name)
        }
        var result: [RequestFields] = []
        for (index, item) in items.enumerated() {
            guard let list = item.members else {
                throw .badRequest("`\(name)[\(index)]` must be an object.", field: "\(name)[\(index)]")
            }
            let members = try Self.members(list, allowed: allowed) { key in
                .badRequest(
                    "`\(name)[\(index)].\(key)` is not a member of a recipient.", field: "\(name)[\(index)].\(key)")
            }
            result.append(RequestFields(members: members))
        }
        return result
    }

    /// C0 and C1 controls, the bidirectional embedding, override, isolate and mark characters, and
    /// the private use characters of plane 16, which rendering reserves for its origin marks.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029,
            0x10_0000...0x10_FFFF:
            true
        default: false
        }
    }

    /// Whether a code point draws something: a letter, digit, punctuation mark or symbol, and not
    /// one of the letters and symbols that draw nothing (the Hangul fillers, the braille blank).
    /// Spaces, marks alone, format characters (a soft hyphen, a byte order mark, zero-width
    /// characters) and unassigned code points do not count.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x115F, 0x1160, 0x2800, 0x3164, 0xFFA0: return false
        default: break
        }
        guard !scalar.properties.isDefaultIgnorableCodePoint else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation,
            .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol,
            .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    /// A message as it may be echoed: controls and bidirectional formatting characters replaced,
    /// at most 200 characters.
    static func visible(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(200).map { isForbidden($0) ? "?" : $0 }))
    }

    /// A member name as it may be echoed: printable ASCII, at most 64 characters.
    static func printable(_ name: String) -> String {
        String(name.unicodeScalars.prefix(64).map { $0.isASCII && $0.value >= 0x20 && $0 != "`" ? Character($0) : "?" })
    }
}
