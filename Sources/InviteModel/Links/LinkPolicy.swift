/// What a site's invite links look like: the host, the form, the path shape and the id of the
/// key that signs them (the key itself only ever comes from the environment).
public struct LinkPolicy: Sendable, Hashable {
    /// Whether the code sits in the path or the link carries seed 001 §4.1's query parameters.
    public enum Form: String, Sendable, Hashable, CaseIterable {
        /// `https://HOST/invite/CODE?exp=…&kid=…&sig=…`.
        case path
        /// `https://HOST/invite?cid=…&code=…&ctx=…&exp=…&kid=…&ref=…&sig=…` (`cid` when the invite
        /// has content, `code` when the link is one invite's own).
        case query
    }

    /// The host invite links point at.
    public var host: String
    public var form: Form
    /// `/invite/{code}` for the path form, `/invite` for the query form.
    public var path: String
    /// The id of the signing key.
    public var keyID: String

    public init(host: String, form: Form = .path, path: String? = nil, keyID: String = "default") {
        self.host = host.lowercased()
        self.form = form
        self.path = path ?? (form == .path ? "/invite/{code}" : "/invite")
        self.keyID = keyID
    }

    /// The part of `path` before `{code}` (all of it when there is none): the path of every
    /// invite link starts with it.
    public var pathPrefix: Substring {
        path[..<(Self.marker(in: path[...]) ?? path.endIndex)]
    }

    /// What a path-form link's path holds around its code: the parts of `path` before and after
    /// its one `{code}`; `nil` when it has none, or several.
    public var codeAffixes: (prefix: Substring, suffix: Substring)? {
        guard let start = Self.marker(in: path[...]) else { return nil }
        let suffix = path[path.utf8.index(start, offsetBy: Self.codeMarker.count)...]
        guard Self.marker(in: suffix) == nil else { return nil }
        return (path[..<start], suffix)
    }

    private static let codeMarker = Array("{code}".utf8)

    /// Where `{code}` starts in `text`: a byte search, since the checks ask for every link to the
    /// invite host and the server for every link it answers.
    private static func marker(in text: Substring) -> String.Index? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        // Compared only where a brace is.
        while let brace = utf8[index...].firstIndex(of: UInt8(ascii: "{")) {
            if utf8[brace...].starts(with: codeMarker) { return brace }
            index = utf8.index(after: brace)
        }
        return nil
    }

    /// The unsigned link of a code in the path form (`https://HOST/invite/CODE`).
    public func url(code: String) -> String {
        "https://\(host)" + path.components(separatedBy: "{code}").joined(separator: code)
    }
}
