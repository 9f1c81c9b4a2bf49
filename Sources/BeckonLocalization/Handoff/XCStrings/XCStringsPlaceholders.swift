/// The comment line that says which String Catalog placeholder is which ICU argument, such as
/// "Placeholders: %1$@ is {inviter}, %2$@ is {app}.". Translators and app developers read it;
/// imports read it back, so `%N$@` keeps naming the argument it named when the file was exported
/// even if the source has reordered its arguments since.
enum XCStringsPlaceholders {
    private static let prefix = "Placeholders: "

    /// The line for a string's arguments, or `nil` when it has none.
    static func comment(names: [String], mode: XCStringsMapping.Mode) -> String? {
        guard !names.isEmpty else { return nil }
        let pairs =
            mode == .plural
            ? ["%lld is {\(names[0])}"]
            : names.enumerated().map { "%\($0.offset + 1)$@ is {\($0.element)}" }
        return prefix + pairs.joined(separator: ", ") + "."
    }

    /// The argument names a comment lists, in placeholder order, or `nil` when it has no such line.
    static func names(in comment: String) -> [String]? {
        guard
            let line = comment.split(whereSeparator: \.isNewline).first(where: { $0.hasPrefix(prefix) }),
            line.hasSuffix(".")
        else { return nil }
        var names: [String] = []
        for pair in line.dropFirst(prefix.count).dropLast().components(separatedBy: ", ") {
            guard let open = pair.firstIndex(of: "{"), pair.hasSuffix("}") else { return nil }
            let name = String(pair[pair.index(after: open)..<pair.index(before: pair.endIndex)])
            guard MessageParser.isArgumentName(name) else { return nil }
            names.append(name)
        }
        return names
    }
}
