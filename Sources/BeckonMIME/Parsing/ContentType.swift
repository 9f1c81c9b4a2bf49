/// A `Content-Type` value: `type/subtype` and its parameters (RFC 2045 §5.1).
struct ContentType {
    /// `type/subtype`, lower-cased.
    let mediaType: String
    /// The parameters by lower-cased name, quoted-string values unquoted.
    let parameters: [String: String]

    private static let tspecials = Set("()<>@,;:\\\"/[]?=".utf8)

    /// Reads a value, or `nil` when it is malformed.
    init?(_ value: String) {
        var scanner = Scanner(Array(value.utf8))
        guard let type = scanner.token(), scanner.take(UInt8(ascii: "/")), let subtype = scanner.token() else {
            return nil
        }
        var parameters: [String: String] = [:]
        scanner.skipSpace()
        while scanner.take(UInt8(ascii: ";")) {
            scanner.skipSpace()
            guard let name = scanner.token(), scanner.take(UInt8(ascii: "=")),
                let parameter = scanner.quotedString() ?? scanner.token()
            else { return nil }
            parameters[name.lowercased()] = parameter
            scanner.skipSpace()
        }
        guard scanner.isAtEnd else { return nil }
        mediaType = "\(type)/\(subtype)".lowercased()
        self.parameters = parameters
    }

    private struct Scanner {
        private let bytes: [UInt8]
        private var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }

        /// An RFC 2045 token: printable ASCII other than space and `tspecials`.
        mutating func token() -> String? {
            let start = index
            while index < bytes.count, (0x21...0x7E).contains(bytes[index]), !tspecials.contains(bytes[index]) {
                index += 1
            }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        /// A quoted-string with its backslash escapes removed, or `nil` (consuming nothing) when none starts here.
        mutating func quotedString() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            var content: [UInt8] = []
            var cursor = index + 1
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\"") {
                if bytes[cursor] == UInt8(ascii: "\\") { cursor += 1 }
                guard cursor < bytes.count else { return nil }
                content.append(bytes[cursor])
                cursor += 1
            }
            guard cursor < bytes.count else { return nil }
            index = cursor + 1
            return String(decoding: content, as: UTF8.self)
        }
    }
}
