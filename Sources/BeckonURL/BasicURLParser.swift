/// The URL Standard's basic URL parser: a state machine over the preprocessed input's UTF-8 bytes.
///
/// Working on bytes instead of code points gives the same result: every decision is made on ASCII, and
/// percent-encoding a code point is percent-encoding each of its UTF-8 bytes. Each state lives in one of
/// the `BasicURLParser+…` files, named after the part of the URL it reads.
struct BasicURLParser {
    /// The input without surrounding C0 controls and spaces, and without tabs and newlines.
    let input: [UInt8]
    /// The base URL, or `nil`.
    let base: URLRecord?
    /// The URL being built.
    var url = URLRecord()
    /// The current state.
    var state = ParserState.schemeStart
    /// The bytes collected for the component being read.
    var buffer: [UInt8] = []
    /// Whether an `@` has been seen in the authority.
    var atSignSeen = false
    /// Whether the host state is inside `[` … `]`.
    var insideBrackets = false
    /// Whether the `:` between username and password has been seen.
    var passwordTokenSeen = false
    /// The index of the byte being read; `input.count` is the end of input and -1 points nowhere.
    var pointer = 0

    /// A parser for `input` against `base`.
    init(input: [UInt8], base: URLRecord?) {
        self.input = input
        self.base = base
    }

    /// Runs the state machine to the end of the input.
    mutating func run() throws(URLParseFailure) -> URLRecord {
        while true {
            try step(pointer < input.count ? input[pointer] : nil)
            if pointer >= input.count {
                return url
            }
            pointer += 1
        }
    }

    /// Runs the current state on `c`, the byte at `pointer` or `nil` at the end of input.
    private mutating func step(_ c: UInt8?) throws(URLParseFailure) {
        switch state {
        case .schemeStart: schemeStartState(c)
        case .scheme: schemeState(c)
        case .noScheme: try noSchemeState(c)
        case .specialRelativeOrAuthority: specialRelativeOrAuthorityState(c)
        case .pathOrAuthority: pathOrAuthorityState(c)
        case .relative: relativeState(c)
        case .relativeSlash: relativeSlashState(c)
        case .specialAuthoritySlashes: specialAuthoritySlashesState(c)
        case .specialAuthorityIgnoreSlashes: specialAuthorityIgnoreSlashesState(c)
        case .authority: try authorityState(c)
        case .host: try hostState(c)
        case .port: try portState(c)
        case .file: fileState(c)
        case .fileSlash: fileSlashState(c)
        case .fileHost: try fileHostState(c)
        case .pathStart: pathStartState(c)
        case .path: pathState(c)
        case .opaquePath: opaquePathState(c)
        case .query: queryState(c)
        case .fragment: fragmentState(c)
        }
    }

    /// Whether the byte after `pointer` is `byte`.
    func remainingStarts(with byte: UInt8) -> Bool {
        pointer + 1 < input.count && input[pointer + 1] == byte
    }

    /// Whether the input from `pointer` on starts with a Windows drive letter (`C:` or `C|`) followed by
    /// the end, `/`, `\`, `?` or `#`.
    func inputStartsWithWindowsDriveLetter() -> Bool {
        guard pointer >= 0, input.count - pointer >= 2, input[pointer].isASCIIAlpha,
            input[pointer + 1] == .colon || input[pointer + 1] == .verticalBar
        else { return false }
        guard input.count - pointer > 2 else { return true }
        switch input[pointer + 2] {
        case .slash, .backslash, .questionMark, .numberSign: return true
        default: return false
        }
    }

    /// Whether `c` ends an authority, host or port: the end of input, `/`, `?`, `#`, or `\` in a special URL.
    func endsAuthority(_ c: UInt8?) -> Bool {
        c == nil || c == .slash || c == .questionMark || c == .numberSign || (url.isSpecial && c == .backslash)
    }
}
