/// A JSON value with the UTF-8 offset it starts at, so an imported String Catalog can be reported
/// line by line. Objects keep their members in document order.
public struct JSONValue: Hashable, Sendable {
    /// One `"key": value` pair of an object.
    public struct Member: Hashable, Sendable {
        public var key: String
        /// Where the key's opening quote is.
        public var keyOffset: Int
        public var value: JSONValue

        public init(key: String, keyOffset: Int, value: JSONValue) {
            self.key = key
            self.keyOffset = keyOffset
            self.value = value
        }
    }

    public indirect enum Kind: Hashable, Sendable {
        case string(String)
        /// A number, as written.
        case number(String)
        case bool(Bool)
        case null
        case array([JSONValue])
        case object([Member])
    }

    public var kind: Kind
    /// UTF-8 offset of the value's first byte in the parsed text (0 for built values).
    public var offset: Int

    public init(_ kind: Kind, offset: Int = 0) {
        self.kind = kind
        self.offset = offset
    }

    /// An object built from members in the order given.
    public static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        JSONValue(.object(members.map { Member(key: $0.0, keyOffset: 0, value: $0.1) }))
    }

    /// A string value.
    public static func string(_ text: String) -> JSONValue { JSONValue(.string(text)) }

    /// The members of an object, or `nil`.
    public var members: [Member]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The text of a string, or `nil`.
    public var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The first member of an object with a key.
    public subscript(key: String) -> JSONValue? {
        members?.first { $0.key == key }?.value
    }

    /// A word for the kind of value, for messages.
    public var kindDescription: String {
        switch kind {
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
