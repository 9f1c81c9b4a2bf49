/// The URL Standard's special schemes and their default ports.
enum SpecialScheme {
    /// Whether `scheme` (lower-cased) is special: `ftp`, `file`, `http`, `https`, `ws` or `wss`.
    static func isSpecial(_ scheme: String) -> Bool {
        switch scheme {
        case "ftp", "file", "http", "https", "ws", "wss": true
        default: false
        }
    }

    /// The default port of `scheme`, or `nil` when it has none (`file` and every scheme that is not special).
    static func defaultPort(of scheme: String) -> Int? {
        switch scheme {
        case "ftp": 21
        case "http", "ws": 80
        case "https", "wss": 443
        default: nil
        }
    }
}
