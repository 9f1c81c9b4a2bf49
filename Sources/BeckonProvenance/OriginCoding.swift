import BeckonDiagnostics
import Foundation

/// The compact byte form an origin takes in a stored provenance map (`ProvenanceMap.encoded()`):
/// its fields joined by U+001F.
enum OriginCoding {
    private static let separator: UInt8 = 0x1F

    /// Appends an origin's bytes to `bytes`, field by field (every rendered page's map holds
    /// tens of origins: no array is made for one).
    static func encode(_ origin: Origin, into bytes: inout [UInt8]) {
        bytes += origin.kind.rawValue.utf8
        bytes.append(separator)
        bytes += origin.location.file.utf8
        bytes.append(separator)
        // Small strings: the numbers are not allocated.
        bytes += String(origin.location.line).utf8
        bytes.append(separator)
        bytes += String(origin.location.column).utf8
        bytes.append(separator)
        if let key = origin.key { bytes += key.utf8 }
        bytes.append(separator)
        if let locale = origin.locale { bytes += locale.utf8 }
    }

    /// Decoded origins by their bytes: maps read back from the on-disk cache name the same few
    /// origins thousands of times, and each is decoded once.
    private static let known = SharedOrigins()

    /// The origin a payload names, decoded once per process (`decode`).
    static func shared(_ bytes: [UInt8]) -> Origin? {
        if let origin = known[bytes] { return origin }
        guard let origin = decode(bytes[...]) else { return nil }
        known[bytes] = origin
        return origin
    }

    /// The key of an origin of `kind`, read straight from its bytes; `nil` for an origin of
    /// another kind or without a key.
    static func key(_ bytes: ArraySlice<UInt8>, ofKind kind: Origin.Kind) -> String? {
        let fields = bytes.split(separator: separator, maxSplits: 5, omittingEmptySubsequences: false)
        guard fields.count == 6, fields[0].elementsEqual(kind.rawValue.utf8), !fields[4].isEmpty else { return nil }
        return String(decoding: fields[4], as: UTF8.self)
    }

    static func decode(_ bytes: ArraySlice<UInt8>) -> Origin? {
        let fields = bytes.split(separator: separator, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard fields.count == 6, let kind = Origin.Kind(rawValue: fields[0]), let line = Int(fields[2]),
            let column = Int(fields[3])
        else { return nil }
        return Origin(
            kind, at: SourceLocation(file: fields[1], line: line, column: column),
            key: fields[4].isEmpty ? nil : fields[4], locale: fields[5].isEmpty ? nil : fields[5])
    }
}

/// A map from payload bytes to decoded origins, safe on any thread; emptied when it grows past a
/// limit (a long preview session that decodes ever new lines).
private final class SharedOrigins: @unchecked Sendable {
    private static let limit = 100_000
    private let lock = NSLock()
    private var origins: [[UInt8]: Origin] = [:]

    subscript(bytes: [UInt8]) -> Origin? {
        get { lock.withLock { origins[bytes] } }
        set {
            lock.withLock {
                if origins.count >= Self.limit { origins.removeAll() }
                origins[bytes] = newValue
            }
        }
    }
}
