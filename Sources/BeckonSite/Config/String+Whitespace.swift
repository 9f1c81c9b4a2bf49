extension String {
    /// The string without the whitespace characters (`Character.isWhitespace`, newlines too) at
    /// either end.
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
