import BeckonDiagnostics
import BeckonSite

/// The strings of one locale, read from `locales/LOCALE.yml`.
///
/// A bundle is a YAML mapping; nested mappings group keys (`landing: {headline: …}` is the key
/// `landing.headline`). A mapping with a `message` key is one string with metadata:
/// `{message: …, description: …, maxChars: 60, maxWords: 20}`; a translation may record the
/// source it was made from as `sourceHash`.
public struct LocaleBundle: Sendable {
    public var locale: LocaleID
    public var path: String
    public var entries: [MessageKey: BundleEntry]
    /// The keys in the order the file lists them.
    public var orderedKeys: [MessageKey]
    /// The file as read.
    public var source: SourceText

    /// The metadata keys a string may carry next to `message`.
    public static let metadataKeys = [
        "message", "description", "maxChars", "maxWords", "sourceHash", "external", "allowSameAsSource",
    ]

    /// Parses a bundle, reporting YAML, key and message syntax problems.
    public static func parse(_ source: SourceText, locale: LocaleID) -> (LocaleBundle, [Diagnostic]) {
        var bundle = LocaleBundle(locale: locale, path: source.path, entries: [:], orderedKeys: [], source: source)
        let (root, yamlDiagnostics) = YAMLParser.parse(source)
        guard let root else { return (bundle, yamlDiagnostics) }
        let reader = YAMLReader(family: "l10n")
        guard root.entries != nil || root.isNull else {
            reader.report(
                .error(
                    "l10n.bundle-shape", "a locale bundle must be a mapping of keys to strings", at: root.location,
                    fix: "Write one `key: text` line per string, grouped under headings such as `landing:`."))
            return (bundle, reader.diagnostics)
        }
        collect(root, prefix: "", into: &bundle, reader: reader)
        return (bundle, yamlDiagnostics + reader.diagnostics)
    }

    private static func collect(_ node: YAMLValue, prefix: String, into bundle: inout LocaleBundle, reader: YAMLReader)
    {
        for entry in node.entries ?? [] {
            guard isKeySegment(entry.key) else {
                reader.report(
                    .error(
                        "l10n.invalid-key", "`\(entry.key)` is not a valid key segment", at: entry.keyLocation,
                        fix: "Use letters, digits, `_` and `-`; nest mappings instead of writing dots."))
                continue
            }
            let key = prefix.isEmpty ? entry.key : "\(prefix).\(entry.key)"
            let value = entry.value
            if let entries = value.entries, !entries.contains(where: { $0.key == "message" }) {
                collect(value, prefix: key, into: &bundle, reader: reader)
                continue
            }
            var text: String?
            var location = value.location
            var description: String?
            var maxChars: Int?
            var maxWords: Int?
            var sourceHash: String?
            var flags = (external: false, sameAsSource: false)
            if value.entries != nil {
                guard let mapping = reader.mapping(value, named: key, keys: metadataKeys) else { continue }
                if let messageValue = mapping.value("message", required: true) {
                    text = reader.string(messageValue, named: "\(key).message")
                    location = messageValue.location
                }
                description = mapping.string("description")
                maxChars = mapping.int("maxChars", in: 1...10_000)
                maxWords = mapping.int("maxWords", in: 1...10_000)
                sourceHash = mapping.string("sourceHash")
                flags.external = mapping.bool("external") ?? false
                flags.sameAsSource = mapping.bool("allowSameAsSource") ?? false
            } else {
                text = reader.string(value, named: key)
            }
            guard let text else { continue }
            if let scalar = text.unicodeScalars.first(where: { (0xE000...0xF8FF).contains($0.value) }) {
                reader.report(
                    .error(
                        "l10n.private-use",
                        "`\(key)` contains the private-use character U+\(String(scalar.value, radix: 16, uppercase: true))",
                        at: location, fix: "Remove it; private-use characters render differently on every device."))
                continue
            }
            let message: Message
            do {
                message = try MessageParser.parse(text)
            } catch {
                var column = location.column
                if !text.contains("\n") { column += error.offset + (isQuoted(value) ? 1 : 0) }
                reader.report(
                    .error(
                        "l10n.icu-syntax", "`\(key)`: \(error.message)",
                        at: SourceLocation(file: location.file, line: location.line, column: column), fix: error.fix))
                continue
            }
            bundle.entries[MessageKey(key)] = BundleEntry(
                key: MessageKey(key), text: text, message: message, location: location, description: description,
                maxChars: maxChars, maxWords: maxWords, sourceHash: sourceHash, keyLocation: entry.keyLocation,
                isExternal: flags.external, allowsSameAsSource: flags.sameAsSource)
            bundle.orderedKeys.append(MessageKey(key))
        }
    }

    private static func isQuoted(_ value: YAMLValue) -> Bool {
        if case .scalar(_, let quoted) = value.kind { return quoted }
        return false
    }

    static func isKeySegment(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }
}
