import BeckonDiagnostics
import BeckonSite

/// The strings of one locale, read from `locales/LOCALE.yml`.
///
/// A bundle is a YAML mapping; nested mappings group keys (`landing: {headline: …}` is the key
/// `landing.headline`). A mapping with a `message` key is one string with metadata:
/// `{message: …, description: …, maxChars: 60, maxWords: 20, role: toast}`; a translation may
/// record the source it was made from as `sourceHash`, and a reviewer's decision as `review`
/// (`approved` or `needs-work`), `reviewHash` (the translation it was made on) and `reviewNote`. A list is a pool of strings (share
/// messages to choose from): its items are the keys `KEY.1`, `KEY.2`, …
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
        "message", "description", "maxChars", "maxWords", "sourceHash", "external", "allowSameAsSource", "role",
        "promise",
        "review", "reviewHash", "reviewNote",
    ]
    /// The most items a pool may have (seed 002 §15.9: 100 templates per recipient).
    public static let maximumPoolSize = 100

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
            if let items = value.items {
                collectPool(items, key: key, at: entry.keyLocation, into: &bundle, reader: reader)
                continue
            }
            add(key, value, keyLocation: entry.keyLocation, into: &bundle, reader: reader)
        }
    }

    /// A pool's items, as `KEY.1`, `KEY.2`, …
    private static func collectPool(
        _ items: [YAMLValue], key: String, at location: SourceLocation, into bundle: inout LocaleBundle,
        reader: YAMLReader
    ) {
        guard !items.isEmpty else {
            reader.report(
                .error(
                    "l10n.empty-pool", "`\(key)` is an empty list", at: location,
                    fix: "Add at least one string to the pool, or remove the key."))
            return
        }
        guard items.count <= maximumPoolSize else {
            reader.report(
                .error(
                    "l10n.pool-size", "`\(key)` holds \(items.count) strings (at most \(maximumPoolSize))",
                    at: location, fix: "Split the pool, or keep the \(maximumPoolSize) best strings."))
            return
        }
        for (index, item) in items.enumerated() {
            if item.items != nil {
                reader.report(
                    .error(
                        "l10n.type", "item \(index + 1) of `\(key)` is a list; a pool holds strings",
                        at: item.location, fix: "Write each pool item as one string."))
                continue
            }
            add("\(key).\(index + 1)", item, keyLocation: item.location, into: &bundle, reader: reader)
        }
    }

    /// A reviewer's decision: `review` with its optional `reviewHash` and `reviewNote`.
    private static func readReview(_ mapping: YAMLReader.Mapping, reader: YAMLReader) -> StringReview? {
        let hash = mapping.string("reviewHash")
        let note = mapping.string("reviewNote")
        guard let name = mapping.string("review") else {
            if hash != nil || note != nil {
                reader.invalid(
                    "`reviewHash` and `reviewNote` belong to a `review`",
                    at: mapping.location(of: hash == nil ? "reviewNote" : "reviewHash"),
                    fix: "Add `review: approved` or `review: needs-work`, or remove them.")
            }
            return nil
        }
        let known = StringReview.Decision.allCases.map(\.rawValue)
        guard let decision = StringReview.Decision(rawValue: name) else {
            reader.invalid(
                "`\(name)` is not a review decision\(DidYouMean.phrase(for: name, among: known))",
                at: mapping.location(of: "review"), fix: "Use: \(known.joined(separator: ", ")).")
            return nil
        }
        return StringReview(decision: decision, translationHash: hash, note: note.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// One string: a scalar, or a mapping with `message` and its metadata.
    private static func add(
        _ key: String, _ value: YAMLValue, keyLocation: SourceLocation, into bundle: inout LocaleBundle,
        reader: YAMLReader
    ) {
        var text: String?
        var location = value.location
        var description: String?
        var maxChars: Int?
        var maxWords: Int?
        var sourceHash: String?
        var role: StringRole?
        var promise: StringPromise?
        var review: StringReview?
        var flags = (external: false, sameAsSource: false)
        if value.entries != nil {
            guard let mapping = reader.mapping(value, named: key, keys: metadataKeys) else { return }
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
            if let name = mapping.string("role") {
                role = StringRole(rawValue: name)
                if role == nil {
                    let known = StringRole.allCases.map(\.rawValue)
                    reader.invalid(
                        "`\(name)` is not a string role\(DidYouMean.phrase(for: name, among: known))",
                        at: mapping.location(of: "role"), fix: "Use: \(known.joined(separator: ", ")).")
                }
            }
            if let name = mapping.string("promise") {
                promise = StringPromise(rawValue: name)
                if promise == nil {
                    let known = StringPromise.allCases.map(\.rawValue)
                    reader.invalid(
                        "`\(name)` is not something a string can promise\(DidYouMean.phrase(for: name, among: known))",
                        at: mapping.location(of: "promise"), fix: "Use: \(known.joined(separator: ", ")).")
                }
            }
            review = readReview(mapping, reader: reader)
        } else {
            text = reader.string(value, named: key)
        }
        guard let text else { return }
        if let scalar = text.unicodeScalars.first(where: { (0xE000...0xF8FF).contains($0.value) }) {
            reader.report(
                .error(
                    "l10n.private-use",
                    "`\(key)` contains the private-use character U+\(String(scalar.value, radix: 16, uppercase: true))",
                    at: location, fix: "Remove it; private-use characters render differently on every device."))
            return
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
            return
        }
        var entry = BundleEntry(
            key: MessageKey(key), text: text, message: message, location: location, description: description,
            maxChars: maxChars, maxWords: maxWords, sourceHash: sourceHash, keyLocation: keyLocation,
            isExternal: flags.external, allowsSameAsSource: flags.sameAsSource)
        entry.role = role
        entry.promise = promise
        entry.review = review
        bundle.entries[MessageKey(key)] = entry
        bundle.orderedKeys.append(MessageKey(key))
    }

    private static func isQuoted(_ value: YAMLValue) -> Bool {
        if case .scalar(_, let quoted) = value.kind { return quoted }
        return false
    }

    static func isKeySegment(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }
}
