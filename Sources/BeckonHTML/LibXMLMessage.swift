extension String {
    /// A message of libxml2 without the whitespace around it (its final newline), trimmed scalar by
    /// scalar as Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` trims (the same set,
    /// Unicode's White_Space), without copying the text through `NSString`.
    var trimmingMessageWhitespace: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(Substring(scalars))
    }
}
