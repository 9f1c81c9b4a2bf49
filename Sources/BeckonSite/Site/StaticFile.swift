/// A file under `static/`, copied to the output unchanged at the same relative path.
public struct StaticFile: Sendable, Hashable {
    /// Path below `static/`, which is also the output path and URL path.
    public var path: String
    /// Path from the site root, for reading and diagnostics.
    public var sitePath: String
    public var size: Int
}
