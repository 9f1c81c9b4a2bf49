/// Parses JSON text (RFC 8259) into `JSONValue`s that remember their offsets.
///
/// Nesting is limited so hostile input cannot exhaust the stack; numbers are kept as written. A
/// member repeated in one object is a syntax error, reported at its second occurrence.
public struct JSONParser {
    /// A syntax error at a UTF-8 offset.
    public struct SyntaxError: Error, Hashable, Sendable {
        public var message: String
        public var offset: Int
        /// The member at fault, when the error is one given twice.
        public var member: String?

        public init(message: String, offset: Int, member: String? = nil) {
            self.message = message
            self.offset = offset
            self.member = member
        }
    }

    /// Deeper nesting than this is refused; a String Catalog needs six levels.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Parses a whole document: one value, surrounded only by whitespace.
    public static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(text)
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private func error(_ message: String, at offset: Int? = nil) -> SyntaxError {
        SyntaxError(message: message, offset: offset ?? index)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func value() throws(SyntaxError) -> JSONValue {
        let start = index
        switch current {
        case UInt8(ascii: "{"): return JSONValue(.object(try object()), offset: start)
        case UInt8(ascii: "["): return JSONValue(.array(try array()), offset: start)
        case UInt8(ascii: "\""): return JSONValue(.string(try string()), offset: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONValue(.bool(true), offset: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONValue(.bool(false), offset: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONValue(.null, offset: start)
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            return JSONValue(.number(try number()), offset: start)
        case nil: throw error("the JSON ends where a value was expected")
        default: throw error("expected a JSON value")
        }
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("the JSON is nested too deeply") }
    }

    private mutating func object() throws(SyntaxError) -> [JSONValue.Member] {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return members
        }
        var keys: Set<String> = []
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
            let keyOffset = index
            let key = try string()
            // Readers disagree on a repeated member (some keep the first, browsers the last), so
            // the file would say different things to different tools.
            guard keys.insert(key).inserted else {
                var repeated = error("the member `\(key)` appears twice in this object", at: keyOffset)
                repeated.member = key
                throw repeated
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected `:` after a key") }
            index += 1
            skipWhitespace()
            members.append(JSONValue.Member(key: key, keyOffset: keyOffset, value: try value()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return members
            default: throw error("expected `,` or `}` in an object")
            }
        }
    }

    private mutating func array() throws(SyntaxError) -> [JSONValue] {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return items
        }
        while true {
            skipWhitespace()
            items.append(try value())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return items
            default: throw error("expected `,` or `]` in an array")
            }
        }
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else { throw error("expected `\(word)`") }
        index += expected.count
    }

    private mutating func number() throws(SyntaxError) -> String {
        let start = index
        func digits() -> Int {
            let from = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - from
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("expected a digit")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected a digit after `.`") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(SyntaxError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = start + 1
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte = current else { throw error("a string is never closed", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(index)
                index += 1
                scalars.append(try escape())
                run = index
            case 0..<0x20:
                throw error("a control character must be escaped inside a string")
            default:
                index += 1
            }
        }
    }

    /// The escape after a backslash (`index` is just past it).
    private mutating func escape() throws(SyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw error("a string is never closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard bytes[index...].starts(with: Array("\\u".utf8)) else {
                    throw error("a lone surrogate `\\u\(String(high, radix: 16))` is not a character")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                else { throw error("an invalid surrogate pair") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw error("a lone surrogate `\\u\(String(high, radix: 16))` is not a character")
            }
            return scalar
        default:
            throw error("`\\\(Character(Unicode.Scalar(byte)))` is not a JSON escape", at: index - 2)
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error("`\\u` needs four hexadecimal digits") }
        index += 4
        return value
    }
}
