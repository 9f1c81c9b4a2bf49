import BeckonRecords

/// A locale's status as the build's step cache keeps it (`RecordCodable`): every field, in order.
extension LocaleStatus: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        writer.write(locale)
        for count in [total, translated, missing, fallback] { writer.write(count) }
        let sources = fallbackFrom.keys.sorted()
        writer.write(sources)
        writer.write(sources.map { fallbackFrom[$0] ?? 0 })
        for count in [stale, overLimit, findings, progress, approved, needsWork] { writer.write(count) }
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        locale = try reader.read(String.self)
        total = try reader.read(Int.self)
        translated = try reader.read(Int.self)
        missing = try reader.read(Int.self)
        fallback = try reader.read(Int.self)
        let sources = try reader.read([String].self)
        let counts = try reader.read([Int].self)
        guard sources.count == counts.count else { throw RecordError.malformed("a fallback locale without a count") }
        fallbackFrom = Dictionary(zip(sources, counts), uniquingKeysWith: { $1 })
        stale = try reader.read(Int.self)
        overLimit = try reader.read(Int.self)
        findings = try reader.read(Int.self)
        progress = try reader.read(Int.self)
        approved = try reader.read(Int.self)
        needsWork = try reader.read(Int.self)
    }
}
