import BeckonRender

/// `manifest.json` written directly as bytes: the same bytes Foundation's `JSONEncoder` makes of
/// the manifest (pretty-printed, keys sorted, slashes unescaped; `ManifestTests` compares the two)
/// in a fraction of its time and memory — a large site's manifest lists tens of thousands of files.
extension Manifest {
    /// The manifest as deterministic, pretty-printed JSON, ending with a newline. The entries
    /// are written in chunks on every core and joined in order.
    public var json: [UInt8] {
        let chunkSize = 2_048
        let chunks = stride(from: 0, to: entries.count, by: chunkSize).map {
            entries[$0..<min($0 + chunkSize, entries.count)]
        }
        let written = chunks.parallelMap { chunk in
            var out = JSONText()
            // Room for all of it (strings are seldom escaped), so a chunk is never grown by doubling.
            out.reserve(chunk.reduce(0) { $0 + $1.jsonSizeEstimate })
            for (index, entry) in zip(chunk.indices, chunk) { entry.write(to: &out, first: index == 0) }
            return out.bytes
        }
        var out = JSONText()
        out.reserve(written.reduce(64) { $0 + $1.count })
        out.raw("{\n  \"artifacts\" : [")
        for bytes in written { out.append(bytes) }
        out.raw(entries.isEmpty ? "\n\n  ],\n  \"version\" : " : "\n  ],\n  \"version\" : ")
        out.number(Self.version)
        out.raw("\n}\n")
        return out.bytes
    }
}

extension Manifest.Entry {
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
        field("bytes") { $0.number(bytes) }
        field("contentType") { $0.string(contentType) }
        field("context") { $0.optional(context) }
        if let deepLink { field("deepLink") { $0.string(deepLink) } }
        field("kind") { $0.string(kind) }
        field("locale") { $0.optional(locale) }
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
    /// of every field (256), and its strings.
    var jsonSizeEstimate: Int {
        let strings = [path, kind, contentType, sha256]
        let optional = [locale, template, context, sample, deepLink, alternateLink, note, variant]
        return 256 + strings.reduce(0) { $0 + $1.utf8.count }
            + optional.reduce(0) { $0 + ($1.map { $0.utf8.count + 24 } ?? 0) } + (poolItem == nil ? 0 : 32)
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
