/// A value in a layout's context. The kind of value decides how a layout may print it: text is
/// printed with `{{name}}` and escaped; only HTML fragments Beckon produced may be printed raw
/// with `{{{name}}}`.
public indirect enum TemplateValue: Sendable, Hashable {
    case text(String)
    case html(String)
    case flag(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])
    /// A value many contexts hold, made once (a locale's strings, its theme, a page's alternates
    /// in every locale): it reads as the value it holds.
    case shared(SharedTemplateValue)

    /// A shared value holding `value`: its layout shape is worked out now, once.
    public static func sharing(_ value: TemplateValue) -> TemplateValue {
        .shared(SharedTemplateValue(value))
    }

    /// The value itself: the value a shared one holds (through any depth of sharing), else this one.
    var unshared: TemplateValue {
        if case .shared(let shared) = self { return shared.value.unshared }
        return self
    }

    /// The value in the shape swift-mustache renders: strings, booleans, arrays, dictionaries.
    var mustacheValue: Any {
        switch self {
        case .text(let text), .html(let text): text
        case .flag(let flag): flag
        case .list(let items): items.map(\.mustacheValue)
        case .object(let fields): fields.mapValues(\.mustacheValue)
        case .shared(let shared): shared.value.mustacheValue
        }
    }

    /// The fields of an object value.
    var fields: [String: TemplateValue]? {
        if case .object(let fields) = unshared { return fields }
        return nil
    }

    /// Builds nested objects from dotted paths: `["a.b": x]` becomes `{a: {b: x}}`. A path that
    /// is both a value and a group keeps the group.
    public static func nested(_ flat: [String: TemplateValue]) -> TemplateValue {
        var root: [String: TemplateValue] = [:]
        for (path, value) in flat.sorted(by: { $0.key < $1.key }) {
            insert(value, at: segments(of: path)[...], into: &root)
        }
        return .object(root)
    }

    /// The dotted path's names, split once per process: every page nests the same layout keys.
    private static func segments(of path: String) -> [String] {
        pathSegments.value(for: path) { path.split(atASCII: UInt8(ascii: ".")).map(String.init) }
    }

    private static let pathSegments = TextMemo<[String]>(limit: 10_000)

    private static func insert(
        _ value: TemplateValue, at path: ArraySlice<String>, into object: inout [String: TemplateValue]
    ) {
        guard let head = path.first else { return }
        if path.count == 1 {
            if object[head]?.fields == nil { object[head] = value }
            return
        }
        // Taken out while it grows, so the dictionary is not copied on every insertion.
        var child = object.removeValue(forKey: head)?.fields ?? [:]
        insert(value, at: path.dropFirst(), into: &child)
        object[head] = .object(child)
    }
}
