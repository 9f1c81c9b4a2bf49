import Mustache

/// How layouts escape `{{name}}` values: as swift-mustache's HTML content type does (`&`, `<`, `>`,
/// `"` and `'`), with `HTMLEscaping.attribute`, which reads UTF-8 bytes instead of looking up each
/// character in a dictionary (that lookup was a tenth of a pages-only build).
///
/// Each layout is parsed with the `CONTENT_TYPE` pragma naming it on a line of its own before the
/// layout's first line (layouts may not hold pragmas themselves: `layout.unsupported-tag`). A NUL
/// becomes U+FFFD, as everywhere Beckon escapes.
struct LayoutEscaping: MustacheContentType {
    static let name = "BECKON_HTML"
    /// The line put before each layout's text; a standalone tag, so it writes nothing.
    static let pragma = "{{% CONTENT_TYPE: \(name)}}\n"

    private static let registered: Void = MustacheContentTypes.register(LayoutEscaping(), named: name)

    /// Registers the content type with swift-mustache (once) and returns the layout text to parse.
    static func prepared(_ text: String) -> String {
        registered
        return pragma + text
    }

    func escapeText(_ text: String) -> String {
        HTMLEscaping.attribute(text)
    }
}
