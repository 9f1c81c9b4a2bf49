/// The states of the URL Standard's basic URL parser.
enum ParserState {
    /// Scheme start state.
    case schemeStart
    /// Scheme state.
    case scheme
    /// No scheme state.
    case noScheme
    /// Special relative or authority state.
    case specialRelativeOrAuthority
    /// Path or authority state.
    case pathOrAuthority
    /// Relative state.
    case relative
    /// Relative slash state.
    case relativeSlash
    /// Special authority slashes state.
    case specialAuthoritySlashes
    /// Special authority ignore slashes state.
    case specialAuthorityIgnoreSlashes
    /// Authority state.
    case authority
    /// Host state.
    case host
    /// Port state.
    case port
    /// File state.
    case file
    /// File slash state.
    case fileSlash
    /// File host state.
    case fileHost
    /// Path start state.
    case pathStart
    /// Path state.
    case path
    /// Opaque path state.
    case opaquePath
    /// Query state.
    case query
    /// Fragment state.
    case fragment
}
