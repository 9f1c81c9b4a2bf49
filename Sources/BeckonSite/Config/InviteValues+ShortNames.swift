extension InviteValues {
    /// Shorter forms of a sender's name, for a card title or a page that does not fit it: its
    /// first word, then that word cut at a character (grapheme) boundary with an ellipsis, 12 and
    /// then 6 characters long. None for a name of one short word.
    public static func shortNames(_ name: String) -> [String] {
        let words = name.split(whereSeparator: \.isWhitespace)
        guard let first = words.first else { return [] }
        var names: [String] = words.count > 1 ? [String(first)] : []
        for length in [12, 6] where first.count > length + 1 {
            names.append(first.prefix(length) + "…")
        }
        return names
    }
}
