import BeckonRecords

/// A fingerprint in a record: its 16 bytes as two fixed-width words.
extension Fingerprint: RecordCodable {
    public func write(to writer: inout RecordWriter) {
        writer.writeFixed(high)
        writer.writeFixed(low)
    }

    public init(from reader: inout RecordReader) throws(RecordError) {
        self.init(high: try reader.readFixed(), low: try reader.readFixed())
    }
}
