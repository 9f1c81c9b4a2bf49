/// What a layout's rendering depends on in a context apart from its strings: every field name,
/// flag, list length, and whether each string is empty, ends a line or starts with a line feed, in
/// one byte signature; and
/// the strings themselves, in the order the signature meets them.
///
/// Mustache decides what to write from these alone (sections test flags and emptiness, lists
/// repeat, a partial's indentation follows a string that ends a line), so two contexts with the
/// same signature render to the same text around their strings (`CompiledLayout`).
struct LayoutShape {
    /// The shape as bytes: equal for contexts that render alike.
    private(set) var signature: [UInt8] = []
    /// The non-empty strings, in walking order.
    private(set) var strings: [String] = []
    /// For each string, the line break it ends with, which a compiled layout writes after its slot.
    private(set) var endings: [LineEnding] = []
    /// Whether a string starts with a line feed, which joins a carriage return before it into one
    /// character; the marker standing in its slot would keep them apart. Part of the signature, so
    /// a shape compiled without such a string is never filled with one.
    private(set) var startsWithLineFeed = false

    /// The line break a string ends with, as Mustache's indentation of partials sees it: a
    /// following tag is indented only after a string whose last character is `\n`, and `\r`
    /// joins a following `\n` into one character.
    enum LineEnding: UInt8 {
        case none = 0
        case lineFeed = 1
        case carriageReturn = 2
        case carriageReturnLineFeed = 3

        init(of text: String) {
            // Read from the last two bytes: a line feed or carriage return is one byte in UTF-8
            // and no other character's, and `\r\n` is always one character.
            let bytes = text.utf8
            switch bytes.last {
            case 0x0A:
                self = bytes.dropLast().last == 0x0D ? .carriageReturnLineFeed : .lineFeed
            case 0x0D: self = .carriageReturn
            default: self = .none
            }
        }

        var text: String {
            switch self {
            case .none: ""
            case .lineFeed: "\n"
            case .carriageReturn: "\r"
            case .carriageReturnLineFeed: "\r\n"
            }
        }
    }

    /// - Parameter reserving: The bytes of signature to make room for at first (a page's
    ///   context is a few thousand).
    init(of value: TemplateValue, reserving: Int = 4_096) {
        signature.reserveCapacity(reserving)
        walk(value)
    }

    private mutating func walk(_ value: TemplateValue) {
        switch value {
        case .text(let text), .html(let text):
            if text.isEmpty {
                signature.append(UInt8(ascii: "e"))
            } else {
                let ending = LineEnding(of: text)
                let leadingLineFeed = text.utf8.first == UInt8(ascii: "\n")
                signature.append(leadingLineFeed ? UInt8(ascii: "n") : UInt8(ascii: "s"))
                signature.append(ending.rawValue)
                strings.append(text)
                endings.append(ending)
                if leadingLineFeed { startsWithLineFeed = true }
            }
        case .flag(let flag):
            signature.append(flag ? UInt8(ascii: "T") : UInt8(ascii: "F"))
        case .list(let items):
            signature.append(UInt8(ascii: "["))
            appendCount(items.count)
            for item in items { walk(item) }
        case .object(let fields):
            signature.append(UInt8(ascii: "{"))
            appendCount(fields.count)
            for (key, field) in fields.sorted(by: { $0.key < $1.key }) {
                signature.append(utf8Of: key)
                signature.append(0)
                walk(field)
            }
        case .shared(let shared):
            // Walked when it was made: its shape is added as it is.
            let shape = shared.shape
            signature.append(contentsOf: shape.signature)
            strings.append(contentsOf: shape.strings)
            endings.append(contentsOf: shape.endings)
            if shape.startsWithLineFeed { startsWithLineFeed = true }
        }
    }

    private mutating func appendCount(_ count: Int) {
        var count = UInt(count)
        repeat {
            signature.append(UInt8(count & 0x7F) | (count > 0x7F ? 0x80 : 0))
            count >>= 7
        } while count > 0
    }

    /// Every dotted name that leads to a list or an object from some object of the context: the
    /// names that, printed, would write a debug form instead of a string.
    static func containerPaths(in value: TemplateValue) -> Set<String> {
        var paths: Set<String> = []
        func fromRoot(_ value: TemplateValue, prefix: String) {
            guard case .object(let fields) = value.unshared else { return }
            for (key, field) in fields {
                let path = prefix.isEmpty ? key : prefix + "." + key
                switch field.unshared {
                case .list, .object: paths.insert(path)
                default: break
                }
                fromRoot(field, prefix: path)
            }
        }
        func everyRoot(_ value: TemplateValue) {
            switch value.unshared {
            case .object(let fields):
                fromRoot(value, prefix: "")
                for field in fields.values { everyRoot(field) }
            case .list(let items):
                for item in items { everyRoot(item) }
            default: break
            }
        }
        everyRoot(value)
        return paths
    }

    /// The context with its strings replaced by slot markers, in the shape swift-mustache renders.
    /// - Parameter marker: The text standing for string `index` with its line ending.
    static func marked(_ value: TemplateValue, marker: (Int) -> String) -> Any {
        var index = 0
        func walk(_ value: TemplateValue) -> Any {
            switch value {
            case .text(let text), .html(let text):
                guard !text.isEmpty else { return text }
                defer { index += 1 }
                return marker(index)
            case .flag(let flag): return flag
            case .list(let items): return items.map(walk)
            case .object(let fields):
                // Walked in the signature's order, so marker numbers match `strings`.
                var result: [String: Any] = [:]
                for (key, field) in fields.sorted(by: { $0.key < $1.key }) { result[key] = walk(field) }
                return result
            case .shared(let shared): return walk(shared.value)
            }
        }
        return walk(value)
    }
}
