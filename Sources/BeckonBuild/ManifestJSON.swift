import BeckonRender

/// `manifest.json` as the chunks it was made in, in order: a large site's manifest is megabytes,
/// written and compared chunk by chunk rather than joined into one more copy of itself. It is
/// written directly as bytes, the same bytes Foundation's `JSONEncoder` makes of the manifest
/// (pretty-printed, keys sorted, slashes unescaped; `ManifestJSONTests` compares the two), in a
/// fraction of its time and memory.
public struct ManifestJSON: Sendable {
    /// The JSON's bytes, in order.
    public let chunks: [[UInt8]]

    /// JSON read whole (a cache's stored copy).
    public init(_ bytes: [UInt8]) {
        chunks = [bytes]
    }

    init(chunks: [[UInt8]]) {
        self.chunks = chunks
    }

    /// The number of bytes.
    public var count: Int { chunks.reduce(0) { $0 + $1.count } }

    /// The JSON in one array.
    public var bytes: [UInt8] { chunks.count == 1 ? chunks[0] : Array(chunks.joined()) }

    /// Whether `bytes` are exactly this JSON.
    public func matches(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == count else { return false }
        var offset = 0
        for chunk in chunks {
            guard bytes[offset..<offset + chunk.count].elementsEqual(chunk) else { return false }
            offset += chunk.count
        }
        return true
    }
}

extension Manifest {
    /// The manifest as deterministic, pretty-printed JSON, ending with a newline.
    public var json: [UInt8] {
        Self.json(entries).bytes
    }

    /// `manifest.json` of a set of artifacts: the manifest of their entries in path order, each
    /// entry written from its artifact's fields while its chunk is written (no entry is made).
    public static func json(of artifacts: [Artifact]) -> ManifestJSON {
        let inOrder = zip(artifacts, artifacts.dropFirst()).allSatisfy { $0.path <= $1.path }
        let listed = inOrder ? artifacts : artifacts.sorted { $0.path < $1.path }
        return json(listed)
    }

    /// How many entries a chunk holds: a 10× site's 1,568 files are four chunks, two for each core.
    static let entriesPerChunk = 512

    /// The JSON of `entries`, made in chunks of `entriesPerChunk` on every core, kept in order.
    private static func json<Fields: ManifestEntryFields & Sendable>(_ entries: [Fields]) -> ManifestJSON {
        let count = entries.count
        // No entries: one empty chunk, which holds the document's start and end.
        let ranges =
            count == 0
            ? [0..<0]
            : stride(from: 0, to: count, by: entriesPerChunk).map { $0..<min($0 + entriesPerChunk, count) }
        let written = ranges.parallelMap { range in
            var out = JSONText()
            // Room for all of it (strings are seldom escaped), so a chunk is never grown by doubling.
            out.reserve(range.reduce(64) { $0 + entries[$1].jsonSizeEstimate })
            if range.lowerBound == 0 { out.raw("{\n  \"artifacts\" : [") }
            for index in range { entries[index].write(to: &out, first: index == 0) }
            if range.upperBound == count {
                out.raw(count == 0 ? "\n\n  ],\n  \"version\" : " : "\n  ],\n  \"version\" : ")
                out.number(version)
                out.raw("\n}\n")
            }
            return out.bytes
        }
        return ManifestJSON(chunks: written)
    }
}

/// The fields of a manifest entry, where they are kept: an entry, or an artifact, whose entry is
/// written from its own fields rather than made first (a large site's manifest has one per file).
protocol ManifestEntryFields {
    var path: String { get }
    var manifestKind: String { get }
    var manifestLocale: String? { get }
    var template: String? { get }
    var context: String? { get }
    var sample: String? { get }
    var status: Int { get }
    var contentType: String { get }
    var byteCount: Int { get }
    var sha256: String { get }
    var deepLink: String? { get }
    var alternateLink: String? { get }
    var note: String? { get }
    var variant: String? { get }
    var poolItem: Int? { get }
}

extension Manifest.Entry: ManifestEntryFields {
    var manifestKind: String { kind }
    var manifestLocale: String? { locale }
    var byteCount: Int { bytes }
}

extension Artifact: ManifestEntryFields {
    var manifestKind: String { kind.rawValue }
    var manifestLocale: String? { locale?.rawValue }
}

extension ManifestEntryFields {
    /// Writes the entry as an element of the `artifacts` array, after a comma unless `first`.
    fileprivate func write(to out: inout JSONText, first isFirst: Bool) {
        out.raw(isFirst ? "\n    {" : ",\n    {")
        var first = true
        func field(_ key: StaticString, _ write: (inout JSONText) -> Void) {
            out.raw(first ? "\n      \"" : ",\n      \"")
            first = false
            out.raw(key)
            out.raw("\" : ")
            write(&out)
        }
        // Keys in JSONEncoder's sorted order; `locale`, `template` and `context` are written as
        // `null` when absent, the others left out.
        if let alternateLink { field("alternateLink") { $0.string(alternateLink) } }
        field("bytes") { $0.number(byteCount) }
        field("contentType") { $0.string(contentType) }
        field("context") { $0.optional(context) }
        if let deepLink { field("deepLink") { $0.string(deepLink) } }
        field("kind") { $0.string(manifestKind) }
        field("locale") { $0.optional(manifestLocale) }
        if let note { field("note") { $0.string(note) } }
        field("path") { $0.string(path) }
        if let poolItem { field("poolItem") { $0.number(poolItem) } }
        if let sample { field("sample") { $0.string(sample) } }
        field("sha256") { $0.string(sha256) }
        field("status") { $0.number(status) }
        field("template") { $0.optional(template) }
        if let variant { field("variant") { $0.string(variant) } }
        out.raw("\n    }")
    }

    /// About how many bytes the entry takes in `manifest.json`: the keys, indentation and numbers
    /// of every field (256), its path and the rest of its strings at their usual lengths (a kind,
    /// a content type, a hex SHA-256, a locale, a template and a sample id: 192), and its share
    /// message's links and note, when it has them.
    fileprivate var jsonSizeEstimate: Int {
        var estimate = 448 + path.utf8.count
        if let deepLink { estimate += deepLink.utf8.count + 24 }
        if let alternateLink { estimate += alternateLink.utf8.count + 24 }
        if let note { estimate += note.utf8.count + 16 }
        return estimate
    }
}

/// JSON text as UTF-8 bytes, with strings escaped as `JSONEncoder` escapes them.
struct JSONText {
    private(set) var bytes: [UInt8] = []

    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ written: [UInt8]) {
        bytes.append(contentsOf: written)
    }

    mutating func number(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func optional(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    /// A string in quotes: `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`,
    /// everything else (slashes, non-ASCII letters) as it is.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings (paths, hashes, kinds) need no escape: copied whole.
        let plain = value.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain == true {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                raw("\\u00")
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
