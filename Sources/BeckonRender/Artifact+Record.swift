import BeckonDiagnostics
import BeckonRecords
import BeckonSite

/// An artifact as the build's step cache keeps it (`RecordCodable`). With an `ArtifactByteStore`
/// in the writer's `userInfo` (`Artifact.byteStoreKey`), its bytes are stored there and the record
/// keeps their reference, count and SHA-256: an artifact read back refers to the stored file and
/// reads nothing until its bytes are asked for (a writer copies the file). The provenance map is
/// stored there too, with the keys of the strings it names, and read and decoded when first asked
/// for; without a store, it is kept in the record.
extension Artifact: RecordCodable {
    /// The `userInfo` key that, set to any value without a byte store, has a record writer write
    /// the bytes' count and SHA-256 in their place: the form an artifact's fingerprint is taken
    /// of, where the digest the output needs anyway stands for the bytes (hashed once, not twice).
    /// Such a record is not read back.
    public static let bytesByDigestKey = CodingUserInfoKey(rawValue: "beckon.artifactBytesByDigest")!

    /// The `userInfo` key that, set to any value without a byte store, has a record writer leave
    /// the provenance map out: the form the fingerprint of an artifact in a run that keeps nothing
    /// is taken of (the map follows from the template, locale and sample the bytes were rendered
    /// from). Such a record is not read back.
    public static let provenanceLeftOutKey = CodingUserInfoKey(rawValue: "beckon.artifactProvenanceLeftOut")!

    public func write(to writer: inout RecordWriter) {
        writer.write(path)
        writer.write(kind.rawValue)
        writer.write(locale?.rawValue)
        writer.write(template)
        writer.write(context)
        writer.write(sample)
        writer.write(status)
        writer.write(contentType)
        let store = writer.userInfo[Self.byteStoreKey] as? any ArtifactByteStore
        if let store {
            writer.writeByte(1)
            writer.write(storedBytes(in: store))
            writer.write(byteCount)
            writer.write(sha256)
        } else if writer.userInfo[Self.bytesByDigestKey] != nil {
            writer.writeByte(2)
            writer.write(byteCount)
            writer.write(sha256)
        } else {
            writer.writeByte(0)
            writer.writeBytes(bytes)
        }
        writer.write(deepLink)
        writer.write(origin)
        writer.write(card)
        if store == nil, writer.userInfo[Self.provenanceLeftOutKey] != nil {
            writer.writeByte(3)
        } else if let store {
            if let stored = storedProvenance(in: store) {
                writer.writeByte(2)
                writer.write(stored.reference)
                writer.write(stored.count)
                writer.write(stored.stringKeys)
            } else {
                writer.writeByte(0)
            }
        } else if let provenance = provenanceCacheForm {
            writer.writeByte(1)
            writer.writeBytes(provenance)
        } else {
            writer.writeByte(0)
        }
        writer.write(alternateLink)
        writer.write(note)
        writer.write(variant)
        writer.write(poolItem)
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        let path = try reader.read(String.self)
        guard let kind = ArtifactKind(rawValue: try reader.read(String.self)) else {
            throw RecordError.malformed("no such artifact kind")
        }
        let localeName = try reader.read(String?.self)
        let locale = localeName.flatMap(LocaleID.init)
        guard (localeName == nil) == (locale == nil) else { throw RecordError.malformed("no such locale") }
        self.init(
            path: path, kind: kind, locale: locale, template: try reader.read(String?.self),
            context: try reader.read(String?.self), sample: try reader.read(String?.self),
            status: try reader.read(Int.self), contentType: try reader.read(String.self), bytes: [])
        let store = reader.userInfo[Self.byteStoreKey] as? any ArtifactByteStore
        var storedBytes: String?
        switch try reader.readByte() {
        case 0:
            bytes = Array(try reader.readBytes())
        case 1:
            let reference = try reader.read(String.self)
            let count = try reader.read(Int.self)
            let sha256 = try reader.read(String.self)
            guard let store, let file = store.file(reference, count: count)
            else { throw RecordError.malformed("the artifact's stored bytes are gone") }
            readBytes(from: file.folder, file: file.file, count: count, sha256: sha256)
            storedBytes = reference
        default:
            throw RecordError.malformed("no such byte encoding")
        }
        deepLink = try reader.read(String?.self)
        // `init` derives an origin from the template when there is none; keep what was stored.
        origin = try reader.read(SourceLocation?.self)
        card = try reader.read(CardFacts?.self)
        var storedProvenance: (reference: String, count: Int, stringKeys: [String])?
        switch try reader.readByte() {
        case 0: break
        case 1: setStoredProvenance(StoredProvenance(bytes: Array(try reader.readBytes())))
        case 2:
            let reference = try reader.read(String.self)
            let count = try reader.read(Int.self)
            let keys = try reader.read([String].self)
            guard let store, let file = store.file(reference, count: count)
            else { throw RecordError.malformed("the artifact's stored provenance is gone") }
            setStoredProvenance(StoredProvenance(folder: file.folder, file: file.file, count: count, stringKeys: keys))
            storedProvenance = (reference, count, keys)
        default: throw RecordError.malformed("no such provenance encoding")
        }
        if let store, storedBytes != nil || storedProvenance != nil {
            rememberStored(in: store, bytes: storedBytes, provenance: storedProvenance)
        }
        alternateLink = try reader.read(String?.self)
        note = try reader.read(String?.self)
        variant = try reader.read(String?.self)
        poolItem = try reader.read(Int?.self)
    }
}

extension CardFacts: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        writer.write(titleOverflowed)
        writer.write(texts)
        writer.write(titleSource)
        writer.write(titleEndsInWidow)
        writer.write(shortenedTitle)
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        self.init(
            titleOverflowed: try reader.read(Bool.self), texts: try reader.read([Text].self),
            titleSource: try reader.read(SourceLocation?.self))
        titleEndsInWidow = try reader.read(Bool?.self)
        shortenedTitle = try reader.read(String?.self)
    }
}

extension CardFacts.Text: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        writer.write(role)
        Self.write(color, to: &writer)
        writer.writeCount(backgrounds.count)
        for background in backgrounds { Self.write(background, to: &writer) }
        writer.write(isLarge)
        writer.write(colorSource)
        writer.write(backgroundSources)
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        let role = try reader.read(String.self)
        let color = try Self.readColor(&reader)
        var backgrounds: [Color] = []
        for _ in 0..<(try reader.readCount()) { backgrounds.append(try Self.readColor(&reader)) }
        self.init(
            role: role, color: color, backgrounds: backgrounds, isLarge: try reader.read(Bool.self),
            colorSource: try reader.read(SourceLocation?.self),
            backgroundSources: try reader.read([SourceLocation].self))
    }

    private static func write(_ color: Color, to writer: inout RecordWriter) {
        writer.write(color.red)
        writer.write(color.green)
        writer.write(color.blue)
        writer.write(color.alpha)
    }

    private static func readColor(_ reader: inout RecordReader) throws(RecordError) -> Color {
        Color(
            red: try reader.read(UInt8.self), green: try reader.read(UInt8.self), blue: try reader.read(UInt8.self),
            alpha: try reader.read(Double.self))
    }
}
