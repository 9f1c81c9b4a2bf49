extension Diagnostic {
    /// The diagnostic as a command that goes on after it prints it: its rule id and message, and
    /// its fix on a line of its own (`warning[cache.unreadable]: …`).
    public var warningLine: String {
        "warning[\(rule)]: \(message)" + (fix.map { "\n  fix: \($0)" } ?? "")
    }
}
