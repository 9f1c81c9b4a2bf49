import BeckonJSON

/// An app event's properties: a flat map of short names to strings, numbers and booleans, within
/// documented bounds, kept as the JSON object they came in.
public struct EventProperties: Sendable, Hashable {
    /// One property's value.
    public enum Value: Sendable, Hashable {
        case string(String)
        case number(Double)
        case bool(Bool)
    }

    /// The most properties an event may carry.
    public static let maximumCount = 16
    /// The longest name, in bytes: a lower-case ASCII letter, then letters, digits and `_`.
    public static let maximumNameBytes = 40
    /// The longest string value, in bytes.
    public static let maximumStringBytes = 100

    /// The properties by name.
    public var values: [String: Value]

    public init(_ values: [String: Value]) {
        self.values = values
    }

    /// Whether `name` is one a property may have.
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
            bytes.count <= maximumNameBytes
        else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
    }

    /// The properties as a JSON object on one line, names sorted: what a store keeps.
    public var json: String {
        let members = values.keys.sorted().map { name in
            "\(JSONWriter.quoted(name)):\(Self.json(values[name]!))"
        }
        return "{\(members.joined(separator: ","))}"
    }

    /// The properties a store kept as `json` wrote them, or `nil` when the text is not such an object.
    public init?(json text: String) {
        guard let members = (try? JSONParser.parse(text))?.members else { return nil }
        var values: [String: Value] = [:]
        for member in members {
            switch member.value.kind {
            case .string(let text): values[member.key] = .string(text)
            case .bool(let flag): values[member.key] = .bool(flag)
            case .number(let text):
                guard let number = Double(text) else { return nil }
                values[member.key] = .number(number)
            default: return nil
            }
        }
        self.init(values)
    }

    private static func json(_ value: Value) -> String {
        switch value {
        case .string(let text): JSONWriter.quoted(text)
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
        }
    }
}
