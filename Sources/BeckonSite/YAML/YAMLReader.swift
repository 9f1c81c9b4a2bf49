import BeckonDiagnostics

/// Reads typed values out of `YAMLValue`s and records a located diagnostic for every problem:
/// unknown keys (with a suggestion), missing keys, and values of the wrong type or shape.
///
/// A reader keeps going after a problem so one run reports every mistake in a file.
public final class YAMLReader {
    public private(set) var diagnostics: [Diagnostic] = []
    /// The rule family of this reader's diagnostics: `config` for beckon.yml, `template` for front matter.
    let family: String

    public init(family: String) {
        self.family = family
    }

    /// Records a diagnostic found by a caller.
    public func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// Records an invalid value under `FAMILY.invalid-value` (or a more specific rule).
    public func invalid(
        _ message: String, at location: SourceLocation, fix: String, rule: String = "invalid-value"
    ) {
        report(.error(RuleID("\(family).\(rule)"), message, at: location, fix: fix))
    }

    /// Opens a mapping and reports keys not in `keys`.
    /// - Parameters:
    ///   - value: The node, which must be a mapping.
    ///   - name: How the mapping is named in messages (`app`, `theme.light`).
    ///   - keys: The keys this mapping may hold.
    ///   - reference: Where the mapping's key was written, for reporting missing keys.
    public func mapping(
        _ value: YAMLValue, named name: String, keys: [String], reference: SourceLocation? = nil
    ) -> Mapping? {
        let location = reference ?? value.location
        guard let entries = value.entries else {
            if value.isNull { return Mapping(reader: self, name: name, location: location, entries: []) }
            report(
                .error(
                    RuleID("\(family).type"),
                    "`\(name)` must be a mapping of keys to values, not \(value.kindDescription)",
                    at: value.location, fix: "Write `\(name)` as indented `key: value` lines."))
            return nil
        }
        for entry in entries where !keys.contains(entry.key) {
            report(
                .error(
                    RuleID("\(family).unknown-key"),
                    "unknown key `\(entry.key)`\(name.isEmpty ? "" : " in `\(name)`")\(DidYouMean.phrase(for: entry.key, among: keys))",
                    at: entry.keyLocation,
                    fix: "Use one of: \(keys.joined(separator: ", "))."))
        }
        return Mapping(
            reader: self, name: name, location: location, entries: entries.filter { keys.contains($0.key) })
    }

    /// A mapping being read; lookups of absent required keys report `FAMILY.missing-key`.
    public struct Mapping {
        let reader: YAMLReader
        public let name: String
        public let location: SourceLocation
        public let entries: [YAMLValue.Entry]
        /// Where a missing key is to be written, when `to `name`` would not say it
        /// (`at the top level, beside `invite``).
        public var placement: String?

        /// The value under a key, or `nil` (reported when `required`).
        public func value(_ key: String, required: Bool = false) -> YAMLValue? {
            if let entry = entries.first(where: { $0.key == key }), !entry.value.isNull { return entry.value }
            if required {
                let fix =
                    if let placement { "Add `\(key):` \(placement)." } else if name.isEmpty { "Add `\(key):`." } else {
                        "Add `\(key):` to `\(name)`."
                    }
                reader.report(
                    .error(
                        RuleID("\(reader.family).missing-key"),
                        name.isEmpty
                            ? "the required key `\(key)` is missing" : "`\(name)` is missing the required key `\(key)`",
                        at: location, fix: fix))
            }
            return nil
        }

        /// The dotted name of a key in this mapping, for messages (`app.name`; `app` at the top).
        public func path(_ key: String) -> String {
            name.isEmpty ? key : "\(name).\(key)"
        }

        /// Where a key was written, or the mapping's own location.
        public func location(of key: String) -> SourceLocation {
            entries.first { $0.key == key }?.keyLocation ?? location
        }

        /// A text value.
        public func string(_ key: String, required: Bool = false) -> String? {
            guard let value = value(key, required: required) else { return nil }
            return reader.string(value, named: path(key))
        }

        /// An integer value within a range.
        public func int(_ key: String, in range: ClosedRange<Int>, required: Bool = false) -> Int? {
            guard let value = value(key, required: required) else { return nil }
            return reader.int(value, named: path(key), in: range)
        }

        /// A `true`/`false` value.
        public func bool(_ key: String) -> Bool? {
            guard let value = value(key), let text = reader.string(value, named: path(key)) else { return nil }
            switch text {
            case "true", "yes": return true
            case "false", "no": return false
            default:
                reader.invalid(
                    "`\(path(key))` must be true or false, not `\(text)`", at: value.location,
                    fix: "Write `true` or `false`.")
                return nil
            }
        }

        /// A list of names under `key`, each one of `Choice`'s cases, kept once each in the order
        /// written (`pages: [landing, gone]`); an unknown name is reported with the closest known
        /// one, as not being `what` ("a page kind"), and left out. `nil` when the key is absent.
        public func choices<Choice: RawRepresentable & CaseIterable & Equatable>(
            _ key: String, of _: Choice.Type, what: String
        ) -> [Choice]? where Choice.RawValue == String {
            guard let names = strings(key) else { return nil }
            let known = Choice.allCases.map(\.rawValue)
            var chosen: [Choice] = []
            for name in names {
                guard let choice = Choice(rawValue: name) else {
                    reader.invalid(
                        "`\(name)` is not \(what)\(DidYouMean.phrase(for: name, among: known))",
                        at: location(of: key), fix: "Use: \(known.joined(separator: ", ")).")
                    continue
                }
                if !chosen.contains(choice) { chosen.append(choice) }
            }
            return chosen
        }

        /// A list of text values.
        public func strings(_ key: String, required: Bool = false) -> [String]? {
            guard let value = value(key, required: required) else { return nil }
            return reader.strings(value, named: path(key))
        }

        /// A nested mapping with its own allowed keys.
        public func mapping(_ key: String, keys: [String], required: Bool = false) -> Mapping? {
            guard let value = value(key, required: required) else { return nil }
            return reader.mapping(value, named: path(key), keys: keys, reference: location(of: key))
        }
    }

    /// A scalar's text; reports mappings and lists.
    public func string(_ value: YAMLValue, named name: String) -> String? {
        guard let text = value.scalar else {
            report(
                .error(
                    RuleID("\(family).type"), "`\(name)` must be a single value, not \(value.kindDescription)",
                    at: value.location, fix: "Write `\(name)` as one value on its line."))
            return nil
        }
        return text
    }

    /// An integer scalar within a range.
    public func int(_ value: YAMLValue, named name: String, in range: ClosedRange<Int>) -> Int? {
        guard let text = string(value, named: name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            report(
                .error(
                    RuleID("\(family).invalid-value"),
                    "`\(name)` must be a whole number from \(range.lowerBound) to \(range.upperBound), not `\(text)`",
                    at: value.location, fix: "Write a number such as `\(range.lowerBound)`."))
            return nil
        }
        return number
    }

    /// A list of scalars; a single scalar is read as a one-item list.
    public func strings(_ value: YAMLValue, named name: String) -> [String]? {
        if let text = value.scalar { return [text] }
        guard let items = value.items else {
            report(
                .error(
                    RuleID("\(family).type"), "`\(name)` must be a list, not \(value.kindDescription)",
                    at: value.location, fix: "Write `\(name)` as `[a, b]` or as `- item` lines."))
            return nil
        }
        return items.compactMap { string($0, named: "\(name) item") }
    }
}
