/// Writes `JSONValue`s the way Xcode writes String Catalogs: two-space indentation, `"key" : value`,
/// members in the order given, and a final newline, so output is byte-for-byte deterministic.
public enum JSONWriter {
    /// The document text.
    public static func write(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        let inner = String(repeating: "  ", count: indent + 1)
        switch value.kind {
        case .string(let text): out += quoted(text)
        case .number(let text): out += text
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (position, item) in items.enumerated() {
                out += inner
                write(item, indent: indent + 1, into: &out)
                out += position == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{\n\n" + String(repeating: "  ", count: indent) + "}"
                return
            }
            out += "{\n"
            for (position, member) in members.enumerated() {
                out += inner + quoted(member.key) + " : "
                write(member.value, indent: indent + 1, into: &out)
                out += position == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// A JSON string literal; control characters are escaped, everything else is written as is.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
