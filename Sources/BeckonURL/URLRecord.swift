/// The URL Standard's URL record while the parser builds it, with components as ASCII bytes.
struct URLRecord {
    /// The scheme, lower-cased.
    var scheme = "" {
        didSet { isSpecial = SpecialScheme.isSpecial(scheme) }
    }
    /// Whether `scheme` is special, kept up to date because the parser asks for every byte.
    private(set) var isSpecial = false
    /// The percent-encoded username.
    var username: [UInt8] = []
    /// The percent-encoded password.
    var password: [UInt8] = []
    /// The host, or `nil`.
    var host: URLHost?
    /// The port, or `nil` when absent or the default.
    var port: Int?
    /// The path's segments, percent-encoded; unused when `opaquePath` is set.
    var pathSegments: [[UInt8]] = []
    /// The opaque path, or `nil` when the path is a list of segments.
    var opaquePath: [UInt8]?
    /// The percent-encoded query, or `nil`.
    var query: [UInt8]?
    /// The percent-encoded fragment, or `nil`.
    var fragment: [UInt8]?

    /// A URL record with nothing set.
    init() {}

    /// The record of a URL the parser produced, for use as a base URL.
    init(_ url: ParsedURL) {
        scheme = url.scheme
        username = Array(url.username.utf8)
        password = Array(url.password.utf8)
        host = url.host
        port = url.port
        if url.hasOpaquePath {
            opaquePath = Array(url.path.utf8)
        } else {
            pathSegments = url.path.utf8.dropFirst().split(separator: .slash, omittingEmptySubsequences: false)
                .map(Array.init)
            if url.path.isEmpty { pathSegments = [] }
        }
        query = url.query.map { Array($0.utf8) }
        fragment = url.fragment.map { Array($0.utf8) }
    }

    /// Removes the last path segment, keeping a lone Windows drive letter of a `file` URL.
    mutating func shortenPath() {
        if scheme == "file", pathSegments.count == 1, Self.isNormalizedWindowsDriveLetter(pathSegments[0]) {
            return
        }
        _ = pathSegments.popLast()
    }

    /// Whether `segment` is an ASCII letter followed by `:` or `|`.
    static func isWindowsDriveLetter(_ segment: [UInt8]) -> Bool {
        segment.count == 2 && segment[0].isASCIIAlpha && (segment[1] == .colon || segment[1] == .verticalBar)
    }

    /// Whether `segment` is an ASCII letter followed by `:`.
    static func isNormalizedWindowsDriveLetter(_ segment: [UInt8]) -> Bool {
        segment.count == 2 && segment[0].isASCIIAlpha && segment[1] == .colon
    }

    /// The URL path serializer: the opaque path, or `/` before each segment.
    var serializedPath: String {
        if let opaquePath {
            return String(decoding: opaquePath, as: UTF8.self)
        }
        var output: [UInt8] = []
        for segment in pathSegments {
            output.append(.slash)
            output.append(contentsOf: segment)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The URL serializer.
    var href: String {
        var output = scheme + ":"
        if let host {
            output += "//"
            if !username.isEmpty || !password.isEmpty {
                output += String(decoding: username, as: UTF8.self)
                if !password.isEmpty {
                    output += ":" + String(decoding: password, as: UTF8.self)
                }
                output += "@"
            }
            output += host.serialized
            if let port {
                output += ":" + String(port)
            }
        } else if opaquePath == nil, pathSegments.count > 1, pathSegments[0].isEmpty {
            output += "/."
        }
        output += serializedPath
        if let query {
            output += "?" + String(decoding: query, as: UTF8.self)
        }
        if let fragment {
            output += "#" + String(decoding: fragment, as: UTF8.self)
        }
        return output
    }

    /// The public form of the record.
    func parsedURL() -> ParsedURL {
        ParsedURL(
            scheme: scheme,
            username: String(decoding: username, as: UTF8.self),
            password: String(decoding: password, as: UTF8.self),
            host: host,
            port: port,
            path: serializedPath,
            query: query.map { String(decoding: $0, as: UTF8.self) },
            fragment: fragment.map { String(decoding: $0, as: UTF8.self) },
            isSpecial: isSpecial,
            href: href,
            pathSegments: opaquePath == nil
                ? pathSegments.map { String(decoding: $0.percentDecoded(), as: UTF8.self) } : []
        )
    }
}
